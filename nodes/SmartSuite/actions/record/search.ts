import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { JsonObject } from 'n8n-workflow';

import type { Field, Lookups } from '../../shared/fields';
import {
	describeGiven,
	lookupsIn,
	takesList,
	toFilterValue,
	ValueError,
} from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import { tableLocator } from '../../shared/locators';
import { appendUpTo, reachedTotal } from '../../shared/pages';
import type { RecordsClient } from '../../shared/records';
import { recordsPath } from '../../shared/records';
import { isTool, returnAllFields } from '../shared';
import {
	answerOf,
	eachItem,
	readTableId,
	shownRecords,
	readableField,
	simplifyField,
} from './common';
import { convertContextFor } from './linked';

const show = { resource: ['record'], operation: ['search'] };

/** SmartSuite's largest page. */
export const PAGE_SIZE = 1000;
/** Search's default Limit in the SmartSuite Tool: a model reads every record it gets. */
const TOOL_LIMIT = 20;
/** 100,000 records (what one run can output): a stream still going after that is an error. */
export const MAX_PAGES = 100;
/** A search that takes longer than this stops with an error. */
export const TIME_LIMIT_MS = 10 * 60_000;

export const searchOperation: INodePropertyOptions = {
	name: 'Search',
	value: 'search',
	action: 'Search the records of a table',
	description: 'List the records that match filter rules, sorted, up to a limit or all of them',
};

/** A rule's field, from the chosen table (the slug is the value). */
function fieldOfTable(loadOptionsMethod: string): INodeProperties {
	return {
		displayName: 'Field Name or ID',
		name: 'field',
		type: 'options',
		typeOptions: { loadOptionsMethod, loadOptionsDependsOn: ['tableId.value'] },
		default: '',
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	};
}

export const searchFields: INodeProperties[] = [
	tableLocator({ description: 'The table (application) to search', displayOptions: { show } }),
	{
		displayName: 'Match',
		name: 'match',
		type: 'options',
		options: [
			{ name: 'All Rules', value: 'and', description: 'Records that match every filter rule' },
			{ name: 'Any Rule', value: 'or', description: 'Records that match at least one filter rule' },
		],
		default: 'and',
		displayOptions: { show },
	},
	{
		displayName: 'Filter Rules',
		name: 'filters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Filter Rule',
		default: {},
		description: 'Without rules, every record of the table matches',
		displayOptions: { show },
		options: [
			{
				displayName: 'Rule',
				name: 'rule',
				values: [
					fieldOfTable('getSearchFields'),
					{
						displayName: 'Comparison Name or ID',
						name: 'comparison',
						type: 'options',
						typeOptions: {
							loadOptionsMethod: 'getComparisons',
							loadOptionsDependsOn: ['&field', 'tableId.value'],
						},
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description:
							'Text, a number, an option\'s label or ID, people (e-mail addresses, full names or IDs) or linked records (titles or IDs) separated by commas, a date such as 2024-05-01 or today, yesterday, one_week_ago…; ignored by "is empty" comparisons',
					},
				],
			},
		],
	},
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Sort Rule',
		default: {},
		description: 'Applied in order',
		displayOptions: { show },
		options: [
			{
				displayName: 'Rule',
				name: 'rule',
				values: [
					fieldOfTable('getSortFields'),
					{
						displayName: 'Direction',
						name: 'direction',
						type: 'options',
						options: [
							{ name: 'Ascending', value: 'asc' },
							{ name: 'Descending', value: 'desc' },
						],
						default: 'asc',
					},
				],
			},
		],
	},
	...returnAllFields(show, TOOL_LIMIT),
	simplifyField(show),
	readableField(show),
];

interface Rule {
	field?: string;
	comparison?: string;
	value?: unknown;
}

function fieldNamed(
	node: INode,
	structure: Field[],
	slug: unknown,
	what: string,
	itemIndex: number,
): Field {
	const field = structure.find((candidate) => candidate.slug === slug);
	if (field) return field;
	throw new NodeOperationError(
		node,
		`The ${what} names no field of the table: ${describeGiven(slug)}`,
		{
			description:
				'Choose the field from the list, or give its slug (the key SmartSuite uses for it).',
			itemIndex,
		},
	);
}

/** SmartSuite's `filter` from the rules; every comparison is checked against its field's type. */
async function filterOf(
	context: IExecuteFunctions,
	client: RecordsClient,
	structure: Field[],
	itemIndex: number,
): Promise<IDataObject> {
	const node = context.getNode();
	const rules = (context.getNodeParameter('filters.rule', itemIndex, []) as Rule[]) ?? [];
	// People by e-mail or name and linked records by title, looked up as the writes do.
	const lookups: Lookups = { people: false, titles: new Map() };
	for (const rule of rules)
		if (typeof rule.field === 'string' && takesList(String(rule.comparison ?? '')))
			lookupsIn({ [rule.field]: rule.value ?? '' }, structure, lookups);
	const convert = await convertContextFor(client, lookups, context.getTimezone());
	const fields = rules.map((rule) => {
		const field = fieldNamed(node, structure, rule.field, 'filter rule', itemIndex);
		const comparison = String(rule.comparison ?? '');
		try {
			return {
				field: field.slug,
				comparison,
				value: toFilterValue(field, comparison, rule.value ?? '', convert),
			};
		} catch (error) {
			const expected = error instanceof ValueError ? error.expected : String(error);
			throw new NodeOperationError(
				node,
				`The filter rule on "${field.label}" cannot be used: ${comparison || 'no comparison'} ${describeGiven(rule.value ?? '')}`,
				{
					description: `Expected: ${expected}. The field is of type ${field.field_type}.`,
					itemIndex,
				},
			);
		}
	});
	return { operator: context.getNodeParameter('match', itemIndex, 'and') as string, fields };
}

function sortOf(context: IExecuteFunctions, structure: Field[], itemIndex: number): IDataObject[] {
	const rules =
		(context.getNodeParameter('sort.rule', itemIndex, []) as Array<{
			field?: string;
			direction?: string;
		}>) ?? [];
	return rules.map((rule) => ({
		field: fieldNamed(context.getNode(), structure, rule.field, 'sort rule', itemIndex).slug,
		direction: rule.direction === 'desc' ? 'desc' : 'asc',
	}));
}

export function readLimit(context: IExecuteFunctions, itemIndex: number): number {
	if (context.getNodeParameter('returnAll', itemIndex, false)) return Infinity;
	const limit = context.getNodeParameter('limit', itemIndex, 50) as number;
	if (!Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(
			context.getNode(),
			'The parameter "Limit" must be a whole number from 1',
			{ description: `It is ${JSON.stringify(limit)}.`, itemIndex },
		);
	}
	return limit;
}

/**
 * Pages by offset, up to 1,000 records a request, until SmartSuite's `total` is reached, a page
 * comes back short, or the limit is met. Bounded by MAX_PAGES and TIME_LIMIT_MS: a stream that
 * never ends is an error, never a silent cut.
 */
async function searchTable(
	context: IExecuteFunctions,
	client: RecordsClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const tableId = readTableId(context, itemIndex);
	const structure = await client.structure(tableId);
	const body = {
		filter: await filterOf(context, client, structure, itemIndex),
		sort: sortOf(context, structure, itemIndex),
	};
	const limit = readLimit(context, itemIndex);
	const { records, cut } = await listRecords(client, tableId, structure, body, {
		limit,
		itemIndex,
	});
	const shown = await shownRecords(context, client, records, structure, itemIndex);
	// A model sees only the items: it is told that more match, and how to see them.
	if (cut && isTool(context)) shown.push({ more: moreMatchNote(records.length, cut.total) });
	return shown;
}

/** What the SmartSuite Tool adds when the Limit cut the list; `total` when SmartSuite told it. */
export function moreMatchNote(shown: number, total?: number): string {
	const count = total === undefined ? 'More records may match' : `${total} records match`;
	return `${count}; these are the first ${shown}. To see others, search again with a higher limit or more filter rules.`;
}

/** The records of a list, and whether the limit cut it short (with SmartSuite's total of matches when it told one beyond them). */
export interface RecordList {
	records: IDataObject[];
	cut?: { total?: number };
}

/** The records that match `body` (filter, sort), paged as searchTable says, up to `limit`. */
export async function listRecords(
	client: RecordsClient,
	tableId: string,
	structure: Field[],
	body: IDataObject,
	{ limit = Infinity, itemIndex }: { limit?: number; itemIndex?: number },
): Promise<RecordList> {
	const started = Date.now();
	const records: IDataObject[] = [];
	let offset = 0;
	for (let pages = 1; ; pages++) {
		const wanted = Math.min(PAGE_SIZE, limit - records.length);
		const answer = await answerOf(
			client,
			{
				method: 'POST',
				url: recordsPath(tableId, 'list/'),
				qs: { offset, limit: wanted },
				body,
				action: 'search the records',
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
		offset += items.length;
		const over = items.length < wanted || reachedTotal(answer, items.length, offset);
		if (over) break;
		if (records.length >= limit) return { records, cut: { total: totalBeyond(answer, offset) } };
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

export { reachedTotal } from '../../shared/pages';

function notAPageError(node: INode, itemIndex?: number): NodeApiError {
	const message = 'SmartSuite sent an answer to the record search that is not a page of records';
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description: 'The answer has no "items" list. This is usually a temporary problem: try again.',
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

/** Run by actions/router.ts: filters are built from the table's structure. */
export async function executeSearch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(
		this,
		async (client, itemIndex) => await searchTable(this, client, itemIndex),
	);
}
