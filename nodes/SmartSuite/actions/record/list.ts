/**
 * The records of a table that match a filter and sort, paged up to a limit: what Search, Upsert's
 * match and linked records by title read (one transport, one set of bounds).
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import { appendUpTo, reachedTotal } from '../../shared/pages';
import type { RecordsClient } from '../../shared/records';
import { recordsPath } from '../../shared/records';
import { answerOf } from './common';

/** SmartSuite's largest page. */
export const PAGE_SIZE = 1000;
/** 100,000 records (what one run can output): a stream still going after that is an error. */
export const MAX_PAGES = 100;
/** A search that takes longer than this stops with an error. */
export const TIME_LIMIT_MS = 10 * 60_000;

/**
 * The records of a list, and whether the limit cut it short: then SmartSuite's total of matches
 * when it told one beyond them, and the offset of the first record left out.
 */
export interface RecordList {
	records: IDataObject[];
	cut?: { total?: number; next: number };
}

/**
 * The records that match `body` (filter, sort), paged as searchTable says, up to `limit`, from
 * the `start`th (a Cursor's offset). `most`: more records than this is an error (what the run can
 * still output after the `earlier` records of its other items), whatever the limit, even when a
 * server sends them on one page.
 */
export async function listRecords(
	client: RecordsClient,
	tableId: string,
	structure: Field[],
	body: IDataObject,
	{
		limit: asked = Infinity,
		most = Infinity,
		earlier = 0,
		start = 0,
		itemIndex,
		action = 'search the records',
	}: {
		limit?: number;
		most?: number;
		earlier?: number;
		start?: number;
		itemIndex?: number;
		action?: string;
	},
): Promise<RecordList> {
	// One more than `most` tells "exactly that many" from "too many".
	const limit = Math.min(asked, most + 1);
	const started = Date.now();
	const records: IDataObject[] = [];
	let offset = start;
	for (let pages = 1; ; pages++) {
		const wanted = Math.min(PAGE_SIZE, limit - records.length);
		const answer = await answerOf(
			client,
			{
				method: 'POST',
				url: recordsPath(tableId, 'list/'),
				qs: { offset, limit: wanted },
				body,
				action,
				notFound: `The table "${tableId}" was not found`,
				repeatable: true,
			},
			structure,
			itemIndex,
		);
		const items =
			isObject(answer) && Array.isArray(answer.items) ? answer.items.filter(isObject) : undefined;
		if (!items) throw notAPageError(client.node, itemIndex);
		appendUpTo(records, items, limit);
		if (records.length > most) throw tooManyError(client.node, most, earlier, itemIndex);
		offset += items.length;
		const over = items.length < wanted || reachedTotal(answer, items.length, offset);
		if (over) break;
		if (records.length >= limit)
			return { records, cut: { total: totalBeyond(answer, offset), next: start + records.length } };
		if (pages >= MAX_PAGES || Date.now() - started > TIME_LIMIT_MS)
			throw endlessError(client.node, pages, records.length, itemIndex);
	}
	return { records };
}

/** SmartSuite's `total` when it counts more records than the `offset` read so far (then it is all matches). */
function totalBeyond(answer: unknown, offset: number): number | undefined {
	const total = isObject(answer) && typeof answer.total === 'number' ? answer.total : undefined;
	return total !== undefined && total > offset ? total : undefined;
}

function notAPageError(node: INode, itemIndex?: number): NodeApiError {
	const message = 'SmartSuite sent an answer to the record search that is not a page of records';
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description: 'The answer has no "items" list. This is usually a temporary problem: try again.',
		itemIndex,
	});
}

function tooManyError(
	node: INode,
	most: number,
	earlier: number,
	itemIndex?: number,
): NodeOperationError {
	const count = (records: number) => records.toLocaleString('en-US');
	const message =
		earlier === 0
			? `More than ${count(most)} records match the search, more than one run can output`
			: `More than ${count(most)} records match the search, more than this run can still output: its earlier items output ${count(earlier)} of the ${count(most + earlier)} one run can`;
	return new NodeOperationError(node, message, {
		description: `n8n fails on more items from one node at once. Add filter rules to narrow the search (for example on a date or a status), or turn off Return All and set a Limit${earlier === 0 ? '' : ', or search with fewer items per run'}.`,
		itemIndex,
	});
}

function endlessError(
	node: INode,
	pages: number,
	count: number,
	itemIndex?: number,
): NodeOperationError {
	return new NodeOperationError(
		node,
		`Stopped after reading ${pages} pages (${count.toLocaleString('en-US')} records): SmartSuite kept sending more`,
		{
			description:
				'Either the table holds more records than one run can output, or SmartSuite does not end the list. Add filter rules, or turn off Return All and set a Limit.',
			itemIndex,
		},
	);
}
