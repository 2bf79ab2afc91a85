/**
 * What a person knows, looked up through n8n-core's engine against the emulator: Search's filter
 * rules take people by full name or e-mail and linked records by title, as the mapper does (the
 * same lookups); a linked table's structure is read once per run. Under `npm run test:current`
 * the engine is n8n 2.41's.
 */
import type { IDataObject } from 'n8n-workflow';

import { TYPED_FIELDS as F, fieldTypesStructure } from '../emulator/fixtures';
import { run, runError, useEmulator } from './harness';

const ctx = useEmulator();

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const operations = () => ctx.emu.requests.map((request) => request.operation);
const table = () => ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);

function search(tableId: string, rules: IDataObject[], match = 'and') {
	return {
		resource: 'record',
		operation: 'search',
		tableId: locator(tableId),
		match,
		filters: { rule: rules },
		returnAll: true,
		simplify: false,
	};
}

describe('Search filter rules by what a person knows', () => {
	it('a member by full name or e-mail and a linked record by title find the records that hold their ids', async () => {
		const t = table();
		const sam = ctx.emu.members().find((member) => member.full_name.sys_root === 'Sam Rivera')!;
		const [ada] = ctx.emu.members();
		const acme = ctx.emu.addRecord(t.id, { title: 'Acme' });
		const globex = ctx.emu.addRecord(t.id, { title: 'Globex' });
		const wanted = ctx.emu.addRecord(t.id, {
			title: 'Wanted',
			assigned_to: [sam.id],
			[F.linked]: [globex.id],
		});
		ctx.emu.addRecord(t.id, { title: 'Other', assigned_to: [sam.id], [F.linked]: [acme.id] });
		ctx.emu.addRecord(t.id, { title: 'Ada’s', assigned_to: [ada.id], [F.linked]: [globex.id] });
		ctx.emu.resetLog();
		const output = await run(ctx.emu, {
			parameters: search(t.id, [
				{ field: 'assigned_to', comparison: 'has_any_of', value: 'sam rivera' },
				{ field: F.linked, comparison: 'has_any_of', value: 'globex' },
			]) as never,
		});
		expect(output.map((item) => item.json.title)).toEqual([wanted.title]);
		const searched = ctx.emu.requests.filter((request) => request.operation === 'ListRecords');
		expect((searched.at(-1)!.body as IDataObject).filter).toEqual({
			operator: 'and',
			fields: [
				{ field: 'assigned_to', comparison: 'has_any_of', value: [sam.id] },
				{ field: F.linked, comparison: 'has_any_of', value: [globex.id] },
			],
		});
		// The members once, one title search, then the search itself; the structure once.
		expect(operations()).toEqual(['GetTable', 'ListMembers', 'ListRecords', 'ListRecords']);

		const byEmail = await run(ctx.emu, {
			parameters: search(t.id, [
				{ field: 'assigned_to', comparison: 'has_any_of', value: ada.email[0] },
			]) as never,
		});
		expect(byEmail.map((item) => item.json.title)).toEqual(['Ada’s']);
	});

	it('the titles every item names are looked up once for all items: one title search, then a search per item', async () => {
		const t = table();
		const acme = ctx.emu.addRecord(t.id, { title: 'Acme' });
		const globex = ctx.emu.addRecord(t.id, { title: 'Globex' });
		ctx.emu.addRecord(t.id, { title: 'Deal A', [F.linked]: [acme.id] });
		ctx.emu.addRecord(t.id, { title: 'Deal G', [F.linked]: [globex.id] });
		ctx.emu.resetLog();
		const output = await run(ctx.emu, {
			parameters: search(t.id, [
				{ field: F.linked, comparison: 'has_any_of', value: '={{ $json.company }}' },
			]) as never,
			input: [{ company: 'Globex' }, { company: 'Acme' }, { company: 'Globex' }],
		});
		expect(output.map((item) => [item.pairedItem, item.json.title])).toEqual([
			[{ item: 0 }, 'Deal G'],
			[{ item: 1 }, 'Deal A'],
			[{ item: 2 }, 'Deal G'],
		]);
		const filters = ctx.emu.requests
			.filter((request) => request.operation === 'ListRecords')
			.map((request) => (request.body as IDataObject).filter as IDataObject);
		expect(filters.map((filter) => filter.operator)).toEqual(['or', 'and', 'and', 'and']);
		expect(filters[0].fields).toEqual([
			expect.objectContaining({ comparison: 'is', value: 'Globex' }),
			expect.objectContaining({ comparison: 'is', value: 'Acme' }),
		]);
		expect(operations().filter((operation) => operation === 'GetTable')).toHaveLength(1);
	});

	it('a title search that fails fails only the items whose rules need it', async () => {
		const t = table();
		const globex = ctx.emu.addRecord(t.id, { title: 'Globex' });
		ctx.emu.addRecord(t.id, { title: 'Deal G', [F.linked]: [globex.id] });
		ctx.emu.resetLog();
		ctx.emu.injectFault({ operation: 'ListRecords', action: { type: 'status', status: 400 } });
		const output = await run(ctx.emu, {
			parameters: search(t.id, [
				{ field: F.linked, comparison: '={{ $json.comparison }}', value: '={{ $json.company }}' },
			]) as never,
			input: [
				{ comparison: 'has_any_of', company: 'Globex' },
				{ comparison: 'is_not_empty', company: '' },
			],
			continueOnFail: true,
		});
		expect(output.map((item) => [item.pairedItem, item.json.title ?? 'error'])).toEqual([
			[{ item: 0 }, 'error'],
			[{ item: 1 }, 'Deal G'],
		]);
		expect(output[0].json.error).toEqual(expect.any(String));
	});

	it('the members read failing fails only the items whose rules name a person', async () => {
		const t = table();
		const [ada] = ctx.emu.members();
		ctx.emu.addRecord(t.id, { title: 'Ada’s', assigned_to: [ada.id] });
		ctx.emu.injectFault({
			operation: 'ListMembers',
			action: { type: 'status', status: 503 },
			times: Infinity,
		});
		const output = await run(ctx.emu, {
			parameters: search(t.id, [
				{ field: 'assigned_to', comparison: 'has_any_of', value: '={{ $json.who }}' },
			]) as never,
			input: [{ who: 'Sam Rivera' }, { who: ada.id }, { who: ada.email[0] }],
			continueOnFail: true,
		});
		expect(output.map((item) => [item.pairedItem, item.json.title ?? item.json.error])).toEqual([
			[{ item: 0 }, expect.stringContaining('503')],
			[{ item: 1 }, 'Ada’s'],
			[{ item: 2 }, expect.stringContaining('503')],
		]);
		// One members read (the transport's retries of it) for all three items, before the one search.
		expect(operations().filter((operation) => operation !== 'ListMembers')).toEqual([
			'GetTable',
			'ListRecords',
		]);
		expect(operations().lastIndexOf('ListMembers')).toBeLessThan(
			operations().indexOf('ListRecords'),
		);
	});

	it('an item whose table cannot be read fails alone: the others’ titles are still looked up', async () => {
		const t = table();
		const globex = ctx.emu.addRecord(t.id, { title: 'Globex' });
		ctx.emu.addRecord(t.id, { title: 'Deal G', [F.linked]: [globex.id] });
		ctx.emu.resetLog();
		const output = await run(ctx.emu, {
			parameters: {
				...search('', [{ field: F.linked, comparison: 'has_any_of', value: 'Globex' }]),
				tableId: locator('={{ $json.table }}'),
			} as never,
			input: [{ table: 'aaaaaaaaaaaaaaaaaaaaaaaa' }, { table: t.id }],
			continueOnFail: true,
		});
		expect(output.map((item) => [item.pairedItem, item.json.title ?? item.json.error])).toEqual([
			[
				{ item: 0 },
				'The table "aaaaaaaaaaaaaaaaaaaaaaaa" was not found: give the 24-character ID of a table of this workspace (Table → Get Many lists them)',
			],
			[{ item: 1 }, 'Deal G'],
		]);
		// Each table read once (the failed one is not asked again when its item runs), one title
		// search for the item that could be read, then its search.
		expect(operations()).toEqual(['GetTable', 'GetTable', 'ListRecords', 'ListRecords']);
	});

	it('a title no linked record has, or a name no member has, is a clear error before searching', async () => {
		const t = table();
		ctx.emu.resetLog();
		const title = await runError(ctx.emu, {
			parameters: search(t.id, [
				{ field: F.linked, comparison: 'has_any_of', value: 'Nope' },
			]) as never,
		});
		// What to give is in the message itself: a model reads no description.
		expect(title.message).toMatch(
			/^The filter rule on "Related" cannot be used: has_any_of "Nope"\. Expected: a record's title or id.*; the linked table has no record titled "Nope"$/,
		);
		const name = await runError(ctx.emu, {
			parameters: search(t.id, [
				{ field: 'assigned_to', comparison: 'has_any_of', value: 'Nobody Here' },
			]) as never,
		});
		expect(name.message).toContain('no member of the workspace is named "Nobody Here"');
		// Only the title search ran: no search of the table itself.
		expect(operations().filter((operation) => operation === 'ListRecords')).toHaveLength(1);
	});
});

describe('linked records by title in a write', () => {
	it('reads the linked table’s structure once in a run, for every item and title', async () => {
		const solutionId = ctx.emu.addSolution().id;
		const linked = ctx.emu.addFieldTypesTable(solutionId, { name: 'Companies' });
		const t = ctx.emu.addFieldTypesTable(solutionId, { structure: fieldTypesStructure(linked.id) });
		const acme = ctx.emu.addRecord(linked.id, { title: 'Acme' });
		const globex = ctx.emu.addRecord(linked.id, { title: 'Globex' });
		ctx.emu.resetLog();
		const output = await run(ctx.emu, {
			parameters: {
				resource: 'record',
				operation: 'create',
				tableId: locator(t.id),
				columns: { mappingMode: 'autoMapInputData', value: null },
				simplify: false,
			} as never,
			input: [
				{ title: 'One', [F.text]: 'C1', [F.linked]: 'Acme' },
				{ title: 'Two', [F.text]: 'C2', [F.linked]: 'globex, acme' },
			],
		});
		expect(output.map((item) => item.json[F.linked])).toEqual([[acme.id], [globex.id, acme.id]]);
		const reads = ctx.emu.requests
			.filter((request) => request.operation === 'GetTable')
			.map((request) => request.path);
		expect(reads).toEqual([expect.stringContaining(t.id), expect.stringContaining(linked.id)]);
		expect(operations().filter((operation) => operation === 'ListRecords')).toHaveLength(1);
	});
});

describe('a failed lookup under Continue on Fail', () => {
	const create = (tableId: string) => ({
		resource: 'record',
		operation: 'create',
		tableId: locator(tableId),
		columns: { mappingMode: 'autoMapInputData', value: null },
		simplify: false,
	});

	it.each([
		['the members read', 'ListMembers' as const, { assigned_to: 'Sam Rivera' }],
		['the title search', 'ListRecords' as const, { [F.linked]: 'Acme' }],
	])('%s failing fails only the item that needed it', async (_what, operation, needing) => {
		const t = table();
		const acme = ctx.emu.addRecord(t.id, { title: 'Acme' });
		const [ada] = ctx.emu.members();
		ctx.emu.injectFault({ operation, action: { type: 'status', status: 503 }, times: Infinity });
		const output = await run(ctx.emu, {
			parameters: create(t.id) as never,
			continueOnFail: true,
			input: [
				{ title: 'Plain', [F.text]: 'C1' },
				{ title: 'Needs it', [F.text]: 'C2', ...needing },
				{ title: 'By id', [F.text]: 'C3', assigned_to: ada.id, [F.linked]: acme.id },
			],
		});
		expect(output.map((item) => item.json.title ?? item.json.error)).toEqual([
			'Plain',
			expect.stringContaining('503'),
			'By id',
		]);
		expect(ctx.emu.records(t.id).map((record) => record.title)).toEqual(['Acme', 'Plain', 'By id']);
	});

	it('without Continue on Fail the lookup’s error fails the run before any write', async () => {
		const t = table();
		ctx.emu.injectFault({
			operation: 'ListMembers',
			action: { type: 'status', status: 503 },
			times: Infinity,
		});
		const error = await runError(ctx.emu, {
			parameters: create(t.id) as never,
			input: [
				{ title: 'Plain', [F.text]: 'C1' },
				{ title: 'Needs it', [F.text]: 'C2', assigned_to: 'Sam Rivera' },
			],
		});
		expect(error.message).toContain('503');
		expect(operations()).not.toContain('BulkCreateRecords');
		expect(ctx.emu.records(t.id)).toEqual([]);
	});
});
