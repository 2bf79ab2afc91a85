/**
 * Search's conditions as one JSON value (Specify Filter: Using JSON), the way a model fills one
 * `$fromAI(…, 'json')` argument. Its canonical shape is SmartSuite's own request body, with fields
 * by label or slug; the shorthands a model is likely to send are read too. Pure: the fields and
 * comparisons are checked against the table in search.ts.
 */
import { describeGiven } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';

export interface FilterRule {
	field?: unknown;
	comparison?: unknown;
	value?: unknown;
}

export interface SortRule {
	field?: unknown;
	direction?: unknown;
}

export interface SearchConditions {
	operator: 'and' | 'or';
	rules: FilterRule[];
	sort: SortRule[];
}

/** In words, not placeholders in angle brackets: n8n's toast reads a message as HTML and drops those. */
export const FILTER_JSON_SHAPE =
	'{"filter": {"operator": "and" or "or", "fields": [{"field": a field\'s label or slug, "comparison": a comparison such as "is", "value": the value}]}, "sort": [{"field": a field\'s label or slug, "direction": "asc" or "desc"}]}';

/** An error in the JSON's shape: the message says what was wrong (`what`) and the shape that works. */
export class FilterJsonError extends Error {
	constructor(readonly what: string) {
		super(`${what}. Expected: ${FILTER_JSON_SHAPE}`);
	}
}

const fail = (what: string): never => {
	throw new FilterJsonError(what);
};

function parsed(given: unknown): unknown {
	if (typeof given !== 'string') return given;
	if (given.trim() === '') return {};
	try {
		return JSON.parse(given) as unknown;
	} catch {
		return fail(`The filter is not valid JSON: ${describeGiven(given)}`);
	}
}

/** Exactly the keys a part may have: a misspelt key would otherwise widen the search silently. */
function checkKeys(object: Record<string, unknown>, allowed: string[], what: string): void {
	const unknown = Object.keys(object).filter((key) => !allowed.includes(key));
	if (unknown.length > 0) {
		fail(
			`The ${what} has the key ${unknown.map((key) => `"${key}"`).join(', ')}, which it cannot have (its keys: ${allowed.join(', ')})`,
		);
	}
}

function operatorOf(given: unknown): 'and' | 'or' {
	if (given === undefined || given === null || given === '') return 'and';
	const operator = String(given).toLowerCase();
	if (operator === 'and' || operator === 'or') return operator;
	return fail(`The filter's operator is ${describeGiven(given)}, not "and" or "or"`);
}

function rulesOf(given: unknown): FilterRule[] {
	if (given === undefined || given === null) return [];
	const list = Array.isArray(given) ? (given as unknown[]) : [given];
	return list.map((rule) => {
		if (!isObject(rule)) return fail(`A filter rule is ${describeGiven(rule)}, not an object`);
		checkKeys(rule, ['field', 'comparison', 'value'], 'filter rule');
		if (typeof rule.field !== 'string' || typeof rule.comparison !== 'string')
			fail(`The filter rule ${describeGiven(rule)} needs a "field" and a "comparison"`);
		return rule;
	});
}

function sortOf(given: unknown): SortRule[] {
	if (given === undefined || given === null) return [];
	const list = Array.isArray(given) ? (given as unknown[]) : [given];
	return list.map((rule) => {
		if (!isObject(rule)) return fail(`A sort rule is ${describeGiven(rule)}, not an object`);
		checkKeys(rule, ['field', 'direction'], 'sort rule');
		if (typeof rule.field !== 'string')
			fail(`The sort rule ${describeGiven(rule)} needs a "field"`);
		const direction = String(rule.direction ?? 'asc').toLowerCase();
		if (direction !== 'asc' && direction !== 'desc')
			fail(
				`The sort rule on "${String(rule.field)}" has the direction ${describeGiven(rule.direction)}, not "asc" or "desc"`,
			);
		return { field: rule.field, direction };
	});
}

/** `{"operator", "fields"}`, or a list of rules, or one rule. */
function filterOf(given: unknown): Pick<SearchConditions, 'operator' | 'rules'> {
	if (isObject(given) && !('field' in given)) {
		checkKeys(given, ['operator', 'fields'], 'filter');
		return { operator: operatorOf(given.operator), rules: rulesOf(given.fields) };
	}
	return { operator: 'and', rules: rulesOf(given) };
}

/**
 * The conditions of the JSON: `{"filter": …, "sort": […]}`; or the shorthands `{"operator",
 * "fields", "sort"?}`, a list of rules, one rule; an object or its JSON text.
 */
export function readFilterJson(given: unknown): SearchConditions {
	const value = parsed(given);
	if (Array.isArray(value)) return { ...filterOf(value), sort: [] };
	if (!isObject(value)) return fail(`The filter is ${describeGiven(value)}, not an object`);
	if ('field' in value) return { ...filterOf(value), sort: [] };
	if ('operator' in value || 'fields' in value) {
		checkKeys(value, ['operator', 'fields', 'sort'], 'filter');
		const { sort, ...filter } = value;
		return { ...filterOf(filter), sort: sortOf(sort) };
	}
	checkKeys(value, ['filter', 'sort'], 'JSON');
	return { ...filterOf(value.filter ?? []), sort: sortOf(value.sort) };
}
