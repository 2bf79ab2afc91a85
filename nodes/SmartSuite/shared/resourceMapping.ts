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
 * One mapper field: slug as id, label, type. Create shows read-only fields, marked, so a user sees
 * why they cannot be written, and SmartSuite's required flags; Update and Upsert (which may change
 * one field of a record) offer only the fields that can be written, none required.
 */
export function mapperField(field: Field, mode: 'add' | 'update' | 'upsert'): ResourceMapperField {
	const spec = specOf(field);
	const readOnly = isReadOnly(field);
	return {
		id: field.slug,
		// The mapper has no descriptions: a file field says here what it takes.
		displayName:
			field.field_type === 'filefield' ? `${field.label} (public file URLs)` : field.label,
		required: mode === 'add' && !readOnly && field.params?.required === true,
		defaultMatch: false,
		canBeUsedToMatch: mode === 'upsert' && !readOnly && canMatchOn(field),
		display: mode === 'add' || !readOnly,
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
