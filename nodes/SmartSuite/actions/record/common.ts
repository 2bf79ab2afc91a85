/** What the Record operations that run as code share: parameters, ids, values, output, errors. */
import type {
	IBinaryKeyData,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
	JsonObject,
	ResourceMapperField,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { BadValue, ConvertContext, Field } from '../../shared/fields';
import {
	describeGiven,
	fieldComplaints,
	hasPeople,
	outputKeys,
	simplifyRecord,
	toRecordBody,
} from '../../shared/fields';
import { requireHexId } from '../../shared/ids';
import { tableLocator } from '../../shared/locators';
import { readContextFor } from '../../shared/readable';
import type { RecordsClient, RecordsRequest } from '../../shared/records';
import { recordsClient } from '../../shared/records';
import type { ApiResponse, RequestSubject } from '../../shared/transport';
import { parseResponse, quote, readJson, recordsAddress } from '../../shared/transport';
import { inItem, isToolNode } from '../shared';
import { readRichTextAs } from '../../shared/richText';

type Show = Record<string, string[]>;

/** A record's address in SmartSuite's app: its id is the last 24-character id of the path. */
export const RECORD_URL_REGEX = String.raw`^https?://[^/]+/[^/]+/solution/[^/]+/[^/?#]+/(?:[^?#]*/)?([0-9a-fA-F]{24})/?(?:[?#].*)?$`;

/**
 * The table, the record and the file field of Upload File and Download Files (the field picker
 * lists the table's file fields). `field`: whether it is required, and what it is for; when it is
 * not, the list starts with "All File Fields" (the empty value).
 */
export function recordFileFields(
	show: Show,
	field: { required?: true; purpose: string },
): INodeProperties[] {
	return [
		tableLocator({
			description: 'The table (application) that holds the record',
			displayOptions: { show },
		}),
		recordLocator(show),
		{
			displayName: 'File Field Name or ID',
			name: 'fieldId',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: field.required ? 'getFileFields' : 'getFileFieldsOrAll',
				loadOptionsDependsOn: ['tableId.value'],
			},
			default: '',
			required: field.required,
			description: `${field.purpose} Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>`,
			displayOptions: { show },
		},
	];
}

/** The Record of an operation; `deleted`: Restore's, listed from the table's deleted records. */
export function recordLocator(show: Show, { deleted = false } = {}): INodeProperties {
	return {
		displayName: 'Record',
		name: 'recordId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		// n8n's editor empties the picked record when the table changes.
		typeOptions: { loadOptionsDependsOn: ['tableId.value'] },
		description: deleted
			? "The deleted record: picked from the table's deleted records (newest first), its address in SmartSuite, or its ID"
			: 'The record: picked from the table, its address in SmartSuite, or its ID',
		displayOptions: { show },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: deleted ? 'Select a deleted record...' : 'Select a record...',
				typeOptions: {
					searchListMethod: deleted ? 'searchDeletedRecords' : 'searchRecords',
					searchable: true,
				},
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder:
					'https://app.smartsuite.com/sv25cxf2/solution/64b0c1d2e3f4a5b6c7d8e9f1/64b0c1d2e3f4a5b6c7d8e9f0/64b0c1d2e3f4a5b6c7d8e9f2',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: RECORD_URL_REGEX,
							errorMessage: 'Not the address of a SmartSuite record',
						},
					},
				],
				extractValue: { type: 'regex', regex: RECORD_URL_REGEX },
			},
			{ displayName: 'ID', name: 'id', type: 'string', placeholder: '64b0c1d2e3f4a5b6c7d8e9f2' },
		],
	};
}

const COLUMNS_DESCRIPTIONS = {
	add: 'The values of the new record, by field',
	update:
		'The fields to change; only the fields given change, nothing else in the record is touched',
	upsert:
		'The fields to match records on, and the values to write: a record whose match fields have these values is updated (only the fields given change), else one is created',
};

const COLUMNS_METHODS = {
	add: 'getColumns',
	update: 'getUpdateColumns',
	upsert: 'getUpsertColumns',
};

/** Upsert's match fields: n8n's own hint says "Usually an ID", and its chips show the slugs. */
const UPSERT_MATCH_LABELS = {
	title: 'Fields to Match On',
	hint: "A record whose values in these fields equal the item's is updated, else one is created. The chips show each field's slug.",
	description: 'Fields whose values identify a record: a code, a name, an e-mail address',
};

/**
 * The Columns mapper. How n8n's editor (2.8 and 2.41) reads these options:
 * - Update is mode `map`: in mode `update` the editor shows the fields only beside one that can be
 *   matched on ("No field that can be used for matching found"), and the record is chosen above.
 * - Update and Upsert add no field by themselves (`addAllFields` false): every field shown is
 *   sent, a Yes/No switch as false, so only the fields a user adds are changed.
 * - `operation` among the parameters it depends on: switching operations makes the editor load the
 *   new operation's fields and clear the old values and match fields.
 * - `hideNoDataError`: no red "No fields found" before a table is chosen.
 */
export function columnsField(mode: 'add' | 'update' | 'upsert', show: Show): INodeProperties {
	return {
		displayName: 'Columns',
		name: 'columns',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		description: COLUMNS_DESCRIPTIONS[mode],
		typeOptions: {
			loadOptionsDependsOn: ['tableId.value', 'operation'],
			resourceMapper: {
				resourceMapperMethod: COLUMNS_METHODS[mode],
				mode: mode === 'update' ? 'map' : mode,
				...(mode === 'update' ? { valuesLabel: 'Values to Update' } : {}),
				...(mode === 'upsert' ? { matchingFieldsLabels: UPSERT_MATCH_LABELS } : {}),
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: mode === 'add',
				multiKeyMatch: mode === 'upsert',
				supportAutoMap: true,
				hideNoDataError: true,
			},
		},
		displayOptions: { show },
	};
}

export function simplifyField(show: Show): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			"Whether to return the record as ID and each field under its label with a readable value, instead of SmartSuite's answer as it is",
		displayOptions: { show },
	};
}

/** Shown with Simplify on: people as ID, name and e-mail (Simplify already shows choices as labels). */
export function readableField(show: Show): INodeProperties {
	return {
		displayName: 'Readable People and Choices',
		name: 'readableValues',
		type: 'boolean',
		default: true,
		description:
			'Whether to show people as ID, name and e-mail instead of member IDs (one members read per run when people are shown)',
		displayOptions: { show: { ...show, simplify: [true] } },
	};
}

export function readTableId(context: IExecuteFunctions, itemIndex: number): string {
	return requireHexId(
		context.getNode(),
		context.getNodeParameter('tableId', itemIndex, '', { extractValue: true }),
		'Table',
		itemIndex,
	);
}

export function readRecordId(context: IExecuteFunctions, itemIndex: number): string {
	return requireHexId(
		context.getNode(),
		context.getNodeParameter('recordId', itemIndex, '', { extractValue: true }),
		'Record',
		itemIndex,
	);
}

/** The values an item gives: its own keys (Map Automatically) or the mapper's, as given. */
export function readColumns(
	context: IExecuteFunctions,
	itemIndex: number,
	item: INodeExecutionData,
): IDataObject {
	const mode = context.getNodeParameter('columns.mappingMode', itemIndex, 'defineBelow') as string;
	if (mode === 'autoMapInputData') return item.json;
	// Each field type checks and converts its own values, with errors that name field and item.
	const values = context.getNodeParameter('columns.value', itemIndex, {}, { skipValidation: true });
	const schema = context.getNodeParameter('columns.schema', itemIndex, []);
	return withEmptyFields(
		(values ?? {}) as IDataObject,
		Array.isArray(schema) ? (schema as ResourceMapperField[]) : [],
	);
}

/**
 * The mapper's values with each field it shows empty as "" (which Update sends as the field's
 * empty value; Create and Upsert leave it out). n8n's editor (2.8.4 and 2.41.1) deletes an empty
 * input's null from the value before saving: a field shown empty is in the schema with `removed`
 * false, a field removed from the mapper has `removed` true.
 */
function withEmptyFields(values: IDataObject, schema: ResourceMapperField[]): IDataObject {
	const shown = schema.filter(
		(field) =>
			field.removed === false &&
			field.display !== false &&
			field.readOnly !== true &&
			!(field.id in values),
	);
	return { ...Object.fromEntries(shown.map((field) => [field.id, ''])), ...values };
}

/** One item's result: a record (or other output, with files), or the error that failed the item. */
export type Outcome =
	{ json: IDataObject; binary?: IBinaryKeyData } | { error: NodeApiError | NodeOperationError };

export function failure(error: unknown): Outcome {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return { error };
	throw error;
}

/**
 * The node's output, in input order. Without Continue on Fail, the first failed item stops the run
 * (after every batch was sent: other batches go on). With it, a failed item gives its error.
 */
export function outputOf(
	context: IExecuteFunctions,
	outcomes: Outcome[][],
): INodeExecutionData[][] {
	const output: INodeExecutionData[] = [];
	const continueOnFail = context.continueOnFail();
	outcomes.forEach((results, itemIndex) => {
		for (const result of results) {
			if ('json' in result) {
				output.push({ ...result, pairedItem: { item: itemIndex } });
			} else if (continueOnFail) {
				output.push({
					json: { error: result.error.message },
					error: result.error,
					pairedItem: { item: itemIndex },
				});
			} else {
				throw result.error;
			}
		}
	});
	return [output];
}

/** An operation that takes each item on its own (Get, Search, Upload File): its records or its error. */
export async function eachItem(
	context: IExecuteFunctions,
	read: (client: RecordsClient, itemIndex: number) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[][]> {
	const client = await recordsClient(context);
	const outcomes: Outcome[][] = [];
	for (const itemIndex of context.getInputData().keys()) {
		try {
			outcomes.push((await read(client, itemIndex)).map((json) => ({ json })));
		} catch (error) {
			outcomes.push([failure(error)]);
		}
	}
	return outputOf(context, outcomes);
}

/** Without Continue on Fail, an item that cannot be sent stops the run before any write. */
export function stopUnlessContinuing(
	context: IExecuteFunctions,
	outcomes: Array<Outcome | undefined>,
): void {
	if (context.continueOnFail()) return;
	const failed = outcomes.find(
		(outcome): outcome is { error: NodeOperationError } =>
			outcome !== undefined && 'error' in outcome,
	);
	if (failed) throw failed.error;
}

/**
 * A value a field cannot take. The message itself says what to use (the options, the forms): a
 * model reads only the message under AI Agent 3.x and with On Error → Continue.
 */
export function badValueError(
	node: INode,
	{ field, given, expected, problem }: BadValue,
	itemIndex: number,
): NodeOperationError {
	const what = problem ?? `cannot take ${describeGiven(given)}`;
	return new NodeOperationError(
		node,
		`The field "${field.label}"${inItem(node, itemIndex)} ${what}: use ${expected}`,
		{
			description: `Given: ${describeGiven(given)}. Nothing was sent${isToolNode(node) ? '' : ' for this item'}.`,
			itemIndex,
		},
	);
}

/** An item's values matched to the table's fields, with the keys that matched none. */
export interface ItemValues {
	values: IDataObject;
	unmatched: string[];
	readOnly: string[];
}

export function recordBody(
	node: INode,
	values: IDataObject,
	structure: Field[],
	context: ConvertContext,
	clearEmpty: boolean,
	itemIndex: number,
): IDataObject {
	const converted = toRecordBody(values, structure, context, { clearEmpty });
	if ('bad' in converted) throw badValueError(node, converted.bad, itemIndex);
	return converted.body;
}

/** Execution hints for keys that were not sent (n8n shows them above the output). */
export function hintUnsent(
	context: IExecuteFunctions,
	unmatched: Set<string>,
	readOnly: Set<string>,
): void {
	const list = (keys: Set<string>) => [...keys].map((key) => `"${key}"`).join(', ');
	if (unmatched.size > 0) {
		context.addExecutionHints({
			message: `Not sent, because no field of the table has this name or ID: ${list(unmatched)}`,
			location: 'outputPane',
		});
	}
	if (readOnly.size > 0) {
		context.addExecutionHints({
			message: `Not sent, because SmartSuite fills these fields in itself: ${list(readOnly)}`,
			location: 'outputPane',
		});
	}
}

/**
 * The JSON of a successful answer (null for an empty one, as a 204, and for a request whose
 * answer is not needed, `anyBody`, one that is not JSON). A 400 or 422 keyed by the table's fields
 * (`{"<slug>": ["message"]}`) names them by label; any other failure is the transport's error.
 */
export async function answerOf(
	client: RecordsClient,
	request: RecordsRequest,
	structure: Field[],
	itemIndex?: number,
): Promise<unknown> {
	return checkedAnswer(client, await client.send(request), request, structure, itemIndex);
}

/** Whether a status is SmartSuite's refusal of the values sent, keyed by field or parameter. */
export const isRefusal = (status: number) => status === 400 || status === 422;

export function checkedAnswer(
	client: RecordsClient,
	response: ApiResponse,
	request: RecordsRequest,
	structure: Field[],
	itemIndex?: number,
): unknown {
	const ok = response.statusCode >= 200 && response.statusCode < 300;
	if (ok && (response.body === '' || response.body === undefined || response.body === null))
		return null;
	const json = readJson(response.body);
	if (ok)
		return json
			? json.value
			: request.anyBody
				? null
				: parseResponse(client.node, response, subjectOf(client, request, structure), itemIndex);
	const complaints = isRefusal(response.statusCode) ? fieldComplaints(json?.value, structure) : [];
	if (complaints.length > 0) throw rejectedFieldsError(client, complaints, response, itemIndex);
	return parseResponse(client.node, response, subjectOf(client, request, structure), itemIndex);
}

function subjectOf(
	client: RecordsClient,
	request: RecordsRequest,
	structure: Field[],
): RequestSubject {
	return {
		action: request.action,
		address: recordsAddress(client.credentials, request.url),
		notFound: request.notFound,
		labelOf: (slug) => structure.find((field) => field.slug === slug)?.label,
	};
}

/** A 400 or 422 about fields, named by their labels, quoting SmartSuite in the message and the description. */
export function rejectedFieldsError(
	client: RecordsClient,
	complaints: string[],
	response: ApiResponse,
	itemIndex?: number,
): NodeApiError {
	const said = quote(complaints.join('; '), response.secrets);
	const fields = quote(
		complaints.map((complaint) => complaint.replace(/:.*/s, '')).join(', '),
		response.secrets,
	);
	// One field: its words after its label; several: each with its label.
	const words =
		complaints.length === 1
			? quote(complaints[0].replace(/^[^:]*:\s*/s, ''), response.secrets)
			: said;
	const message = `SmartSuite rejected the value of ${fields} (${response.statusCode}): ${words}`;
	return new NodeApiError(client.node, { message } as JsonObject, {
		message,
		description: `SmartSuite said: ${said}`,
		httpCode: String(response.statusCode),
		itemIndex,
	});
}

export function readSimplify(context: IExecuteFunctions, itemIndex: number): boolean {
	return context.getNodeParameter('simplify', itemIndex, true) as boolean;
}

/**
 * The records as the item's Simplify, Readable People and Choices and Rich Text As show them. The members list
 * is read (once per run) only when a record shows a member.
 */
export async function shownRecords(
	context: IExecuteFunctions,
	client: RecordsClient,
	records: IDataObject[],
	structure: Field[],
	itemIndex: number,
): Promise<IDataObject[]> {
	if (!readSimplify(context, itemIndex)) return records;
	const keys = outputKeys(structure);
	const readable = context.getNodeParameter('readableValues', itemIndex, true) as boolean;
	const readContext = readable
		? await readContextFor(client, hasPeople(records, structure), (message) =>
				context.addExecutionHints({ message, location: 'outputPane' }),
			)
		: undefined;
	const richText = readRichTextAs(context, itemIndex);
	return records.map((record) => simplifyRecord(record, structure, keys, readContext, richText));
}

/** One record as shownRecords shows it. */
export async function shownRecord(
	context: IExecuteFunctions,
	client: RecordsClient,
	record: IDataObject,
	structure: Field[],
	itemIndex: number,
): Promise<IDataObject> {
	return (await shownRecords(context, client, [record], structure, itemIndex))[0];
}
