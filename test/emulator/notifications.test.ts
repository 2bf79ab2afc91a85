/**
 * The emulator's pings to notification URLs (notifications.ts), UpdateWebhook, and the 7-day rule
 * (lifetime.ts): each through real HTTP, the pings received by a server of the test on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Answer, type PingReceiver, send, start, startPingReceiver } from './client';
import type { Emulator, NotificationAttempt } from './index';

const DAY_MS = 24 * 60 * 60 * 1000;

function twirp(emu: Emulator, method: string, body: unknown): Promise<Answer> {
	return send(`${emu.webhooksUrl}/service.webhooks.engine.Webhooks/${method}`, emu, { body });
}

interface Scene {
	emu: Emulator;
	solutionId: string;
	tableId: string;
	webhookId: string;
	/** The webhook's fields as CreateWebhook took them (UpdateWebhook needs them all again). */
	fields: Record<string, unknown>;
	/** Creates a record through the records API. */
	create(title?: string): Promise<Answer>;
}

/** A table watched by a webhook created over HTTP, with notifications to `url` (none when undefined). */
async function scene(
	url: string | undefined,
	variant: Parameters<Emulator['setVariant']>[0] = {},
): Promise<Scene> {
	const emu = await start({ variant: { notificationRetryDelaysMs: [20, 20], ...variant } });
	const solutionId = emu.addSolution().id;
	const tableId = emu.addTable(solutionId).id;
	const fields = {
		locator: { account_id: emu.workspaceId, solution_id: solutionId },
		filter: { applications: { application_ids: [tableId] } },
		kinds: ['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED'],
	};
	const created = await twirp(emu, 'CreateWebhook', {
		webhook: { ...fields, notification_status: url ? { enabled: { url } } : { disabled: {} } },
	});
	expect(created.status).toBe(200);
	const webhookId = created.json().webhook.webhook_id as string;
	const create = (title = 'A record') =>
		send(`${emu.baseUrl}/api/v1/applications/${tableId}/records/`, emu, { body: { title } });
	return { emu, solutionId, tableId, webhookId, fields, create };
}

function pingBody(s: Scene): string {
	return JSON.stringify({
		webhookId: s.webhookId,
		locator: { accountId: s.emu.workspaceId, solutionId: s.solutionId },
	});
}

async function getWebhook(s: Scene): Promise<Answer> {
	return await twirp(s.emu, 'GetWebhook', { webhook_id: s.webhookId });
}

/** Waits until the condition holds, at most 3 s. */
async function until(condition: () => boolean): Promise<void> {
	for (
		const started = performance.now();
		!condition();
		await new Promise((resolve) => setTimeout(resolve, 10))
	) {
		if (performance.now() - started > 3_000) throw new Error('condition not met within 3 s');
	}
}

/** The attempts' outcomes, compactly: "1.1 200" is copy 1, attempt 1, answered 200. */
function outcomes(attempts: NotificationAttempt[]): string[] {
	return attempts.map(
		(a) => `${a.copy}.${a.attempt} ${a.status ?? a.error}${a.gaveUp ? ' gave up' : ''}`,
	);
}

describe('pings to a notification URL', () => {
	let receiver: PingReceiver;
	beforeEach(async () => {
		receiver = await startPingReceiver();
	});

	it('a record created through the records API POSTs the documented body to the URL, and nothing else', async () => {
		const s = await scene(receiver.url);
		expect((await s.create()).status).toBe(200);
		await s.emu.settleNotifications();
		expect(receiver.pings).toHaveLength(1);
		const [ping] = receiver.pings;
		expect(ping.method).toBe('POST');
		expect(ping.path).toBe('/hook');
		expect(ping.body).toBe(pingBody(s));
		expect(ping.headers['content-type']).toBe('application/json');
		expect(Object.keys(ping.headers).sort()).toEqual([
			'connection',
			'content-length',
			'content-type',
			'host',
		]);
		expect(JSON.stringify(ping)).not.toContain(s.emu.apiKey);
		expect(s.emu.notifications).toEqual([
			{
				n: 1,
				webhookId: s.webhookId,
				url: receiver.url,
				body: pingBody(s),
				copy: 1,
				attempt: 1,
				status: 200,
				error: null,
				ok: true,
				at: expect.any(String),
				gaveUp: false,
			},
		]);
	});

	it('the change is answered without waiting for the ping', async () => {
		const s = await scene(receiver.url, { notificationTimeoutMs: 5_000 });
		receiver.answer([], 'hang');
		const started = performance.now();
		expect((await s.create()).status).toBe(200);
		expect(performance.now() - started).toBeLessThan(2_000);
		expect(s.emu.notifications.map((a) => a.status)).toEqual([null]);
	});

	it('a webhook without notifications gets no ping; GetWebhook and ListWebhooks show notification_status', async () => {
		const quiet = await scene(undefined);
		await quiet.create();
		await quiet.emu.settleNotifications();
		expect(quiet.emu.notifications).toEqual([]);
		expect((await getWebhook(quiet)).json().webhook.notification_status).toEqual({ disabled: {} });

		const s = await scene(receiver.url);
		expect((await getWebhook(s)).json().webhook.notification_status).toEqual({
			enabled: { url: receiver.url },
		});
		const listed = (await twirp(s.emu, 'ListWebhooks', { solution_id: s.solutionId })).json();
		expect(
			listed.webhooks.map((w: { notification_status: unknown }) => w.notification_status),
		).toEqual([{ enabled: { url: receiver.url } }]);
	});

	it('one ping per change: a bulk create of 3 records pings 3 times; notificationsPer "write" pings once', async () => {
		const s = await scene(receiver.url);
		const bulk = () =>
			send(`${s.emu.baseUrl}/api/v1/applications/${s.tableId}/records/bulk/`, s.emu, {
				body: { items: [{ title: 'a' }, { title: 'b' }, { title: 'c' }] },
			});
		expect((await bulk()).status).toBe(200);
		await s.emu.settleNotifications();
		expect(receiver.pings).toHaveLength(3);
		s.emu.setVariant({ notificationsPer: 'write' });
		await bulk();
		await s.emu.settleNotifications();
		expect(receiver.pings).toHaveLength(4);
	});

	it('changes made with the controls ping too (createRecord, updateRecord, recordChanges, appendEvents)', async () => {
		const s = await scene(receiver.url);
		const { record } = s.emu.createRecord(s.tableId, { title: 'x' });
		s.emu.updateRecord(s.tableId, record.id, { title: 'y' });
		s.emu.recordChanges(s.tableId, [
			{ kind: 'RECORD_UPDATED', recordId: record.id, data: { title: 'z' } },
		]);
		s.emu.appendEvents(s.webhookId, 2);
		await s.emu.settleNotifications();
		expect(receiver.pings.map((ping) => ping.body)).toEqual(Array(5).fill(pingBody(s)));
	});

	it('a ping that fails is retried; a 2xx ends it and notifications stay on', async () => {
		const s = await scene(receiver.url);
		receiver.answer([500, 503]);
		await s.create();
		await s.emu.settleNotifications();
		expect(outcomes(s.emu.notifications)).toEqual(['1.1 500', '1.2 503', '1.3 200']);
		expect((await getWebhook(s)).json().webhook.notification_status).toEqual({
			enabled: { url: receiver.url },
		});
	});

	it('when the last retry fails, notifications are disabled (the events are still collected)', async () => {
		const s = await scene(receiver.url);
		receiver.answer([], 404);
		await s.create();
		await s.emu.settleNotifications();
		expect(outcomes(s.emu.notifications)).toEqual(['1.1 404', '1.2 404', '1.3 404 gave up']);
		expect((await getWebhook(s)).json().webhook.notification_status).toEqual({ disabled: {} });
		await s.create('after');
		await s.emu.settleNotifications();
		expect(receiver.pings).toHaveLength(3);
		expect(s.emu.events(s.webhookId)).toHaveLength(2);
	});

	it('a refused connection and a timeout fail an attempt', async () => {
		const closed = http.createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const { port } = closed.address() as AddressInfo;
		await new Promise<void>((resolve) => closed.close(() => resolve()));
		const refused = await scene(`http://127.0.0.1:${port}/gone`, { notificationRetryDelaysMs: [] });
		await refused.create();
		await refused.emu.settleNotifications();
		expect(outcomes(refused.emu.notifications)).toEqual(['1.1 ECONNREFUSED gave up']);

		const s = await scene(receiver.url, {
			notificationRetryDelaysMs: [],
			notificationTimeoutMs: 200,
		});
		receiver.answer([], 'hang');
		await s.create();
		await s.emu.settleNotifications();
		expect(outcomes(s.emu.notifications)).toEqual(['1.1 timeout gave up']);
	});

	it('retries stop when notifications are switched off meanwhile', async () => {
		const s = await scene(receiver.url, { notificationRetryDelaysMs: [300, 300] });
		receiver.answer([], 500);
		await s.create();
		await until(() => s.emu.notifications[0]?.status === 500);
		s.emu.setWebhookStatus(s.webhookId, { notifications: 'disabled' });
		await s.emu.settleNotifications();
		expect(outcomes(s.emu.notifications)).toEqual(['1.1 500']);
	});

	it('notificationCopies sends each ping N times, one after another or all at once', async () => {
		const s = await scene(receiver.url, { notificationCopies: 3 });
		await s.create();
		await s.emu.settleNotifications();
		expect(receiver.pings.map((ping) => ping.body)).toEqual(Array(3).fill(pingBody(s)));
		expect(receiver.maxInFlight).toBe(1);

		const atOnce = await startPingReceiver();
		const t = await scene(atOnce.url, { notificationCopies: 3, notificationCopiesAtOnce: true });
		await t.create();
		await t.emu.settleNotifications();
		expect(atOnce.pings).toHaveLength(3);
		expect(atOnce.maxInFlight).toBe(3);
		expect(outcomes(t.emu.notifications).sort()).toEqual(['1.1 200', '2.1 200', '3.1 200']);
	});

	it('notificationDelayMs delays each ping', async () => {
		const s = await scene(receiver.url, { notificationDelayMs: 300 });
		const started = performance.now();
		await s.create();
		await s.emu.settleNotifications();
		expect(receiver.pings[0].atMs - started).toBeGreaterThanOrEqual(290);
	});

	it('holdNotifications keeps pings until releaseNotifications sends them all at once', async () => {
		const s = await scene(receiver.url);
		s.emu.holdNotifications();
		await s.create('1');
		await s.create('2');
		await s.create('3');
		await s.emu.settleNotifications();
		expect(receiver.pings).toHaveLength(0);
		expect(s.emu.heldNotifications()).toBe(3);
		s.emu.releaseNotifications();
		expect(s.emu.heldNotifications()).toBe(0);
		await s.emu.settleNotifications();
		expect(receiver.pings).toHaveLength(3);
		expect(receiver.maxInFlight).toBe(3);
	});

	it('pings go only to loopback hosts unless notificationHosts is "any"', async () => {
		const s = await scene('https://example.com/hook', { notificationRetryDelaysMs: [] });
		await s.create();
		await s.emu.settleNotifications();
		expect(outcomes(s.emu.notifications)).toEqual([
			'1.1 not sent: example.com is not a loopback host (variant notificationHosts) gave up',
		]);
	});

	it('setWebhookStatus turns notifications off, back on to the last URL, or to another URL', async () => {
		const s = await scene(receiver.url);
		s.emu.setWebhookStatus(s.webhookId, { notifications: 'disabled' });
		await s.create();
		s.emu.setWebhookStatus(s.webhookId, { notifications: 'enabled' });
		await s.create();
		const other = await startPingReceiver('/other');
		s.emu.setWebhookStatus(s.webhookId, { notifications: { url: other.url } });
		await s.create();
		await s.emu.settleNotifications();
		expect(receiver.pings).toHaveLength(1);
		expect(other.pings).toHaveLength(1);
	});

	it('resetNotifications empties the log in place', async () => {
		const s = await scene(receiver.url);
		const log = s.emu.notifications;
		await s.create();
		await s.emu.settleNotifications();
		expect(log).toHaveLength(1);
		s.emu.resetNotifications();
		expect(log).toHaveLength(0);
		await s.create();
		await s.emu.settleNotifications();
		expect(log.map((a) => a.n)).toEqual([1]);
	});
});

describe('UpdateWebhook', () => {
	it('switches notifications on, to another URL, and off; answers the webhook', async () => {
		const first = await startPingReceiver('/first');
		const second = await startPingReceiver('/second');
		const s = await scene(undefined);
		const update = (notification_status?: unknown) =>
			twirp(s.emu, 'UpdateWebhook', {
				webhook: { webhook_id: s.webhookId, ...s.fields, notification_status },
			});

		const on = await update({ enabled: { url: first.url } });
		expect(on.status).toBe(200);
		expect(on.json().webhook).toMatchObject({
			webhook_id: s.webhookId,
			notification_status: { enabled: { url: first.url } },
			kinds: s.fields.kinds,
		});
		await s.create();
		expect((await update({ enabled: { url: second.url } })).status).toBe(200);
		await s.create();
		// Left out, notification_status stays as it is.
		expect((await update()).json().webhook.notification_status).toEqual({
			enabled: { url: second.url },
		});
		expect((await update({ disabled: {} })).json().webhook.notification_status).toEqual({
			disabled: {},
		});
		await s.create();
		await s.emu.settleNotifications();
		expect(first.pings.map((ping) => ping.body)).toEqual([pingBody(s)]);
		expect(second.pings.map((ping) => ping.body)).toEqual([pingBody(s)]);
		expect((await getWebhook(s)).json().webhook.notification_status).toEqual({ disabled: {} });
		expect(s.emu.events(s.webhookId)).toHaveLength(3);
	});

	it('changes kinds and filter; refuses what CreateWebhook refuses, an unknown webhook, and a bad notification_status', async () => {
		const s = await scene(undefined);
		const other = s.emu.addTable(s.solutionId).id;
		const update = (webhook: Record<string, unknown>) =>
			twirp(s.emu, 'UpdateWebhook', {
				webhook: { webhook_id: s.webhookId, ...s.fields, ...webhook },
			});
		const changed = await update({
			kinds: ['RECORD_CREATED'],
			filter: { applications: { application_ids: [other] } },
		});
		expect(changed.json().webhook).toMatchObject({
			kinds: ['RECORD_CREATED'],
			filter: { applications: { application_ids: [other] } },
		});
		await s.create();
		expect(s.emu.events(s.webhookId)).toHaveLength(0);

		const refused = [
			{ notification_status: { enabled: { url: 'ftp://127.0.0.1/x' } } },
			{ notification_status: { enabled: { url: 'not a url' } } },
			{ notification_status: { enabled: {} } },
			{ notification_status: { enabled: { url: 42 } } },
			{ notification_status: {} },
			{ notification_status: { enabled: { url: 'http://127.0.0.1/x' }, disabled: {} } },
			{ notification_status: 'enabled' },
			{ kinds: undefined },
			{ filter: {} },
			{ webhook_id: undefined },
		];
		for (const webhook of refused) {
			const answer = await update(webhook);
			expect([JSON.stringify(webhook), answer.status, answer.json().code]).toEqual([
				JSON.stringify(webhook),
				400,
				'invalid_argument',
			]);
		}
		const unknown = await update({ webhook_id: 'nope' });
		expect([unknown.status, unknown.json().code]).toEqual([404, 'not_found']);
	});

	it('CreateWebhook refuses a notification URL that is not http(s)', async () => {
		const s = await scene(undefined);
		for (const notification_status of [
			{ enabled: { url: 'javascript:alert(1)' } },
			{ enabled: {} },
			{},
		]) {
			const answer = await twirp(s.emu, 'CreateWebhook', {
				webhook: { ...s.fields, notification_status },
			});
			expect([answer.status, answer.json().code]).toEqual([400, 'invalid_argument']);
		}
	});
});

describe("SmartSuite's 7-day rule", () => {
	let daysAhead = 0;
	beforeEach(() => {
		daysAhead = 0;
		const realNow = Date.now.bind(Date);
		jest.spyOn(Date, 'now').mockImplementation(() => realNow() + daysAhead * DAY_MS);
	});
	afterEach(() => jest.restoreAllMocks());

	it('unread for 7 days: disabled, notifications too; ListEvents enables it again for 7 days, notifications stay off', async () => {
		const receiver = await startPingReceiver();
		const s = await scene(receiver.url);
		daysAhead = 6.9;
		expect((await getWebhook(s)).json().webhook.system_status).toEqual({
			enabled: { expires_at: expect.any(String) },
		});
		daysAhead = 7.1;
		expect((await getWebhook(s)).json().webhook).toMatchObject({
			system_status: { disabled: {} },
			notification_status: { disabled: {} },
		});
		await s.create();
		await s.emu.settleNotifications();
		expect(receiver.pings).toHaveLength(0);

		expect((await twirp(s.emu, 'ListEvents', { webhook_id: s.webhookId })).status).toBe(200);
		const { webhook } = (await getWebhook(s)).json();
		expect(webhook.notification_status).toEqual({ disabled: {} });
		expect(Date.parse(webhook.system_status.enabled.expires_at)).toBeCloseTo(
			Date.now() + 7 * DAY_MS,
			-4,
		);
		daysAhead = 13;
		expect((await getWebhook(s)).json().webhook.system_status).toHaveProperty('enabled');
	});

	it('with idleReenablesNotifications, ListEvents turns notifications back on to their URL', async () => {
		const receiver = await startPingReceiver();
		const s = await scene(receiver.url, { idleReenablesNotifications: true });
		daysAhead = 8;
		await twirp(s.emu, 'ListEvents', { webhook_id: s.webhookId });
		expect((await getWebhook(s)).json().webhook.notification_status).toEqual({
			enabled: { url: receiver.url },
		});
		await s.create();
		await s.emu.settleNotifications();
		expect(receiver.pings).toHaveLength(1);
	});

	it('unread for 14 days: deleted with its events; a webhook read meanwhile lives on', async () => {
		const s = await scene(undefined);
		s.emu.appendEvents(s.webhookId, 3);
		const read = s.emu.createWebhook({
			locator: { account_id: s.emu.workspaceId, solution_id: s.solutionId },
		});
		daysAhead = 10;
		await twirp(s.emu, 'ListEvents', { webhook_id: read.webhook_id });
		daysAhead = 14.1;
		expect((await getWebhook(s)).status).toBe(404);
		expect(s.emu.events(s.webhookId)).toEqual([]);
		expect(s.emu.webhooks().map((webhook) => webhook.webhook_id)).toEqual([read.webhook_id]);
	});

	it('a webhook disabled by the control stays disabled after ListEvents; idleRule false keeps idle webhooks', async () => {
		const s = await scene(undefined);
		s.emu.setWebhookStatus(s.webhookId, { system: 'disabled' });
		await twirp(s.emu, 'ListEvents', { webhook_id: s.webhookId });
		expect((await getWebhook(s)).json().webhook.system_status).toEqual({ disabled: {} });

		const kept = await scene(undefined, { idleRule: false });
		daysAhead = 30;
		expect((await getWebhook(kept)).json().webhook.system_status).toHaveProperty('enabled');
	});
});
