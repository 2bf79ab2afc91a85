import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { choicesOf, isReadOnly } from '../../shared/fields';
import { tableLocator } from '../../shared/locators';
import { eachItem, readTableId } from '../record/common';

const show = { resource: ['table'], operation: ['get'] };

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a table and its fields',
	description:
		"Read a table's structure: with Fields as Items, one item per field (slug, label, type, required, choices, linked table), to know how to write its records",
};

export const getFields: INodeProperties[] = [
	tableLocator({ description: 'The table (application) to read', displayOptions: { show } }),
	{
		displayName: 'Fields as Items',
		name: 'fieldsAsItems',
		type: 'boolean',
		default: false,
		description:
			"Whether to output one item per field (slug, label, type, required, read-only, choices with labels and IDs, linked table) instead of the table as SmartSuite answers it. Write a record's values under a field's slug or label; a select takes a choice's label or ID.",
		displayOptions: { show },
	},
];

/** A field as an item: what writing a value to it needs. */
export function fieldItem(field: Field, primaryField: string): IDataObject {
	const params = field.params ?? {};
	return {
		slug: field.slug,
		label: field.label,
		type: field.field_type,
		required: params.required === true,
		readOnly: isReadOnly(field),
		primary: field.slug === primaryField,
		choices: choicesOf(field).map(({ label, value }) => ({ label, id: value })),
		linkedTable: typeof params.linked_application === 'string' ? params.linked_application : null,
	};
}

/**
 * `GET /api/v1/applications/<id>/` (reference: tables/get-table.md): the same read, once per table
 * and run, as the mapper's and the Record operations' (recordsClient's structure).
 */
export async function executeGet(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const tableId = readTableId(this, itemIndex);
		if (!this.getNodeParameter('fieldsAsItems', itemIndex, false))
			return [await client.table(tableId)];
		const primaryField = await client.primaryField(tableId);
		return (await client.structure(tableId)).map((field) => fieldItem(field, primaryField));
	});
}
