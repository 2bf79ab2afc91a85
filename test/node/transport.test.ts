/** The transport's pure helpers: what a user reads in an error, and how long a 429 asks to wait. */
import {
	MIN_RETRY_WAIT_MS,
	rateLimitWaitMs,
	received,
	retryAfterSeconds,
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

describe('rateLimitWaitMs (both transports)', () => {
	it('waits as Retry-After asks, 30 s without it, and never less than a second', () => {
		expect(rateLimitWaitMs(answer('7'))).toBe(7000);
		expect(rateLimitWaitMs(answer())).toBe(30_000);
		expect(rateLimitWaitMs(answer('0'))).toBe(MIN_RETRY_WAIT_MS);
	});
});
