import type {
	IBinaryData,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import { pathSegment, requireId } from '../../shared/ids';
import { bufferBody, multipartFrame, streamBody } from '../../shared/multipart';
import type { RawBody, RecordsClient } from '../../shared/records';
import { recordPath } from '../../shared/records';
import { itemSubject } from '../shared';
import { unexpectedAnswerError } from './batches';
import {
	answerOf,
	eachItem,
	readRecordId,
	readTableId,
	recordFileFields,
	shownRecord,
	readableFields,
	simplifyField,
} from './common';
import { richTextAsField } from '../../shared/richText';

const show = { resource: ['record'], operation: ['uploadFile'] };

export const FILE_FIELD_TYPE = 'filefield';

export const uploadFileOperation: INodePropertyOptions = {
	name: 'Upload File',
	value: 'uploadFile',
	action: 'Upload a file to a record',
	description: "Attach an input item's binary file to a file field of a record, one file per item",
};

export const uploadFileFields: INodeProperties[] = [
	...recordFileFields(show, {
		required: true,
		purpose: 'The file field the file is added to (its files so far stay).',
	}),
	{
		// Not Download Files' `binaryPropertyName` (where its files go out): a value carried over by
		// a switch of operation would mean the other thing (n8n's Google Drive names them so too).
		displayName: 'Input Binary Field',
		name: 'inputDataFieldName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field holding the file to upload',
		displayOptions: { show },
	},
	simplifyField(show),
	...readableFields(show),
	richTextAsField(show),
];

/** The field named by slug, else by label (any case); it must be a file field (for Upload File or Download Files). */
export function fileFieldOf(
	context: IExecuteFunctions,
	structure: Field[],
	tableId: string,
	given: string,
	itemIndex: number,
	direction: 'upload' | 'download' = 'upload',
): Field {
	const nothing = direction === 'upload' ? 'Nothing was uploaded.' : 'Nothing was downloaded.';
	const field =
		structure.find((candidate) => candidate.slug === given) ??
		structure.find((candidate) => candidate.label.toLowerCase() === given.toLowerCase());
	const fileFields = structure.filter((candidate) => candidate.field_type === FILE_FIELD_TYPE);
	const choices = fileFields.length
		? `Its file fields: ${fileFields.map((candidate) => `"${candidate.label}" (${candidate.slug})`).join(', ')}.`
		: 'The table has no file field.';
	if (!field) {
		throw new NodeOperationError(
			context.getNode(),
			`The table "${tableId}" has no field "${given}"`,
			{
				description: `${choices} ${nothing}`,
				itemIndex,
			},
		);
	}
	if (field.field_type !== FILE_FIELD_TYPE) {
		throw new NodeOperationError(
			context.getNode(),
			`The field "${field.label}" is a ${field.field_type}, not a file field`,
			{
				description: `Files can only be ${direction === 'upload' ? 'uploaded to' : 'downloaded from'} a file field (filefield). ${choices} ${nothing}`,
				itemIndex,
			},
		);
	}
	return field;
}

/** The item's binary file, or an error naming the property and the item. */
function binaryOf(
	context: IExecuteFunctions,
	itemIndex: number,
): { name: string; binary: IBinaryData } {
	const name = String(context.getNodeParameter('inputDataFieldName', itemIndex, 'data')).trim();
	try {
		return { name, binary: context.helpers.assertBinaryData(itemIndex, name) };
	} catch {
		const present = Object.keys(context.getInputData()[itemIndex]?.binary ?? {});
		const node = context.getNode();
		throw new NodeOperationError(
			node,
			`${itemSubject(node, itemIndex)} has no binary field "${name}"`,
			{
				description: `${present.length ? `Its binary fields: ${present.map((key) => `"${key}"`).join(', ')}.` : 'It has no binary data.'} Set Input Binary Field to the name of the field holding the file (the previous node's output shows it under Binary). Nothing was uploaded for it.`,
				itemIndex,
			},
		);
	}
}

/**
 * The multipart body of the item's file: streamed from n8n's binary store when the file is kept
 * there (it has an id), else from the item's data in memory.
 */
async function fileBody(
	context: IExecuteFunctions,
	itemIndex: number,
	{ name, binary }: { name: string; binary: IBinaryData },
): Promise<RawBody> {
	const frame = multipartFrame(
		'files',
		binary.fileName || `file${binary.fileExtension ? `.${binary.fileExtension}` : ''}`,
		binary.mimeType || 'application/octet-stream',
	);
	if (binary.id) {
		const { fileSize } = await context.helpers.getBinaryMetadata(binary.id);
		return streamBody(frame, await context.helpers.getBinaryStream(binary.id), fileSize);
	}
	return bufferBody(frame, await context.helpers.getBinaryDataBuffer(itemIndex, name));
}

/**
 * SmartSuite's answer to an upload is not documented: a record (as ActivePieces reads it) is
 * taken as it is; any other success is followed by one read of the record.
 */
async function recordAfterUpload(
	client: RecordsClient,
	answer: unknown,
	tableId: string,
	recordId: string,
	itemIndex: number,
	notFound: string,
): Promise<IDataObject> {
	if (isObject(answer) && answer.id === recordId) return answer;
	const record = await client.call(
		{
			method: 'GET',
			url: recordPath(tableId, recordId),
			action: 'read the record',
			notFound,
			repeatable: true,
		},
		itemIndex,
	);
	if (!isObject(record)) throw unexpectedAnswerError(client, 'read the record', itemIndex);
	return record;
}

/**
 * Run by actions/router.ts: one upload per item, after the table's
 * structure (read once per table) shows that the field is a file field. Never sent twice: only a
 * 429 or a refused connection is retried, as for Create.
 */
export async function executeUploadFile(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const tableId = readTableId(this, itemIndex);
		const recordId = readRecordId(this, itemIndex);
		const fieldKey = requireId(
			this.getNode(),
			this.getNodeParameter('fieldId', itemIndex, ''),
			'File Field',
			itemIndex,
		);
		const file = binaryOf(this, itemIndex);
		const structure = await client.structure(tableId);
		const field = fileFieldOf(this, structure, tableId, fieldKey, itemIndex);
		const notFound = `Record "${recordId}" was not found in table "${tableId}"`;
		const answer = await answerOf(
			client,
			{
				method: 'POST',
				url: `/api/v1/recordfiles/${pathSegment(tableId)}/${pathSegment(recordId)}/${pathSegment(field.slug)}/`,
				rawBody: async () => await fileBody(this, itemIndex, file),
				action: `upload the file to the field "${field.label}"`,
				notFound,
				repeatable: false,
				unanswered: {
					message: 'The file may have been attached',
					description: `SmartSuite may have attached the file to "${field.label}" without answering, so it was not sent again: a second upload could attach it twice. Check the record before running this item again.`,
				},
			},
			structure,
			itemIndex,
		);
		const record = await recordAfterUpload(client, answer, tableId, recordId, itemIndex, notFound);
		return [await shownRecord(this, client, record, structure, itemIndex)];
	});
}
