import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import { requireId } from '../../shared/ids';
import { tableLocator } from '../../shared/locators';
import { appendUpTo } from '../../shared/pages';
import type { RecordsClient } from '../../shared/records';
import { tablePath } from '../../shared/records';
import { returnAllFields } from '../shared';
import {
	answerOf,
	eachItem,
	readableFields,
	readTableId,
	shownRecords,
	simplifyField,
} from '../record/common';
import { MAX_PAGES, PAGE_SIZE, TIME_LIMIT_MS } from '../record/list';
import { onlyFields, outputFieldsField, readOutputFields } from '../record/outputFields';
import { readLimit } from '../record/search';
import { listViews, notAView, viewLocator } from './views';
import { richTextAsField } from '../../shared/richText';

const show = { resource: ['view'], operation: ['getRecords'] };

export const getRecordsOperation: INodePropertyOptions = {
	name: 'Get Records',
	value: 'getRecords',
	action: 'Get the records of a view',
	description: 'List the records of a saved view, filtered and sorted as the view is in SmartSuite',
};

export const getRecordsFields: INodeProperties[] = [
	tableLocator({ description: 'The table that holds the view', displayOptions: { show } }),
	viewLocator(show),
	...returnAllFields(show),
	outputFieldsField(show),
	simplifyField(show),
	...readableFields(show),
	richTextAsField(show),
];

/**
 * The view's records. The reference's records-for-report has no paging and answers the whole view;
 * `offset` and `limit` are sent all the same, and the walk ends on a short page, on a page larger
 * than asked for (the whole view: paging ignored) or on one that brings no record not seen yet
 * (offset ignored). Bounded by MAX_PAGES and TIME_LIMIT_MS: a view that never ends is an error.
 */
async function viewRecords(
	client: RecordsClient,
	tableId: string,
	viewId: string,
	structure: Field[],
	limit: number,
	itemIndex: number,
): Promise<IDataObject[]> {
	const started = Date.now();
	const records: IDataObject[] = [];
	const seen = new Set<unknown>();
	let offset = 0;
	for (let pages = 1; ; pages++) {
		const wanted = Math.min(PAGE_SIZE, limit - records.length);
		const answer = await answerOf(
			client,
			{
				method: 'GET',
				url: `${tablePath(tableId)}records-for-report/`,
				qs: { report: viewId, with_empty_values: false, offset, limit: wanted },
				action: 'read the records of the view',
				notFound: `The view "${viewId}" was not found in the table "${tableId}"`,
				repeatable: true,
			},
			structure,
			itemIndex,
		);
		const page =
			isObject(answer) && Array.isArray(answer.records)
				? answer.records.filter(isObject)
				: undefined;
		if (!page) throw notRecordsError(client.node, itemIndex);
		const fresh = page.filter((record) => !seen.has(record.id));
		fresh.forEach((record) => seen.add(record.id));
		appendUpTo(records, fresh, limit);
		offset += page.length;
		if (records.length >= limit || page.length !== wanted || fresh.length === 0) break;
		if (pages >= MAX_PAGES || Date.now() - started > TIME_LIMIT_MS) {
			throw new NodeOperationError(
				client.node,
				`Stopped after reading ${pages} pages (${records.length.toLocaleString('en-US')} records) of the view: SmartSuite kept sending more`,
				{
					description:
						'Either the view shows more records than one run can output, or SmartSuite does not end the list. Turn off Return All and set a Limit.',
					itemIndex,
				},
			);
		}
	}
	return records;
}

function notRecordsError(node: INode, itemIndex: number): NodeApiError {
	const message = 'SmartSuite sent an answer for the view that holds no list of records';
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description:
			'The answer has no "records" list. This is usually a temporary problem: try again.',
		itemIndex,
	});
}

const WHY_NO_RECORDS = {
	dashboard:
		'A dashboard shows widgets, which the SmartSuite API does not read as records. Pick a view of the table: the View list shows views only.',
	form: "A form takes new records and has none of its own; Record → Get Many reads the table's records. Pick a view of the table: the View list shows views only.",
};

/**
 * `/reports/` lists dashboards and forms with the views, and records-for-report may answer a form
 * with the table's records: the table's reports are read first (once per table in a run), and a
 * dashboard or form is refused by name. An id the list lacks, or a list that fails, is read as a
 * view (its answer says).
 */
async function refuseNonView(
	context: IExecuteFunctions,
	client: RecordsClient,
	reportsOf: Map<string, Promise<IDataObject[]>>,
	tableId: string,
	viewId: string,
	itemIndex: number,
): Promise<void> {
	// The list failing leaves the view's own answer to speak (as before forms were told apart).
	if (!reportsOf.has(tableId))
		reportsOf.set(
			tableId,
			listViews(context, client, tableId, itemIndex).catch(() => []),
		);
	const report = (await reportsOf.get(tableId)!).find((candidate) => candidate.id === viewId);
	const kind = report && notAView(report);
	if (!kind) return;
	const label =
		typeof report.label === 'string' && report.label !== '' ? ` ("${report.label}")` : '';
	throw new NodeOperationError(
		client.node,
		`"${viewId}"${label} is a ${kind} of the table "${tableId}", not a view: View → Get Records reads views only`,
		{ description: WHY_NO_RECORDS[kind], itemIndex },
	);
}

/** Simplify reads the table's structure, once per table. */
export async function executeGetRecords(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const reportsOf = new Map<string, Promise<IDataObject[]>>();
	return await eachItem(this, async (client, itemIndex) => {
		const tableId = readTableId(this, itemIndex);
		const viewId = requireId(
			this.getNode(),
			this.getNodeParameter('viewId', itemIndex, '', { extractValue: true }),
			'View',
			itemIndex,
		);
		const limit = readLimit(this, itemIndex);
		const structure = await client.structure(tableId);
		const kept = readOutputFields(this, structure, itemIndex);
		await refuseNonView(this, client, reportsOf, tableId, viewId, itemIndex);
		const records = await viewRecords(client, tableId, viewId, structure, limit, itemIndex);
		return await shownRecords(this, client, onlyFields(records, kept), structure, itemIndex);
	});
}
