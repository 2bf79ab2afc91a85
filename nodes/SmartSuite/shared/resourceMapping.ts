/** The Columns mapper of Create and Update, fed from the table's structure. */
import type {
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { canMatchOn, choicesOf, isReadOnly, specOf } from './fields';
import type { Field } from './fields';
import { recordsClient } from './records';

/** What a field takes, said in its name where its label would mislead (the mapper has no descriptions). */
const TAKES: Record<string, string> = { filefield: 'public file URLs', tagsfield: 'tag ids' };

/** One mapper field: slug as id, label, type; read-only fields shown and marked, so a user sees why they cannot be written. */
export function mapperField(field: Field): ResourceMapperField {
	const spec = specOf(field);
	const readOnly = isReadOnly(field);
	const takes = TAKES[field.field_type];
	return {
		id: field.slug,
		displayName: takes ? `${field.label} (${takes})` : field.label,
		required: !readOnly && field.params?.required === true,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: spec.mapperType,
		readOnly,
		...(spec.mapperType === 'options'
			? { options: choicesOf(field).map((choice) => ({ name: choice.label, value: choice.value })) }
			: {}),
	};
}

async function chosenStructure(context: ILoadOptionsFunctions): Promise<Field[] | undefined> {
	const tableId = context.getNodeParameter('tableId', undefined, { extractValue: true });
	if (typeof tableId !== 'string' || tableId.trim() === '') return undefined;
	const client = await recordsClient(context);
	return await client.structure(tableId.trim());
}

const NO_TABLE: ResourceMapperFields = { fields: [], emptyFieldsNotice: 'Choose a table first' };

async function getColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const structure = await chosenStructure(this);
	return structure ? { fields: structure.map(mapperField) } : NO_TABLE;
}

/** Upsert's mapper: the same fields; those whose type can identify a record can be matched on. */
async function getUpsertColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const structure = await chosenStructure(this);
	if (!structure) return NO_TABLE;
	return {
		fields: structure.map((field) => ({
			...mapperField(field),
			canBeUsedToMatch: !isReadOnly(field) && canMatchOn(field),
		})),
	};
}

export const resourceMapping = { getColumns, getUpsertColumns };
