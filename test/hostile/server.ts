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
