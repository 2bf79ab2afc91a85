/**
 * Issue 10, item 13: errors say what is wrong. A network failure names its reason in the node,
 * the trigger and the credential test; an id that is an object, a list or a boolean says so; an
 * id with half of a surrogate pair is refused before any request; JSON that is not an object is
 * described as what it is; a wait is never "0 seconds" or "0.001 seconds".
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { createPoller, runNodeOnce, shutdownN8nCore, testCredential } from '../helpers/n8n';
import type { Answer, Failure, HostileServer } from './server';
import { failure, GET_WEBHOOK, restoreRecord, startHostile } from './server';

let server: HostileServer;
let reply: (n: number) => Answer = () => ({ status: 200, body: {} });
/** A port nothing listens on. */
let closedUrl = '';

beforeAll(async () => {
	server = await startHostile((_request, n) => reply(n));
	const closed = await startHostile(() => ({ status: 200 }));
	closedUrl = closed.url;
	await closed.close();
});
beforeEach(() => {
	server.received.length = 0;
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

const credentials = (url = server.url) => ({
	apiKey: 'k'.repeat(40),
	workspaceId: 'sv25cxf2',
	baseUrl: url,
	webhooksUrl: url,
});

const getWebhook = GET_WEBHOOK;
const restoreFromInput = restoreRecord('={{ $json.id }}');

async function nodeError(
	parameters: INodeParameters,
	{ url, input }: { url?: string; input?: IDataObject[] } = {},
): Promise<Failure> {
	return await failure(
		runNodeOnce(new SmartSuite(), { parameters, credentials: credentials(url), input }),
	);
}

async function pollError(url?: string): Promise<Failure> {
	const poller = createPoller(new SmartSuiteTrigger(), {
		credentials: credentials(url),
		parameters: { webhookId: 'w1', events: [], options: { startFrom: 'allStoredEvents' } },
	});
	return await failure(poller.poll());
}

describe('network failures name their reason', () => {
	it('the trigger, when nothing listens at the address', async () => {
		const error = await pollError(closedUrl);

		expect(error.message).toBe('Could not reach SmartSuite: the connection was refused');
		expect(error.description).toMatch(/^Network error ECONNREFUSED\./);
	});

	it('the trigger, when the server closes the connection without an answer', async () => {
		const dropping = net.createServer((socket) => socket.once('data', () => socket.destroy()));
		await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;

		const error = await pollError(url).finally(() => dropping.close());

		expect(error.message).toBe(
			'Could not reach SmartSuite: the connection was closed before an answer arrived',
		);
		expect(error.description).toMatch(/^Network error ECONNRESET\./);
	});

	it('the node and the credential test, when nothing listens at the address', async () => {
		const error = await nodeError(getWebhook, { url: closedUrl });
		expect(error.message).toBe('Could not reach SmartSuite: the connection was refused');
		expect(error.description).toMatch(/^Network error ECONNREFUSED\./);

		// n8n's words (2.8) or the code (2.41): a credential test reports what n8n makes of the failure.
		expect((await testCredential(credentials(closedUrl))).message).toMatch(
			/^(ECONNREFUSED|The service refused the connection - perhaps it is offline)$/,
		);
	});
});

describe('an id that is not text', () => {
	it.each([
		['an object', { table: 't1' }],
		['a list', ['r1']],
		['true (a boolean)', true],
	])('says it is %s, not that it is empty', async (kind, id) => {
		const error = await nodeError(restoreFromInput, { input: [{ id }] });

		expect(error.message).toBe(`The parameter "Record" is ${kind}, not an id`);
		expect(server.received).toEqual([]);
	});

	it('an id with half of a surrogate pair is refused before any request, not "URI malformed"', async () => {
		for (const id of ['r1\uD83D', '\uDE00r1', 'a\uDE00\uD83Db']) {
			const error = await nodeError(restoreFromInput, { input: [{ id }] });

			expect(error.message).toBe(
				'The parameter "Record" contains a broken character (half of a UTF-16 surrogate pair)',
			);
		}
		expect(server.received).toEqual([]);
	});

	it('a whole emoji is an ordinary character', async () => {
		reply = () => ({ status: 200, body: { id: 'r1' } });
		await runNodeOnce(new SmartSuite(), {
			parameters: restoreFromInput,
			credentials: credentials(),
			input: [{ id: 'r\uD83D\uDE00' }],
		});

		expect(server.received[0].path).toBe('/api/v1/applications/t1/records/r%F0%9F%98%80/restore/');
	});
});

describe('an answer that is JSON but not an object', () => {
	it.each([
		['[{"webhook_id": "w1"}]', 'SmartSuite sent JSON that is not an object (an array)'],
		['"ok"', 'SmartSuite sent JSON that is not an object (a string)'],
		['42', 'SmartSuite sent JSON that is not an object (a number)'],
		['null', 'SmartSuite sent JSON that is not an object (null)'],
		['{"webhook_id": ', 'SmartSuite sent an answer that is not valid JSON'],
		['', 'SmartSuite sent an answer that is not valid JSON'],
	])('%s: the node and the trigger say "%s"', async (body, message) => {
		reply = () => ({ status: 200, body });

		expect((await nodeError(getWebhook)).message).toBe(message);
		expect((await pollError()).message).toBe(message);
	});
});

describe('a 429 never asks to wait 0 seconds', () => {
	it.each([
		['0', 'Wait 1 second '],
		['0.001', 'Wait 1 second '],
		['-5', 'Wait 1 second '],
		['1.2', 'Wait 2 seconds '],
		[new Date(Date.now() - 60_000).toUTCString(), 'Wait 1 second '],
	])('Retry-After: %s', async (retryAfter, wait) => {
		reply = () => ({
			status: 429,
			headers: { 'retry-after': retryAfter },
			body: { code: 'resource_exhausted', msg: 'slow down' },
		});

		const error = await nodeError(getWebhook);

		expect(error.description).toContain(wait);
		expect(error.description).not.toMatch(/Wait (0|0\.\d+|-\d+) seconds/);
	});
});
