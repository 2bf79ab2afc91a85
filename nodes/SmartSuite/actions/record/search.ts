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
	specOf,
	takesList,
	toFilterValue,
	ValueError,
} from '../../shared/fields';
import {
	MATCH_OPTIONS,
	ruleComparisonProperty,
	ruleFieldProperty,
	ruleValueProperty,
} from '../../shared/filterRules';
import { tableLocator } from '../../shared/locators';
import type { RecordsClient } from '../../shared/records';
import { MAX_ITEMS_PER_RUN } from '../pages';
import { isTool, returnAllFields } from '../shared';
import { eachItem, readTableId, shownRecords, readableFields, simplifyField } from './common';
import { fieldByKey, fieldList } from './fieldNames';
import type { LookupErrors } from './linked';
import { convertContextFor, lookupErrorOf } from './linked';
import { cursorOffset, encodeCursor, queryFingerprint } from './cursor';
import { listRecords } from './list';
import { onlyFields, outputFieldsField, readOutputFields } from './outputFields';
import type { FilterRule, SearchConditions, SortRule } from './searchJson';
import { FILTER_JSON_SHAPE, readFilterJson } from './searchJson';
import { richTextAsField } from '../../shared/richText';

const show = { resource: ['record'], operation: ['search'] };
const showRules = { ...show, filterInput: ['rules'] };

/** Search's default Limit in the SmartSuite Tool: a model reads every record it gets. */
const TOOL_LIMIT = 20;
export const searchOperation: INodePropertyOptions = {
	name: 'Search',
	value: 'search',
	action: 'Search the records of a table by filter',
	description:
		'Output the records that match a filter, sorted, up to a limit or all of them; as a tool, a last {"more": {"count", "cursor"}} item says when the limit left matching records out, and its Cursor continues the search',
};

/** A rule's field, from the chosen table (the slug is the value). */
const fieldOfTable = (loadOptionsMethod: string) =>
	ruleFieldProperty(loadOptionsMethod, ['tableId.value']);

export const searchFields: INodeProperties[] = [
	tableLocator({ description: 'The table (application) to search', displayOptions: { show } }),
	{
		displayName: 'Specify Filter',
		name: 'filterInput',
		type: 'options',
		options: [
			{
				name: 'Using Rules Below',
				value: 'rules',
				description: 'Pick each rule’s field and comparison from the table',
			},
			{
				name: 'Using JSON',
				value: 'json',
				description: 'The filter and sort as one JSON object, e.g. from an expression or a model',
			},
		],
		default: 'rules',
		displayOptions: { show },
	},
	{
		displayName: 'Filter (JSON)',
		name: 'filterJson',
		type: 'json',
		default: '{\n  "filter": { "operator": "and", "fields": [] },\n  "sort": []\n}',
		description: `SmartSuite's filter and sort with fields by label or slug: ${FILTER_JSON_SHAPE}. A rule's value takes the forms of a Value in the rules (an option's label, people by e-mail or name, linked records by title, today…). Also read: a list of rules, or {"operator", "fields"} alone.`,
		displayOptions: { show: { ...show, filterInput: ['json'] } },
	},
	{
		displayName: 'Match',
		name: 'match',
		type: 'options',
		options: MATCH_OPTIONS,
		default: 'and',
		displayOptions: { show: showRules },
	},
	{
		displayName: 'Filter Rules',
		name: 'filters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Filter Rule',
		default: {},
		description: 'Without rules, every record of the table matches',
		displayOptions: { show: showRules },
		options: [
			{
				displayName: 'Rule',
				name: 'rule',
				values: [
					fieldOfTable('getSearchFields'),
					ruleComparisonProperty('getComparisons', ['tableId.value']),
					ruleValueProperty,
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
		displayOptions: { show: showRules },
		options: [
			{
				displayName: 'Rule',
				name: 'rule',
				values: [
					fieldOfTable('getTableFields'),
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
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Cursor',
				name: 'cursor',
				type: 'string',
				default: '',
				description:
					'Continue a search where it stopped: the "cursor" of the last {"more": …} item a search with the same table, filter and sort gave. The next records come in the same order. Empty: from the first record.',
			},
		],
	},
	outputFieldsField(show),
	simplifyField(show),
	...readableFields(show),
	richTextAsField(show),
];

/** An item's conditions, comparisons in any case (`"IS"`, as labels and values are taken). */
function conditionsOf(context: IExecuteFunctions, itemIndex: number): SearchConditions {
	const conditions = givenConditions(context, itemIndex);
	const rules = conditions.rules.map((rule) =>
		typeof rule.comparison === 'string'
			? { ...rule, comparison: rule.comparison.trim().toLowerCase() }
			: rule,
	);
	return { ...conditions, rules };
}

/** The fixed rules, or the JSON (Specify Filter). */
function givenConditions(context: IExecuteFunctions, itemIndex: number): SearchConditions {
	if (context.getNodeParameter('filterInput', itemIndex, 'rules') === 'json') {
		try {
			return readFilterJson(context.getNodeParameter('filterJson', itemIndex, ''));
		} catch (error) {
			// readFilterJson's errors say what is wrong with the JSON and the shape that works.
			throw new NodeOperationError(context.getNode(), (error as Error).message, { itemIndex });
		}
	}
	return {
		operator: context.getNodeParameter('match', itemIndex, 'and') as SearchConditions['operator'],
		rules: (context.getNodeParameter('filters.rule', itemIndex, []) as FilterRule[]) ?? [],
		sort: (context.getNodeParameter('sort.rule', itemIndex, []) as SortRule[]) ?? [],
	};
}

/** A rule's value as the lookups read it: people by e-mail or name, linked records by title. */
function lookedUpValue(rule: FilterRule, structure: Field[]): IDataObject | undefined {
	const field = fieldByKey(structure, rule.field);
	if (!field || !takesList(String(rule.comparison ?? ''))) return undefined;
	return { [field.slug]: (rule.value ?? '') as IDataObject[string] };
}

/** What every item's rules name, looked up once for all items; a failed lookup fails only the items that need it. */
export interface ItemsLookups {
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
			addLookups(conditionsOf(context, itemIndex).rules, structure, lookups);
		} catch {
			// The item fails on its own when it runs (its table or its rules), with its own error.
		}
	}
	return await lookedUp(client, lookups, context.getTimezone());
}

/** Adds what the rules name to `lookups`: people by e-mail or name, linked records by title. */
export function addLookups(rules: FilterRule[], structure: Field[], lookups: Lookups): void {
	for (const rule of rules) {
		const value = lookedUpValue(rule, structure);
		if (value) lookupsIn(value, structure, lookups);
	}
}

/** The lookups read (the members, the linked tables' titles), in the workflow's time zone. */
export async function lookedUp(
	client: RecordsClient,
	lookups: Lookups,
	timeZone: string,
): Promise<ItemsLookups> {
	const errors: LookupErrors = { tables: new Map() };
	return { convert: await convertContextFor(client, lookups, timeZone, errors), errors };
}

function fieldNamed(
	node: INode,
	structure: Field[],
	key: unknown,
	what: 'filter' | 'sort',
	itemIndex?: number,
): Field {
	const field = fieldByKey(structure, key);
	if (field) return field;
	const usable =
		what === 'filter'
			? structure.filter((candidate) => specOf(candidate).comparisons.length > 0)
			: structure;
	throw new NodeOperationError(
		node,
		`The ${what} names no field of the table: ${describeGiven(key)}. The fields it can name (label or slug): ${fieldList(usable)}`,
		{ itemIndex },
	);
}

/** The comparison, when the field's type allows it; the error lists those it allows. */
function comparisonFor(node: INode, field: Field, given: unknown, itemIndex?: number): string {
	const comparison = String(given ?? '');
	const { comparisons } = specOf(field);
	if (comparisons.includes(comparison)) return comparison;
	const allowed =
		comparisons.length === 0
			? 'SmartSuite cannot filter by this field'
			: `its comparisons: ${comparisons.join(', ')}`;
	throw new NodeOperationError(
		node,
		`The comparison ${describeGiven(comparison)} cannot be used on the field "${field.label}" (${field.field_type}); ${allowed}`,
		{ itemIndex },
	);
}

/** SmartSuite's `filter`: the fields by slug, the values as SmartSuite takes them. */
export interface SearchFilter {
	operator: SearchConditions['operator'];
	fields: Array<{ field: string; comparison: string; value: unknown }>;
}

/** SmartSuite's `filter` from the rules; every comparison is checked against its field's type. */
export function filterOf(
	node: INode,
	{ operator, rules }: Pick<SearchConditions, 'operator' | 'rules'>,
	{ convert, errors }: ItemsLookups,
	structure: Field[],
	itemIndex?: number,
): SearchFilter {
	const fields = rules.map((rule) => {
		const field = fieldNamed(node, structure, rule.field, 'filter', itemIndex);
		const comparison = comparisonFor(node, field, rule.comparison, itemIndex);
		const value = lookedUpValue(rule, structure);
		const failed = value && lookupErrorOf(value, structure, errors);
		if (failed) throw failed;
		try {
			return {
				field: field.slug,
				comparison,
				value: toFilterValue(field, comparison, rule.value ?? '', convert),
			};
		} catch (error) {
			const expected = error instanceof ValueError ? error.expected : String(error);
			// What is expected is in the message: a model reads no description.
			throw new NodeOperationError(
				node,
				`The filter rule on "${field.label}" cannot be used: ${comparison} ${describeGiven(rule.value ?? '')}. Expected: ${expected}`,
				{ description: `The field is of type ${field.field_type}.`, itemIndex },
			);
		}
	});
	return { operator, fields };
}

function sortOf(
	node: INode,
	{ sort }: SearchConditions,
	structure: Field[],
	itemIndex: number,
): IDataObject[] {
	return sort.map((rule) => ({
		field: fieldNamed(node, structure, rule.field, 'sort', itemIndex).slug,
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
 * never ends is an error, never a silent cut. `run.output`: the records the run's items output so
 * far; together they stay within MAX_ITEMS_PER_RUN.
 */
async function searchTable(
	context: IExecuteFunctions,
	client: RecordsClient,
	lookups: ItemsLookups,
	itemIndex: number,
	run: { output: number },
): Promise<IDataObject[]> {
	const tableId = readTableId(context, itemIndex);
	const structure = await client.structure(tableId);
	const conditions = conditionsOf(context, itemIndex);
	const node = context.getNode();
	const body = {
		filter: filterOf(node, conditions, lookups, structure, itemIndex),
		sort: sortOf(node, conditions, structure, itemIndex),
	};
	const limit = readLimit(context, itemIndex);
	const query = queryFingerprint(tableId, body);
	const start = readCursor(context, query, itemIndex);
	const kept = readOutputFields(context, structure, itemIndex);
	const { records, cut } = await listRecords(client, tableId, structure, body, {
		limit,
		most: MAX_ITEMS_PER_RUN - run.output,
		earlier: run.output,
		start,
		itemIndex,
	});
	run.output += records.length;
	const chosen = onlyFields(records, kept);
	const shown = await shownRecords(context, client, chosen, structure, itemIndex);
	// A model sees only the items: it is told that more match, and the cursor to read them.
	if (cut && isTool(context))
		shown.push({
			more: {
				...(cut.total === undefined ? {} : { count: cut.total }),
				cursor: encodeCursor(cut.next, query),
			},
		});
	return shown;
}

/** The offset the Cursor option continues from (0 without one), checked against this search. */
function readCursor(context: IExecuteFunctions, query: string, itemIndex: number): number {
	const given = context.getNodeParameter('options.cursor', itemIndex, '') as unknown;
	if (given === undefined || given === null || given === '') return 0;
	try {
		return cursorOffset(String(given).trim(), query);
	} catch (error) {
		// cursorOffset throws only CursorErrors: what is wrong with the cursor and what to do.
		throw new NodeOperationError(context.getNode(), (error as Error).message, { itemIndex });
	}
}

/** Run by actions/router.ts: filters are built from the table's structure. */
export async function executeSearch(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	let lookups: Promise<ItemsLookups> | undefined;
	const run = { output: 0 };
	return await eachItem(this, async (client, itemIndex) => {
		lookups ??= lookupsOfItems(this, client);
		return await searchTable(this, client, await lookups, itemIndex, run);
	});
}
