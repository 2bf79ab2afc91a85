/**
 * "Create a webhook for me": the trigger finds or creates the webhook for the scope the user
 * picked, keeps its id in the node's state, and reads it as it reads any webhook.
 *
 * It obeys the state rule of cursor.ts (only state saved with the items it describes counts):
 * - The webhook's id is remembered with the cursor, by the poll that read it. A poll that returns
 *   nothing may lose that; then the webhook is found again by its scope.
 * - A webhook of the trigger's scope holds only events of changes made after it was created, so
 *   when no position in it is known, it is read from its first event: nothing on it is skipped,
 *   and an event is emitted again only if n8n lost the state saved with it, which it never does.
 * - A webhook is created only after a complete search of the solution's webhooks found none of
 *   the scope; an unfinished search is an error and creates nothing. Of several, the oldest is
 *   taken (then the smallest id), the same one on every restart.
 * - A webhook created by a poll that then fails is deleted again (a failed activation leaves none).
 * - Gone (deleted, expired) or disabled: replaced by one of the same scope. A disabled webhook is
 *   read to its end first, then deleted; it is noticed by a GetWebhook at most once a day.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { createWebhook, deleteWebhook, listWebhooksPage } from '../shared/directory';
import type { Scope } from '../shared/scope';
import { KINDS, readScope, webhookToCreate } from '../shared/scope';
import { credentialsOf, isJsonObject } from '../shared/transport';
import { isWebhookGone, webhookApi } from './api';
import type { PollClock } from './limits';

type PollOutput = INodeExecutionData[][] | null;
/** One poll's read of a webhook: its items, and whether it read to the end of the stream. */
export interface WebhookRead {
	output: PollOutput;
	reachedEnd: boolean;
}
/**
 * Reads the events of one webhook: the trigger's poll for a given webhook id. `managed`: a
 * webhook of the trigger's scope, read from its first event when no position in it is saved.
 */
export type PollWebhook = (this: IPollFunctions, webhookId: string, clock: PollClock, managed: boolean) => Promise<WebhookRead>;

/** What the managed webhook must watch: its scope and kinds. */
interface Wanted extends Scope {
	kinds: string[];
}

/** Most ListWebhooks pages read when looking for the webhook (100 webhooks a page). */
const MAX_LOOKUP_PAGES = 20;
/** How often the remembered webhook is checked with GetWebhook (it may have been disabled). */
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Ids and kinds sorted: two webhooks that watch the same things have the same fingerprint. */
function fingerprint(solutionId: string, filter: unknown, kinds: unknown): string {
	const sorted = (value: unknown) => (Array.isArray(value) ? value.map(String).sort() : []);
	const f = isJsonObject(filter) ? filter : {};
	let watched: unknown = 'unknown';
	if (isJsonObject(f.applications)) watched = { tables: sorted(f.applications.application_ids) };
	else if (isJsonObject(f.application)) {
		watched = { table: String(f.application.application_id), fields: sorted(f.application.field_ids) };
	} else if (isJsonObject(f.solution)) watched = 'solution';
	return JSON.stringify({ solutionId, watched, kinds: [...new Set(sorted(kinds))] });
}

const fingerprintOf = (wanted: Wanted) => fingerprint(wanted.solutionId, wanted.filter, wanted.kinds);

function readWanted(context: IPollFunctions): Wanted {
	const scope = readScope(context.getNode(), (name, fallback) => context.getNodeParameter(name, fallback, { extractValue: true }));
	const events = context.getNodeParameter('events', []) as string[];
	return { ...scope, kinds: events.length > 0 ? events : KINDS.map((kind) => kind.value) };
}

const isDisabled = (webhook: IDataObject) => isJsonObject(webhook.system_status) && 'disabled' in webhook.system_status;

/** When the webhook was created (ms); webhooks without a readable time sort last. */
function createdAt(webhook: IDataObject): number {
	const at = isJsonObject(webhook.created_at) ? Date.parse(String(webhook.created_at.at)) : NaN;
	return Number.isNaN(at) ? Infinity : at;
}

/** Oldest first, then by id: the same choice on every node and after every restart. */
function oldest(a: IDataObject, b: IDataObject): number {
	const byTime = createdAt(a) - createdAt(b);
	if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
	return String(a.webhook_id) < String(b.webhook_id) ? -1 : String(a.webhook_id) > String(b.webhook_id) ? 1 : 0;
}

function unfinishedSearchError(context: IPollFunctions, reason: string): NodeApiError {
	const message = `Could not finish looking for the trigger's webhook: ${reason}`;
	return new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		description:
			'Without the whole list of the solution\'s webhooks the trigger cannot tell whether its webhook exists, so it creates none (that would leave one more webhook at every attempt). The next poll tries again; if this persists, report it to SmartSuite.',
	});
}

/**
 * The enabled webhook of the solution with the same scope and kinds (not `excluded`), after
 * reading every page of ListWebhooks; the oldest when there are several.
 */
async function findWebhook(context: IPollFunctions, wanted: Wanted, clock: PollClock, excluded?: string): Promise<string | undefined> {
	const wantedPrint = fingerprintOf(wanted);
	const matches: IDataObject[] = [];
	const requested = new Set<string>();
	let pageToken = '';
	for (let page = 1; ; page++) {
		requested.add(pageToken);
		const { webhooks, nextPageToken, hasNext } = await listWebhooksPage(context, wanted.solutionId, pageToken, clock.requestTimeout());
		for (const webhook of webhooks) {
			if (webhook.webhook_id !== excluded && !isDisabled(webhook) && fingerprint(wanted.solutionId, webhook.filter, webhook.kinds) === wantedPrint) {
				matches.push(webhook);
			}
		}
		if (!hasNext) break;
		if (requested.has(nextPageToken)) throw unfinishedSearchError(context, 'SmartSuite repeated a page token of ListWebhooks');
		if (page >= MAX_LOOKUP_PAGES) throw unfinishedSearchError(context, `the solution still had more webhooks after ${MAX_LOOKUP_PAGES} pages`);
		pageToken = nextPageToken;
	}
	const [chosen] = matches.sort(oldest);
	return chosen === undefined ? undefined : String(chosen.webhook_id);
}

interface ManagedWebhook {
	webhookId: string;
	/** Created by this poll: deleted again if the poll fails. */
	created: boolean;
	/** The webhook of the saved state (not found or created by this poll). */
	remembered: boolean;
}

/** The remembered webhook for this scope, else one found with the same scope, else a new one. */
async function managedWebhook(context: IPollFunctions, wanted: Wanted, clock: PollClock, replaced?: { webhookId: string; why: string }): Promise<ManagedWebhook> {
	const state = context.getWorkflowStaticData('node');
	const remembered = typeof state.managedWebhookId === 'string' ? state.managedWebhookId : '';
	if (!replaced && remembered && state.managedScope === fingerprintOf(wanted)) return { webhookId: remembered, created: false, remembered: true };

	const why = replaced
		? replaced.why
		: remembered
			? `the Solution, Watch or Events changed (the webhook "${remembered}" is no longer read; SmartSuite deletes it after 14 days without reads)`
			: 'none was set up yet, or n8n kept no state of it';
	const found = await findWebhook(context, wanted, clock, replaced?.webhookId);
	if (found) {
		context.logger.info(`SmartSuite Trigger: using the existing webhook "${found}", which watches the same things, because ${why}`);
		return { webhookId: found, created: false, remembered: false };
	}
	if (context.getMode() === 'manual') {
		throw new NodeOperationError(context.getNode(), replaced ? `The webhook "${replaced.webhookId}" is gone` : 'No webhook yet: activate the workflow once', {
			description: replaced
				? 'The active workflow sets up another one at its next poll (or activate the workflow now). Change a record after that, then fetch a test event again.'
				: 'With "Create a Webhook for Me", the trigger creates its webhook when the workflow is activated, so that it collects changes from then on. Activate the workflow, change a record, then fetch a test event again. Or choose "Use an Existing Webhook".',
		});
	}
	const { workspaceId } = await credentialsOf(context);
	const webhook = await createWebhook(context, webhookToCreate(workspaceId, wanted, wanted.kinds), clock.requestTimeout());
	const webhookId = typeof webhook.webhook_id === 'string' ? webhook.webhook_id.trim() : '';
	if (!webhookId) {
		const message = 'SmartSuite answered CreateWebhook without a webhook_id';
		throw new NodeApiError(context.getNode(), { message } as JsonObject, {
			message,
			description: 'The trigger cannot read a webhook it cannot name. Check the Webhooks API Base URL of the credential, then activate again.',
		});
	}
	context.logger.info(`SmartSuite Trigger: created the webhook "${webhookId}" (notifications off) because ${why}`);
	return { webhookId, created: true, remembered: false };
}

/** Best effort: the poll's own outcome is what counts. */
async function deleteQuietly(context: IPollFunctions, webhookId: string, clock: PollClock, why: string): Promise<void> {
	try {
		await deleteWebhook(context, webhookId, clock.requestTimeout());
	} catch (error) {
		context.logger.warn(`SmartSuite Trigger: could not delete the webhook "${webhookId}" ${why}: ${(error as Error).message}`);
	}
}

/** The outcome of one poll of a webhook: what it read, or what it threw. */
async function attempt(context: IPollFunctions, pollWebhook: PollWebhook, webhookId: string, clock: PollClock): Promise<WebhookRead | { error: unknown }> {
	try {
		return await pollWebhook.call(context, webhookId, clock, true);
	} catch (error) {
		return { error };
	}
}

/**
 * Why the remembered webhook must be replaced although it answered ListEvents: GetWebhook says
 * it is disabled or gone. Asked at most once a day (a lost check time only costs a request).
 */
async function replacementReason(context: IPollFunctions, webhookId: string, clock: PollClock): Promise<string | undefined> {
	const state = context.getWorkflowStaticData('node');
	const checkedAt = typeof state.managedCheckedAt === 'number' ? state.managedCheckedAt : 0;
	if (Date.now() - checkedAt < CHECK_INTERVAL_MS) return undefined;
	try {
		await (await webhookApi(context, webhookId, clock)).checkWebhook();
	} catch (error) {
		if (isWebhookGone(error)) return `the webhook "${webhookId}" is disabled or gone`;
		context.logger.warn(`SmartSuite Trigger: could not check the webhook "${webhookId}"; the next poll checks again: ${(error as Error).message}`);
		return undefined;
	}
	state.managedCheckedAt = Date.now();
	return undefined;
}

const outputOf = (...reads: WebhookRead[]): PollOutput => {
	const items = reads.flatMap((read) => read.output?.[0] ?? []);
	return items.length > 0 ? [items] : null;
};

/**
 * The poll of "Create a webhook for me": reads the managed webhook with `pollWebhook`, replaces
 * it when it is gone or disabled, and remembers it (id and scope, top-level keys) with the cursor.
 */
export async function pollManagedWebhook(context: IPollFunctions, pollWebhook: PollWebhook, clock: PollClock): Promise<PollOutput> {
	const wanted = readWanted(context);
	const manual = context.getMode() === 'manual';
	const webhook = await managedWebhook(context, wanted, clock);
	const first = await attempt(context, pollWebhook, webhook.webhookId, clock);

	let replaced: { webhookId: string; why: string };
	let earlier: WebhookRead | undefined;
	if ('error' in first) {
		if (webhook.created || !isWebhookGone(first.error)) {
			if (webhook.created) await deleteQuietly(context, webhook.webhookId, clock, 'created by a failed poll');
			throw first.error;
		}
		replaced = { webhookId: webhook.webhookId, why: `the webhook "${webhook.webhookId}" is gone (deleted, or expired)` };
	} else {
		// Read to its end first: a disabled webhook's last events are emitted before it is left.
		const why = !manual && webhook.remembered && first.reachedEnd ? await replacementReason(context, webhook.webhookId, clock) : undefined;
		if (!why) {
			remember(context, wanted, webhook.webhookId);
			return first.output;
		}
		replaced = { webhookId: webhook.webhookId, why };
		earlier = first;
	}
	if (!manual) context.logger.warn(`SmartSuite Trigger: ${replaced.why}; setting up another one`);

	const next = await managedWebhook(context, wanted, clock, replaced);
	const second = await attempt(context, pollWebhook, next.webhookId, clock);
	if ('error' in second) {
		if (next.created) await deleteQuietly(context, next.webhookId, clock, 'created by a failed poll');
		// What the disabled webhook gave is emitted with its cursor; the switch is tried again.
		if (earlier) return earlier.output;
		throw second.error;
	}
	if (earlier) await deleteQuietly(context, replaced.webhookId, clock, 'that SmartSuite disabled, after reading its last events');
	remember(context, wanted, next.webhookId);
	return outputOf(...(earlier ? [earlier, second] : [second]));
}

/** The webhook read by this poll, saved with its cursor (pollWebhook saved that). Not in manual mode. */
function remember(context: IPollFunctions, wanted: Wanted, webhookId: string): void {
	if (context.getMode() === 'manual') return;
	const state: IDataObject = context.getWorkflowStaticData('node');
	if (state.managedWebhookId !== webhookId) state.managedCheckedAt = Date.now();
	state.managedWebhookId = webhookId;
	state.managedScope = fingerprintOf(wanted);
}
