/**
 * What Readable People and Choices reads (table structures, the members), kept by a trigger between
 * its runs in this n8n process: every notification of the Instant Trigger is an execution of its
 * own, and without this each one would read both again. Kept for KEEP_MS; before then, values
 * they cannot show (a key that is no field and was not seen when the structure was read, a choice
 * that is no option of its field, a member the directory lacks) make them read again at once. A
 * label or a name changed meanwhile shows its old text until KEEP_MS has passed (a day: a change
 * every 40 minutes then costs one request, not three).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Field } from '../shared/fields';
import { choicesOf, memberIdsOf } from '../shared/fields';
import { isObject } from '../shared/fields/values';
import { ownValue } from '../shared/own';
import type { MemberDirectory } from '../shared/records';
import type { KeptCondition } from './condition';

export const KEEP_MS = 24 * 60 * 60_000;

export interface KeptTable {
	structure: Field[];
	/** Keys the records had when the structure was read that are no field (id, application_slug…). */
	otherKeys: Set<string>;
}

export interface KeptReads {
	readonly since: number;
	readonly tables: Map<string, KeptTable>;
	/** Only Records That compiled per table, from the kept structure (condition.ts). */
	readonly conditions: Map<string, KeptCondition>;
	members?: MemberDirectory;
}

const kept = new Map<string, KeptReads>();

/** The reads kept for `key` (a trigger node's webhook), new ones once KEEP_MS has passed. */
export function keptReadsOf(key: string, now = Date.now()): KeptReads {
	for (const [other, reads] of kept) if (now - reads.since >= KEEP_MS) kept.delete(other);
	let reads = kept.get(key);
	if (!reads) {
		reads = { since: now, tables: new Map(), conditions: new Map() };
		kept.set(key, reads);
	}
	return reads;
}

const CHOICE_TYPES = ['singleselectfield', 'multipleselectfield', 'statusfield'];

const choiceIds = (value: unknown): unknown[] =>
	(Array.isArray(value) ? value : [value]).map((entry) => (isObject(entry) ? entry.value : entry));

/** Whether the kept structure shows these values (keyed by slug) as a fresh read would. */
export function structureShows(table: KeptTable, values: IDataObject[]): boolean {
	const slugs = new Set(table.structure.map((field) => field.slug));
	// The options of each choice field, by slug.
	const options = new Map(
		table.structure
			.filter((field) => CHOICE_TYPES.includes(field.field_type))
			.map((field) => [field.slug, new Set(choicesOf(field).map((choice) => choice.value))]),
	);
	return values.every((record) =>
		Object.entries(record).every(([key, value]) => {
			if (!slugs.has(key)) return table.otherKeys.has(key);
			const known = options.get(key);
			return (
				!known ||
				choiceIds(value).every((id) => typeof id !== 'string' || id === '' || known.has(id))
			);
		}),
	);
}

/** Whether the directory knows every member these values show (hasPeople's: people, `by`, time logs). */
export function directoryShows(
	members: MemberDirectory,
	structure: Field[],
	values: IDataObject[],
): boolean {
	return values.every((record) =>
		structure.every((field) =>
			memberIdsOf(field, ownValue(record, field.slug)).every((id) => members.byId.has(id)),
		),
	);
}

/**
 * A table as kept: its structure, and the record keys beside its fields (those seen before, `seen`,
 * and these values'), so that records of other shapes do not read it again and again.
 */
export function keptTable(
	structure: Field[],
	values: IDataObject[],
	seen: Iterable<string> = [],
): KeptTable {
	const otherKeys = new Set([...seen, ...values.flatMap((record) => Object.keys(record))]);
	for (const field of structure) otherKeys.delete(field.slug);
	return { structure, otherKeys };
}
