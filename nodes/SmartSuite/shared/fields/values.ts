/**
 * Pure conversions of one value between what a user gives and what SmartSuite stores, per shape
 * (text, number, option, list, date...). They throw a ValueError saying what was expected; the
 * caller adds the field, the item and what was given.
 */
import type { IDataObject } from 'n8n-workflow';

import { ownValue } from '../own';
import { countryOfPhone } from './callingCodes';
import {
	markdownToSmartDocData,
	recognisedMarkdown,
	smartDocDataOf,
	smartDocOf,
	smartDocToMarkdown,
} from './markdown';
import { htmlToSmartDocData, smartDocDataToHtml, smartDocDataToText } from './smartDoc';

/**
 * A value that cannot be converted; `expected` is what would have been accepted, in words (what
 * follows "use" in the message); `problem` what is wrong when that is more than the value itself
 * (`has no option "Purple"`).
 */
export class ValueError extends Error {
	constructor(
		readonly expected: string,
		readonly problem?: string,
	) {
		super(expected);
	}
}

export interface Choice {
	label: string;
	value: string;
}

export const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text, numbers and booleans as text; anything else is refused. */
export function toText(value: unknown, expected = 'text'): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	throw new ValueError(expected);
}

export function toNumber(value: unknown): number {
	const expected = 'a number, or text holding one such as "12.5"';
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value === 'string' && value.trim() !== '') {
		const number = Number(value.trim());
		if (Number.isFinite(number)) return number;
	}
	throw new ValueError(expected);
}

/** SmartSuite sends numbers as text ("120"); a readable value is a number. */
export function readNumber(value: unknown): unknown {
	if (typeof value !== 'string' || value.trim() === '') return value;
	const number = Number(value);
	return Number.isFinite(number) ? number : value;
}

const TRUE_WORDS = ['true', 'yes', '1', 'on'];
const FALSE_WORDS = ['false', 'no', '0', 'off'];

export function toBoolean(value: unknown): boolean {
	if (typeof value === 'boolean') return value;
	const word =
		typeof value === 'number' || typeof value === 'string'
			? String(value).trim().toLowerCase()
			: undefined;
	if (word !== undefined && TRUE_WORDS.includes(word)) return true;
	if (word !== undefined && FALSE_WORDS.includes(word)) return false;
	throw new ValueError('true or false (also "yes"/"no", 1/0)');
}

/** How a list can be typed, for the messages of list fields. */
export const LIST_FORMS = 'several separated by commas, or a JSON array such as ["a", "b"]';

const looksLikeJson = (value: unknown): value is string =>
	typeof value === 'string' && /^\s*[[{]/.test(value);

/** What JSON text (text that starts with `[` or `{`) spells; undefined when it is not such text or does not parse. */
export function parseJsonText(value: unknown): { value: unknown } | undefined {
	if (!looksLikeJson(value)) return undefined;
	try {
		return { value: JSON.parse(value) as unknown };
	} catch {
		return undefined;
	}
}

/**
 * The value that JSON text spells (text that starts with `[` or `{`, as typed in a mapper field);
 * other values as they are. JSON that does not parse is refused with `expected`.
 */
export function fromJsonText(value: unknown, expected: string): unknown {
	if (!looksLikeJson(value)) return value;
	const parsed = parseJsonText(value);
	if (!parsed) throw new ValueError(expected);
	return parsed.value;
}

/**
 * One value or a list as a list: a list, JSON text of a list (or of one object), text of entries
 * separated by commas ("a, b"), or one value. `isWhole` says whether text as given is already one
 * entry (an option whose label holds a comma). JSON text is never split at its commas.
 */
export function toList(
	value: unknown,
	expected: string,
	isWhole: (text: string) => boolean = () => false,
): unknown[] {
	if (typeof value === 'string' && isWhole(value)) return [value];
	const given = fromJsonText(value, expected);
	if (Array.isArray(given)) return given;
	if (typeof given === 'string' && given.includes(',')) {
		return given
			.split(',')
			.map((part) => part.trim())
			.filter((part) => part !== '');
	}
	return [given];
}

/** The text entries of a list's value (trimmed); none when it is not a list (its conversion says so). */
export function textEntries(value: unknown): string[] {
	try {
		return toList(value, '')
			.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
			.map((entry) => entry.trim());
	} catch {
		return [];
	}
}

/** The option id of a choice given by id, by label, or by label in any case. */
export function toChoiceId(value: unknown, choices: Choice[]): string {
	const text =
		typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;
	if (text === undefined || text === '') throw new ValueError(choicesExpected(choices));
	if (choices.length === 0) return text;
	const byId = choices.find((choice) => choice.value === text);
	const byLabel = choices.find((choice) => choice.label === text);
	const byLowerLabel = choices.find((choice) => choice.label.toLowerCase() === text.toLowerCase());
	const match = byId ?? byLabel ?? byLowerLabel;
	if (!match) throw new ValueError(choicesExpected(choices), `has no option ${quoteShort(text)}`);
	return match.value;
}

/** How many options a message lists before "and N more" (a message stays short). */
const LISTED_CHOICES = 20;

/** Text in quotes, cut short (a label or a given value in a message). */
export const quoteShort = (text: string): string =>
	JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);

export function choicesExpected(choices: Choice[]): string {
	const labels = choices.slice(0, LISTED_CHOICES).map((choice) => quoteShort(choice.label));
	const more = choices.length - LISTED_CHOICES;
	if (choices.length === 0) return 'an option id';
	return `one of ${labels.join(', ')}${more > 0 ? ` and ${more} more` : ''} (a label or its ID)`;
}

export function choiceIsKnown(text: string, choices: Choice[]): boolean {
	const lower = text.trim().toLowerCase();
	return choices.some(
		(choice) => choice.value === text.trim() || choice.label.toLowerCase() === lower,
	);
}

/** The label of an option id; the id itself when the option is unknown (deleted since). */
export function choiceLabel(id: unknown, choices: Choice[]): unknown {
	const key = isObject(id) ? id.value : id;
	return choices.find((choice) => choice.value === key)?.label ?? key;
}

/** An id: non-empty text, or an object holding one under `id` (as a Get or Search gives it). */
export function toId(value: unknown, expected: string): string {
	const id = isObject(value) ? value.id : value;
	if ((typeof id === 'string' && id.trim() !== '') || typeof id === 'number')
		return String(id).trim();
	throw new ValueError(expected);
}

/** Ids (linked records, users) as SmartSuite sends them, whatever their form: a list of ids. */
export function readIds(value: unknown): unknown {
	if (!Array.isArray(value)) return value;
	return value.map((entry) => (isObject(entry) && 'id' in entry ? entry.id : entry));
}

/** SmartSuite's ids (records, members, tags) are 24 hexadecimal characters; anything else is a name or title. */
export const looksLikeId = (text: string) => /^[0-9a-f]{24}$/i.test(text.trim());

/** name@domain.tld: one "@", no spaces, a dot inside the domain (checked apart: `/@[^\s@]+\.[^\s@]+$/` is quadratic on dots). */
export function isEmail(text: string): boolean {
	const address = text.trim();
	return (
		/^[^\s@]+@[^\s@]+$/.test(address) && address.slice(address.indexOf('@') + 2, -1).includes('.')
	);
}

export function toEmails(value: unknown): string[] {
	const expected = `an e-mail address (name@example.com), or ${LIST_FORMS}`;
	return toList(value, expected).map((entry) => {
		const text = toText(entry, expected).trim();
		if (!isEmail(text)) throw new ValueError(expected);
		return text;
	});
}

export function toLinks(value: unknown): string[] {
	const expected = `a link, or ${LIST_FORMS}`;
	return toList(value, expected).map((entry) => {
		const text = toText(entry, expected).trim();
		if (text === '') throw new ValueError(expected);
		return text;
	});
}

const PHONE_KEYS = ['phone_country', 'phone_number', 'phone_extension', 'phone_type'];

/** A phone number as text ("+44 20 7946 0000": its country from the prefix) or SmartSuite's object, one or a list. */
export function toPhones(value: unknown): IDataObject[] {
	const expected = `a phone number such as "+1 555 0100", an object with phone_number, or ${LIST_FORMS}`;
	return toList(value, expected).map((entry) => {
		if (isObject(entry)) {
			if (typeof entry.phone_number !== 'string' || entry.phone_number.trim() === '')
				throw new ValueError(expected);
			return Object.fromEntries(
				PHONE_KEYS.filter((key) => key in entry).map((key) => [key, entry[key]]),
			);
		}
		const text = toText(entry, expected).trim();
		if (!/\d/.test(text)) throw new ValueError(expected);
		// SmartSuite takes a number without its country as a US one.
		const country = countryOfPhone(text);
		return country ? { phone_country: country, phone_number: text } : { phone_number: text };
	});
}

export function readPhones(value: unknown): unknown {
	if (!Array.isArray(value)) return value;
	return value.map((phone) => (isObject(phone) ? (phone.sys_title ?? phone.phone_number) : phone));
}

const NAME_ALIASES: Record<string, string> = {
	title: 'title',
	salutation: 'title',
	first_name: 'first_name',
	first: 'first_name',
	middle_name: 'middle_name',
	middle: 'middle_name',
	last_name: 'last_name',
	last: 'last_name',
};

/** "Ada Lovelace", "Ada King Lovelace" or an object of parts. */
export function toFullName(value: unknown): IDataObject {
	const expected =
		'a name such as "Ada Lovelace", or an object (or its JSON) with first_name, middle_name, last_name, title';
	const name: IDataObject = { title: '', first_name: '', middle_name: '', last_name: '' };
	const given = fromJsonText(value, expected);
	if (isObject(given)) {
		for (const [key, part] of Object.entries(given)) {
			const target = ownValue(NAME_ALIASES, key);
			// sys_root is SmartSuite's own (a Get's value written back): made from the parts.
			if (!target && key !== 'sys_root') throw new ValueError(`${expected}; "${key}" is none`);
			if (target && part !== undefined && part !== null) name[target] = toText(part, expected);
		}
	} else {
		const words = toText(given, expected).trim().split(/\s+/).filter(Boolean);
		if (words.length === 0) throw new ValueError(expected);
		name.first_name = words[0];
		if (words.length > 1) name.last_name = words[words.length - 1];
		name.middle_name = words.slice(1, -1).join(' ');
	}
	if (!name.first_name && !name.last_name) throw new ValueError(expected);
	return name;
}

export function readFullName(value: unknown): unknown {
	if (!isObject(value)) return value;
	if (typeof value.sys_root === 'string' && value.sys_root !== '') return value.sys_root;
	return [value.title, value.first_name, value.middle_name, value.last_name]
		.filter((part) => part)
		.join(' ');
}

const ADDRESS_PARTS = [
	'address',
	'address2',
	'city',
	'state',
	'zip',
	'country',
	'latitude',
	'longitude',
];
const ADDRESS_ALIASES: Record<string, string> = {
	street: 'address',
	address1: 'address',
	postal_code: 'zip',
	postcode: 'zip',
};

/** One line of text (goes into the first address line) or an object of parts, with or without `location_`. */
export function toAddress(value: unknown): IDataObject {
	const expected = `an address as one line of text, or an object (or its JSON) with ${ADDRESS_PARTS.join(', ')}`;
	const given = fromJsonText(value, expected);
	if (!isObject(given)) {
		const text = toText(given, expected).trim();
		if (text === '') throw new ValueError(expected);
		return { location_address: text };
	}
	const address: IDataObject = {};
	for (const [key, part] of Object.entries(given)) {
		const bare = key.replace(/^location_/, '').replace(/^_/, '');
		const name = ownValue(ADDRESS_ALIASES, bare) ?? bare;
		// sys_root is SmartSuite's own (a Get's value written back): made from the parts.
		if (!ADDRESS_PARTS.includes(name) && key !== 'sys_root')
			throw new ValueError(`${expected}; "${key}" is none`);
		if (ADDRESS_PARTS.includes(name) && part !== undefined && part !== null)
			address[`location_${name}`] = toText(part, expected);
	}
	if (Object.keys(address).length === 0) throw new ValueError(expected);
	return address;
}

export function readAddress(value: unknown): unknown {
	if (!isObject(value)) return value;
	if (typeof value.sys_root === 'string' && value.sys_root !== '') return value.sys_root;
	return ADDRESS_PARTS.slice(0, 6)
		.map((part) => value[`location_${part}`])
		.filter((part) => part)
		.join(', ');
}

/** "9:30", "09:30" or "09:30:15" as SmartSuite's "HH:mm:ss". */
export function toTime(value: unknown): string {
	const expected = 'a time of day such as "09:30" or "09:30:15"';
	const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(toText(value, expected).trim());
	if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3] ?? 0) > 59)
		throw new ValueError(expected);
	return `${match[1].padStart(2, '0')}:${match[2]}:${match[3] ?? '00'}`;
}

/** Whether text holds a tag: `<` and a letter, a `>` after them (found without backtracking: `/<[a-z][^>]*>/` takes quadratic time on "<a<a<a…"). */
export function hasHtmlTag(text: string): boolean {
	const start = text.search(/<[a-z]/i);
	return start >= 0 && text.indexOf('>', start) > start;
}

function escapeHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

/**
 * The text of some HTML: block ends become line breaks, tags go, the common entities are decoded.
 * A tag is a "<" to its ">" with no "<" between, so each character is read once (`<[^>]*>` would
 * read "<<<…" again from each "<").
 */
export function htmlToText(html: string): string {
	return html
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<\/(p|div|h[1-6]|li|blockquote|pre)>/gi, '\n')
		.replace(/<[^<>]*>/g, '')
		.replace(/&nbsp;/g, ' ')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/&amp;/g, '&')
		.replace(/(?<!\n)\n+$/, '');
}

/** How text given for a SmartDoc is read: recognised (HTML, clear Markdown, else plain text) or as said. */
export type RichTextInput = 'auto' | 'text' | 'markdown' | 'html';
/** How Simplify shows a SmartDoc: its plain text, Markdown, or SmartSuite's HTML. */
export type RichTextForm = 'text' | 'markdown' | 'html';

function plainSmartDoc(text: string): IDataObject {
	const lines = text.split(/\r?\n/);
	const content = lines.map((line) =>
		line === ''
			? { type: 'paragraph' }
			: { type: 'paragraph', content: [{ type: 'text', text: line }] },
	);
	return {
		data: { type: 'doc', content },
		html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
		preview: text,
	};
}

/**
 * Each text node of a document repeats its marks, so a link's address is written once per
 * differently formatted piece of its text: 100 KB of Markdown or HTML could make gigabytes, as
 * slow to build and send. A document may hold at most this many characters of addresses per
 * character of its text (plus ADDRESS_SLACK); no real link comes near it.
 */
const ADDRESS_GROWTH = 32;
const ADDRESS_SLACK = 1024 * 1024;
/** What a text that would make such a document is told. */
export const REPEATED_ADDRESSES = {
	problem: `would repeat a link's address in each differently formatted piece of its text, over ${ADDRESS_GROWTH} times the length of the text`,
	expected: 'a link with a long address in fewer formatted pieces',
};

/** Whether a document made of `text` repeats link addresses past ADDRESS_GROWTH (a walk of its nodes; no address is copied). */
export function repeatsAddresses(data: IDataObject, text: string): boolean {
	let room = ADDRESS_GROWTH * text.length + ADDRESS_SLACK;
	const pending = [data];
	for (let node = pending.pop(); node; node = pending.pop()) {
		for (const mark of Array.isArray(node.marks) ? node.marks : [])
			if (isObject(mark) && isObject(mark.attrs) && typeof mark.attrs.href === 'string')
				room -= mark.attrs.href.length;
		if (room < 0) return true;
		for (const child of Array.isArray(node.content) ? node.content : [])
			if (isObject(child)) pending.push(child);
	}
	return false;
}

/**
 * A SmartDoc from text: HTML (kept as given; the document is built from its structure,
 * smartDoc.ts), Markdown (markdown.ts), or plain text (one paragraph per line), as `input` says;
 * `auto` takes HTML when it has a tag, Markdown when it is clearly Markdown, else plain text.
 * SmartSuite's own value passes as it is.
 */
export function toSmartDoc(value: unknown, input: RichTextInput = 'auto'): IDataObject {
	if (isObject(value) && (isObject(value.data) || typeof value.html === 'string')) return value;
	const given = toText(value, 'text, Markdown or HTML');
	const sized = (data: IDataObject) => {
		if (repeatsAddresses(data, given))
			throw new ValueError(REPEATED_ADDRESSES.expected, REPEATED_ADDRESSES.problem);
		return data;
	};
	if (input === 'html' || (input === 'auto' && hasHtmlTag(given)))
		return { data: sized(htmlToSmartDocData(given)), html: given, preview: htmlToText(given) };
	if (input === 'markdown') return smartDocOf(sized(markdownToSmartDocData(given)));
	const markdown = input === 'auto' ? recognisedMarkdown(given) : undefined;
	return markdown ? smartDocOf(sized(markdown)) : plainSmartDoc(given);
}

/**
 * A SmartDoc as Simplify shows it: its text, Markdown, or its HTML. The text is that of the
 * document (`data`); SmartSuite's `preview` is HTML cut at about 500 characters, read only for a
 * value without a document.
 */
export function readSmartDoc(value: unknown, as: RichTextForm = 'text'): unknown {
	if (!isObject(value)) return value;
	if (as === 'markdown') return smartDocToMarkdown(value);
	if (as === 'html' && typeof value.html === 'string') return value.html;
	if (as === 'html' && isObject(value.data)) return smartDocDataToHtml(value.data);
	const data = smartDocDataOf(value);
	return data ? smartDocDataToText(data) : value;
}

const PUBLIC_URL = /^https?:\/\/\S+$/i;

/**
 * Files attached by URL: one URL or a list (text with several separated by ", http..."). SmartSuite
 * downloads each file itself, so the URLs must be public.
 */
export function toFileUrls(value: unknown): string[] {
	const expected = `a public http(s) URL of a file (SmartSuite downloads each), or ${LIST_FORMS}`;
	const given = fromJsonText(value, expected);
	// Text splits only before a URL: a comma inside a URL stays.
	const list =
		typeof given === 'string' ? given.split(/,\s*(?=https?:\/\/)/i) : toList(given, expected);
	return list.map((entry) => {
		const url = typeof entry === 'string' ? entry.trim() : undefined;
		if (url === undefined || !PUBLIC_URL.test(url)) throw new ValueError(expected);
		return url;
	});
}
