import { credentialsFor, runNodeMethod } from '../helpers/n8n';
import { expectSpecRequest, restore, run, runError, smartSuite, useEmulator } from './harness';

const ctx = useEmulator();
const restorePath = (tableId: string, recordId: string) =>
	`/api/v1/applications/${tableId}/records/${recordId}/restore/`;

describe('Record > Restore', () => {
	it('restores a deleted record and returns it exactly as SmartSuite sent it', async () => {
		const { emu } = ctx;
		const record = emu.addDeletedRecord('64b0c1d2e3f4a5b6c7d8e9f0', { title: 'Vendor contract' });

		const output = await run(emu, { parameters: restore('64b0c1d2e3f4a5b6c7d8e9f0', record.id) });

		expect(emu.requests).toHaveLength(1);
		const [request] = emu.requests;
		expectSpecRequest(request, emu, restorePath('64b0c1d2e3f4a5b6c7d8e9f0', record.id));
		expect(request.rawBody).toBe('{}');
		const stored = emu.getRecord('64b0c1d2e3f4a5b6c7d8e9f0', record.id);
		expect(output).toEqual([{ json: stored, pairedItem: { item: 0 } }]);
		expect(output[0].json).toMatchObject({ title: 'Vendor contract (Restored)', deleted_by: null });
	});

	it('takes the table id from a table URL of the app', async () => {
		const { emu } = ctx;
		const record = emu.addDeletedRecord('64b0c1d2e3f4a5b6c7d8e9f0');
		const tableId = {
			__rl: true,
			mode: 'url',
			value:
				'https://app.smartsuite.com/sv25cxf2/solution/64b0c1d2e3f4a5b6c7d8e9f1/64b0c1d2e3f4a5b6c7d8e9f0?view=1',
		};

		const output = await run(emu, { parameters: restore(tableId, record.id) });

		expect(emu.requests[0].path).toBe(restorePath('64b0c1d2e3f4a5b6c7d8e9f0', record.id));
		expect(output[0].json.id).toBe(record.id);
	});

	it('rejects a URL that is not a table URL before any request', async () => {
		const { emu } = ctx;
		const tableId = { __rl: true, mode: 'url', value: 'https://example.com/not-a-table' };

		const error = await runError(emu, { parameters: restore(tableId, 'r1') });

		expect(error.message).toBe(
			"ERROR: Table parameter's value is invalid. This is likely because the URL entered is incorrect",
		);
		expect(emu.requests).toHaveLength(0);
	});

	it('trims the ids, so a pasted id with spaces works', async () => {
		const { emu } = ctx;
		const record = emu.addDeletedRecord('t1');

		await run(emu, { parameters: restore(' t1 ', `\t${record.id} `) });

		expect(emu.requests[0].path).toBe(restorePath('t1', record.id));
	});

	it('says which record was not found, also for a record that is not deleted (404)', async () => {
		const { emu } = ctx;
		const record = emu.addRecord('t1');

		const error = await runError(emu, { parameters: restore('t1', record.id) });

		expect(error.message).toBe(
			`Record "${record.id}" was not found in table "t1", or it is not deleted`,
		);
		expect(error.description).toContain('still in the trash');
		expect(error.description).toContain('SmartSuite said: "Not found."');
		expect(error.httpCode).toBe('404');
	});

	it.each([
		['Table', '', 'r1'],
		['Table', '   ', 'r1'],
		['Record', 't1', ''],
		['Record', 't1', ' \n '],
	])('names the empty parameter "%s" and sends nothing', async (label, tableId, recordId) => {
		const { emu } = ctx;

		const error = await runError(emu, { parameters: restore(tableId, recordId) });

		expect(error.message).toBe(`The parameter "${label}" is empty`);
		expect(error.description).toBe(
			`Enter the ${label}, or check that the expression gives a value for this item.`,
		);
		expect(emu.requests).toHaveLength(0);
	});

	it.each([
		['../x', '..%2Fx'],
		['a/b?c#d', 'a%2Fb%3Fc%23d'],
	])('keeps the hostile record id %s inside one path segment', async (recordId, encoded) => {
		const { emu } = ctx;

		const error = await runError(emu, { parameters: restore('t1', recordId) });

		expect(emu.requests).toHaveLength(1);
		expect(emu.requests[0].path).toBe(restorePath('t1', encoded));
		expect(emu.requests[0].operation).toBe('RestoreRecord');
		expect(error.message).toBe(
			`Record "${recordId}" was not found in table "t1", or it is not deleted`,
		);
	});

	it('keeps a hostile table id inside one path segment', async () => {
		const { emu } = ctx;

		await runError(emu, { parameters: restore('../../x', 'r1') });

		expect(emu.requests[0].path).toBe(restorePath('..%2F..%2Fx', 'r1'));
	});

	it.each([['..'], ['.']])(
		'rejects the id %s, which a URL would resolve, before any request',
		async (id) => {
			const { emu } = ctx;

			const error = await runError(emu, { parameters: restore('t1', id) });

			expect(error.message).toBe(`The parameter "Record" is not a valid id: "${id}"`);
			expect(emu.requests).toHaveLength(0);
		},
	);

	it('sends one request per item with the ids of that item, and pairs each output with its item', async () => {
		const { emu } = ctx;
		const records = [
			emu.addDeletedRecord('t1'),
			emu.addDeletedRecord('t2'),
			emu.addDeletedRecord('t1'),
		];
		const input = [
			{ table: 't1', record: records[0].id },
			{ table: 't2', record: records[1].id },
			{ table: 't1', record: records[2].id },
		];

		const output = await run(emu, {
			parameters: restore('={{ $json.table }}', '={{ $json.record }}'),
			input,
		});

		expect(emu.requests.map((r) => r.path).sort()).toEqual(
			input.map((i) => restorePath(i.table, i.record)).sort(),
		);
		expect(output.map((item) => [item.json.id, item.pairedItem])).toEqual(
			records.map((record, index) => [record.id, { item: index }]),
		);
	});

	it('with Continue On Fail, gives the failing item an error and restores the others', async () => {
		const { emu } = ctx;
		const good = emu.addDeletedRecord('t1');

		const output = await run(emu, {
			parameters: restore('t1', '={{ $json.record }}'),
			input: [{ record: good.id }, { record: 'missing' }, { record: '' }],
			continueOnFail: true,
		});

		expect(output).toHaveLength(3);
		expect(output[0]).toMatchObject({ json: { id: good.id }, pairedItem: { item: 0 } });
		expect(output[1].error?.message).toBe(
			'Record "missing" was not found in table "t1", or it is not deleted',
		);
		expect(output[2].error?.message).toBe('The parameter "Record" is empty');
		expect(emu.requests).toHaveLength(2);
	});

	// Issue 36: Restore showed SmartSuite's raw answer while Get simplifies, and took a typed id only.
	it('shows the restored record as Get does, with Simplify on by default', async () => {
		const { emu } = ctx;
		const table = emu.addTable(emu.addSolution().id);
		const record = emu.addDeletedRecord(table.id, { title: 'Vendor contract' });
		const ids = { tableId: { __rl: true, mode: 'id', value: table.id }, recordId: record.id };

		const [restored] = await run(emu, {
			parameters: { resource: 'record', operation: 'restore', ...ids },
		});
		const [read] = await run(emu, {
			parameters: {
				resource: 'record',
				operation: 'get',
				...ids,
				recordId: { __rl: true, mode: 'id', value: record.id },
			},
		});

		// What Get shows, the same way (the restore answer also holds the empty fields).
		expect(restored.json).toMatchObject(read.json);
		expect(restored.json).toMatchObject({ id: record.id, Title: 'Vendor contract (Restored)' });
	});

	it("picks the record from the table's deleted records, newest first, with the day each was deleted", async () => {
		const { emu } = ctx;
		const solution = emu.addSolution();
		const table = emu.addTable(solution.id);
		const other = emu.addTable(solution.id);
		const older = emu.addDeletedRecord(table.id, { title: 'Q3 launch plan' });
		emu.addDeletedRecord(other.id, { title: 'Of another table' });
		emu.createRecord(table.id, { title: 'Live record' });
		await new Promise((resolve) => setTimeout(resolve, 5));
		const newer = emu.addDeletedRecord(table.id, { title: 'Vendor contract' });
		// The day SmartSuite gives (the emulator dates a deletion an hour back: not always today).
		const dayOf = (record: typeof older) =>
			String((record.deleted_date as { date: string }).date).slice(0, 10);

		const found = (await runNodeMethod(
			smartSuite,
			{
				parameters: {
					resource: 'record',
					operation: 'restore',
					tableId: { __rl: true, mode: 'id', value: table.id },
				},
				credentials: credentialsFor(emu),
			},
			{ listSearch: 'searchDeletedRecords', filter: '' },
		)) as { results: Array<{ name: string; value: string }> };

		expect(found.results).toEqual([
			{ name: `Vendor contract (deleted ${dayOf(newer)})`, value: newer.id },
			{ name: `Q3 launch plan (deleted ${dayOf(older)})`, value: older.id },
		]);
	});
});
