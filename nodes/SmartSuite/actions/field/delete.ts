import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { tableLocator } from '../../shared/locators';
import { tableNotFound } from '../../shared/records';
import { answerOf, eachItem, readTableId } from '../record/common';
import { fieldLocator, fieldPath, findField } from './common';

const show = { resource: ['field'], operation: ['delete'] };

export const deleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a field and its values from a table',
	description:
		"Remove a field from a table: every record loses the field's values. The title (primary) field cannot be deleted.",
};

export const deleteFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) that holds the field',
		displayOptions: { show },
	}),
	fieldLocator(
		show,
		"The field to delete: picked from the table, or its slug or label. Every record of the table loses this field's values.",
	),
];

/** Run by actions/router.ts: the table's structure is read once per run, then one delete per item. */
export async function executeDelete(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const deleted = new Set<string>();
	return await eachItem(this, async (client, itemIndex) => {
		const tableId = readTableId(this, itemIndex);
		const field = findField(this, await client.structure(tableId), tableId, itemIndex);
		const key = `${tableId}/${field.slug}`;
		const done = { tableId, slug: field.slug, label: field.label, deleted: true };
		// Nothing is deleted twice: a field an earlier item of this run deleted is gone already.
		if (deleted.has(key)) return [done];
		if (field.slug === (await client.primaryField(tableId)))
			throw new NodeOperationError(
				this.getNode(),
				`The field "${field.label}" is the table's title (primary) field and cannot be deleted`,
				{ description: 'Every table keeps its title field. Nothing was deleted.', itemIndex },
			);
		await answerOf(
			client,
			{
				method: 'POST',
				url: fieldPath(tableId, 'delete_field'),
				body: { slug: field.slug },
				action: `delete the field "${field.label}"`,
				notFound: tableNotFound(tableId, client.node),
				repeatable: false,
				anyBody: true,
				unanswered: {
					message: 'The field may have been deleted',
					description: 'It was not sent again. Check the table first.',
				},
			},
			[],
			itemIndex,
		);
		deleted.add(key);
		return [done];
	});
}
