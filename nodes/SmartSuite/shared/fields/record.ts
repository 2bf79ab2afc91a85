/** Whole records: an item's values to SmartSuite's body, and SmartSuite's record to a readable one. */
import type { IDataObject } from 'n8n-workflow';

import { hasOwn, ownValue, setOwn } from '../own';
import type { ReadContext } from './people';
import type { ConvertContext, Field } from './types';
import {
	isReadOnly,
	linkedTableOf,
	looksLikeId,
	memberIdsOf,
	specOf,
	toReadableValue,
	toSmartSuiteValue,
} from './types';
import type { RichTextForm } from './values';
import { isObject, textEntries, ValueError } from './values';

/** A value that could not be converted, with what a user needs to fix it. */
export interface BadValue {
	field: Field;
	given: unknown;
	expected: string;
	/** What is wrong when that is more than the value (`has no option "Purple"`). */
	problem?: string;
}

/** What a value looks like in a message: JSON, cut short. */
export function describeGiven(value: unknown): string {
	let text: string;
	try {
		text = JSON.stringify(value) ?? String(value);
	} catch {
		text = String(value);
	}
	return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export interface MatchedKeys {
	/** slug → the value given for it. */
	values: IDataObject;
	/** Keys that name no field of the table. */
	unmatched: string[];
	/** Keys that name a field SmartSuite fills in itself. */
	readOnly: string[];
}

/**
 * Matches the keys of an item (Map Automatically) or of the mapper's values to the table's fields:
 * a key is a field's slug (exactly), else its label in any case. `id` names the record, not a field.
 */
export function matchKeys(given: IDataObject, structure: Field[]): MatchedKeys {
	const bySlug = new Map(structure.map((field) => [field.slug, field]));
	const byLabel = new Map<string, Field>();
	for (const field of structure)
		if (!byLabel.has(field.label.toLowerCase())) byLabel.set(field.label.toLowerCase(), field);
	const matched: MatchedKeys = { values: {}, unmatched: [], readOnly: [] };
	for (const [key, value] of Object.entries(given)) {
		const field = bySlug.get(key) ?? byLabel.get(key.toLowerCase());
		if (!field) {
			if (key !== 'id') matched.unmatched.push(key);
		} else if (isReadOnly(field)) {
			matched.readOnly.push(key);
		} else {
			setOwn(matched.values, field.slug, value);
		}
	}
	return matched;
}

const NO_DATE = { date: null, include_time: false };
const NO_RANGE = { from_date: NO_DATE, to_date: NO_DATE };
const LIST_TYPES = [
	'linkedrecordfield',
	'userfield',
	'emailfield',
	'linkfield',
	'phonefield',
	'multipleselectfield',
	'tagsfield',
	'filefield',
];

/**
 * What clears a field of each type on an update: SmartSuite's own empty shapes (field-types and
 * create-record references: "" for text, [] for lists, false for yes/no, a date object without a
 * date, the address and full name objects with empty parts, the create-record example's empty
 * SmartDoc); null for the others (numbers, selects, status, unknown types).
 */
const CLEARED: Record<string, unknown> = {
	recordtitlefield: '',
	textfield: '',
	textareafield: '',
	timefield: '',
	yesnofield: false,
	datefield: NO_DATE,
	daterangefield: NO_RANGE,
	duedatefield: NO_RANGE,
	addressfield: {
		location_address: '',
		location_address2: '',
		location_city: '',
		location_state: '',
		location_zip: '',
		location_country: '',
	},
	fullnamefield: { title: '', first_name: '', middle_name: '', last_name: '' },
	richtextareafield: { data: {}, html: '<div class="rendered">\n \n</div>' },
	...Object.fromEntries(LIST_TYPES.map((type) => [type, []])),
};

/** The empty value that clears a field on an update. */
function emptyValueOf(field: Field): unknown {
	return CLEARED[field.field_type] ?? null;
}

/**
 * The body of one record, or the first value that cannot be converted. Null and undefined are
 * left out; "" is left out on a create and clears the field on an update.
 */
export function toRecordBody(
	values: IDataObject,
	structure: Field[],
	context: ConvertContext,
	{ clearEmpty }: { clearEmpty: boolean },
): { body: IDataObject } | { bad: BadValue } {
	const bySlug = new Map(structure.map((field) => [field.slug, field]));
	const body: IDataObject = {};
	for (const [slug, given] of Object.entries(values)) {
		const field = bySlug.get(slug);
		if (given === undefined || given === null || !field) continue;
		if (given === '') {
			if (clearEmpty) setOwn(body, slug, emptyValueOf(field) as IDataObject[keyof IDataObject]);
			continue;
		}
		try {
			setOwn(
				body,
				slug,
				toSmartSuiteValue(field, given, context) as IDataObject[keyof IDataObject],
			);
		} catch (error) {
			return {
				bad: {
					field,
					given,
					expected: error instanceof ValueError ? error.expected : String(error),
					problem: error instanceof ValueError ? error.problem : undefined,
				},
			};
		}
	}
	return { body };
}

/** Required fields that a create leaves empty (SmartSuite's bulk create does not check them). */
export function missingRequired(body: IDataObject, structure: Field[]): Field[] {
	return structure.filter(
		(field) =>
			field.params?.required === true &&
			!isReadOnly(field) &&
			isEmptyValue(ownValue(body, field.slug)),
	);
}

function isEmptyValue(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		value === '' ||
		(Array.isArray(value) && value.length === 0)
	);
}

/** What an item's values name that must be looked up before converting them. */
export interface Lookups {
	/** Whether a user field names a member by e-mail address or full name (not by id). */
	people: boolean;
	/** Linked table id → the titles that linked record fields give (not ids). */
	titles: Map<string, Set<string>>;
}

/** Members by e-mail or name and linked records by title in the values, to look up once for all items. */
export function lookupsIn(values: IDataObject, structure: Field[], lookups: Lookups): void {
	for (const field of structure) {
		if (!hasOwn(values, field.slug)) continue;
		const value = values[field.slug];
		if (
			specOf(field)
				.peopleGiven?.(value)
				.some((person) => !looksLikeId(person))
		)
			lookups.people = true;
		if (field.field_type !== 'linkedrecordfield') continue;
		const named = textEntries(value).filter((entry) => !looksLikeId(entry));
		if (named.length === 0) continue;
		const table = linkedTableOf(field);
		if (table === '') continue; // No table to look in: SmartSuite answers for the value.
		const titles = lookups.titles.get(table) ?? new Set<string>();
		named.forEach((title) => titles.add(title));
		lookups.titles.set(table, titles);
	}
}

/**
 * The key of Create or Update's "created" or "updated" in each output item: a slug never has "@",
 * and outputKeys shows a field labelled so as "label (slug)", so no field can hide it.
 */
export const UPSERT_OUTCOME = '@upsert';

/** Unique output keys: each field's label, or "label (slug)" when another field, `id` or UPSERT_OUTCOME has it. */
export function outputKeys(structure: Field[]): Map<string, string> {
	const keys = new Map<string, string>();
	const taken = new Set(['id', UPSERT_OUTCOME]);
	for (const field of structure) {
		const key = taken.has(field.label) ? `${field.label} (${field.slug})` : field.label;
		taken.add(key);
		keys.set(field.slug, key);
	}
	return keys;
}

/**
 * `id`, then every field the record has under its label, with a readable value (selects and
 * statuses as labels); with `readable` (Readable People and Choices), people as toReadableValue
 * shows them; rich text as `richText` asks (Rich Text As). A field that reads as empty is left out,
 * as SmartSuite leaves empty values out: a live record holds an empty due date as
 * `{from_date: {date: null}, to_date: {date: null}}`, which would read `{from: null, to: null}`.
 */
export function simplifyRecord(
	record: IDataObject,
	structure: Field[],
	keys = outputKeys(structure),
	readable?: ReadContext,
	richText?: RichTextForm,
): IDataObject {
	const simple: IDataObject = { id: record.id };
	for (const field of structure) {
		if (field.slug === 'id' || !hasOwn(record, field.slug)) continue;
		const value = toReadableValue(field, record[field.slug], readable, richText);
		if (!readsEmpty(value))
			setOwn(simple, keys.get(field.slug)!, value as IDataObject[keyof IDataObject]);
	}
	return simple;
}

/** undefined, null, "" or []: no value. */
const isBlank = (value: unknown) =>
	value === undefined ||
	value === null ||
	value === '' ||
	(Array.isArray(value) && value.length === 0);

/** Blank, or an object holding only blanks (an empty range). false and 0 are values. */
function readsEmpty(value: unknown): boolean {
	return isBlank(value) || (isObject(value) && Object.values(value).every(isBlank));
}

/** What SmartSuite leaves out of a record it answers (list, get): "", [], false and null. */
export function withoutEmptyValues(values: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(values).filter(([, value]) => value !== false && !isBlank(value)),
	);
}

/**
 * Whether any of the records shows a member (a person in a user field, First Created's or Last
 * Updated's `by`, a time log's user): only then are the members read.
 */
export function hasPeople(records: IDataObject[], structure: Field[]): boolean {
	return records.some((record) =>
		structure.some((field) => memberIdsOf(field, ownValue(record, field.slug)).length > 0),
	);
}

/**
 * A 422's complaints about fields, by label: SmartSuite answers `{"<slug>": ["message"]}`.
 * Empty when the answer names no field of the table.
 */
export function fieldComplaints(body: unknown, structure: Field[]): string[] {
	if (!isObject(body)) return [];
	const complaints: string[] = [];
	for (const field of structure) {
		const said = ownValue(body, field.slug);
		if (said === undefined) continue;
		const text = Array.isArray(said)
			? said.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry))).join(' ')
			: typeof said === 'string'
				? said
				: JSON.stringify(said);
		complaints.push(`"${field.label}": ${text}`);
	}
	return complaints;
}
