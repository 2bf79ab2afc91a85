import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import { recordPath, type RecordsClient } from '../../shared/records';
import { tableLocator } from '../../shared/locators';
import { unexpectedAnswerError } from './batches';
import {
	answerOf,
	eachItem,
	readRecordId,
	readTableId,
	recordLocator,
	shownRecord,
	readableFields,
	simplifyField,
} from './common';
import { onlyFields, outputFieldsField, readOutputFields } from './outputFields';
import { richTextAsField } from '../../shared/richText';

const show = { resource: ['record'], operation: ['get'] };

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a record by its ID',
	description: 'Read one record by its ID: its ID and the values of its fields',
};

export const getFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) that holds the record',
		displayOptions: { show },
	}),
	recordLocator(show),
	outputFieldsField(show),
	simplifyField(show),
	...readableFields(show),
	richTextAsField(show),
];

/** One record as SmartSuite answers it (GET), or the transport's error. */
export async function readRecord(
	client: RecordsClient,
	tableId: string,
	recordId: string,
	structure: Field[],
	itemIndex: number,
): Promise<IDataObject> {
	const record = await answerOf(
		client,
		{
			method: 'GET',
			url: recordPath(tableId, recordId),
			action: 'read the record',
			notFound: `Record "${recordId}" was not found in table "${tableId}"`,
			repeatable: true,
		},
		structure,
		itemIndex,
	);
	if (!isObject(record)) throw unexpectedAnswerError(client, 'read the record', itemIndex);
	return record;
}

/** Run by actions/router.ts: Simplify reads the table's structure once per table. */
export async function executeGet(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const tableId = readTableId(this, itemIndex);
		const recordId = readRecordId(this, itemIndex);
		const structure = await client.structure(tableId);
		const kept = readOutputFields(this, structure, itemIndex);
		const record = await readRecord(client, tableId, recordId, structure, itemIndex);
		return [await shownRecord(this, client, onlyFields([record], kept)[0], structure, itemIndex)];
	});
}
