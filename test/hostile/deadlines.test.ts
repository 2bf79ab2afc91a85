/**
 * Issue 49, point 1: every deadline is a deadline. A server that keeps the connection busy (a
 * byte of the body every 0.8 s, endless `102 Processing`, headers a byte a second) holds n8n's
 * idle-socket timeout open for ever; the package's deadlines are aborts from the request's start:
 * a request's timeout, a poll's budget, Download Files' Max Time per File. Against a
 * purpose-built server on 127.0.0.1 that plays SmartSuite's two APIs and a file host, whose slow
 * answers end after about 30 s (so that the code before the fix ends too, late).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { REQUEST_LIMITS } from '../../nodes/SmartSuite/shared/transport';
import { POLL_LIMITS } from '../../nodes/SmartSuite/trigger/limits';
import { createPoller, runNodeInWorkflow, runNodeOnce, shutdownN8nCore } from '../helpers/n8n';
import { failure } from './server';

/** How the server keeps a slow answer going. */
type Slowness = 'body' | 'processing' | 'headers';

/** Slow answers by path; every other path answers at once. */
let slow: Record<string, Slowness> = {};
const received: string[] = [];
const timers = new Set<NodeJS.Timeout>();
let server: http.Server;
let url = '';

const STRUCTURE = {
	id: 't1',
	structure: [
		{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
		{ slug: 'files', label: 'Attachments', field_type: 'filefield', params: {} },
	],
};
const RECORD = {
	id: 'r1',
	title: 'Slow',
	files: [{ handle: 'h1', metadata: { filename: 'slow.bin', mimetype: 'text/plain', size: 5 } }],
};
const PAGE = { events: [], next_page_token: '' };

/** The answer of each path, when it comes. */
function answerOf(path: string): unknown {
	if (path === '/api/v1/applications/t1/') return STRUCTURE;
	if (path === '/api/v1/applications/t1/records/r1/') return RECORD;
	if (path === '/api/v1/shared-files/h1/url/') return { url: `${url}/files/h1` };
	if (path.endsWith('/GetWebhook')) return { webhook_id: 'w1', system_status: {} };
	if (path.endsWith('/ListEvents')) return PAGE;
	return 'hello';
}

/** Calls `tick` every `ms` until it returns false or the connection closes. */
function every(ms: number, res: http.ServerResponse, tick: () => boolean): void {
	const timer = setInterval(() => {
		if (!tick()) stop();
	}, ms);
	const stop = () => {
		clearInterval(timer);
		timers.delete(timer);
	};
	timers.add(timer);
	res.on('close', stop);
}

/** 40 bytes, 0.8 s apart: 32 s. */
const SLOW_BYTES = 40;

function serve(req: http.IncomingMessage, res: http.ServerResponse): void {
	const path = (req.url ?? '').replace(/\?.*/, '');
	received.push(path);
	const answer = answerOf(path);
	const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
	const type = typeof answer === 'string' ? 'text/plain' : 'application/json';
	const slowness = slow[path];
	if (slowness === undefined) return void res.writeHead(200, { 'content-type': type }).end(text);
	let sent = 0;
	if (slowness === 'body') {
		// JSON may start with white space: a space every 0.8 s, then the answer.
		res.writeHead(200, {
			'content-type': type,
			'content-length': String(SLOW_BYTES + text.length),
		});
		return every(800, res, () => {
			sent += 1;
			if (sent < SLOW_BYTES) res.write(' ');
			else res.end(` ${text}`);
			return sent < SLOW_BYTES;
		});
	}
	if (slowness === 'processing') {
		return every(800, res, () => {
			sent += 1;
			if (sent < SLOW_BYTES) res.writeProcessing();
			else res.writeHead(200, { 'content-type': type }).end(text);
			return sent < SLOW_BYTES;
		});
	}
	// The status line and headers a byte a second, written on the socket itself.
	const head = `HTTP/1.1 200 OK\r\ncontent-type: ${type}\r\ncontent-length: ${text.length}\r\nconnection: close\r\n\r\n${text}`;
	every(1000, res, () => {
		req.socket.write(head.slice(sent, sent + 1));
		sent += 1;
		if (sent < head.length) return true;
		req.socket.end();
		return false;
	});
}

beforeAll(async () => {
	server = http.createServer(serve);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
const DEFAULT_REQUEST_LIMITS = { ...REQUEST_LIMITS };
const DEFAULT_POLL_LIMITS = { ...POLL_LIMITS };
beforeEach(() => {
	received.length = 0;
	slow = {};
});
afterEach(() => {
	Object.assign(REQUEST_LIMITS, DEFAULT_REQUEST_LIMITS);
	Object.assign(POLL_LIMITS, DEFAULT_POLL_LIMITS);
	for (const timer of timers) clearInterval(timer);
	timers.clear();
	server.closeAllConnections();
});
afterAll(async () => {
	await new Promise<void>((resolve) => server.close(() => resolve()));
	shutdownN8nCore();
});

const credentials = () => ({
	apiKey: 'k'.repeat(40),
	workspaceId: 'sv25cxf2',
	baseUrl: url,
	webhooksUrl: url,
});
const rl = (value: string) => ({ __rl: true, mode: 'id', value });

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
	const started = Date.now();
	const result = await work();
	return { result, seconds: (Date.now() - started) / 1000 };
}

it("an action's request: Record > Get against a body a byte every 0.8 s fails at its timeout, each attempt", async () => {
	REQUEST_LIMITS.deadlineMs = 2000;
	slow = { '/api/v1/applications/t1/records/r1/': 'body' };

	const { result: error, seconds } = await timed(
		async () =>
			await failure(
				runNodeOnce(new SmartSuite(), {
					parameters: {
						resource: 'record',
						operation: 'get',
						tableId: rl('t1'),
						recordId: rl('r1'),
					},
					credentials: credentials(),
				}),
			),
	);

	expect(error.message).toBe('SmartSuite did not answer within 2 s');
	// A read is sent again after a request without an answer, as after a network failure: 4 attempts.
	const reads = received.filter((path) => path === '/api/v1/applications/t1/records/r1/');
	expect(reads).toHaveLength(4);
	expect(seconds).toBeLessThan(4 * 2 + 3 * 1 + 5);
}, 90_000);

it("a poll's budget: the polling trigger against endless 102 Processing ends within its budget", async () => {
	POLL_LIMITS.budgetMs = 3000;
	slow = { '/service.webhooks.engine.Webhooks/ListEvents': 'processing' };
	const trigger = createPoller(new SmartSuiteTrigger(), {
		credentials: credentials(),
		parameters: { webhookId: 'w1', events: [], options: { simplify: false } },
	});

	const { result: error, seconds } = await timed(async () => await failure(trigger.poll()));

	// The last request had what was left of the budget (n8n 2.41 has its own, a little shorter).
	expect(error.message).toMatch(/^SmartSuite did not answer within (3|2\.\d) s$/);
	expect(seconds).toBeLessThan(3 + 2);
}, 90_000);

describe('Max Time per File', () => {
	const download = async () =>
		await runNodeInWorkflow(new SmartSuite(), {
			parameters: {
				resource: 'record',
				operation: 'downloadFiles',
				tableId: rl('t1'),
				recordId: rl('r1'),
				fieldId: 'files',
				// A Timeout between bytes longer than Max Time per File: only the deadline can end it.
				options: { timeout: 10_000, fileDeadline: 2000 },
			},
			credentials: credentials(),
			continueOnFail: true,
		});

	it.each<[string, Slowness]>([
		['endless 102 Processing', 'processing'],
		['headers a byte a second', 'headers'],
	])(
		'holds against %s',
		async (_name, slowness) => {
			slow = { '/files/h1': slowness };

			const { result: run, seconds } = await timed(download);

			expect(run.output).toHaveLength(1);
			expect(run.output[0].binary).toBeUndefined();
			expect(run.output[0].json.error).toBe(
				'Could not download the file "slow.bin": it took longer than Max Time per File (2000 ms)',
			);
			expect(seconds).toBeLessThan(2 + 3);
		},
		90_000,
	);
});
