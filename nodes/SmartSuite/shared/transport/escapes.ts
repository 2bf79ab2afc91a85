/**
 * A text as the redaction reads it: its escapes that can stand for a secret's characters decoded
 * (JSON escapes, URL-encoding once or more), and the line breaks inside wrapped base64 read as nothing.
 */

/** What a text is read with (see `unescaped`): made once per set of secrets, by escapesOf. */
export interface Escapes {
	/** The characters of every form, in both cases: only their escapes are decoded. */
	characters: Set<string>;
	/** The escapes that can stand for one of them (escapesOf), and what any of them starts with. */
	escapes: RegExp;
	escapeStarts: string[];
	/** The same, and the line breaks inside base64 (read as nothing): see mayHoldWrappedBase64. */
	escapesAndBreaks: RegExp;
}

/**
 * The escapes worth decoding for these characters: a JSON escape of a character (`\u0073`, `\/`,
 * `\"`; with up to 4 backslashes, as JSON inside JSON writes them), an escaped backslash, a
 * URL-encoded ASCII character, or a run of URL-encoded bytes of other characters; each kind only
 * where it can stand for one of the characters (a secret cannot run across a character it does not
 * hold, so any other escape is read as written).
 */
export function escapesOf(
	characters: Set<string>,
): Pick<Escapes, 'escapes' | 'escapesAndBreaks' | 'escapeStarts'> {
	const quoted = ['/', '"'].filter((c) => characters.has(c));
	const nonAscii = [...characters].some((c) => c.charCodeAt(0) > 0x7f);
	const kinds: Array<[pattern: string, start: string]> = [
		['\\\\{1,4}u[0-9a-f]{4}', '\\u'],
		...quoted.map((c): [string, string] => [`\\\\{1,4}${c}`, `\\${c}`]),
		...(characters.has('\\') ? [['\\\\\\\\', '\\\\'] as [string, string]] : []),
		// URL-encoded once or more: `%2F`, `%252F`, `%25252F`.
		['%(?:25)*[0-7][0-9a-f]', '%'],
		...(nonAscii ? [['(?:%(?:25)*[89a-f][0-9a-f])+', '%'] as [string, string]] : []),
	];
	const patterns = kinds.map(([pattern]) => pattern);
	return {
		escapes: new RegExp(patterns.join('|'), 'gi'),
		escapesAndBreaks: new RegExp([...patterns, BREAK_IN_BASE64].join('|'), 'gi'),
		escapeStarts: [...new Set(kinds.map(([, start]) => start))],
	};
}

/** A line break as a text holds it: CR, LF, or their JSON escapes (doubled by JSON inside JSON). */
const LINE_BREAK = String.raw`(?:\\{1,4}[rn]|[\r\n])+`;
/**
 * A line break between two base64 characters: wrapped base64 (GNU base64, PEM) reads on across it.
 * Only from the first break of a run (no break ends right before it: the letter of "\\n" is a
 * base64 character), so each run is tried once: linear time.
 */
const BREAK_IN_BASE64 = `(?<=[0-9a-z+/=_-])(?<![\r\n]|\\\\[rn])${LINE_BREAK}(?=[0-9a-z+/=_-])`;
/** Whether a line-break match is one, to be read as nothing (see BREAK_IN_BASE64). */
const ONLY_BREAKS = new RegExp(`^${LINE_BREAK}$`);
/** Base64 runs this long beside a line break are worth reading across it. */
const WRAPPED_RUN = 16;
/** Base64 characters (both alphabets, padding included) by code. */
const IS_BASE64 = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-')
	IS_BASE64[c.charCodeAt(0)] = 1;
const isBase64At = (text: string, index: number) => IS_BASE64[text.charCodeAt(index)] === 1;

/**
 * Whether a text may hold base64 wrapped at some column: a line break with WRAPPED_RUN base64
 * characters right before or after it, or between two base64 runs of which the first is a whole
 * line (lines shorter than WRAPPED_RUN). A secret's base64 is longer than WRAPPED_RUN by far, so
 * one wrapped at any column shows one or the other. Only the text's line breaks are looked at
 * (`indexOf`, no regular expression): most texts have none, and the lines of a text are words.
 */
function mayHoldWrappedBase64(text: string): boolean {
	for (const mark of ['\n', '\r', '\\n', '\\r']) {
		// Each run of breaks once (every break of a run has its start and end): linear time.
		for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, breakEnd(text, at))) {
			const start = breakStart(text, at);
			const end = breakEnd(text, at);
			const before = base64Run(text, start, -1);
			const after = base64Run(text, end, 1);
			if (before >= WRAPPED_RUN || after >= WRAPPED_RUN) return true;
			if (before > 0 && after > 0 && breakStart(text, start - before) < start - before) return true;
		}
	}
	return false;
}

/** Whether a line break (CR, LF, or a JSON escape of one) ends at `end` (exclusive); its start if so. */
function breakEndingAt(text: string, end: number): number | undefined {
	const last = text.charCodeAt(end - 1);
	if (last === 10 || last === 13) return end - 1;
	if ((last !== 110 && last !== 114) || text.charCodeAt(end - 2) !== 92) return undefined;
	let start = end - 2;
	while (start > 0 && text.charCodeAt(start - 1) === 92) start--;
	return start;
}

/** Where the line breaks around `at` (the start of one) start. */
function breakStart(text: string, at: number): number {
	let start = at;
	while (text.charCodeAt(start - 1) === 92) start--;
	for (let before = breakEndingAt(text, start); before !== undefined;) {
		start = before;
		before = start > 0 ? breakEndingAt(text, start) : undefined;
	}
	return start;
}

/** Where the line breaks from `at` (the start of one) end. */
function breakEnd(text: string, at: number): number {
	let end = at;
	for (;;) {
		const unit = text.charCodeAt(end);
		if (unit === 10 || unit === 13) end++;
		else if (unit === 92) {
			let next = end;
			while (text.charCodeAt(next) === 92) next++;
			const letter = text.charCodeAt(next);
			if (letter !== 110 && letter !== 114) return end;
			end = next + 1;
		} else return end;
	}
}

/** How many base64 characters (up to WRAPPED_RUN) run from `at` in `direction` (-1: before it). */
function base64Run(text: string, at: number, direction: 1 | -1): number {
	let count = 0;
	let index = direction === 1 ? at : at - 1;
	while (count < WRAPPED_RUN && index >= 0 && index < text.length && isBase64At(text, index)) {
		// Backwards, the letter of an escaped break ("\\n") ends the run.
		if (direction === -1 && breakEndingAt(text, index + 1) !== undefined) break;
		count++;
		index += direction;
	}
	return count;
}

function decodedEscape(escape: string): string {
	if (escape.startsWith('%')) return urlDecoded(escape);
	if (ONLY_BREAKS.test(escape)) return '';
	const escaped = escape.replace(/^\\+/, '');
	if (escaped === '') return '\\';
	return escaped.length === 5 ? String.fromCharCode(parseInt(escaped.slice(1), 16)) : escaped;
}

/** URL-encoded bytes decoded as often as they were encoded (`%252F` is `%2F`, then `/`). */
function urlDecoded(escape: string): string {
	let text = escape;
	// Checked before decoding: a lone "%" would throw, and a throw costs as much as a page of text.
	while (/%[0-9a-f]{2}/i.test(text)) {
		try {
			const decoded = decodeURIComponent(text);
			if (decoded === text) break;
			text = decoded;
		} catch {
			break; // not UTF-8, or a lone "%"
		}
	}
	return text;
}

/**
 * The text with its escapes decoded, and for each of its characters the stretch of the text it
 * was read from (`[start, end)`: one character, or a whole escape).
 */
export function unescaped(
	text: string,
	{ characters, escapes, escapesAndBreaks, escapeStarts }: Escapes,
): { plain: string; span: (index: number) => [number, number] } {
	const wrapped = mayHoldWrappedBase64(text);
	if (!wrapped && !escapeStarts.some((start) => text.includes(start)))
		return { plain: text, span: (index) => [index, index + 1] };
	// Per decoded escape: where it starts and ends in the plain text, and in the text.
	const plainBounds: number[] = [];
	const textBounds: number[] = [];
	let shrunk = 0;
	const plain = text.replace(
		wrapped ? escapesAndBreaks : escapes,
		(escape: string, offset: number) => {
			const decoded = decodedEscape(escape);
			if (decoded.length === 1 && !characters.has(decoded)) return escape;
			plainBounds.push(offset - shrunk, offset - shrunk + decoded.length);
			textBounds.push(offset, offset + escape.length);
			shrunk += escape.length - decoded.length;
			return decoded;
		},
	);
	const span = (index: number): [number, number] => {
		// The last bound at or before `index`: an escape's start (inside it) or end (after it).
		let [low, high] = [-1, plainBounds.length - 1];
		while (low < high) {
			const middle = Math.ceil((low + high) / 2);
			if (plainBounds[middle] <= index) low = middle;
			else high = middle - 1;
		}
		if (low % 2 === 0) return [textBounds[low], textBounds[low + 1]];
		const at = low < 0 ? index : textBounds[low] + index - plainBounds[low];
		return [at, at + 1];
	};
	return { plain, span };
}
