/**
 * Record > Get Deleted through n8n's WorkflowExecute against the emulator: the deleted records of
 * a solution (`POST /api/v1/deleted-records/paginated/` page by page, or the reference's
 * `POST /api/v1/deleted-records/?preview=true` where that is not served), with who deleted them
 * and when, and Restore run on one of them.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../emulator';
import { restore, run, runError, runInWorkflow, useEmulator } from './harness';

const ctx = useEmulator();

const getDeleted = (solutionId: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'record',
	operation: 'getDeleted',
	solutionId: { __rl: true, mode: 'id', value: solutionId },
	returnAll: true,
	...extra,
});

/** A solution with two tables: two deleted records in the first (one live), one in the second. */
function setup(emu: Emulator = ctx.emu) {
	const solution = emu.addSolution();
	const first = emu.addTable(solution.id, { name: 'Projects' });
	const second = emu.addTable(solution.id, { name: 'Vendors' });
	const deletedAt = (date: string) => ({ deleted_date: { date, include_time: true } });
	const older = emu.addDeletedRecord(first.id, {
		title: 'Old plan',
		...deletedAt('2026-03-01T10:00:00.000Z'),
	});
	emu.addRecord(first.id, { title: 'Live' });
	const vendor = emu.addDeletedRecord(second.id, {
		title: 'Acme',
		...deletedAt('2026-02-01T10:00:00.000Z'),
	});
	const newest = emu.addDeletedRecord(first.id, {
		title: 'New plan',
		...deletedAt('2026-04-01T10:00:00.000Z'),
	});
	// Another solution's deleted record stays out.
	emu.addDeletedRecord(emu.addTable(emu.addSolution().id).id, { title: 'Elsewhere' });
	return { solution, first, second, older, vendor, newest };
}

describe('Record > Get Deleted', () => {
	it('lists the deleted records of the solution with who deleted them (a readable person) and when, in one page plus the members', async () => {
		const { emu } = ctx;
		const { solution, first, second, older, vendor, newest } = setup();
		const [me] = emu.members();

		const output = await run(emu, { parameters: getDeleted(solution.id) });

		expect(emu.requests.map((request) => [request.method, request.path])).toEqual([
			['POST', '/api/v1/deleted-records/paginated/'],
			['POST', '/api/v1/members/list/?offset=0&limit=1000'],
		]);
		expect(emu.requests[0].body).toEqual({ solution_id: solution.id, page_size: 100 });
		expect(emu.requests[0].headers.authorization).toBe(`Token ${emu.apiKey}`);
		const deletedOn = (tableId: string, id: string) =>
			(emu.getRecord(tableId, id)!.deleted_date as { date: string }).date;
		const expected = (tableId: string, table: string, id: string, title: string) => ({
			json: {
				id,
				title,
				tableId,
				table,
				solutionId: solution.id,
				deletedOn: deletedOn(tableId, id),
				deletedBy: { id: me.id, name: me.full_name.sys_root, email: me.email[0] },
			},
			pairedItem: { item: 0 },
		});
		expect(output).toEqual([
			expected(first.id, 'Projects', newest.id, 'New plan'),
			expected(first.id, 'Projects', older.id, 'Old plan'),
			expected(second.id, 'Vendors', vendor.id, 'Acme'),
		]);
	});

	it('lists one table only, up to Limit; Simplify off gives SmartSuite’s entries as they are', async () => {
		const { emu } = ctx;
		const { solution, first, newest } = setup();

		const output = await run(emu, {
			parameters: getDeleted(solution.id, {
				tableId: { __rl: true, mode: 'id', value: first.id },
				returnAll: false,
				limit: 1,
				simplify: false,
			}),
		});

		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			id: newest.id,
			title: 'New plan',
			application_id: first.id,
			application_name: 'Projects',
			deleted_by: expect.any(String),
			deleted_date: { date: expect.any(String), include_time: true },
		});
		expect(emu.requests.map((request) => request.operation)).toEqual(['ListDeletedRecordsPaged']);
	});

	it('reads every page: 250 deleted records in three pages, each cursor sent back once; a Limit stops early', async () => {
		const { emu } = ctx;
		const solution = emu.addSolution();
		const table = emu.addTable(solution.id, { name: 'Projects' });
		for (let i = 0; i < 250; i++) emu.addDeletedRecord(table.id, { title: `Gone ${i}` });

		const output = await run(emu, { parameters: getDeleted(solution.id, { simplify: false }) });

		expect(output).toHaveLength(250);
		expect(new Set(output.map((item) => item.json.id)).size).toBe(250);
		const pages = emu.requests.map((request) => request.body as IDataObject);
		expect(pages.map((body) => body.cursor)).toEqual([
			undefined,
			expect.any(String),
			expect.any(String),
		]);
		expect(pages[1].cursor).not.toBe(pages[2].cursor);

		emu.resetLog();
		const limited = await run(emu, {
			parameters: getDeleted(solution.id, { returnAll: false, limit: 120, simplify: false }),
		});
		expect(limited).toHaveLength(120);
		expect(emu.requests).toHaveLength(2);
	});

	it('where SmartSuite does not serve the paged list (404), reads the reference’s whole list, deciding once per run', async () => {
		const { emu } = ctx;
		const { solution } = setup();
		emu.setVariant({ deletedRecordsPaged: false });

		const result = await runInWorkflow(emu, {
			parameters: getDeleted(solution.id, { simplify: false }),
			input: [{}, {}],
		});

		expect(result.output.map((item) => item.json.title)).toEqual([
			'New plan',
			'Old plan',
			'Acme',
			'New plan',
			'Old plan',
			'Acme',
		]);
		expect(emu.requests.map((request) => request.path)).toEqual([
			'/api/v1/deleted-records/paginated/',
			'/api/v1/deleted-records/?preview=true',
			'/api/v1/deleted-records/?preview=true',
		]);
	});

	it('with Readable People off, who deleted a record is its member id, and no members are read', async () => {
		const { emu } = ctx;
		const { solution } = setup();
		const [me] = emu.members();
		const output = await run(emu, {
			parameters: getDeleted(solution.id, { readableValues: false }),
		});
		expect(output.map((item) => item.json.deletedBy)).toEqual([me.id, me.id, me.id]);
		expect(emu.requests.map((request) => request.operation)).toEqual(['ListDeletedRecordsPaged']);
	});

	it('gives Restore the ids it needs: the listed record is restored and leaves the list', async () => {
		const { emu } = ctx;
		const { solution, first, older } = setup();
		const listed = await run(emu, { parameters: getDeleted(solution.id) });
		const entry = listed.find((item) => item.json.id === older.id)!.json;

		const [restored] = await run(emu, {
			parameters: restore(String(entry.tableId), String(entry.id)),
		});

		expect(restored.json).toMatchObject({ id: older.id, title: 'Old plan (Restored)' });
		expect(emu.getRecord(first.id, older.id)!.deleted_by).toBeNull();
		const after = await run(emu, { parameters: getDeleted(solution.id) });
		expect(after.map((item) => item.json.title)).toEqual(['New plan', 'Acme']);
	});

	it('gives no item for a solution without deleted records, and reads no members', async () => {
		const { emu } = ctx;
		const solution = emu.addSolution();
		emu.addRecord(emu.addTable(solution.id).id);

		const output = await run(emu, { parameters: getDeleted(solution.id) });

		expect(output).toEqual([]);
		expect(emu.requests.map((request) => request.operation)).toEqual(['ListDeletedRecordsPaged']);
	});

	it('takes the solution from its URL in the app', async () => {
		const { emu } = ctx;
		const { solution } = setup();

		const output = await run(emu, {
			parameters: getDeleted('', {
				solutionId: {
					__rl: true,
					mode: 'url',
					value: `https://app.smartsuite.com/${emu.workspaceId}/solution/${solution.id}`,
				},
			}),
		});

		expect(output).toHaveLength(3);
	});

	describe('bad input', () => {
		it('refuses an empty solution and a Limit of 0 before any request', async () => {
			const { emu } = ctx;
			const empty = await runError(emu, { parameters: getDeleted(' ') });
			expect(empty.message).toBe('The parameter "Solution" is empty');
			const zero = await runError(emu, {
				parameters: getDeleted('s1', { returnAll: false, limit: 0 }),
			});
			expect(zero.message).toBe('The parameter "Limit" must be a whole number from 1');
			expect(emu.requests).toEqual([]);
		});

		it('names an unknown solution (404)', async () => {
			const { emu } = ctx;
			const error = await runError(emu, { parameters: getDeleted('64b0c1d2e3f4a5b6c7d8e9f1') });
			expect(error.message).toBe('The solution "64b0c1d2e3f4a5b6c7d8e9f1" was not found');
			expect(error.httpCode).toBe('404');
		});

		it('says so when the answer is not JSON', async () => {
			const { emu } = ctx;
			const { solution } = setup();
			emu.injectFault({ operation: 'ListDeletedRecordsPaged', action: { type: 'badJson' } });
			const error = await runError(emu, { parameters: getDeleted(solution.id) });
			expect(error.message).toBe('SmartSuite sent an answer that is not valid JSON');
		});

		it('with Continue on Fail: each item its records or its error, paired; a 503 is retried', async () => {
			const { emu } = ctx;
			const { solution } = setup();
			emu.injectFault({
				operation: 'ListDeletedRecordsPaged',
				action: { type: 'status', status: 503 },
			});

			const result = await runInWorkflow(emu, {
				parameters: getDeleted('={{ $json.solution }}', { simplify: false }),
				input: [{ solution: solution.id }, { solution: '64b0c1d2e3f4a5b6c7d8e9f1' }],
				continueOnFail: true,
			});

			expect(
				result.output.map((item) => [item.json.title ?? item.json.error, item.pairedItem]),
			).toEqual([
				['New plan', { item: 0 }],
				['Old plan', { item: 0 }],
				['Acme', { item: 0 }],
				['The solution "64b0c1d2e3f4a5b6c7d8e9f1" was not found', { item: 1 }],
			]);
			expect(JSON.stringify(result.output)).not.toContain(emu.apiKey);
		});
	});
});
