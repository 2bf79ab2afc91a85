/**
 * SmartSuite's list of deleted records (REF solution-data/records/list-deleted-records.md):
 * `POST /api/v1/deleted-records/?preview=true` with `{solution_id}` answers a bare array of the
 * solution's deleted records, every table, with who deleted them and when. The reference pages
 * nothing; SmartSuite's MCP uses `deleted-records/paginated/`, not served here. Guesses: newest
 * deletion first; without `preview=true` the whole records (with the same table fields); an
 * unknown solution is a 404, a body without a `solution_id` string a 400 naming it.
 */
import { ApiError, notFound } from './errors';
import type { Body } from './records';
import type { Store } from './store';
import type { RecordObject, TableObject } from './types';

/** What `preview=true` keeps of a record, as the reference's example shows it. */
function preview(record: RecordObject): Body {
	const { last_updated, title, deleted_by, deleted_date, id } = record;
	return { last_updated, title, deleted_by, deleted_date, id };
}

function deletedOn(record: RecordObject): string {
	return String((record.deleted_date as { date?: unknown } | undefined)?.date ?? '');
}

export function listDeletedRecords(store: Store, body: Body, query: URLSearchParams): Body[] {
	const solutionId = body.solution_id;
	if (typeof solutionId !== 'string' || solutionId === '')
		throw new ApiError(400, 'solution_id: This field is required.', {
			body: { solution_id: ['This field is required.'] },
		});
	if (!store.solutions.some((solution) => solution.id === solutionId)) throw notFound('Not found.');
	const isPreview = query.get('preview') === 'true';
	const tables = store.applications.filter((table) => table.solution === solutionId);
	const found: Array<{ record: RecordObject; table: TableObject }> = tables.flatMap((table) =>
		[...store.recordsOf(table.id).values()]
			.filter((stored) => stored.deleted)
			.map(({ record }) => ({ record, table })),
	);
	return found
		.sort((a, b) => deletedOn(b.record).localeCompare(deletedOn(a.record)))
		.map(({ record, table }) => ({
			...(isPreview ? preview(record) : record),
			application_slug: table.slug,
			application_id: table.id,
			application_name: table.name,
			application_record_term: 'record',
			solution_id: solutionId,
		}));
}
