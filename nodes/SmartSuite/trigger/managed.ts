/**
 * "Create a webhook for me": the trigger finds or creates the webhook for the scope the user
 * picked, keeps its id in the node's state, and reads it as it reads any webhook.
 *
 * n8n saves a polling trigger's state at activation and with returned items only, and gives it no
 * deactivation hook. So: nothing is remembered before a poll has succeeded on the webhook; a
 * webhook created by a poll that then fails is deleted again (a failed activation leaves none);
 * and before creating, the solution's webhooks are searched for one with the same scope, so a
 * lost state (a restart after a poll that returned nothing) reuses the webhook instead of
 * leaking one per restart.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { createWebhook, deleteWebhook, listWebhooksPage } from '../shared/directory';
import { hasNextPage } from '../shared/pages';
import type { Scope } from '../shared/scope';
import { KINDS, readScope, webhookToCreate } from '../shared/scope';
import { credentialsOf, isJsonObject } from '../shared/transport';
import { isWebhookGone } from './api';
import type { PollClock } from './limits';

type PollOutput = INodeExecutionData[][] | null;
/** Reads the events of one webhook: the trigger's poll for a given webhook id. */
export type PollWebhook = (this: IPollFunctions, webhookId: string, clock: PollClock) => Promise<PollOutput>;

/** What the managed webhook must watch: its scope and kinds. */
interface Wanted extends Scope {
	kinds: string[];
}

/** Most ListWebhooks pages read when looking for a webhook to reuse. */
const MAX_LOOKUP_PAGES = 20;

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

/** A webhook of the solution, not expired, with the same scope and kinds (not `excluded`). */
async function findWebhook(context: IPollFunctions, wanted: Wanted, clock: PollClock, excluded?: string): Promise<string | undefined> {
	const wantedPrint = fingerprintOf(wanted);
	let pageToken = '';
	for (let page = 0; page < MAX_LOOKUP_PAGES; page++) {
		const { webhooks, nextPageToken } = await listWebhooksPage(context, wanted.solutionId, pageToken, clock.requestTimeout());
		const found = webhooks.find(
			(webhook) =>
				webhook.webhook_id !== excluded &&
				!(isJsonObject(webhook.system_status) && 'disabled' in webhook.system_status) &&
				fingerprint(wanted.solutionId, webhook.filter, webhook.kinds) === wantedPrint,
		);
		if (found) return String(found.webhook_id);
		if (!hasNextPage({ nextPageToken }, webhooks.length) || nextPageToken === pageToken) return undefined;
		pageToken = nextPageToken;
	}
	return undefined;
}

interface ManagedWebhook {
	webhookId: string;
	/** Created by this poll: deleted again if the poll fails. */
	created: boolean;
}

/** The remembered webhook for this scope, else one found with the same scope, else a new one. */
async function managedWebhook(context: IPollFunctions, wanted: Wanted, clock: PollClock, gone?: string): Promise<ManagedWebhook> {
	const state = context.getWorkflowStaticData('node');
	const remembered = typeof state.managedWebhookId === 'string' ? state.managedWebhookId : '';
	if (!gone && remembered && state.managedScope === fingerprintOf(wanted)) return { webhookId: remembered, created: false };

	const why = gone
		? `the webhook "${gone}" is gone (deleted, or expired)`
		: remembered
			? `the Solution, Watch or Events changed (the webhook "${remembered}" is no longer read; SmartSuite deletes it after 14 days without reads)`
			: 'none was set up yet';
	const found = await findWebhook(context, wanted, clock, gone);
	if (found) {
		context.logger.info(`SmartSuite Trigger: using the existing webhook "${found}", which watches the same things, because ${why}`);
		return { webhookId: found, created: false };
	}
	if (context.getMode() === 'manual') {
		throw new NodeOperationError(context.getNode(), 'No webhook yet: activate the workflow once', {
			description:
				'With "Create a Webhook for Me", the trigger creates its webhook when the workflow is activated, so that it collects changes from then on. Activate the workflow, change a record, then fetch a test event again. Or choose "Use an Existing Webhook".',
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
	return { webhookId, created: true };
}

/** Best effort: the error that failed the poll is the one to report. */
async function deleteQuietly(context: IPollFunctions, webhookId: string, clock: PollClock): Promise<void> {
	try {
		await deleteWebhook(context, webhookId, clock.requestTimeout());
	} catch (error) {
		context.logger.warn(`SmartSuite Trigger: could not delete the webhook "${webhookId}" created by a failed poll: ${(error as Error).message}`);
	}
}

/** The outcome of one poll of a webhook: its items, or what it threw (a NodeApiError or NodeOperationError). */
async function attempt(context: IPollFunctions, pollWebhook: PollWebhook, webhookId: string, clock: PollClock): Promise<{ output: PollOutput } | { error: unknown }> {
	try {
		return { output: await pollWebhook.call(context, webhookId, clock) };
	} catch (error) {
		return { error };
	}
}

/**
 * The poll of "Create a webhook for me": reads the managed webhook with `pollWebhook`, replaces
 * it once when it is gone, and remembers it (id and scope, top-level keys) once a poll succeeded.
 */
export async function pollManagedWebhook(context: IPollFunctions, pollWebhook: PollWebhook, clock: PollClock): Promise<PollOutput> {
	const wanted = readWanted(context);
	let webhook = await managedWebhook(context, wanted, clock);
	let result = await attempt(context, pollWebhook, webhook.webhookId, clock);
	if ('error' in result && !webhook.created && context.getMode() !== 'manual' && isWebhookGone(result.error)) {
		context.logger.warn(`SmartSuite Trigger: the webhook "${webhook.webhookId}" is gone; setting up another one`);
		webhook = await managedWebhook(context, wanted, clock, webhook.webhookId);
		result = await attempt(context, pollWebhook, webhook.webhookId, clock);
	}
	if ('error' in result) {
		if (webhook.created) await deleteQuietly(context, webhook.webhookId, clock);
		throw result.error;
	}
	if (context.getMode() !== 'manual') {
		const state: IDataObject = context.getWorkflowStaticData('node');
		state.managedWebhookId = webhook.webhookId;
		state.managedScope = fingerprintOf(wanted);
	}
	return result.output;
}
