/** Record > Create or Update (upsert) through n8n's WorkflowExecute against the emulator. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { COLOR_CHOICES, TYPED_FIELDS as F } from '../emulator/fixtures';
import type { Emulator, TableObject } from '../emulator';
import { run, runError, useEmulator } from './harness';

const ctx = useEmulator();

const upsert = (
	tableId: string,
	matchingColumns: string[],
	value: IDataObject,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'record',
	operation: 'upsert',
	tableId: { __rl: true, mode: 'id', value: tableId },
	columns: { mappingMode: 'defineBelow', value, matchingColumns } as unknown as INodeParameters,
	...extra,
});

/** Title, the required Code field and Quantity from each item's keys. */
const byKeys = {
	title: '={{ $json.title }}',
	[F.text]: '={{ $json.code }}',
	[F.number]: '={{ $json.quantity }}',
};

const fieldTypesTable = (emu: Emulator): TableObject =>
	emu.addFieldTypesTable(emu.addSolution().id);
const operations = (emu: Emulator) => emu.requests.map((request) => request.operation);
const bodyOf = (emu: Emulator, operation: string, nth = 0) =>
	emu.requests.filter((request) => request.operation === operation)[nth].body as IDataObject;
const titles = (emu: Emulator, tableId: string) =>
	emu
		.records(tableId)
		.map((record) => record.title)
		.sort();

describe('Record > Create or Update', () => {
	it('matches on one field: updates the record found (text compared without case), creates the others, one search for all', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);
		const existing = emu.addRecord(t.id, { title: 'Old', [F.text]: 'c-1' });

		const output = await run(emu, {
			parameters: upsert(t.id, [F.text], byKeys),
			input: [
				{ title: 'New name', code: 'C-1', quantity: 5 },
				{ title: 'Second', code: 'C-2', quantity: 6 },
				{ title: 'Third', code: 'C-3', quantity: 7 },
			],
		});

		expect(output.map((item) => [item.json.Name, item.json.Quantity, item.pairedItem])).toEqual([
			['New name', 5, { item: 0 }],
			['Second', 6, { item: 1 }],
			['Third', 7, { item: 2 }],
		]);
		expect(output[0].json.id).toBe(existing.id);
		expect(operations(emu)).toEqual([
			'GetTable',
			'ListRecords',
			'UpdateRecord',
			'ListMembers',
			'BulkCreateRecords',
		]);
		expect(bodyOf(emu, 'ListRecords').filter).toEqual({
			operator: 'or',
			fields: ['C-1', 'C-2', 'C-3'].map((value) => ({
				field: F.text,
				comparison: 'is',
				value,
			})),
		});
		expect(titles(emu, t.id)).toEqual(['New name', 'Second', 'Third']);
	});

	it('matches on two fields: a record is found only when both have the item’s values (numbers as numbers)', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);
		emu.addRecord(t.id, { title: 'A', [F.text]: 'x', [F.number]: '1' });
		const two = emu.addRecord(t.id, { title: 'A', [F.text]: 'x', [F.number]: '2.0' });

		const output = await run(emu, {
			parameters: upsert(t.id, ['title', F.number], byKeys),
			input: [
				{ title: 'A', code: 'updated', quantity: '2' },
				{ title: 'A', code: 'created', quantity: 3 },
			],
		});

		expect(output[0].json).toMatchObject({ id: two.id, Code: 'updated', Quantity: 2 });
		expect(output[1].json).toMatchObject({ Code: 'created', Quantity: 3 });
		expect(output[1].json.id).not.toBe(two.id);
		expect(emu.records(t.id)).toHaveLength(3);
		expect(emu.records(t.id).find((record) => record.id === two.id)![F.text]).toBe('updated');
	});

	it('creates every item when nothing matches, in bulk, the output like Create’s', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);

		const output = await run(emu, {
			parameters: upsert(t.id, [F.text], byKeys),
			input: [
				{ title: 'a', code: 'A', quantity: 1 },
				{ title: 'b', code: 'B', quantity: 2 },
			],
		});

		expect(output.map((item) => Object.keys(item.json).slice(0, 2))).toEqual([
			['@upsert', 'id'],
			['@upsert', 'id'],
		]);
		expect(output.map((item) => item.json['@upsert'])).toEqual(['created', 'created']);
		expect(output.map((item) => item.json.Code)).toEqual(['A', 'B']);
		expect(operations(emu)).toEqual([
			'GetTable',
			'ListRecords',
			'BulkCreateRecords',
			'ListMembers',
		]);
	});

	it('matches a select by option id after converting the label', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);
		const green = COLOR_CHOICES.find((choice) => choice.label === 'Green')!.value;
		const existing = emu.addRecord(t.id, { title: 'G', [F.text]: 'g', [F.singleSelect]: green });

		const output = await run(emu, {
			parameters: upsert(t.id, [F.singleSelect], {
				[F.singleSelect]: '={{ $json.color }}',
				[F.text]: '={{ $json.code }}',
			}),
			input: [{ color: 'green', code: 'changed' }],
		});

		expect(output[0].json).toMatchObject({ id: existing.id, Code: 'changed', Color: 'Green' });
		expect((bodyOf(emu, 'ListRecords').filter as IDataObject).fields).toEqual([
			{ field: F.singleSelect, comparison: 'is', value: green },
		]);
	});

	it('several records for one item: an error naming their ids, nothing written; with Update All Matches, all updated', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);
		const one = emu.addRecord(t.id, { title: 'Dup', [F.text]: 'K' });
		const two = emu.addRecord(t.id, { title: 'Dup', [F.text]: 'K' });

		const error = await runError(emu, {
			parameters: upsert(t.id, [F.text], byKeys),
			input: [{ title: 'Changed', code: 'K', quantity: 1 }],
		});

		expect(error.message).toBe(`Item 0 matches 2 records: ${one.id}, ${two.id}`);
		expect(error.description).toContain('Update All Matches');
		expect(operations(emu)).toEqual(['GetTable', 'ListRecords']);

		// With Update All Matches, every record found is updated and returned.
		emu.resetLog();
		const output = await run(emu, {
			parameters: upsert(t.id, [F.text], byKeys, { options: { updateAllMatches: true } }),
			input: [{ title: 'Changed', code: 'K', quantity: 1 }],
		});

		expect(output.map((item) => [item.json.id, item.json.Name, item.pairedItem])).toEqual([
			[one.id, 'Changed', { item: 0 }],
			[two.id, 'Changed', { item: 0 }],
		]);
		expect(operations(emu)).toEqual([
			'GetTable',
			'ListRecords',
			'BulkUpdateRecords',
			'ListMembers',
		]);
	});

	it('items with the same key make one record; later items’ values win; never two records for one key', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);
		const existing = emu.addRecord(t.id, { title: 'E', [F.text]: 'E' });

		const output = await run(emu, {
			parameters: upsert(t.id, [F.text], byKeys),
			input: [
				{ title: 'first', code: 'K', quantity: 1 },
				{ title: 'e1', code: 'E', quantity: 1 },
				{ title: 'later', code: 'k', quantity: 2 },
				{ title: 'e2', code: 'E', quantity: 2 },
			],
		});

		expect(emu.records(t.id)).toHaveLength(2);
		expect(output.map((item) => [item.json.Name, item.json.Quantity])).toEqual([
			['later', 2],
			['e2', 2],
			['later', 2],
			['e2', 2],
		]);
		expect(output[0].json.id).toBe(output[2].json.id);
		expect(output[1].json.id).toBe(existing.id);
		expect(output[3].json.id).toBe(existing.id);
		// One condition per key, not per item.
		expect((bodyOf(emu, 'ListRecords').filter as IDataObject).fields).toHaveLength(2);
	});

	it('a key that cannot be converted fails that item only (Continue on Fail); without it, nothing is sent', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);
		const input = [
			{ title: 'a', code: 'A', quantity: 1 },
			{ title: 'b', code: 'B', quantity: 'lots' },
			{ title: 'c', code: 'C', quantity: 3 },
		];
		const parameters = upsert(t.id, [F.number], byKeys);

		const error = await runError(emu, { parameters, input });
		expect(error.message).toBe(
			'The field "Quantity" in item 1 cannot take "lots": use a number, or text holding one such as "12.5"',
		);
		expect(operations(emu)).toEqual(['GetTable']);

		emu.resetLog();
		const output = await run(emu, { parameters, input, continueOnFail: true });
		expect(output.map((item) => item.json.Name ?? item.json.error)).toEqual([
			'a',
			'The field "Quantity" in item 1 cannot take "lots": use a number, or text holding one such as "12.5"',
			'c',
		]);
		expect(titles(emu, t.id)).toEqual(['a', 'c']);
	});

	it('an item without a value for a match field fails alone, naming the field', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);

		const output = await run(emu, {
			parameters: upsert(t.id, [F.number], byKeys),
			input: [
				{ title: 'a', code: 'A' },
				{ title: 'b', code: 'B', quantity: 2 },
			],
			continueOnFail: true,
		});

		expect(output.map((item) => item.json.Name ?? item.json.error)).toEqual([
			'Item 0 has no value for the match field "Quantity"',
			'b',
		]);
	});

	it('matches on a field whose slug is toString: an item without its value fails, one with it updates the record holding it', async () => {
		const { emu } = ctx;
		const t = emu.addTable(emu.addSolution().id, {
			structure: [
				{
					slug: 'title',
					label: 'Title',
					field_type: 'recordtitlefield',
					params: { primary: true },
				},
				{ slug: 'toString', label: 'Key', field_type: 'textfield', params: {} },
			],
		});
		const existing = emu.addRecord(t.id, { title: 'Old', toString: 'K-1' } as never);
		emu.addRecord(t.id, { title: 'No key' });

		const output = await run(emu, {
			parameters: upsert(t.id, ['toString'], {
				title: '={{ $json.title }}',
				toString: '={{ $json.key }}',
			}),
			input: [{ title: 'Keyless' }, { title: 'New', key: 'K-1' }],
			continueOnFail: true,
		});

		// Before, an item without the key read Object.prototype.toString as its value.
		expect(output.map((item) => item.json.error ?? [item.json['@upsert'], item.json.id])).toEqual([
			'Item 0 has no value for the match field "Key"',
			['updated', existing.id],
		]);
		expect(titles(emu, t.id)).toEqual(['New', 'No key']);
	});

	it('60 items with 30 existing: 3 searches, 2 bulk updates, 2 bulk creates after one structure read', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);
		for (let i = 0; i < 60; i += 2) emu.addRecord(t.id, { title: `old ${i}`, [F.text]: `K${i}` });
		const input = Array.from({ length: 60 }, (_x, i) => ({
			title: `new ${i}`,
			code: `K${i}`,
			quantity: i,
		}));

		const output = await run(emu, { parameters: upsert(t.id, [F.text], byKeys), input });

		expect(operations(emu)).toEqual([
			'GetTable',
			'ListRecords',
			'ListRecords',
			'ListRecords',
			'BulkUpdateRecords',
			'ListMembers',
			'BulkUpdateRecords',
			'BulkCreateRecords',
			'BulkCreateRecords',
		]);
		expect(output.map((item) => item.json.Name)).toEqual(input.map((item) => item.title));
		expect(emu.records(t.id)).toHaveLength(60);
	});

	it('a failed search in the middle fails only its items, nothing written for them; the others go on', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);
		emu.injectFault({ operation: 'ListRecords', skip: 1, action: { type: 'status', status: 422 } });
		const input = Array.from({ length: 60 }, (_x, i) => ({
			title: `n${i}`,
			code: `K${i}`,
			quantity: i,
		}));

		const output = await run(emu, {
			parameters: upsert(t.id, [F.text], byKeys),
			input,
			continueOnFail: true,
		});

		expect(output.slice(0, 25).every((item) => item.json.id)).toBe(true);
		expect(output.slice(50).every((item) => item.json.id)).toBe(true);
		for (const item of output.slice(25, 50)) {
			expect(item.json.error).toMatch(
				/^The search for the records of items 25, 26, .*, 49 failed: /,
			);
			expect(item.error?.description).toContain('Nothing was written for these items');
		}
		expect(emu.records(t.id)).toHaveLength(35);
	});

	it('a failed create batch in the middle: its items may exist and are never sent again; the others go on', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);
		emu.injectFault({
			operation: 'BulkCreateRecords',
			skip: 1,
			action: { type: 'status', status: 503 },
		});
		const input = Array.from({ length: 60 }, (_x, i) => ({
			title: `n${i}`,
			code: `K${i}`,
			quantity: i,
		}));

		const output = await run(emu, {
			parameters: upsert(t.id, [F.text], byKeys),
			input,
			continueOnFail: true,
		});

		for (const item of output.slice(25, 50))
			expect(item.json.error).toMatch(/^Batch 2 of 3 .* The records may have been created/);
		expect(output.filter((item) => item.json.id)).toHaveLength(35);
		expect(operations(emu).filter((operation) => operation === 'BulkCreateRecords')).toHaveLength(
			3,
		);
	});

	it('refuses a match field whose type cannot identify a record', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable(emu);

		const error = await runError(emu, {
			parameters: upsert(t.id, [F.date], { ...byKeys, [F.date]: '2024-05-01' }),
			input: [{ title: 'a', code: 'A', quantity: 1 }],
		});

		expect(error.message).toBe(
			'The field "Start" (datefield) cannot be used to match records. Fields that can be matched on: "Name", "Code", "Notes", "Quantity", "Price", "Color", "Status", "Email", "Website".',
		);
		expect(operations(emu)).toEqual(['GetTable']);
	});
});
