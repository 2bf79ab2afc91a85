/** The transport's pure helpers: what a user reads in an error, and how long a 429 asks to wait. */
import {
	MIN_RETRY_WAIT_MS,
	quote,
	rateLimitWaitMs,
	received,
	retryAfterSeconds,
	scrubbed,
	secretsOf,
	serverMessage,
} from '../../nodes/SmartSuite/shared/transport';

const answer = (retryAfter?: string) => ({
	statusCode: 429,
	body: {},
	headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
});

describe('retryAfterSeconds', () => {
	it('reads seconds, and nothing when the header is missing or unreadable', () => {
		expect(retryAfterSeconds(answer('30'))).toBe(30);
		expect(retryAfterSeconds(answer('0'))).toBe(0);
		expect(retryAfterSeconds(answer())).toBeUndefined();
		expect(retryAfterSeconds(answer('soon'))).toBeUndefined();
	});

	it('reads an HTTP date as the seconds left until it, never less than 0', () => {
		const inTwentySeconds = new Date(Date.now() + 20_000).toUTCString();
		expect(retryAfterSeconds(answer(inTwentySeconds))).toBeGreaterThanOrEqual(19);
		expect(retryAfterSeconds(answer(inTwentySeconds))).toBeLessThanOrEqual(20);
		expect(retryAfterSeconds(answer(new Date(Date.now() - 60_000).toUTCString()))).toBe(0);
	});
});

describe('serverMessage', () => {
	const message = (body: unknown) => serverMessage(body, []);

	it('takes the message of either API error shape, or a plain text body', () => {
		expect(message({ code: 'not_found', msg: 'webhook not found', meta: {} })).toBe(
			'webhook not found',
		);
		expect(message({ detail: 'Not found.' })).toBe('Not found.');
		expect(message('  Bad Request: ACCOUNT-ID header missing \n')).toBe(
			'Bad Request: ACCOUNT-ID header missing',
		);
		expect(message(undefined)).toBe('');
	});

	it('never passes on a token the server quotes, but keeps words like page_token', () => {
		expect(message({ detail: 'Invalid token: Token 5f1e2d3c4b5a6978 was revoked' })).toBe(
			'Invalid token: Token *** was revoked',
		);
		expect(message('Authorization: Bearer abc.def rejected')).toBe(
			'Authorization: Bearer *** rejected',
		);
		expect(message('Token: abc rejected, token=def')).toBe('Token: *** rejected, token=***');
		expect(message({ msg: 'page_token has expired' })).toBe('page_token has expired');
	});

	it('takes out the key itself and its URL-encoded form, whatever the words around them', () => {
		const key = 'k3y/with+odd&chars';
		const quoted = `unknown api key ${key}; sent api_key=${encodeURIComponent(key)}, ${encodeURIComponent(key).toLowerCase()}`;
		expect(serverMessage(quoted, secretsOf(` ${key} `))).toBe(
			'unknown api key ***; sent api_key=***, ***',
		);
	});

	it('keeps a long body short, after taking the key out', () => {
		expect(message('x'.repeat(5000))).toHaveLength(300);
		const key = 'a'.repeat(40);
		expect(serverMessage(`${'x'.repeat(290)}${key}`, secretsOf(key))).toBe(`${'x'.repeat(290)}***`);
	});
});

/** Issue 29: the one door of every answer. */
describe('received', () => {
	const key = 'sk+3f9a/7c21=d4e85b60a1f2';

	it('takes the key out of the body (also written with JSON escapes) and the headers, and keeps the rest', () => {
		const escaped = JSON.stringify({
			note: `Token ${key}`,
			[key]: 1,
			list: [{ deep: key.toUpperCase() }],
			page_token: 'abc',
		}).replaceAll('/', '\\/');
		const response = received(
			{
				statusCode: 400,
				body: escaped,
				headers: { 'x-echo': encodeURIComponent(key), other: 'kept' },
			},
			key,
		);

		expect(JSON.parse(response.body as string)).toEqual({
			note: 'Token ***',
			'***': 1,
			list: [{ deep: '***' }],
			page_token: 'abc',
		});
		expect(response.headers).toEqual({ 'x-echo': '***', other: 'kept' });
	});

	it('reads an answer nested 100,000 deep without running out of stack', () => {
		const deep = `${'{"a":'.repeat(100_000)}"\\u0073${key.slice(1).replace('/', '\\/')}"${'}'.repeat(100_000)}`;
		const { body } = received({ statusCode: 200, body: deep }, key);
		expect(body).not.toContain('3f9a');
	});
});

/** Issue 40, point 5: one redaction, every form of every secret (docs/security.md lists them). */
describe('the forms of a secret a server may quote', () => {
	const key = '9c41e07bd25fa3860e1b7d4c92f5a06e38b1d7c4';
	const base64 = (text: string) => Buffer.from(text).toString('base64');
	const escaped = (text: string, backslashes = '\\') =>
		Array.from(text, (c) => `${backslashes}u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(
			'',
		);
	const said = (text: string) => quote(text, secretsOf(key));

	it.each([
		['as is, in any case', `key ${key.toUpperCase()} refused`],
		[
			'URL-encoded, every character',
			`key ${Array.from(key, (c) => `%${c.charCodeAt(0).toString(16)}`).join('')} refused`,
		],
		['as \\u escapes in a text', `key ${escaped(key)} refused`],
		['as \\u escapes of JSON inside JSON', `key ${escaped(key, '\\\\')} refused`],
		['escapes and URL encoding mixed', `key ${key.slice(0, 9)}\\u0062%64${key.slice(11)} refused`],
		['in base64', `key ${base64(key)} refused`],
		['in base64, as "Token <key>"', `Authorization: ${base64(`Token ${key}`)} refused`],
		['in base64, as "user:<key>" (another alignment)', `Basic ${base64(`user:${key}`)} refused`],
		[
			'in URL-safe base64, two bytes in',
			`key ${Buffer.from(`xy${key}`).toString('base64url')} refused`,
		],
		['16 characters of it', `key ${key.slice(11, 27)} refused`],
	])('%s', (_form, text) => {
		const quoted = said(text);
		expect(quoted).toMatch(/^(key|Authorization:|Basic) .*\*\*\*.* refused$/);
		for (let start = 0; start + 16 <= key.length; start++)
			expect(quoted.toLowerCase()).not.toContain(key.slice(start, start + 16));
		expect(quoted).not.toContain(base64(key).slice(4, 36));
	});

	it('keeps 15 characters of the key, and words that merely look like it', () => {
		expect(said(`id ${key.slice(3, 18)} ok`)).toBe(`id ${key.slice(3, 18)} ok`);
		expect(said('page 9c41 of 9c42')).toBe('page 9c41 of 9c42');
	});

	it('finds every run of 16 or more characters of the key wherever it stands in a text, in any case; never one of 15', () => {
		// The search compares only windows at steps through the text: every place must still be found.
		const mixed = (text: string) =>
			Array.from(text, (c, i) => (i % 3 === 0 ? c.toUpperCase() : c)).join('');
		for (let before = 0; before < 17; before++)
			for (let start = 0; start < key.length; start++)
				for (let end = start + 15; end <= key.length; end++) {
					const run = key.slice(start, end);
					const text = `${'x'.repeat(before)}"${mixed(run)}"`;
					const expected = run.length >= 16 ? `${'x'.repeat(before)}"***"` : text;
					expect(said(text)).toBe(expected);
				}
	});

	it("finds the Instant Trigger's whole URL wherever it stands in a text", () => {
		const url = 'http://n8n.example.com/webhook/4b1c9e2a-77d0/webhook?secret=Q7wNf2Lk9XbTz4';
		const held = [{ text: url, whole: true }];
		for (let before = 0; before < 20; before++)
			expect(quote(`${'-'.repeat(before)}${url}.`, held)).toBe(`${'-'.repeat(before)}***.`);
		expect(quote(`${url.slice(0, -1)}.`, held)).toBe(`${url.slice(0, -1)}.`);
	});

	it('finds a secret with letters beyond ASCII quoted in another case, as is or as escapes', () => {
		// Case is compared one UTF-16 unit at a time, on the text and on the secret alike.
		const secret = 'ÉcoleÜberПарольÅngström2024';
		const held = [{ text: secret }];
		for (const quoted of [
			secret.toUpperCase(),
			secret.toLowerCase(),
			escaped(secret.toLowerCase()),
			encodeURIComponent(secret.toUpperCase()),
		])
			expect(quote(`secret ${quoted} refused`, held)).toBe('secret *** refused');
		expect(quote(`secret ${secret.slice(0, 15).toUpperCase()} ok`, held)).toBe(
			`secret ${secret.slice(0, 15).toUpperCase()} ok`,
		);
	});

	it('takes a longer run out whole, up to where the text stops following the key', () => {
		expect(said(`x${key.slice(2, 30)}Zz`)).toBe('x***Zz');
	});

	it("takes the Instant Trigger's secret out of quotes and output items, and its whole URL, in any form", () => {
		const secret = 'Q7wNf2Lk9XbTz4RmC8sVa1YhJ6pGd3Ue';
		const url = `http://n8n.example.com/webhook/4b1c9e2a-77d0/webhook?secret=${secret}`;
		const held = [{ text: secret }, { text: url, whole: true }];
		const body = JSON.stringify({
			msg: `cannot reach ${url}`,
			encoded: `callback=${encodeURIComponent(url)}`,
			part: `secret starts ${secret.slice(0, 16)}`,
		}).replaceAll('/', '\\/');

		const response = received({ statusCode: 400, body, headers: {} }, key, held);

		// What the trigger reads keeps its URL (it finds its webhook by it); what leaves it does not.
		expect(response.body).toBe(body);
		expect(scrubbed(JSON.parse(body), response.secrets)).toEqual({
			msg: 'cannot reach ***',
			encoded: 'callback=***',
			part: 'secret starts ***',
		});
		expect(quote(`see ${url}.`, response.secrets)).toBe('see ***.');
		expect(serverMessage(JSON.parse(body), response.secrets)).toBe('cannot reach ***');
	});

	it('decodes only the escapes that can stand for a character of the key: a page of quoted titles keeps every other escape as written', () => {
		const titles = Array.from({ length: 200 }, (_, i) => ({ title: `say "hi" \\ ${i}` }));
		const body = JSON.stringify({
			items: titles,
			note: `key ${escaped(key)}`,
			auth: base64(`Token ${key}`),
		}).replaceAll('/', '\\/');
		const { body: kept } = received({ statusCode: 200, body }, key);
		const page = JSON.parse(kept as string) as { items: unknown; note: string; auth: string };
		expect(page.items).toEqual(titles);
		expect(page.note).toBe('key ***');
		expect(page.auth).not.toContain(base64(key).slice(8, 24));
		expect((kept as string).split('\\"hi\\"')).toHaveLength(201);
	});

	it('base64 read in another letter case stands for other bytes: it is left as written', () => {
		const swapped = Array.from(base64(key), (c) =>
			c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
		).join('');
		expect(said(`key ${swapped} ok`)).toBe(`key ${swapped} ok`);
	});

	it('leaves answers without a secret as they are, escapes included', () => {
		const body = '{"a":"\\u00e9t\\u00e9 \\/ 100%25 \\"q\\""}';
		expect(received({ statusCode: 200, body }, key).body).toBe(body);
	});
});

describe('rateLimitWaitMs (both transports)', () => {
	it('waits as Retry-After asks, 30 s without it, and never less than a second', () => {
		expect(rateLimitWaitMs(answer('7'))).toBe(7000);
		expect(rateLimitWaitMs(answer())).toBe(30_000);
		expect(rateLimitWaitMs(answer('0'))).toBe(MIN_RETRY_WAIT_MS);
	});
});
