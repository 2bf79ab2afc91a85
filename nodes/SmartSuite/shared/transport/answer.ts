/**
 * An answer as the package reads it: its body read from the stream up to MAX_ANSWER_BYTES, then
 * through the one door (`received`) that takes the API key out of it.
 */
import type { IDataObject, IN8nHttpFullResponse, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isJsonObject } from './json';
import type { Secret } from './redaction';
import { MIN_SCRUBBED_LENGTH, redacted, scrubbed, secretsOf } from './redaction';

/** Marks an answer built by `received`: the only way to make one, so no answer skips it. */
declare const SCRUBBED: unique symbol;

/**
 * An answer as the transport read it: `body` is the text (or an already parsed value). Built only
 * by `received`, which has taken every form of the API key out of the body and the headers, so
 * nothing read from it (records, messages, output items, log lines) can carry the key.
 */
export interface ApiResponse {
	statusCode: number;
	body: unknown;
	headers: IDataObject;
	/** What no error built from this answer may quote (see `quote`): the key and the node's held secrets. */
	secrets: Secret[];
	/**
	 * The request was sent again after an attempt whose outcome is unknown (a 502/503/504, a
	 * dropped connection or no answer): SmartSuite may have carried out the first one.
	 */
	repeated?: boolean;
	/** A 429's: how long every request of the key waits from its arrival (see pace.ts `refused`). */
	heldMs?: number;
	readonly [SCRUBBED]: true;
}

/**
 * The one door of every answer into the package: the body and the headers without any form of
 * the API key (see `redacted`). The secrets the node holds (`held`) stay in what it reads (the
 * Instant Trigger finds its webhook by its URL) and are taken out on the way out: of every quote
 * (`secrets`), and of its output items (`scrubbed`).
 */
export function received(
	raw: { statusCode: number; body: unknown; headers?: unknown },
	apiKey: string,
	held: Secret[] = [],
): ApiResponse {
	// A key of a few characters (no real one) would cut words of every answer apart; quotes still lose it.
	const key = secretsOf(apiKey).filter((secret) => secret.text.length >= MIN_SCRUBBED_LENGTH);
	const headers = isJsonObject(raw.headers) ? scrubbed({ ...raw.headers }, key) : {};
	const body = scrubbed(raw.body, key);
	return {
		statusCode: raw.statusCode,
		body,
		headers,
		secrets: secretsOf(apiKey, held),
	} as ApiResponse;
}

/**
 * The largest answer read: 64 MB. SmartSuite's largest pages (1,000 records or events) are a few
 * megabytes; a larger answer is an error, never held whole (see docs/limits.md).
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** An answer larger than MAX_ANSWER_BYTES: what was asked, and how large it was said or seen to be. */
export class AnswerTooLarge extends Error {
	constructor(
		readonly statusCode: number,
		readonly size: string,
	) {
		super('answer too large');
	}
}

const megabytes = (bytes: number) =>
	`${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/**
 * The text of an answer's body, read from its stream up to MAX_ANSWER_BYTES: an answer that
 * announces more (Content-Length) is refused before its first byte, one that sends more is cut
 * off there. A body that is not a stream (a test's stand-in for n8n's helper) is kept as it is.
 */
export async function answerText(response: IN8nHttpFullResponse): Promise<unknown> {
	const body = response.body as unknown;
	if (!isStream(body)) return body;
	const announced = Number(response.headers?.['content-length']);
	if (announced > MAX_ANSWER_BYTES) {
		body.destroy();
		throw new AnswerTooLarge(response.statusCode, megabytes(announced));
	}
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of body) {
		const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
		length += bytes.length;
		if (length > MAX_ANSWER_BYTES) {
			body.destroy();
			throw new AnswerTooLarge(response.statusCode, `more than ${megabytes(MAX_ANSWER_BYTES)}`);
		}
		chunks.push(bytes);
	}
	// As axios reads text: UTF-8, without a byte order mark.
	return Buffer.concat(chunks, length)
		.toString('utf8')
		.replace(/^\uFEFF/, '');
}

function isStream(body: unknown): body is AsyncIterable<unknown> & { destroy(): void } {
	return (
		typeof body === 'object' &&
		body !== null &&
		Symbol.asyncIterator in body &&
		typeof (body as { destroy?: unknown }).destroy === 'function'
	);
}

/** The error for an answer larger than MAX_ANSWER_BYTES: which request, how large, what to do. */
export function tooLargeError(
	node: INode,
	{ statusCode, size }: AnswerTooLarge,
	options: { method?: string; url?: string },
	secrets: Secret[],
): NodeApiError {
	const request = `${options.method ?? 'POST'} ${options.url ?? ''}`.trim();
	const message = redacted(
		`The answer to ${request} is too large: ${size}, over the limit of ${megabytes(MAX_ANSWER_BYTES)}`,
		secrets,
	);
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description: `It was not read further. SmartSuite's pages are a few megabytes: ask for fewer at a time (a smaller Limit or Page Size, fewer records or fields per request). An answer this large from another server: check the base URLs in the SmartSuite credential.`,
		httpCode: String(statusCode),
	});
}
