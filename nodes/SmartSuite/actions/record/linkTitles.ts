/**
 * Linked Record Titles: linked records shown as `{id, title}` with Simplify (a model reads titles,
 * and writes take titles), their titles read with one list request by id per linked table for
 * the records being shown, kept for the rest of the run (one client), so that records shown one
 * after the other (a batch's answers) read none again.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { linkedTableOf } from '../../shared/fields/types';
import { readIds } from '../../shared/fields/values';
import { ownValue } from '../../shared/own';
import type { RecordsClient } from '../../shared/records';
import { listRecords } from './list';

type Titles = Map<string, Map<string, string | null>>;

/** Per client (one run): linked table → record id → title (null: not found), and tables whose read failed. */
const readTitles = new WeakMap<RecordsClient, { titles: Titles; failed: Set<string> }>();

/** The ids each linked table's records hold in these records, by linked table. */
function linkedIds(records: IDataObject[], structure: Field[]): Map<string, Set<string>> {
	const byTable = new Map<string, Set<string>>();
	for (const field of structure) {
		const tableId = field.field_type === 'linkedrecordfield' ? linkedTableOf(field) : '';
		if (tableId === '') continue;
		for (const record of records) {
			const ids = readIds(ownValue(record, field.slug));
			if (!Array.isArray(ids) || ids.length === 0) continue;
			const set = byTable.get(tableId) ?? new Set<string>();
			for (const id of ids) set.add(String(id));
			byTable.set(tableId, set);
		}
	}
	return byTable;
}

/**
 * The titles of the records these records link to, read once per linked table for the ids not
 * read before in this run. A read that fails does not fail the output: those links are shown as
 * ids, and `warn` says why, once per table.
 */
export async function linkTitlesFor(
	client: RecordsClient,
	records: IDataObject[],
	structure: Field[],
	warn: (message: string) => void,
): Promise<Titles> {
	let known = readTitles.get(client);
	if (!known) {
		known = { titles: new Map(), failed: new Set() };
		readTitles.set(client, known);
	}
	for (const [tableId, ids] of linkedIds(records, structure)) {
		if (known.failed.has(tableId)) continue;
		const titles = known.titles.get(tableId) ?? new Map<string, string | null>();
		const missing = [...ids].filter((id) => !titles.has(id));
		if (missing.length === 0) continue;
		try {
			const [linkedStructure, primary] = await Promise.all([
				client.structure(tableId),
				client.primaryField(tableId),
			]);
			const { records: linked } = await listRecords(
				client,
				tableId,
				linkedStructure,
				{ ids: missing, sort: [] },
				{ limit: missing.length, action: 'read the titles of linked records' },
			);
			for (const id of missing) titles.set(id, null);
			for (const record of linked) {
				const title = record[primary];
				if (titles.has(String(record.id)) && typeof title === 'string')
					titles.set(String(record.id), title);
			}
			known.titles.set(tableId, titles);
		} catch (error) {
			known.failed.add(tableId);
			warn(
				`Linked records of table "${tableId}" are shown by ID without title: their titles could not be read (${(error as Error).message})`,
			);
		}
	}
	return known.titles;
}
