/**
 * Only Records That and Emit When (issue 59): both triggers emit only the events whose record
 * matches a condition of Search's shape, comes to match it, or stops matching it. The condition,
 * given as JSON (Only Records That (JSON)) or as rules picked from lists (Only Records That, whose
 * lists conditionFields.ts makes), is read as Search reads its JSON (searchJson.ts), the rules as
 * the JSON they amount to, and checked against each table's fields as Search checks it
 * (search.ts), from the structure the output reads anyway; the record is judged by
 * shared/condition.ts, "before the change" being the record with the event's `previous` put back.
 * Judging costs no request beyond that structure (and the lookups the condition names:
 * people by e-mail or name, linked records by title), done once per structure read.
 */
import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { addLookups, filterOf, lookedUp } from '../actions/record/search';
import type { SearchConditions } from '../actions/record/searchJson';
import { FilterJsonError, readFilterJson } from '../actions/record/searchJson';
import type { Condition } from '../shared/condition';
import { recordMatches, undecidable } from '../shared/condition';
import {
	MATCH_OPTIONS,
	ruleComparisonProperty,
	ruleFieldProperty,
	ruleValueProperty,
} from '../shared/filterRules';
import type { Field, Lookups } from '../shared/fields';
import type { RecordsClient, RunBudget } from '../shared/records';
import { recordsClient } from '../shared/records';
import type { RequestContext } from '../shared/transport';
import type { KeptReads } from './keptReads';

export type ConditionChange = 'matches' | 'enters' | 'leaves';

export const conditionOption: INodeProperties = {
	displayName: 'Only Records That (JSON)',
	name: 'condition',
	type: 'json',
	default: '{\n  "operator": "and",\n  "fields": []\n}',
	placeholder:
		'{"operator": "and", "fields": [{"field": "Status", "comparison": "is", "value": "Complete"}]}',
	description:
		'The condition as JSON, as Search takes it (for an expression or a tool): {"operator": "and" or "or", "fields": [{"field": "Status", "comparison": "is", "value": "Complete"}]}: fields by label or slug, values as in Search (an option\'s label, people by e-mail, today…). Only the events whose record passes Emit When start the workflow; the others are read once and never emitted. "Today" is the day of the event in the workflow\'s time zone. Not with Only Records That (the rules).',
};

/** What the rule lists depend on: the watched tables (or the existing webhook that watches them). */
const WATCHED = ['source', 'solutionId.value', 'watch', 'tableIds', 'tableId.value', 'webhookId'];

export const conditionRulesOption: INodeProperties = {
	displayName: 'Only Records That',
	name: 'conditionRules',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Rule',
	default: {},
	description:
		'The rules a record must pass, each field and comparison picked from the fields of the watched tables (fields by label). Only the events whose record passes Emit When start the workflow; the others are read once and never emitted. Not with Only Records That (JSON).',
	options: [
		{
			displayName: 'Rule',
			name: 'rule',
			values: [
				ruleFieldProperty('getConditionFields', WATCHED),
				ruleComparisonProperty('getConditionComparisons', WATCHED),
				ruleValueProperty,
			],
		},
	],
};

export const conditionMatchOption: INodeProperties = {
	displayName: 'Only Records That Match',
	name: 'conditionMatch',
	type: 'options',
	options: MATCH_OPTIONS,
	default: 'and',
	description: 'With Only Records That: whether a record must pass every rule or one of them',
};

export const conditionChangeOption: INodeProperties = {
	displayName: 'Emit When',
	name: 'conditionChange',
	type: 'options',
	options: [
		{
			name: 'Record Comes to Match',
			value: 'enters',
			description:
				'It did not match before the change, or it was created matching: e.g. a task becomes Complete',
		},
		{
			name: 'Record Matches After the Change',
			value: 'matches',
			description: 'Every change of a record that matches once changed (not a deletion)',
		},
		{
			name: 'Record Stops Matching',
			value: 'leaves',
			description: 'It matched before the change and no longer does, or it was deleted matching',
		},
	],
	default: 'matches',
	description: 'With Only Records That: which changes start the workflow',
};

/** The condition of a trigger, as the user gave it. */
export interface EventCondition {
	node: INode;
	given: Pick<SearchConditions, 'operator' | 'rules'>;
	/** The condition as given, to know when a compiled one still holds. */
	text: string;
	change: ConditionChange;
	timeZone: string;
}

/** The condition compiled for a table, kept with the structure it was compiled from. */
export interface KeptCondition {
	structure: Field[];
	text: string;
	timeZone: string;
	condition: Condition;
}

const CHANGES: ConditionChange[] = ['matches', 'enters', 'leaves'];

/** What a condition looks like, for its errors: Search's filter without "filter" around it and without sort. */
const CONDITION_JSON_SHAPE =
	'{"operator": "and" or "or", "fields": [{"field": a field\'s label or slug, "comparison": a comparison such as "is", "value": the value}]}';

/** The options of a condition, as the trigger's Options give them. */
export interface ConditionOptions {
	/** Only Records That (JSON). */
	condition?: unknown;
	/** Only Records That: the rules builder, `{rule: [{field, comparison, value}]}`. */
	conditionRules?: unknown;
	/** Only Records That Match: "and" or "or", for the rules. */
	conditionMatch?: unknown;
	conditionChange?: unknown;
}

/**
 * Only Records That (the rules or the JSON) and Emit When of the trigger's options; undefined
 * without a condition. The rules are read as the JSON `{"operator", "fields"}` they amount to, so
 * that both are checked and judged alike.
 */
export function readCondition(
	node: INode,
	options: ConditionOptions,
	timeZone: string,
): EventCondition | undefined {
	const rulesGiven = options.conditionRules !== undefined || options.conditionMatch !== undefined;
	if (options.condition === undefined && !rulesGiven) return undefined;
	const fail = (message: string): never => {
		throw new NodeOperationError(node, `Only Records That: ${message}`);
	};
	if (options.condition !== undefined && rulesGiven) {
		const rules = [
			...(options.conditionRules === undefined ? [] : ['Only Records That']),
			...(options.conditionMatch === undefined ? [] : ['Only Records That Match']),
		];
		fail(
			`the rules (${rules.join(', ')}) and the JSON (Only Records That (JSON)) are both given; remove one of them from the options`,
		);
	}
	const change = (options.conditionChange ?? 'matches') as ConditionChange;
	if (!CHANGES.includes(change))
		fail(`Emit When is ${JSON.stringify(change)}, not one of ${CHANGES.join(', ')}`);
	const given = rulesGiven
		? { operator: options.conditionMatch ?? 'and', fields: rulesOf(options.conditionRules, fail) }
		: options.condition;
	let conditions: SearchConditions | undefined;
	try {
		conditions = readFilterJson(given);
	} catch (error) {
		fail(
			error instanceof FilterJsonError
				? `${error.what}. Expected: ${CONDITION_JSON_SHAPE}`
				: (error as Error).message,
		);
	}
	const { operator, rules, sort } = conditions!;
	if (sort.length > 0) fail('a condition has no sort; remove "sort"');
	const text = typeof given === 'string' ? given : JSON.stringify(given);
	return { node, given: { operator, rules }, text, change, timeZone };
}

/** The rules of the rules builder, `{rule: [...]}` (none when it holds none). */
function rulesOf(given: unknown, fail: (message: string) => never): unknown {
	if (given === undefined || given === null) return [];
	if (typeof given !== 'object' || Array.isArray(given))
		return fail(`the rules are ${JSON.stringify(given)}, not {"rule": [the rules]}`);
	return (given as { rule?: unknown }).rule ?? [];
}

/**
 * The condition for a table, as Search checks it (its errors: a field the table lacks, a
 * comparison the field's type does not allow, a value it cannot take) and refused where a rule
 * cannot be decided on a record.
 */
async function compiled(
	client: RecordsClient,
	structure: Field[],
	wanted: EventCondition,
): Promise<Condition> {
	const lookups: Lookups = { people: false, titles: new Map() };
	addLookups(wanted.given.rules, structure, lookups);
	const filter = filterOf(
		wanted.node,
		wanted.given,
		await lookedUp(client, lookups, wanted.timeZone),
		structure,
	);
	const bySlug = new Map(structure.map((field) => [field.slug, field]));
	const rules = filter.fields.map(({ field, comparison, value }) => {
		const rule = { field: bySlug.get(field)!, comparison, value };
		const reason = undecidable(rule);
		if (reason)
			throw new NodeOperationError(
				wanted.node,
				`Only Records That: the rule on "${rule.field.label}" (${comparison}) cannot be decided on a record: ${reason}`,
			);
		return rule;
	});
	return { operator: filter.operator, rules };
}

/** The condition compiled for a table, once per structure read (kept with it). */
async function conditionFor(
	client: RecordsClient,
	kept: KeptReads,
	tableId: string,
	structure: Field[],
	wanted: EventCondition,
): Promise<Condition> {
	const known = kept.conditions.get(tableId);
	if (
		known?.structure === structure &&
		known.text === wanted.text &&
		known.timeZone === wanted.timeZone
	)
		return known.condition;
	const condition = await compiled(client, structure, wanted);
	kept.conditions.set(tableId, {
		structure,
		text: wanted.text,
		timeZone: wanted.timeZone,
		condition,
	});
	return condition;
}

/**
 * On activation: the condition checked against the fields of each table the scope names (one
 * structure read each), so that a wrong one fails the activation, not a later run. A scope of a
 * whole solution names no table: its tables are checked at their first event.
 */
export async function checkOnTables(
	context: RequestContext,
	wanted: EventCondition,
	filter: IDataObject,
	budget?: RunBudget,
): Promise<void> {
	const tables = objectOf(filter.applications).application_ids;
	const table = objectOf(filter.application).application_id;
	const tableIds = Array.isArray(tables) ? tables.map(String) : table ? [String(table)] : [];
	if (tableIds.length === 0) return;
	const client = await recordsClient(context, budget);
	for (const tableId of tableIds) await compiled(client, await client.structure(tableId), wanted);
}

const objectOf = (value: unknown): IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as IDataObject)
		: {};

/**
 * Which of the simplified events (record and previous by slug) pass the condition; `tables` are
 * their tables' structures (undefined for an event that names no table).
 */
export async function passingEvents(
	client: RecordsClient,
	kept: KeptReads,
	simple: IDataObject[],
	tables: Array<Field[] | undefined>,
	wanted: EventCondition,
): Promise<boolean[]> {
	const passes: boolean[] = [];
	for (const [index, event] of simple.entries()) {
		const structure = tables[index];
		if (!structure)
			throw new NodeOperationError(
				wanted.node,
				`Only Records That: the event ${JSON.stringify(event.event_id)} names no table, so its record cannot be checked`,
			);
		const tableId = String(event.application_id);
		const condition = await conditionFor(client, kept, tableId, structure, wanted);
		const at = Date.parse(String(event.event_at));
		const moment = { atMs: Number.isNaN(at) ? Date.now() : at, timeZone: wanted.timeZone };
		const record = objectOf(event.record);
		const matchesAfter =
			event.kind !== 'RECORD_DELETED' && recordMatches(record, condition, moment);
		const matchedBefore =
			event.kind !== 'RECORD_CREATED' &&
			recordMatches({ ...record, ...objectOf(event.previous) }, condition, moment);
		passes.push(
			wanted.change === 'matches'
				? matchesAfter
				: wanted.change === 'enters'
					? matchesAfter && !matchedBefore
					: matchedBefore && !matchesAfter,
		);
	}
	return passes;
}
