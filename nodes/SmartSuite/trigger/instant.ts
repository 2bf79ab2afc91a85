/**
 * The instant trigger: a webhook of the trigger's scope notifies n8n's webhook URL of the node;
 * each ping drains the webhook's events from the saved cursor.
 *
 * Lifecycle (n8n's webhook methods): activation finds the webhook again (its id in the state, else
 * by scope and notification URL among the solution's webhooks) or creates it; deactivation only
 * switches its notifications off, because n8n also runs it before every re-publish and after an
 * activation that failed, and the webhook may hold events nobody read yet. A webhook found again
 * has its notifications switched back on, and goes on from the saved cursor.
 *
 * State (THE STATE RULE of cursor.ts): the cursor is saved with the items of the ping that read
 * them; n8n saves a webhook's static data only with the execution it starts.
 *
 * The URL SmartSuite notifies carries a secret (shared/secret.ts) kept in the state: a ping without it
 * costs no request. The secret and the URL are redacted like the key from every message, log line
 * and output item (stateOf and secretUrl hold them before any request carries them; the items go
 * through `scrubbed`), but not from the answers it reads. A webhook found by scope notifies
 * the node's URL with some secret; it is moved to the state's (UpdateWebhook), as is a webhook
 * made before URLs carried one.
 *
 * At most one webhook per node: a CreateWebhook that failed in a way that may have created it
 * (5xx, no answer) is followed by a search for its URL, whose secret is new; when that search
 * fails too, the URL is remembered in memory and the webhook it names is deleted by the cleanup
 * n8n runs after the failed activation (or adopted by the next activation, which finds it).
 */
import type {
	IDataObject,
	IHookFunctions,
	INodeExecutionData,
	ITriggerFunctions,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RichTextForm } from '../shared/fields';
import { createWebhook, deleteWebhook, updateWebhook } from '../shared/directory';
import { requireWholeNumber } from '../shared/numbers';
import { webhookToCreate } from '../shared/scope';
import type { RequestContext } from '../shared/transport';
import {
	credentialsOf,
	heldSecrets,
	isJsonObject,
	logOf,
	redacted,
	scrubbed,
} from '../shared/transport';
import type { WebhookApi } from './api';
import { isWebhookGone, webhookApi } from './api';
import { START_CURSOR, saveCursor, savedCursor } from './cursor';
import { drain } from './drain';
import type { FilesOptions } from './files';
import { eventsTimeLeft, filesOptionOf } from './files';
import type { PollClock } from './limits';
import { POLL_LIMITS, runBudget, startPollClock } from './limits';
import type { Wanted } from './lookup';
import { findWebhooks, isDisabled, isGone, readWanted, watchesWanted } from './lookup';
import { INSTANT_TRIGGER } from './names';
import { eventItems, logDrain } from './output';
import type { ConditionChange, ConditionOptions } from './condition';
import { checkOnTables, readCondition } from './condition';
import { afterDrain, inTurn, memoryOf, startingPoint } from './pings';
import { noteFailure, noteSuccess, takeDueCheck } from './recovery';
import {
	carriesSecret,
	holdUrlSecret,
	newSecret,
	notificationUrlOf,
	withSecret,
	withoutQuery,
} from '../shared/secret';

/** Events asked for per request after the first read (new events after a ping are few). */
const PAGE_SIZE = 100;
const LARGE_PAGE_SIZE = 1000;
/** The keep-alive reads the events (which keeps the webhook enabled) when it expires sooner than this. */
const RENEW_BEFORE_MS = 3 * 24 * 60 * 60 * 1000;

interface InstantOptions extends FilesOptions, ConditionOptions {
	conditionChange?: ConditionChange;
	maxEventsPerPoll?: number;
	simplify?: boolean;
	readableValues?: boolean;
	richTextAs?: RichTextForm;
}

type LifecycleContext = IHookFunctions | ITriggerFunctions;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The node's state; its secret and URL are held as the node's secrets (see holdUrlSecret). */
function stateOf(context: RequestContext): IDataObject {
	const state = context.getWorkflowStaticData('node');
	holdUrlSecret(context, text(state.secret), text(state.notificationUrl));
	return state;
}

/** Our words naming what an answer gave (a webhook id), without the node's secrets. */
const shown = (context: RequestContext, words: string) => redacted(words, heldSecrets(context));

/** The URL with a secret, both held as the node's secrets from now on, before any request carries them. */
function secretUrl(context: RequestContext, nodeUrl: string, secret: string): string {
	const url = withSecret(nodeUrl, secret);
	holdUrlSecret(context, secret, url);
	return url;
}
const clockNow = (): PollClock => startPollClock(POLL_LIMITS);
/**
 * The self-check's one deadline, for its webhook calls and its notification of the node's URL,
 * which n8n answers once that notification's drain (within its own budget) has ended.
 */
const selfCheckClock = (): PollClock =>
	startPollClock({ ...POLL_LIMITS, budgetMs: POLL_LIMITS.budgetMs + POLL_LIMITS.leaseMarginMs });

/** Whether the webhook notifies `url` (and nothing says it stopped). */
const notifies = (webhook: IDataObject, url: string) => notificationUrlOf(webhook) === url;
/** Whether the webhook notifies the node's URL `nodeUrl`, with any secret or none. */
const notifiesNode = (webhook: IDataObject, nodeUrl: string) =>
	notificationUrlOf(webhook) !== '' && withoutQuery(notificationUrlOf(webhook)) === nodeUrl;

/**
 * URLs (with their new secret) of CreateWebhook calls that may have created a webhook nobody
 * found afterwards, per workflow and node: the cleanup after the failed activation deletes it.
 */
const uncertainCreates = new Map<string, string>();
const nodeKey = (context: IHookFunctions) =>
	`${context.getWorkflow().id ?? ''}|${context.getNode().id}`;

/** The node's webhook URL, and the URL with the state's secret (a new one when it has none). */
function urlsOf(context: IHookFunctions): { nodeUrl: string; url: string; secret: string } {
	const nodeUrl = context.getNodeWebhookUrl('default') ?? '';
	const secret = text(stateOf(context).secret) || newSecret();
	return { nodeUrl, url: secretUrl(context, nodeUrl, secret), secret };
}

/** The webhook as GetWebhook gives it; undefined when it is gone. */
async function readWebhook(
	context: LifecycleContext,
	api: WebhookApi,
	webhookId: string,
	clock = clockNow(),
): Promise<IDataObject | undefined> {
	// Errors here are the transport's NodeApiErrors already; only "gone" is an answer.
	const read = await api.readWebhook().then(
		(webhook) => ({ webhook }),
		(error: unknown) => ({ error }),
	);
	if ('error' in read) {
		if (
			await isGone(
				context,
				read.error,
				webhookId,
				readWanted(context).solutionId,
				clock.requestTimeout,
			)
		)
			return undefined;
		throw read.error;
	}
	if (read.webhook) return read.webhook;
	const message = shown(
		context,
		`The webhooks API routes neither GetWebhook nor GetWebhooks, so the webhook "${webhookId}" cannot be checked`,
	);
	throw new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		description:
			'Check the Webhooks API Base URL and the Webhooks Service Name in the SmartSuite credential.',
	});
}

/** UpdateWebhook with the webhook's own scope (SmartSuite's reference asks for all of it) and `notifications`. */
async function setNotifications(
	context: LifecycleContext,
	webhook: IDataObject,
	notifications: IDataObject,
	clock = clockNow(),
): Promise<void> {
	const { webhook_id, filter, kinds, locator } = webhook;
	await updateWebhook(
		context,
		{ webhook_id, filter, kinds, locator, notification_status: notifications },
		clock.requestTimeout(),
	);
}

/**
 * Makes the webhook notify `url` and be read again: notifications switched back on, and a
 * ListEvents call when SmartSuite disabled it (that re-enables it) or it expires soon.
 */
async function revive(
	context: LifecycleContext,
	api: WebhookApi,
	webhook: IDataObject,
	url: string,
	clock = clockNow(),
): Promise<void> {
	if (!notifies(webhook, url))
		await setNotifications(context, webhook, { enabled: { url } }, clock);
	const status = webhook.system_status;
	const expiresAt =
		isJsonObject(status) && isJsonObject(status.enabled)
			? Date.parse(text(status.enabled.expires_at))
			: NaN;
	if (isDisabled(webhook) || !(expiresAt - Date.now() > RENEW_BEFORE_MS)) {
		const answer = await api.fetchPage('', 1);
		if ('error' in answer) throw answer.error;
	}
}

async function deleteQuietly(
	context: LifecycleContext,
	webhookId: string,
	why: string,
): Promise<void> {
	try {
		await deleteWebhook(context, webhookId, clockNow().requestTimeout());
	} catch (error) {
		if (!isWebhookGone(error))
			logOf(context).warn(
				`${INSTANT_TRIGGER}: could not delete the webhook "${webhookId}" ${why}: ${(error as Error).message}`,
			);
	}
}

/**
 * Starts reading `webhookId` from its first event: it holds only changes made since it was created.
 * A test registration's state remembers its test URL: n8n deletes it in mode internal, as it
 * deactivates the workflow's webhook, and only the URL tells the two apart.
 */
function adopt(context: IHookFunctions, webhookId: string, url: string, secret: string): void {
	const state = stateOf(context);
	saveCursor(state, webhookId, START_CURSOR);
	state.drainId = '';
	state.notificationUrl = url;
	state.secret = secret;
	if (context.getMode() === 'manual') state.testUrl = withoutQuery(url);
	else delete state.testUrl;
}

/** Whether delete runs for "Listen for test event"'s registration (see adopt). */
function forTestEvent(context: IHookFunctions, state: IDataObject): boolean {
	return (
		context.getMode() === 'manual' ||
		(text(state.testUrl) !== '' && state.testUrl === context.getNodeWebhookUrl('default'))
	);
}

/** n8n's checkExists: whether the saved webhook exists, watches the scope and notifies this node's URL with the state's secret. */
export async function webhookExists(this: IHookFunctions): Promise<boolean> {
	const state = stateOf(this);
	const webhookId = text(state.webhookId);
	if (this.getMode() === 'manual' || webhookId === '' || text(state.secret) === '') return false;
	const webhook = await readWebhook(this, await webhookApi(this, webhookId, clockNow()), webhookId);
	const { url } = urlsOf(this);
	return (
		webhook !== undefined &&
		watchesWanted(webhook, readWanted(this)) &&
		notifies(webhook, url) &&
		!isDisabled(webhook)
	);
}

/**
 * n8n's create. "Listen for test event": a new webhook with the test URL (its own state, which n8n
 * keeps apart from the workflow's). Active: the saved webhook when it still exists and watches the
 * scope; else the oldest webhook of the scope that notifies this URL (state lost); else a new one.
 */
export async function createOrResume(this: IHookFunctions): Promise<boolean> {
	const wanted = readWanted(this);
	// A condition Search would refuse on a watched table is refused on activation.
	const options = this.getNodeParameter('options', {}) as InstantOptions;
	const condition = readCondition(this.getNode(), options, this.getTimezone());
	if (condition) await checkOnTables(this, condition, wanted.filter);
	const { nodeUrl, url, secret } = urlsOf(this);
	const remembered = text(stateOf(this).webhookId);
	let previous: IDataObject | undefined;
	if (this.getMode() !== 'manual' && remembered !== '') {
		const api = await webhookApi(this, remembered, clockNow());
		previous = await readWebhook(this, api, remembered);
		if (previous && watchesWanted(previous, wanted)) {
			await revive(this, api, previous, url);
			Object.assign(stateOf(this), { notificationUrl: url, secret });
			logOf(this).info(
				`${INSTANT_TRIGGER}: notifications of the webhook "${remembered}" go to this workflow again`,
			);
			return true;
		}
	}
	// Another webhook from here on: a new secret, whatever the state held.
	const fresh = newSecret();
	const freshUrl = secretUrl(this, nodeUrl, fresh);
	const found =
		this.getMode() === 'manual'
			? []
			: await findWebhooks(this, wanted, clockNow().requestTimeout, (webhook) =>
					notifiesNode(webhook, nodeUrl),
				);
	const webhookId =
		found.length > 0
			? String(found[0].webhook_id)
			: await createNotifyingWebhook(this, wanted, freshUrl);
	uncertainCreates.delete(nodeKey(this));
	if (found.length > 0) {
		await revive(this, await webhookApi(this, webhookId, clockNow()), found[0], freshUrl);
		// One webhook per node and URL: the others would notify it a second time.
		for (const extra of found.slice(1))
			await deleteQuietly(
				this,
				String(extra.webhook_id),
				'that notified this workflow a second time',
			);
	}
	// The old webhook watches something else now: nothing reads it any more.
	if (previous)
		await deleteQuietly(this, remembered, 'that watched what the trigger watched before');
	adopt(this, webhookId, freshUrl, fresh);
	return true;
}

/** Whether a failed request may still have been carried out: a 5xx, or no answer at all. */
function mayHaveBeenDone(error: unknown): boolean {
	return (
		error instanceof NodeApiError && (error.httpCode === 'none' || Number(error.httpCode) >= 500)
	);
}

/**
 * CreateWebhook for `url`. When it fails in a way that may have created the webhook, the
 * webhook that notifies `url` (whose secret is new) is looked for and taken; when that search
 * fails, the URL is remembered for the cleanup (see uncertainCreates).
 */
async function createNotifyingWebhook(
	context: IHookFunctions,
	wanted: Wanted,
	url: string,
): Promise<string> {
	const { workspaceId } = await credentialsOf(context);
	const created = await createWebhook(
		context,
		webhookToCreate(workspaceId, wanted, wanted.kinds, url),
		clockNow().requestTimeout(),
	).then(
		(webhook) => ({ webhook }),
		(error: unknown) => ({ error }),
	);
	let webhook: IDataObject;
	if ('error' in created) {
		// The transport's NodeApiErrors; only one that may have created the webhook is looked into.
		if (!mayHaveBeenDone(created.error)) throw created.error;
		const search = await findWebhooks(context, wanted, clockNow().requestTimeout, (candidate) =>
			notifies(candidate, url),
		).then(
			([found]) => ({ found }),
			() => undefined,
		);
		// Not found: nothing was created. Not searched: the cleanup after this failed activation looks again.
		if (!search && context.getMode() !== 'manual') uncertainCreates.set(nodeKey(context), url);
		if (!search?.found) throw created.error;
		logOf(context).warn(
			`${INSTANT_TRIGGER}: CreateWebhook failed after SmartSuite created the webhook "${String(search.found.webhook_id)}"; the trigger uses it: ${(created.error as Error).message}`,
		);
		webhook = search.found;
	} else webhook = created.webhook;
	const webhookId = text(webhook.webhook_id).trim();
	if (webhookId === '') {
		const message = 'SmartSuite answered CreateWebhook without a webhook_id';
		throw new NodeApiError(context.getNode(), { message } as JsonObject, {
			message,
			description: 'Check the Webhooks API Base URL of the credential, then activate again.',
		});
	}
	return webhookId;
}

/**
 * n8n's delete, run at deactivation, before every re-publish, after a failed activation and after
 * "Listen for test event". The test webhook is deleted. The workflow's webhook only stops
 * notifying: it keeps collecting events, and activation goes on with it from the saved cursor.
 * Never throws: n8n would stop deactivating.
 */
export async function stopNotifications(this: IHookFunctions): Promise<boolean> {
	const state = stateOf(this);
	const webhookId = text(state.webhookId);
	try {
		if (forTestEvent(this, state)) {
			if (webhookId !== '')
				await deleteQuietly(this, webhookId, 'made for "Listen for test event"');
			delete state.webhookId;
			return true;
		}
		// With the state lost, the webhooks that notify this node are found by scope and URL.
		const nodeUrl = this.getNodeWebhookUrl('default') ?? '';
		const uncertain = uncertainCreates.get(nodeKey(this));
		const webhooks =
			webhookId !== '' && uncertain === undefined
				? [await readWebhook(this, await webhookApi(this, webhookId, clockNow()), webhookId)]
				: await findWebhooks(
						this,
						readWanted(this),
						clockNow().requestTimeout,
						(webhook) => notifiesNode(webhook, nodeUrl) || text(webhook.webhook_id) === webhookId,
					);
		for (const webhook of webhooks) {
			if (!webhook) continue;
			if (uncertain !== undefined && notifies(webhook, uncertain)) {
				// Made by a CreateWebhook that failed: no state knows it.
				await deleteQuietly(this, String(webhook.webhook_id), 'made by a failed activation');
			} else if (
				!('disabled' in ((webhook.notification_status as IDataObject | undefined) ?? {}))
			) {
				await setNotifications(this, webhook, { disabled: {} });
			}
		}
		uncertainCreates.delete(nodeKey(this));
		return true;
	} catch (error) {
		logOf(this).warn(
			`${INSTANT_TRIGGER}: could not switch off the notifications of the trigger's webhook${webhookId ? ` "${webhookId}"` : ''} (SmartSuite stops them after a day of failed deliveries): ${(error as Error).message}`,
		);
		return false;
	}
}

interface PingOutcome {
	items: INodeExecutionData[];
	/** Every event was read: SmartSuite may stop notifying. */
	complete: boolean;
}

/**
 * n8n's webhook(): a ping. Only a ping with the secret in its URL that names the saved webhook
 * is read, with the saved id; others cost nothing. Answered 200 (empty) once every event is read;
 * 503 when reading failed or stopped at a bound with events left, or when no webhook is saved yet
 * (whatever the request: without the state there is no secret to check it against), so that
 * SmartSuite notifies again.
 */
export async function onPing(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const state = stateOf(this);
	const webhookId = text(state.webhookId);
	// n8n serves the URL before the activation that registers it has saved the state: a ping
	// that comes meanwhile (a change right after publishing) is refused, so SmartSuite notifies again.
	if (webhookId === '') {
		logOf(this).debug(
			`${INSTANT_TRIGGER}: refused a notification that came before the activation saved the webhook; SmartSuite notifies again`,
		);
		return answer(this, 503, {});
	}
	// A request without the secret is answered as any ignored ping, and only logged at debug level.
	if (!carriesSecret(this.getQueryData(), text(state.secret))) {
		logOf(this).debug(
			`${INSTANT_TRIGGER}: ignored a request to the webhook URL without the trigger's secret`,
		);
		return answer(this, 200, {});
	}
	const body: unknown = this.getBodyData();
	if (!isJsonObject(body) || body.webhookId !== webhookId) {
		logOf(this).debug(
			`${INSTANT_TRIGGER}: ignored a notification that does not name this trigger's webhook`,
		);
		return answer(this, 200, {});
	}
	const key = [this.getMode(), this.getWorkflow().id, this.getNode().id, webhookId].join('|');
	// The production webhook's outcome tells the minute tick whether to check (recovery.ts).
	const noted = (complete: boolean) => {
		if (this.getMode() === 'manual') return;
		if (complete) noteSuccess(recoveryKey(this));
		else noteFailure(recoveryKey(this), Date.now());
	};
	try {
		const { result, joined } = await inTurn(
			key,
			async (reading) => await drainOnce(this, webhookId, key, reading),
		);
		noted(result.complete);
		// A ping that joined a drain leaves its events to the ping that started it.
		return answer(
			this,
			result.complete ? 200 : 503,
			joined || result.items.length === 0 ? {} : { workflowData: [result.items] },
		);
	} catch (error) {
		noted(false);
		logOf(this).warn(
			`${INSTANT_TRIGGER}: could not read the events of the webhook "${webhookId}"; SmartSuite notifies again: ${(error as Error).message}`,
		);
		return answer(this, 503, {}, error as Error);
	}
}

/**
 * Answers SmartSuite with `status` and an empty body. Where n8n hands no response object (it
 * always does for a request it received), n8n answers instead: 200 for what the ping starts or
 * ignores, and for a failure with nothing to emit the error is thrown (n8n answers 500), so that
 * SmartSuite notifies again.
 */
function answer(
	context: IWebhookFunctions,
	status: number,
	outcome: IWebhookResponseData,
	failure?: Error,
): IWebhookResponseData {
	const response = (() => {
		try {
			return context.getResponseObject();
		} catch {
			return undefined;
		}
	})();
	if (response) {
		response.status(status).end();
		return { ...outcome, noWebhookResponse: true };
	}
	if (failure && !outcome.workflowData) throw failure;
	return outcome;
}

/** One drain of the webhook, bounded like a poll; the cursor is saved with the items it returns. */
async function drainOnce(
	context: IWebhookFunctions,
	webhookId: string,
	key: string,
	reading: () => void,
): Promise<PingOutcome> {
	const node = context.getNode();
	const options = context.getNodeParameter('options', {}) as InstantOptions;
	const kinds = context.getNodeParameter('events', []) as string[];
	const maxEvents = requireWholeNumber(node, options.maxEventsPerPoll ?? 0, 'Max Events per Run', {
		min: 0,
		max: Number.MAX_SAFE_INTEGER,
	});
	const condition = readCondition(node, options, context.getTimezone());
	const state = stateOf(context);
	const memory = memoryOf(key);
	const saved = {
		cursor: savedCursor(state, webhookId) ?? START_CURSOR,
		drainId: text(state.drainId),
	};
	const start = startingPoint(saved, memory.remembered, Date.now());
	const clock = clockNow();
	const files = filesOptionOf(node, options, clock, INSTANT_TRIGGER);
	const api = await webhookApi(context, webhookId, clock);
	const fresh = start.cursor.pageToken === '' && start.cursor.lastEventId === '';
	const result = await drain(start.cursor, {
		fetchPage: async (pageToken, pageSize) => {
			reading();
			return await api.fetchPage(pageToken, pageSize);
		},
		isWanted: (event) => kinds.length === 0 || kinds.includes(String(event.kind)),
		maxEvents: maxEvents === 0 ? Infinity : maxEvents,
		pageSize: fresh ? LARGE_PAGE_SIZE : PAGE_SIZE,
		largePageSize: LARGE_PAGE_SIZE,
		timeLeft: eventsTimeLeft(clock, files, options.simplify !== false),
		maxPages: clock.maxPages,
	});
	if (result.error && result.emitted.length === 0) throw result.error;
	logDrain(logOf(context), result, INSTANT_TRIGGER, 'notification');
	const complete = result.reachedEnd && !result.error;
	// Every item is built before the state moves (its files downloaded within this execution);
	// no item's json carries the trigger's secret or URL (a file's bytes are not text to scrub).
	const items = await eventItems(context, result.emitted, {
		simplify: options.simplify !== false,
		readable: options.readableValues !== false,
		richText: options.richTextAs,
		trigger: INSTANT_TRIGGER,
		keptFor: key,
		files,
		budget: runBudget(clock, 'notification'),
		condition,
	});
	// Nothing to emit (none read, or none passed the condition): no execution saves the state,
	// so the position is kept in memory; read again after a restart, the same events fail again.
	if (items.length === 0) {
		memory.remember(afterDrain(start, result.cursor, undefined, Date.now()));
		return { items: [], complete };
	}
	scrubbed(
		items.map((item) => item.json),
		heldSecrets(context),
	);
	const drainId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
	saveCursor(state, webhookId, result.cursor);
	state.drainId = drainId;
	memory.remember(afterDrain(start, result.cursor, drainId, Date.now()));
	return { items, complete };
}

/** The workflow's node whose failures recovery.ts remembers (pings and ticks have different modes). */
const recoveryKey = (context: RequestContext) =>
	`${context.getWorkflow().id ?? ''}|${context.getNode().id}`;

/**
 * The daily keep-alive, from n8n's schedule of the active workflow: never emits, never writes
 * the state (n8n would save this activation's old copy of it over the pings' cursors). Reads
 * the webhook: expiring or disabled, ListEvents renews it; notifications off (SmartSuite stops them
 * after a day of failed deliveries), it switches them back on; gone, it asks n8n to re-activate
 * the workflow, whose activation creates a new webhook. When it fails, a check follows within the
 * hour (recovery.ts).
 */
export async function keepAlive(context: ITriggerFunctions): Promise<void> {
	await checkWebhook(context, 'daily check', false);
}

/**
 * The minute tick: nothing unless a failure was noticed (recovery.ts); then the keep-alive's check,
 * and a notification of the trigger's own URL, as SmartSuite sends one: the ping reads the events
 * missed meanwhile from the saved cursor, as any ping does, and saves the cursor with them.
 */
export async function recoverAfterFailure(context: ITriggerFunctions): Promise<void> {
	if (takeDueCheck(recoveryKey(context), Date.now()))
		await checkWebhook(context, 'check after a failure', true);
}

/** Asks for a check at the next tick: after a restart, a failure noticed before it is forgotten. */
export function checkSoon(context: ITriggerFunctions): void {
	noteFailure(recoveryKey(context), Date.now());
}

/** The minute tick's memory of this node ends with the workflow. */
export function forgetChecks(context: ITriggerFunctions): void {
	noteSuccess(recoveryKey(context));
}

async function checkWebhook(
	context: ITriggerFunctions,
	what: string,
	ping: boolean,
): Promise<void> {
	const state = stateOf(context);
	const webhookId = text(state.webhookId);
	const url = text(state.notificationUrl);
	if (webhookId === '' || url === '') return;
	try {
		const clock = selfCheckClock();
		const api = await webhookApi(context, webhookId, clock);
		const webhook = await readWebhook(context, api, webhookId, clock);
		if (webhook) {
			await revive(context, api, webhook, url, clock);
			if (ping) await pingItself(context, webhook, url, clock);
			return;
		}
		context.emitError(
			new NodeOperationError(
				context.getNode(),
				shown(context, `The webhook "${webhookId}" of the ${INSTANT_TRIGGER} was deleted`),
				{
					description:
						'n8n re-activates the workflow, which creates a new webhook. Changes made while no webhook existed are not in it.',
				},
			),
		);
	} catch (error) {
		noteFailure(recoveryKey(context), Date.now());
		logOf(context).warn(
			`${INSTANT_TRIGGER}: the ${what} of the webhook "${webhookId}" failed; the trigger checks again within the hour: ${(error as Error).message}`,
		);
	}
}

/**
 * Notifies `url` as SmartSuite does; throws unless the ping was answered 2xx (all read) by the
 * clock's deadline (an abort, not n8n's idle-socket timeout, which a trickling proxy holds open).
 * A redirect is not followed: the URL carries the trigger's secret, which must never leave n8n's
 * own URL.
 */
async function pingItself(
	context: ITriggerFunctions,
	webhook: IDataObject,
	url: string,
	clock: PollClock,
): Promise<void> {
	const { account_id: accountId, solution_id: solutionId } = isJsonObject(webhook.locator)
		? webhook.locator
		: {};
	const deadline = AbortSignal.timeout(Math.max(1, clock.timeLeft()));
	const response = (await context.helpers
		.httpRequest({
			method: 'POST',
			url,
			body: { webhookId: webhook.webhook_id, locator: { accountId, solutionId } },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: clock.requestTimeout(),
			abortSignal: deadline,
		})
		.catch((error: unknown) => {
			if (!deadline.aborted) throw error;
			throw new Error(
				`the trigger's webhook URL did not answer its notification within the check's ${clock.budgetMs / 1000} s: check n8n's public URL (WEBHOOK_URL) and the proxy in front of n8n`,
			);
		})) as { statusCode?: number };
	const status = Number(response.statusCode);
	if (status >= 300 && status < 400)
		throw new Error(
			`the trigger's webhook URL answered its notification with a redirect (${status}), which is not followed so that its secret stays with n8n: check n8n's public URL (WEBHOOK_URL) and the proxy in front of n8n`,
		);
	if (!(status >= 200 && status < 300))
		throw new Error(`the trigger's webhook URL answered its notification with ${status}`);
	noteSuccess(recoveryKey(context));
	logOf(context).info(
		`${INSTANT_TRIGGER}: the webhook "${text(webhook.webhook_id)}" is read again after a failure`,
	);
}
