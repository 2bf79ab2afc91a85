/**
 * Issue 49: no answer is read past 64 MB. A server that sends 200 MB (no Content-Length), or
 * announces 700 MB: the node and the trigger fail with an error naming the request and the size,
 * never "Could not reach SmartSuite", and stop reading there.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { createPoller, runNodeOnce, shutdownN8nCore } from '../helpers/n8n';
import { failure, GET_WEBHOOK } from './server';

const MB = 1024 * 1024;
/** How the server answers: `sent` counts the bytes it managed to write. */
let mode: 'stream' | 'announce' = 'stream';
let sent = 0;
let server: http.Server;
let url = '';

beforeAll(async () => {
	server = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			if (mode === 'announce') {
				// 700 MB announced; a few bytes sent, then the connection is closed.
				res.writeHead(200, { 'content-type': 'application/json', 'content-length': 700 * MB });
				res.write('{"events": [');
				setTimeout(() => res.destroy(), 2000).unref();
				return;
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			const chunk = Buffer.alloc(MB, 'x');
			res.write('{"webhook_id": "');
			const more = () => {
				while (sent < 200 * MB) {
					sent += chunk.length;
					if (!res.write(chunk)) return void res.once('drain', more);
				}
				res.end('"}');
			};
			res.on('close', () => res.removeAllListeners('drain'));
			more();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
	sent = 0;
});
afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
	shutdownN8nCore();
});

const credentials = () => ({
	apiKey: 'k',
	workspaceId: 'sv25cxf2',
	baseUrl: url,
	webhooksUrl: url,
});
const nodeError = () =>
	failure(runNodeOnce(new SmartSuite(), { parameters: GET_WEBHOOK, credentials: credentials() }));
const pollError = () =>
	failure(
		createPoller(new SmartSuiteTrigger(), {
			credentials: credentials(),
			parameters: { webhookId: 'w1', events: [], options: {} },
		}).poll(),
	);

it('200 MB without Content-Length: the node and the trigger stop at 64 MB with an error naming the request', async () => {
	for (const run of [nodeError, pollError]) {
		sent = 0;
		const error = await run();
		expect(error.message).toBe(
			'The answer to POST /service.webhooks.engine.Webhooks/GetWebhook is too large: more than 64 MB, over the limit of 64 MB',
		);
		expect(error.message).not.toMatch(/could not reach/i);
		expect(error.description).toMatch(/ask for fewer at a time/);
		// Read no further than the limit (and what was on its way).
		expect(sent).toBeLessThan(150 * MB);
	}
});

it('700 MB announced: refused before the body, naming the size', async () => {
	mode = 'announce';
	const started = Date.now();
	const error = await nodeError();
	expect(error.message).toBe(
		'The answer to POST /service.webhooks.engine.Webhooks/GetWebhook is too large: 700 MB, over the limit of 64 MB',
	);
	expect(Date.now() - started).toBeLessThan(1500);
});
