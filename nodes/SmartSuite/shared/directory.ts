/**
 * The calls SmartSuite documents beyond the interface spec, shared by the list searches, the
 * Webhook operations and the trigger's "Create a webhook for me": list solutions and tables
 * (records API, GET) and list or create webhooks (webhooks API).
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { hasNextPage, readPage } from './pages';
import { recordsClient } from './records';
import type { ApiResponse, RequestContext, RequestSubject } from './transport';
import {
	credentialsOf,
	isJsonObject,
	parseResponse,
	readJson,
	recordsAddress,
	sendRequest,
} from './transport';
import { unwrapWebhook } from './webhooks';
import type { WebhooksMethod } from './webhooksRoute';
import { webhooksAddress, withOtherGetWebhookSpelling } from './webhooksRoute';

/** What a request is about; the address is added where the request is sent. */
export type Subject = Omit<RequestSubject, 'address'>;

/**
 * The elements of a list that can be entries: JSON objects with a non-empty string id under
 * `idKey`. Anything else (null, a number, a string, an object without an id) is passed over with
 * a warning in n8n's log, so that one bad element neither breaks a picker nor stops a walk.
 */
export function entriesOf(
	context: Pick<RequestContext, 'logger'>,
	elements: unknown[],
	idKey: string,
	noun: string,
): IDataObject[] {
	const entries = elements.filter(
		(element): element is IDataObject =>
			isJsonObject(element) && typeof element[idKey] === 'string' && element[idKey].trim() !== '',
	);
	const skipped = elements.length - entries.length;
	if (skipped > 0) {
		context.logger.warn(
			`SmartSuite: passed over ${skipped} of ${elements.length} elements of a list of ${noun} that are not ${noun} (not an object with ${idKey})`,
		);
	}
	return entries;
}

/** An answer that must be a JSON array (the records API lists): its entries. */
function parseList(
	context: RequestContext,
	response: ApiResponse,
	subject: RequestSubject,
	noun: string,
): IDataObject[] {
	const ok = response.statusCode >= 200 && response.statusCode < 300;
	const list = readJson(response.body)?.value;
	if (ok && Array.isArray(list)) return entriesOf(context, list, 'id', noun);
	if (!ok) parseResponse(context.getNode(), response, subject);
	const message = `SmartSuite sent an answer that is not a list when trying to ${subject.action}`;
	throw new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		description:
			'Check the Records API Base URL in the SmartSuite credential; if it is right, try again later.',
		httpCode: String(response.statusCode),
	});
}

async function getList(
	context: RequestContext,
	url: string,
	subject: Subject,
	noun: string,
	qs?: IDataObject,
): Promise<IDataObject[]> {
	// Through the records client: its retries (429, refused connection, 502/503/504) and time-outs.
	const client = await recordsClient(context);
	const response = await client.send({ method: 'GET', url, qs, ...subject, repeatable: true });
	return parseList(
		context,
		response,
		{ ...subject, address: recordsAddress(client.credentials, url) },
		noun,
	);
}

export async function listSolutions(context: RequestContext): Promise<IDataObject[]> {
	return await getList(
		context,
		'/api/v1/solutions/',
		{
			action: 'list the solutions',
			notFound: 'SmartSuite has no list of solutions at this address',
		},
		'solutions',
	);
}

/** The tables of one solution, or of the whole workspace when `solutionId` is ''. */
export async function listTables(
	context: RequestContext,
	solutionId: string,
): Promise<IDataObject[]> {
	return await getList(
		context,
		'/api/v1/applications/',
		{ action: 'list the tables', notFound: `The solution "${solutionId}" was not found` },
		'tables',
		solutionId ? { solution: solutionId } : undefined,
	);
}

/** How one webhooks API call is sent and read. */
export interface WebhooksCallOptions {
	/** A poll's requests end within its budget (n8n's default is 300 s). */
	timeout?: number;
	/** The answer is not read, so a success without JSON ("200 Ok") is one (see parseResponse). */
	anyBody?: boolean;
	/** The input item the call is for, named in its error. */
	itemIndex?: number;
}

/** One webhooks API call, sent once (the webhooks API has no retry here); its checked answer. */
export async function callWebhooks(
	context: RequestContext,
	method: WebhooksMethod,
	body: IDataObject,
	subject: Subject,
	{ timeout, anyBody = false, itemIndex }: WebhooksCallOptions = {},
): Promise<IDataObject> {
	const credentials = await credentialsOf(context);
	const address = webhooksAddress(credentials, method);
	const response = await sendRequest.call(
		context,
		{ baseURL: address.baseUrl, url: address.path, body, timeout },
		credentials,
	);
	return parseResponse(context.getNode(), response, { ...subject, address }, itemIndex, {
		anyBody,
	});
}

export interface WebhooksPage {
	/** The page's webhooks, without the elements that are not webhooks. */
	webhooks: IDataObject[];
	/** '' on the last page. */
	nextPageToken: string;
	/** Whether another page may follow (judged on every element, webhooks or not). */
	hasNext: boolean;
}

/** One page of ListWebhooks (proto3: an empty list or token may be omitted). */
export async function listWebhooksPage(
	context: RequestContext,
	solutionId: string,
	pageToken: string,
	timeout?: number,
): Promise<WebhooksPage> {
	const answer = await callWebhooks(
		context,
		'ListWebhooks',
		{ solution_id: solutionId, page_size: '100', page_token: pageToken },
		{ action: 'list the webhooks', notFound: `The solution "${solutionId}" was not found` },
		{ timeout },
	);
	const page = readPage(answer, 'webhooks');
	if (!page) throw notAWebhooksPageError(context.getNode());
	return {
		webhooks: entriesOf(context, page.items, 'webhook_id', 'webhooks'),
		nextPageToken: page.nextPageToken,
		hasNext: hasNextPage(page, page.items.length),
	};
}

/** CreateWebhook; returns the webhook unwrapped. */
export async function createWebhook(
	context: RequestContext,
	webhook: IDataObject,
	timeout?: number,
	itemIndex?: number,
): Promise<IDataObject> {
	const solutionId = String((webhook.locator as IDataObject | undefined)?.solution_id ?? '');
	const answer = await callWebhooks(
		context,
		'CreateWebhook',
		{ webhook },
		{
			action: 'create the webhook',
			notFound: `The solution "${solutionId}" was not found`,
			notFoundHint: 'Check the Solution and that it belongs to the workspace of the credential.',
		},
		{ timeout, itemIndex },
	);
	return unwrapWebhook(answer);
}

/** GetWebhook (GetWebhooks where only that spelling is routed); returns the webhook unwrapped. */
export async function readWebhook(
	context: RequestContext,
	webhookId: string,
	itemIndex?: number,
	action = 'read the webhook',
): Promise<IDataObject> {
	const credentials = await credentialsOf(context);
	const ask = async (method: WebhooksMethod) => {
		const { baseUrl, path } = webhooksAddress(credentials, method);
		const body = { webhook_id: webhookId };
		return await sendRequest.call(context, { baseURL: baseUrl, url: path, body }, credentials);
	};
	const { response, method } = await withOtherGetWebhookSpelling(
		await ask('GetWebhook'),
		async () => await ask('GetWebhooks'),
	);
	const subject = {
		...webhookSubject(webhookId, action),
		address: webhooksAddress(credentials, method),
	};
	return unwrapWebhook(parseResponse(context.getNode(), response, subject, itemIndex));
}

/** What a call about one webhook of the Webhook operations is about: a 404 names the webhook. */
export function webhookSubject(webhookId: string, action: string): Subject {
	return {
		action,
		notFound: `The webhook "${webhookId}" does not exist or was deleted`,
		notFoundHint:
			'Check the Webhook ID and that it belongs to the workspace of the credential. SmartSuite deletes a webhook whose events were not listed for 14 days.',
	};
}

/** UpdateWebhook: SmartSuite's reference asks for the whole webhook (id, kinds, locator, filter, notification status). */
export async function updateWebhook(
	context: RequestContext,
	webhook: IDataObject,
	timeout?: number,
): Promise<void> {
	const webhookId = String(webhook.webhook_id ?? '');
	await callWebhooks(
		context,
		'UpdateWebhook',
		{ webhook },
		{ action: 'update the webhook', notFound: `The webhook "${webhookId}" does not exist` },
		{ timeout, anyBody: true },
	);
}

export async function deleteWebhook(
	context: RequestContext,
	webhookId: string,
	timeout?: number,
): Promise<void> {
	await callWebhooks(
		context,
		'DeleteWebhook',
		{ webhook_id: webhookId },
		{ action: 'delete the webhook', notFound: `The webhook "${webhookId}" does not exist` },
		{ timeout, anyBody: true },
	);
}

/** A ListWebhooks answer without a list of webhooks (the list searches, the trigger, Webhook > List). */
export function notAWebhooksPageError(node: INode, itemIndex?: number): NodeApiError {
	const message = 'SmartSuite sent an answer to ListWebhooks that is not a page of webhooks';
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description:
			'This is usually a temporary problem of the service or of a proxy in between: try again. If it persists, check the Webhooks API Base URL in the credential.',
		itemIndex,
	});
}
