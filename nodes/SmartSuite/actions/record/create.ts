import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { isObject } from '../../shared/fields/values';
import { recordsPath } from '../../shared/records';
import type { RecordsClient } from '../../shared/records';
import { tableLocator } from '../../shared/locators';
import type { BatchWriter } from './batches';
import { executeWrites, unexpectedAnswerError } from './batches';
import type { Outcome } from './common';
import { readableFields, readLinkTitlesOf, shownRecord, simplifyField } from './common';
import { fieldsInputFields } from './fieldsInput';
import { prepareWrites } from './prepare';
import { richTextAsField } from '../../shared/richText';

const show = { resource: ['record'], operation: ['create'] };

export const createOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a record from the fields given',
	description:
		'Create one record per input item from the fields given and output each as stored, with its ID; many items go out as bulk requests of up to 25 records',
};

export const createFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) to create the records in',
		displayOptions: { show },
	}),
	...fieldsInputFields('add', show),
	simplifyField(show),
	...readableFields(show),
	richTextAsField(show),
];

/** A bulk answer: SmartSuite's reference gives a bare array; an `items` envelope is accepted too. */
export function recordsIn(answer: unknown): IDataObject[] | undefined {
	const list = Array.isArray(answer)
		? answer
		: isObject(answer) && Array.isArray(answer.items)
			? answer.items
			: undefined;
	return list?.every(isObject) ? list : undefined;
}

export function createWriter(client: RecordsClient, context: IExecuteFunctions): BatchWriter {
	return {
		readsStructure: true,
		single: (write) => ({
			method: 'POST',
			url: recordsPath(write.tableId),
			body: write.body,
			action: 'create the record',
			notFound: `The table "${write.tableId}" was not found`,
			repeatable: false,
		}),
		bulk: (tableId, writes) => ({
			method: 'POST',
			url: recordsPath(tableId, 'bulk/'),
			body: { items: writes.map((write) => write.body) },
			action: `create ${writes.length} records`,
			notFound: `The table "${tableId}" was not found`,
			repeatable: false,
		}),
		async results(answer, writes, structure, single) {
			const records = single ? (isObject(answer) ? [answer] : undefined) : recordsIn(answer);
			await readLinkTitlesOf(context, client, records ?? [], structure, writes[0].itemIndex);
			const outcomes: Outcome[] = [];
			for (const [position, write] of writes.entries()) {
				const record = records?.length === writes.length ? records[position] : undefined;
				outcomes.push(
					record
						? { json: await shownRecord(context, client, record, structure, write.itemIndex) }
						: { error: unexpectedAnswerError(client, 'create the records', write.itemIndex) },
				);
			}
			return outcomes;
		},
	};
}

/**
 * Run by actions/router.ts: all items are checked before the
 * first request and sent together in bulk, which a declarative route (one request per item)
 * cannot do.
 */
export async function executeCreate(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await executeWrites(
		this,
		async (client, items) => await prepareWrites(this, client, items, 'create'),
		(client) => createWriter(client, this),
	);
}
