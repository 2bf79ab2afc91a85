/**
 * Realistic SmartSuite-shaped data (spec 2.1 and 2.3): ids, record shapes, webhook objects.
 * Objects built here are shared between events where nothing changed (no deep copies), so
 * seeding 100,000 events stays cheap. Treat everything the emulator hands out as read-only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FieldObject, RecordObject, SolutionObject, TableObject, WebhookObject } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
export const WEBHOOK_LIFETIME_MS = 7 * DAY_MS;

/** Random bytes are drawn in bulk: one draw per id made seeding 100,000 events slow. */
const randomPool: { bytes: Buffer; offset: number } = { bytes: Buffer.alloc(0), offset: 0 };

/** Table, record, solution and user ids are 24-character hex strings. */
export function hexId(): string {
	if (randomPool.offset + 12 > randomPool.bytes.length) {
		randomPool.bytes = randomBytes(12 * 4096);
		randomPool.offset = 0;
	}
	randomPool.offset += 12;
	return randomPool.bytes.toString('hex', randomPool.offset - 12, randomPool.offset);
}

export const EMULATOR_USER_ID = '64b7c0e5f1a2b3c4d5e6f7a8';
export const EMULATOR_USER_NAME = 'Alex Morgan';

/** Slugs of the custom fields every emulated table has (spec 2.1: one property per field slug). */
export const CUSTOM_FIELDS = {
	/** A date-type field: `{ date, include_time }`. */
	launchDate: 'sdd4f7a2c1',
	/** Array fields (element shapes are not shown in the spec, so they stay empty). */
	tags: 's81c0b3e9a',
	linkedTasks: 'sa4e19c7d2',
} as const;

export const STATUS_VALUES = ['backlog', 'in_progress', 'ready_for_review', 'complete'] as const;

const TITLES = [
	'Q3 launch plan',
	'Vendor contract review',
	'Onboarding checklist',
	'Website refresh',
	'Customer feedback triage',
	'Budget forecast FY25',
	'Security audit follow-up',
	'Hiring plan: support team',
	'Partner webinar',
	'Release notes 2.4',
];

export function sampleTitle(n: number): string {
	return TITLES[n % TITLES.length];
}

export function pickRandom<T>(items: readonly T[]): T {
	return items[Math.floor(Math.random() * items.length)];
}

/** Date-only values are midnight UTC, as SmartSuite stores them. */
function dayIso(ms: number): string {
	return new Date(ms - (ms % DAY_MS)).toISOString();
}

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function richText(text: string) {
	return {
		data: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
		html: `<div class="rendered"><p>${escapeHtml(text)}</p></div>`,
		preview: text,
		yjsData: null,
	};
}

/** Lexicographic sort key like SmartSuite's `ranking.default` ("aaaaaaaaab"). */
function rankKey(n: number): string {
	let key = '';
	for (let i = 0; i < 10; i++, n = Math.floor(n / 26)) key = String.fromCharCode(97 + (n % 26)) + key;
	return key;
}

/** A full record (spec 2.1), not deleted; `fields` override any property. */
export function makeRecord(tableId: string, autonumber: number, fields: Partial<RecordObject> = {}, atMs = Date.now()): RecordObject {
	const on = new Date(atMs).toISOString();
	const title = typeof fields.title === 'string' ? fields.title : sampleTitle(autonumber);
	return {
		id: hexId(),
		title,
		description: richText(`Notes for "${title}".`),
		assigned_to: [],
		status: { value: 'backlog', updated_on: on },
		due_date: {
			from_date: { date: null, include_time: false },
			to_date: { date: dayIso(atMs + 14 * DAY_MS), include_time: false },
			is_overdue: false,
			status_is_completed: false,
			status_updated_on: on,
		},
		priority: '',
		first_created: { on, by: EMULATOR_USER_ID },
		last_updated: { on, by: EMULATOR_USER_ID },
		followed_by: [],
		comments_count: 0,
		autonumber,
		application_slug: `s${tableId.slice(0, 7)}`,
		application_id: tableId,
		ranking: { default: rankKey(autonumber) },
		deleted_date: { date: null, include_time: false },
		deleted_by: null,
		[CUSTOM_FIELDS.launchDate]: { date: dayIso(atMs + 30 * DAY_MS), include_time: false },
		[CUSTOM_FIELDS.tags]: [],
		[CUSTOM_FIELDS.linkedTasks]: [],
		...fields,
	};
}

/** A realistic edit of a record (title or status), as an update event carries it. */
export function inventChange(current: Record<string, unknown>, atMs: number): Record<string, unknown> {
	const on = new Date(atMs).toISOString();
	if (Math.random() < 0.5) {
		const title = String(current.title ?? '');
		return { title: title.endsWith(' (edited)') ? title.slice(0, -' (edited)'.length) : `${title} (edited)` };
	}
	const previousValue = (current.status as { value?: string } | undefined)?.value;
	const value = pickRandom(STATUS_VALUES.filter((s) => s !== previousValue));
	return { status: { value, updated_on: on } };
}

export function activeSystemStatus(nowMs = Date.now()): WebhookObject['system_status'] {
	return { enabled: { expires_at: new Date(nowMs + WEBHOOK_LIFETIME_MS).toISOString() } };
}

export function makeWebhook(workspaceId: string, fields: Partial<WebhookObject> = {}): WebhookObject {
	const at = new Date().toISOString();
	return {
		webhook_id: randomUUID(),
		locator: { account_id: workspaceId, solution_id: hexId() },
		filter: { applications: { application_ids: [hexId()] } },
		kinds: ['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED'],
		created_at: { by: EMULATOR_USER_NAME, at },
		updated_at: { by: EMULATOR_USER_NAME, at },
		notification_status: { disabled: {} },
		system_status: activeSystemStatus(),
		...fields,
	};
}

const SOLUTION_NAMES = ['Project Management', 'Sales CRM', 'Content Calendar', 'IT Requests', 'Hiring Pipeline'];
const TABLE_NAMES = ['Projects', 'Tasks', 'Deals', 'Contacts', 'Articles', 'Tickets'];

export function makeSolution(n: number, fields: Partial<SolutionObject> = {}): SolutionObject {
	const id = fields.id ?? hexId();
	return {
		id,
		name: SOLUTION_NAMES[n % SOLUTION_NAMES.length],
		slug: `s${id.slice(0, 7)}`,
		logo_icon: 'overline',
		logo_color: '#3A86FF',
		status: 'in_development',
		hidden: false,
		...fields,
	};
}

/** The fields of every emulated table (system fields and the custom ones of `makeRecord`). */
const TABLE_STRUCTURE: FieldObject[] = [
	{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: {} },
	{ slug: 'status', label: 'Status', field_type: 'statusfield', params: {} },
	{ slug: 'due_date', label: 'Due Date', field_type: 'duedatefield', params: {} },
	{ slug: 'assigned_to', label: 'Assigned To', field_type: 'userfield', params: {} },
	{ slug: CUSTOM_FIELDS.launchDate, label: 'Launch Date', field_type: 'datefield', params: {} },
	{ slug: CUSTOM_FIELDS.tags, label: 'Tags', field_type: 'tagsfield', params: {} },
	{ slug: CUSTOM_FIELDS.linkedTasks, label: 'Linked Tasks', field_type: 'linkedrecordfield', params: {} },
];

export function makeTable(solutionId: string, order: number, fields: Partial<TableObject> = {}): TableObject {
	const id = fields.id ?? hexId();
	return {
		id,
		name: TABLE_NAMES[order % TABLE_NAMES.length],
		solution: solutionId,
		slug: `s${id.slice(0, 7)}`,
		order,
		structure: TABLE_STRUCTURE,
		...fields,
	};
}
