/**
 * The SmartSuite Trigger through n8n-core's HookContext, WebhookContext and
 * TriggerContext, with the emulator pinging the trigger's n8n endpoint over real HTTP (see
 * test/helpers/instant.ts for what n8n does around it).
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';

import type { Emulator } from '../emulator';
import { startEmulator } from '../emulator';
import { FIRST_WAIT_MS } from '../../nodes/SmartSuite/trigger/recovery';
import { INSTANT_NAME, startInstantTrigger } from '../helpers/instant';
import type { SmartSuiteCredentialData } from '../helpers/n8n';
import { credentialsFor, shutdownN8nCore } from '../helpers/n8n';

/** An emulator of its own per test: pings of one test's webhooks never reach another's. */
let emu: Emulator;
beforeEach(async () => {
	emu = await startEmulator();
});
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
	await emu.settleNotifications();
	await Promise.all(closers.splice(0).map((close) => close()));
	await emu.close();
});
afterAll(() => shutdownN8nCore());

const rl = (value: string) => ({ __rl: true, mode: 'list', value });

async function setUp(
	extra: IDataObject = {},
	credentialData: Partial<SmartSuiteCredentialData> = {},
) {
	const solution = emu.addSolution({ name: 'Sales CRM' });
	const deals = emu.addTable(solution.id, { name: 'Deals' });
	const credentials = credentialsFor(emu, credentialData);
	const trigger = await startInstantTrigger({
		credentials,
		parameters: {
			solutionId: rl(solution.id),
			watch: 'tables',
			tableIds: [deals.id],
			events: [],
			options: {},
			...extra,
		},
	});
	closers.push(trigger.close);
	const webhooksOfSolution = () =>
		emu.webhooks().filter((webhook) => webhook.locator.solution_id === solution.id);
	/** Creates `count` records in Deals (each raises RECORD_CREATED and a ping) and waits for the pings. */
	const change = async (count = 1) => {
		for (let i = 0; i < count; i++) emu.createRecord(deals.id, { title: `Deal ${i}` });
		await emu.settleNotifications();
	};
	return { solution, deals, trigger, webhooksOfSolution, change, credentials };
}

const requests = (operation: string) =>
	emu.requests.filter((request) => request.operation === operation);
/** The URL the trigger gave SmartSuite: the node's URL with the secret of its saved state. */
const secretUrl = (trigger: { url: string; saved(): IDataObject }) =>
	`${trigger.url}?secret=${String(trigger.saved().secret)}`;
const eventIds = (executions: IDataObject[][]) => executions.flat().map((item) => item.event_id);
const allEventIds = (webhookId: string) => emu.events(webhookId).map((event) => event.event_id);

describe('activation', () => {
	it('creates one webhook of the scope that notifies the node URL, with a state that reads it from its start', async () => {
		const { trigger, webhooksOfSolution, deals } = await setUp({ events: ['RECORD_CREATED'] });
		await trigger.activate();
		const [webhook] = webhooksOfSolution();
		expect(webhooksOfSolution()).toHaveLength(1);
		expect(webhook).toMatchObject({
			filter: { applications: { application_ids: [deals.id] } },
			kinds: ['RECORD_CREATED'],
			notification_status: { enabled: { url: secretUrl(trigger) } },
		});
		expect(String(trigger.saved().secret)).toMatch(/^[A-Za-z0-9]{32}$/);
		expect(trigger.saved()).toMatchObject({
			webhookId: webhook.webhook_id,
			pageToken: '',
			lastEventId: '',
			notificationUrl: secretUrl(trigger),
		});
	});

	it('a change pinged while the activation has not saved the state yet (n8n already serves the URL) is refused with 503, and read from the retry', async () => {
		const { trigger, webhooksOfSolution, deals } = await setUp();
		// SmartSuite's first retries come after the activation has ended.
		emu.setVariant({ notificationRetryDelaysMs: [400, 800, 1600] });
		// The webhook is created at once; CreateWebhook's answer comes 200 ms later.
		emu.injectFault({
			operation: 'CreateWebhook',
			action: { type: 'delay', ms: 200, afterProcessing: true },
		});
		const activation = trigger.activate();
		while (webhooksOfSolution().length === 0) await new Promise((done) => setTimeout(done, 5));
		emu.createRecord(deals.id, { title: 'Right after publishing' });
		await activation;
		await emu.settleNotifications();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		expect(
			emu.notifications.filter((ping) => ping.webhookId === webhookId).map((ping) => ping.status),
		).toEqual([503, 200]);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(trigger.executions).toHaveLength(1);
	});

	it('any request before the activation saved the state, forged or not, is answered 503 and reads nothing', async () => {
		const { trigger } = await setUp();
		emu.resetLog();
		const answers = [
			await trigger.ping({ webhookId: 'any', locator: {} }, { query: {} }),
			await trigger.ping({ webhookId: 'any', locator: {} }, { query: { secret: 'guessed' } }),
			await trigger.ping('not json', { query: {} }),
		];
		expect(answers.map((answer) => [answer.status, answer.items])).toEqual([
			[503, []],
			[503, []],
			[503, []],
		]);
		expect(emu.requests).toHaveLength(0);
		expect(trigger.executions).toHaveLength(0);
	});

	it('a restart and a re-publish keep the webhook: one webhook notifies the URL, and nothing between them is lost', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		await change(2);
		// Re-publish: n8n runs delete, then checkExists and create.
		await trigger.deactivate();
		expect(emu.getWebhook(webhookId)?.notification_status).toEqual({ disabled: {} });
		await change(1); // while notifications are off: collected, not pinged
		await trigger.activate('update');
		await trigger.activate('init'); // a restart: checkExists says it is there
		expect(webhooksOfSolution().map((webhook) => webhook.webhook_id)).toEqual([webhookId]);
		expect(emu.getWebhook(webhookId)?.notification_status).toEqual({
			enabled: { url: secretUrl(trigger) },
		});
		await change(1);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(new Set(eventIds(trigger.executions)).size).toBe(4);
	});

	it('with the state lost, finds the webhook again by scope and URL instead of creating a second one', async () => {
		const { trigger, webhooksOfSolution } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		trigger.setSaved({});
		emu.resetLog();
		await trigger.activate('init');
		expect(webhooksOfSolution()).toHaveLength(1);
		expect(requests('CreateWebhook')).toHaveLength(0);
		expect(trigger.saved()).toMatchObject({ webhookId, pageToken: '', lastEventId: '' });
	});

	it('an activation that fails on a passing GetWebhook error does not lose the webhook or its unread events', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.injectFault({ operation: 'GetWebhook', action: { type: 'status', status: 500 } });
		await expect(trigger.activate('init')).rejects.toThrow();
		// n8n runs delete after a failed activation: notifications off, the webhook and its events stay.
		await trigger.deactivate();
		await change(2);
		await trigger.activate('init');
		expect(webhooksOfSolution().map((webhook) => webhook.webhook_id)).toEqual([webhookId]);
		await change(1);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(eventIds(trigger.executions)).toHaveLength(3);
	});

	it('deactivation with the state lost finds the webhook by scope and URL and switches its notifications off', async () => {
		const { trigger, webhooksOfSolution } = await setUp();
		await trigger.activate();
		trigger.setSaved({});
		expect(await trigger.deactivate()).toBe(true);
		expect(webhooksOfSolution().map((webhook) => webhook.notification_status)).toEqual([
			{ disabled: {} },
		]);
	});

	it('deactivation switches notifications off and deletes nothing', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		await trigger.activate();
		expect(await trigger.deactivate()).toBe(true);
		emu.resetNotifications();
		await change(2);
		expect(webhooksOfSolution()).toHaveLength(1);
		expect(emu.notifications).toHaveLength(0);
		expect(trigger.executions).toHaveLength(0);
	});
});

describe('pings', () => {
	it('each record change comes out once, in stream order; a ping costs one ListEvents call and no GetWebhook', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp({ options: { simplify: false } });
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.resetLog();
		await change(3);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(trigger.answers.every((status) => status === 200)).toBe(true);
		expect(requests('ListEvents').length).toBeLessThanOrEqual(3);
		expect(requests('GetWebhook')).toHaveLength(0);
		expect(trigger.executions[0][0]).toMatchObject({
			event_id: expect.any(String),
			kind: 'RECORD_CREATED',
		});
	});

	it('simplifies events by default', async () => {
		const { trigger, change } = await setUp();
		await trigger.activate();
		await change(1);
		expect(Object.keys(trigger.executions[0][0])).toEqual(
			expect.arrayContaining(['event_id', 'kind', 'record_id', 'changed_fields']),
		);
	});

	it('20 copies of each ping at once: every event exactly once, at most one ListEvents call per ping', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.setVariant({ notificationCopies: 20, notificationCopiesAtOnce: true });
		emu.resetLog();
		await change(5);
		const emitted = eventIds(trigger.executions);
		expect(emitted).toEqual(allEventIds(webhookId));
		expect(emitted).toHaveLength(5);
		// 100 pings; those that arrive while a drain waits its turn join it.
		expect(requests('ListEvents').length).toBeLessThan(50);
	});

	it('a burst of pings released at once: one execution or several, every event once', async () => {
		const { trigger, webhooksOfSolution, deals } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.holdNotifications();
		for (let i = 0; i < 30; i++) emu.createRecord(deals.id, { title: `Deal ${i}` });
		emu.resetLog();
		emu.releaseNotifications();
		await emu.settleNotifications();
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(eventIds(trigger.executions)).toHaveLength(30);
		expect(requests('ListEvents').length).toBeLessThanOrEqual(30);
	});

	it('a ping whose execution has not saved its state yet does not make the next ping emit its events again', async () => {
		const { trigger, webhooksOfSolution, deals } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.holdNotifications(); // the test pings by itself
		emu.createRecord(deals.id, { title: 'One' });
		const body = { webhookId, locator: {} };
		const first = await trigger.ping(body, { saveLater: true });
		emu.createRecord(deals.id, { title: 'Two' });
		const second = await trigger.ping(body, { saveLater: true });
		second.save();
		first.save(); // the longer execution ends last: its older state wins the database
		emu.createRecord(deals.id, { title: 'Three' });
		const third = await trigger.ping(body);
		expect([...first.items, ...second.items, ...third.items].map((item) => item.event_id)).toEqual(
			allEventIds(webhookId),
		);
	});

	it('after a restart (memory gone), goes on from the saved cursor', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		await change(2);
		trigger.restart();
		await change(2);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(eventIds(trigger.executions)).toHaveLength(4);
	});

	it('a failed ListEvents answers 503 and starts nothing; SmartSuite retries and the event comes out once', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.injectFault({ operation: 'ListEvents', action: { type: 'status', status: 500 } });
		await change(1);
		expect(trigger.answers).toEqual([503, 200]);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
	});

	it('without a response object from n8n, a ping still emits its events, and a failed read throws for n8n to answer 500', async () => {
		const { trigger, webhooksOfSolution, deals } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.holdNotifications(); // the test pings by itself
		emu.createRecord(deals.id, { title: 'One' });
		const body = { webhookId, locator: {} };
		const read = await trigger.ping(body, { withResponse: false });
		expect(read.items.map((item) => item.event_id)).toEqual(allEventIds(webhookId));
		expect((await trigger.ping({ webhookId: 'another' }, { withResponse: false })).items).toEqual(
			[],
		);
		emu.injectFault({ operation: 'ListEvents', action: { type: 'status', status: 500 } });
		const failure = await trigger.ping(body, { withResponse: false }).then(
			() => undefined,
			(error: Error) => error,
		);
		expect(failure?.message).toMatch(/SmartSuite/);
		expect(JSON.stringify(failure)).not.toContain(emu.apiKey);
	});

	it('a ping that names another webhook, none, or is not an object costs no request and starts nothing', async () => {
		const { trigger } = await setUp();
		await trigger.activate();
		emu.resetLog();
		for (const body of [
			{ webhookId: 'someone-else' },
			{},
			undefined,
			[1, 2],
			'text',
			{ webhookId: { $ne: '' } },
		]) {
			const answer = await trigger.ping(body);
			expect(answer).toMatchObject({ status: 200, items: [] });
		}
		expect(emu.requests).toHaveLength(0);
	});

	it('Max Events per Run: the rest waits for the next ping, and the ping is answered 503 so that SmartSuite notifies again', async () => {
		const { trigger, webhooksOfSolution, deals } = await setUp({
			options: { maxEventsPerPoll: 2 },
		});
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.holdNotifications();
		for (let i = 0; i < 5; i++) emu.createRecord(deals.id, { title: `Deal ${i}` });
		emu.resetNotifications();
		const body = { webhookId, locator: {} };
		const first = await trigger.ping(body);
		expect(first).toMatchObject({ status: 503 });
		expect(first.items).toHaveLength(2);
		const rest = [await trigger.ping(body), await trigger.ping(body)];
		expect(rest.map((answer) => answer.status)).toEqual([503, 200]);
		expect(
			[...first.items, ...rest.flatMap((answer) => answer.items)].map((item) => item.event_id),
		).toEqual(allEventIds(webhookId));
	});
});

describe('a lone change costs one ListEvents (issue 39)', () => {
	/** Makes `count` changes one at a time, each ping answered before the next; the ListEvents calls of each. */
	async function oneAtATime(change: (count?: number) => Promise<void>, count: number) {
		const costs: number[] = [];
		for (let i = 0; i < count; i++) {
			emu.resetLog();
			await change(1);
			costs.push(requests('ListEvents').length);
		}
		return costs;
	}

	it.each(['emptyToken', 'omittedToken', 'emptyPage'] as const)(
		'%s: from the first change on, also with 3 copies of each ping at once',
		async (endOfStream) => {
			const { trigger, webhooksOfSolution, change } = await setUp();
			emu.setVariant({ endOfStream });
			await trigger.activate();
			const [{ webhook_id: webhookId }] = webhooksOfSolution();
			expect(await oneAtATime(change, 4)).toEqual([1, 1, 1, 1]);
			// SmartSuite's copies of one ping arrive together: they share one read (8 calls before).
			// A copy that reaches n8n more than 25 ms after the first (a loaded machine) reads again.
			emu.setVariant({ notificationCopies: 3, notificationCopiesAtOnce: true });
			const withCopies = await oneAtATime(change, 4);
			expect(withCopies.reduce((sum, cost) => sum + cost, 0)).toBeLessThanOrEqual(5);
			expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
			expect(trigger.executions.map((items) => items.length)).toEqual(Array(8).fill(1));
		},
	);

	it('copies of a ping that come 5 ms after it, while its drain runs, share its read and execution', async () => {
		const { trigger, webhooksOfSolution, deals } = await setUp();
		await trigger.activate(); // emptyToken: one drain is one request
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.holdNotifications(); // the test pings by itself
		emu.createRecord(deals.id, { title: 'One' });
		emu.resetLog();
		const body = { webhookId, locator: {} };
		const first = trigger.ping(body);
		await new Promise((resolve) => setTimeout(resolve, 5));
		const copies = await Promise.all([trigger.ping(body), trigger.ping(body)]);
		const answers = [await first, ...copies];
		expect(requests('ListEvents')).toHaveLength(1);
		expect(answers.map((answer) => answer.items.length)).toEqual([1, 0, 0]);
		expect(eventIds([answers[0].items])).toEqual(allEventIds(webhookId));
	});

	it('a server that serves 7 a page: lone changes cost 1, a backlog of 30 comes out whole, once and in order', async () => {
		const { trigger, webhooksOfSolution, change, deals } = await setUp();
		emu.setVariant({ endOfStream: 'emptyPage', maxPageSize: 7 });
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		expect(await oneAtATime(change, 3)).toEqual([1, 1, 1]);
		emu.holdNotifications();
		for (let i = 0; i < 30; i++) emu.createRecord(deals.id, { title: `Deal ${i}` });
		emu.resetLog();
		const backlog = await trigger.ping({ webhookId, locator: {} });
		// Pages of 7: the first followed at once by more shows the server's size; the page of 2 ends it.
		expect(backlog.items).toHaveLength(30);
		expect(requests('ListEvents')).toHaveLength(Math.ceil(30 / 7));
		emu.releaseNotifications();
		await emu.settleNotifications();
		expect(await oneAtATime(change, 3)).toEqual([1, 1, 1]);
		const out = [...eventIds(trigger.executions.slice(0, 3)), ...eventIds([backlog.items])];
		out.push(...eventIds(trigger.executions.slice(3)));
		expect(out).toEqual(allEventIds(webhookId));
	});

	it('a server that starts serving fewer than it did: each notification reads on from the saved token, nothing lost or twice across restarts', async () => {
		const { trigger, webhooksOfSolution, change, deals } = await setUp();
		emu.setVariant({ endOfStream: 'emptyPage' });
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		await change(10); // a page of 10 seen: the server serves at least that many
		emu.setVariant({ maxPageSize: 7 });
		emu.holdNotifications(); // the test pings by itself
		for (let i = 0; i < 30; i++) emu.createRecord(deals.id, { title: `Deal ${i}` });
		const sizes: number[] = [];
		const out = eventIds(trigger.executions);
		for (let ping = 0; ping < 10 && out.length < 40; ping++) {
			emu.resetLog();
			const { items } = await trigger.ping({ webhookId, locator: {} });
			sizes.push(items.length);
			out.push(...eventIds([items]));
			// A page of 7 after pages of 10 ends the read; what follows it waits for the next notification.
			expect(requests('ListEvents').length).toBeLessThanOrEqual(2);
			trigger.restart(); // the next notification starts from the saved state alone
		}
		expect(out).toEqual(allEventIds(webhookId));
		expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(30);
	});
});

describe('the secret in the notification URL', () => {
	const post = async (url: string, body: unknown) => {
		const answer = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		return { status: answer.status, text: await answer.text() };
	};

	it('100 forged pings naming the webhook, without the secret or with a wrong one: 200 with nothing, no request to SmartSuite, no execution, nothing logged at info, warn or error', async () => {
		const { trigger, webhooksOfSolution } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.resetLog();
		const logger = Container.get(Logger);
		const logged = (['info', 'warn', 'error'] as const).map((level) => jest.spyOn(logger, level));
		const wrong = String(trigger.saved().secret).replace(/^./, (first) =>
			first === 'a' ? 'b' : 'a',
		);
		const urls = [
			trigger.url,
			`${trigger.url}?secret=${wrong}`,
			`${trigger.url}?secret=`,
			`${trigger.url}?other=${String(trigger.saved().secret)}`,
		];
		const answers = [];
		for (let i = 0; i < 100; i++)
			answers.push(await post(urls[i % urls.length], { webhookId, locator: {} }));
		// With the secret, naming another webhook: ignored as quietly.
		for (let i = 0; i < 5; i++)
			answers.push(
				await post(String(trigger.saved().notificationUrl), { webhookId: `another-${i}` }),
			);
		expect(new Set(answers.map((answer) => `${answer.status} ${answer.text}`))).toEqual(
			new Set(['200 ']),
		);
		expect(emu.requests).toHaveLength(0);
		expect(trigger.executions).toHaveLength(0);
		expect(logged.flatMap((spy) => spy.mock.calls)).toEqual([]);
		jest.restoreAllMocks();
		// SmartSuite's own pings carry it.
		await post(String(trigger.saved().notificationUrl), { webhookId, locator: {} });
		expect(requests('ListEvents')).toHaveLength(1);
	});

	it('a webhook made before URLs carried a secret is moved to a URL with one at the next activation (UpdateWebhook), its events kept', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		await change(1);
		// The state and the webhook as the version before wrote them.
		const { secret: _secret, ...before } = trigger.saved();
		trigger.setSaved({ ...before, notificationUrl: trigger.url });
		emu.setWebhookStatus(webhookId, { notifications: { url: trigger.url } });
		await change(1); // pinged without a secret: ignored, collected
		expect(trigger.executions).toHaveLength(1);
		emu.resetLog();
		await trigger.activate('init');
		expect(requests('UpdateWebhook')).toHaveLength(1);
		expect(requests('CreateWebhook')).toHaveLength(0);
		expect(webhooksOfSolution().map((webhook) => webhook.webhook_id)).toEqual([webhookId]);
		expect(emu.getWebhook(webhookId)?.notification_status).toEqual({
			enabled: { url: secretUrl(trigger) },
		});
		await change(1);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(eventIds(trigger.executions)).toHaveLength(3);
	});

	it('with the state lost, the webhook found again gets a new secret: the old URL is refused', async () => {
		const { trigger, webhooksOfSolution } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		const oldUrl = secretUrl(trigger);
		trigger.setSaved({});
		await trigger.activate('init');
		expect(secretUrl(trigger)).not.toBe(oldUrl);
		expect(emu.getWebhook(webhookId)?.notification_status).toEqual({
			enabled: { url: secretUrl(trigger) },
		});
		emu.resetLog();
		expect(await post(oldUrl, { webhookId })).toEqual({ status: 200, text: '' });
		expect(emu.requests).toHaveLength(0);
	});
});

describe('at most one webhook per trigger', () => {
	for (const action of [
		{ type: 'status', status: 500, afterProcessing: true },
		{ type: 'drop', afterProcessing: true },
	] as const) {
		it(`CreateWebhook that created the webhook, then ${action.type === 'drop' ? 'dropped the connection' : 'answered 500'}: the activation takes that webhook`, async () => {
			const { trigger, webhooksOfSolution, change } = await setUp();
			emu.injectFault({ operation: 'CreateWebhook', action });
			await trigger.activate();
			const [webhook] = webhooksOfSolution();
			expect(webhooksOfSolution()).toHaveLength(1);
			expect(trigger.saved()).toMatchObject({ webhookId: webhook.webhook_id });
			expect(webhook.notification_status).toEqual({ enabled: { url: secretUrl(trigger) } });
			await change(1);
			expect(eventIds(trigger.executions)).toEqual(allEventIds(webhook.webhook_id));
		});
	}

	it("CreateWebhook failed after creating and the search failed too: n8n's cleanup deletes that webhook, the retried activation leaves one", async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		emu.injectFault({
			operation: 'CreateWebhook',
			action: { type: 'status', status: 500, afterProcessing: true },
		});
		// The first ListWebhooks (the search before creating) passes, the one after the failure does not.
		emu.injectFault({
			operation: 'ListWebhooks',
			skip: 1,
			action: { type: 'status', status: 503 },
		});
		await expect(trigger.activate()).rejects.toThrow();
		expect(webhooksOfSolution()).toHaveLength(1);
		// n8n runs delete after a failed activation (with the state saved before it: none), then activates again.
		expect(await trigger.deactivate()).toBe(true);
		expect(webhooksOfSolution()).toHaveLength(0);
		await trigger.activate();
		expect(webhooksOfSolution()).toHaveLength(1);
		await change(1);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhooksOfSolution()[0].webhook_id));
	});

	it('a CreateWebhook refused (4xx) creates nothing and searches nothing more', async () => {
		const { trigger, webhooksOfSolution } = await setUp();
		emu.injectFault({ operation: 'CreateWebhook', action: { type: 'status', status: 422 } });
		emu.resetLog();
		await expect(trigger.activate()).rejects.toThrow();
		expect(requests('ListWebhooks')).toHaveLength(1);
		expect(webhooksOfSolution()).toHaveLength(0);
	});
});

describe('Listen for test event', () => {
	it('uses a webhook of its own with the test URL, drained from its start, deleted afterwards; production state untouched', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		await trigger.activate();
		const [production] = webhooksOfSolution();
		const savedBefore = trigger.saved();
		const testState = await trigger.listen();
		const testWebhook = emu.getWebhook(String(testState.webhookId));
		expect(testWebhook?.notification_status).toEqual({
			enabled: { url: `${trigger.testUrl}?secret=${String(testState.secret)}` },
		});
		expect(testState.secret).not.toBe(savedBefore.secret);
		await change(1);
		// Both webhooks were pinged; the test one is gone after its execution.
		expect(emu.getWebhook(String(testState.webhookId))).toBeUndefined();
		expect(trigger.executions).toHaveLength(2);
		const [event] = emu.events(production.webhook_id);
		expect(trigger.executions.map((items) => items.map((item) => item.record_id))).toEqual([
			[event.record_event_data.record_id],
			[event.record_event_data.record_id],
		]);
		// The production state moved only with the production webhook's own ping.
		expect(trigger.saved()).toMatchObject({
			webhookId: production.webhook_id,
			lastEventId: event.event_id,
		});
		expect(savedBefore.webhookId).toBe(production.webhook_id);
		expect(webhooksOfSolution()).toHaveLength(1);
	});
});

describe('keep-alive', () => {
	it("signs its own requests with the headers the credential's authenticate gives (n8n 2.41 cannot evaluate it in a tick): a padded key and workspace id are sent trimmed, alike by the tick and the ping", async () => {
		const { trigger, change } = await setUp(
			{},
			{ apiKey: `  ${emu.apiKey}\n`, workspaceId: ` ${emu.workspaceId} ` },
		);
		await trigger.activate();
		await change(1);
		await (await trigger.keepAlive()).tick();
		const signing = (operation: string) =>
			emu.requests
				.filter((request) => request.operation === operation)
				.map(({ headers }) => [headers.authorization, headers['account-id']]);
		const expected = [`Token ${emu.apiKey}`, emu.workspaceId];
		// ListEvents from the ping goes through n8n's httpRequestWithAuthentication; GetWebhook
		// from the tick is signed by the transport itself.
		expect(signing('ListEvents')).toEqual([expected]);
		expect(signing('GetWebhook').at(-1)).toEqual(expected);
	});

	it('is scheduled once a day and costs one GetWebhook when nothing is wrong; it never emits nor writes the state', async () => {
		const { trigger } = await setUp();
		await trigger.activate();
		const keepAlive = await trigger.keepAlive();
		expect(keepAlive.expression).toMatch(/^\d+ \d+ \d+ \* \* \*$/);
		emu.resetLog();
		await keepAlive.tick();
		expect(emu.requests.map((request) => request.operation)).toEqual(['GetWebhook']);
		expect(keepAlive.errors).toEqual([]);
	});

	it('switches notifications back on when SmartSuite disabled them; the events collected meanwhile come out at the next ping', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.setWebhookStatus(webhookId, { notifications: 'disabled' });
		await change(2);
		expect(trigger.executions).toHaveLength(0);
		await (await trigger.keepAlive()).tick();
		expect(emu.getWebhook(webhookId)?.notification_status).toEqual({
			enabled: { url: secretUrl(trigger) },
		});
		await change(1);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(eventIds(trigger.executions)).toHaveLength(3);
	});

	it('renews a webhook that expires soon or was disabled with one ListEvents call', async () => {
		const { trigger, webhooksOfSolution } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.setWebhookStatus(webhookId, { system: 'disabled' });
		emu.resetLog();
		await (await trigger.keepAlive()).tick();
		expect(emu.requests.map((request) => request.operation)).toEqual(['GetWebhook', 'ListEvents']);
	});

	it('asks n8n to re-activate the workflow when the webhook was deleted; the activation creates a new one', async () => {
		const { trigger, webhooksOfSolution, change } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		emu.deleteWebhook(webhookId);
		const keepAlive = await trigger.keepAlive();
		await keepAlive.tick();
		expect(keepAlive.errors.map((error) => error.message)).toEqual([
			`The webhook "${webhookId}" of the ${INSTANT_NAME} was deleted`,
		]);
		const oldSecret = trigger.saved().secret;
		await trigger.activate('activate');
		const [replacement] = webhooksOfSolution();
		expect(replacement.webhook_id).not.toBe(webhookId);
		// A new webhook, a new secret: deleting the webhook is how a user changes it.
		expect(trigger.saved().secret).not.toBe(oldSecret);
		expect(replacement.notification_status).toEqual({ enabled: { url: secretUrl(trigger) } });
		await change(1);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(replacement.webhook_id));
	});
});

describe('back by itself after a failure', () => {
	/** Lets `ms` pass for the trigger's clock. */
	const later = (ms: number) => {
		const now = Date.now();
		jest.spyOn(Date, 'now').mockReturnValue(now + ms);
	};
	afterEach(() => jest.restoreAllMocks());
	const operations = () => emu.requests.map((request) => `${request.operation} ${request.status}`);

	it('a wrong key since fixed: the minute tick switches the notifications SmartSuite stopped back on and reads the missed change once; no request in steady state', async () => {
		const { trigger, webhooksOfSolution, change, credentials } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		const minute = await trigger.minuteTick();
		expect(minute.expression).toMatch(/^\d+ \* \* \* \* \*$/);
		emu.resetLog();
		await minute.tick();
		expect(emu.requests).toEqual([]);

		credentials.apiKey = 'a-wrong-key';
		await change(1);
		// Every delivery answered 503; SmartSuite gave up and switched notifications off.
		expect(trigger.answers).toEqual([503, 503, 503, 503]);
		expect(emu.getWebhook(webhookId)?.notification_status).toEqual({ disabled: {} });
		emu.resetLog();
		await minute.tick(); // the key is still wrong
		expect(operations()).toEqual(['GetWebhook 401']);
		await minute.tick(); // not due again yet
		expect(operations()).toEqual(['GetWebhook 401']);

		credentials.apiKey = emu.apiKey;
		later(2 * FIRST_WAIT_MS);
		emu.resetLog();
		await minute.tick();
		// GetTable and ListMembers: the event's record by label, its `by` as a person (Simplify).
		expect(operations()).toEqual([
			'GetWebhook 200',
			'UpdateWebhook 200',
			'ListEvents 200',
			'GetTable 200',
			'ListMembers 200',
		]);
		expect(emu.getWebhook(webhookId)?.notification_status).toEqual({
			enabled: { url: secretUrl(trigger) },
		});
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(eventIds(trigger.executions)).toHaveLength(1);
		expect(minute.errors).toEqual([]);

		// Read again: the ticks cost nothing, and the next change arrives as usual.
		later(60 * FIRST_WAIT_MS);
		emu.resetLog();
		await minute.tick();
		expect(emu.requests).toEqual([]);
		await change(1);
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(eventIds(trigger.executions)).toHaveLength(2);
	});

	it('a failure noticed before a restart: the restarted trigger checks once and reads the missed change', async () => {
		const { trigger, webhooksOfSolution, change, credentials } = await setUp();
		await trigger.activate();
		const [{ webhook_id: webhookId }] = webhooksOfSolution();
		credentials.apiKey = 'a-wrong-key';
		await change(1);
		expect(trigger.executions).toEqual([]);
		credentials.apiKey = emu.apiKey;

		trigger.restart();
		await trigger.activate('init');
		const minute = await trigger.minuteTick('init');
		await minute.tick();
		expect(eventIds(trigger.executions)).toEqual(allEventIds(webhookId));
		expect(eventIds(trigger.executions)).toHaveLength(1);
		emu.resetLog();
		await minute.tick();
		expect(emu.requests).toEqual([]);
		await minute.close();
	});
});
