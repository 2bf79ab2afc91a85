/** View → Get Many and View → Get Records through n8n's engine against the emulator. */
import type { INodeParameters } from 'n8n-workflow';

import { credentialsFor, runNodeMethod } from '../helpers/n8n';
import { run, runError, runInWorkflow, smartSuite, useEmulator } from './harness';

const ctx = useEmulator();

const rl = (value: string, mode = 'list') => ({ __rl: true, mode, value });
const operations = () => ctx.emu.requests.map((request) => request.operation);

/** A table of six projects, two done, and two views: "Open" (not complete, by title) and "Newest first". */
function seed() {
	const { emu } = ctx;
	const solution = emu.addSolution({ name: 'Project Management' });
	const table = emu.addTable(solution.id, { name: 'Projects' });
	const titles = ['Delta', 'Alpha', 'Foxtrot', 'Charlie', 'Echo', 'Bravo'];
	for (const [i, title] of titles.entries())
		emu.createRecord(table.id, { title, status: { value: i % 3 === 0 ? 'complete' : 'backlog' } });
	const open = emu.addView(table.id, {
		label: 'Open',
		filter: {
			operator: 'and',
			fields: [{ field: 'status', comparison: 'is_not', value: 'complete' }],
		},
		sort: [{ field: 'title', direction: 'asc' }],
	});
	const newest = emu.addView(table.id, {
		label: 'Newest first',
		view_mode: 'kanban',
		sort: [{ field: 'autonumber', direction: 'desc' }],
	});
	return { emu, solution, table, open, newest, titles };
}

const getMany = (tableId: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'view',
	operation: 'getMany',
	tableId: rl(tableId),
	...extra,
});
const getRecords = (
	tableId: string,
	viewId: unknown,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'view',
	operation: 'getRecords',
	tableId: rl(tableId),
	viewId: typeof viewId === 'string' ? rl(viewId) : (viewId as INodeParameters),
	...extra,
});

describe('View > Get Many', () => {
	it('lists the views of a table with their filter and sort, one item each', async () => {
		const { emu, table, open, newest } = seed();
		const output = await run(emu, { parameters: getMany(table.id, { returnAll: true }) });

		expect(output.map((item) => item.json.id)).toEqual([open.id, newest.id]);
		// SmartSuite keeps the conditions in new_filters, filter.fields empty (a captured /reports/ answer).
		expect(open.state.filterWindow.filter.fields).toEqual([]);
		expect(output[0]).toEqual({
			json: {
				...open,
				filter: {
					operator: 'and',
					fields: [{ field: 'status', comparison: 'is_not', value: 'complete' }],
				},
				sort: open.state.sortWindow.sort,
			},
			pairedItem: { item: 0 },
		});
		expect(output[1].json).toMatchObject({
			label: 'Newest first',
			view_mode: 'kanban',
			filter: { operator: 'and', fields: [] },
		});
		const list = emu.requests.find((request) => request.operation === 'ListViews');
		expect(list?.method).toBe('GET');
		expect(list?.path).toBe(`/api/v1/reports/?application=${table.id}`);
	});

	it('shows the filter of an older view (filter.fields), and a note for conditions Search cannot send; the filter shown finds what the view shows', async () => {
		const { emu, table, open } = seed();
		const older = emu.addView(table.id, {
			label: 'Older',
			filterIn: 'filter',
			filter: { operator: 'or', fields: [{ field: 'title', comparison: 'is', value: 'Alpha' }] },
		});
		const nested = emu.addView(table.id, {
			label: 'Nested',
			filter: {
				operator: 'and',
				fields: [
					{ field: 'title', comparison: 'is', value: 'Alpha' },
					{ operator: 'or', conditions: [{ field: 'title', comparison: 'is', value: 'Echo' }] },
				],
			},
		});
		const output = await run(emu, { parameters: getMany(table.id, { returnAll: true }) });
		const byId = new Map(output.map((item) => [item.json.id, item.json]));
		expect(byId.get(older.id)).toMatchObject({
			filter: { operator: 'or', fields: [{ field: 'title', comparison: 'is', value: 'Alpha' }] },
		});
		expect(byId.get(older.id)).not.toHaveProperty('filterNote');
		expect(byId.get(open.id)).not.toHaveProperty('filterNote');
		expect(byId.get(nested.id)?.filterNote).toContain(
			"1 of the 2 conditions of the view's filter are not a rule",
		);

		// Record → Search with the filter shown returns what the view shows.
		const filter = byId.get(open.id)?.filter as {
			fields: Array<{ field: string; comparison: string; value: string }>;
		};
		const searched = await run(emu, {
			parameters: {
				resource: 'record',
				operation: 'search',
				tableId: rl(table.id),
				returnAll: true,
				filters: {
					rule: filter.fields.map((rule) => ({
						field: rule.field,
						comparison: rule.comparison,
						value: rule.value,
					})),
				},
			},
		});
		const shown = await run(emu, {
			parameters: getRecords(table.id, open.id, { returnAll: true }),
		});
		expect(searched.map((item) => item.json.id).sort()).toEqual(
			shown.map((item) => item.json.id).sort(),
		);
		expect(shown).toHaveLength(4);
	});

	it('leaves the dashboards /reports/ lists out, in Get Many and in the View list', async () => {
		const { emu, table, open, newest } = seed();
		const dashboard = emu.addView(table.id, { label: 'Board', view_mode: 'dashboard' });
		const output = await run(emu, { parameters: getMany(table.id, { returnAll: true }) });
		expect(output.map((item) => item.json.id)).toEqual([open.id, newest.id]);
		const listed = (await runNodeMethod(
			smartSuite,
			{ parameters: getRecords(table.id, ''), credentials: credentialsFor(emu) },
			{ listSearch: 'searchViews' },
		)) as { results: Array<{ value: string }> };
		expect(listed.results.map((result) => result.value)).toEqual([open.id, newest.id]);
		expect(dashboard.dashboard).not.toBeNull();
	});

	it('leaves forms out too (view_mode "form"), in Get Many and in the View list', async () => {
		const { emu, table, open, newest } = seed();
		emu.addView(table.id, { label: 'Intake form', view_mode: 'form' });
		const output = await run(emu, { parameters: getMany(table.id, { returnAll: true }) });
		expect(output.map((item) => item.json.id)).toEqual([open.id, newest.id]);
		const listed = (await runNodeMethod(
			smartSuite,
			{ parameters: getRecords(table.id, ''), credentials: credentialsFor(emu) },
			{ listSearch: 'searchViews' },
		)) as { results: Array<{ value: string }> };
		expect(listed.results.map((result) => result.value)).toEqual([open.id, newest.id]);
	});

	it('keeps to the Limit', async () => {
		const { emu, table } = seed();
		expect(await run(emu, { parameters: getMany(table.id, { limit: 1 }) })).toHaveLength(1);
	});

	it('an unknown table is a clear error (its structure is read first); with Continue on Fail, an item per input', async () => {
		const { emu, table, open } = seed();
		const error = await runError(emu, { parameters: getMany('nosuchtable') });
		expect(error.message).toContain('The table "nosuchtable" was not found');
		expect(operations()).toEqual(['GetTable']);

		const output = await run(emu, {
			parameters: getMany('={{ $json.table }}', { returnAll: true }),
			input: [{ table: 'nosuchtable' }, { table: table.id }],
			continueOnFail: true,
		});
		expect(output[0].json.error).toContain('The table "nosuchtable" was not found');
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(output.slice(1).map((item) => [item.json.id, item.pairedItem])).toEqual([
			[open.id, { item: 1 }],
			[expect.any(String), { item: 1 }],
		]);
	});

	it('an answer that is not a list of views is a clear error', async () => {
		const { emu, table } = seed();
		emu.injectFault({ operation: 'ListViews', action: { type: 'badJson' } });
		const error = await runError(emu, { parameters: getMany(table.id) });
		expect(error.message).toBe('SmartSuite sent an answer that is not valid JSON');
	});
});

describe('View > Get Records', () => {
	it('returns the records of a view as SmartSuite filters and sorts them, simplified like Search', async () => {
		const { emu, table, open } = seed();
		const output = await run(emu, {
			parameters: getRecords(table.id, open.id, { returnAll: true }),
		});

		expect(output.map((item) => item.json.Title)).toEqual(['Alpha', 'Bravo', 'Echo', 'Foxtrot']);
		expect(output[0].json).toMatchObject({ id: expect.any(String), Status: 'Backlog' });
		expect(
			output.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0),
		).toBe(true);
		const read = emu.requests.find((request) => request.operation === 'ListViewRecords');
		expect(read?.method).toBe('GET');
		expect(read?.path).toBe(
			`/api/v1/applications/${table.id}/records-for-report/?report=${open.id}&with_empty_values=false&offset=0&limit=1000`,
		);
	});

	it('takes the view By URL or By ID, and gives SmartSuite’s answer as it is without Simplify', async () => {
		const { emu, solution, table, newest, titles } = seed();
		const url = `https://app.smartsuite.com/${emu.workspaceId}/solution/${solution.id}/${table.id}/${newest.id}`;
		const byUrl = await run(emu, {
			parameters: getRecords(table.id, rl(url, 'url'), { returnAll: true, simplify: false }),
		});
		expect(byUrl.map((item) => item.json.title)).toEqual([...titles].reverse());
		expect(byUrl[0].json.application_id).toBe(table.id);
		const byId = await run(emu, {
			parameters: getRecords(table.id, rl(newest.id, 'id'), { limit: 2 }),
		});
		expect(byId.map((item) => item.json.Title)).toEqual(['Bravo', 'Echo']);
	});

	it('the whole view in one answer (the reference): one request, cut to the Limit', async () => {
		const { emu, table, newest } = seed();
		const output = await run(emu, { parameters: getRecords(table.id, newest.id, { limit: 3 }) });
		expect(output).toHaveLength(3);
		expect(operations().filter((operation) => operation === 'ListViewRecords')).toHaveLength(1);
	});

	it('pages by offset and limit where SmartSuite pages: 2,300 records in 3 requests, each once', async () => {
		const { emu, table, newest } = seed();
		emu.setVariant({ viewRecordsPaging: 'offsetLimit' });
		for (let i = 0; i < 2294; i++) emu.addRecord(table.id, { title: `R${i}` });

		const output = await run(emu, {
			parameters: getRecords(table.id, newest.id, { returnAll: true, simplify: false }),
		});

		expect(output).toHaveLength(2300);
		expect(new Set(output.map((item) => item.json.id)).size).toBe(2300);
		const reads = emu.requests.filter((request) => request.operation === 'ListViewRecords');
		expect(
			reads.map((request) => new URL(request.path, emu.baseUrl).searchParams.get('offset')),
		).toEqual(['0', '1000', '2000']);
	});

	it('stops when a server ignores the offset (a page with nothing new), never repeating records', async () => {
		const { emu, table, newest } = seed();
		for (let i = 0; i < 994; i++) emu.addRecord(table.id, { title: `R${i}` });
		// Exactly 1,000 records, the whole view each time: the second page brings nothing new.
		const output = await run(emu, {
			parameters: getRecords(table.id, newest.id, { returnAll: true, simplify: false }),
		});
		expect(output).toHaveLength(1000);
		expect(operations().filter((operation) => operation === 'ListViewRecords')).toHaveLength(2);
	});

	it('a view that never ends is an error after 100 pages, not a silent cut', async () => {
		const { emu, table, newest } = seed();
		emu.setVariant({ viewRecordsPaging: 'offsetLimit' });
		emu.injectFault({
			operation: 'ListViewRecords',
			times: Infinity,
			action: { type: 'endlessList', mode: 'fullPages' },
		});
		const error = await runError(emu, {
			parameters: getRecords(table.id, newest.id, { returnAll: true, simplify: false }),
		});
		expect(error.message).toBe(
			'Stopped after reading 100 pages (100,000 records) of the view: SmartSuite kept sending more',
		);
	}, 120_000);

	it('an unknown view, a view of another table, an unknown table: clear errors', async () => {
		const { emu, solution, table, open } = seed();
		const other = emu.addTable(solution.id, { name: 'Other' });

		const unknown = await runError(emu, { parameters: getRecords(table.id, 'nosuchview') });
		expect(unknown.message).toContain(
			`The view "nosuchview" was not found in the table "${table.id}"`,
		);
		const elsewhere = await runError(emu, { parameters: getRecords(other.id, open.id) });
		expect(elsewhere.message).toContain(
			`The view "${open.id}" was not found in the table "${other.id}"`,
		);
		emu.resetLog();
		const noTable = await runError(emu, { parameters: getRecords('nosuchtable', open.id) });
		expect(noTable.message).toContain('The table "nosuchtable" was not found');
		expect(operations()).toEqual(['GetTable']);
	});

	it.each(['empty', 'refused'] as const)(
		'Get Records of a dashboard is a clear error (SmartSuite answers it: %s)',
		async (dashboardRecords) => {
			const { emu, table } = seed();
			emu.setVariant({ dashboardRecords });
			const dashboard = emu.addView(table.id, { label: 'Board', view_mode: 'dashboard' });
			const error = await runError(emu, { parameters: getRecords(table.id, dashboard.id) });
			expect(error.message).toBe(
				`"${dashboard.id}" ("Board") is a dashboard of the table "${table.id}", not a view: View → Get Records reads views only`,
			);
			expect(operations()).toEqual(['GetTable', 'ListViews']);
		},
	);

	it('Get Records of a form is a clear error before its records are read (SmartSuite answers a form with the table’s records)', async () => {
		const { emu, table } = seed();
		const form = emu.addView(table.id, { label: 'Intake form', view_mode: 'form' });
		const error = await runError(emu, { parameters: getRecords(table.id, form.id) });
		expect(error.message).toBe(
			`"${form.id}" ("Intake form") is a form of the table "${table.id}", not a view: View → Get Records reads views only`,
		);
		expect(error.description).toContain('A form takes new records');
		expect(operations()).toEqual(['GetTable', 'ListViews']);
	});

	it('an older view (its filter in filter.fields) is filtered too; the list of views is read once per table in a run', async () => {
		const { emu, table } = seed();
		const older = emu.addView(table.id, {
			filterIn: 'filter',
			filter: { operator: 'and', fields: [{ field: 'title', comparison: 'is', value: 'Echo' }] },
		});
		emu.resetLog();
		const result = await runInWorkflow(emu, {
			parameters: getRecords(table.id, older.id),
			input: [{}, {}],
		});
		expect(result.output.map((item) => item.json.Title)).toEqual(['Echo', 'Echo']);
		expect(operations()).toEqual([
			'GetTable',
			'ListViews',
			'ListViewRecords',
			'ListMembers',
			'ListViewRecords',
		]);
	});

	it('bad input fails before any request: an empty view, a Limit of 0', async () => {
		const { emu, table } = seed();
		const empty = await runError(emu, { parameters: getRecords(table.id, rl('={{ "" }}', 'id')) });
		expect(empty.message).toBe('The parameter "View" is empty');
		const limit = await runError(emu, { parameters: getRecords(table.id, 'v1', { limit: 0 }) });
		expect(limit.message).toBe('The parameter "Limit" must be a whole number from 1');
		expect(emu.requests).toHaveLength(0);
	});

	it('faults: a 403 is worded, a 429 is waited out; Continue on Fail gives the error as the item', async () => {
		const { emu, table, open } = seed();
		emu.injectFault({ operation: 'ListViewRecords', action: { type: 'status', status: 403 } });
		const error = await runError(emu, { parameters: getRecords(table.id, open.id) });
		expect(error.message).toContain('403');

		emu.injectFault({
			operation: 'ListViewRecords',
			action: { type: 'rateLimit', retryAfterSeconds: 0 },
		});
		expect(await run(emu, { parameters: getRecords(table.id, open.id) })).toHaveLength(4);

		emu.injectFault({ operation: 'ListViewRecords', action: { type: 'badJson' } });
		const output = await run(emu, {
			parameters: getRecords(table.id, open.id),
			input: [{}, {}],
			continueOnFail: true,
		});
		expect(output[0].json.error).toBe('SmartSuite sent an answer that is not valid JSON');
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(output.slice(1).map((item) => item.pairedItem)).toEqual(Array(4).fill({ item: 1 }));
	});
});

describe('View list search', () => {
	it('lists the chosen table’s views by label and kind, with their app URL; the text filters', async () => {
		const { emu, solution, table, open, newest } = seed();
		const search = async (filter?: string) =>
			(await runNodeMethod(
				smartSuite,
				{ parameters: getRecords(table.id, ''), credentials: credentialsFor(emu) },
				{ listSearch: 'searchViews', filter },
			)) as { results: Array<{ name: string; value: string; url?: string }> };

		expect((await search()).results).toEqual([
			{
				name: 'Open (grid)',
				value: open.id,
				url: `${emu.baseUrl}/${emu.workspaceId}/solution/${solution.id}/${table.id}/${open.id}`,
			},
			expect.objectContaining({ name: 'Newest first (kanban)', value: newest.id }),
		]);
		expect((await search('newest')).results.map((result) => result.value)).toEqual([newest.id]);
	});
});
