/** The Columns mapper of Create and Update, fed from the table's structure. */
import type {
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { choicesOf, isReadOnly, specOf } from './fields';
import type { Field } from './fields';
import { recordsClient } from './records';

/** One mapper field: slug as id, label, type; read-only fields shown and marked, so a user sees why they cannot be written. */
export function mapperField(field: Field): ResourceMapperField {
	const spec = specOf(field);
	const readOnly = isReadOnly(field);
	return {
		id: field.slug,
		displayName: field.label,
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

async function getColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const tableId = this.getNodeParameter('tableId', undefined, { extractValue: true });
	if (typeof tableId !== 'string' || tableId.trim() === '')
		return { fields: [], emptyFieldsNotice: 'Choose a table first' };
	const client = await recordsClient(this);
	const structure = await client.structure(tableId.trim());
	return { fields: structure.map(mapperField) };
}

export const resourceMapping = { getColumns };
