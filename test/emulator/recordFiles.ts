/**
 * SmartSuite's record-files endpoint (../shared/notes/smartsuite-records.md 1.8, not in its
 * reference): `POST /api/v1/recordfiles/<table>/<record>/<field slug>/`, multipart/form-data with
 * the file in the form field `files`. Each call appends one file entry to the field and answers
 * the record (as ActivePieces reads it). The bytes are kept, so tests can check what arrived.
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from './errors';
import * as records from './records';
import type { Store } from './store';
import type { UploadedFile } from './types';
import type { Body } from './records';

/** One part of a multipart body. */
export interface FormPart {
	name: string;
	/** Present for a file part. */
	filename?: string;
	contentType?: string;
	data: Buffer;
}

/** The boundary of a `multipart/form-data; boundary=…` Content-Type; undefined for any other. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
	const text = contentType ?? '';
	if (text.split(';')[0].trim().toLowerCase() !== 'multipart/form-data') return undefined;
	const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/i.exec(text);
	return match ? (match[1] ?? match[2]) : undefined;
}

/** Browsers escape `"`, CR and LF in a name as %22, %0D and %0A (WHATWG multipart/form-data). */
function unescapeName(text: string): string {
	return text.replace(/%22/g, '"').replace(/%0D/g, '\r').replace(/%0A/g, '\n');
}

/** A Content-Disposition parameter (`name`, `filename`) of a part, as UTF-8. */
function dispositionParameter(disposition: string, parameter: string): string | undefined {
	const match = new RegExp(`;\\s*${parameter}="([^"]*)"`, 'i').exec(disposition);
	return match ? unescapeName(match[1]) : undefined;
}

/**
 * Parses a multipart/form-data body (RFC 7578): parts between `--boundary` lines, each with its
 * headers, a blank line and its bytes, which are kept exactly. Throws a 400 for a body that does
 * not follow the format.
 */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
	const malformed = (why: string) => new ApiError(400, `Multipart form parse error - ${why}`);
	const delimiter = Buffer.from(`--${boundary}`);
	let position = body.indexOf(delimiter);
	if (position < 0) throw malformed('no boundary found in the body');
	const parts: FormPart[] = [];
	for (;;) {
		position += delimiter.length;
		if (body.subarray(position, position + 2).toString('latin1') === '--') return parts;
		if (body.subarray(position, position + 2).toString('latin1') !== '\r\n')
			throw malformed('a boundary is not followed by a line break');
		const headersEnd = body.indexOf('\r\n\r\n', position);
		if (headersEnd < 0) throw malformed('a part has no end of headers');
		const headers = new Map<string, string>();
		for (const line of body
			.subarray(position + 2, headersEnd)
			.toString('utf8')
			.split('\r\n')) {
			const colon = line.indexOf(':');
			if (colon > 0)
				headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
		}
		const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd + 4);
		if (next < 0) throw malformed('the body ends inside a part');
		const disposition = headers.get('content-disposition') ?? '';
		const name = dispositionParameter(disposition, 'name');
		if (!/^form-data\b/i.test(disposition) || name === undefined)
			throw malformed('a part has no Content-Disposition: form-data with a name');
		parts.push({
			name,
			filename: dispositionParameter(disposition, 'filename'),
			contentType: headers.get('content-type'),
			data: Buffer.from(body.subarray(headersEnd + 4, next)),
		});
		position = next + 2;
	}
}

/** The bytes of every file uploaded, by handle, per emulator. */
const uploads = new WeakMap<Store, Map<string, UploadedFile>>();

function uploadsOf(store: Store): Map<string, UploadedFile> {
	if (!uploads.has(store)) uploads.set(store, new Map());
	return uploads.get(store)!;
}

export function uploadedFile(store: Store, handle: string): UploadedFile | undefined {
	return uploadsOf(store).get(handle);
}

/** What SmartSuite files a MIME type under (`file_type`, read by the `file_type_is` filter). */
function fileTypeOf(mimetype: string): string {
	const [type, subtype] = mimetype.toLowerCase().split('/');
	if (['image', 'video', 'audio'].includes(type)) return type;
	if (subtype === 'pdf') return 'pdf';
	return type === 'text' ? 'text' : 'other';
}

/**
 * Appends a file entry (as SmartSuite's file objects: handle, metadata, file_type…) to a file field
 * of a live record and keeps its bytes (RECORD_UPDATED raised, as every change); returns the record.
 */
export function attachFile(
	store: Store,
	tableId: string,
	recordId: string,
	fieldSlug: string,
	{ filename, mimetype, bytes }: Omit<UploadedFile, 'handle'>,
): Body {
	const record = records.getRecord(store, tableId, recordId);
	const handle = randomUUID().replace(/-/g, '').slice(0, 20);
	const now = new Date().toISOString();
	const entry = {
		handle,
		metadata: {
			container: 'smart-suite-media',
			filename,
			key: `${randomUUID()}/${filename}`,
			mimetype,
			size: bytes.length,
		},
		transform_options: {},
		created_on: now,
		updated_on: now,
		description: '',
		file_type: fileTypeOf(mimetype),
	};
	uploadsOf(store).set(handle, { handle, filename, mimetype, bytes });
	const existing = Array.isArray(record[fieldSlug]) ? (record[fieldSlug] as unknown[]) : [];
	return records.updateRecord(
		store,
		tableId,
		recordId,
		{ [fieldSlug]: [...existing, entry] },
		'patch',
	).record;
}

/**
 * `POST recordfiles/<table>/<record>/<field>/`: 404 for an unknown table or record. A slug the table
 * does not have, or a field that is not a file field, is a 400 naming the field: a guess, SmartSuite
 * documents neither. Then the body must be multipart with a file in `files` (400 otherwise). Appends
 * one entry to the field (RECORD_UPDATED raised, as every change) and answers the record, or the
 * field's files (Variant uploadAnswer).
 */
export function uploadRecordFile(
	store: Store,
	{
		tableId,
		recordId,
		fieldSlug,
		body,
		contentType,
	}: { tableId: string; recordId: string; fieldSlug: string; body: Buffer; contentType?: string },
): unknown {
	const table = records.tableOf(store, tableId);
	records.getRecord(store, tableId, recordId); // 404 for an unknown or deleted record
	const field = table.structure.find((candidate) => candidate.slug === fieldSlug);
	if (!field)
		throw new ApiError(400, `Unknown field "${fieldSlug}".`, {
			body: { [fieldSlug]: ['Unknown field.'] },
		});
	if (field.field_type !== 'filefield') {
		throw new ApiError(400, `${fieldSlug}: not a file field`, {
			body: {
				[fieldSlug]: [`Files can only be uploaded to a file field, not a ${field.field_type}.`],
			},
		});
	}
	const boundary = multipartBoundary(contentType);
	if (!boundary)
		throw new ApiError(
			400,
			`Unsupported media type "${contentType ?? ''}": expected multipart/form-data with a boundary.`,
		);
	const file = parseMultipart(body, boundary).find(
		(part) => part.name === 'files' && part.filename !== undefined,
	);
	if (!file)
		throw new ApiError(400, 'No file was submitted in the "files" field.', {
			body: { files: ['No file was submitted.'] },
		});

	const written = attachFile(store, tableId, recordId, fieldSlug, {
		filename: file.filename ?? 'file',
		mimetype: file.contentType ?? 'application/octet-stream',
		bytes: file.data,
	});
	return store.variant.uploadAnswer === 'record' ? written : written[fieldSlug];
}
