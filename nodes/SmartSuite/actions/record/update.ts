import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isObject } from '../../shared/fields/values';
import { recordPath, recordsPath } from '../../shared/records';
import type { RecordsClient } from '../../shared/records';
import { tableLocator } from '../../shared/locators';
import { quote, secretsOf } from '../../shared/transport';
import type { BatchWriter, Write } from './batches';
import { executeWrites, unexpectedAnswerError } from './batches';
import type { Outcome } from './common';
import {
	readableFields,
	readLinkTitlesOf,
	recordLocator,
	shownRecord,
	simplifyField,
} from './common';
import { recordsIn } from './create';
import { fieldsInputFields } from './fieldsInput';
import { listChangeOption } from './listChanges';
import { prepareWrites } from './prepare';
import { richTextAsField } from '../../shared/richText';

const show = { resource: ['record'], operation: ['update'] };

export const updateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update the fields given of a record',
	description:
		'Change only the fields given (a field left out keeps its value, an empty value clears it) and output the record; many items go out as bulk requests of up to 25 records',
};

export const updateFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) that holds the records',
		displayOptions: { show },
	}),
	recordLocator(show),
	...fieldsInputFields('update', show),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show },
		options: [listChangeOption],
	},
	simplifyField(show),
	...readableFields(show),
	richTextAsField(show),
];

/**
 * The record of each write in a bulk answer: SmartSuite's reference answers an array of records;
 * its own MCP client reads `{successful_items, failed_items: [{index, reason}]}`. Both are read,
 * records matched by id.
 */
function bulkResults(
	client: RecordsClient,
	answer: unknown,
	writes: Write[],
): Array<IDataObject | Error> {
	const failedReasons = new Map<number, unknown>();
	if (isObject(answer) && Array.isArray(answer.failed_items)) {
		for (const failed of answer.failed_items.filter(isObject))
			failedReasons.set(Number(failed.index), failed.reason);
	}
	const records =
		isObject(answer) && Array.isArray(answer.successful_items)
			? answer.successful_items.filter(isObject)
			: (recordsIn(answer) ?? []);
	const byId = new Map(records.map((record) => [String(record.id), record]));
	return writes.map((write, position) => {
		if (failedReasons.has(position))
			return refusedError(client, failedReasons.get(position), write.itemIndex);
		return (
			byId.get(write.recordId!) ??
			unexpectedAnswerError(client, 'update the records', write.itemIndex)
		);
	});
}

function refusedError(client: RecordsClient, reason: unknown, itemIndex: number): NodeApiError {
	const said = quote(reason, secretsOf(client.credentials.apiKey));
	const message = 'SmartSuite did not update this record';
	return new NodeApiError(client.node, { message } as JsonObject, {
		message,
		description: `SmartSuite said: "${said}"`,
		itemIndex,
	});
}

export function updateWriter(client: RecordsClient, context: IExecuteFunctions): BatchWriter {
	return {
		readsStructure: true,
		single: (write) => ({
			method: 'PATCH',
			url: recordPath(write.tableId, write.recordId!),
			body: write.body,
			action: 'update the record',
			notFound: `Record "${write.recordId}" was not found in table "${write.tableId}"`,
			repeatable: true,
		}),
		bulk: (tableId, writes) => ({
			method: 'PATCH',
			url: recordsPath(tableId, 'bulk/'),
			body: { items: writes.map((write) => ({ ...write.body, id: write.recordId })) },
			action: `update ${writes.length} records`,
			notFound: `The table "${tableId}" was not found`,
			repeatable: true,
		}),
		async results(answer, writes, structure, single) {
			const results = single
				? [
						isObject(answer)
							? answer
							: unexpectedAnswerError(client, 'update the record', writes[0].itemIndex),
					]
				: bulkResults(client, answer, writes);
			const records = results.filter((result): result is IDataObject => !(result instanceof Error));
			await readLinkTitlesOf(context, client, records, structure, writes[0].itemIndex);
			const outcomes: Outcome[] = [];
			for (const [position, result] of results.entries()) {
				if (result instanceof NodeApiError) outcomes.push({ error: result });
				else
					outcomes.push({
						json: await shownRecord(
							context,
							client,
							result as IDataObject,
							structure,
							writes[position].itemIndex,
						),
					});
			}
			return outcomes;
		},
	};
}

/** Run by actions/router.ts, like Create. */
export async function executeUpdate(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await executeWrites(
		this,
		async (client, items) => await prepareWrites(this, client, items, 'update'),
		(client) => updateWriter(client, this),
	);
}
