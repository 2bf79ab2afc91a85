/**
 * The lists of the triggers' rules builder (Only Records That, issue 59): the fields of the
 * watched tables that a condition can name and the trigger can decide on a record, once per
 * label, and the comparisons of a rule's field. A rule names its field by label, which the
 * condition reads in every table that has a field of that label (slugs differ from table to
 * table). The tables' structures come with the list of the solution's tables (one request); an
 * existing webhook's tables are the ones it watches (GetWebhook first).
 */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fieldByKey } from '../actions/record/fieldNames';
import { undecidable } from '../shared/condition';
import type { Field } from '../shared/fields';
import { specOf } from '../shared/fields';
import { fieldTypeName } from '../shared/fieldTypes';
import { comparisonOptions } from '../shared/filterRules';
import { listTables } from '../shared/directory';
import { isObject } from '../shared/fields/values';
import { fieldsOf } from '../shared/records';
import type { Scope } from '../shared/scope';
import { scopeOfWebhook } from './lookup';

interface WatchedTable {
	name: string;
	structure: Field[];
}

/** A parameter of the node being edited, or undefined where it has none. */
function current(context: ILoadOptionsFunctions, name: string): unknown {
	try {
		return context.getCurrentNodeParameter(name, { extractValue: true });
	} catch {
		return undefined;
	}
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * What the trigger being edited watches: the webhook it creates (its solution, Watch and
 * tables), or the existing webhook it reads; undefined until enough is chosen.
 */
async function watchedScope(context: ILoadOptionsFunctions): Promise<Scope | undefined> {
	const node = context.getNode();
	// Version 1 of the polling trigger reads an existing webhook unless Webhook says otherwise.
	const source =
		current(context, 'source') ??
		(/(^|\.)smartSuiteTrigger$/.test(node.type) && node.typeVersion === 1 ? 'existing' : 'managed');
	if (source === 'existing') {
		const webhookId = text(current(context, 'webhookId'));
		return webhookId ? await scopeOfWebhook(context, webhookId) : undefined;
	}
	const solutionId = text(current(context, 'solutionId'));
	if (!solutionId) return undefined;
	const watch = current(context, 'watch') ?? 'tables';
	if (watch === 'solution') return { solutionId, filter: { solution: {} } };
	if (watch === 'fields') {
		const tableId = text(current(context, 'tableId'));
		return tableId
			? { solutionId, filter: { application: { application_id: tableId } } }
			: undefined;
	}
	const given = current(context, 'tableIds');
	const tableIds = (Array.isArray(given) ? given : text(given).split(','))
		.map((id) => String(id).trim())
		.filter((id) => id !== '');
	return { solutionId, filter: { applications: { application_ids: tableIds } } };
}

/** The watched tables with their fields, in the order chosen (a whole solution: its tables). */
async function watchedTables(context: ILoadOptionsFunctions): Promise<WatchedTable[]> {
	const scope = await watchedScope(context);
	if (!scope) return [];
	const { filter } = scope;
	const ids =
		isObject(filter.applications) && Array.isArray(filter.applications.application_ids)
			? filter.applications.application_ids.map(String)
			: isObject(filter.application)
				? [String(filter.application.application_id)]
				: undefined;
	if (ids?.length === 0) return [];
	const tables = await listTables(context, scope.solutionId);
	const chosen = ids
		? ids.flatMap((id) => tables.filter((table) => String(table.id) === id))
		: tables;
	return chosen.map((table) => ({
		name: typeof table.name === 'string' && table.name !== '' ? table.name : String(table.id),
		structure: fieldsOf(Array.isArray(table.structure) ? table.structure : []),
	}));
}

/**
 * The comparisons a condition takes on every one of these fields (a label's field in each table
 * that has it): those of its type that the trigger can decide on a record.
 */
function comparisonsOf(fields: Field[]): string[] {
	const [first, ...others] = fields;
	if (!first) return [];
	const decidable = (field: Field) =>
		specOf(field).comparisons.filter(
			(comparison) => undecidable({ field, comparison, value: '' }) === undefined,
		);
	return others.reduce(
		(kept, field) => kept.filter((comparison) => decidable(field).includes(comparison)),
		decidable(first),
	);
}

/** The field a rule's name gives in each table that has it, as the condition reads it. */
const namedIn = (tables: WatchedTable[], key: unknown) =>
	tables.flatMap((table) => {
		const field = fieldByKey(table.structure, key);
		return field ? [{ table: table.name, field }] : [];
	});

/**
 * The fields of the watched tables a rule can name, once per label (in any case, as the condition
 * reads labels), by label; each with its type, and the tables that have it when not all do.
 */
async function getConditionFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const tables = await watchedTables(this);
	const labels = new Map<string, string>();
	for (const { structure } of tables)
		for (const { label } of structure)
			if (!labels.has(label.toLowerCase())) labels.set(label.toLowerCase(), label);
	return [...labels.values()].flatMap((label) => {
		const named = namedIn(tables, label);
		if (comparisonsOf(named.map(({ field }) => field)).length === 0) return [];
		const types = [...new Set(named.map(({ field }) => fieldTypeName(field.field_type)))];
		const where =
			named.length < tables.length
				? ` · only in ${named.map(({ table }) => table).join(', ')}`
				: '';
		return [{ name: label, value: label, description: `${types.join(' / ')}${where}` }];
	});
}

/** The comparisons of the rule's own field (beside this parameter), in every table that has it. */
async function getConditionComparisons(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const key = this.getCurrentNodeParameter('&field');
	if (typeof key !== 'string' || key === '') return [];
	const named = namedIn(await watchedTables(this), key);
	return comparisonOptions(comparisonsOf(named.map(({ field }) => field)));
}

export const conditionLoadOptions = { getConditionFields, getConditionComparisons };
