import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { requireId } from '../../shared/ids';
import { tableLocator } from '../../shared/locators';
import { recordPath } from '../../shared/records';
import { eachItem } from './common';

const showOnlyForRestore = { resource: ['record'], operation: ['restore'] };

export const restoreOperation: INodePropertyOptions = {
	name: 'Restore',
	value: 'restore',
	action: 'Restore a deleted record',
	description: 'Restore a deleted record; SmartSuite appends " (Restored)" to its title',
};

export const restoreFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) that holds the deleted record',
		displayOptions: { show: showOnlyForRestore },
	}),
	{
		displayName: 'Record ID',
		name: 'recordId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '64b0c1d2e3f4a5b6c7d8e9f2',
		description: 'ID of the deleted record to restore',
		displayOptions: { show: showOnlyForRestore },
	},
];

/** One restore request per item, with both ids checked before it; the record as SmartSuite answers it. */
export async function executeRestore(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const node = this.getNode();
	return await eachItem(this, async (client, itemIndex) => {
		const table = this.getNodeParameter('tableId', itemIndex, '', { extractValue: true });
		const tableId = requireId(node, table, 'Table', itemIndex);
		const recordId = requireId(
			node,
			this.getNodeParameter('recordId', itemIndex, ''),
			'Record ID',
			itemIndex,
		);
		const restored = await client.callForObject(
			{
				method: 'POST',
				url: `${recordPath(tableId, recordId)}restore/`,
				body: '{}',
				action: 'restore the record',
				notFound: `Record "${recordId}" was not found in table "${tableId}", or it is not deleted`,
				notFoundHint:
					'Check both ids and that the record is still in the trash: deleted records stay restorable for 14 to 60 days depending on the plan.',
				// A second restore of a restored record is refused (404): never sent after an unknown outcome.
				repeatable: false,
				unanswered: {
					message: 'The record may have been restored',
					description:
						'SmartSuite may have restored the record without answering, so it was not sent again. Check the table before running this item again.',
				},
			},
			itemIndex,
		);
		return [restored];
	});
}
