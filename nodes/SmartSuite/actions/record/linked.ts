/**
 * What converting values needs looked up in SmartSuite: the members (read once per run) when a
 * user is named by e-mail or full name, and linked records given by title: the linked table's
 * records with those titles, found with one search per linked table (an `or` of `is` on its title
 * field, 50 titles a search). Used by the writes (for all items) and by Search's filter rules.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ConvertContext, Lookups } from '../../shared/fields';
import { membersByName } from '../../shared/fields';
import type { RecordsClient } from '../../shared/records';
import { listRecords } from './search';

/** Titles per search: a filter of 50 conditions stays far below any request size limit. */
const TITLES_PER_SEARCH = 50;
/** Records read per search at most: more would mean titles shared by hundreds of records. */
const RECORDS_PER_SEARCH = 2000;

/** Linked table id → lower-cased title → ids of the records with that title (SmartSuite's `is` ignores case). */
export async function recordIdsByTitle(
	client: RecordsClient,
	titlesByTable: Map<string, Set<string>>,
): Promise<Map<string, Map<string, string[]>>> {
	const found = new Map<string, Map<string, string[]>>();
	for (const [tableId, titles] of titlesByTable) {
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
		found.set(tableId, byTitle);
	}
	return found;
}

/** The conversion context for what `lookups` names, in the workflow's time zone. */
export async function convertContextFor(
	client: RecordsClient,
	lookups: Lookups,
	timeZone: string,
): Promise<ConvertContext> {
	const context: ConvertContext = { timeZone };
	if (lookups.people) {
		const directory = await client.members();
		context.memberIdsByEmail = directory.idByEmail;
		context.membersByName = membersByName(directory.byId.values());
	}
	if (lookups.titles.size > 0)
		context.recordIdsByTitle = await recordIdsByTitle(client, lookups.titles);
	return context;
}
