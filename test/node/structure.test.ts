/**
 * Solution (Get Many, Get) and Table (Get Many, Get, Create) through n8n's WorkflowExecute against
 * the emulator: requests, answers, bad input before any request, SmartSuite's refusals, a fault,
 * Continue on Fail and paired items.
 */
import type { INodeParameters } from 'n8n-workflow';

import { TYPED_FIELDS as F } from '../emulator/fixtures';
import { run, runError, runInWorkflow, useEmulator } from './harness';

const ctx = useEmulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const solution = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'solution',
	operation,
	...extra,
});
const table = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'table',
	operation,
	...extra,
});
const operations = () => ctx.emu.requests.map((request) => request.operation);

describe('Solution', () => {
	it('Get Many lists the solutions, up to Limit or all of them', async () => {
		const { emu } = ctx;
		const first = emu.addSolution({ name: 'Sales CRM' });
		emu.addSolution({ name: 'Projects' });
		const count = emu.requests.length;

		const limited = await run(emu, { parameters: solution('getMany', { limit: 1 }) });
		const all = await run(emu, { parameters: solution('getMany', { returnAll: true }) });

		expect(limited).toEqual([
			{
				json: expect.objectContaining({ id: first.id, name: 'Sales CRM' }),
				pairedItem: { item: 0 },
			},
		]);
		expect(all.length).toBeGreaterThanOrEqual(2);
		expect(all.map((item) => item.json.id)).toContain(first.id);
		expect(emu.requests.slice(count).map((request) => [request.method, request.path])).toEqual([
			['GET', '/api/v1/solutions/'],
			['GET', '/api/v1/solutions/'],
		]);
	});

	it('Get Many refuses a Limit of 0 before any request', async () => {
		const error = await runError(ctx.emu, {
			parameters: solution('getMany', { limit: '={{ 0 }}' }),
		});
		expect(error.message).toContain('Limit');
		expect(ctx.emu.requests).toEqual([]);
	});

	it('Get reads one solution by ID or by its address in SmartSuite', async () => {
		const { emu } = ctx;
		const sales = emu.addSolution({ name: 'Sales CRM' });
		const url = `https://app.smartsuite.com/${emu.workspaceId}/solution/${sales.id}`;

		const output = await run(emu, {
			parameters: solution('get', { solutionId: byId(sales.id) }),
			input: [{}, {}],
		});
		const byUrl = await run(emu, {
			parameters: solution('get', { solutionId: { __rl: true, mode: 'url', value: url } }),
		});

		expect(output).toEqual([
			{ json: sales, pairedItem: { item: 0 } },
			{ json: sales, pairedItem: { item: 1 } },
		]);
		expect(byUrl[0].json).toEqual(sales);
		expect(emu.requests[0].path).toBe(`/api/v1/solutions/${sales.id}/`);
	});

	it('Get names an unknown solution, and Continue on Fail keeps the other items', async () => {
		const { emu } = ctx;
		const sales = emu.addSolution();
		const error = await runError(emu, {
			parameters: solution('get', { solutionId: byId('nope/..') }),
		});
		expect(error.message).toBe('The solution "nope/.." was not found');
		expect(emu.requests[0].path).toBe('/api/v1/solutions/nope%2F../');

		const result = await runInWorkflow(emu, {
			parameters: solution('get', { solutionId: '={{ $json.id }}' }),
			input: [{ id: 'missing' }, { id: sales.id }, { id: '' }],
			continueOnFail: true,
		});
		expect(result.output.map((item) => [item.json.error ?? item.json.id, item.pairedItem])).toEqual(
			[
				['The solution "missing" was not found', { item: 0 }],
				[sales.id, { item: 1 }],
				['The parameter "Solution" is empty', { item: 2 }],
			],
		);
	});
});

describe('Table', () => {
	it('Get Many lists the tables of one solution; an empty solution gives none, an unknown one an error', async () => {
		const { emu } = ctx;
		const crm = emu.addSolution();
		const deals = emu.addTable(crm.id, { name: 'Deals' });
		emu.addTable(emu.addSolution().id, { name: 'Elsewhere' });
		const empty = emu.addSolution();
		emu.resetLog();

		const output = await run(emu, { parameters: table('getMany', { solutionId: byId(crm.id) }) });
		expect(output).toEqual([
			{ json: expect.objectContaining({ id: deals.id, name: 'Deals' }), pairedItem: { item: 0 } },
		]);
		expect(emu.requests[0].path).toBe(`/api/v1/applications/?solution=${crm.id}`);

		expect(
			await run(emu, { parameters: table('getMany', { solutionId: byId(empty.id) }) }),
		).toEqual([]);
		const error = await runError(emu, {
			parameters: table('getMany', { solutionId: byId('64b0c1d2e3f4a5b6c7d8e9f1') }),
		});
		expect(error.message).toBe('The solution "64b0c1d2e3f4a5b6c7d8e9f1" was not found');
	});

	it('Get gives the table with its structure, read once for all items', async () => {
		const { emu } = ctx;
		const deals = emu.addFieldTypesTable(emu.addSolution().id, { name: 'Deals' });
		emu.resetLog();

		const output = await run(emu, {
			parameters: table('get', { tableId: byId(deals.id) }),
			input: [{}, {}],
		});

		expect(operations()).toEqual(['GetTable']);
		expect(output).toHaveLength(2);
		expect(output[1]).toEqual({
			json: expect.objectContaining({ id: deals.id, name: 'Deals', structure: deals.structure }),
			pairedItem: { item: 1 },
		});
	});

	it('Get with Fields as Items gives one item per field: slug, label, type, required, choices, linked table', async () => {
		const { emu } = ctx;
		const deals = emu.addFieldTypesTable(emu.addSolution().id);
		emu.resetLog();

		const output = await run(emu, {
			parameters: table('get', { tableId: byId(deals.id), fieldsAsItems: true }),
		});

		expect(operations()).toEqual(['GetTable']);
		expect(output).toHaveLength(deals.structure.length);
		expect(
			output.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0),
		).toBe(true);
		const field = (slug: string) => output.find((item) => item.json.slug === slug)?.json;
		const select = deals.structure.find((candidate) => candidate.slug === F.singleSelect)!;
		expect(field(F.singleSelect)).toEqual({
			slug: F.singleSelect,
			label: select.label,
			type: 'singleselectfield',
			required: false,
			readOnly: false,
			primary: false,
			choices: select.params.choices!.map(({ label, value }) => ({ label, id: value })),
			linkedTable: null,
		});
		expect(field(F.linked)).toMatchObject({ type: 'linkedrecordfield', linkedTable: deals.id });
		expect(field('title')).toMatchObject({ primary: true, required: true, readOnly: false });
		expect(field(F.formula)).toMatchObject({ readOnly: true });
	});

	it('Get reads again after a 503 (a read may be repeated)', async () => {
		const { emu } = ctx;
		const deals = emu.addTable(emu.addSolution().id, { name: 'Deals' });
		emu.injectFault({ operation: 'GetTable', action: { type: 'status', status: 503 } });
		emu.resetLog();

		const output = await run(emu, { parameters: table('get', { tableId: byId(deals.id) }) });

		expect(emu.requests.map((request) => request.status)).toEqual([503, 200]);
		expect(output[0].json).toMatchObject({ id: deals.id, name: 'Deals' });
	});

	it('Solution and Table Get Many read again after a 503 and after a 429, as every read does', async () => {
		const { emu } = ctx;
		const crm = emu.addSolution();
		emu.addTable(crm.id, { name: 'Deals' });
		emu.injectFault({ operation: 'ListSolutions', action: { type: 'status', status: 503 } });
		emu.injectFault({
			operation: 'ListTables',
			action: { type: 'rateLimit', retryAfterSeconds: 1 },
		});
		emu.resetLog();

		const solutions = await run(emu, { parameters: solution('getMany', { returnAll: true }) });
		const tables = await run(emu, { parameters: table('getMany', { solutionId: byId(crm.id) }) });

		expect(emu.requests.map((request) => [request.operation, request.status])).toEqual([
			['ListSolutions', 503],
			['ListSolutions', 200],
			['ListTables', 429],
			['ListTables', 200],
		]);
		expect(solutions.map((item) => item.json.id)).toContain(crm.id);
		expect(tables.map((item) => item.json.name)).toEqual(['Deals']);
	});

	it.each([
		[
			'aaaaaaaaaaaaaaaaaaaaaaaa',
			'The table "aaaaaaaaaaaaaaaaaaaaaaaa" was not found: give the 24-character ID of a table of this workspace (Table → Get Many lists them)',
		],
		// Issue 56: a one-word name given By ID was "not found" without a word of names.
		[
			'projects',
			'The table "projects" was not found: if that is the table\'s name, pick it From List, or give its 24-character ID (Table → Get Many lists them)',
		],
	])('Get names an unknown table: %s', async (tableId, message) => {
		const error = await runError(ctx.emu, {
			parameters: table('get', { tableId: byId(tableId) }),
		});
		expect(error.message).toBe(message);
	});

	it('Create sends the name, the solution and each field with a new slug; the table is stored and output', async () => {
		const { emu } = ctx;
		const crm = emu.addSolution();
		emu.resetLog();

		const output = await run(emu, {
			parameters: table('create', {
				solutionId: byId(crm.id),
				name: ' Clients ',
				fields: {
					field: [
						{ label: 'Company', fieldType: 'textfield' },
						{ label: 'Stage', fieldType: 'singleselectfield', choices: 'Lead, Won' },
						{ label: 'Revenue', fieldType: 'currencyfield' },
					],
				},
			}),
		});

		expect(emu.requests.map((request) => [request.method, request.path])).toEqual([
			['POST', '/api/v1/applications/'],
		]);
		const body = emu.requests[0].body as { name: string; solution: string; structure: object[] };
		expect(body).toEqual({
			name: 'Clients',
			solution: crm.id,
			structure: [
				{
					slug: expect.stringMatching(/^[a-z0-9]{10}$/),
					label: 'Company',
					field_type: 'textfield',
					params: {},
				},
				{
					slug: expect.stringMatching(/^[a-z0-9]{10}$/),
					label: 'Stage',
					field_type: 'singleselectfield',
					params: {
						choices: [
							{
								value: expect.stringMatching(/^[a-z0-9]{10}$/),
								label: 'Lead',
								value_color: '#0C41F3',
								value_order: 0,
								value_help_text: '',
								weight: 1,
							},
							{
								value: expect.stringMatching(/^[a-z0-9]{10}$/),
								label: 'Won',
								value_color: '#00B3FA',
								value_order: 1,
								value_help_text: '',
								weight: 1,
							},
						],
					},
				},
				{
					slug: expect.stringMatching(/^[a-z0-9]{10}$/),
					label: 'Revenue',
					field_type: 'currencyfield',
					params: {},
				},
			],
		});
		const created = emu.getTable(String(output[0].json.id));
		expect(created).toMatchObject({ name: 'Clients', solution: crm.id });
		// SmartSuite's Title field first (the primary), the fields given after it.
		expect(created!.structure.map((field) => field.label)).toEqual([
			'Title',
			'Company',
			'Stage',
			'Revenue',
		]);
		expect(created!.structure.filter((field) => field.params.primary).map((f) => f.slug)).toEqual([
			'title',
		]);
		expect(created!.structure[2].params.choices?.map((choice) => choice.value_color)).toEqual([
			'#0C41F3',
			'#00B3FA',
		]);
		expect(output).toEqual([
			{
				json: expect.objectContaining({
					name: 'Clients',
					solution: crm.id,
					primary_field: 'title',
					structure: expect.arrayContaining([
						expect.objectContaining({ slug: 'title', label: 'Title' }),
					]),
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	it("Create without fields sends structure [] as SmartSuite's client does: the table has SmartSuite's Title field only", async () => {
		const { emu } = ctx;
		const crm = emu.addSolution();

		const output = await run(emu, {
			parameters: table('create', { solutionId: byId(crm.id), name: 'Clients' }),
		});

		expect((emu.requests.at(-1)!.body as { structure: unknown }).structure).toEqual([]);
		expect(output[0].json.primary_field).toBe('title');
		expect(
			(output[0].json.structure as Array<{ slug: string }>).map((field) => field.slug),
		).toEqual(['title']);
	});

	it.each([
		[{ name: '  ' }, 'The parameter "Name" is empty'],
		[{ fields: { field: [{ label: '', fieldType: 'textfield' }] } }, 'Field 1 has no label'],
		[
			{
				fields: {
					field: [
						{ label: 'A', fieldType: 'textfield' },
						{ label: 'a', fieldType: 'numberfield' },
					],
				},
			},
			'Two fields are labelled "a"',
		],
		[
			{ fields: { field: [{ label: 'Owner', fieldType: '={{ "recordtitlefield" }}' }] } },
			'The field "Owner" has a type a new table cannot have: "recordtitlefield"',
		],
		[{ solutionId: byId('={{ "" }}') }, 'The parameter "Solution" is empty'],
	])('Create refuses bad input before any request: %j', async (extra, message) => {
		const { emu } = ctx;
		const crm = emu.addSolution();
		emu.resetLog();
		const error = await runError(emu, {
			parameters: table('create', { solutionId: byId(crm.id), name: 'Clients', ...extra }),
		});
		expect(error.message).toBe(message);
		expect(emu.requests).toEqual([]);
	});

	it("Create gives SmartSuite's words for an unknown solution", async () => {
		const error = await runError(ctx.emu, {
			parameters: table('create', {
				solutionId: byId('64b0c1d2e3f4a5b6c7d8e9f1'),
				name: 'Clients',
			}),
		});
		expect(error.message).toContain(
			'solution: Invalid pk "64b0c1d2e3f4a5b6c7d8e9f1" - object does not exist.',
		);
		expect(error.httpCode).toBe('400');
	});

	it('Create is not sent again after a 500 (the table may exist), and Continue on Fail goes on', async () => {
		const { emu } = ctx;
		const crm = emu.addSolution();
		const before = emu.addTable(crm.id).id;
		emu.injectFault({
			operation: 'CreateTable',
			action: { type: 'status', status: 500, afterProcessing: true },
		});
		emu.resetLog();

		const result = await runInWorkflow(emu, {
			parameters: table('create', { solutionId: byId(crm.id), name: '={{ $json.name }}' }),
			input: [{ name: 'First' }, { name: 'Second' }],
			continueOnFail: true,
		});

		expect(operations()).toEqual(['CreateTable', 'CreateTable']);
		expect(result.output[0].json.error).toMatch(
			/^The table may have been created: SmartSuite answered 500/,
		);
		expect(result.output[1]).toEqual({
			json: expect.objectContaining({ name: 'Second' }),
			pairedItem: { item: 1 },
		});
		expect(JSON.stringify(result.output)).not.toContain(emu.apiKey);
		const tables = await run(emu, { parameters: table('getMany', { solutionId: byId(crm.id) }) });
		expect(tables.map((item) => item.json.name)).toEqual([expect.any(String), 'First', 'Second']);
		expect(tables[0].json.id).toBe(before);
	});
});
