/**
 * SmartSuite's list of deleted records (REF solution-data/records/list-deleted-records.md):
 * `POST /api/v1/deleted-records/?preview=true` with `{solution_id}` answers a bare array of the
 * solution's deleted records, every table, with who deleted them and when. The reference pages
 * nothing. SmartSuite's MCP server pages `POST /api/v1/deleted-records/paginated/` with
 * `{solution_id, page_size, cursor?}`, answered `{count, records, next_cursor}` (next_cursor null
 * on the last page); served unless the variant `deletedRecordsPaged` is off (then a 404, as a
 * server without the route). Guesses: the cursor is opaque, page_size 1 to 1,000, newest
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

const MAX_PAGE_SIZE = 1000;

/** An opaque cursor: where the next page starts, not readable as a number. */
const cursorAt = (offset: number) => Buffer.from(`deleted:${offset}`).toString('base64url');
function offsetOf(cursor: unknown): number {
	if (cursor === undefined || cursor === null || cursor === '') return 0;
	const match = /^deleted:(\d+)$/.exec(Buffer.from(String(cursor), 'base64url').toString());
	if (!match) throw new ApiError(400, 'cursor: invalid', { body: { cursor: ['Invalid cursor.'] } });
	return Number(match[1]);
}

/** `deleted-records/paginated/`: the preview entries a page at a time. */
export function listDeletedRecordsPaged(store: Store, body: Body): Body {
	if (!store.variant.deletedRecordsPaged) throw notFound('Not found.');
	const size = body.page_size ?? 100;
	if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
		throw new ApiError(400, 'page_size: invalid', {
			body: { page_size: [`Ensure this value is between 1 and ${MAX_PAGE_SIZE}.`] },
		});
	const all = listDeletedRecords(store, body, new URLSearchParams({ preview: 'true' }));
	const offset = offsetOf(body.cursor);
	const end = offset + size;
	return {
		count: all.length,
		records: all.slice(offset, end),
		next_cursor: end < all.length ? cursorAt(end) : null,
	};
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
