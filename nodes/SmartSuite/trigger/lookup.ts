/**
 * Finding a webhook again by what it watches, for the triggers that create their own ("Create a
 * webhook for me" of the polling trigger, and the instant trigger): the scope and kinds the user
 * picked, and a complete, bounded walk of the solution's ListWebhooks pages.
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { listWebhooksPage, readWebhook } from '../shared/directory';
import type { Scope } from '../shared/scope';
import { KINDS, readScope } from '../shared/scope';
import type { RequestContext } from '../shared/transport';
import { isJsonObject } from '../shared/transport';
import { isWebhookGone, mayNameUnknownWebhook } from './api';

/** What a trigger's webhook must watch: its scope and kinds. */
export interface Wanted extends Scope {
	kinds: string[];
}

/** Most ListWebhooks pages read when looking for the webhook (100 webhooks a page). */
const MAX_LOOKUP_PAGES = 20;

/** Ids and kinds sorted: two webhooks that watch the same things have the same fingerprint. */
export function fingerprint(solutionId: string, filter: unknown, kinds: unknown): string {
	const sorted = (value: unknown) => (Array.isArray(value) ? value.map(String).sort() : []);
	const f = isJsonObject(filter) ? filter : {};
	let watched: unknown = 'unknown';
	if (isJsonObject(f.applications)) watched = { tables: sorted(f.applications.application_ids) };
	else if (isJsonObject(f.application)) {
		watched = {
			table: String(f.application.application_id),
			fields: sorted(f.application.field_ids),
		};
	} else if (isJsonObject(f.solution)) watched = 'solution';
	return JSON.stringify({ solutionId, watched, kinds: [...new Set(sorted(kinds))] });
}

export const fingerprintOf = (wanted: Wanted) =>
	fingerprint(wanted.solutionId, wanted.filter, wanted.kinds);

/** Whether a webhook (as GetWebhook or ListWebhooks give it) watches what `wanted` says. */
export const watchesWanted = (webhook: IDataObject, wanted: Wanted) =>
	fingerprint(wanted.solutionId, webhook.filter, webhook.kinds) === fingerprintOf(wanted);

/** The scope and kinds of the trigger's parameters (all kinds when Events is empty). */
export function readWanted(context: Pick<RequestContext, 'getNode' | 'getNodeParameter'>): Wanted {
	const read = (name: string, fallback: unknown) =>
		context.getNodeParameter(name, fallback as string, { extractValue: true });
	const scope = readScope(context.getNode(), read);
	const events = context.getNodeParameter('events', []) as string[];
	return { ...scope, kinds: events.length > 0 ? events : KINDS.map((kind) => kind.value) };
}

/** The scope of an existing webhook, as GetWebhook gives it. */
export async function scopeOfWebhook(context: RequestContext, webhookId: string): Promise<Scope> {
	const webhook = await readWebhook(context, webhookId);
	const locator = isJsonObject(webhook.locator) ? webhook.locator : {};
	return {
		solutionId: String(locator.solution_id ?? ''),
		filter: isJsonObject(webhook.filter) ? webhook.filter : {},
	};
}

export const isDisabled = (webhook: IDataObject) =>
	isJsonObject(webhook.system_status) && 'disabled' in webhook.system_status;

/** When the webhook was created (ms); webhooks without a readable time sort last. */
function createdAt(webhook: IDataObject): number {
	const at = isJsonObject(webhook.created_at) ? Date.parse(String(webhook.created_at.at)) : NaN;
	return Number.isNaN(at) ? Infinity : at;
}

/** Oldest first, then by id: the same choice on every node and after every restart. */
function oldest(a: IDataObject, b: IDataObject): number {
	const byTime = createdAt(a) - createdAt(b);
	if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
	return String(a.webhook_id) < String(b.webhook_id)
		? -1
		: String(a.webhook_id) > String(b.webhook_id)
			? 1
			: 0;
}

function unfinishedSearchError(node: INode, reason: string): NodeApiError {
	const message = `Could not finish looking for the trigger's webhook: ${reason}`;
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description:
			"Without the whole list of the solution's webhooks the trigger cannot tell whether its webhook exists, so it creates none (that would leave one more webhook at every attempt). The next attempt tries again; if this persists, report it to SmartSuite.",
	});
}

/** Every webhook of the solution, after reading every page of ListWebhooks; an unfinished walk is an error. */
async function allWebhooks(
	context: RequestContext,
	solutionId: string,
	timeout: () => number,
): Promise<IDataObject[]> {
	const all: IDataObject[] = [];
	const requested = new Set<string>();
	let pageToken = '';
	for (let page = 1; ; page++) {
		requested.add(pageToken);
		const { webhooks, nextPageToken, hasNext } = await listWebhooksPage(
			context,
			solutionId,
			pageToken,
			timeout(),
		);
		// One by one: a page of any size (SmartSuite may ignore page_size) is never spread into a call.
		for (const webhook of webhooks) all.push(webhook);
		if (!hasNext) return all;
		if (requested.has(nextPageToken))
			throw unfinishedSearchError(
				context.getNode(),
				'SmartSuite repeated a page token of ListWebhooks',
			);
		if (page >= MAX_LOOKUP_PAGES)
			throw unfinishedSearchError(
				context.getNode(),
				`the solution still had more webhooks after ${MAX_LOOKUP_PAGES} pages`,
			);
		pageToken = nextPageToken;
	}
}

/** The webhooks of the solution that watch what `wanted` says and pass `accept`, oldest first. */
export async function findWebhooks(
	context: RequestContext,
	wanted: Wanted,
	timeout: () => number,
	accept: (webhook: IDataObject) => boolean,
): Promise<IDataObject[]> {
	const webhooks = await allWebhooks(context, wanted.solutionId, timeout);
	return webhooks
		.filter((webhook) => watchesWanted(webhook, wanted) && accept(webhook))
		.sort(oldest);
}

/**
 * Whether a failed call about the trigger's webhook means that it no longer exists. SmartSuite's
 * answer for an unknown webhook id is not documented: a 404 `not_found` (isWebhookGone), or a 400
 * or 403 for an id the solution's complete list of webhooks does not hold. A list that cannot be
 * read throws: nothing is taken for gone on a failure.
 */
export async function isGone(
	context: RequestContext,
	error: unknown,
	webhookId: string,
	solutionId: string,
	timeout: () => number,
): Promise<boolean> {
	if (isWebhookGone(error)) return true;
	if (!mayNameUnknownWebhook(error)) return false;
	const webhooks = await allWebhooks(context, solutionId, timeout);
	return !webhooks.some((webhook) => webhook.webhook_id === webhookId);
}
