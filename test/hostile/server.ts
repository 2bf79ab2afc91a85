/**
 * A purpose-built server for answers SmartSuite never gives: redirects, error bodies that quote
 * the key, endless or huge pages. It records every request it receives, headers included, so a
 * test can tell whether the API key reached it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INodeParameters } from 'n8n-workflow';

export interface Received {
	method: string;
	path: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

export interface Answer {
	status: number;
	headers?: Record<string, string>;
	/** Sent as is when a string, as JSON otherwise. */
	body?: unknown;
}

export interface HostileServer {
	/** http://<host>:<port>, usable as both base URLs of the credential. */
	url: string;
	received: Received[];
	close(): Promise<void>;
}

/** Listens on `host` (any 127.0.0.x address: another host than the emulator's 127.0.0.1). */
export async function startHostile(
	answer: (request: Received, n: number) => Answer,
	host = '127.0.0.1',
): Promise<HostileServer> {
	const received: Received[] = [];
	const server = http.createServer(async (req, res) => {
		let body = '';
		for await (const chunk of req) body += chunk;
		const request: Received = {
			method: req.method ?? '',
			path: req.url ?? '',
			headers: req.headers,
			body,
		};
		received.push(request);
		const reply = answer(request, received.length);
		const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
		res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
		res.end(text);
	});
	await new Promise<void>((resolve) => server.listen(0, host, resolve));
	return {
		url: `http://${host}:${(server.address() as AddressInfo).port}`,
		received,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

/**
 * Answers like the webhooks API: GetWebhook with an active webhook, ListEvents with `page(token)`
 * (a JSON text, so that keys such as "__proto__" arrive exactly as written).
 */
export function webhooksApi(page: (pageToken: string) => string): (request: Received) => Answer {
	return (request) => {
		if (request.path.endsWith('/GetWebhook'))
			return { status: 200, body: { webhook_id: 'w1', system_status: {} } };
		const { page_token: pageToken = '' } = JSON.parse(request.body || '{}') as {
			page_token?: string;
		};
		return { status: 200, body: page(pageToken) };
	};
}

export type Failure = Error & { description?: string; httpCode?: string };

/** What a run that must fail threw; fails the test when it did not throw. */
export async function failure(run: Promise<unknown>): Promise<Failure> {
	return await run.then(
		() => {
			throw new Error('expected a failure');
		},
		(error: Failure) => error,
	);
}

/** What `work` gave, and how long it took (s). */
export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
	const started = Date.now();
	const result = await work();
	return { result, seconds: (Date.now() - started) / 1000 };
}

/** A credential pointing both SmartSuite hosts at one hostile server. */
export const hostileCredentials = (url: string) => ({
	apiKey: 'k'.repeat(40),
	workspaceId: 'sv25cxf2',
	baseUrl: url,
	webhooksUrl: url,
});

/** Node parameters the hostile suites run with. */
export const GET_WEBHOOK: INodeParameters = {
	resource: 'webhook',
	operation: 'get',
	webhookId: 'w1',
};

export const restoreRecord = (recordId: string): INodeParameters => ({
	resource: 'record',
	operation: 'restore',
	tableId: { __rl: true, mode: 'id', value: 't1' },
	recordId,
});

/**
 * How a slow answer keeps the connection busy, so that n8n's idle-socket timeout never fires: a
 * byte of the body every 0.8 s ('body'), endless `102 Processing` ('processing'), the status line
 * and headers a byte a second ('headers'). Each ends after about 32 s, with the whole answer.
 */
export type Slowness = 'body' | 'processing' | 'headers';

export interface SlowServer {
	/** http://127.0.0.1:<port>, usable as both base URLs of the credential. */
	url: string;
	/** The paths received (without query), in order. */
	received: string[];
	/** The slow answers by path (without query); every other path answers at once. */
	slow: Record<string, Slowness>;
	/** Forgets what was received and the slow paths, and ends the slow answers. */
	reset(): void;
	close(): Promise<void>;
}

/** Ticks of a slow answer before it ends: 40 bytes 0.8 s apart, 32 s. */
const SLOW_BYTES = 40;

/** A server that answers each path with `answerOf(path)` (text as text/plain, else JSON), slowly where told. */
export async function startSlowServer(
	answerOf: (path: string, server: SlowServer) => unknown,
): Promise<SlowServer> {
	const timers = new Set<NodeJS.Timeout>();
	/** Calls `tick` every `ms` until it returns false or the connection closes. */
	const every = (ms: number, res: http.ServerResponse, tick: () => boolean) => {
		const timer = setInterval(() => {
			if (!tick()) stop();
		}, ms);
		const stop = () => {
			clearInterval(timer);
			timers.delete(timer);
		};
		timers.add(timer);
		res.on('close', stop);
	};
	const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
		const path = (req.url ?? '').replace(/\?.*/, '');
		slowServer.received.push(path);
		const answer = answerOf(path, slowServer);
		const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
		const type = typeof answer === 'string' ? 'text/plain' : 'application/json';
		const slowness = slowServer.slow[path];
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
	};
	const server = http.createServer(serve);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const slowServer: SlowServer = {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		received: [],
		slow: {},
		reset() {
			slowServer.received.length = 0;
			slowServer.slow = {};
			for (const timer of timers) clearInterval(timer);
			timers.clear();
			server.closeAllConnections();
		},
		close: () =>
			new Promise<void>((resolve) => {
				slowServer.reset();
				server.close(() => resolve());
			}),
	};
	return slowServer;
}
