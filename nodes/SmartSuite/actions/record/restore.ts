import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { tableLocator } from '../../shared/locators';
import type { RecordsClient } from '../../shared/records';
import { recordPath } from '../../shared/records';
import { withoutEmptyValues } from '../../shared/fields';
import {
	eachItem,
	readableFields,
	readRecordId,
	readSimplify,
	readTableId,
	recordLocator,
	shownRecord,
	simplifyField,
} from './common';
import { richTextAsField } from '../../shared/richText';

const show = { resource: ['record'], operation: ['restore'] };

export const restoreOperation: INodePropertyOptions = {
	name: 'Restore',
	value: 'restore',
	action: 'Restore a deleted record',
	description:
		'Bring a deleted record back into its table and output it; SmartSuite appends " (Restored)" to its title',
};

export const restoreFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) that holds the deleted record',
		displayOptions: { show },
	}),
	recordLocator(show, { deleted: true }),
	simplifyField(show),
	...readableFields(show),
	richTextAsField(show),
];

/** Restores one record, its ids checked before the request; the record as SmartSuite answers it. */
async function restoreRecord(
	client: RecordsClient,
	tableId: string,
	recordId: string,
	itemIndex: number,
) {
	return await client.callForObject(
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
}

/**
 * One restore per item. Simplify shows the record as Get does; the table's structure is read after
 * the restore, so that a failed read cannot stop a restore, only show the record as SmartSuite
 * answered it (with a hint).
 */
export async function executeRestore(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const tableId = readTableId(this, itemIndex);
		const recordId = readRecordId(this, itemIndex);
		const restored = await restoreRecord(client, tableId, recordId, itemIndex);
		if (!readSimplify(this, itemIndex)) return [restored];
		const structure = await client.structure(tableId).catch(() => undefined);
		if (!structure) {
			this.addExecutionHints({
				message: `Record "${recordId}" was restored; it is shown as SmartSuite answered, because the table's fields could not be read to simplify it`,
				location: 'outputPane',
			});
			return [restored];
		}
		// Restore answers empty values too; Get's answer leaves them out, and so does the output.
		return [await shownRecord(this, client, withoutEmptyValues(restored), structure, itemIndex)];
	});
}
