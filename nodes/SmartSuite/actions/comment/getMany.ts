import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { entriesOf } from '../../shared/directory';
import { isObject } from '../../shared/fields/values';
import { appendUpTo } from '../../shared/pages';
import type { RecordsClient } from '../../shared/records';
import { recordPath } from '../../shared/records';
import { withoutTrailingSlash } from '../../shared/transport';
import { eachItem } from '../record/common';
import { readLimit } from '../record/search';
import { returnAllFields } from '../shared';
import { commentRecordFields, commentSimplifyFields, readRecord, shownComments } from './common';

const show = { resource: ['comment'], operation: ['getMany'] };

/** 100 pages: far more comments than a record has; a list still going after that is an error. */
const MAX_PAGES = 100;
/** A walk that takes longer than this stops with an error. */
const TIME_LIMIT_MS = 5 * 60_000;

export const getManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many comments of a record',
	description: 'List the comments of a record, oldest first',
};

export const getManyFields: INodeProperties[] = [
	...commentRecordFields(show),
	...returnAllFields(show),
	...commentSimplifyFields(show),
];

/**
 * The path (with its query) of a `next` link, relative to the Records API base URL; undefined for
 * a link elsewhere, which is never followed: the request would carry the API key there.
 */
function nextPath(client: RecordsClient, next: string): string | undefined {
	const base = withoutTrailingSlash(client.credentials.baseUrl);
	if (next.startsWith('/') && !next.startsWith('//')) return next;
	if (next.startsWith(`${base}/`)) return next.slice(base.length);
	return undefined;
}

function pagingError(
	client: RecordsClient,
	message: string,
	description: string,
	itemIndex: number,
) {
	return new NodeApiError(client.node, { message } as JsonObject, {
		message,
		description,
		itemIndex,
	});
}

/**
 * The record's comments: `GET /comments/?record=<id>`, then each `next` link, or `offset=<next>`
 * when `next` is a number (REF list-comments.md: `{count, next, previous, results}`) until the limit, a page without `next`, MAX_PAGES or
 * TIME_LIMIT_MS. Elements that are not comments are passed over with a warning.
 */
async function readComments(
	context: IExecuteFunctions,
	client: RecordsClient,
	tableId: string,
	recordId: string,
	limit: number,
	itemIndex: number,
): Promise<IDataObject[]> {
	const started = Date.now();
	const comments: IDataObject[] = [];
	const requested = new Set<string>();
	let url = '/api/v1/comments/';
	let qs: IDataObject | undefined = { record: recordId };
	for (let pages = 1; ; pages++) {
		requested.add(qs ? `${url}?${new URLSearchParams({ record: recordId }).toString()}` : url);
		const answer = await client.call(
			{
				method: 'GET',
				url,
				qs,
				action: 'list the comments',
				notFound: `Record "${recordId}" was not found in table "${tableId}"`,
				repeatable: true,
			},
			itemIndex,
		);
		const results = isObject(answer) && Array.isArray(answer.results) ? answer.results : undefined;
		if (!results)
			throw pagingError(
				client,
				'SmartSuite sent an answer to the comments list that is not a page of comments',
				'The answer has no "results" list. This is usually a temporary problem: try again.',
				itemIndex,
			);
		appendUpTo(comments, entriesOf(context, results, 'id', 'comments'), limit);
		const next = isObject(answer) ? answer.next : undefined;
		if (comments.length >= limit || next === null || next === undefined || next === '') break;
		// The reference types `next` "number" (a page token) and shows only null; Django REST
		// framework's paging gives a URL. A number is read as the offset of the next page.
		const path =
			typeof next === 'number' && Number.isInteger(next) && next >= 0
				? `/api/v1/comments/?${new URLSearchParams({ record: recordId, offset: String(next) }).toString()}`
				: typeof next === 'string'
					? nextPath(client, next)
					: undefined;
		if (path === undefined)
			throw pagingError(
				client,
				'SmartSuite pointed to the next page of comments at an address the node does not follow',
				typeof next === 'string'
					? `The "next" link is not under the Records API Base URL of the credential (${withoutTrailingSlash(client.credentials.baseUrl)}), so it was not requested: the request would carry the API key there. ${comments.length} comments were read before.`
					: `The "next" of the answer is neither a link nor a page offset: ${JSON.stringify(next)}. ${comments.length} comments were read before.`,
				itemIndex,
			);
		if (requested.has(path))
			throw pagingError(
				client,
				'SmartSuite pointed back to a page of comments already read, so reading stopped to avoid looping',
				'Try again later; if it persists, report it to SmartSuite.',
				itemIndex,
			);
		if (pages >= MAX_PAGES || Date.now() - started > TIME_LIMIT_MS)
			throw new NodeOperationError(
				client.node,
				`Stopped after reading ${pages} pages of comments: SmartSuite kept sending more`,
				{ description: 'Turn off Return All and set a Limit.', itemIndex },
			);
		url = path;
		qs = undefined;
	}
	// SmartSuite lists no comments for a record it does not have: an empty list is checked.
	if (comments.length === 0)
		await client.call(
			{
				method: 'GET',
				url: recordPath(tableId, recordId),
				action: 'read the record',
				notFound: `Record "${recordId}" was not found in table "${tableId}"`,
				repeatable: true,
			},
			itemIndex,
		);
	return comments;
}

export async function executeGetMany(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const { tableId, recordId } = readRecord(this, itemIndex);
		const limit = readLimit(this, itemIndex);
		const comments = await readComments(this, client, tableId, recordId, limit, itemIndex);
		return await shownComments(this, client, comments, itemIndex);
	});
}
