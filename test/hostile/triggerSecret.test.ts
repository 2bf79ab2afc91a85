/**
 * Issue 40, point 3: the Instant Trigger's secret, and the notification URL carrying it, are
 * redacted as the API key is. A server that quotes the URL back (CreateWebhook's 400, a 502 in
 * plain text, the keep-alive's UpdateWebhook, the events a ping reads) never gets the secret into
 * an error (message, description, JSON, inspected), a log line or an output item.
 */
import { inspect } from 'node:util';
import type { IDataObject } from 'n8n-workflow';

import { startInstantTrigger } from '../helpers/instant';
import { captureLogs } from '../helpers/logs';
import { shutdownN8nCore } from '../helpers/n8n';
import type { Answer, HostileServer, Received } from './server';
import { startHostile } from './server';

const logs = captureLogs(['info', 'warn', 'error']);

let server: HostileServer;
/** How the server answers CreateWebhook and UpdateWebhook, given the URL the request carries. */
let create: (url: string) => Answer;
let update: (url: string) => Answer;
let get: () => Answer;

const WEBHOOK = {
	webhook_id: 'w1',
	kinds: ['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED'],
	locator: { account_id: 'sv25cxf2', solution_id: 's1' },
	filter: { solution: {} },
	system_status: { enabled: { expires_at: '2999-01-01T00:00:00Z' } },
};

/** The notification URL a request sends, '' when none. */
function urlIn(request: Received): string {
	const body = JSON.parse(request.body || '{}') as { webhook?: IDataObject };
	const status = body.webhook?.notification_status as { enabled?: { url?: string } } | undefined;
	return status?.enabled?.url ?? '';
}

/** The URL the trigger gave SmartSuite last (CreateWebhook, UpdateWebhook). */
const lastUrl = () =>
	server.received
		.map(urlIn)
		.filter((url) => url !== '')
		.at(-1) ?? '';

function smartSuite(request: Received): Answer {
	const method = request.path.split('/').at(-1);
	if (method === 'ListWebhooks')
		return { status: 200, body: { webhooks: [], next_page_token: '' } };
	if (method === 'CreateWebhook') return create(urlIn(request));
	if (method === 'UpdateWebhook') return update(urlIn(request));
	if (method === 'GetWebhook') return get();
	if (method === 'ListEvents') {
		const url = lastUrl();
		return {
			status: 200,
			body: {
				events: [
					{
						event_id: 'w1.1',
						kind: 'RECORD_CREATED',
						record_id: 'r1',
						application_id: 't1',
						data: { id: 'r1', note: `notified at ${url}`, encoded: encodeURIComponent(url) },
					},
				],
				next_page_token: '',
			},
		};
	}
	return { status: 404, body: { code: 'bad_route', msg: 'no such method' } };
}

beforeAll(async () => {
	server = await startHostile(smartSuite);
});
beforeEach(() => {
	server.received.length = 0;
	create = (url) => ({
		status: 200,
		body: { webhook: { ...WEBHOOK, notification_status: { enabled: { url } } } },
	});
	update = () => ({ status: 200, body: {} });
	// Notifications off: the keep-alive switches them back on (UpdateWebhook).
	get = () => ({
		status: 200,
		body: { webhook: { ...WEBHOOK, notification_status: { disabled: {} } } },
	});
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

const credentials = () => ({
	apiKey: 'k3y'.repeat(14),
	workspaceId: 'sv25cxf2',
	baseUrl: server.url,
	webhooksUrl: server.url,
});

async function withTrigger(
	run: (trigger: Awaited<ReturnType<typeof startInstantTrigger>>) => Promise<void>,
) {
	const trigger = await startInstantTrigger({
		parameters: {
			solutionId: { __rl: true, mode: 'id', value: 's1' },
			watch: 'solution',
			events: [],
			options: { simplify: false },
		},
		credentials: credentials(),
	});
	try {
		await run(trigger);
	} finally {
		await trigger.close();
	}
}

const settled = async (promise: Promise<unknown>) =>
	await promise.then(
		(value) => value,
		(error: unknown) => error,
	);

/** Everything n8n could show, store or log of a result: its JSON, its inspected form, the log lines. */
function expectNoSecret(url: string, what: string, value: unknown): void {
	const secret = new URL(url).searchParams.get('secret') ?? '';
	expect(secret).toHaveLength(32);
	const { message, description } = (value ?? {}) as { message?: string; description?: string };
	const text = [
		message,
		description,
		JSON.stringify(value),
		inspect(value, { depth: Infinity }),
		...logs,
	].join('\n');
	for (const form of [secret, secret.slice(0, 16), secret.slice(16)])
		if (text.toLowerCase().includes(form.toLowerCase()))
			throw new Error(`${what}: the secret (${form}) was found in:\n${text}`);
}

describe('activation: CreateWebhook quoting the notification URL back', () => {
	it('a 400: the activation error names the refusal, without the secret', async () => {
		create = (url) => ({
			status: 400,
			body: { code: 'invalid_argument', msg: `notification url ${url} is not reachable` },
		});
		await withTrigger(async (trigger) => {
			const error = (await settled(trigger.activate())) as Error & { description?: string };

			expect(error.message).toBe(
				'SmartSuite rejected the request to create the webhook (400): notification url *** is not reachable',
			);
			expectNoSecret(lastUrl(), 'CreateWebhook 400', error);
		});
	});

	it('a 502 in plain text: the error quotes it, without the secret', async () => {
		create = (url) => ({
			status: 502,
			headers: { 'content-type': 'text/plain', 'x-upstream': url },
			body: `Bad gateway while calling back ${url}`,
		});
		await withTrigger(async (trigger) => {
			const error = (await settled(trigger.activate())) as Error & { description?: string };

			expect(error.message).toBe('SmartSuite failed to create the webhook (502)');
			expect(error.description).toContain('SmartSuite said: "Bad gateway while calling back ***"');
			expectNoSecret(lastUrl(), 'CreateWebhook 502', error);
		});
	});
});

it("the keep-alive's failed UpdateWebhook logs its warning without the secret", async () => {
	await withTrigger(async (trigger) => {
		await trigger.activate();
		update = (sent) => ({
			status: 400,
			body: {
				code: 'invalid_argument',
				msg: `cannot notify ${sent} (${encodeURIComponent(sent)})`,
			},
		});
		const keepAlive = await trigger.keepAlive();

		await keepAlive.tick();

		const warning = logs.find((line) =>
			line.includes('the daily check of the webhook "w1" failed'),
		);
		expect(warning).toContain('cannot notify *** (***)');
		expectNoSecret(lastUrl(), 'keep-alive', keepAlive.errors);
	});
});

it("a ping's events quoting the URL: the output items carry neither the secret nor the URL", async () => {
	await withTrigger(async (trigger) => {
		await trigger.activate();

		const ping = await trigger.ping({
			webhookId: 'w1',
			locator: { accountId: 'sv25cxf2', solutionId: 's1' },
		});

		expect(ping.items).toHaveLength(1);
		expect(JSON.stringify(ping.items)).toContain('notified at ***');
		expectNoSecret(lastUrl(), 'ping', ping.items);
	});
});

it('a webhook id quoting the URL: the log lines and errors naming the webhook leave the secret out', async () => {
	create = (url) => ({
		status: 200,
		body: {
			webhook: { ...WEBHOOK, webhook_id: `w1 ${url}`, notification_status: { enabled: { url } } },
		},
	});
	update = () => ({ status: 400, body: { code: 'invalid_argument', msg: 'refused' } });
	await withTrigger(async (trigger) => {
		await trigger.activate();
		const keepAlive = await trigger.keepAlive();

		await keepAlive.tick();
		get = () => ({ status: 404, body: { code: 'not_found', msg: 'webhook not found' } });
		await keepAlive.tick();

		expect(
			logs.some((line) => line.includes('the daily check of the webhook "w1 ***" failed')),
		).toBe(true);
		expect(keepAlive.errors.map((error) => error.message)).toEqual([
			'The webhook "w1 ***" of the SmartSuite Trigger was deleted',
		]);
		expectNoSecret(lastUrl(), 'webhook id', keepAlive.errors);
	});
});
