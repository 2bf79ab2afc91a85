import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ConvertContext, Field, Lookups } from '../../shared/fields';
import {
	describeGiven,
	lookupsIn,
	takesList,
	toFilterValue,
	ValueError,
} from '../../shared/fields';
import { tableLocator } from '../../shared/locators';
import type { RecordsClient } from '../../shared/records';
import { MAX_ITEMS_PER_RUN } from '../pages';
import { isTool, returnAllFields } from '../shared';
import { eachItem, readTableId, shownRecords, readableField, simplifyField } from './common';
import type { LookupErrors } from './linked';
import { convertContextFor, lookupErrorOf } from './linked';
import { listRecords } from './list';

const show = { resource: ['record'], operation: ['search'] };

/** Search's default Limit in the SmartSuite Tool: a model reads every record it gets. */
const TOOL_LIMIT = 20;
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

function rulesOf(context: IExecuteFunctions, itemIndex: number): Rule[] {
	return (context.getNodeParameter('filters.rule', itemIndex, []) as Rule[]) ?? [];
}

/** A rule's value as the lookups read it: people by e-mail or name, linked records by title. */
function lookedUpValue(rule: Rule): IDataObject | undefined {
	if (typeof rule.field !== 'string' || !takesList(String(rule.comparison ?? ''))) return undefined;
	return { [rule.field]: rule.value ?? '' };
}

/** What every item's rules name, looked up once for all items; a failed lookup fails only the items that need it. */
interface ItemsLookups {
	convert: ConvertContext;
	errors: LookupErrors;
}

async function lookupsOfItems(
	context: IExecuteFunctions,
	client: RecordsClient,
): Promise<ItemsLookups> {
	const lookups: Lookups = { people: false, titles: new Map() };
	for (const itemIndex of context.getInputData().keys()) {
		try {
			const structure = await client.structure(readTableId(context, itemIndex));
			for (const rule of rulesOf(context, itemIndex)) {
				const value = lookedUpValue(rule);
				if (value) lookupsIn(value, structure, lookups);
			}
		} catch {
			// The item fails on its own when it runs (its table or its rules), with its own error.
		}
	}
	const errors: LookupErrors = { tables: new Map() };
	return {
		convert: await convertContextFor(client, lookups, context.getTimezone(), errors),
		errors,
	};
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
function filterOf(
	context: IExecuteFunctions,
	{ convert, errors }: ItemsLookups,
	structure: Field[],
	itemIndex: number,
): IDataObject {
	const node = context.getNode();
	const rules = rulesOf(context, itemIndex);
	for (const rule of rules) {
		const value = lookedUpValue(rule);
		const failed = value && lookupErrorOf(value, structure, errors);
		if (failed) throw failed;
	}
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
	lookups: ItemsLookups,
	itemIndex: number,
): Promise<IDataObject[]> {
	const tableId = readTableId(context, itemIndex);
	const structure = await client.structure(tableId);
	const body = {
		filter: filterOf(context, lookups, structure, itemIndex),
		sort: sortOf(context, structure, itemIndex),
	};
	const limit = readLimit(context, itemIndex);
	const { records, cut } = await listRecords(client, tableId, structure, body, {
		limit,
		most: MAX_ITEMS_PER_RUN,
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

/** Run by actions/router.ts: filters are built from the table's structure. */
export async function executeSearch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	let lookups: Promise<ItemsLookups> | undefined;
	return await eachItem(this, async (client, itemIndex) => {
		lookups ??= lookupsOfItems(this, client);
		return await searchTable(this, client, await lookups, itemIndex);
	});
}
