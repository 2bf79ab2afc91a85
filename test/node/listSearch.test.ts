/** "From list" searches and option lists, run as n8n's editor runs them (LoadOptionsContext). */
import type { INodeParameters } from 'n8n-workflow';

import { credentialsFor, runNodeMethod } from '../helpers/n8n';
import { smartSuite, startStub, useEmulator } from './harness';

const ctx = useEmulator();
const rl = (value: string) => ({ __rl: true, mode: 'list', value });

type Call = { listSearch: string; filter?: string; paginationToken?: string } | { loadOptions: string };

async function call(parameters: INodeParameters, method: Call, credentials = {}) {
	return (await runNodeMethod(smartSuite, { parameters, credentials: credentialsFor(ctx.emu, credentials) }, method)) as any;
}

const createParameters = (extra: INodeParameters = {}): INodeParameters => ({ resource: 'webhook', operation: 'create', ...extra });

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
		expect(all.results).toContainEqual({ name: 'Sales CRM', value: crm.id, url: `${emu.baseUrl}/${emu.workspaceId}/solution/${crm.id}` });
		expect(all.paginationToken).toBeUndefined();
		expect(emu.requests[0]).toMatchObject({ method: 'GET', path: '/api/v1/solutions/', operation: 'ListSolutions' });
		expect(emu.requests[0].headers.authorization).toBe(`Token ${emu.apiKey}`);

		const found = await call(createParameters(), { listSearch: 'searchSolutions', filter: 'project' });
		expect(found.results.map((result: { value: string }) => result.value)).toContain(pm.id);
		expect(found.results.map((result: { value: string }) => result.value)).not.toContain(crm.id);
		expect((await call(createParameters(), { listSearch: 'searchSolutions', filter: crm.id })).results).toHaveLength(1);
		expect((await call(createParameters(), { listSearch: 'searchSolutions', filter: 'no such thing' })).results).toEqual([]);
	});

	it('a wrong API key is the usual worded error, without the key', async () => {
		seed();
		const error = await call(createParameters(), { listSearch: 'searchSolutions' }, { apiKey: 'wrong-key-123' }).catch((thrown: Error) => thrown);
		expect(error.message).toBe('SmartSuite did not accept the API key (401)');
		expect(JSON.stringify(error)).not.toContain('wrong-key-123');
	});

	it('an answer that is not a list is said so', async () => {
		const stub = await startStub(() => ({ status: 200, body: { solutions: [] } }));
		try {
			const error = await call(createParameters(), { listSearch: 'searchSolutions' }, { baseUrl: stub.url }).catch((thrown: Error) => thrown);
			expect(error.message).toBe('SmartSuite sent an answer that is not a list when trying to list the solutions');
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
			{ name: 'Contacts', value: contacts.id, url: `${emu.baseUrl}/${emu.workspaceId}/solution/${crm.id}/${contacts.id}` },
			{ name: 'Deals', value: deals.id, url: `${emu.baseUrl}/${emu.workspaceId}/solution/${crm.id}/${deals.id}` },
		]);
		expect(emu.requests[0].path).toBe(`/api/v1/applications/?solution=${crm.id}`);
		expect((await call(parameters, { listSearch: 'searchTables', filter: 'dea' })).results.map((r: { name: string }) => r.name)).toEqual(['Deals']);
	});

	it("Restore's table (no solution to choose) lists the tables of the whole workspace", async () => {
		const { emu, tasks } = seed();
		const { results } = await call({ resource: 'record', operation: 'restore' }, { listSearch: 'searchTables', filter: 'Tasks' });
		expect(results.map((result: { value: string }) => result.value)).toContain(tasks.id);
		expect(emu.requests[0].path).toBe('/api/v1/applications/');
	});

	it('the multi-selects: tables of the solution, fields of the table', async () => {
		const { crm, deals, contacts } = seed();
		expect(await call(createParameters({ solutionId: rl(crm.id) }), { loadOptions: 'getTables' })).toEqual([
			{ name: 'Contacts', value: contacts.id },
			{ name: 'Deals', value: deals.id },
		]);
		const fields = await call(createParameters({ solutionId: rl(crm.id), watch: 'fields', tableId: rl(deals.id) }), { loadOptions: 'getFields' });
		expect(fields).toContainEqual({ name: 'Title', value: 'title', description: 'recordtitlefield' });
		expect(await call(createParameters({ solutionId: rl(crm.id), watch: 'fields', tableId: rl('') }), { loadOptions: 'getFields' })).toEqual([]);
	});

	it('an empty solution lists no tables', async () => {
		const solution = ctx.emu.addSolution({ name: 'Empty' });
		expect((await call(createParameters({ solutionId: rl(solution.id) }), { listSearch: 'searchTables' })).results).toEqual([]);
	});
});

describe('webhooks', () => {
	const getParameters = (solutionId: string): INodeParameters => ({ resource: 'webhook', operation: 'get', solutionId: rl(solutionId) });

	it('lists the webhooks of the chosen solution, labelled by what they watch and their kinds, page by page', async () => {
		const { emu, crm, deals, contacts } = seed();
		const locator = { account_id: emu.workspaceId, solution_id: crm.id };
		const first = emu.createWebhook({ locator, filter: { applications: { application_ids: [deals.id, contacts.id] } }, kinds: ['RECORD_CREATED', 'RECORD_UPDATED'] });
		const second = emu.createWebhook({ locator, filter: { solution: {} }, kinds: ['RECORD_DELETED'] });
		const third = emu.createWebhook({ locator, filter: { application: { application_id: deals.id, field_ids: ['title'] } }, kinds: ['RECORD_UPDATED'] });
		emu.setWebhookStatus(third.webhook_id, { system: 'disabled' });
		for (let i = 0; i < 120; i++) emu.createWebhook({ locator, filter: { solution: {} } });

		const page = await call(getParameters(crm.id), { listSearch: 'searchWebhooks' });
		expect(page.results.slice(0, 3)).toEqual([
			{ name: 'Tables Deals, Contacts · Created, Updated', value: first.webhook_id },
			{ name: 'Whole solution · Deleted', value: second.webhook_id },
			{ name: 'Table Deals, fields title · Updated (expired)', value: third.webhook_id },
		]);
		expect(page.results).toHaveLength(100);
		expect(page.paginationToken).toBe('100');
		const rest = await call(getParameters(crm.id), { listSearch: 'searchWebhooks', paginationToken: page.paginationToken });
		expect(rest.results).toHaveLength(23);
		expect(rest.paginationToken).toBeUndefined();

		const found = await call(getParameters(crm.id), { listSearch: 'searchWebhooks', filter: 'contacts' });
		expect(found.results.map((result: { value: string }) => result.value)).toEqual([first.webhook_id]);
	});

	it('a solution without webhooks lists none; no solution chosen says to choose one', async () => {
		const { crm } = seed();
		expect(await call(getParameters(crm.id), { listSearch: 'searchWebhooks' })).toEqual({ results: [], paginationToken: undefined });
		const error = await call(getParameters(''), { listSearch: 'searchWebhooks' }).catch((thrown: Error) => thrown);
		expect(error.message).toBe('Choose a Solution first');
	});
});
