/**
 * In-memory state shared by both HTTP servers: tables of records (live or deleted) and webhooks
 * with their events. Everything is seeded through the methods here; the HTTP layer only reads it.
 */
import { emptyValue } from './fieldTypes';
import {
	EMULATOR_USER_ID,
	TABLE_STRUCTURE,
	activeSystemStatus,
	baseRecord,
	fieldTypesStructure,
	hexId,
	inventChange,
	makeMember,
	makeRecord,
	makeSolution,
	makeTable,
	makeWebhook,
	pickRandom,
} from './fixtures';
import type {
	CommentObject,
	EventObject,
	LocatorObject,
	MemberObject,
	NewEvent,
	RecordObject,
	SolutionObject,
	TableObject,
	TagObject,
	TeamObject,
	Variant,
	ViewObject,
	WebhookObject,
} from './types';

/**
 * An element of a webhook's `events` list served verbatim: what the API should never send
 * (null, a number, an event without an id, a nesting deeper than JSON.stringify can write).
 */
export class RawElement {
	constructor(readonly json: string) {}
}

export interface StoredRecord {
	record: RecordObject;
	deleted: boolean;
}

/** A change made through the records API, as its webhook event tells it. */
export interface RecordChange {
	kind: 'RECORD_CREATED' | 'RECORD_UPDATED' | 'RECORD_DELETED';
	/** The whole record after the change (computed fields included). */
	record: RecordObject;
	/** Fields written (creation) or changed (update); none for a deletion. */
	changed: string[];
	/** Prior values of the changed fields (updates). */
	previous: Record<string, unknown>;
}

/** An event to append: what a caller gives (NewEvent), or a change made through the records API. */
interface EventSpec extends NewEvent {
	/** The event's data as it is (no merging with earlier events). */
	record?: RecordObject;
	source?: string;
}

export interface IssuedToken {
	/** The token is a cursor: the next page starts after this sequence number. */
	afterSequence: number;
	issuedAtMs: number;
	/** Value of `Store.tokenGeneration` at issue; `expireTokens()` moves the generation on. */
	generation: number;
}

export interface WebhookState {
	webhook: WebhookObject;
	/** In append order; events[i] has sequence `baseSequence + i + 1`, so paging is O(page). */
	events: Array<EventObject | RawElement>;
	baseSequence: number;
	/** Page tokens handed out for this webhook (token string → cursor). */
	tokens: Map<string, IssuedToken>;
	/** Latest data of every record seen in this webhook's events, so updates build on it. */
	latestData: Map<string, Record<string, unknown>>;
	liveRecordIds: string[];
	lastEventMs: number;
	autonumber: number;
	locators: Map<string, LocatorObject>;
	eventLocator: LocatorObject;
	/** Table used for generated events when the filter names none (solution-level filter). */
	solutionTableId: string;
	/** Last ListEvents call (or creation), on the emulator's clock: the 7-day rule counts from it. */
	lastReadMs: number;
	/** Disabled by the 7-day rule (a ListEvents call enables it again), not by a control. */
	idleDisabled: boolean;
	/** The notification URL last registered, kept while notifications are off. */
	notificationUrl?: string;
}

/** Events of one `appendEvents` call are grouped into batches of this size (ctx.batch_*). */
const BATCH_SIZE = 10;
/** Share of RECORD_CREATED events when events are generated from a count. */
const CREATION_SHARE = 0.2;

export class Store {
	private readonly tables = new Map<string, Map<string, StoredRecord>>();
	private readonly autonumbers = new Map<string, number>();
	readonly members: MemberObject[] = [0, 1, 2].map((n) => makeMember(n));
	readonly teams: TeamObject[] = [];
	/** Comments of every record, oldest first (test/emulator/comments.ts). */
	readonly comments: CommentObject[] = [];
	/** The tag pools: the workspace's public tags (solution null) and each solution's private ones. */
	readonly tags: TagObject[] = [];
	readonly webhooks = new Map<string, WebhookState>();
	readonly solutions: SolutionObject[] = [];
	/** Tables ("applications") of the seeded solutions, in creation order. */
	readonly applications: TableObject[] = [];
	/** Views of the seeded tables (views.ts), in creation order. */
	readonly views: ViewObject[] = [];
	tokenGeneration = 0;
	/** Told after events are appended to a webhook (the notifier pings its URL). */
	onAppend?: (webhookId: string, count: number) => void;

	constructor(
		readonly workspaceId: string,
		public variant: Variant,
	) {}

	// --- records ---------------------------------------------------------------------------

	/**
	 * Seeds a record. A table with the usual fields (or one not seeded) gets makeRecord's values;
	 * another seeded table gets the system fields and its structure's empty values.
	 */
	addRecord(tableId: string, fields: Partial<RecordObject> = {}, deleted = false): RecordObject {
		const autonumber = this.nextAutonumber(tableId);
		const deletion = deleted
			? {
					deleted_date: {
						date: new Date(Date.now() - 3_600_000).toISOString(),
						include_time: true,
					},
					deleted_by: EMULATOR_USER_ID,
				}
			: {};
		const table = this.table(tableId);
		const record =
			!table || table.structure === TABLE_STRUCTURE
				? makeRecord(tableId, autonumber, { ...deletion, ...fields })
				: baseRecord(tableId, autonumber, { ...emptyValues(table), ...deletion, ...fields });
		this.recordsOf(tableId).set(record.id, { record, deleted });
		return record;
	}

	nextAutonumber(tableId: string): number {
		const autonumber = (this.autonumbers.get(tableId) ?? 0) + 1;
		this.autonumbers.set(tableId, autonumber);
		return autonumber;
	}

	getRecord(tableId: string, recordId: string): RecordObject | undefined {
		return this.tables.get(tableId)?.get(recordId)?.record;
	}

	/** Stored records of a table (live and deleted), in creation order; made empty when unknown. */
	recordsOf(tableId: string): Map<string, StoredRecord> {
		let records = this.tables.get(tableId);
		if (!records) this.tables.set(tableId, (records = new Map()));
		return records;
	}

	table(tableId: string): TableObject | undefined {
		return this.applications.find((candidate) => candidate.id === tableId);
	}

	/** Restores a deleted record; undefined when it is unknown or not deleted (the API's 404). */
	restoreRecord(tableId: string, recordId: string): RecordObject | undefined {
		const stored = this.tables.get(tableId)?.get(recordId);
		if (!stored?.deleted) return undefined;
		stored.deleted = false;
		stored.record = {
			...stored.record,
			title: `${stored.record.title} (Restored)`,
			last_updated: { on: new Date().toISOString(), by: EMULATOR_USER_ID },
			deleted_date: { date: null, include_time: false },
			deleted_by: null,
		};
		return stored.record;
	}

	/** Deletes a record again (as a user would in the app); undefined when unknown or already deleted. */
	deleteRecord(tableId: string, recordId: string): RecordObject | undefined {
		const stored = this.tables.get(tableId)?.get(recordId);
		if (!stored || stored.deleted) return undefined;
		stored.deleted = true;
		stored.record = {
			...stored.record,
			title: stored.record.title.replace(/ \(Restored\)$/, ''),
			...deletionAt(Date.now()),
		};
		return stored.record;
	}

	// --- solutions and tables --------------------------------------------------------------

	addSolution(fields: Partial<SolutionObject> = {}): SolutionObject {
		const solution = makeSolution(this.solutions.length, fields);
		this.solutions.push(solution);
		return solution;
	}

	addTable(solutionId: string, fields: Partial<TableObject> = {}): TableObject {
		if (!this.solutions.some((solution) => solution.id === solutionId))
			throw new Error(`emulator: unknown solution ${solutionId}`);
		const order = this.applications.filter((table) => table.solution === solutionId).length;
		const table = makeTable(solutionId, order, fields);
		this.applications.push(table);
		return table;
	}

	addFieldTypesTable(solutionId: string, fields: Partial<TableObject> = {}): TableObject {
		const id = fields.id ?? hexId();
		return this.addTable(solutionId, {
			name: 'Field Types',
			structure: fieldTypesStructure(id),
			...fields,
			id,
		});
	}

	addTag(
		label: string,
		{ solutionId = null, id = hexId() }: { solutionId?: string | null; id?: string } = {},
	): TagObject {
		const tag = { id, label, solution: solutionId };
		this.tags.push(tag);
		return tag;
	}

	addMember(fields: Partial<MemberObject> = {}): MemberObject {
		const member = makeMember(this.members.length, fields);
		this.members.push(member);
		return member;
	}

	/**
	 * Removes a member from the workspace as SmartSuite does: the members list keeps it, with
	 * `deleted_date.date` set (SmartSuite's member reference; live clients of the list filter on it).
	 */
	removeMember(memberId: string): MemberObject {
		const member = this.members.find((candidate) => candidate.id === memberId);
		if (!member) throw new Error(`emulator: unknown member ${memberId}`);
		member.deleted_date = { date: new Date().toISOString(), by: EMULATOR_USER_ID };
		return member;
	}

	/** A team; each of its members lists it in `teams`, as SmartSuite's member object does. */
	addTeam(fields: Partial<TeamObject> = {}): TeamObject {
		const team: TeamObject = {
			id: hexId(),
			application_slug: 'teams',
			name: `Team ${this.teams.length + 1}`,
			type: '2',
			status: { value: '1' },
			owners: [EMULATOR_USER_ID],
			members: [],
			...fields,
		};
		this.teams.push(team);
		for (const member of this.members)
			if (team.members.includes(member.id))
				member.teams = [...((member.teams as string[] | undefined) ?? []), team.id];
		return team;
	}

	/**
	 * Changes made through the records API: every webhook watching the table gets one event per
	 * change it watches, all of them one batch (the request), timed now, source "api".
	 */
	raiseRecordEvents(table: TableObject, changes: RecordChange[]): EventObject[] {
		const raised: EventObject[] = [];
		for (const state of this.webhooks.values()) {
			const specs: EventSpec[] = changes
				.map((change) => ({
					kind: change.kind,
					recordId: change.record.id,
					applicationId: table.id,
					data: pick(change.record, change.changed),
					previous: change.previous,
					record: change.record,
					source: 'api',
				}))
				.filter((spec) => watches(state.webhook, table, spec));
			if (specs.length > 0)
				raised.push(
					...this.appendEvents(state.webhook.webhook_id, specs, {
						batchSize: specs.length,
						spacingMs: 0,
					}),
				);
		}
		return raised;
	}

	/** Appends each change to every webhook that watches the table and the change's kind. */
	recordChanges(tableId: string, changes: NewEvent[]): EventObject[] {
		const table = this.table(tableId);
		if (!table) throw new Error(`emulator: unknown table ${tableId}`);
		const appended: EventObject[] = [];
		for (const change of changes) {
			const spec = { ...change, applicationId: tableId, recordId: change.recordId ?? hexId() };
			for (const state of this.webhooks.values()) {
				if (watches(state.webhook, table, spec))
					appended.push(...this.appendEvents(state.webhook.webhook_id, [spec]));
			}
		}
		return appended;
	}

	// --- webhooks --------------------------------------------------------------------------

	createWebhook(fields: Partial<WebhookObject> = {}): WebhookObject {
		const webhook = makeWebhook(this.workspaceId, fields);
		this.webhooks.set(webhook.webhook_id, {
			webhook,
			events: [],
			// Real tokens look like "8991625": start sequences in that range.
			baseSequence: 8_990_000 + Math.floor(Math.random() * 10_000),
			tokens: new Map(),
			latestData: new Map(),
			liveRecordIds: [],
			lastEventMs: 0,
			autonumber: 0,
			locators: new Map(),
			eventLocator: {
				account_id: webhook.locator.account_id,
				solution_id: webhook.locator.solution_id,
			},
			solutionTableId: hexId(),
			lastReadMs: Date.now(),
			idleDisabled: false,
			notificationUrl:
				'enabled' in webhook.notification_status
					? webhook.notification_status.enabled.url
					: undefined,
		});
		return webhook;
	}

	webhookState(webhookId: string): WebhookState {
		const state = this.webhooks.get(webhookId);
		if (!state) throw new Error(`emulator: unknown webhook ${webhookId}`);
		return state;
	}

	deleteWebhook(webhookId: string): boolean {
		return this.webhooks.delete(webhookId);
	}

	setWebhookStatus(
		webhookId: string,
		status: {
			system?: 'enabled' | 'disabled';
			notifications?: 'enabled' | 'disabled' | { url: string };
		},
	): void {
		const state = this.webhookState(webhookId);
		const { webhook } = state;
		if (status.system) {
			webhook.system_status = status.system === 'enabled' ? activeSystemStatus() : { disabled: {} };
			state.idleDisabled = false;
			if (status.system === 'enabled') state.lastReadMs = Date.now();
		}
		const { notifications } = status;
		if (notifications === 'disabled') webhook.notification_status = { disabled: {} };
		else if (notifications !== undefined) {
			const url =
				notifications === 'enabled'
					? (state.notificationUrl ?? 'https://example.com/hooks/smartsuite')
					: notifications.url;
			this.setNotificationUrl(state, url);
		}
	}

	/** Notifications on, to this URL. */
	setNotificationUrl(state: WebhookState, url: string): void {
		state.webhook.notification_status = { enabled: { url } };
		state.notificationUrl = url;
	}

	// --- events ----------------------------------------------------------------------------

	/**
	 * A count generates a realistic mix: mostly title/status updates, some creations. Events are
	 * `spacingMs` apart, the last one now, in batches of `batchSize` (ctx.batch_*).
	 */
	appendEvents(
		webhookId: string,
		events: EventSpec[] | number,
		{ batchSize = BATCH_SIZE, spacingMs = 1000 } = {},
	): EventObject[] {
		const state = this.webhookState(webhookId);
		const count = typeof events === 'number' ? events : events.length;
		const startMs = Date.now() - (count - 1) * spacingMs;
		const appended: EventObject[] = [];
		let batch = { id: '', size: 0 };
		for (let i = 0; i < count; i++) {
			const spec =
				typeof events === 'number'
					? {
							kind:
								state.liveRecordIds.length === 0 || Math.random() < CREATION_SHARE
									? 'RECORD_CREATED'
									: 'RECORD_UPDATED',
						}
					: events[i];
			if (i % batchSize === 0) batch = { id: hexId(), size: Math.min(batchSize, count - i) };
			state.lastEventMs = Math.max(state.lastEventMs + 1, startMs + i * spacingMs);
			const event = this.buildEvent(state, spec, state.lastEventMs, batch);
			state.events.push(event);
			appended.push(event);
		}
		if (count > 0) this.onAppend?.(webhookId, count);
		return appended;
	}

	/** Appends elements served as these JSON texts, in order. */
	appendRawElements(webhookId: string, jsonTexts: string[]): void {
		const state = this.webhookState(webhookId);
		for (const json of jsonTexts) state.events.push(new RawElement(json));
		if (jsonTexts.length > 0) this.onAppend?.(webhookId, jsonTexts.length);
	}

	private buildEvent(
		state: WebhookState,
		spec: EventSpec,
		atMs: number,
		batch: { id: string; size: number },
	): EventObject {
		const kind = spec.kind ?? 'RECORD_UPDATED';
		const isCreation = kind === 'RECORD_CREATED';
		const recordId =
			spec.recordId ??
			(isCreation || state.liveRecordIds.length === 0 ? hexId() : pickRandom(state.liveRecordIds));
		const current = isCreation ? undefined : state.latestData.get(recordId);
		const applicationId =
			spec.applicationId ??
			(current?.application_id as string | undefined) ??
			defaultApplicationId(state);
		const changes = spec.data ?? (current ? changeFor(kind, current, atMs) : {});
		const on = new Date(atMs).toISOString();
		const data =
			spec.record ??
			(current
				? { ...current, last_updated: { on, by: EMULATOR_USER_ID }, ...changes }
				: makeRecord(applicationId, ++state.autonumber, { id: recordId, ...changes }, atMs));
		const previous =
			spec.previous ??
			(kind === 'RECORD_UPDATED' && current ? pick(current, Object.keys(changes)) : {});

		if (kind === 'RECORD_DELETED') {
			state.latestData.delete(recordId);
			state.liveRecordIds = state.liveRecordIds.filter((id) => id !== recordId);
		} else {
			if (!state.latestData.has(recordId)) state.liveRecordIds.push(recordId);
			state.latestData.set(recordId, data);
		}

		const sequence = state.baseSequence + state.events.length + 1;
		return {
			webhook_id: state.webhook.webhook_id,
			locator: state.eventLocator,
			event_id: `${state.webhook.webhook_id}.${sequence}`,
			kind,
			event_at: on,
			record_event_data: {
				record_id: recordId,
				locator: locatorFor(state, applicationId),
				data,
				previous,
			},
			ctx: {
				change_id: hexId(),
				change_size: Math.max(1, Object.keys(changes).length),
				batch_id: batch.id,
				batch_size: batch.size,
				source: spec.source ?? 'ui',
				handler: kind.toLowerCase(),
			},
		};
	}
}

/**
 * Whether SmartSuite would record this change of `table` for the webhook (filter and kinds). A
 * webhook whose system_status is disabled (expired) records nothing new: an assumption, SmartSuite
 * does not document it (notifications that are off do not stop collecting; that is documented).
 */
function watches(webhook: WebhookObject, table: TableObject, change: NewEvent): boolean {
	if ('disabled' in webhook.system_status) return false;
	if (!webhook.kinds.includes(change.kind ?? 'RECORD_UPDATED')) return false;
	if (webhook.locator.solution_id !== table.solution) return false;
	const filter = webhook.filter as {
		solution?: object;
		applications?: { application_ids?: string[] };
		application?: { application_id?: string; field_ids?: string[] };
	};
	if (filter.solution) return true;
	if (filter.applications) return filter.applications.application_ids?.includes(table.id) ?? false;
	if (filter.application?.application_id !== table.id) return false;
	// A field filter: updates count only when they change a watched field.
	const fields = filter.application.field_ids ?? [];
	if ((change.kind ?? 'RECORD_UPDATED') !== 'RECORD_UPDATED' || fields.length === 0 || !change.data)
		return true;
	return Object.keys(change.data).some((field) => fields.includes(field));
}

/** Every field of the structure at its empty value (system fields come from baseRecord). */
export function emptyValues(table: TableObject): Record<string, unknown> {
	const values: Record<string, unknown> = {};
	for (const field of table.structure) {
		const empty = emptyValue(field);
		if (empty !== undefined) values[field.slug] = empty;
	}
	return values;
}

function deletionAt(atMs: number): Record<string, unknown> {
	return {
		deleted_date: { date: new Date(atMs).toISOString(), include_time: true },
		deleted_by: EMULATOR_USER_ID,
	};
}

/** What an event of this kind changes when the caller gives no data. */
function changeFor(
	kind: string,
	current: Record<string, unknown>,
	atMs: number,
): Record<string, unknown> {
	if (kind === 'RECORD_UPDATED') return inventChange(current, atMs);
	if (kind === 'RECORD_DELETED') return deletionAt(atMs);
	return {};
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
	const picked: Record<string, unknown> = {};
	for (const key of keys) picked[key] = source[key];
	return picked;
}

/** The table events are about when the caller names none: the first one the filter watches. */
function defaultApplicationId(state: WebhookState): string {
	const filter = state.webhook.filter as {
		applications?: { application_ids?: string[] };
		application?: { application_id?: string };
	};
	const id: string | undefined =
		filter.applications?.application_ids?.[0] ??
		filter.application?.application_id ??
		state.webhook.locator.application_id;
	return id ?? state.solutionTableId;
}

/** Locators are shared by all events of a table (cheap seeding, identical JSON). */
function locatorFor(state: WebhookState, applicationId: string): LocatorObject {
	let locator = state.locators.get(applicationId);
	if (!locator) {
		locator = { ...state.eventLocator, application_id: applicationId };
		state.locators.set(applicationId, locator);
	}
	return locator;
}
