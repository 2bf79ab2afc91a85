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
 * - Gone (deleted, expired) or disabled: the next webhook of the scope takes over, else a new one.
 *   A disabled webhook is read to its end first (it may hold events nobody read), then deleted;
 *   the remembered one is checked with GetWebhook at most once a day.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { createWebhook, deleteWebhook } from '../shared/directory';
import { inTurn } from '../shared/inTurn';
import { webhookToCreate } from '../shared/scope';
import { credentialsOf } from '../shared/transport';
import { isWebhookGone, webhookApi } from './api';
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
 * Reads the events of one webhook: the trigger's poll for a given webhook id. `managed`: a
 * webhook of the trigger's scope, read from its first event when no position in it is saved.
 */
export type PollWebhook = (
	this: IPollFunctions,
	webhookId: string,
	clock: PollClock,
	managed: boolean,
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
	return await inTurn(`${webhooksUrl}|${workspaceId}|${fingerprintOf(wanted)}`, async () => {
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
	});
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
		return await pollWebhook.call(context, webhookId, clock, true);
	} catch (error) {
		return { error };
	}
}

/**
 * Why the webhook must be replaced although it answered ListEvents: the list it was found in, or
 * GetWebhook, says it is disabled (or gone). GetWebhook is asked about the remembered webhook at
 * most once a day (a lost check time only costs a request).
 */
async function replacementReason(
	context: IPollFunctions,
	{ webhookId, disabled, remembered }: ManagedWebhook,
	clock: PollClock,
	solutionId: string,
): Promise<string | undefined> {
	if (disabled) return `the webhook "${webhookId}" is disabled`;
	if (!remembered) return undefined;
	const state = context.getWorkflowStaticData('node');
	const checkedAt = typeof state.managedCheckedAt === 'number' ? state.managedCheckedAt : 0;
	if (Date.now() - checkedAt < CHECK_INTERVAL_MS) return undefined;
	try {
		await (await webhookApi(context, webhookId, clock)).checkWebhook();
	} catch (error) {
		if (await goneAfterAll(context, error, webhookId, solutionId, clock))
			return `the webhook "${webhookId}" is disabled or gone`;
		context.logger.warn(
			`${POLLING_TRIGGER}: could not check the webhook "${webhookId}"; the next poll checks again: ${(error as Error).message}`,
		);
		return undefined;
	}
	state.managedCheckedAt = Date.now();
	return undefined;
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
			// A disabled webhook is left only once read to its end: its last events come out first.
			why =
				manual || !read.reachedEnd
					? undefined
					: await replacementReason(context, webhook, clock, wanted.solutionId);
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
	return outputOf(...reads);
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
				`${POLLING_TRIGGER}: could not delete the webhook "${webhookId}" that SmartSuite disabled (its events were read); the next poll tries again: ${(error as Error).message}`,
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
