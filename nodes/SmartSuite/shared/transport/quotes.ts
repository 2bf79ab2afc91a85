/**
 * A server's words as the package quotes them in a message, a description or a log line: read from
 * an error body, without the secrets, cut short.
 */
import type { ApiResponse } from './answer';
import { isJsonObject, readJson } from './json';
import type { Secret } from './redaction';
import { redacted } from './redaction';

/** What an answer says, quoted: see serverMessage. */
export function answerWords(
	response: ApiResponse,
	labelOf?: (key: string) => string | undefined,
): string {
	const json = readJson(response.body);
	return serverMessage(json ? json.value : response.body, response.secrets, labelOf);
}

/** Longest quote of a server's words in a message or description. */
export const MAX_QUOTE_LENGTH = 300;

/**
 * The words of an error body, quoted (see `quote`): Twirp `msg`, records API `detail`,
 * `message` or `error`, SmartSuite's `{"<field or parameter>": ["message", …]}` (each key named
 * by `labelOf` when it knows it), or a plain text.
 */
export function serverMessage(
	body: unknown,
	secrets: Secret[],
	labelOf: (key: string) => string | undefined = () => undefined,
): string {
	return quote(serverWords(body, labelOf), secrets);
}

function serverWords(body: unknown, labelOf: (key: string) => string | undefined): string {
	// A page's markup says nothing a user can act on.
	if (typeof body === 'string') return body.trimStart().startsWith('<') ? '' : body;
	if (!isJsonObject(body)) return body === undefined || body === null ? '' : JSON.stringify(body);
	const value = body.msg ?? body.detail ?? body.message ?? body.error;
	if (typeof value === 'string') return value;
	if (value !== undefined) return JSON.stringify(value);
	return Object.entries(body)
		.map(([key, said]) => {
			const label = labelOf(key);
			return `${label ? `"${label}"` : key}: ${wordsOf(said)}`;
		})
		.join('; ');
}

/** A message or a list of them, as text. */
export function wordsOf(said: unknown): string {
	if (typeof said === 'string') return said;
	if (Array.isArray(said)) return said.map(wordsOf).join(' ');
	return JSON.stringify(said) ?? '';
}

/**
 * The one function every quote of a server passes through on its way into a message, a
 * description or a log line: the forms of the secrets (see `redacted`) and any value after the
 * words "Token" or "Bearer" ("Token abc", "token: abc", "bearer=abc", but not "page_token has
 * expired") are taken out, and the text is cut to MAX_QUOTE_LENGTH characters.
 */
export function quote(text: unknown, secrets: Secret[]): string {
	const words = typeof text === 'string' ? text : wordsOf(text);
	const clean = redacted(words.trim(), secrets).replace(
		/\b(token|bearer)(\s*[:=]\s*|\s+)(?!(?:token|bearer)\b)[^\s"',;&]+/gi,
		'$1$2***',
	);
	return clean.length > MAX_QUOTE_LENGTH ? `${clean.slice(0, MAX_QUOTE_LENGTH - 1)}…` : clean;
}
