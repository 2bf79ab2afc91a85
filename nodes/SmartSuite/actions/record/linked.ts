/**
 * What converting values needs looked up in SmartSuite: the members (read once per run) when a
 * user is named by e-mail or full name, and linked records given by title: the linked table's
 * records with those titles, found with one search per linked table (an `or` of `is` on its title
 * field, 50 titles a search). Used by the writes (for all items) and by Search's filter rules.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ConvertContext, Field, Lookups } from '../../shared/fields';
import { lookupsIn, membersByName } from '../../shared/fields';
import type { RecordsClient } from '../../shared/records';
import { listRecords } from './list';

/** Titles per search: a filter of 50 conditions stays far below any request size limit. */
const TITLES_PER_SEARCH = 50;
/** Records read per search at most: more would mean titles shared by hundreds of records. */
const RECORDS_PER_SEARCH = 2000;

/** Linked table id → lower-cased title → ids of the records with that title (SmartSuite's `is` ignores case). */
export async function recordIdsByTitle(
	client: RecordsClient,
	titlesByTable: Map<string, Set<string>>,
	errors?: LookupErrors,
): Promise<Map<string, Map<string, string[]>>> {
	const found = new Map<string, Map<string, string[]>>();
	for (const [tableId, titles] of titlesByTable) {
		const searched = await settled(titlesIn(client, tableId, titles));
		if ('value' in searched) found.set(tableId, searched.value);
		else if (errors) errors.tables.set(tableId, searched.error);
		else throw searched.error;
	}
	return found;
}

/** The ids of the records of one linked table titled so, by lower-cased title. */
async function titlesIn(
	client: RecordsClient,
	tableId: string,
	titles: Set<string>,
): Promise<Map<string, string[]>> {
	const [structure, primary] = await Promise.all([
		client.structure(tableId),
		client.primaryField(tableId),
	]);
	const byTitle = new Map<string, string[]>();
	const wanted = [...titles];
	for (let start = 0; start < wanted.length; start += TITLES_PER_SEARCH) {
		const fields = wanted
			.slice(start, start + TITLES_PER_SEARCH)
			.map((title) => ({ field: primary, comparison: 'is', value: title }));
		const body: IDataObject = { filter: { operator: 'or', fields }, sort: [] };
		const { records } = await listRecords(client, tableId, structure, body, {
			limit: RECORDS_PER_SEARCH,
		});
		for (const record of records) {
			const title = record[primary];
			if (typeof title !== 'string' || typeof record.id !== 'string') continue;
			const key = title.trim().toLowerCase();
			const ids = byTitle.get(key) ?? [];
			if (!ids.includes(record.id)) byTitle.set(key, [...ids, record.id]);
		}
	}
	return byTitle;
}

/**
 * The errors of lookups that failed (after the transport's retries), by what they were for, so
 * that only the items needing them fail: the members read, and each linked table's title search.
 */
export interface LookupErrors {
	people?: unknown;
	tables: Map<string, unknown>;
}

/**
 * The conversion context for what `lookups` names, in the workflow's time zone. A lookup that
 * fails throws, or with `errors` is recorded there and left out of the context.
 */
export async function convertContextFor(
	client: RecordsClient,
	lookups: Lookups,
	timeZone: string,
	errors?: LookupErrors,
): Promise<ConvertContext> {
	const context: ConvertContext = { timeZone };
	if (lookups.people) {
		const read = await settled(client.members());
		if ('value' in read) {
			context.memberIdsByEmail = read.value.idByEmail;
			context.membersByName = membersByName(read.value.byId.values());
		} else if (errors) errors.people = read.error;
		else throw read.error;
	}
	if (lookups.titles.size > 0)
		context.recordIdsByTitle = await recordIdsByTitle(client, lookups.titles, errors);
	return context;
}

/** A lookup's value, or the transport's error (a NodeApiError) when it failed. */
async function settled<T>(lookup: Promise<T>): Promise<{ value: T } | { error: unknown }> {
	return await lookup.then(
		(value) => ({ value }),
		(error: unknown) => ({ error }),
	);
}

/** The error of a failed lookup that these values need, if any. */
export function lookupErrorOf(
	values: IDataObject,
	structure: Field[],
	errors: LookupErrors,
): unknown {
	const needed: Lookups = { people: false, titles: new Map() };
	lookupsIn(values, structure, needed);
	if (needed.people && errors.people !== undefined) return errors.people;
	const table = [...needed.titles.keys()].find((tableId) => errors.tables.has(tableId));
	return table === undefined ? undefined : errors.tables.get(table);
}
