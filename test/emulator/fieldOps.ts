/**
 * A table's fields, writable as SmartSuite's reference describes (solution-data/fields/): add
 * (`POST applications/<t>/add_field/` with `{field: {slug, label, field_type, params, is_new},
 * field_position?, auto_fill_structure_layout?}`), change (`PUT …/change_field/` with the whole
 * field `{slug, label, field_type, params}`) and delete (`POST …/delete_field/` with `{slug}`,
 * answered with the deleted field). The reference documents no error bodies for them: refusals
 * here are 400 `{"<parameter>": ["message"]}` as its errors page describes, 404 for a table that
 * does not exist. Records keep the values of the options a change keeps (by option id); a value
 * whose option is gone is cleared, and a deleted field's values leave every record.
 */
import { randomUUID } from 'node:crypto';

import { ApiError } from './errors';
import { emptyValue } from './fieldTypes';
import { primaryFieldOf, tableOf } from './records';
import type { Body } from './records';
import type { Store } from './store';
import type { ChoiceObject, FieldObject, TableObject } from './types';

/**
 * The field types of SmartSuite's field-object reference that can be added through the API, with
 * Yes / No (field-types reference). The reference marks these system types "cannot be added via API".
 */
export const ADDABLE_FIELD_TYPES = [
	'singleselectfield',
	'multipleselectfield',
	'statusfield',
	'tagsfield',
	'textfield',
	'addressfield',
	'datefield',
	'daterangefield',
	'duedatefield',
	'durationfield',
	'timefield',
	'timetrackingfield',
	'checklistfield',
	'colorpickerfield',
	'emailfield',
	'fullnamefield',
	'ipaddressfield',
	'linkfield',
	'phonefield',
	'richtextareafield',
	'socialnetworkfield',
	'textareafield',
	'currencyfield',
	'numberfield',
	'numbersliderfield',
	'percentcompletefield',
	'percentfield',
	'ratingfield',
	'votefield',
	'countfield',
	'filefield',
	'signaturefield',
	'formulafield',
	'lookupfield',
	'rollupfield',
	'recordidfield',
	'subitemsfield',
	'buttonfield',
	'linkedrecordfield',
	'userfield',
	'yesnofield',
];
export const SYSTEM_FIELD_TYPES = [
	'recordtitlefield',
	'firstcreatedfield',
	'lastupdatedfield',
	'commentscountfield',
	'autonumberfield',
];
/** Types whose options are `params.choices` (`{value, label}`; the value is the id records hold). */
const CHOICE_TYPES = ['singleselectfield', 'multipleselectfield', 'statusfield'];

const refused = (parameter: string, message: string) =>
	new ApiError(400, message, { body: { [parameter]: [message] } });

function isObject(value: unknown): value is Body {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(body: Body, key: string): string {
	const value = body[key];
	if (typeof value !== 'string' || value.trim() === '')
		throw refused(key, 'This field may not be blank.');
	return value;
}

function fieldType(body: Body, existing?: FieldObject): string {
	const type = text(body, 'field_type');
	if (SYSTEM_FIELD_TYPES.includes(type) && type !== existing?.field_type)
		throw refused('field_type', `"${type}" is a system field type and cannot be added via API.`);
	if (!ADDABLE_FIELD_TYPES.includes(type) && type !== existing?.field_type)
		throw refused('field_type', `"${type}" is not a valid choice.`);
	return type;
}

/** Options: each `{label}` with a `value` id (one is given when missing); ids unique. */
function choicesOf(params: Body): ChoiceObject[] | undefined {
	if (params.choices === undefined) return undefined;
	if (!Array.isArray(params.choices)) throw refused('params', 'choices must be a list.');
	const seen = new Set<string>();
	return params.choices.map((choice) => {
		if (!isObject(choice) || typeof choice.label !== 'string' || choice.label.trim() === '')
			throw refused('params', 'Every choice needs a label.');
		const value =
			typeof choice.value === 'string' && choice.value !== '' ? choice.value : randomUUID();
		if (seen.has(value)) throw refused('params', `The choice id "${value}" is used twice.`);
		seen.add(value);
		return { ...choice, value, label: choice.label } as ChoiceObject;
	});
}

/**
 * Every Due Date is linked to a Status field of its table (SmartSuite's help, "Due Date field";
 * the app refuses one when the table has no Status field). The parameter's name is not in the
 * reference nor SmartSuite's MCP server: `status_field`, the Status field's slug, here.
 */
export function dueDateProblem(
	params: Body,
	structure: Array<Pick<FieldObject, 'slug' | 'field_type'>>,
): string | undefined {
	const linked = params.status_field;
	if (!structure.some((field) => field.field_type === 'statusfield'))
		return 'A Due Date field needs a Status field: the table has none.';
	if (typeof linked !== 'string' || linked === '')
		return 'status_field is required: the slug of the Status field the Due Date is linked to.';
	if (!structure.some((field) => field.slug === linked && field.field_type === 'statusfield'))
		return `status_field "${linked}" is not a Status field of the table.`;
	return undefined;
}

function checkedParams(
	store: Store,
	type: string,
	given: unknown,
	/** The table whose Status fields a new Due Date links to; absent: the link is not checked (a field kept a Due Date). */
	tableId?: string,
): FieldObject['params'] {
	if (given !== undefined && !isObject(given)) throw refused('params', 'Expected an object.');
	const params: Body = { ...(given ?? {}) };
	const choices = choicesOf(params);
	if (choices) params.choices = choices;
	if (CHOICE_TYPES.includes(type) && !choices) params.choices = [];
	if (type === 'duedatefield' && tableId !== undefined) {
		const problem = dueDateProblem(params, store.table(tableId)?.structure ?? []);
		if (problem) throw refused('params', problem);
	}
	if (type === 'linkedrecordfield') {
		const linked = params.linked_application;
		if (typeof linked !== 'string' || linked === '')
			throw refused('params', 'linked_application is required.');
		if (!store.table(linked)) throw refused('params', `Table "${linked}" does not exist.`);
		params.entries_allowed ??= 'multiple';
	}
	return params as FieldObject['params'];
}

function fieldIndex(table: TableObject, slug: unknown): number {
	const index = table.structure.findIndex((field) => field.slug === slug);
	if (index < 0) throw refused('slug', `The table has no field "${String(slug)}".`);
	return index;
}

/** Every stored record of the table (live and deleted). */
function recordsOf(store: Store, table: TableObject) {
	return [...store.recordsOf(table.id).values()];
}

export function addField(store: Store, tableId: string, body: Body): FieldObject {
	const table = tableOf(store, tableId);
	if (!isObject(body.field)) throw refused('field', 'This field is required.');
	const given = body.field;
	const slug = text(given, 'slug');
	if (table.structure.some((field) => field.slug === slug))
		throw refused('slug', `A field with the slug "${slug}" already exists.`);
	const type = fieldType(given);
	const field: FieldObject = {
		slug,
		label: text(given, 'label'),
		field_type: type,
		params: checkedParams(store, type, given.params, table.id),
	};
	const after = isObject(body.field_position) ? body.field_position.prev_sibling_slug : undefined;
	const position =
		typeof after === 'string' ? table.structure.findIndex((f) => f.slug === after) + 1 : 0;
	const structure = [...table.structure];
	structure.splice(position > 0 ? position : structure.length, 0, field);
	table.structure = structure;
	const empty = emptyValue(field);
	if (empty !== undefined)
		for (const stored of recordsOf(store, table)) stored.record[slug] = empty;
	return field;
}

/** A value of a choice field without the options that are gone. */
function keptValue(field: FieldObject, value: unknown): unknown {
	const ids = new Set((field.params.choices ?? []).map((choice) => choice.value));
	if (field.field_type === 'multipleselectfield' && Array.isArray(value))
		return value.filter((id) => ids.has(String(id)));
	if (field.field_type === 'singleselectfield' && typeof value === 'string' && value !== '')
		return ids.has(value) ? value : '';
	if (field.field_type === 'statusfield' && isObject(value) && typeof value.value === 'string')
		return ids.has(value.value) ? value : emptyValue(field);
	return value;
}

export function changeField(store: Store, tableId: string, body: Body): FieldObject {
	const table = tableOf(store, tableId);
	const index = fieldIndex(table, body.slug);
	const existing = table.structure[index];
	const type = fieldType(body, existing);
	const field: FieldObject = {
		slug: existing.slug,
		label: text(body, 'label'),
		field_type: type,
		params: checkedParams(
			store,
			type,
			body.params,
			type === existing.field_type ? undefined : table.id,
		),
	};
	table.structure = table.structure.map((candidate, i) => (i === index ? field : candidate));
	if (CHOICE_TYPES.includes(type))
		for (const stored of recordsOf(store, table))
			stored.record[field.slug] = keptValue(field, stored.record[field.slug]);
	return field;
}

export function deleteField(store: Store, tableId: string, body: Body): FieldObject {
	const table = tableOf(store, tableId);
	const index = fieldIndex(table, text(body, 'slug'));
	const field = table.structure[index];
	if (field.slug === primaryFieldOf(table))
		throw refused('slug', 'The primary field cannot be deleted.');
	if (field.params.system === true || SYSTEM_FIELD_TYPES.includes(field.field_type))
		throw refused('slug', 'A system field cannot be deleted.');
	table.structure = table.structure.filter((_field, i) => i !== index);
	for (const stored of recordsOf(store, table)) delete stored.record[field.slug];
	return field;
}
