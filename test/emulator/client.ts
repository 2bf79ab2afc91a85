/** Test helpers: emulators closed after each test, and requests over real HTTP (undici). */
import { request } from 'undici';
import { type Emulator, type EmulatorOptions, startEmulator } from './index';

const running: Emulator[] = [];

/** Starts an emulator that is closed after the current test. */
export async function start(options?: EmulatorOptions): Promise<Emulator> {
	const emulator = await startEmulator(options);
	running.push(emulator);
	return emulator;
}

afterEach(async () => {
	await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});

export interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	json: () => any;
}

export function authHeaders(emu: Emulator): Record<string, string> {
	return { authorization: `Token ${emu.apiKey}`, 'account-id': emu.workspaceId, 'content-type': 'application/json' };
}

export type Method = 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends with the emulator's credentials; a GET (or a DELETE without body) sends no body. */
export async function send(
	url: string,
	emu: Emulator,
	options: { body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string | undefined>; method?: Method } = {},
): Promise<Answer> {
	const headers = Object.fromEntries(
		Object.entries({ ...authHeaders(emu), ...options.headers }).filter((entry): entry is [string, string] => entry[1] !== undefined),
	);
	const method = options.method ?? 'POST';
	const bodyless = method === 'GET' || (method === 'DELETE' && options.body === undefined && options.rawBody === undefined);
	const body = bodyless ? undefined : options.rawBody ?? JSON.stringify(options.body ?? {});
	const res = await request(url, { method, headers, body });
	const text = await res.body.text();
	return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) };
}
