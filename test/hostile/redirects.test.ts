/**
 * Issue 10, item 1: SmartSuite's API is POST-only and never redirects. A redirect is answered
 * with a clear error naming the address, and is never followed: the API key must not reach
 * another host (here another loopback address, 127.0.0.2) by any request of the node, the
 * trigger or the credential test.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { createPoller, runNodeOnce, shutdownN8nCore, testCredential } from '../helpers/n8n';
import type { HostileServer } from './server';
import { failure, GET_WEBHOOK, restoreRecord, startHostile } from './server';

const API_KEY = 'key-3f9a7c21d4e85b60a1f2c3d4e5f60718';

let elsewhere: HostileServer;
let location = '';
let status = 302;
let redirecting: HostileServer;

beforeAll(async () => {
	// Answers like SmartSuite would, to whoever asks: a followed redirect would look like success.
	elsewhere = await startHostile(
		() => ({
			status: 200,
			body: { webhook_id: 'w1', events: [{ event_id: 'e1' }], next_page_token: '' },
		}),
		'127.0.0.2',
	);
	redirecting = await startHostile((request) => ({
		status,
		headers: { location: `${location}${request.path}` },
		body: {},
	}));
});
beforeEach(() => {
	elsewhere.received.length = 0;
	redirecting.received.length = 0;
});
afterAll(async () => {
	await Promise.all([elsewhere.close(), redirecting.close()]);
	shutdownN8nCore();
});

const credentials = () => ({
	apiKey: API_KEY,
	workspaceId: 'sv25cxf2',
	baseUrl: redirecting.url,
	webhooksUrl: redirecting.url,
});

const operations: Array<[string, INodeParameters]> = [
	['Record > Restore', restoreRecord('r1')],
	['Webhook > Get', GET_WEBHOOK],
	['Webhook > Delete', { resource: 'webhook', operation: 'delete', webhookId: 'w1' }],
	[
		'Webhook > List Events',
		{ resource: 'webhook', operation: 'listEvents', webhookId: 'w1', returnAll: true },
	],
	[
		'Webhook > List',
		{
			resource: 'webhook',
			operation: 'list',
			solutionId: { __rl: true, mode: 'id', value: 's1' },
			returnAll: true,
		},
	],
	[
		'Webhook > Create',
		{
			resource: 'webhook',
			operation: 'create',
			solutionId: { __rl: true, mode: 'id', value: 's1' },
			tableIds: ['t1'],
		},
	],
];

/** Both a redirect to another host and one to the same host (a path change) are refused. */
const targets = [
	['another host', () => elsewhere.url],
	['the same host', () => redirecting.url + '/moved'],
] as const;

describe.each([301, 302, 303, 307, 308])('a %i redirect', (code) => {
	beforeEach(() => {
		status = code;
		location = elsewhere.url;
	});

	it.each(operations)(
		'%s: is not followed, and the error names the address',
		async (_name, parameters) => {
			const error = await failure(
				runNodeOnce(new SmartSuite(), { parameters, credentials: credentials() }),
			);

			expect(elsewhere.received).toEqual([]);
			expect(redirecting.received).toHaveLength(1);
			expect(error.message).toMatch(new RegExp(`redirect.*\\(${code}\\)`));
			expect(error.description).toContain(elsewhere.url);
			expect(JSON.stringify(error)).not.toContain(API_KEY);
		},
	);

	it('trigger: is not followed, and the poll fails naming the address', async () => {
		const poller = createPoller(new SmartSuiteTrigger(), {
			credentials: credentials(),
			parameters: { webhookId: 'w1', events: [], options: { startFrom: 'allStoredEvents' } },
		});

		const error = await failure(poller.poll());

		expect(elsewhere.received).toEqual([]);
		expect(error.message).toMatch(new RegExp(`redirect.*\\(${code}\\)`));
		expect(error.description).toContain(elsewhere.url);
		expect(poller.staticData()).toEqual({});
	});

	it('credential test: is not followed, and fails naming the setting (n8n 2.8: its own words for the status)', async () => {
		const result = await testCredential(credentials());

		expect(elsewhere.received).toEqual([]);
		expect(redirecting.received).toHaveLength(1);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(
			new RegExp(
				`redirects elsewhere \\(${code}\\).*Records API Base URL|Request failed with status code ${code}`,
			),
		);
	});
});

it.each(targets)('a redirect to %s is refused as well', async (_name, target) => {
	status = 307;
	location = target();

	await expect(
		runNodeOnce(new SmartSuite(), {
			parameters: operations[1][1],
			credentials: credentials(),
		}),
	).rejects.toThrow(/redirect/);
	expect(elsewhere.received).toEqual([]);
	expect(redirecting.received).toHaveLength(1);
});
