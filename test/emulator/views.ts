/**
 * Views ("reports") of a table, each with its own filter and sort, and the records they show.
 *
 * - `GET /api/v1/reports/?application=<tableId>`: the table's views, dashboards (`view_mode`
 *   "dashboard", with a `dashboard` object) and forms (`view_mode` "form") as a bare array, in the shape of SmartSuite's MCP
 *   server's captured fixtures: a view's conditions in `state.filterWindow.new_filters.conditions`
 *   with `filter.fields` empty, or (`filterIn: 'filter'`, older views) in `filter.fields` only.
 *   A table that does not exist has no views: `[]`.
 * - `GET /api/v1/applications/<tableId>/records-for-report/?report=<viewId>` (reference,
 *   solution-data/views/records-for-view.md): `{records, related_records, fields, filter,
 *   unfiltered}`, the records filtered and sorted by the view with the records list's own
 *   compiler. The reference shows no paging: the whole view, unless the variant
 *   `viewRecordsPaging` is 'offsetLimit'. An unknown table or a view of another table: 404 (a guess).
 *   A dashboard: no records (`dashboardRecords` 'empty') or 400 (`'refused'`): no source shows it.
 *   A form: the table's records, unfiltered (no source shows it either; the case a client must not
 *   take for a view's records).
 */
import { ApiError, notFound } from './errors';
import { EMULATOR_USER_ID, hexId } from './fixtures';
import { type Body, type EndlessList, listRecords, tableOf } from './records';
import type { Store } from './store';
import type { NewView, ViewObject } from './types';

export function addView(store: Store, tableId: string, view: NewView = {}): ViewObject {
	const table = store.table(tableId);
	if (!table) throw new Error(`emulator: unknown table ${tableId}`);
	const order = store.views.filter((candidate) => candidate.application === tableId).length;
	const filter = view.filter ?? { operator: 'and', fields: [] };
	const viewMode = view.view_mode ?? 'grid';
	const created: ViewObject = {
		id: view.id ?? hexId(),
		label: view.label ?? `View ${order + 1}`,
		description: '',
		application: table.id,
		solution: table.solution,
		view_mode: viewMode,
		order,
		owner: EMULATOR_USER_ID,
		is_private: false,
		state: {
			filterWindow:
				view.filterIn === 'filter'
					? { opened: false, filter }
					: {
							opened: false,
							filter: { operator: filter.operator, fields: [] },
							new_filters: { operator: filter.operator, conditions: filter.fields },
						},
			sortWindow: { sort: view.sort ?? [] },
			fieldsWindow: { visibleFields: view.visibleFields ?? ['title'] },
		},
		dashboard:
			viewMode === 'dashboard'
				? {
						tabs: { enabled: false, tabs: [{ id: hexId(), name: 'Tab 1', order: 0 }] },
						footer: { enabled: false },
						style: { width: 'full', background_color: null },
					}
				: null,
	};
	store.views.push(created);
	return created;
}

/** `GET /api/v1/reports/?application=<id>`: the views of that table (of every table without it). */
export function listViews(store: Store, query: URLSearchParams): ViewObject[] {
	const tableId = query.get('application');
	return store.views.filter((view) => tableId === null || view.application === tableId);
}

/** The view's filter as the records list takes it: `new_filters.conditions` when it has any, else `filter`. */
function filterOf(view: ViewObject): ViewObject['state']['filterWindow']['filter'] {
	const { filter, new_filters: current } = view.state.filterWindow;
	return current && (current.conditions.length > 0 || filter.fields.length === 0)
		? { operator: current.operator, fields: current.conditions }
		: filter;
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
	if (view.view_mode === 'dashboard' && store.variant.dashboardRecords === 'refused')
		throw new ApiError(400, 'report: a dashboard', {
			body: { report: ['This report is a dashboard.'] },
		});
	const filter = filterOf(view);
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
	if (view.view_mode === 'dashboard') page.items = [];
	return {
		records: page.items,
		related_records: [],
		fields: view.state.fieldsWindow.visibleFields,
		filter,
		unfiltered: filter.fields.length === 0,
	};
}
