/**
 * Match keys for Upsert: which field types can identify a record, the search condition that finds
 * a key, and the key of a value (written or stored) compared as SmartSuite's filter compares it:
 * text without regard to case (as `is` does), numbers as numbers, selects and status by option id.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Field } from './types';
import { isObject } from './values';

interface KeySpec {
	comparison: string;
	/** The key of a written or stored value: each entry it holds (lists hold several). */
	keys(value: unknown): string[];
	/** The filter value for one written value. */
	filterValue(value: unknown): unknown;
}

const textKeys = (value: unknown) =>
	(Array.isArray(value) ? value : [value])
		.filter((entry) => typeof entry === 'string' || typeof entry === 'number')
		.map((entry) => String(entry).toLowerCase())
		.filter((key) => key !== '');

const text: KeySpec = {
	comparison: 'is',
	keys: textKeys,
	filterValue: (value) => (Array.isArray(value) ? value[0] : value),
};

function numberKeys(value: unknown): string[] {
	if (value === '' || value === null || value === undefined) return [];
	const number = Number(value);
	return Number.isFinite(number) ? [String(number)] : [];
}

const number: KeySpec = { comparison: 'is_equal_to', keys: numberKeys, filterValue: Number };

/** A single select stores its option id; a status stores `{value: <option id>}`. */
const choiceId = (value: unknown) => (isObject(value) ? value.value : value);
const choice: KeySpec = {
	comparison: 'is',
	keys: (value) => {
		const id = choiceId(value);
		return typeof id === 'string' && id !== '' ? [id] : [];
	},
	filterValue: choiceId,
};

const KEY_TYPES: Record<string, KeySpec> = {
	recordtitlefield: text,
	textfield: text,
	textareafield: text,
	emailfield: text,
	linkfield: text,
	numberfield: number,
	currencyfield: number,
	percentfield: number,
	ratingfield: number,
	numbersliderfield: number,
	percentcompletefield: number,
	durationfield: number,
	singleselectfield: choice,
	statusfield: choice,
};

/** Whether Upsert can match records on this field. */
export function canMatchOn(field: Field): boolean {
	return field.field_type in KEY_TYPES;
}

/** The key of a value, or undefined when it holds none (an empty list, no text). */
export function keyOf(field: Field, value: unknown): string | undefined {
	const keys = KEY_TYPES[field.field_type]?.keys(value) ?? [];
	return keys.length === 1 ? keys[0] : undefined;
}

/** Whether a stored value has the key (a list matches when one of its entries does, as `is` does). */
export function storedHasKey(field: Field, stored: unknown, key: string): boolean {
	return (KEY_TYPES[field.field_type]?.keys(stored) ?? []).includes(key);
}

/** The search condition that finds records whose field has this written value. */
export function keyCondition(field: Field, value: unknown): IDataObject {
	const spec = KEY_TYPES[field.field_type];
	return {
		field: field.slug,
		comparison: spec.comparison,
		value: spec.filterValue(value) as string,
	};
}
