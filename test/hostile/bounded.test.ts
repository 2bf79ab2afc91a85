/**
 * Issue 10, items 8 and 12, for the action node's List Events: a stream that never ends stops at
 * Max Pages (which a user can raise) with a clear error, a page pointing back to itself is an
 * error, and a page far larger than asked for (a server ignoring page_size) is read without
 * "Maximum call stack size exceeded".
 */
import type { INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { createPoller, runNodeOnce, shutdownN8nCore } from '../helpers/n8n';
import type { HostileServer } from './server';
import { failure, startHostile, webhooksApi } from './server';

let server: HostileServer;
let page: (pageToken: string) => string = () => '{}';

beforeAll(async () => {
	server = await startHostile(webhooksApi((pageToken) => page(pageToken)));
});
beforeEach(() => {
	server.received.length = 0;
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

const listEvents = (extra: INodeParameters): INodeParameters => ({
	resource: 'webhook',
	operation: 'listEvents',
	webhookId: 'w1',
	...extra,
});

const run = async (parameters: INodeParameters) =>
	await runNodeOnce(new SmartSuite(), {
		parameters,
		credentials: {
			apiKey: 'k'.repeat(40),
			workspaceId: 'sv25cxf2',
			baseUrl: server.url,
			webhooksUrl: server.url,
		},
	});

const tokensRequested = () =>
	server.received.map((request) => (JSON.parse(request.body) as { page_token: string }).page_token);

/** Page n holds event n and points to page n + 1, up to `pages` pages (endless by default). */
function stream(pages = Infinity): (pageToken: string) => string {
	return (pageToken) => {
		const n = pageToken === '' ? 1 : Number(pageToken);
		// A safety net for the code before the fix, which would read for ever.
		if (n > 5000) return '{"events": [], "next_page_token": ""}';
		const next = n < pages ? String(n + 1) : '';
		return JSON.stringify({ events: [{ event_id: `w1.${n}` }], next_page_token: next });
	};
}

describe('a stream that goes on and on', () => {
	it('Return All stops at the default Max Pages (1,000) with an error saying how to read further', async () => {
		page = stream();

		const error = await failure(run(listEvents({ returnAll: true })));

		expect(error.message).toBe('Stopped after reading 1000 pages of events');
		expect(error.description).toMatch(/raise Max Pages or Page Size under Options/);
		expect(server.received).toHaveLength(1000);
	}, 60_000);

	it('a user can raise Max Pages to read a longer stream', async () => {
		page = stream(8);

		await expect(run(listEvents({ returnAll: true, options: { maxPages: 7 } }))).rejects.toThrow(
			'Stopped after reading 7 pages of events',
		);
		server.received.length = 0;
		const items = await run(listEvents({ returnAll: true, options: { maxPages: 8 } }));

		expect(items.map((item) => item.json.event_id)).toEqual([
			'w1.1',
			'w1.2',
			'w1.3',
			'w1.4',
			'w1.5',
			'w1.6',
			'w1.7',
			'w1.8',
		]);
		expect(server.received).toHaveLength(8);
	});

	it('a Limit larger than the pages hold is bounded the same way', async () => {
		page = stream();

		await expect(
			run(listEvents({ returnAll: false, limit: 100, options: { maxPages: 5 } })),
		).rejects.toThrow('Stopped after reading 5 pages of events');
		expect(server.received).toHaveLength(5);
	});

	it('Max Pages must be a whole number of at least 1, checked before any request', async () => {
		await expect(run(listEvents({ returnAll: true, options: { maxPages: 0 } }))).rejects.toThrow(
			'The parameter "Max Pages" must be a whole number from 1 to',
		);
		expect(server.received).toHaveLength(0);
	});
});

describe('Webhook > List', () => {
	const listWebhooks: INodeParameters = {
		resource: 'webhook',
		operation: 'list',
		solutionId: { __rl: true, mode: 'id', value: 's1' },
		returnAll: true,
	};
	const webhooksPage = (n: number, next: string) =>
		JSON.stringify({ webhooks: [{ webhook_id: `w${n}` }], next_page_token: next });

	it('a stream of webhooks that goes on and on stops after 100 pages with an error', async () => {
		page = (pageToken) => {
			const n = pageToken === '' ? 1 : Number(pageToken);
			return webhooksPage(n, n > 5000 ? '' : String(n + 1));
		};

		const error = await failure(run(listWebhooks));

		expect(error.message).toBe('Stopped after reading 100 pages of webhooks');
		expect(server.received).toHaveLength(100);
	});

	it('a page that points back to itself is an error, not a quiet end', async () => {
		page = (pageToken) => webhooksPage(1, pageToken || 'p2');

		const error = await failure(run(listWebhooks));

		expect(error.message).toBe(
			'SmartSuite repeated a page token, so reading the webhooks stopped to avoid looping',
		);
	});
});

it('a page that points back to itself is an error, not a loop', async () => {
	page = (pageToken) =>
		JSON.stringify({
			events: [{ event_id: `w1.${pageToken}` }],
			next_page_token: pageToken || 'p2',
		});

	const error = await failure(run(listEvents({ returnAll: true })));

	expect(error.message).toBe(
		'SmartSuite repeated a page token, so reading the events stopped to avoid looping',
	);
	expect(tokensRequested()).toEqual(['', 'p2']);
});

describe('a server that ignores page_size and answers 200,000 events at once', () => {
	const huge = JSON.stringify({
		events: Array.from({ length: 200_000 }, (_, n) => ({
			event_id: `w1.${n + 1}`,
			kind: 'RECORD_UPDATED',
		})),
		next_page_token: 'more',
	});
	beforeEach(() => {
		page = (pageToken) => (pageToken === '' ? huge : '{"events": [], "next_page_token": ""}');
	});

	it('Limit: the first events, from one request', async () => {
		const items = await run(listEvents({ returnAll: false, limit: 50 }));

		expect(items).toHaveLength(50);
		expect(items[49].json.event_id).toBe('w1.50');
		expect(server.received).toHaveLength(1);
	});

	it('Return All: a clear error, as more than n8n can output from one node run', async () => {
		const error = await failure(run(listEvents({ returnAll: true })));

		expect(error.message).toBe(
			'The webhook holds more than 100,000 events, more than one run can output',
		);
		expect(error.description).toMatch(/set a Limit/);
	});

	it('a Limit of up to 100,000 events is served from the page', async () => {
		const items = await run(listEvents({ returnAll: false, limit: 100_000 }));

		expect(items).toHaveLength(100_000);
		expect(items[99_999].json.event_id).toBe('w1.100000');
	});
});

describe('the trigger, on a page of 200,000 events', () => {
	it('emits them without spreading the page into a call', async () => {
		const events = Array.from({ length: 200_000 }, (_, n) => ({
			event_id: `w1.${n + 1}`,
			kind: 'RECORD_UPDATED',
		}));
		page = (pageToken) =>
			pageToken === '' ? JSON.stringify({ events, next_page_token: '' }) : '{}';
		const poller = createPoller(new SmartSuiteTrigger(), {
			credentials: {
				apiKey: 'k'.repeat(40),
				workspaceId: 'sv25cxf2',
				baseUrl: server.url,
				webhooksUrl: server.url,
			},
			parameters: {
				webhookId: 'w1',
				events: [],
				options: { startFrom: 'allStoredEvents', simplify: true },
			},
		});

		const output = await poller.poll();

		expect(output?.[0]).toHaveLength(200_000);
		expect(output?.[0][199_999].json.event_id).toBe('w1.200000');
	});
});
