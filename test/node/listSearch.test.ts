/** "From list" searches and option lists, run as n8n's editor runs them (LoadOptionsContext). */
import type { INodeParameters } from 'n8n-workflow';

import { captureLogs } from '../helpers/logs';
import { credentialsFor, runNodeMethod } from '../helpers/n8n';
import { run, smartSuite, startStub, useEmulator } from './harness';

const ctx = useEmulator();
const warnings = captureLogs();
const rl = (value: string) => ({ __rl: true, mode: 'list', value });

type Call =
	{ listSearch: string; filter?: string; paginationToken?: string } | { loadOptions: string };

async function call(parameters: INodeParameters, method: Call, credentials = {}) {
	return (await runNodeMethod(
		smartSuite,
		{ parameters, credentials: credentialsFor(ctx.emu, credentials) },
		method,
	)) as any;
}

const createParameters = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'webhook',
	operation: 'create',
	...extra,
});

function seed() {
	const { emu } = ctx;
	const crm = emu.addSolution({ name: 'Sales CRM' });
	const pm = emu.addSolution({ name: 'Project Management' });
	const deals = emu.addTable(crm.id, { name: 'Deals' });
	const contacts = emu.addTable(crm.id, { name: 'Contacts' });
	const tasks = emu.addTable(pm.id, { name: 'Tasks' });
	return { emu, crm, pm, deals, contacts, tasks };
}

describe('solutions', () => {
	it('lists the solutions by name with their app URL; the search text filters by name or id', async () => {
		const { emu, crm, pm } = seed();
		const all = await call(createParameters(), { listSearch: 'searchSolutions' });
		const names = all.results.map((result: { name: string }) => result.name);
		expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
		expect(all.results).toContainEqual({
			name: 'Sales CRM',
			value: crm.id,
			url: `${emu.baseUrl}/${emu.workspaceId}/solution/${crm.id}`,
		});
		expect(all.paginationToken).toBeUndefined();
		expect(emu.requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/v1/solutions/',
			operation: 'ListSolutions',
		});
		expect(emu.requests[0].headers.authorization).toBe(`Token ${emu.apiKey}`);

		const found = await call(createParameters(), {
			listSearch: 'searchSolutions',
			filter: 'project',
		});
		expect(found.results.map((result: { value: string }) => result.value)).toContain(pm.id);
		expect(found.results.map((result: { value: string }) => result.value)).not.toContain(crm.id);
		expect(
			(await call(createParameters(), { listSearch: 'searchSolutions', filter: crm.id })).results,
		).toHaveLength(1);
		expect(
			(await call(createParameters(), { listSearch: 'searchSolutions', filter: 'no such thing' }))
				.results,
		).toEqual([]);
	});

	it('a wrong API key is the usual worded error, without the key', async () => {
		seed();
		const error = await call(
			createParameters(),
			{ listSearch: 'searchSolutions' },
			{ apiKey: 'wrong-key-123' },
		).catch((thrown: Error) => thrown);
		expect(error.message).toBe('SmartSuite did not accept the API key (401)');
		expect(JSON.stringify(error)).not.toContain('wrong-key-123');
	});

	it('an answer that is not a list is said so', async () => {
		const stub = await startStub(() => ({ status: 200, body: { solutions: [] } }));
		try {
			const error = await call(
				createParameters(),
				{ listSearch: 'searchSolutions' },
				{ baseUrl: stub.url },
			).catch((thrown: Error) => thrown);
			expect(error.message).toBe(
				'SmartSuite sent an answer that is not a list when trying to list the solutions',
			);
		} finally {
			await stub.close();
		}
	});
});

describe('tables', () => {
	it('lists the tables of the chosen solution, by name, searchable, with their app URL', async () => {
		const { emu, crm, deals, contacts } = seed();
		const parameters = createParameters({ solutionId: rl(crm.id) });
		const { results } = await call(parameters, { listSearch: 'searchTables' });
		expect(results).toEqual([
			{
				name: 'Contacts',
				value: contacts.id,
				url: `${emu.baseUrl}/${emu.workspaceId}/solution/${crm.id}/${contacts.id}`,
			},
			{
				name: 'Deals',
				value: deals.id,
				url: `${emu.baseUrl}/${emu.workspaceId}/solution/${crm.id}/${deals.id}`,
			},
		]);
		expect(emu.requests[0].path).toBe(`/api/v1/applications/?solution=${crm.id}`);
		expect(
			(await call(parameters, { listSearch: 'searchTables', filter: 'dea' })).results.map(
				(r: { name: string }) => r.name,
			),
		).toEqual(['Deals']);
	});

	it("Restore's table (no solution to choose) lists the tables of the whole workspace", async () => {
		const { emu, tasks } = seed();
		const { results } = await call(
			{ resource: 'record', operation: 'restore' },
			{ listSearch: 'searchTables', filter: 'Tasks' },
		);
		expect(results.map((result: { value: string }) => result.value)).toContain(tasks.id);
		expect(emu.requests.map((request) => request.path).sort()).toEqual([
			'/api/v1/applications/',
			'/api/v1/solutions/',
		]);
	});

	it('names the tables of the whole workspace "Table (Solution)", with one request for all the solution names; the search text finds a solution too', async () => {
		const { emu } = ctx;
		const hiring = emu.addSolution({ name: 'Hiring' });
		const onboarding = emu.addSolution({ name: 'Onboarding' });
		const candidates = emu.addTable(hiring.id, { name: 'Candidates' });
		const sameName = emu.addTable(onboarding.id, { name: 'Candidates' });
		const roles = emu.addTable(hiring.id, { name: 'Roles' });
		emu.resetLog();
		const record = { resource: 'record', operation: 'search' };

		const { results } = await call(record, { listSearch: 'searchTables', filter: 'candidates' });

		expect(results).toEqual([
			{
				name: 'Candidates (Hiring)',
				value: candidates.id,
				url: `${emu.baseUrl}/${emu.workspaceId}/solution/${hiring.id}/${candidates.id}`,
			},
			{
				name: 'Candidates (Onboarding)',
				value: sameName.id,
				url: `${emu.baseUrl}/${emu.workspaceId}/solution/${onboarding.id}/${sameName.id}`,
			},
		]);
		expect(emu.requests.map((request) => request.operation).sort()).toEqual([
			'ListSolutions',
			'ListTables',
		]);
		const inHiring = await call(record, { listSearch: 'searchTables', filter: 'hiring' });
		expect(inHiring.results.map((result: { value: string }) => result.value)).toEqual([
			candidates.id,
			roles.id,
		]);
	});

	it('without the solution names (their list failed) the tables keep their bare names, with a warning', async () => {
		const { emu, tasks } = seed();
		emu.injectFault({ operation: 'ListSolutions', action: { type: 'status', status: 500 } });

		const { results } = await call(
			{ resource: 'record', operation: 'search' },
			{ listSearch: 'searchTables', filter: 'Tasks' },
		);

		expect(results).toContainEqual(expect.objectContaining({ name: 'Tasks', value: tasks.id }));
		expect(warnings.join('\n')).toMatch(
			/warn: SmartSuite: the table list shows no solution names: /,
		);
	});

	it('the multi-selects: tables of the solution, fields of the table', async () => {
		const { crm, deals, contacts } = seed();
		expect(
			await call(createParameters({ solutionId: rl(crm.id) }), { loadOptions: 'getTables' }),
		).toEqual([
			{ name: 'Contacts', value: contacts.id },
			{ name: 'Deals', value: deals.id },
		]);
		const fields = await call(
			createParameters({ solutionId: rl(crm.id), watch: 'fields', tableId: rl(deals.id) }),
			{ loadOptions: 'getFields' },
		);
		expect(fields).toContainEqual({
			name: 'Title',
			value: 'title',
			description: 'Title',
		});
		expect(
			await call(createParameters({ solutionId: rl(crm.id), watch: 'fields', tableId: rl('') }), {
				loadOptions: 'getFields',
			}),
		).toEqual([]);
	});

	it('an empty solution lists no tables', async () => {
		const solution = ctx.emu.addSolution({ name: 'Empty' });
		expect(
			(
				await call(createParameters({ solutionId: rl(solution.id) }), {
					listSearch: 'searchTables',
				})
			).results,
		).toEqual([]);
	});
});

describe('webhooks', () => {
	const getParameters = (solutionId: string): INodeParameters => ({
		resource: 'webhook',
		operation: 'get',
		solutionId: rl(solutionId),
	});

	it('lists the webhooks of the chosen solution, labelled by what they watch and their kinds, page by page', async () => {
		const { emu, crm, deals, contacts } = seed();
		const locator = { account_id: emu.workspaceId, solution_id: crm.id };
		const first = emu.createWebhook({
			locator,
			filter: { applications: { application_ids: [deals.id, contacts.id] } },
			// SmartSuite keeps the order given: the picker reads the same kinds the same way.
			kinds: ['RECORD_UPDATED', 'RECORD_CREATED'],
		});
		const second = emu.createWebhook({
			locator,
			filter: { solution: {} },
			kinds: ['RECORD_DELETED'],
		});
		const third = emu.createWebhook({
			locator,
			filter: { application: { application_id: deals.id, field_ids: ['title'] } },
			kinds: ['RECORD_UPDATED'],
		});
		emu.setWebhookStatus(third.webhook_id, { system: 'disabled' });
		for (let i = 0; i < 120; i++) emu.createWebhook({ locator, filter: { solution: {} } });

		const page = await call(getParameters(crm.id), { listSearch: 'searchWebhooks' });
		expect(page.results.slice(0, 3)).toEqual([
			{
				name: `Tables Deals, Contacts · Created, Updated · ${first.webhook_id.slice(0, 8)}`,
				value: first.webhook_id,
			},
			{
				name: `Whole solution · Deleted · ${second.webhook_id.slice(0, 8)}`,
				value: second.webhook_id,
			},
			{
				name: `Table Deals, fields title · Updated (expired) · ${third.webhook_id.slice(0, 8)}`,
				value: third.webhook_id,
			},
		]);
		expect(page.results).toHaveLength(100);
		expect(page.paginationToken).toBe('100');
		const rest = await call(getParameters(crm.id), {
			listSearch: 'searchWebhooks',
			paginationToken: page.paginationToken,
		});
		expect(rest.results).toHaveLength(23);
		expect(rest.paginationToken).toBeUndefined();

		const found = await call(getParameters(crm.id), {
			listSearch: 'searchWebhooks',
			filter: 'contacts',
		});
		expect(found.results.map((result: { value: string }) => result.value)).toEqual([
			first.webhook_id,
		]);
	});

	it('a solution without webhooks lists none; no solution chosen says to choose one', async () => {
		const { crm } = seed();
		expect(await call(getParameters(crm.id), { listSearch: 'searchWebhooks' })).toEqual({
			results: [],
			paginationToken: undefined,
		});
		const error = await call(getParameters(''), { listSearch: 'searchWebhooks' }).catch(
			(thrown: Error) => thrown,
		);
		expect(error.message).toBe('Choose a Solution first');
	});
});

describe('lists with elements that are not entries (null, numbers, strings, objects without an id)', () => {
	const JUNK = [null, 42, 'text', { name: 'no id' }, { id: '' }, { id: 7 }, []];
	/** Every list call answers good entries mixed with junk; ListWebhooks pages on once. */
	async function junkServer() {
		return await startStub((body, _n, path) => {
			if (path.startsWith('/api/v1/solutions/'))
				return { status: 200, body: [null, { id: 'sol1', name: 'Sales CRM' }, ...JUNK] };
			if (path.startsWith('/api/v1/applications/')) {
				return {
					status: 200,
					body: [
						...JUNK,
						{
							id: 'tbl1',
							name: 'Deals',
							solution: 'sol1',
							structure: [
								null,
								{ slug: 'title', label: 'Title', field_type: 'textfield' },
								{ label: 'no slug' },
								5,
							],
						},
					],
				};
			}
			const first = !body.page_token;
			return {
				status: 200,
				body: {
					webhooks: first
						? [...JUNK, { webhook_id: 'wh1', filter: { solution: {} }, kinds: ['RECORD_CREATED'] }]
						: [{ webhook_id: 'wh2', filter: { solution: {} }, kinds: [] }],
					next_page_token: first ? 'page2' : '',
				},
			};
		});
	}

	it('the pickers and option lists show only the real entries, never an empty choice, and log what they passed over', async () => {
		const stub = await junkServer();
		const credentials = { baseUrl: stub.url, webhooksUrl: stub.url };
		try {
			const parameters = createParameters({
				solutionId: rl('sol1'),
				watch: 'fields',
				tableId: rl('tbl1'),
			});
			const solutions = await call(parameters, { listSearch: 'searchSolutions' }, credentials);
			expect(solutions.results.map((result: { value: string }) => result.value)).toEqual(['sol1']);
			const tables = await call(parameters, { listSearch: 'searchTables' }, credentials);
			expect(tables.results.map((result: { value: string }) => result.value)).toEqual(['tbl1']);
			expect(await call(parameters, { loadOptions: 'getTables' }, credentials)).toEqual([
				{ name: 'Deals', value: 'tbl1' },
			]);
			expect(await call(parameters, { loadOptions: 'getFields' }, credentials)).toEqual([
				{ name: 'Title', value: 'title', description: 'Text' },
			]);
			const webhooks = await call(parameters, { listSearch: 'searchWebhooks' }, credentials);
			expect(webhooks.results.map((result: { value: string }) => result.value)).toEqual(['wh1']);
			// A page that held junk still leads on to the next one.
			expect(webhooks.paginationToken).toBe('page2');
			const next = await call(
				parameters,
				{ listSearch: 'searchWebhooks', paginationToken: 'page2' },
				credentials,
			);
			expect(next.results.map((result: { value: string }) => result.value)).toEqual(['wh2']);
			expect(warnings).toContain(
				'warn: SmartSuite: passed over 7 of 8 elements of a list of webhooks that are not webhooks (not an object with webhook_id)',
			);
			expect(warnings).toContain(
				'warn: SmartSuite: passed over 8 of 9 elements of a list of solutions that are not solutions (not an object with id)',
			);
		} finally {
			await stub.close();
		}
	});

	it('Webhook > List outputs the webhooks of every page and passes over the rest', async () => {
		const stub = await junkServer();
		try {
			const output = await run(ctx.emu, {
				parameters: {
					resource: 'webhook',
					operation: 'list',
					solutionId: rl('sol1'),
					returnAll: true,
				},
				credentials: { baseUrl: stub.url, webhooksUrl: stub.url },
			});
			expect(output.map((item) => item.json.webhook_id)).toEqual(['wh1', 'wh2']);
		} finally {
			await stub.close();
		}
	});
});
