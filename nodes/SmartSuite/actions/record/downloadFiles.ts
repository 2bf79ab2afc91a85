import type {
	IBinaryData,
	IBinaryKeyData,
	IDataObject,
	IExecuteFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	IPollFunctions,
	IWebhookFunctions,
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

/** Where files are downloaded: this operation, and both triggers' Download Files option. */
export type FilesContext = IExecuteFunctions | IPollFunctions | IWebhookFunctions;

const MB = 1024 * 1024;
/** Redirects of the file host followed at most (http and https only). */
const MAX_REDIRECTS = 3;
/** Per item: what n8n holds at once (300 files of 0.99 MB made its resident memory grow by 730 MB). */
const DEFAULT_MAX_TOTAL_MB = 200;
/** Per run: five items of two 95 MB files each made n8n's resident memory reach 2.5 GB (issue 49). */
export const DEFAULT_MAX_RUN_MB = 500;
const DEFAULT_MAX_FILES = 100;
const DEFAULT_MAX_FILE_MB = 100;
const DEFAULT_TIMEOUT_MS = 60_000;
/** A file of the default 100 MB at 350 KB/s; a host that trickles bytes cannot hold the run longer. */
const DEFAULT_FILE_DEADLINE_MS = 300_000;

/** The options a refusal names. */
const FILE_SIZE_OPTION = 'Max File Size (MB)';
const FILES_OPTION = 'Max Files per Item';
const TOTAL_OPTION = 'Max Total Size per Item (MB)';
const RUN_OPTION = 'Max Total Size per Run (MB)';
const DEADLINE_OPTION = 'Max Time per File';

export const downloadFilesOperation: INodePropertyOptions = {
	name: 'Download Files',
	value: 'downloadFiles',
	action: 'Download the files of a record',
	description: "Output a record's files as binary data",
};

export const downloadFilesFields: INodeProperties[] = [
	...recordFileFields(show, {
		purpose: 'The file field to download from, or All File Fields.',
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
				default: DEFAULT_MAX_FILE_MB,
				description: 'A larger file fails the item',
			},
			{
				displayName: 'Max Files per Item',
				name: 'maxFiles',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_MAX_FILES,
				description: 'A record with more files fails the item',
			},
			{
				displayName: 'Max Time per File',
				name: 'fileDeadline',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_FILE_DEADLINE_MS,
				description:
					'Time in ms one file may take, from the first request to its host to its last byte; a slower file fails the item',
			},
			{
				displayName: 'Max Total Size per Item (MB)',
				name: 'maxTotalSizeMb',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_MAX_TOTAL_MB,
				description:
					"The record's files together: n8n holds them all at once (in memory, unless it keeps binary data on disk). More fails the item.",
			},
			{
				displayName: 'Max Total Size per Run (MB)',
				name: 'maxRunSizeMb',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_MAX_RUN_MB,
				description:
					"The files of all items of one run together: n8n holds every item's files until the run ends (in memory, unless it keeps binary data on disk). The item whose files pass it fails, and so do the items after it.",
			},
			{
				displayName: 'Timeout',
				name: 'timeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_TIMEOUT_MS,
				description: 'Time in ms to wait for the file host to answer or send more bytes',
			},
			{
				displayName: 'When Over a Limit',
				name: 'overLimit',
				type: 'options',
				default: 'fail',
				description:
					'What to do with a record whose files pass Max Files per Item, Max Total Size per Item or per Run, or one of which passes Max File Size',
				options: [
					{
						name: 'Fail the Item',
						value: 'fail',
						description: 'No file of the record is downloaded',
					},
					{
						name: 'Keep the Files That Fit',
						value: 'fit',
						description:
							'The files that fit, in SmartSuite\'s order; the others are listed in the output\'s "leftOut"',
					},
				],
			},
		],
	},
];

/** A file of the record, as its file field describes it. */
export interface RecordFile {
	field: Field;
	handle: string;
	fileName: string;
	mimeType: string;
	/** As the record's metadata gives it; undefined when it gives none. */
	size?: number;
}

interface Limits {
	/** Max File Size (MB), in bytes. */
	fileBytes: number;
	/** Max Total Size per Item (MB), in bytes. */
	totalBytes: number;
	/** Max Total Size per Run (MB), in bytes. */
	runBytes: number;
	/** Max Files per Item. */
	files: number;
	/** Timeout: the longest wait for an answer or the next bytes. */
	timeoutMs: number;
	/** Max Time per File: from the first request to a file's host to its last byte. */
	deadlineMs: number;
	/** When Over a Limit: Keep the Files That Fit (else the item fails). */
	keepWhatFits: boolean;
	/** When the run's time for files ends (ms since the epoch): a trigger's poll or notification. */
	endsAt: number;
	/** A trigger's: a file not downloaded, whatever the reason, is listed in `leftOut`, never fails the item. */
	noteFailures: boolean;
}

/** The options, each checked before any request. */
function readLimits(context: IExecuteFunctions, itemIndex: number): Limits {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const positive = (name: string, label: string, fallback: number, whole = false) => {
		const value = Number(options[name] ?? fallback);
		if (value > 0 && (!whole || Number.isInteger(value))) return value;
		const what = whole ? 'a whole number' : 'a number';
		throw new NodeOperationError(
			context.getNode(),
			`The option "${label}" must be ${what} above 0`,
			{ itemIndex },
		);
	};
	return {
		fileBytes: Math.floor(positive('maxFileSizeMb', FILE_SIZE_OPTION, DEFAULT_MAX_FILE_MB) * MB),
		files: positive('maxFiles', FILES_OPTION, DEFAULT_MAX_FILES, true),
		deadlineMs: positive('fileDeadline', DEADLINE_OPTION, DEFAULT_FILE_DEADLINE_MS),
		totalBytes: Math.floor(positive('maxTotalSizeMb', TOTAL_OPTION, DEFAULT_MAX_TOTAL_MB) * MB),
		runBytes: Math.floor(positive('maxRunSizeMb', RUN_OPTION, DEFAULT_MAX_RUN_MB) * MB),
		timeoutMs: positive('timeout', 'Timeout', DEFAULT_TIMEOUT_MS),
		keepWhatFits: options.overLimit === 'fit',
		endsAt: Infinity,
		noteFailures: false,
	};
}

/** The files of the fields, in field order; entries without a handle are passed over. */
export function filesOf(record: IDataObject, fields: Field[]): RecordFile[] {
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

/** Errors of a limit the files passed, with the option it is (Keep the Files That Fit leaves such a file out). */
const limitOf = new WeakMap<Error, string>();

/** A limit passed: the error names it and the option to change. `arrived`: some bytes had come. */
function overLimitError(
	context: FilesContext,
	message: string,
	option: string,
	itemIndex: number,
	arrived = false,
): NodeOperationError {
	const error = new NodeOperationError(context.getNode(), message, {
		description: `Raise Options > ${option}, or set Options > When Over a Limit to "Keep the Files That Fit". No file of this record was ${arrived ? 'attached' : 'downloaded'}.`,
		itemIndex,
	});
	limitOf.set(error, option);
	return error;
}

function tooLargeError(
	context: FilesContext,
	file: RecordFile,
	size: string,
	limits: Limits,
	itemIndex: number,
	arrived = false,
): NodeOperationError {
	return overLimitError(
		context,
		`The file "${file.fileName}" is larger than the limit of ${sizeText(limits.fileBytes)} (${size})`,
		FILE_SIZE_OPTION,
		itemIndex,
		arrived,
	);
}

/** A failure of the file host; the address (a lasting public link) is never shown, only its host. */
function downloadError(
	context: FilesContext,
	file: RecordFile,
	what: string,
	host: string,
	itemIndex: number,
	{ httpCode = 'none', advice = 'try again later' }: { httpCode?: string; advice?: string } = {},
): NodeApiError {
	const message = `Could not download the file "${file.fileName}": ${what}`;
	return new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		description: `The file is served by ${host}. No file of this record was attached; ${advice}.`,
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
	context: FilesContext,
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

/** One file's download: what it may take, and what it took so far. */
interface Download {
	file: RecordFile;
	limits: Limits;
	/** Bytes left under Max Total Size per Item and per Run before this file. */
	room: number;
	/** The option whose limit leaves that room. */
	roomOption: string;
	/** Max Time per File ends then (ms since the epoch), counted from the first request to the host. */
	deadline: number;
	/** Bytes that came so far. */
	bytes: number;
	itemIndex: number;
}

/** The error for bytes past a limit: the file's own, or the item's total. */
function pastLimitError(
	context: FilesContext,
	download: Download,
	bytes: number,
	recordId: string,
): NodeOperationError {
	const { file, limits, itemIndex } = download;
	if (bytes > limits.fileBytes)
		return tooLargeError(context, file, `more than ${sizeText(bytes)}`, limits, itemIndex, true);
	if (download.roomOption === RUN_OPTION)
		return overLimitError(
			context,
			`The files of this run are larger than the limit of ${sizeText(limits.runBytes)} in all: "${file.fileName}" of the record "${recordId}" passed it while downloading`,
			RUN_OPTION,
			itemIndex,
			true,
		);
	return overLimitError(
		context,
		`The files of the record "${recordId}" are larger than the limit of ${sizeText(limits.totalBytes)} in all: "${file.fileName}" passed it while downloading`,
		TOTAL_OPTION,
		itemIndex,
		true,
	);
}

function deadlineError(context: FilesContext, download: Download, host: string) {
	if (download.deadline === download.limits.endsAt) return outOfTimeError(context, download, host);
	return downloadError(
		context,
		download.file,
		`it took longer than ${DEADLINE_OPTION} (${download.limits.deadlineMs} ms)`,
		host,
		download.itemIndex,
		{ advice: `raise Options > ${DEADLINE_OPTION} if the host is slow but steady` },
	);
}

/** A trigger's time for files (its poll's or notification's) ended before the file did. */
function outOfTimeError(context: FilesContext, download: Download, host: string) {
	return downloadError(
		context,
		download.file,
		"the trigger's time for files ran out before it was done",
		host,
		download.itemIndex,
	);
}

/**
 * The body's bytes, failing as soon as they pass the file's or the item's limit (whatever
 * Content-Length said), when no bytes come for the timeout (the request's timeout covers only
 * the wait for the headers), or when the file's deadline passes.
 */
function limited(
	context: FilesContext,
	body: BinaryStream,
	download: Download,
	recordId: string,
	host: string,
): BinaryStream {
	// A community node may not import node:stream; Readable.from is reached through the stream.
	const Stream = body.constructor as unknown as {
		from(source: AsyncIterable<Buffer>, options: { objectMode: boolean }): BinaryStream;
	};
	const { limits } = download;
	const budget = Math.min(limits.fileBytes, download.room);
	const chunks = (body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
	async function nextChunk(): Promise<IteratorResult<Buffer> | typeof STALLED> {
		const wait = Math.min(limits.timeoutMs, download.deadline - Date.now());
		if (wait <= 0) return STALLED;
		// AbortSignal.timeout, not n8n-workflow's sleepWithAbort (n8n 2.41 no longer has it): its
		// timer does not keep n8n's process alive once the chunk has come.
		const idle = AbortSignal.timeout(Math.ceil(wait));
		const stalled = new Promise<typeof STALLED>((done) =>
			idle.addEventListener('abort', () => done(STALLED), { once: true }),
		);
		return await Promise.race([chunks.next(), stalled]);
	}
	async function* counted() {
		for (;;) {
			const next = await nextChunk();
			if (next === STALLED) {
				body.destroy();
				if (Date.now() >= download.deadline) throw deadlineError(context, download, host);
				const waited = `no bytes came for ${limits.timeoutMs} ms`;
				throw downloadError(
					context,
					download.file,
					`the download stopped: ${waited}`,
					host,
					download.itemIndex,
				);
			}
			if (next.done) return;
			const chunk = next.value;
			download.bytes += chunk.length;
			if (download.bytes > budget) {
				body.destroy();
				throw pastLimitError(context, download, download.bytes, recordId);
			}
			yield chunk;
		}
	}
	return Stream.from(counted(), { objectMode: false });
}

/**
 * How n8n's SSRF protection (n8n 2.41, N8N_SSRF_PROTECTION_ENABLED) refused an address: its
 * request helper throws its SsrfBlockedIpError or SsrfBlockedHostnameError, before connecting or
 * (a host name that resolves to a blocked address when connecting) as the cause of the error.
 */
function ssrfRefusal(error: unknown): string | undefined {
	let cause: unknown = error;
	for (let depth = 0; depth < 5 && typeof cause === 'object' && cause !== null; depth++) {
		const { name } = cause as { name?: unknown };
		if (name === 'SsrfBlockedIpError') return 'it resolves to a restricted IP address';
		if (name === 'SsrfBlockedHostnameError') return 'its host name is on the blocked list';
		cause = (cause as { cause?: unknown }).cause;
	}
	return undefined;
}

function requestError(
	context: FilesContext,
	error: unknown,
	download: Download,
	host: string,
): NodeApiError {
	const refusal = ssrfRefusal(error);
	if (refusal)
		return downloadError(
			context,
			download.file,
			`n8n's SSRF protection refused its address (${refusal})`,
			host,
			download.itemIndex,
			{
				advice:
					'n8n is set to refuse such addresses (N8N_SSRF_PROTECTION_ENABLED). If this host is trusted, an n8n administrator can allow it with N8N_SSRF_ALLOWED_HOSTNAMES or N8N_SSRF_ALLOWED_IP_RANGES',
			},
		);
	if (Date.now() >= download.deadline) return deadlineError(context, download, host);
	// Words only: n8n puts its own text in place of a message holding a network code.
	const reason = networkReason(error);
	const late = reason === 'ECONNABORTED' || reason === 'ETIMEDOUT';
	return downloadError(
		context,
		download.file,
		late ? 'the file host did not answer in time' : 'the file host could not be reached',
		host,
		download.itemIndex,
	);
}

/**
 * Downloads from the file host without the credential (plain httpRequest: the host is not
 * SmartSuite's to trust with the key), following at most MAX_REDIRECTS http(s) redirects, and
 * streams the bytes into n8n's binary store.
 */
async function fetchFile(
	context: FilesContext,
	address: string,
	base: string,
	download: Download,
	recordId: string,
): Promise<IBinaryData> {
	const { file, limits, itemIndex } = download;
	download.deadline = Math.min(Date.now() + limits.deadlineMs, limits.endsAt);
	// An abort: the socket's idle timer alone is held open by a host that sends a byte now and then.
	const deadline = AbortSignal.timeout(Math.max(1, download.deadline - Date.now()));
	// Only an action's run can be cancelled while it downloads.
	const cancel =
		'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
	const abortSignal = cancel ? AbortSignal.any([cancel, deadline]) : deadline;
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
				timeout: Math.ceil(Math.max(1, Math.min(limits.timeoutMs, download.deadline - Date.now()))),
				abortSignal,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			if (deadline.aborted) throw deadlineError(context, download, url.host);
			throw requestError(context, error, download, url.host);
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
			throw downloadError(context, file, `the file host answered ${status}`, url.host, itemIndex, {
				httpCode: String(status),
			});
		}
		const length = Number(response.headers['content-length']);
		if (length > Math.min(limits.fileBytes, download.room)) {
			body.destroy();
			throw length > limits.fileBytes
				? tooLargeError(context, file, sizeText(length), limits, itemIndex)
				: pastLimitError(context, download, length, recordId);
		}
		try {
			return await context.helpers.prepareBinaryData(
				limited(context, body, download, recordId, url.host),
				file.fileName,
				file.mimeType,
			);
		} catch (error) {
			if (deadline.aborted) throw deadlineError(context, download, url.host);
			// The limits' or the stall's own error, or the connection lost halfway.
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

/** A file not downloaded: the option of the limit it passed, or (a trigger's) the error it met. */
interface LeftOut {
	file: RecordFile;
	limit?: string;
	error?: string;
}

/**
 * Which files fit, by the sizes SmartSuite states, before the first byte: in SmartSuite's order,
 * each while fewer than Max Files per Item are taken, under Max File Size, and within Max Total
 * Size per Item with the ones taken (a file without a stated size counts once its bytes come).
 */
function fitting(
	files: RecordFile[],
	limits: Limits,
	run: RunTally,
): { taken: RecordFile[]; leftOut: LeftOut[] } {
	const taken: RecordFile[] = [];
	const leftOut: LeftOut[] = [];
	let stated = 0;
	for (const file of files) {
		const size = file.size ?? 0;
		let limit: string | undefined;
		if (taken.length >= limits.files) limit = FILES_OPTION;
		else if (size > limits.fileBytes) limit = FILE_SIZE_OPTION;
		else if (stated + size > limits.totalBytes) limit = TOTAL_OPTION;
		else if (run.arrived + stated + size > limits.runBytes) limit = RUN_OPTION;
		if (limit) leftOut.push({ file, limit });
		else {
			taken.push(file);
			stated += size;
		}
	}
	return { taken, leftOut };
}

/** The error of a file left out before the first byte: the record's count or stated total, or the file's size. */
function refusal(
	context: FilesContext,
	recordId: string,
	files: RecordFile[],
	{ file, limit }: LeftOut,
	limits: Limits,
	itemIndex: number,
	run: RunTally,
): NodeOperationError {
	if (limit === FILES_OPTION)
		return overLimitError(
			context,
			`The record "${recordId}" has ${files.length} files, more than the limit of ${limits.files}`,
			FILES_OPTION,
			itemIndex,
		);
	if (limit === FILE_SIZE_OPTION)
		return tooLargeError(context, file, sizeText(file.size ?? 0), limits, itemIndex);
	const stated = files.reduce((sum, each) => sum + (each.size ?? 0), 0);
	if (limit === RUN_OPTION)
		return overLimitError(
			context,
			`The files of the record "${recordId}" add up to ${sizeText(stated)}: with the ${sizeText(run.arrived)} downloaded before in this run, more than the limit of ${sizeText(limits.runBytes)} per run`,
			RUN_OPTION,
			itemIndex,
		);
	return overLimitError(
		context,
		`The files of the record "${recordId}" add up to ${sizeText(stated)}, more than the limit of ${sizeText(limits.totalBytes)}`,
		TOTAL_OPTION,
		itemIndex,
	);
}

/** One file: its address from SmartSuite, then its bytes, within the room left. */
async function downloadFile(
	context: FilesContext,
	client: RecordsClient,
	download: Download,
	recordId: string,
): Promise<IBinaryData> {
	const { file } = download;
	// Files without a stated size may have taken the room a later one states it needs.
	if ((file.size ?? 0) > download.room)
		throw pastLimitError(context, download, file.size ?? 0, recordId);
	const address = await fileAddress(client, file, download.itemIndex);
	return await fetchFile(context, address, client.credentials.baseUrl, download, recordId);
}

/**
 * Downloads the files one after the other, each within the room the ones before it left under
 * Max Total Size per Item. A limit passed as the bytes arrive fails the item, or (Keep the Files
 * That Fit) leaves that file out, added to `leftOut`; when none arrived, the item fails.
 */
async function downloadInTurn(
	client: RecordsClient,
	taken: RecordFile[],
	leftOut: LeftOut[],
	item: {
		context: FilesContext;
		limits: Limits;
		recordId: string;
		prefix: string;
		itemIndex: number;
		run: RunTally;
	},
): Promise<{ binary: IBinaryKeyData; downloaded: RecordFile[] }> {
	const { context, limits, recordId, prefix, itemIndex, run } = item;
	const binary: IBinaryKeyData = {};
	const downloaded: RecordFile[] = [];
	let arrived = 0;
	let firstLimitPassed: unknown;
	for (const file of taken) {
		if (Date.now() >= limits.endsAt) {
			leftOut.push({ file, error: "Not downloaded: the trigger's time for files ran out" });
			continue;
		}
		const itemRoom = limits.totalBytes - arrived;
		const runRoom = limits.runBytes - run.arrived;
		const download = {
			file,
			limits,
			room: Math.min(itemRoom, runRoom),
			roomOption: runRoom < itemRoom ? RUN_OPTION : TOTAL_OPTION,
			deadline: Infinity,
			bytes: 0,
			itemIndex,
		};
		const got = await downloadFile(context, client, download, recordId).then(
			(data) => ({ data }),
			(error: unknown) => ({ error }),
		);
		if ('data' in got) {
			binary[`${prefix}_${downloaded.length}`] = got.data;
			downloaded.push(file);
			arrived += download.bytes;
			run.arrived += download.bytes;
			continue;
		}
		const limit = got.error instanceof Error ? limitOf.get(got.error) : undefined;
		if (limits.noteFailures) {
			const error = got.error instanceof Error ? got.error.message : String(got.error);
			leftOut.push(limit ? { file, limit } : { file, error });
			continue;
		}
		if (!limits.keepWhatFits || !limit) throw got.error;
		firstLimitPassed ??= got.error;
		leftOut.push({ file, limit });
	}
	if (downloaded.length === 0 && !limits.noteFailures) throw firstLimitPassed;
	return { binary, downloaded };
}

const fileEntry = (file: RecordFile) => ({
	field: file.field.label,
	fieldId: file.field.slug,
	fileName: file.fileName,
	mimeType: file.mimeType,
	size: file.size ?? null,
	handle: file.handle,
});

/** The bytes of the files downloaded so far in this run, against Max Total Size per Run. */
export interface RunTally {
	arrived: number;
}

/** What an item says of its files: those attached (by binary field), and those left out with why, in the record's order. */
function filesJson(
	prefix: string,
	files: RecordFile[],
	downloaded: RecordFile[],
	leftOut: LeftOut[],
): IDataObject {
	const json: IDataObject = {
		fileCount: downloaded.length,
		files: downloaded.map((file, index) => ({
			binaryField: `${prefix}_${index}`,
			...fileEntry(file),
		})),
	};
	if (leftOut.length > 0) {
		const position = new Map(files.map((file, index) => [file, index]));
		json.leftOut = leftOut
			.sort((a, b) => position.get(a.file)! - position.get(b.file)!)
			.map(({ file, limit, error }) => ({
				...fileEntry(file),
				...(limit ? { limit } : { error }),
			}));
	}
	return json;
}

/** The start of the binary fields' names (`file_0`, `file_1`…): the operation's default, the triggers' only one. */
export const FILES_PREFIX = 'file';

/** A trigger's bounds: the operation's defaults, with Max Total Size per Run and the time the run has for files. */
export function triggerFileLimits(runMb: number, endsAt: number): Limits {
	return {
		fileBytes: DEFAULT_MAX_FILE_MB * MB,
		files: DEFAULT_MAX_FILES,
		deadlineMs: DEFAULT_FILE_DEADLINE_MS,
		totalBytes: DEFAULT_MAX_TOTAL_MB * MB,
		runBytes: Math.floor(runMb * MB),
		timeoutMs: DEFAULT_TIMEOUT_MS,
		keepWhatFits: true,
		endsAt,
		noteFailures: true,
	};
}

/**
 * A trigger's Download Files: the files of a record it already read, downloaded as this operation
 * downloads them (binary fields named the same), within `limits` and the run's tally. A file not
 * downloaded (a limit, an error, the time) is listed in `leftOut` with why: nothing is thrown.
 */
export async function downloadNoting(
	context: FilesContext,
	client: RecordsClient,
	recordId: string,
	files: RecordFile[],
	{ limits, run, itemIndex }: { limits: Limits; run: RunTally; itemIndex: number },
): Promise<{ json: IDataObject; binary: IBinaryKeyData }> {
	const { taken, leftOut } = fitting(files, limits, run);
	const { binary, downloaded } = await downloadInTurn(client, taken, leftOut, {
		context,
		limits,
		recordId,
		prefix: FILES_PREFIX,
		itemIndex,
		run,
	});
	return { json: filesJson(FILES_PREFIX, files, downloaded, leftOut), binary };
}

async function downloadItem(
	context: IExecuteFunctions,
	client: RecordsClient,
	itemIndex: number,
	run: RunTally,
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
	// Every limit is checked against the sizes SmartSuite states before the first byte.
	const { taken, leftOut } = fitting(files, limits, run);
	if (leftOut.length > 0 && (!limits.keepWhatFits || taken.length === 0))
		throw refusal(context, recordId, files, leftOut[0], limits, itemIndex, run);
	const { binary, downloaded } = await downloadInTurn(client, taken, leftOut, {
		context,
		limits,
		recordId,
		prefix,
		itemIndex,
		run,
	});
	// Keep the Files That Fit: the item says which files it lacks, and why.
	const json = { id: recordId, tableId, ...filesJson(prefix, files, downloaded, leftOut) };
	return { json, binary };
}

/**
 * Run by actions/router.ts: per item, the record is read, then each file's
 * address and bytes. An item's files are attached only when all of them arrived (or, Keep the
 * Files That Fit, those that fit, the others listed); a record without files is an error (the
 * issue's rule: nothing to download), which Continue on Fail passes over.
 */
export async function executeDownloadFiles(
	this: IExecuteFunctions,
): Promise<INodeExecutionData[][]> {
	const client = await recordsClient(this);
	const outcomes: Outcome[][] = [];
	const run: RunTally = { arrived: 0 };
	for (const itemIndex of this.getInputData().keys()) {
		try {
			outcomes.push([await downloadItem(this, client, itemIndex, run)]);
		} catch (error) {
			outcomes.push([failure(error)]);
		}
	}
	return outputOf(this, outcomes);
}
