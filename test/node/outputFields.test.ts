/**
 * Output Fields (issue 51 item 4): Record → Search, Record → Get and View → Get Records output only
 * the chosen fields (picked by slug in the editor, or labels and slugs from an expression), with
 * Simplify on and off, in the node and as a tool. SmartSuite documents no way to ask for fewer
 * fields, so the requests are those sent without Output Fields; the members are read only when a
 * kept field shows people.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { CUSTOM_FIELDS } from '../emulator/fixtures';
import { credentialsFor } from '../helpers/n8n';
import { runAsTool } from '../helpers/tool';
import { run, runError, useEmulator } from './harness';

const ctx = useEmulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const count = (operation: string) =>
	ctx.emu.requests.filter((request) => request.operation === operation).length;
/** The requests of a run but the members read, as sent: method, path with its query, body. */
const sent = () =>
	ctx.emu.requests
		.filter((request) => request.operation !== 'ListMembers')
		.map((request) => [request.method, request.path, JSON.stringify(request.body)]);

/** A table of two projects, each with a person, a status, a priority and tags; and a view of it. */
function seed() {
	const { emu } = ctx;
	const table = emu.addTable(emu.addSolution().id, { name: 'Projects' });
	const [, sam] = emu.members();
	const alpha = emu.addRecord(table.id, {
		title: 'Alpha',
		status: { value: 'complete', updated_on: '2026-01-01T00:00:00Z' },
		priority: '3',
		assigned_to: [sam.id],
	});
	const bravo = emu.addRecord(table.id, { title: 'Bravo', priority: '1', assigned_to: [sam.id] });
	const view = emu.addView(table.id, {
		label: 'By title',
		sort: [{ field: 'title', direction: 'asc' }],
	});
	return { table, alpha, bravo, view, sam };
}

const search = (tableId: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'record',
	operation: 'search',
	tableId: byId(tableId),
	sort: { rule: [{ field: 'title', direction: 'asc' }] },
	...extra,
});
const get = (tableId: string, recordId: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'record',
	operation: 'get',
	tableId: byId(tableId),
	recordId: byId(recordId),
	...extra,
});
const viewRecords = (tableId: string, viewId: string, extra: INodeParameters = {}) => ({
	resource: 'view',
	operation: 'getRecords',
	tableId: byId(tableId),
	viewId: byId(viewId),
	...extra,
});

/** The output and the requests of one run, and those of the same run without Output Fields. */
async function withAndWithout(parameters: INodeParameters) {
	const { outputFields: _, ...every } = parameters;
	ctx.emu.resetLog();
	await run(ctx.emu, { parameters: every });
	const before = sent();
	const membersBefore = count('ListMembers');
	ctx.emu.resetLog();
	const output = (await run(ctx.emu, { parameters })).map((item) => item.json);
	return { output, requests: sent(), before, membersBefore, members: count('ListMembers') };
}

describe.each([
	['Record → Search', (t: ReturnType<typeof seed>) => search(t.table.id)],
	['View → Get Records', (t: ReturnType<typeof seed>) => viewRecords(t.table.id, t.view.id)],
])('%s', (_name, parametersOf) => {
	it('outputs the id and the chosen fields by label (Simplify on), with the same requests', async () => {
		const seeded = seed();
		const { output, requests, before, membersBefore, members } = await withAndWithout({
			...parametersOf(seeded),
			outputFields: ['status', 'title'],
		});

		expect(output).toEqual([
			{ id: seeded.alpha.id, Title: 'Alpha', Status: 'Complete' },
			{ id: seeded.bravo.id, Title: 'Bravo', Status: 'Backlog' },
		]);
		// Nothing asks SmartSuite for fewer fields (none documented); the people left out, the
		// members read every field costs is saved.
		expect(requests).toEqual(before);
		expect([membersBefore, members]).toEqual([1, 0]);
	});

	it('outputs the id and the chosen fields by slug (Simplify off), named by label or slug', async () => {
		const seeded = seed();
		const [first, second] = await run(ctx.emu, {
			parameters: {
				...parametersOf(seeded),
				outputFields: `priority, ${CUSTOM_FIELDS.tags}, ASSIGNED TO`,
				simplify: false,
			},
		});

		expect(first.json).toEqual({
			id: seeded.alpha.id,
			priority: '3',
			assigned_to: seeded.alpha.assigned_to,
		});
		// SmartSuite leaves empty values out: an empty field stays out.
		expect(second.json).toEqual({
			id: seeded.bravo.id,
			priority: '1',
			assigned_to: seeded.bravo.assigned_to,
		});
	});
});

describe('Record → Get', () => {
	it('outputs the id and the chosen fields (Simplify on and off), with the same request', async () => {
		const { table, alpha } = seed();
		const simplified = await withAndWithout({
			...get(table.id, alpha.id),
			outputFields: ['Priority', 'title'],
		});
		expect(simplified.output).toEqual([{ id: alpha.id, Title: 'Alpha', Priority: 'High' }]);
		expect(simplified.requests).toEqual(simplified.before);

		const [raw] = await run(ctx.emu, {
			parameters: get(table.id, alpha.id, { outputFields: '["Title"]', simplify: false }),
		});
		expect(raw.json).toEqual({ id: alpha.id, title: 'Alpha' });
	});

	it('a people field left out saves the members read; kept, it is read once', async () => {
		const { table, alpha, sam } = seed();
		ctx.emu.resetLog();
		const [without] = await run(ctx.emu, {
			parameters: get(table.id, alpha.id, { outputFields: ['title'] }),
		});
		expect(without.json).toEqual({ id: alpha.id, Title: 'Alpha' });
		expect(count('ListMembers')).toBe(0);
		expect(ctx.emu.requests.map((request) => request.operation)).toEqual(['GetTable', 'GetRecord']);

		ctx.emu.resetLog();
		const [withPeople] = await run(ctx.emu, {
			parameters: get(table.id, alpha.id, { outputFields: ['title', 'assigned_to'] }),
		});
		expect(withPeople.json['Assigned To']).toEqual([
			{ id: sam.id, name: sam.full_name.sys_root, email: [sam.email].flat()[0] },
		]);
		expect(count('ListMembers')).toBe(1);
	});
});

describe('a name no field of the table has', () => {
	it.each([
		['Record → Search', (t: ReturnType<typeof seed>) => search(t.table.id)],
		['Record → Get', (t: ReturnType<typeof seed>) => get(t.table.id, t.alpha.id)],
		['View → Get Records', (t: ReturnType<typeof seed>) => viewRecords(t.table.id, t.view.id)],
	])('%s: the item’s error lists the table’s fields, before any record is read', async (_n, of) => {
		const seeded = seed();
		ctx.emu.resetLog();
		const error = await runError(ctx.emu, {
			parameters: { ...of(seeded), outputFields: ['Title', 'Budget'] },
		});

		expect(error.message).toBe(
			`Output Fields names no field of the table: "Budget". The table's fields (label or slug): "Title" (title), "Description" (description), "Status" (status), "Priority" (priority), "Due Date" (due_date), "Assigned To" (assigned_to), "Launch Date" (${CUSTOM_FIELDS.launchDate}), "Tags" (${CUSTOM_FIELDS.tags}), "Linked Tasks" (${CUSTOM_FIELDS.linkedTasks}), "First Created" (first_created), "Last Updated" (last_updated), "Auto Number" (autonumber)`,
		);
		expect(ctx.emu.requests.map((request) => request.operation)).toEqual(['GetTable']);
	});

	it('with Continue on Fail, fails only its own item', async () => {
		const { table, alpha } = seed();
		const output = await run(ctx.emu, {
			parameters: get(table.id, alpha.id, { outputFields: '={{ $json.fields }}' }),
			input: [{ fields: 'Budget' }, { fields: 'Title' }],
			continueOnFail: true,
		});

		expect(output.map((item) => item.json)).toEqual([
			{ error: expect.stringContaining('Output Fields names no field of the table: "Budget".') },
			{ id: alpha.id, Title: 'Alpha' },
		]);
	});
});

describe('as a tool', () => {
	it.each(['engine', 'direct'] as const)(
		'Search with the fields a model names (%s call)',
		async (call) => {
			const { table, alpha, bravo } = seed();
			ctx.emu.resetLog();
			const answer = await runAsTool(new SmartSuite(), {
				call,
				credentials: credentialsFor(ctx.emu),
				parameters: {
					...search(table.id),
					outputFields: "={{ $fromAI('fields', 'The labels of the fields to show', 'json') }}",
				},
				toolArguments: { fields: ['Title', 'Priority'] },
			});

			expect(answer.error).toBeUndefined();
			expect(answer.output).toEqual([
				{ id: alpha.id, Title: 'Alpha', Priority: 'High' },
				{ id: bravo.id, Title: 'Bravo', Priority: 'Low' },
			] satisfies IDataObject[]);
			expect(count('ListMembers')).toBe(0);
		},
	);
});
