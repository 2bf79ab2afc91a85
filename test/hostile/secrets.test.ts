/**
 * Issue 10, item 2: a server that quotes the API key, in any words and URL-encoded, never gets it
 * into an error: not its message, description, JSON form (what n8n stores with a failed
 * execution), nor the credential test's message. A base URL carrying a user name and password
 * is refused before any request, and never echoed.
 */
import { inspect } from 'node:util';
import type { INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { createPoller, runNodeOnce, shutdownN8nCore, testCredential } from '../helpers/n8n';
import type { Answer, HostileServer } from './server';
import { failure, GET_WEBHOOK, restoreRecord, startHostile } from './server';

/** A key whose URL-encoded form differs from it. */
const API_KEY = 'sk+3f9a/7c21=d4e85b60a1f2';
const ENCODED = encodeURIComponent(API_KEY);

/** Ways a server may quote the key: none of them says "Token <key>" or "Bearer <key>". */
const QUOTES = [
	`unknown api key ${API_KEY}`,
	`Token: ${API_KEY}`,
	`token=${API_KEY}`,
	`rejected ${ENCODED} (url-encoded)`,
	`rejected ${ENCODED.toLowerCase()} (lower-case escapes)`,
];

let server: HostileServer;
let reply: Answer = { status: 500 };

beforeAll(async () => {
	server = await startHostile(() => reply);
});
beforeEach(() => {
	server.received.length = 0;
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

const credentials = (overrides: object = {}) => ({
	apiKey: API_KEY,
	workspaceId: 'sv25cxf2',
	baseUrl: server.url,
	webhooksUrl: server.url,
	...overrides,
});

/** Everything n8n could show or store of an error: its fields, its JSON, its inspected form. */
function everythingOf(error: unknown): string {
	const { message, description, messages } = error as {
		message?: string;
		description?: string;
		messages?: string[];
	};
	return [
		message,
		description,
		JSON.stringify(messages),
		JSON.stringify(error),
		inspect(error, { depth: Infinity }),
	].join('\n');
}

function expectNoKey(text: string): void {
	expect(text).not.toContain(API_KEY);
	expect(text.toLowerCase()).not.toContain(ENCODED.toLowerCase());
}

const getWebhook = GET_WEBHOOK;
const restore = restoreRecord('r1');

const nodeError = async (parameters: INodeParameters, overrides?: object) =>
	await failure(runNodeOnce(new SmartSuite(), { parameters, credentials: credentials(overrides) }));

const pollError = async (overrides?: object) => {
	const poller = createPoller(new SmartSuiteTrigger(), {
		credentials: credentials(overrides),
		parameters: { webhookId: 'w1', events: [], options: {} },
	});
	return await failure(poller.poll());
};

const STATUSES = [400, 401, 403, 404, 422, 429, 500, 503];
const BODIES: Array<[string, (quote: string) => unknown]> = [
	['Twirp msg', (quote) => ({ code: 'invalid', msg: quote, meta: { key: quote } })],
	['records detail', (quote) => ({ detail: quote })],
	['plain text', (quote) => quote],
	['an object as the message', (quote) => ({ error: { reason: quote } })],
];

describe.each(BODIES)('an error body (%s) quoting the key', (_name, body) => {
	it.each(STATUSES)(
		'%i: the node, the trigger and the credential test never repeat it',
		async (status) => {
			for (const quote of QUOTES) {
				reply = { status, body: body(quote), headers: { 'retry-after': '600' } };

				const errors = [await nodeError(getWebhook), await nodeError(restore), await pollError()];
				for (const error of errors) {
					expectNoKey(everythingOf(error));
					// What the server said still reaches the user, without the key.
					expect(error.description).toContain('***');
				}
				expectNoKey((await testCredential(credentials())).message);
			}
		},
	);
});

it('a redirect whose address quotes the key names the address without it', async () => {
	reply = {
		status: 302,
		headers: { location: `http://127.0.0.2:1/?key=${ENCODED}&raw=${API_KEY}` },
	};

	const error = await nodeError(getWebhook);
	expectNoKey(everythingOf(error));
	expect(error.description).toContain('http://127.0.0.2:1/?key=***&raw=***');
	expectNoKey((await testCredential(credentials())).message);
});

describe('a base URL with a user name and password', () => {
	const withUserInfo = () => server.url.replace('http://', 'http://admin:pa55-w0rd@');

	it.each([
		['Records API Base URL', { baseUrl: withUserInfo }, restore],
		['Webhooks API Base URL', { webhooksUrl: withUserInfo }, getWebhook],
	] as const)(
		'in the %s: the node refuses it before any request, without echoing it',
		async (_field, field, parameters) => {
			const overrides = Object.fromEntries(
				Object.entries(field).map(([name, url]) => [name, url()]),
			);

			const error = await nodeError(parameters, overrides);

			expect(server.received).toEqual([]);
			expect(error.message).toBe(
				'A base URL in the SmartSuite credential contains a user name or password',
			);
			expect(everythingOf(error)).not.toMatch(/admin|pa55-w0rd/);
		},
	);

	it('the trigger refuses it before any request, without echoing it', async () => {
		const error = await pollError({ webhooksUrl: withUserInfo() });

		expect(server.received).toEqual([]);
		expect(error.message).toBe(
			'A base URL in the SmartSuite credential contains a user name or password',
		);
		expect(everythingOf(error)).not.toMatch(/admin|pa55-w0rd/);
	});

	// n8n's declarative credential test cannot refuse an address: it sends its request (the README says so); it never echoes the address.
	it.each(['baseUrl', 'webhooksUrl'])(
		'the credential test never echoes it from %s',
		async (field) => {
			const result = await testCredential(credentials({ [field]: withUserInfo() }));

			expect(result.message).not.toMatch(/admin|pa55-w0rd/);
		},
	);
});

it('a page token that quotes the key never reaches the error about a repeated token', async () => {
	reply = { status: 200, body: { events: [{ event_id: 'w1.1' }], next_page_token: API_KEY } };

	const error = await nodeError({
		resource: 'webhook',
		operation: 'listEvents',
		webhookId: 'w1',
		returnAll: true,
	});

	expect(error.message).toBe(
		'SmartSuite repeated a page token, so reading the events stopped to avoid looping',
	);
	expectNoKey(everythingOf(error));
});

const rl = (value: string) => ({ __rl: true, mode: 'id', value });
/** The operations that were routes: on n8n-core 2.41, RoutingNode kept their raw request (with the key) as the `cause`. */
const FORMERLY_ROUTED: Array<[string, INodeParameters]> = [
	['Record > Restore', restore],
	['Webhook > Get', getWebhook],
	['Webhook > Delete', { ...getWebhook, operation: 'delete' }],
	['Webhook > List Events', { ...getWebhook, operation: 'listEvents', returnAll: true }],
	[
		'Webhook > List',
		{ resource: 'webhook', operation: 'list', solutionId: rl('s1'), returnAll: true },
	],
	[
		'Webhook > Create',
		{ resource: 'webhook', operation: 'create', solutionId: rl('s1'), tableIds: ['t1'] },
	],
	['Webhook > Update', { ...getWebhook, operation: 'update', events: ['RECORD_CREATED'] }],
];

// Every operation sends through the package's transport since issue 37: no error keeps the request.
it.each(FORMERLY_ROUTED)(
	'a network error of %s carries neither the request nor the key, in any form of the error',
	async (_name, parameters) => {
		const closed = await startHostile(() => ({ status: 200 }));
		await closed.close();

		expectNoKey(
			everythingOf(await nodeError(parameters, { baseUrl: closed.url, webhooksUrl: closed.url })),
		);
	},
);

it('a network error of the trigger carries neither the request nor the key', async () => {
	const closed = await startHostile(() => ({ status: 200 }));
	await closed.close();

	expectNoKey(everythingOf(await pollError({ webhooksUrl: closed.url })));
});
