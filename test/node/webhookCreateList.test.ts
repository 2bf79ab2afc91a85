/** Webhook → Create and Webhook → List through RoutingNode against the emulator. */
import type { INodeParameters } from 'n8n-workflow';

import { expectSpecRequest, run, runError, startStub, useEmulator, webhooksPath } from './harness';

const ctx = useEmulator();

const rl = (value: string, mode = 'list') => ({ __rl: true, mode, value });

function seed() {
	const { emu } = ctx;
	const solution = emu.addSolution({ name: 'Sales CRM' });
	const deals = emu.addTable(solution.id, { name: 'Deals' });
	const contacts = emu.addTable(solution.id, { name: 'Contacts' });
	return { emu, solution, deals, contacts };
}

const create = (extra: INodeParameters): INodeParameters => ({
	resource: 'webhook',
	operation: 'create',
	...extra,
});
const list = (solutionId: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'webhook',
	operation: 'list',
	solutionId: rl(solutionId),
	...extra,
});

describe('Webhook > Create', () => {
	it('creates a webhook on some tables with notifications off and returns it unwrapped', async () => {
		const { emu, solution, deals, contacts } = seed();
		const output = await run(emu, {
			parameters: create({ solutionId: rl(solution.id), tableIds: [deals.id, contacts.id] }),
		});

		expect(emu.requests).toHaveLength(1);
		expectSpecRequest(emu.requests[0], emu, webhooksPath('CreateWebhook'));
		expect(emu.requests[0].body).toEqual({
			webhook: {
				filter: { applications: { application_ids: [deals.id, contacts.id] } },
				kinds: ['RECORD_CREATED', 'RECORD_DELETED', 'RECORD_UPDATED'],
				locator: { account_id: emu.workspaceId, solution_id: solution.id },
				notification_status: { disabled: {} },
			},
		});
		const [stored] = emu.webhooks();
		expect(output).toEqual([{ json: stored, pairedItem: { item: 0 } }]);
	});

	it('watches the whole solution, or some fields of a table given by URL, and notifies a URL when asked', async () => {
		const { emu, solution, deals } = seed();
		const url = `https://app.smartsuite.com/${emu.workspaceId}/solution/${solution.id}`;
		const [whole] = await run(emu, {
			parameters: create({
				solutionId: rl(url, 'url'),
				watch: 'solution',
				kinds: ['RECORD_CREATED'],
			}),
		});
		expect(whole.json).toMatchObject({
			filter: { solution: {} },
			kinds: ['RECORD_CREATED'],
			locator: { solution_id: solution.id },
		});

		const [fields] = await run(emu, {
			parameters: create({
				solutionId: rl(solution.id, 'id'),
				watch: 'fields',
				tableId: rl(`${url}/${deals.id}`, 'url'),
				fieldIds: ['title', 'status'],
				kinds: ['RECORD_UPDATED'],
				notify: true,
				notificationUrl: 'https://example.com/hooks/ss',
			}),
		});
		expect(fields.json).toMatchObject({
			filter: { application: { application_id: deals.id, field_ids: ['title', 'status'] } },
			notification_status: { enabled: { url: 'https://example.com/hooks/ss' } },
		});
		expect(
			emu.webhooks().filter((webhook) => webhook.locator.solution_id === solution.id),
		).toHaveLength(2);
	});

	it.each([
		['no table', { tableIds: [] }, 'Choose at least one of the Table Names or IDs'],
		['no kind', { kinds: [] }, 'Choose at least one of the Events'],
		['no solution', { solutionId: rl('') }, 'The parameter "Solution" is empty'],
		[
			'a bad notification URL',
			{ notify: true, notificationUrl: 'example.com' },
			'The Notification URL must be an http(s) address',
		],
	])('says what to fix before any request: %s', async (_name, extra, message) => {
		const { emu, solution, deals } = seed();
		const error = await runError(emu, {
			parameters: create({ solutionId: rl(solution.id), tableIds: [deals.id], ...extra }),
		});
		expect(error.message).toBe(message);
		expect(emu.requests).toHaveLength(0);
	});

	it('words SmartSuite rejections: unknown solution (404), a table of another solution (400); continueOnFail keeps going', async () => {
		const { emu, deals } = seed();
		const missing = await runError(emu, {
			parameters: create({ solutionId: rl('nope', 'id'), tableIds: [deals.id] }),
		});
		expect(missing.message).toBe('The solution "nope" was not found');
		const other = emu.addSolution();
		const rejected = await runError(emu, {
			parameters: create({ solutionId: rl(other.id, 'id'), tableIds: [deals.id] }),
		});
		expect(rejected.message).toMatch(
			/^SmartSuite rejected the request to create the webhook \(400\): application \w+ is not in solution/,
		);
		expect(rejected.description).toContain('not in solution');

		const output = await run(emu, {
			parameters: create({ solutionId: rl('={{ $json.solution }}', 'id'), tableIds: [deals.id] }),
			input: [{ solution: 'nope' }, { solution: deals.solution }],
			continueOnFail: true,
		});
		expect(output[0].error?.message).toBe('The solution "nope" was not found');
		expect(output[1]).toMatchObject({
			json: { filter: { applications: { application_ids: [deals.id] } } },
			pairedItem: { item: 1 },
		});
	});
});

describe('Webhook > List', () => {
	function webhooksOf(solutionId: string, count: number) {
		return Array.from({ length: count }, () =>
			ctx.emu.createWebhook({
				locator: { account_id: ctx.emu.workspaceId, solution_id: solutionId },
			}),
		);
	}

	it('Return All walks every page and returns the webhooks unwrapped, in order', async () => {
		const { emu, solution } = seed();
		const webhooks = webhooksOf(solution.id, 120);
		webhooksOf(emu.addSolution().id, 3);

		const output = await run(emu, { parameters: list(solution.id, { returnAll: true }) });

		expect(output.map((item) => item.json)).toEqual(webhooks);
		expect(emu.requests.map((request) => request.body)).toEqual([
			{ solution_id: solution.id, page_size: '50', page_token: '' },
			{ solution_id: solution.id, page_size: '50', page_token: '50' },
			{ solution_id: solution.id, page_size: '50', page_token: '100' },
		]);
		expectSpecRequest(emu.requests[0], emu, webhooksPath('ListWebhooks'));
	});

	it('Limit asks for no more than it needs', async () => {
		const { emu, solution } = seed();
		const webhooks = webhooksOf(solution.id, 10);
		const output = await run(emu, { parameters: list(solution.id, { limit: 7 }) });
		expect(output.map((item) => item.json)).toEqual(webhooks.slice(0, 7));
		expect(
			emu.requests.map((request) => (request.body as { page_size: string }).page_size),
		).toEqual(['7']);
	});

	it('a solution without webhooks gives no items (also when SmartSuite omits the empty list)', async () => {
		const { emu, solution } = seed();
		expect(await run(emu, { parameters: list(solution.id, { returnAll: true }) })).toEqual([]);
		emu.setVariant({ omitEmpty: true });
		expect(await run(emu, { parameters: list(solution.id, { returnAll: true }) })).toEqual([]);
	});

	it('an answer whose webhooks are not a list is named as such, not read as an empty page', async () => {
		const stub = await startStub(() => ({
			status: 200,
			body: { webhooks: 'none', next_page_token: '' },
		}));
		try {
			const error = await runError(ctx.emu, {
				parameters: list('s1', { returnAll: true }),
				credentials: { webhooksUrl: stub.url },
			});
			expect(error.message).toBe(
				'SmartSuite sent an answer to ListWebhooks that is not a page of webhooks',
			);
		} finally {
			await stub.close();
		}
	});

	it('an empty Solution is refused before any request', async () => {
		const { emu } = seed();
		const error = await runError(emu, { parameters: list('') });
		expect(error.message).toBe('The parameter "Solution" is empty');
		expect(emu.requests).toHaveLength(0);
	});
});
