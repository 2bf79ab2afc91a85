/** The emulator's views (views.ts) over real HTTP: the reports list and records-for-report. */
import { send, start } from './client';
import type { Emulator } from './index';

let emu: Emulator;
// client.ts closes it after each test.
beforeEach(async () => {
	emu = await start({ demo: true });
});

const get = (path: string) => send(`${emu.baseUrl}${path}`, emu, { method: 'GET' });
const forView = (tableId: string, viewId: string, extra = '') =>
	get(`/api/v1/applications/${tableId}/records-for-report/?report=${viewId}${extra}`);
const titles = (answer: { json: () => any }) =>
	(answer.json().records as Array<{ title: string }>).map((record) => record.title);

describe('views', () => {
	it('lists the views of a table as a bare array of reports (label, view_mode, state)', async () => {
		const { tableId, viewIds } = emu.demo;
		const answer = await get(`/api/v1/reports/?application=${tableId}`);
		expect(answer.status).toBe(200);
		const views = answer.json();
		expect(views.map((view: any) => view.id)).toEqual(viewIds);
		expect(views[0]).toMatchObject({
			label: 'Open projects',
			application: tableId,
			solution: emu.demo.solutionId,
			view_mode: 'grid',
			state: { sortWindow: { sort: [{ field: 'title', direction: 'asc' }] } },
		});
		expect((await get('/api/v1/reports/?application=nosuchtable')).json()).toEqual([]);
	});

	it("keeps a view's conditions as SmartSuite's captured /reports/ answer does (new_filters, filter.fields empty) or, for an older view, in filter.fields; both filter its records", async () => {
		const { tableId, recordIds } = emu.demo;
		const title = String(emu.getRecord(tableId, recordIds[1])?.title);
		const rule = { field: 'title', comparison: 'is', value: title };
		const current = emu.addView(tableId, { filter: { operator: 'and', fields: [rule] } });
		const older = emu.addView(tableId, {
			filterIn: 'filter',
			filter: { operator: 'and', fields: [rule] },
		});
		const listed = (await get(`/api/v1/reports/?application=${tableId}`)).json();
		const byId = new Map(listed.map((view: any) => [view.id, view]));
		expect((byId.get(current.id) as any).state.filterWindow).toEqual({
			opened: false,
			filter: { operator: 'and', fields: [] },
			new_filters: { operator: 'and', conditions: [rule] },
		});
		expect((byId.get(older.id) as any).state.filterWindow).toEqual({
			opened: false,
			filter: { operator: 'and', fields: [rule] },
		});
		expect(titles(await forView(tableId, current.id))).toEqual([title]);
		expect(titles(await forView(tableId, older.id))).toEqual([title]);
	});

	it('lists dashboards with the views (view_mode dashboard, a dashboard object); a dashboard has no records, or is refused', async () => {
		const { tableId } = emu.demo;
		const board = emu.addView(tableId, { label: 'Board', view_mode: 'dashboard' });
		const listed = (await get(`/api/v1/reports/?application=${tableId}`)).json();
		expect(listed.find((view: any) => view.id === board.id)).toMatchObject({
			view_mode: 'dashboard',
			dashboard: { tabs: expect.any(Object) },
		});
		expect(
			listed
				.filter((view: any) => view.view_mode !== 'dashboard')
				.every((view: any) => view.dashboard === null),
		).toBe(true);
		expect(titles(await forView(tableId, board.id))).toEqual([]);
		emu.setVariant({ dashboardRecords: 'refused' });
		const refused = await forView(tableId, board.id);
		expect([refused.status, refused.json()]).toEqual([
			400,
			{ report: ['This report is a dashboard.'] },
		]);
	});

	it('serves the records of a view filtered and sorted by the view, with its filter', async () => {
		const { tableId, viewIds, recordIds } = emu.demo;
		emu.updateRecord(tableId, recordIds[0], { status: { value: 'complete' } });
		const open = await forView(tableId, viewIds[0]);
		expect(open.status).toBe(200);
		const live = emu
			.records(tableId, { deleted: false })
			.filter((record) => record.id !== recordIds[0])
			.map((record) => record.title)
			.sort();
		expect(titles(open)).toEqual(live);
		expect(open.json()).toMatchObject({
			fields: ['title', 'status'],
			related_records: [],
			unfiltered: false,
			filter: { operator: 'and', fields: [{ field: 'status', comparison: 'is_not' }] },
		});
		const newest = await forView(tableId, viewIds[1]);
		expect(newest.json().unfiltered).toBe(true);
		expect(titles(newest)).toEqual(
			emu
				.records(tableId, { deleted: false })
				.map((record) => record.title)
				.reverse(),
		);
	});

	it('serves the whole view whatever offset and limit say, or pages with viewRecordsPaging offsetLimit', async () => {
		const { tableId, viewIds } = emu.demo;
		expect(titles(await forView(tableId, viewIds[1], '&offset=1&limit=2'))).toHaveLength(5);
		emu.setVariant({ viewRecordsPaging: 'offsetLimit' });
		const all = titles(await forView(tableId, viewIds[1]));
		expect(titles(await forView(tableId, viewIds[1], '&offset=1&limit=2'))).toEqual(
			all.slice(1, 3),
		);
	});

	it('answers 404 for an unknown view, a view of another table and an unknown table', async () => {
		const { tableId, viewIds } = emu.demo;
		const other = emu.addTable(emu.demo.solutionId, { name: 'Other' });
		expect((await forView(tableId, 'nosuchview')).status).toBe(404);
		expect((await forView(other.id, viewIds[0])).status).toBe(404);
		expect((await forView('nosuchtable', viewIds[0])).status).toBe(404);
	});
});
