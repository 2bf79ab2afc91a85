/**
 * Agents that call in parallel and read page by page (issue 58): the SmartSuite Tool as an MCP
 * client's model uses it. Parallel Update calls on one record each add to its lists as the
 * previous call left them (a per-record lock, held from the read of the current lists to the end
 * of the write), and Search continues with the Cursor its `more` item gives.
 */
import type { IDataObject } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import { credentialsFor } from '../helpers/n8n';
import { runAsTool } from '../helpers/tool';
import { run, useEmulator } from './harness';

const ctx = useEmulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const tableFromAi = byId("={{ $fromAI('table', 'The ID of the SmartSuite table') }}");

const toolCall = (parameters: IDataObject, toolArguments: IDataObject, call: 'engine' | 'direct') =>
	runAsTool(new SmartSuite(), {
		parameters,
		toolArguments,
		call,
		credentials: credentialsFor(ctx.emu),
	});

describe.each(['engine', 'direct'] as const)('as an AI tool (%s path)', (call) => {
	it('five parallel Update calls adding links and people to one record keep every change', async () => {
		const t = ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
		const [acme, globex, initech] = ['Acme', 'Globex', 'Initech'].map((title) =>
			ctx.emu.addRecord(t.id, { title }),
		);
		const [alex, sam] = ctx.emu.members();
		const deal = ctx.emu.addRecord(t.id, { title: 'Deal' });
		ctx.emu.resetLog();
		const update = (fields: IDataObject) =>
			toolCall(
				{
					resource: 'record',
					operation: 'update',
					tableId: byId(t.id),
					recordId: byId("={{ $fromAI('record', 'The ID of the record') }}"),
					fieldsInput: 'json',
					fieldsJson: "={{ $fromAI('fields', 'The fields to change', 'json') }}",
				},
				{ record: deal.id, fields },
				call,
			);

		const results = await Promise.all([
			update({ Related: { add: ['Acme'] } }),
			update({ Owner: { add: ['Alex Morgan'] } }),
			update({ Related: { add: ['Globex'] } }),
			update({ Owner: { add: ['Sam Rivera'] } }),
			update({ Related: { add: ['Initech'] } }),
		]);

		expect(results.map((result) => result.error)).toEqual([, , , , ,].fill(undefined));
		const stored = ctx.emu.getRecord(t.id, deal.id)!;
		expect([...(stored[F.linked] as string[])].sort()).toEqual(
			[acme.id, globex.id, initech.id].sort(),
		);
		expect([...(stored.assigned_to as string[])].sort()).toEqual([alex.id, sam.id].sort());
	});

	it('a search of 12 records 5 at a time is read whole in three calls with the cursor', async () => {
		const t = ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
		for (let i = 0; i < 12; i++)
			ctx.emu.addRecord(t.id, { title: `Task ${String(i).padStart(2, '0')}`, [F.number]: i });
		ctx.emu.resetLog();
		const search = (cursor: string | undefined) =>
			toolCall(
				{
					tableId: tableFromAi,
					filterInput: 'json',
					filterJson: "={{ $fromAI('filter', 'The filter and sort', 'json') }}",
					limit: "={{ $fromAI('limit', 'How many records at most', 'number', 20) }}",
					options: {
						cursor: "={{ $fromAI('cursor', 'The cursor of a more item', 'string', '') }}",
					},
				},
				{
					table: t.id,
					filter: { filter: { fields: [] }, sort: [{ field: 'Quantity', direction: 'desc' }] },
					limit: 5,
					...(cursor === undefined ? {} : { cursor }),
				},
				call,
			);

		const names: unknown[] = [];
		const mores: unknown[] = [];
		let cursor: string | undefined;
		for (let calls = 0; calls < 3; calls++) {
			const result = await search(cursor);
			expect(result.error).toBeUndefined();
			const output = result.output as IDataObject[];
			const last = output.at(-1)!;
			const more = last.more as IDataObject | undefined;
			names.push(...output.filter((item) => !('more' in item)).map((item) => item.Name));
			mores.push(more === undefined ? undefined : Object.keys(more));
			cursor = more?.cursor as string | undefined;
		}

		expect(names).toEqual(
			Array.from({ length: 12 }, (_, i) => `Task ${String(11 - i).padStart(2, '0')}`),
		);
		expect(mores).toEqual([['count', 'cursor'], ['count', 'cursor'], undefined]);
	});

	it('a cursor from another search is refused, saying to leave it out or search as it was', async () => {
		const t = ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
		for (let i = 0; i < 3; i++) ctx.emu.addRecord(t.id, { title: `Task ${i}`, [F.number]: i });
		const parameters = {
			tableId: tableFromAi,
			filterInput: 'json',
			filterJson: "={{ $fromAI('filter', 'The filter and sort', 'json') }}",
			limit: 1,
			options: { cursor: "={{ $fromAI('cursor', 'The cursor of a more item', 'string', '') }}" },
		};
		const first = await toolCall(
			parameters,
			{ table: t.id, filter: { filter: { fields: [] } } },
			call,
		);
		const { cursor } = (first.output as IDataObject[]).at(-1)!.more as IDataObject;
		ctx.emu.resetLog();

		// The engine fails the workflow with the tool's error; a direct call answers it.
		const error = await toolCall(
			parameters,
			{
				table: t.id,
				filter: { filter: { fields: [{ field: 'Name', comparison: 'contains', value: 'Task' }] } },
				cursor,
			},
			call,
		).then(
			(result) => result.error,
			(thrown: Error) => thrown.message,
		);

		expect(error).toContain(
			'The cursor was given by another search (another table, filter or sort): search again with the filter and sort that gave it, or leave the cursor out',
		);
		expect(ctx.emu.requests.map((request) => request.operation)).not.toContain('ListRecords');
	});

	it('an unknown table names the step a tool caller can take, not an editor operation', async () => {
		const missing = '64b0c1d2e3f4a5b6c7d8e9ff';
		const error = await toolCall({ tableId: tableFromAi }, { table: missing }, call).then(
			(result) => result.error,
			(thrown: Error) => thrown.message,
		);

		expect(error).toContain(
			`The table "${missing}" was not found: give the 24-character ID of a table of this workspace, as this tool's description or the user gives it`,
		);
		expect(error).not.toContain('Get Many');
	});

	it('a comparison is taken in any case, as labels and values are', async () => {
		const t = ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
		ctx.emu.addRecord(t.id, { title: 'Acme' });
		ctx.emu.addRecord(t.id, { title: 'Globex' });

		const result = await toolCall(
			{
				tableId: tableFromAi,
				filterInput: 'json',
				filterJson: "={{ $fromAI('filter', 'The filter and sort', 'json') }}",
			},
			{
				table: t.id,
				filter: { filter: { fields: [{ field: 'Name', comparison: 'IS', value: 'acme' }] } },
			},
			call,
		);

		expect(result.error).toBeUndefined();
		expect((result.output as IDataObject[]).map((record) => record.Name)).toEqual(['Acme']);
	});
});

describe('Linked Record Titles (issue 58)', () => {
	/** Three deals linking to Acme and Globex in a table that links to itself. */
	function deals() {
		const t = ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
		const [acme, globex] = ['Acme', 'Globex'].map((title) => ctx.emu.addRecord(t.id, { title }));
		const links = [[acme.id], [acme.id, globex.id], [globex.id]];
		const made = links.map((linked, i) =>
			ctx.emu.addRecord(t.id, { title: `Deal ${i}`, [F.linked]: linked }),
		);
		ctx.emu.resetLog();
		return { t, acme, globex, deals: made };
	}
	const searchDeals = (tableId: string, linkTitles?: boolean) =>
		run(ctx.emu, {
			parameters: {
				resource: 'record',
				operation: 'search',
				tableId: byId(tableId),
				filterInput: 'json',
				filterJson: JSON.stringify({
					filter: { fields: [{ field: 'Name', comparison: 'contains', value: 'Deal' }] },
				}),
				outputFields: 'Name, Related',
				...(linkTitles === undefined ? {} : { linkTitles }),
			},
		});
	const listReads = () =>
		ctx.emu.requests.filter((request) => request.operation === 'ListRecords').length;

	it('Search shows each link as its id and title, with one read for the linked table', async () => {
		const { t, acme, globex } = deals();

		const output = await searchDeals(t.id);

		const A = { id: acme.id, title: 'Acme' };
		const G = { id: globex.id, title: 'Globex' };
		expect(output.map((item) => item.json.Related)).toEqual([[A], [A, G], [G]]);
		// The search, then one read of the linked records by id.
		expect(listReads()).toBe(2);
		expect(ctx.emu.requests.at(-1)?.body).toEqual({ ids: [acme.id, globex.id], sort: [] });
	});

	it('turned off, links are ids and nothing more is read', async () => {
		const { t, acme, globex } = deals();

		const output = await searchDeals(t.id, false);

		expect(output.map((item) => item.json.Related)).toEqual([
			[acme.id],
			[acme.id, globex.id],
			[globex.id],
		]);
		expect(listReads()).toBe(1);
	});

	it('a bulk Update reads the titles once for its batch, not once per record', async () => {
		const { t, acme, globex, deals: made } = deals();

		const output = await run(ctx.emu, {
			parameters: {
				resource: 'record',
				operation: 'update',
				tableId: byId(t.id),
				recordId: byId('={{ $json.id }}'),
				fieldsInput: 'json',
				fieldsJson: '={{ JSON.stringify({ Quantity: 1 }) }}',
				outputFields: 'Related',
			},
			input: made.map((deal) => ({ id: deal.id })),
		});

		expect(output[1].json.Related).toEqual([
			{ id: acme.id, title: 'Acme' },
			{ id: globex.id, title: 'Globex' },
		]);
		// One bulk write of the three records, then one read of the titles they link to.
		expect(
			ctx.emu.requests
				.map((request) => request.operation)
				.filter((operation) => operation !== 'GetTable' && operation !== 'ListMembers'),
		).toEqual(['BulkUpdateRecords', 'ListRecords']);
	});
});
