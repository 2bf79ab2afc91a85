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
 *   taken (then the smallest id), the same one on every restart. One search-or-create per scope
 *   runs at a time in the process; after a create the list is read again and the oldest enabled
 *   one kept, so that two processes creating at once end with one.
 * - A webhook created by a poll that then fails is deleted again (a failed activation leaves none).
 * - Gone (deleted, expired) or disabled: the next webhook of the scope takes over, else a new one.
 *   A disabled webhook is read to its end first (it may hold events nobody read), then deleted.
 * - The scope's webhooks are listed at most once a day for the remembered one: disabled, gone, or
 *   a newer duplicate of an older enabled one, which the trigger leaves for the older one at the
 *   matching place (moveToOlder), deleting the duplicate once that move is saved.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { createWebhook, deleteWebhook } from '../shared/directory';
import { withLocks } from '../shared/locks';
import { webhookToCreate } from '../shared/scope';
import { credentialsOf, isJsonObject } from '../shared/transport';
import { isWebhookGone } from './api';
import { saveCursor, savedCursor } from './cursor';
import type { PollClock } from './limits';
import type { Wanted } from './lookup';
import { findWebhooks, fingerprintOf, isDisabled, isGone, readWanted } from './lookup';
import { POLLING_TRIGGER } from './names';

type PollOutput = INodeExecutionData[][] | null;
/** One poll's read of a webhook: its items, and whether it read to the end of the stream. */
export interface WebhookRead {
	output: PollOutput;
	reachedEnd: boolean;
}
/**
 * Where a webhook with no position saved in it is read from: Start From (a webhook the user
 * gave), its first event (a webhook of the trigger's scope), or its end (the older webhook a
 * trigger moves to, see moveToOlder).
 */
export type WebhookStart = 'startFrom' | 'firstEvent' | 'end';
/** Reads the events of one webhook: the trigger's poll for a given webhook id. */
export type PollWebhook = (
	this: IPollFunctions,
	webhookId: string,
	clock: PollClock,
	start: WebhookStart,
) => Promise<WebhookRead>;

/** Most webhooks one poll reads or finds gone before it stops (each is one or more requests). */
const MAX_WEBHOOKS_PER_POLL = 5;
/** How often the remembered webhook is checked with GetWebhook (it may have been disabled). */
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The webhook of the solution with the same scope and kinds (not one already left in this poll),
 * the oldest when there are several. A disabled one counts too: it may hold events nobody read
 * yet, which come out before it is left.
 */
async function findWebhook(
	context: IPollFunctions,
	wanted: Wanted,
	clock: PollClock,
	excluded: Set<string>,
): Promise<IDataObject | undefined> {
	const found = await findWebhooks(
		context,
		wanted,
		clock.requestTimeout,
		(webhook) => !excluded.has(String(webhook.webhook_id)),
	);
	return found[0];
}

interface ManagedWebhook {
	webhookId: string;
	/** Created by this poll: deleted again if the poll fails. */
	created: boolean;
	/** The webhook of the saved state (not found or created by this poll). */
	remembered: boolean;
	/** Found disabled in the list: it is read to its end, then replaced. */
	disabled: boolean;
}

/**
 * The remembered webhook for this scope, else one found with the same scope, else a new one;
 * never one of `excluded`. `replacing`: why the webhook read so far is left. None in manual mode
 * when there is none yet (Fetch Test Event creates nothing).
 */
async function managedWebhook(
	context: IPollFunctions,
	wanted: Wanted,
	clock: PollClock,
	excluded: Set<string>,
	replacing?: string,
): Promise<ManagedWebhook | undefined> {
	const state = context.getWorkflowStaticData('node');
	const remembered = typeof state.managedWebhookId === 'string' ? state.managedWebhookId : '';
	if (
		!replacing &&
		remembered &&
		!excluded.has(remembered) &&
		state.managedScope === fingerprintOf(wanted)
	) {
		return { webhookId: remembered, created: false, remembered: true, disabled: false };
	}

	const why = replacing
		? replacing
		: remembered
			? `the Solution, Watch or Events changed (the webhook "${remembered}" is no longer read; SmartSuite deletes it after 14 days without reads)`
			: 'none was set up yet, or n8n kept no state of it';
	const { workspaceId, webhooksUrl } = await credentialsOf(context);
	// One search-or-create per scope at a time in this process: a trigger of the scope activated
	// at the same moment finds the webhook the first one created.
	const scopeKey = JSON.stringify([
		'webhook scope',
		webhooksUrl,
		workspaceId,
		fingerprintOf(wanted),
	]);
	return await withLocks(
		[scopeKey],
		async () => {
			const found = await findWebhook(context, wanted, clock, excluded);
			if (found) {
				const webhookId = String(found.webhook_id);
				context.logger.info(
					`${POLLING_TRIGGER}: using the existing webhook "${webhookId}", which watches the same things, because ${why}`,
				);
				return { webhookId, created: false, remembered: false, disabled: isDisabled(found) };
			}
			if (context.getMode() === 'manual') {
				// Fetch Test Event before the first publish: nothing is created, the trigger shows a sample.
				if (!replacing) return undefined;
				throw new NodeOperationError(context.getNode(), `No webhook to read: ${replacing}`, {
					description:
						'The active workflow sets up another one at its next poll (or activate the workflow now). Change a record after that, then fetch a test event again.',
				});
			}
			const webhookId = await createdWebhookId(context, wanted, workspaceId, clock);
			context.logger.info(
				`${POLLING_TRIGGER}: created the webhook "${webhookId}" (notifications off) because ${why}`,
			);
			return await oldestAfterCreating(context, wanted, webhookId, clock, excluded);
		},
		{
			node: context.getNode(),
			waitingFor: 'another trigger of the same scope to find or create its webhook',
			whatToDo:
				'Another workflow of this n8n instance is still setting up the webhook of the same solution, tables and events. Activate this workflow again once it is done.',
		},
	);
}

async function createdWebhookId(
	context: IPollFunctions,
	wanted: Wanted,
	workspaceId: string,
	clock: PollClock,
): Promise<string> {
	const webhook = await createWebhook(
		context,
		webhookToCreate(workspaceId, wanted, wanted.kinds),
		clock.requestTimeout(),
	);
	const webhookId = typeof webhook.webhook_id === 'string' ? webhook.webhook_id.trim() : '';
	if (!webhookId) {
		const message = 'SmartSuite answered CreateWebhook without a webhook_id';
		throw new NodeApiError(context.getNode(), { message } as JsonObject, {
			message,
			description:
				'The trigger cannot read a webhook it cannot name. Check the Webhooks API Base URL of the credential, then activate again.',
		});
	}
	return webhookId;
}

/**
 * Another process (another n8n on the same workspace) may have created a webhook of the scope
 * between the search and the create. Listed again, the oldest enabled one is kept, the same choice
 * in every process: when it is not the one just created, that one (nothing read from it, and the
 * older one holds every change it holds) is deleted.
 */
async function oldestAfterCreating(
	context: IPollFunctions,
	wanted: Wanted,
	webhookId: string,
	clock: PollClock,
	excluded: Set<string>,
): Promise<ManagedWebhook> {
	const created: ManagedWebhook = { webhookId, created: true, remembered: false, disabled: false };
	let oldest: IDataObject | undefined;
	try {
		[oldest] = await findWebhooks(
			context,
			wanted,
			clock.requestTimeout,
			(webhook) => !isDisabled(webhook) && !excluded.has(String(webhook.webhook_id)),
		);
	} catch (error) {
		// Keep the created one: its poll goes on; the daily check lists them again.
		context.logger.warn(
			`${POLLING_TRIGGER}: could not list the webhooks again after creating "${webhookId}": ${(error as Error).message}`,
		);
		return created;
	}
	if (!oldest || oldest.webhook_id === webhookId) return created;
	const olderId = String(oldest.webhook_id);
	context.logger.info(
		`${POLLING_TRIGGER}: the webhook "${olderId}" of the same scope was created first (elsewhere); using it and deleting "${webhookId}"`,
	);
	await deleteQuietly(context, webhookId, clock, 'created twice');
	return { webhookId: olderId, created: false, remembered: false, disabled: false };
}

/** Best effort: the poll's own outcome is what counts. */
async function deleteQuietly(
	context: IPollFunctions,
	webhookId: string,
	clock: PollClock,
	why: string,
): Promise<void> {
	try {
		await deleteWebhook(context, webhookId, clock.requestTimeout());
	} catch (error) {
		context.logger.warn(
			`${POLLING_TRIGGER}: could not delete the webhook "${webhookId}" ${why}: ${(error as Error).message}`,
		);
	}
}

/** The outcome of one poll of a webhook: what it read, or what it threw. */
async function attempt(
	context: IPollFunctions,
	pollWebhook: PollWebhook,
	webhookId: string,
	clock: PollClock,
): Promise<WebhookRead | { error: unknown }> {
	try {
		return await pollWebhook.call(context, webhookId, clock, 'firstEvent');
	} catch (error) {
		return { error };
	}
}

/** What the look at a webhook read to its end found: a reason to leave it, or an older one of the scope to move to. */
interface Verdict {
	why?: string;
	older?: string;
}

/**
 * Whether the webhook must be left although it answered ListEvents: the list it was found in
 * says it is disabled, or the daily look at the scope's webhooks (ListWebhooks, at most once a
 * day for the remembered webhook; a lost check time only costs a request) finds it disabled or
 * gone, or finds an older enabled webhook of the same scope: a duplicate, which this trigger
 * leaves for the oldest (the one every trigger of the scope keeps).
 */
async function verdictOn(
	context: IPollFunctions,
	{ webhookId, disabled, remembered }: ManagedWebhook,
	clock: PollClock,
	wanted: Wanted,
): Promise<Verdict> {
	if (disabled) return { why: `the webhook "${webhookId}" is disabled` };
	if (!remembered) return {};
	const state = context.getWorkflowStaticData('node');
	const checkedAt = typeof state.managedCheckedAt === 'number' ? state.managedCheckedAt : 0;
	if (Date.now() - checkedAt < CHECK_INTERVAL_MS) return {};
	let ofScope: IDataObject[];
	try {
		ofScope = await findWebhooks(context, wanted, clock.requestTimeout, () => true);
	} catch (error) {
		context.logger.warn(
			`${POLLING_TRIGGER}: could not check the webhook "${webhookId}"; the next poll checks again: ${(error as Error).message}`,
		);
		return {};
	}
	const own = ofScope.find((webhook) => webhook.webhook_id === webhookId);
	if (!own) return { why: `the webhook "${webhookId}" is gone (deleted, or expired)` };
	if (isDisabled(own)) return { why: `the webhook "${webhookId}" is disabled` };
	const oldest = ofScope.find((webhook) => !isDisabled(webhook));
	if (oldest && oldest.webhook_id !== webhookId) return { older: String(oldest.webhook_id) };
	state.managedCheckedAt = Date.now();
	return {};
}

/**
 * Moves from a newer duplicate of the scope to the older webhook, at the place in it that
 * matches the place reached in the duplicate, so that no change is emitted twice or skipped: a
 * change is stored on every webhook that watches it at once. The older one is read to its end
 * without emitting, then the duplicate once more: when that read finds nothing new, no change came
 * between the two ends, and the trigger goes on from the older one's end. Otherwise (what it read
 * is emitted) it stays on the duplicate and tries again at the next poll. The duplicate is deleted
 * once the move is saved with items (see pendingDuplicate).
 */
async function moveToOlder(
	context: IPollFunctions,
	pollWebhook: PollWebhook,
	duplicateId: string,
	olderId: string,
	clock: PollClock,
): Promise<{ read: WebhookRead; moved: boolean }> {
	const state = context.getWorkflowStaticData('node');
	const inDuplicate = savedCursor(state, duplicateId);
	const stay = (read: WebhookRead) => ({ read, moved: false });
	if (!inDuplicate) return stay({ output: null, reachedEnd: false });
	const passedOver = await pollWebhook
		.call(context, olderId, clock, 'end')
		.catch((error: Error) => ({ error }));
	const inOlder = savedCursor(state, olderId);
	saveCursor(state, duplicateId, inDuplicate);
	if ('error' in passedOver || !passedOver.reachedEnd || !inOlder) {
		const why = 'error' in passedOver ? passedOver.error.message : 'its end was not reached';
		context.logger.warn(
			`${POLLING_TRIGGER}: could not move from the webhook "${duplicateId}" to the older "${olderId}" of the same scope; the next poll tries again: ${why}`,
		);
		return stay({ output: null, reachedEnd: false });
	}
	const last = await pollWebhook.call(context, duplicateId, clock, 'firstEvent');
	if (last.output !== null || !last.reachedEnd) return stay(last);
	saveCursor(state, olderId, inOlder);
	state.managedDuplicate = { webhookId: duplicateId, saved: false };
	context.logger.info(
		`${POLLING_TRIGGER}: the webhook "${duplicateId}" duplicates the older "${olderId}" of the same scope; reading "${olderId}" from here on and deleting "${duplicateId}"`,
	);
	return { read: last, moved: true };
}

/**
 * The duplicate this trigger moved away from, pending deletion. It is deleted only once the
 * state that names the older webhook has been saved with items: a poll that emitted items marks
 * it saved, and the poll after it deletes it. Before that, n8n may drop the move, and the
 * trigger goes on reading the duplicate (still there) from its saved place.
 */
function pendingDuplicate(state: IDataObject): { webhookId: string; saved: boolean } | undefined {
	const pending = state.managedDuplicate;
	return isJsonObject(pending) && typeof pending.webhookId === 'string'
		? { webhookId: pending.webhookId, saved: pending.saved === true }
		: undefined;
}

/** isGone, where a list that cannot be read leaves the webhook in place (the poll's own error counts). */
async function goneAfterAll(
	context: IPollFunctions,
	error: unknown,
	webhookId: string,
	solutionId: string,
	clock: PollClock,
): Promise<boolean> {
	return await isGone(context, error, webhookId, solutionId, clock.requestTimeout).catch(
		() => false,
	);
}

const outputOf = (...reads: WebhookRead[]): PollOutput => {
	const items = reads.flatMap((read) => read.output?.[0] ?? []);
	return items.length > 0 ? [items] : null;
};

/**
 * The poll of "Create a webhook for me": reads the managed webhook with `pollWebhook`; when it is
 * gone, or disabled and read to its end, goes on with the next webhook of the scope (a disabled
 * one first read to its end too, then a new one), and remembers each webhook with its cursor.
 */
export async function pollManagedWebhook(
	context: IPollFunctions,
	pollWebhook: PollWebhook,
	clock: PollClock,
): Promise<PollOutput> {
	const wanted = readWanted(context);
	const manual = context.getMode() === 'manual';
	const reads: WebhookRead[] = [];
	/** Disabled webhooks read to their end: deleted once a successor has been read (again at later polls while that fails). */
	const leftBehind = leftBehindOf(context);
	const excluded = new Set(leftBehind);
	const state = context.getWorkflowStaticData('node');
	const duplicate = manual ? undefined : pendingDuplicate(state);
	if (duplicate) excluded.add(duplicate.webhookId);
	if (duplicate?.saved) {
		leftBehind.push(duplicate.webhookId);
		delete state.managedDuplicate;
	}
	let webhook = await managedWebhook(context, wanted, clock, excluded);
	while (webhook) {
		const read = await attempt(context, pollWebhook, webhook.webhookId, clock);
		let why: string | undefined;
		if ('error' in read) {
			if (
				webhook.created ||
				!(await goneAfterAll(context, read.error, webhook.webhookId, wanted.solutionId, clock))
			) {
				if (webhook.created)
					await deleteQuietly(context, webhook.webhookId, clock, 'created by a failed poll');
				// What earlier webhooks gave is emitted with their cursors; the rest at the next poll.
				if (reads.length > 0) return outputOf(...reads);
				throw read.error;
			}
			why = `the webhook "${webhook.webhookId}" is gone (deleted, or expired)`;
		} else {
			reads.push(read);
			remember(context, wanted, webhook);
			// A webhook is left only once read to its end: its last events come out first.
			const verdict =
				manual || !read.reachedEnd ? {} : await verdictOn(context, webhook, clock, wanted);
			if (verdict.older) {
				const move = await moveToOlder(
					context,
					pollWebhook,
					webhook.webhookId,
					verdict.older,
					clock,
				);
				reads.push(move.read);
				if (move.moved) remember(context, wanted, { ...webhook, webhookId: verdict.older });
				break;
			}
			why = verdict.why;
			if (!why) break;
			leftBehind.push(webhook.webhookId);
			// Listed before the next webhook is read: saved with that read's items.
			if (!manual)
				context.getWorkflowStaticData('node').managedLeftBehind =
					leftBehind.slice(-MAX_LEFT_BEHIND);
		}
		excluded.add(webhook.webhookId);
		if (excluded.size > MAX_WEBHOOKS_PER_POLL) {
			if (reads.length > 0) return outputOf(...reads);
			throw new NodeOperationError(
				context.getNode(),
				`${MAX_WEBHOOKS_PER_POLL} webhooks of the trigger's scope are gone or disabled`,
				{
					description:
						'The next poll goes on with the next ones. If this persists, check the webhooks of the solution with Webhook > List.',
				},
			);
		}
		if (!manual) context.logger.warn(`${POLLING_TRIGGER}: ${why}; setting up another one`);
		webhook = await managedWebhook(context, wanted, clock, excluded, why);
	}
	if (!manual) await deleteLeftBehind(context, leftBehind, clock);
	const output = outputOf(...reads);
	// Saved with these items: the move away from the duplicate is kept whatever n8n drops later.
	const pending = pendingDuplicate(state);
	if (!manual && output && pending && !pending.saved)
		state.managedDuplicate = { ...pending, saved: true };
	return output;
}

const MAX_LEFT_BEHIND = 10;

function leftBehindOf(context: IPollFunctions): string[] {
	const list = context.getWorkflowStaticData('node').managedLeftBehind;
	return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Deletes the disabled webhooks this trigger has read to their end. One that cannot be deleted
 * now stays listed (a top-level key, saved with the poll's items) and is never read again: read
 * from its first event, it would emit its events a second time.
 */
async function deleteLeftBehind(
	context: IPollFunctions,
	webhookIds: string[],
	clock: PollClock,
): Promise<void> {
	const kept: string[] = [];
	for (const webhookId of webhookIds) {
		try {
			await deleteWebhook(context, webhookId, clock.requestTimeout());
		} catch (error) {
			if (isWebhookGone(error)) continue;
			context.logger.warn(
				`${POLLING_TRIGGER}: could not delete the webhook "${webhookId}" it left (its events were read); the next poll tries again: ${(error as Error).message}`,
			);
			kept.push(webhookId);
		}
	}
	const state = context.getWorkflowStaticData('node');
	if (kept.length > 0) state.managedLeftBehind = kept.slice(-MAX_LEFT_BEHIND);
	else delete state.managedLeftBehind;
}

/**
 * The webhook read by this poll, saved with its cursor (pollWebhook saved that). Not in manual
 * mode. A webhook just created or found enabled needs no GetWebhook for a day; one found disabled
 * (not read to its end yet) is checked at the next poll that reaches its end.
 */
function remember(
	context: IPollFunctions,
	wanted: Wanted,
	{ webhookId, disabled }: ManagedWebhook,
): void {
	if (context.getMode() === 'manual') return;
	const state: IDataObject = context.getWorkflowStaticData('node');
	if (state.managedWebhookId !== webhookId) state.managedCheckedAt = disabled ? 0 : Date.now();
	state.managedWebhookId = webhookId;
	state.managedScope = fingerprintOf(wanted);
}
