/** The Columns mapper of Create, Update and Upsert, fed from the table's structure. */
import type {
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { canMatchOn, choicesOf, isReadOnly, specOf } from './fields';
import type { Field } from './fields';
import { recordsClient } from './records';

/**
 * The form a field's value takes, said after its label (n8n's mapper has no placeholder or
 * description for a field); the forms are those of docs/records.md.
 */
const TAKES: Record<string, string> = {
	datefield: 'date, e.g. 2026-12-01 or 2026-12-01 14:30',
	daterangefield: 'from/to, e.g. 2026-12-01/2026-12-15',
	duedatefield: 'from/to, e.g. 2026-12-01/2026-12-15',
	timefield: 'time, e.g. 09:30',
	multipleselectfield: 'labels, separated by commas',
	linkedrecordfield: 'record titles or ids, separated by commas',
	userfield: 'full names, e-mails or member ids, separated by commas',
	tagsfield: 'tag ids',
	filefield: 'public file URLs',
	phonefield: 'numbers with +country code, separated by commas',
};

/**
 * One mapper field: slug as id, label with the form of its value, type. Read-only fields are not
 * offered (n8n's mapper would show them as editable inputs); Create marks SmartSuite's required
 * fields, Update and Upsert (which may change one field of a record) none.
 */
export function mapperField(field: Field, mode: 'add' | 'update' | 'upsert'): ResourceMapperField {
	const spec = specOf(field);
	const readOnly = isReadOnly(field);
	const takes = TAKES[field.field_type];
	return {
		id: field.slug,
		displayName: takes ? `${field.label} (${takes})` : field.label,
		required: mode === 'add' && !readOnly && field.params?.required === true,
		defaultMatch: false,
		canBeUsedToMatch: mode === 'upsert' && !readOnly && canMatchOn(field),
		display: !readOnly,
		type: spec.mapperType,
		readOnly,
		...(spec.mapperType === 'options'
			? { options: choicesOf(field).map((choice) => ({ name: choice.label, value: choice.value })) }
			: {}),
	};
}

/**
 * The fields of the chosen table; no field before a table is chosen (the mapper then shows
 * nothing: n8n's editor keeps an `emptyFieldsNotice` after a table is chosen, and the node asks
 * for the table itself).
 */
async function columns(
	context: ILoadOptionsFunctions,
	mode: 'add' | 'update' | 'upsert',
): Promise<ResourceMapperFields> {
	const tableId = context.getNodeParameter('tableId', undefined, { extractValue: true });
	if (typeof tableId !== 'string' || tableId.trim() === '') return { fields: [] };
	const client = await recordsClient(context);
	const structure = await client.structure(tableId.trim());
	return { fields: structure.map((field) => mapperField(field, mode)) };
}

async function getColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return await columns(this, 'add');
}

async function getUpdateColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return await columns(this, 'update');
}

/** Upsert's mapper: fields whose type can identify a record can be matched on. */
async function getUpsertColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return await columns(this, 'upsert');
}

export const resourceMapping = { getColumns, getUpdateColumns, getUpsertColumns };
