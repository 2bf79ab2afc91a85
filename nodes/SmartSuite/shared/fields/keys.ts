/**
 * Match keys for Upsert, per kind of field (types.ts says which field type has which): the key of
 * a value (written or stored) compared as SmartSuite's filter compares it (text without regard to
 * case, as `is` does; numbers as numbers; selects and status by option id), and the search
 * condition that finds it.
 */
import { isObject } from './values';

export interface KeySpec {
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

export const textKey: KeySpec = {
	comparison: 'is',
	keys: textKeys,
	filterValue: (value) => (Array.isArray(value) ? value[0] : value),
};

function numberKeys(value: unknown): string[] {
	if (value === '' || value === null || value === undefined) return [];
	const number = Number(value);
	return Number.isFinite(number) ? [String(number)] : [];
}

export const numberKey: KeySpec = {
	comparison: 'is_equal_to',
	keys: numberKeys,
	filterValue: Number,
};

/** A single select stores its option id; a status stores `{value: <option id>}`. */
const choiceId = (value: unknown) => (isObject(value) ? value.value : value);
export const choiceKey: KeySpec = {
	comparison: 'is',
	keys: (value) => {
		const id = choiceId(value);
		return typeof id === 'string' && id !== '' ? [id] : [];
	},
	filterValue: choiceId,
};
