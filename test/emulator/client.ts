/** Test helpers: emulators closed after each test, requests over real HTTP (undici), and a receiver of pings. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { type Emulator, type EmulatorOptions, startEmulator } from './index';

const running: Emulator[] = [];

/** Starts an emulator that is closed after the current test. */
export async function start(options?: EmulatorOptions): Promise<Emulator> {
	const emulator = await startEmulator(options);
	running.push(emulator);
	return emulator;
}

const receivers: PingReceiver[] = [];

afterEach(async () => {
	await Promise.all([
		...running.splice(0).map((emulator) => emulator.close()),
		...receivers.splice(0).map((receiver) => receiver.close()),
	]);
});

export interface ReceivedPing {
	method: string;
	path: string;
	/** Lower-cased header names. */
	headers: http.IncomingHttpHeaders;
	body: string;
	/** When it arrived (performance.now(), ms). */
	atMs: number;
}

/** How the receiver answers a ping: a status, or 'hang' (no answer until the sender gives up). */
export type PingAnswer = number | 'hang';

export interface PingReceiver {
	/** e.g. "http://127.0.0.1:40125/hook" */
	url: string;
	readonly pings: ReceivedPing[];
	/** Answers the next pings, one per call (n-th ping: answers[n-1]); after the list, `otherwise`. */
	answer(answers: PingAnswer[], otherwise?: PingAnswer): void;
	/** How many pings were being answered at once, at most (the sender's concurrency). */
	readonly maxInFlight: number;
	close(): Promise<void>;
}

/** A notification URL on 127.0.0.1 that records every request (closed after the current test); answers 200 with an empty body. */
export async function startPingReceiver(path = '/hook'): Promise<PingReceiver> {
	let answers: PingAnswer[] = [];
	let otherwise: PingAnswer = 200;
	let inFlight = 0;
	let maxInFlight = 0;
	const pings: ReceivedPing[] = [];
	const server = http.createServer((req, res) => {
		inFlight++;
		maxInFlight = Math.max(maxInFlight, inFlight);
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			pings.push({
				method: req.method ?? '',
				path: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
				atMs: performance.now(),
			});
			const answer = answers.shift() ?? otherwise;
			// A little time in flight, so that pings sent at once overlap here.
			setTimeout(() => {
				inFlight--;
				if (answer !== 'hang') res.writeHead(answer).end();
			}, 20);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const running: PingReceiver = {
		url: `http://127.0.0.1:${port}${path}`,
		pings,
		get maxInFlight() {
			return maxInFlight;
		},
		answer: (next, fallback = 200) => {
			answers = [...next];
			otherwise = fallback;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
	receivers.push(running);
	return running;
}

export interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	json: () => any;
}

export function authHeaders(emu: Emulator): Record<string, string> {
	return {
		authorization: `Token ${emu.apiKey}`,
		'account-id': emu.workspaceId,
		'content-type': 'application/json',
	};
}

export type Method = 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends with the emulator's credentials; a GET (or a DELETE without body) sends no body. */
export async function send(
	url: string,
	emu: Emulator,
	options: {
		body?: unknown;
		rawBody?: string | Buffer;
		headers?: Record<string, string | undefined>;
		method?: Method;
	} = {},
): Promise<Answer> {
	const headers = Object.fromEntries(
		Object.entries({ ...authHeaders(emu), ...options.headers }).filter(
			(entry): entry is [string, string] => entry[1] !== undefined,
		),
	);
	const method = options.method ?? 'POST';
	const bodyless =
		method === 'GET' ||
		(method === 'DELETE' && options.body === undefined && options.rawBody === undefined);
	const body = bodyless ? undefined : (options.rawBody ?? JSON.stringify(options.body ?? {}));
	const res = await request(url, { method, headers, body });
	const text = await res.body.text();
	return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) };
}
