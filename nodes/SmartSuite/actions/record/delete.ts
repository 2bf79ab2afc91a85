import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { NodeOperationError } from 'n8n-workflow';

import { isObject } from '../../shared/fields/values';
import type { RecordsClient } from '../../shared/records';
import { recordPath, recordsPath } from '../../shared/records';
import { tableLocator } from '../../shared/locators';
import type { BatchWriter, Prepared, Write } from './batches';
import { executeWrites } from './batches';
import type { Outcome } from './common';
import { failure, readRecordId, readTableId, recordLocator, stopUnlessContinuing } from './common';

const show = { resource: ['record'], operation: ['delete'] };

export const deleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a record (Restore can bring it back)',
	description:
		"Move records to the table's deleted records, where Record → Restore brings them back, and output each ID with deleted: true; many items go out as bulk requests of up to 25 records",
};

export const deleteFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) that holds the records',
		displayOptions: { show },
	}),
	recordLocator(show),
];

function deleteWriter(client: RecordsClient): BatchWriter {
	return {
		readsStructure: false,
		single: (write) => ({
			method: 'DELETE',
			url: recordPath(write.tableId, write.recordId!),
			action: 'delete the record',
			notFound: `Record "${write.recordId}" was not found in table "${write.tableId}", or it is already deleted`,
			repeatable: true,
			anyBody: true,
		}),
		// SmartSuite's reference: PATCH bulk_delete/ with the ids as strings.
		bulk: (tableId, writes) => ({
			method: 'PATCH',
			url: recordsPath(tableId, 'bulk_delete/'),
			qs: { fields: 'id' },
			body: { items: writes.map((write) => write.recordId!) },
			action: `delete ${writes.length} records`,
			notFound: `The table "${tableId}" was not found`,
			repeatable: true,
			anyBody: true,
		}),
		// A record that is gone when the delete is sent again was deleted by the first attempt.
		doneBefore: (response, single) => single && response.statusCode === 404,
		results: (answer, writes, _structure, single, repeated) => {
			// A bulk answer lists the records it deleted ([{id, deleted_date...}]): ids unknown or
			// already deleted are left out, which after a repeated request means deleted by the first.
			const listed =
				!single && !repeated && Array.isArray(answer)
					? new Set(answer.filter(isObject).map((entry) => String(entry.id)))
					: undefined;
			return writes.map((write): Outcome => {
				if (!listed || listed.has(write.recordId!))
					return { json: { id: write.recordId, deleted: true } };
				return { error: notDeletedError(client, write) };
			});
		},
	};
}

function notDeletedError(client: RecordsClient, write: Write): NodeOperationError {
	return new NodeOperationError(
		client.node,
		`Record "${write.recordId}" was not found in table "${write.tableId}", or it is already deleted`,
		{
			description: 'SmartSuite deleted the other records of the request and left this one out.',
			itemIndex: write.itemIndex,
		},
	);
}

/** Run by actions/router.ts: many items go out as bulk deletes. */
export async function executeDelete(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await executeWrites(
		this,
		async (_client, items) => readDeletes(this, items),
		deleteWriter,
	);
}

/** Each item's table and record; an item without them fails before anything is sent. */
function readDeletes(context: IExecuteFunctions, items: INodeExecutionData[]): Prepared {
	const failed: Array<Outcome | undefined> = [];
	const writes: Write[] = [];
	for (const itemIndex of items.keys()) {
		try {
			const tableId = readTableId(context, itemIndex);
			writes.push({ itemIndex, tableId, recordId: readRecordId(context, itemIndex), body: {} });
		} catch (error) {
			failed[itemIndex] = failure(error);
		}
	}
	stopUnlessContinuing(context, failed);
	return { writes, failed };
}
