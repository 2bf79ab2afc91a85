/**
 * Views ("reports") of a table, each with its own filter and sort, and the records they show.
 *
 * - `GET /api/v1/reports/?application=<tableId>`: the table's views as a bare array (SmartSuite's
 *   own MCP server lists them so; the reference documents only Create View). A table that does not
 *   exist has no views: `[]`.
 * - `GET /api/v1/applications/<tableId>/records-for-report/?report=<viewId>` (reference,
 *   solution-data/views/records-for-view.md): `{records, related_records, fields, filter,
 *   unfiltered}`, the records filtered and sorted by the view with the records list's own
 *   compiler. The reference shows no paging: the whole view, unless the variant
 *   `viewRecordsPaging` is 'offsetLimit'. An unknown table or a view of another table: 404 (a guess).
 */
import { notFound } from './errors';
import { hexId } from './fixtures';
import { type Body, type EndlessList, listRecords, tableOf } from './records';
import type { Store } from './store';
import type { NewView, ViewObject } from './types';

export function addView(store: Store, tableId: string, view: NewView = {}): ViewObject {
	const table = store.table(tableId);
	if (!table) throw new Error(`emulator: unknown table ${tableId}`);
	const order = store.views.filter((candidate) => candidate.application === tableId).length;
	const created: ViewObject = {
		id: view.id ?? hexId(),
		label: view.label ?? `View ${order + 1}`,
		application: table.id,
		solution: table.solution,
		view_mode: view.view_mode ?? 'grid',
		order,
		state: {
			filterWindow: { opened: false, filter: view.filter ?? { operator: 'and', fields: [] } },
			sortWindow: { sort: view.sort ?? [] },
			fieldsWindow: { visibleFields: view.visibleFields ?? ['title'] },
		},
	};
	store.views.push(created);
	return created;
}

/** `GET /api/v1/reports/?application=<id>`: the views of that table (of every table without it). */
export function listViews(store: Store, query: URLSearchParams): ViewObject[] {
	const tableId = query.get('application');
	return store.views.filter((view) => tableId === null || view.application === tableId);
}

/** `GET /api/v1/applications/<id>/records-for-report/?report=<viewId>`. */
export function recordsForView(
	store: Store,
	tableId: string,
	query: URLSearchParams,
	endless: EndlessList,
): Body {
	const table = tableOf(store, tableId);
	const view = store.views.find(
		(candidate) => candidate.id === query.get('report') && candidate.application === table.id,
	);
	if (!view) throw notFound('Not found.');
	const { filter } = view.state.filterWindow;
	const paging =
		store.variant.viewRecordsPaging === 'whole'
			? new URLSearchParams({ limit: '0' })
			: new URLSearchParams({
					offset: query.get('offset') ?? '0',
					limit: query.get('limit') ?? '',
				});
	const page = listRecords(
		store,
		table.id,
		{ filter, sort: view.state.sortWindow.sort },
		paging,
		endless,
	);
	return {
		records: page.items,
		related_records: [],
		fields: view.state.fieldsWindow.visibleFields,
		filter,
		unfiltered: filter.fields.length === 0,
	};
}
