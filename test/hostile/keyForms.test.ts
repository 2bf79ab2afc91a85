/**
 * Issue 49: two forms of the API key that servers and proxies write, taken out of every error:
 * its base64 wrapped at any column (76 as GNU base64 and Python write it, 64 as PEM, or any other),
 * with LF or CRLF, in a text or inside JSON; and the key URL-encoded twice or more.
 */
import { inspect } from 'node:util';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { createPoller, runNodeOnce, shutdownN8nCore } from '../helpers/n8n';
import type { Answer, HostileServer } from './server';
import { failure, GET_WEBHOOK, startHostile } from './server';

/**
 * 40 characters, as SmartSuite's keys; `+`, `/` and `=` differ once URL-encoded, and are close
 * enough that no run of 16 characters of the key stays as it is (such a run alone is taken out).
 */
const API_KEY = 'a1+b2/c3=d4e5f6a+7b8c9d0/e1f2a3b=4c5d6e7';

/** Whether a text holds any run of 16 characters of the key. */
const holdsKeyRun = (text: string) =>
	Array.from({ length: API_KEY.length - 15 }, (_, i) => API_KEY.slice(i, i + 16)).some((run) =>
		text.includes(run),
	);

let server: HostileServer;
let reply: Answer = { status: 500 };
beforeAll(async () => {
	server = await startHostile(() => reply);
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

/** The node's and the trigger's error for the current reply, everything n8n could show of them. */
async function errorTexts(): Promise<string[]> {
	const creds = {
		apiKey: API_KEY,
		workspaceId: 'sv25cxf2',
		baseUrl: server.url,
		webhooksUrl: server.url,
	};
	const nodeError = await failure(
		runNodeOnce(new SmartSuite(), { parameters: GET_WEBHOOK, credentials: creds }),
	);
	const pollError = await failure(
		createPoller(new SmartSuiteTrigger(), {
			credentials: creds,
			parameters: { webhookId: 'w1', events: [], options: {} },
		}).poll(),
	);
	return [nodeError, pollError].map((error) =>
		[error.message, error.description, JSON.stringify(error), inspect(error)].join('\n'),
	);
}

/** A text without its line breaks, as they are or JSON-escaped (once or twice). */
const unwrapped = (text: string) => text.replace(/(?:\\{1,4}[rn]|[\r\n])+/g, '');

/** Base64 of `Token <key>` wrapped at `column`, and the characters of it that stand for the key. */
function wrappedBase64(column: number, newline: string): { text: string; key: string } {
	const encoded = Buffer.from(`Authorization: Token ${API_KEY}`).toString('base64');
	const lines = encoded.match(new RegExp(`.{1,${column}}`, 'g')) ?? [];
	// "Authorization: Token " is 21 bytes: the key's own characters start after 28 of base64.
	return { text: lines.join(newline), key: encoded.slice(28, 28 + 52) };
}

const BODIES: Array<[string, (quote: string) => unknown]> = [
	['plain text', (quote) => `the request was: ${quote}`],
	['records detail (JSON)', (quote) => ({ detail: `the request was: ${quote}` })],
	['Twirp msg (JSON)', (quote) => ({ code: 'invalid', msg: `the request was: ${quote}` })],
];

describe.each(BODIES)('an error body (%s) quoting', (_name, body) => {
	it.each([76, 64, 60, 17, 10, 3])(
		'the key in base64 wrapped at %i columns: never in an error',
		async (column) => {
			for (const newline of ['\n', '\r\n']) {
				const { text, key } = wrappedBase64(column, newline);
				expect(unwrapped(text)).toContain(key);
				reply = { status: 400, body: body(text) };
				for (const shown of await errorTexts()) {
					expect(unwrapped(shown)).not.toContain(key.slice(0, 16));
					expect(shown).toContain('***');
				}
			}
		},
	);

	it.each([2, 3])('the key URL-encoded %i times: never in an error', async (times) => {
		let encoded = API_KEY;
		for (let i = 0; i < times; i++) encoded = encodeURIComponent(encoded);
		expect(encoded).toContain('%25');
		for (const form of [encoded, encoded.toLowerCase()]) {
			reply = { status: 400, body: body(`https://proxy.example/?next=${form}`) };
			for (const shown of await errorTexts()) {
				let decoded = shown;
				for (let i = 0; i < times; i++)
					decoded = decodeURIComponent(decoded.replace(/%(?![0-9a-f]{2})/gi, '%25'));
				expect(holdsKeyRun(decoded)).toBe(false);
				expect(shown).toContain('***');
			}
		}
	});
});
