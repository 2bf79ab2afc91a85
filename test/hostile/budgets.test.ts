/**
 * Issue 57: a budget is a whole one. A poll's and a notification's time covers every request
 * they make (the events, then the table structures, the members and the files Simplify and
 * Download Files need); the Instant Trigger's self-check has one deadline too. Against a
 * purpose-built server whose slow answers keep the connection busy for about 32 s (so that the
 * code before the fix ends too, late), with budgets of a few seconds set by the tests.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { POLL_LIMITS } from '../../nodes/SmartSuite/trigger/limits';
import { createInstantTrigger } from '../helpers/instant';
import { createPoller, shutdownN8nCore } from '../helpers/n8n';
import type { SlowServer } from './server';
import { hostileCredentials, startSlowServer, timed } from './server';

const STRUCTURE_PATH = '/api/v1/applications/t1/';
const STRUCTURE = {
	id: 't1',
	structure: [
		{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
		{ slug: 's1a2b3c4', label: 'Stage', field_type: 'textfield', params: {} },
	],
};
const EVENT = {
	event_id: 'w1.1',
	kind: 'RECORD_UPDATED',
	event_at: '2025-01-01T00:00:00Z',
	record_event_data: {
		record_id: 'r1',
		locator: { application_id: 't1', solution_id: 's1' },
		data: { id: 'r1', title: 'Deal', s1a2b3c4: 'Won' },
		previous: { s1a2b3c4: 'Open' },
	},
};
const SECRET = 'a'.repeat(32);

let server: SlowServer;
/** The webhook GetWebhook answers (the Instant Trigger's self-check reads it). */
let webhook: object = {};

beforeAll(async () => {
	server = await startSlowServer((path) => {
		if (path === STRUCTURE_PATH) return STRUCTURE;
		if (path.endsWith('/GetWebhook')) return webhook;
		if (path.endsWith('/ListEvents')) return { events: [EVENT], next_page_token: '' };
		return {};
	});
});
const DEFAULT_POLL_LIMITS = { ...POLL_LIMITS };
let warn: jest.SpyInstance;
beforeEach(() => {
	// Budgets of seconds: each test ends in seconds.
	Object.assign(POLL_LIMITS, { budgetMs: 2000, leaseMarginMs: 1000 });
	warn = jest.spyOn(Container.get(Logger), 'warn');
});
afterEach(() => {
	Object.assign(POLL_LIMITS, DEFAULT_POLL_LIMITS);
	warn.mockRestore();
	server.reset();
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

const credentials = () => hostileCredentials(server.url);
const warnings = () => warn.mock.calls.map(([message]) => String(message));

it("a poll: a table structure read a byte every 0.8 s ends at the poll's budget, and the event is emitted by slug", async () => {
	server.slow = { [STRUCTURE_PATH]: 'body' };
	const poller = createPoller(new SmartSuiteTrigger(), {
		credentials: credentials(),
		parameters: { webhookId: 'w1', events: [], options: { startFrom: 'allStoredEvents' } },
	});

	const { result: output, seconds } = await timed(async () => await poller.poll());

	// As for any structure that cannot be read: the values by slug, the reason in n8n's log.
	expect(output?.[0].map((item) => item.json.record)).toEqual([
		{ id: 'r1', title: 'Deal', s1a2b3c4: 'Won' },
	]);
	expect(warnings()).toContainEqual(
		expect.stringContaining(
			"its structure could not be read (The poll's 2 s ran out before SmartSuite answered the request to read the table structure)",
		),
	);
	expect(server.received.filter((path) => path === STRUCTURE_PATH)).toHaveLength(1);
	expect(seconds).toBeLessThan(2 + 2);
}, 90_000);

it("Fetch Test Event with a condition: its check on the watched table's structure, read a byte every 0.8 s, ends at the poll's budget", async () => {
	server.slow = { [STRUCTURE_PATH]: 'body' };
	const poller = createPoller(new SmartSuiteTrigger(), {
		credentials: credentials(),
		typeVersion: 2,
		parameters: {
			source: 'managed',
			solutionId: { __rl: true, mode: 'id', value: 's1' },
			watch: 'tables',
			tableIds: ['t1'],
			events: [],
			options: {
				condition: JSON.stringify({ fields: [{ field: 'Stage', comparison: 'is', value: 'Won' }] }),
			},
		},
	});

	const { result: error, seconds } = await timed(
		async () => await poller.poll('manual').catch((failure: Error) => failure),
	);

	expect(String((error as Error).message)).toContain(
		"The poll's 2 s ran out before SmartSuite answered the request to read the table structure",
	);
	expect(server.received.filter((path) => path === STRUCTURE_PATH)).toHaveLength(1);
	expect(seconds).toBeLessThan(2 + 2);
}, 90_000);

it("a notification of the Instant Trigger: the same structure read ends at the notification's budget", async () => {
	server.slow = { [STRUCTURE_PATH]: 'body' };
	const trigger = createInstantTrigger({
		credentials: credentials(),
		parameters: {
			solutionId: { __rl: true, mode: 'id', value: 's1' },
			watch: 'tables',
			tableIds: ['t1'],
			events: [],
			options: {},
		},
	});
	trigger.setSaved({
		webhookId: 'w1',
		secret: SECRET,
		notificationUrl: `${trigger.url}?secret=${SECRET}`,
	});

	const { result: ping, seconds } = await timed(
		async () => await trigger.ping({ webhookId: 'w1' }),
	);

	expect(ping.status).toBe(200);
	expect(ping.items.map((item) => item.record)).toEqual([
		{ id: 'r1', title: 'Deal', s1a2b3c4: 'Won' },
	]);
	expect(warnings()).toContainEqual(
		expect.stringContaining(
			"its structure could not be read (The notification's 2 s ran out before SmartSuite answered the request to read the table structure)",
		),
	);
	expect(seconds).toBeLessThan(2 + 2);
}, 90_000);

it("the Instant Trigger's self-check: its notification answered a byte every 0.8 s ends at the check's deadline", async () => {
	const trigger = createInstantTrigger({
		credentials: credentials(),
		// n8n's public URL, which the self-check notifies: a proxy that trickles.
		baseUrl: server.url,
		parameters: {
			solutionId: { __rl: true, mode: 'id', value: 's1' },
			watch: 'tables',
			tableIds: ['t1'],
			events: [],
			options: {},
		},
	});
	const notificationUrl = `${trigger.url}?secret=${SECRET}`;
	trigger.setSaved({ webhookId: 'w1', secret: SECRET, notificationUrl });
	webhook = {
		webhook_id: 'w1',
		locator: { account_id: 'sv25cxf2', solution_id: 's1' },
		notification_status: { enabled: { url: notificationUrl } },
		system_status: { enabled: { expires_at: '2999-01-01T00:00:00Z' } },
	};
	const pingPath = new URL(trigger.url).pathname;
	server.slow = { [pingPath]: 'body' };
	// As after a restart (activation mode init), the minute tick checks once and notifies the trigger's own URL.
	const minute = await trigger.minuteTick('init');

	const { seconds } = await timed(async () => await minute.tick());
	await minute.close();

	expect(server.received).toContain(pingPath);
	expect(warnings()).toEqual([
		expect.stringContaining(
			'the check after a failure of the webhook "w1" failed; the trigger checks again within the hour: the trigger\'s webhook URL did not answer its notification within the check\'s 3 s',
		),
	]);
	expect(warnings().join()).not.toContain(SECRET);
	// The budget (2 s) and the margin for n8n's answer (1 s).
	expect(seconds).toBeLessThan(3 + 2);
}, 90_000);
