/**
 * Issue 49: Record > Search outputs at most 100,000 records, even from a server that sends them
 * all on one page (and nothing after it): past that, an error that says how to narrow the search.
 * Issue 57: the cap is the run's, across its items.
 */
import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import type { RunNodeOptions } from '../helpers/n8n';
import { runNodeOnce, shutdownN8nCore } from '../helpers/n8n';
import type { HostileServer } from './server';
import { failure, startHostile } from './server';

const TITLE = { slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: {} };
let count = 0;
let server: HostileServer;
beforeAll(async () => {
	server = await startHostile((request) =>
		request.path.includes('/records/list/')
			? {
					status: 200,
					body: JSON.stringify({
						total: count,
						items: Array.from(
							{ length: /[?&]offset=0(&|$)/.test(request.path) ? count : 0 },
							(_, n) => ({ id: `r${n}`, title: `R${n}` }),
						),
					}),
				}
			: { status: 200, body: { id: 't1', name: 'Deals', structure: [TITLE] } },
	);
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

const search = (options: object, run: Pick<RunNodeOptions, 'input' | 'continueOnFail'> = {}) =>
	runNodeOnce(new SmartSuite(), {
		...run,
		credentials: {
			apiKey: 'k',
			workspaceId: 'sv25cxf2',
			baseUrl: server.url,
			webhooksUrl: server.url,
		},
		parameters: {
			resource: 'record',
			operation: 'search',
			tableId: { __rl: true, mode: 'id', value: 't1' },
			simplify: false,
			...options,
		},
	});

it('Return All on a page of 150,000 records: an error that says how to narrow the search', async () => {
	count = 150_000;
	const error = await failure(search({ returnAll: true }));
	expect(error.message).toBe(
		'More than 100,000 records match the search, more than one run can output',
	);
	expect(error.description).toMatch(/Add filter rules to narrow the search/);
	expect(error.description).toMatch(/set a Limit/);
});

it('exactly 100,000 records are output', async () => {
	count = 100_000;
	const items = await search({ returnAll: true });
	expect(items).toHaveLength(100_000);
});

it('a Limit of 150,000 is bounded the same way', async () => {
	count = 150_000;
	const error = await failure(search({ returnAll: false, limit: 150_000 }));
	expect(error.message).toMatch(/^More than 100,000 records match the search/);
});

it('the cap holds per run: three items of 40,000 records each output 80,000, and the third says why it has none', async () => {
	count = 40_000;
	const items = await search({ returnAll: true }, { input: [{}, {}, {}], continueOnFail: true });
	expect(items).toHaveLength(80_001);
	expect(items.slice(0, 80_000).every((item) => typeof item.json.id === 'string')).toBe(true);
	expect(items[80_000].json.error).toBe(
		'More than 20,000 records match the search, more than this run can still output: its earlier items output 80,000 of the 100,000 one run can',
	);
	expect(items[80_000].pairedItem).toEqual({ item: 2 });
});
