/**
 * Redaction: every form of the secrets the package holds (the API key, a node's held secrets) taken
 * out of a text (`redacted`) or of a parsed answer (`scrubbed`).
 */
import type { Escapes } from './escapes';
import { escapesOf, unescaped } from './escapes';
import { isJsonObject } from './json';

/**
 * A secret the package holds: the API key, and what a node holds besides it (`holdSecret`: the
 * Instant Trigger's secret and its notification URL). `whole`: only the whole text gives it away
 * (a URL, which starts with the node's public address); otherwise any run of GIVEAWAY_RUN of its
 * characters does too.
 */
export interface Secret {
	text: string;
	whole?: boolean;
}

/** SmartSuite's keys have 40 characters; shorter ones are taken out of quotes only. */
export const MIN_SCRUBBED_LENGTH = 8;

/** The API key as sent (trimmed), and the secrets a node holds besides it. */
export function secretsOf(apiKey: string, held: Secret[] = []): Secret[] {
	const key = apiKey.trim();
	return key === '' ? held : [{ text: key }, ...held];
}

/** Any run of this many characters of a secret (not `whole`) gives it away. */
const GIVEAWAY_RUN = 16;
/** The most characters the search compares at each step (see `secretsIn`). */
const WINDOW = 4;
/** Each UTF-16 unit as the search first compares it: ASCII in lower case, any other as OTHER. */
const OTHER = 128;
const FOLDED = new Uint8Array(65536).fill(OTHER);
for (let unit = 0; unit < OTHER; unit++)
	FOLDED[unit] = String.fromCharCode(unit).toLowerCase().charCodeAt(0);

/**
 * A text without any secret, in every form a server could quote one in, in any case: its
 * characters as they are, URL-encoded (`%2F`) or as JSON escapes (`\u0073`, `\/`, also doubled by
 * JSON inside JSON), mixed at will; for the key and the trigger's secret also any run of
 * GIVEAWAY_RUN characters of it, and its base64 (standard or URL-safe, alone or inside a longer
 * encoded text such as "Token <key>"). The text is read with its escapes decoded; what is found
 * there is replaced in the text as written, escapes included.
 */
export function redacted(text: string, secrets: Secret[]): string {
	if (secrets.length === 0) return text;
	const redaction = redactionOf(secrets);
	if (text.length < redaction.shortest) return text;
	const { plain, span } = unescaped(text, redaction);
	let result = '';
	let copied = 0;
	for (const [start, end] of secretsIn(plain, redaction)) {
		const from = span(start)[0];
		if (from >= copied) result += `${text.slice(copied, from)}***`;
		copied = Math.max(copied, span(end - 1)[1]);
	}
	return copied === 0 ? text : result + text.slice(copied);
}

/**
 * A form of a secret: its text (in lower case unless `exact`) and what of it gives it away: the
 * whole text (`whole`) or any run of GIVEAWAY_RUN of its characters.
 */
interface Form {
	text: string;
	whole: boolean;
	/** Only in this case: base64 in another case stands for other bytes. */
	exact: boolean;
}

/** Where a window stands in a form. */
interface Place {
	form: Form;
	offset: number;
}

interface Redaction extends Escapes {
	/**
	 * Every form, as a text holds it (its escapes decoded), has a window of `width` of its
	 * characters starting at a multiple of `stride` of the text: the search looks there alone.
	 */
	width: number;
	stride: number;
	/** Where each window (the code of its folded characters, see `windowCode`) stands in the forms. */
	places: Map<number, Place[]>;
	/** The pairs of folded characters a window starts with: most windows of a text start otherwise. */
	pairs: Uint8Array;
	/** The length of the shortest form. */
	shortest: number;
}

/** Made once per set of secrets (an answer has thousands of strings), kept per list and per contents. */
const redactionsOfLists = new WeakMap<Secret[], Redaction>();
const redactions = new Map<string, Redaction>();
function redactionOf(secrets: Secret[]): Redaction {
	let redaction = redactionsOfLists.get(secrets);
	if (redaction) return redaction;
	const id = JSON.stringify(secrets);
	redaction = redactions.get(id) ?? makeRedaction(secrets);
	if (redactions.size > 100) redactions.clear();
	redactions.set(id, redaction);
	redactionsOfLists.set(secrets, redaction);
	return redaction;
}

function makeRedaction(secrets: Secret[]): Redaction {
	const given = secrets.filter(({ text }) => text !== '');
	const forms: Form[] = [
		...given.map(({ text, whole }) => ({ text: lowered(text), whole: !!whole, exact: false })),
		// A short key's base64 would be a few letters that any text holds.
		...given
			.filter(({ text, whole }) => !whole && text.length >= GIVEAWAY_RUN)
			.flatMap(({ text }) => base64Of(text))
			.map((text) => ({ text, whole: true, exact: true })),
	];
	const shortest = forms.reduce(
		(least, { text, whole }) =>
			Math.min(least, whole ? text.length : Math.min(text.length, GIVEAWAY_RUN)),
		Infinity,
	);
	// A stretch of `shortest` characters starting anywhere holds a whole window at a multiple of stride.
	const width = Math.min(WINDOW, shortest);
	const stride = shortest - width + 1;
	const places = new Map<number, Place[]>();
	const pairs = new Uint8Array((OTHER + 1) * (OTHER + 1));
	for (const form of forms) {
		// A whole form starts at most a stride before its first window; any run may start anywhere.
		const last = form.text.length - width;
		for (let offset = 0; offset <= (form.whole ? Math.min(stride - 1, last) : last); offset++) {
			const code = windowCode(form.text, offset, width);
			places.set(code, [...(places.get(code) ?? []), { form, offset }]);
			if (width > 1) pairs[pairOf(folded(form.text, offset), folded(form.text, offset + 1))] = 1;
		}
	}
	// UTF-16 units, as JSON escapes write them (a character beyond U+FFFF is two escapes).
	const characters = new Set(
		forms.flatMap(({ text }) => [...text.split(''), ...text.toUpperCase().split('')]),
	);
	return { width, stride, places, pairs, shortest, characters, ...escapesOf(characters) };
}

function pairOf(first: number, second: number): number {
	return first * (OTHER + 1) + second;
}

/** The character of a text at `index`, folded. */
function folded(text: string, index: number): number {
	return FOLDED[text.charCodeAt(index)];
}

/** The folded characters of `width` characters of a text from `at`, as one number. */
function windowCode(text: string, at: number, width: number): number {
	let code = 0;
	for (let index = at; index < at + width; index++) code = code * (OTHER + 1) + folded(text, index);
	return code;
}

/**
 * The stretches of the plain text that are a secret's, in order, overlapping ones joined. Only the
 * windows at multiples of the stride are looked at (a page of events is megabytes, and this is
 * every answer's door): a window that starts with a pair no form's window starts with is passed at
 * once, the others are compared with the forms around them.
 */
function secretsIn(
	plain: string,
	{ width, stride, places, pairs }: Redaction,
): Array<[number, number]> {
	const found: Array<[number, number]> = [];
	for (let at = 0; at + width <= plain.length; at += stride) {
		if (width > 1 && pairs[pairOf(folded(plain, at), folded(plain, at + 1))] === 0) continue;
		for (const place of places.get(windowCode(plain, at, width)) ?? []) {
			const stretch = stretchAt(plain, at, place);
			if (stretch) found.push(stretch);
		}
	}
	found.sort((a, b) => a[0] - b[0]);
	const joined: Array<[number, number]> = [];
	for (const [start, end] of found) {
		const last = joined[joined.length - 1];
		if (last && start <= last[1]) last[1] = Math.max(last[1], end);
		else joined.push([start, end]);
	}
	return joined;
}

/** A UTF-16 unit in lower case (one that would become two units stays as it is). */
function lowerUnit(unit: number): number {
	if (unit < OTHER) return FOLDED[unit];
	const lower = String.fromCharCode(unit).toLowerCase();
	return lower.length === 1 ? lower.charCodeAt(0) : unit;
}

/** A text in lower case unit by unit: a text and a secret compare alike wherever they stand. */
function lowered(text: string): string {
	let lower = '';
	for (let index = 0; index < text.length; index++)
		lower += String.fromCharCode(lowerUnit(text.charCodeAt(index)));
	return lower;
}

/**
 * The form's characters around a window found at `at`, as far as the text goes on with them (in
 * any case unless the form is `exact`): a stretch when they are the whole form, or (for a form
 * that is not `whole`) a run of at least GIVEAWAY_RUN characters of it.
 */
function stretchAt(
	text: string,
	at: number,
	{ form: { text: form, whole, exact }, offset }: Place,
): [number, number] | undefined {
	const same = (index: number, of: number) => {
		const unit = text.charCodeAt(index);
		return (exact ? unit : lowerUnit(unit)) === form.charCodeAt(of);
	};
	let [start, from] = [at, offset];
	while (start > 0 && from > 0 && same(start - 1, from - 1)) [start, from] = [start - 1, from - 1];
	let [end, to] = [at, offset];
	while (end < text.length && to < form.length && same(end, to)) [end, to] = [end + 1, to + 1];
	const length = end - start;
	const enough = whole ? length === form.length : length >= Math.min(GIVEAWAY_RUN, form.length);
	return enough ? [start, end] : undefined;
}

/**
 * The base64 characters that depend on the text alone, for each of the three ways it can be
 * aligned in a longer encoded text, in the standard and the URL-safe alphabet.
 */
function base64Of(text: string): string[] {
	const bytes = Buffer.from(text, 'utf8');
	const cores = new Set<string>();
	for (const shift of [0, 1, 2]) {
		const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
		const core = encoded.slice(
			Math.ceil((shift * 4) / 3),
			Math.floor(((shift + bytes.length) * 4) / 3),
		);
		cores.add(core);
		cores.add(core.replaceAll('+', '-').replaceAll('/', '_'));
	}
	return Array.from(cores);
}

/** A text, or a parsed value (changed in place: its strings and keys), without the secrets. */
export function scrubbed<T>(value: T, secrets: Secret[]): T {
	if (typeof value === 'string') return redacted(value, secrets) as T;
	scrubInPlace(value, secrets);
	return value;
}

/**
 * Takes the secrets out of every string and key of a parsed value, in place, without recursion
 * (a hostile answer may nest 100,000 deep).
 */
function scrubInPlace(root: unknown, secrets: Secret[]): void {
	if (secrets.length === 0) return;
	const pending: unknown[] = [root];
	while (pending.length > 0) {
		const value = pending.pop();
		if (Array.isArray(value)) {
			value.forEach((entry, index) => {
				if (typeof entry === 'string') value[index] = redacted(entry, secrets);
				else pending.push(entry);
			});
		} else if (isJsonObject(value)) {
			for (const key of Object.keys(value)) {
				const entry = value[key];
				const cleanKey = redacted(key, secrets);
				const clean = typeof entry === 'string' ? redacted(entry, secrets) : entry;
				if (typeof entry !== 'string') pending.push(entry);
				if (cleanKey === key && clean === entry) continue;
				if (cleanKey !== key) delete value[key];
				Object.defineProperty(value, cleanKey, {
					value: clean,
					enumerable: true,
					writable: true,
					configurable: true,
				});
			}
		}
	}
}
