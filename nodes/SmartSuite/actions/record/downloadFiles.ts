import type {
	IBinaryData,
	IBinaryKeyData,
	IDataObject,
	IExecuteFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import { pathSegment, requireId } from '../../shared/ids';
import type { BinaryStream, RecordsClient, RecordsRequest } from '../../shared/records';
import { recordsClient } from '../../shared/records';
import { networkReason } from '../../shared/transport';
import { readRecord } from './get';
import type { Outcome } from './common';
import {
	checkedAnswer,
	failure,
	outputOf,
	readRecordId,
	readTableId,
	recordFileFields,
} from './common';
import { FILE_FIELD_TYPE, fileFieldOf } from './uploadFile';

const show = { resource: ['record'], operation: ['downloadFiles'] };

const MB = 1024 * 1024;
/** Redirects of the file host followed at most (http and https only). */
const MAX_REDIRECTS = 3;

export const downloadFilesOperation: INodePropertyOptions = {
	name: 'Download Files',
	value: 'downloadFiles',
	action: 'Download the files of a record',
	description: "Output a record's files as binary data",
};

export const downloadFilesFields: INodeProperties[] = [
	...recordFileFields(show, {
		purpose: 'The file field to download from; empty: every file field of the table.',
	}),
	{
		displayName: 'Put Output Files in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'file',
		required: true,
		hint: 'Files go to numbered binary fields: file_0, file_1, …',
		description: 'The start of the names of the binary fields the files are put in',
		displayOptions: { show },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Max File Size (MB)',
				name: 'maxFileSizeMb',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 100,
				description: 'A larger file fails the item',
			},
			{
				displayName: 'Timeout',
				name: 'timeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 60000,
				description: 'Time in ms to wait for the file host to answer or send more bytes',
			},
		],
	},
];

/** A file of the record, as its file field describes it. */
interface RecordFile {
	field: Field;
	handle: string;
	fileName: string;
	mimeType: string;
	/** As the record's metadata gives it; undefined when it gives none. */
	size?: number;
}

interface Limits {
	maxBytes: number;
	timeoutMs: number;
}

function readLimits(context: IExecuteFunctions, itemIndex: number): Limits {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const maxMb = Number(options.maxFileSizeMb ?? 100);
	const timeoutMs = Number(options.timeout ?? 60_000);
	if (!(maxMb > 0) || !(timeoutMs >= 1))
		throw new NodeOperationError(
			context.getNode(),
			`The option "${maxMb > 0 ? 'Timeout' : 'Max File Size (MB)'}" must be a number above 0`,
			{ itemIndex },
		);
	return { maxBytes: Math.floor(maxMb * MB), timeoutMs };
}

/** The files of the fields, in field order; entries without a handle are passed over. */
function filesOf(record: IDataObject, fields: Field[]): RecordFile[] {
	return fields.flatMap((field) => {
		const entries = Array.isArray(record[field.slug]) ? (record[field.slug] as unknown[]) : [];
		return entries.filter(isObject).flatMap((entry) => {
			if (typeof entry.handle !== 'string' || entry.handle === '') return [];
			const metadata = isObject(entry.metadata) ? entry.metadata : {};
			const { filename, mimetype, size } = metadata;
			return [
				{
					field,
					handle: entry.handle,
					fileName: typeof filename === 'string' && filename !== '' ? filename : 'file',
					mimeType:
						typeof mimetype === 'string' && mimetype !== '' ? mimetype : 'application/octet-stream',
					size: typeof size === 'number' ? size : undefined,
				},
			];
		});
	});
}

function sizeText(bytes: number): string {
	return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${bytes} bytes`;
}

function tooLargeError(
	context: IExecuteFunctions,
	file: RecordFile,
	size: string,
	limits: Limits,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(
		context.getNode(),
		`The file "${file.fileName}" is larger than the limit of ${sizeText(limits.maxBytes)} (${size})`,
		{
			description: 'Raise Options > Max File Size (MB). No file of this record was attached.',
			itemIndex,
		},
	);
}

/** A failure of the file host; the address (a lasting public link) is never shown, only its host. */
function downloadError(
	context: IExecuteFunctions,
	file: RecordFile,
	what: string,
	host: string,
	itemIndex: number,
	httpCode = 'none',
): NodeApiError {
	const message = `Could not download the file "${file.fileName}": ${what}`;
	return new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		description: `The file is served by ${host}. No file of this record was attached; try again later.`,
		httpCode,
		itemIndex,
	});
}

/**
 * The file's public address (REF records/get-file-url.md: `{url}`). SmartSuite's MCP reads a
 * redirect's Location instead (from `get_url/`): taken too, never followed with the key.
 */
async function fileAddress(
	client: RecordsClient,
	file: RecordFile,
	itemIndex: number,
): Promise<string> {
	const request: RecordsRequest = {
		method: 'GET',
		url: `/api/v1/shared-files/${pathSegment(file.handle)}/url/`,
		action: `get the address of the file "${file.fileName}"`,
		notFound: `SmartSuite has no file "${file.fileName}" (handle ${file.handle})`,
		repeatable: true,
	};
	const response = await client.send(request);
	const location = response.headers.location;
	if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string')
		return location;
	const answer = checkedAnswer(client, response, request, [], itemIndex);
	if (isObject(answer) && typeof answer.url === 'string' && answer.url !== '') return answer.url;
	const message = `SmartSuite's answer to the request to ${request.action} has no address`;
	throw new NodeApiError(client.node, { message } as JsonObject, {
		message,
		itemIndex,
	});
}

/** An http(s) address, resolved against the one it was found at; anything else is refused. */
function httpUrl(
	context: IExecuteFunctions,
	file: RecordFile,
	address: string,
	base: string,
	itemIndex: number,
): URL {
	let url: URL | undefined;
	try {
		url = new URL(address, base);
	} catch {
		// not an address at all
	}
	if (url?.protocol === 'http:' || url?.protocol === 'https:') return url;
	throw downloadError(
		context,
		file,
		`its address is not http or https (${url?.protocol ?? 'not an address'})`,
		url?.host || 'an unknown host',
		itemIndex,
	);
}

/** What a wait for the next bytes gives when none came in time. */
const STALLED: unique symbol = Symbol('stalled');

/**
 * The body's bytes, failing as soon as they pass the limit (whatever Content-Length said) or when
 * no bytes come for the timeout (the request's timeout covers only the wait for the headers).
 */
function limited(
	context: IExecuteFunctions,
	body: BinaryStream,
	file: RecordFile,
	limits: Limits,
	host: string,
	itemIndex: number,
): BinaryStream {
	// A community node may not import node:stream; Readable.from is reached through the stream.
	const Stream = body.constructor as unknown as {
		from(source: AsyncIterable<Buffer>, options: { objectMode: boolean }): BinaryStream;
	};
	const chunks = (body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
	async function nextChunk(): Promise<IteratorResult<Buffer> | typeof STALLED> {
		// AbortSignal.timeout, not n8n-workflow's sleepWithAbort (n8n 2.41 no longer has it): its
		// timer does not keep n8n's process alive once the chunk has come.
		const idle = AbortSignal.timeout(limits.timeoutMs);
		const stalled = new Promise<typeof STALLED>((done) =>
			idle.addEventListener('abort', () => done(STALLED), { once: true }),
		);
		return await Promise.race([chunks.next(), stalled]);
	}
	async function* counted() {
		let received = 0;
		for (;;) {
			const next = await nextChunk();
			if (next === STALLED) {
				body.destroy();
				const waited = `no bytes came for ${limits.timeoutMs} ms`;
				throw downloadError(context, file, `the download stopped: ${waited}`, host, itemIndex);
			}
			if (next.done) return;
			const chunk = next.value;
			received += chunk.length;
			if (received > limits.maxBytes) {
				body.destroy();
				throw tooLargeError(context, file, `more than ${sizeText(received)}`, limits, itemIndex);
			}
			yield chunk;
		}
	}
	return Stream.from(counted(), { objectMode: false });
}

/**
 * Downloads from the file host without the credential (plain httpRequest: the host is not
 * SmartSuite's to trust with the key), following at most MAX_REDIRECTS http(s) redirects, and
 * streams the bytes into n8n's binary store.
 */
async function fetchFile(
	context: IExecuteFunctions,
	address: string,
	base: string,
	file: RecordFile,
	limits: Limits,
	itemIndex: number,
): Promise<IBinaryData> {
	let url = httpUrl(context, file, address, base, itemIndex);
	for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
		let response: IN8nHttpFullResponse;
		try {
			response = (await context.helpers.httpRequest({
				method: 'GET',
				url: url.href,
				encoding: 'stream',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
				timeout: limits.timeoutMs,
				abortSignal: context.getExecutionCancelSignal(),
			})) as IN8nHttpFullResponse;
		} catch (error) {
			// Words only: n8n puts its own text in place of a message holding a network code.
			const reason = networkReason(error);
			const late = reason === 'ECONNABORTED' || reason === 'ETIMEDOUT';
			throw downloadError(
				context,
				file,
				late ? 'the file host did not answer in time' : 'the file host could not be reached',
				url.host,
				itemIndex,
			);
		}
		const body = response.body as BinaryStream;
		const status = response.statusCode;
		const location = response.headers.location;
		if (status >= 300 && status < 400 && typeof location === 'string') {
			body.destroy();
			url = httpUrl(context, file, location, url.href, itemIndex);
			continue;
		}
		if (status < 200 || status >= 300) {
			body.destroy();
			throw downloadError(
				context,
				file,
				`the file host answered ${status}`,
				url.host,
				itemIndex,
				String(status),
			);
		}
		const length = Number(response.headers['content-length']);
		if (length > limits.maxBytes) {
			body.destroy();
			throw tooLargeError(context, file, sizeText(length), limits, itemIndex);
		}
		try {
			return await context.helpers.prepareBinaryData(
				limited(context, body, file, limits, url.host, itemIndex),
				file.fileName,
				file.mimeType,
			);
		} catch (error) {
			// The size limit's or the stall's own error, or the connection lost halfway.
			throw error instanceof NodeOperationError || error instanceof NodeApiError
				? error
				: downloadError(context, file, 'the download broke off', url.host, itemIndex);
		}
	}
	throw downloadError(
		context,
		file,
		`the file host redirected more than ${MAX_REDIRECTS} times`,
		url.host,
		itemIndex,
	);
}

async function downloadItem(
	context: IExecuteFunctions,
	client: RecordsClient,
	itemIndex: number,
): Promise<Outcome> {
	const tableId = readTableId(context, itemIndex);
	const recordId = readRecordId(context, itemIndex);
	const fieldKey = String(context.getNodeParameter('fieldId', itemIndex, '') ?? '').trim();
	const prefix = requireId(
		context.getNode(),
		context.getNodeParameter('binaryPropertyName', itemIndex, 'file'),
		'Put Output Files in Field',
		itemIndex,
	);
	const limits = readLimits(context, itemIndex);
	const structure = await client.structure(tableId);
	const fields = fieldKey
		? [fileFieldOf(context, structure, tableId, fieldKey, itemIndex, 'download')]
		: structure.filter((field) => field.field_type === FILE_FIELD_TYPE);
	if (fields.length === 0)
		throw new NodeOperationError(context.getNode(), `The table "${tableId}" has no file field`, {
			description: 'Download Files reads Files and Images fields.',
			itemIndex,
		});
	const record = await readRecord(client, tableId, recordId, structure, itemIndex);
	const files = filesOf(record, fields);
	if (files.length === 0)
		throw new NodeOperationError(
			context.getNode(),
			`The record "${recordId}" has no files in ${fields.map((field) => `"${field.label}"`).join(', ')}`,
			{
				description:
					'There is nothing to download. To pass over records without files, set the node\'s Settings → On Error to "Continue (using error output)" or filter the records first.',
				itemIndex,
			},
		);
	// Every size SmartSuite states is checked before the first byte is downloaded.
	for (const file of files)
		if (file.size !== undefined && file.size > limits.maxBytes)
			throw tooLargeError(context, file, sizeText(file.size), limits, itemIndex);
	const binary: IBinaryKeyData = {};
	for (const [index, file] of files.entries()) {
		const address = await fileAddress(client, file, itemIndex);
		binary[`${prefix}_${index}`] = await fetchFile(
			context,
			address,
			client.credentials.baseUrl,
			file,
			limits,
			itemIndex,
		);
	}
	const json: IDataObject = {
		id: recordId,
		tableId,
		fileCount: files.length,
		files: files.map((file, index) => ({
			binaryField: `${prefix}_${index}`,
			field: file.field.label,
			fieldId: file.field.slug,
			fileName: file.fileName,
			mimeType: file.mimeType,
			size: file.size ?? null,
			handle: file.handle,
		})),
	};
	return { json, binary };
}

/**
 * Runs as n8n's `customOperations` (see index.ts): per item, the record is read, then each file's
 * address and bytes. An item's files are attached only when all of them arrived; a record without
 * files is an error (the issue's rule: nothing to download), which Continue on Fail passes over.
 */
export async function executeDownloadFiles(
	this: IExecuteFunctions,
): Promise<INodeExecutionData[][]> {
	const client = await recordsClient(this);
	const outcomes: Outcome[][] = [];
	for (const itemIndex of this.getInputData().keys()) {
		try {
			outcomes.push([await downloadItem(this, client, itemIndex)]);
		} catch (error) {
			outcomes.push([failure(error)]);
		}
	}
	return outputOf(this, outcomes);
}
