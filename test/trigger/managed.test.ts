/**
 * "Create a webhook for me" through n8n-core's PollContext against the emulator: the webhook's
 * whole life (created on the first activation, reused across restarts and edits that keep the
 * scope, replaced when the scope changes or it is gone, never left behind by a failed
 * activation), "Fetch test event" before activation, and workflows saved before version 2.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { INodeParameters } from 'n8n-workflow';

import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { POLL_LIMITS } from '../../nodes/SmartSuite/trigger/limits';
import { CHECK_INTERVAL_MS } from '../../nodes/SmartSuite/trigger/managed';
import type { Emulator } from '../emulator';
import { createPoller, credentialsFor } from '../helpers/n8n';
import { startStub, webhooksPath } from '../node/harness';
import {
	TRIGGER_NAME,
	emitted,
	idsOf,
	requestsTo,
	restoreStaticData,
	useTriggerEmulator,
} from './helpers';

const ctx = useTriggerEmulator();
let emu: Emulator;
/** What the trigger wrote to n8n's log. */
let logs: string[];
beforeEach(() => {
	emu = ctx.emu;
	logs = [];
	const logger = Container.get(Logger);
	for (const level of ['info', 'warn'] as const) {
		jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
			logs.push(`${level}: ${String(args[0])}`);
		});
	}
});
afterEach(() => jest.restoreAllMocks());

const rl = (value: string) => ({ __rl: true, mode: 'list', value });

function seed() {
	const solution = emu.addSolution({ name: 'Sales CRM' });
	const deals = emu.addTable(solution.id, { name: 'Deals' });
	const contacts = emu.addTable(solution.id, { name: 'Contacts' });
	const webhooksOfSolution = () =>
		emu.webhooks().filter((webhook) => webhook.locator.solution_id === solution.id);
	return { solution, deals, contacts, webhooksOfSolution };
}

function managed(solutionId: string, extra: INodeParameters = {}): INodeParameters {
	return {
		source: 'managed',
		solutionId: rl(solutionId),
		events: [],
		options: { simplify: false },
		...extra,
	};
}

function trigger(parameters: INodeParameters, typeVersion = 2) {
	return createPoller(new SmartSuiteTrigger(), {
		name: TRIGGER_NAME,
		credentials: credentialsFor(emu),
		parameters,
		typeVersion,
	});
}

type Thrown = Error & { description?: string };
/** What the poll threw; fails when it did not throw. */
async function pollError(poll: Promise<unknown>): Promise<Thrown> {
	const error = await poll.then(
		() => undefined,
		(thrown: Thrown) => thrown,
	);
	if (!error) throw new Error('expected the poll to throw');
	return error;
}

const update = (title: string) => ({ kind: 'RECORD_UPDATED', data: { title } });

describe('the managed webhook', () => {
	test('the first activation creates it (notifications off) for the picked tables and kinds and remembers it; later changes come out', async () => {
		const { solution, deals, contacts, webhooksOfSolution } = seed();
		emu.recordChanges(deals.id, [update('before activation')]);
		const poller = trigger(
			managed(solution.id, { tableIds: [deals.id], events: ['RECORD_UPDATED'] }),
		);

		expect(await poller.poll()).toBeNull();

		const [webhook] = webhooksOfSolution();
		expect(webhooksOfSolution()).toHaveLength(1);
		expect(webhook).toMatchObject({
			filter: { applications: { application_ids: [deals.id] } },
			kinds: ['RECORD_UPDATED'],
			notification_status: { disabled: {} },
		});
		// The CreateWebhook answer says what the webhook is: no GetWebhook to read it back. The
		// second list finds none of the scope created meanwhile by another process.
		expect(emu.requests.map((request) => request.operation)).toEqual([
			'ListWebhooks',
			'CreateWebhook',
			'ListWebhooks',
			'ListEvents',
		]);
		expect(poller.staticData()).toMatchObject({
			managedWebhookId: webhook.webhook_id,
			webhookId: webhook.webhook_id,
			managedScope: expect.any(String),
		});
		expect(logs).toEqual([
			`info: SmartSuite Polling Trigger: created the webhook "${webhook.webhook_id}" (notifications off) because none was set up yet, or n8n kept no state of it`,
		]);

		const changed = emu.recordChanges(deals.id, [
			update('after activation'),
			{ kind: 'RECORD_CREATED' },
		]);
		emu.recordChanges(contacts.id, [update('another table')]);
		expect(changed).toHaveLength(1);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(changed));
		expect(await poller.poll()).toBeNull();
	});

	test('a restart reuses it: from the saved state without any extra request, from a lost state by finding it and reading it from its first event', async () => {
		const { solution, deals, webhooksOfSolution } = seed();
		const poller = trigger(managed(solution.id, { watch: 'solution' }));
		await poller.poll();
		const saved = poller.staticData();
		const [webhook] = webhooksOfSolution();

		restoreStaticData(poller, saved);
		emu.resetLog();
		const first = emu.recordChanges(deals.id, [update('one')]);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(first));
		expect(emu.requests.map((request) => request.operation)).toEqual(['ListEvents']);

		// n8n dropped the activation poll's state (it emitted nothing) and restarted: the webhook
		// is found by its scope, and everything stored on it since it was created comes out once.
		const lost = trigger(managed(solution.id, { watch: 'solution' }));
		await lost.poll();
		restoreStaticData(lost, {});
		emu.resetLog();
		const second = emu.recordChanges(deals.id, [update('two')]);
		expect(idsOf(emitted(await lost.poll()))).toEqual(idsOf([...first, ...second]));
		expect(requestsTo(emu, 'CreateWebhook')).toHaveLength(0);
		expect(emu.requests.map((request) => request.operation)).toEqual([
			'ListWebhooks',
			'ListEvents',
		]);
		expect(webhooksOfSolution()).toEqual([webhook]);
		expect(lost.staticData().managedWebhookId).toBe(webhook.webhook_id);
		expect(logs).toContainEqual(
			expect.stringContaining(`using the existing webhook "${webhook.webhook_id}"`),
		);
		expect(await lost.poll()).toBeNull();
	});

	test('a lost state and an expired webhook of the same scope: its last events are read, then a new one takes over and the expired one is deleted', async () => {
		const { solution, deals, webhooksOfSolution } = seed();
		const poller = trigger(managed(solution.id, { tableIds: [deals.id] }));
		await poller.poll();
		const [expired] = webhooksOfSolution();
		const last = emu.recordChanges(deals.id, [update('before it expired')]);
		emu.setWebhookStatus(expired.webhook_id, { system: 'disabled' });

		restoreStaticData(poller, {});
		emu.resetLog();
		logs = [];
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(last));
		expect(requestsTo(emu, 'CreateWebhook')).toHaveLength(1);
		const replacement = poller.staticData().managedWebhookId;
		expect(replacement).toEqual(expect.any(String));
		expect(replacement).not.toBe(expired.webhook_id);
		expect(webhooksOfSolution().map((webhook) => webhook.webhook_id)).toEqual([replacement]);
		expect(logs).toContainEqual(
			`warn: SmartSuite Polling Trigger: the webhook "${expired.webhook_id}" is disabled; setting up another one`,
		);
	});

	test("finding or creating the webhook counts against the poll's budget: a hung ListWebhooks times out within it and creates nothing", async () => {
		const { solution, deals, webhooksOfSolution } = seed();
		const limits = { ...POLL_LIMITS };
		POLL_LIMITS.budgetMs = 500;
		try {
			emu.injectFault({ operation: 'ListWebhooks', action: { type: 'delay', ms: 4000 } });
			const poller = trigger(managed(solution.id, { tableIds: [deals.id] }));
			// n8n's own request timeout is 300 s: without the poll's, the 4-s answer comes and a webhook is created.
			const error = await pollError(poller.poll());
			expect(error.message).toBe('SmartSuite did not answer within 1 s');
			expect(requestsTo(emu, 'CreateWebhook')).toHaveLength(0);
			expect(webhooksOfSolution()).toHaveLength(0);
		} finally {
			Object.assign(POLL_LIMITS, limits);
		}
	});

	test('edits that keep the scope keep the webhook; a scope change creates a new one and says so', async () => {
		const { solution, deals, contacts, webhooksOfSolution } = seed();
		const parameters = managed(solution.id, { tableIds: [deals.id, contacts.id] });
		const poller = trigger(parameters);
		await poller.poll();
		const [first] = webhooksOfSolution();

		// Same tables in another order, other options: the same webhook.
		poller.setParameters({
			...parameters,
			tableIds: [contacts.id, deals.id],
			options: { pageSize: 5, simplify: true },
		});
		expect(await poller.poll()).toBeNull();
		expect(webhooksOfSolution()).toHaveLength(1);

		poller.setParameters({ ...parameters, tableIds: [deals.id], events: ['RECORD_CREATED'] });
		expect(await poller.poll()).toBeNull();
		const second = webhooksOfSolution()[1];
		expect(second).toMatchObject({
			filter: { applications: { application_ids: [deals.id] } },
			kinds: ['RECORD_CREATED'],
		});
		expect(poller.staticData().managedWebhookId).toBe(second.webhook_id);
		expect(logs).toContainEqual(
			`info: SmartSuite Polling Trigger: created the webhook "${second.webhook_id}" (notifications off) because the Solution, Watch or Events changed (the webhook "${first.webhook_id}" is no longer read; SmartSuite deletes it after 14 days without reads)`,
		);
		const created = emu.recordChanges(deals.id, [
			{ kind: 'RECORD_CREATED' },
			update('not watched'),
		]);
		expect(idsOf(emitted(await poller.poll()))).toEqual(
			idsOf(created.filter((event) => event.webhook_id === second.webhook_id)),
		);
	});

	test('two triggers of one scope activated at once share one webhook, and each emits every later change once', async () => {
		const { solution, deals, webhooksOfSolution } = seed();
		const parameters = managed(solution.id, { tableIds: [deals.id], events: ['RECORD_UPDATED'] });
		const [first, second] = [trigger(parameters), trigger(parameters)];

		expect(await Promise.all([first.poll(), second.poll()])).toEqual([null, null]);

		const [webhook] = webhooksOfSolution();
		expect(webhooksOfSolution()).toHaveLength(1);
		expect(requestsTo(emu, 'CreateWebhook')).toHaveLength(1);
		expect(first.staticData().managedWebhookId).toBe(webhook.webhook_id);
		expect(second.staticData().managedWebhookId).toBe(webhook.webhook_id);
		const changed = emu.recordChanges(deals.id, [update('one'), update('two')]);
		for (const poller of [first, second]) {
			expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(changed));
			expect(await poller.poll()).toBeNull();
		}
	});

	test('two processes activating a trigger of one scope at once: the newer webhook is deleted, both read the older one', async () => {
		const { solution, deals, webhooksOfSolution } = seed();
		const parameters = managed(solution.id, { tableIds: [deals.id] });
		// A second copy of the package's modules: another n8n process, which shares nothing with this one.
		let OtherProcessTrigger = SmartSuiteTrigger;
		jest.isolateModules(() => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			OtherProcessTrigger =
				require('../../nodes/SmartSuite/SmartSuiteTrigger.node').SmartSuiteTrigger;
		});
		const here = trigger(parameters);
		const there = createPoller(new OtherProcessTrigger(), {
			name: TRIGGER_NAME,
			credentials: credentialsFor(emu),
			parameters,
			typeVersion: 2,
		});

		expect(await Promise.all([here.poll(), there.poll()])).toEqual([null, null]);

		const [webhook] = webhooksOfSolution();
		expect(webhooksOfSolution()).toHaveLength(1);
		expect(here.staticData().managedWebhookId).toBe(webhook.webhook_id);
		expect(there.staticData().managedWebhookId).toBe(webhook.webhook_id);
		const changed = emu.recordChanges(deals.id, [update('one')]);
		for (const poller of [here, there])
			expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(changed));
	});

	test('a webhook deleted behind its back is replaced, with a log line, and events flow again', async () => {
		const { solution, deals, webhooksOfSolution } = seed();
		const poller = trigger(managed(solution.id, { tableIds: [deals.id] }));
		await poller.poll();
		const [gone] = webhooksOfSolution();
		emu.injectFault({ operation: 'ListEvents', action: { type: 'deleteWebhook' } });

		expect(await poller.poll()).toBeNull();

		const [replacement] = webhooksOfSolution();
		expect(replacement.webhook_id).not.toBe(gone.webhook_id);
		expect(poller.staticData().managedWebhookId).toBe(replacement.webhook_id);
		expect(logs).toContainEqual(
			`warn: SmartSuite Polling Trigger: the webhook "${gone.webhook_id}" is gone (deleted, or expired); setting up another one`,
		);
		expect(logs).toContainEqual(
			expect.stringContaining(
				`created the webhook "${replacement.webhook_id}" (notifications off) because the webhook "${gone.webhook_id}" is gone`,
			),
		);
		const changed = emu.recordChanges(deals.id, [update('after the replacement')]);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(changed));
	});

	test('a failed activation leaves no webhook behind and remembers nothing', async () => {
		const { solution, deals, webhooksOfSolution } = seed();
		emu.injectFault({
			operation: 'ListEvents',
			action: { type: 'status', status: 500 },
			times: Infinity,
		});
		const poller = trigger(managed(solution.id, { tableIds: [deals.id] }));

		await expect(poller.poll()).rejects.toThrow(
			'SmartSuite failed to list the events of the webhook (500)',
		);

		expect(webhooksOfSolution()).toEqual([]);
		expect(requestsTo(emu, 'DeleteWebhook')).toHaveLength(1);
		expect(poller.staticData().managedWebhookId).toBeUndefined();
	});

	for (const action of [
		{ type: 'status', status: 500, afterProcessing: true },
		{ type: 'drop', afterProcessing: true },
	] as const) {
		test(`CreateWebhook that created the webhook, then ${action.type === 'drop' ? 'dropped the connection' : 'answered 500'}: the retried activation takes that webhook, one in all`, async () => {
			const { solution, deals, webhooksOfSolution } = seed();
			emu.injectFault({ operation: 'CreateWebhook', action });
			const poller = trigger(managed(solution.id, { tableIds: [deals.id] }));
			await expect(poller.poll()).rejects.toThrow();
			expect(poller.staticData().managedWebhookId).toBeUndefined();
			// n8n retries the activation.
			expect(await poller.poll()).toBeNull();
			const [webhook] = webhooksOfSolution();
			expect(webhooksOfSolution()).toHaveLength(1);
			expect(requestsTo(emu, 'CreateWebhook')).toHaveLength(1);
			expect(poller.staticData().managedWebhookId).toBe(webhook.webhook_id);
			const changes = emu.recordChanges(deals.id, [update('after')]);
			expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(changes));
		});
	}

	test('a failed activation whose cleanup fails too: the retried activation takes the webhook it left, one in all', async () => {
		const { solution, deals, webhooksOfSolution } = seed();
		emu.injectFault({ operation: 'ListEvents', action: { type: 'status', status: 500 } });
		emu.injectFault({ operation: 'DeleteWebhook', action: { type: 'status', status: 500 } });
		const poller = trigger(managed(solution.id, { tableIds: [deals.id] }));
		await expect(poller.poll()).rejects.toThrow();
		restoreStaticData(poller, {});
		expect(await poller.poll()).toBeNull();
		expect(webhooksOfSolution()).toHaveLength(1);
		expect(requestsTo(emu, 'CreateWebhook')).toHaveLength(1);
	});

	test('a scope SmartSuite refuses fails the activation with its reason and creates nothing', async () => {
		const { solution, webhooksOfSolution } = seed();
		const other = emu.addSolution();
		const elsewhere = emu.addTable(other.id);
		const poller = trigger(managed(solution.id, { tableIds: [elsewhere.id] }));
		const error = await pollError(poller.poll());
		expect(error.message).toMatch(
			/^SmartSuite rejected the request to create the webhook \(400\): application \w+ is not in solution/,
		);
		expect(error.description).toContain('not in solution');
		expect(webhooksOfSolution()).toEqual([]);
	});

	test('a CreateWebhook answer without a webhook_id fails the activation with a clear error', async () => {
		const stub = await startStub((body) => ({
			status: 200,
			body: 'webhook' in body ? { webhook: { kinds: ['RECORD_UPDATED'] } } : { webhooks: [] },
		}));
		try {
			const poller = createPoller(new SmartSuiteTrigger(), {
				name: TRIGGER_NAME,
				credentials: credentialsFor(emu, { baseUrl: stub.url, webhooksUrl: stub.url }),
				parameters: managed('s1', { watch: 'solution' }),
				typeVersion: 2,
			});
			await expect(poller.poll()).rejects.toThrow(
				'SmartSuite answered CreateWebhook without a webhook_id',
			);
			expect(stub.requests.map((request) => request.path)).toEqual([
				webhooksPath('ListWebhooks'),
				webhooksPath('CreateWebhook'),
			]);
		} finally {
			await stub.close();
		}
	});

	test('nothing picked is refused before any request', async () => {
		const { solution } = seed();
		await expect(trigger(managed(solution.id, { tableIds: [] })).poll()).rejects.toThrow(
			'Choose at least one of the Table Names or IDs',
		);
		await expect(trigger(managed('')).poll()).rejects.toThrow('The parameter "Solution" is empty');
		// A new node (version 2) starts in this mode, so an untouched one asks for its solution.
		await expect(trigger({}).poll()).rejects.toThrow('The parameter "Solution" is empty');
		expect(emu.requests).toEqual([]);
	});
});

describe('a duplicate of the scope (two webhooks left by activations at once before this version)', () => {
	/**
	 * Two triggers of one scope, each on its own webhook: the first on the older, the second on a
	 * newer one, as two activations at once left them. `changeAndPoll` makes one change and polls
	 * both; `received` holds what each emitted, by record (one record per change).
	 */
	async function duplicated() {
		const { solution, deals, webhooksOfSolution } = seed();
		const parameters = managed(solution.id, { tableIds: [deals.id] });
		const first = trigger(parameters);
		await first.poll();
		const [older] = webhooksOfSolution();
		const newer = emu.createWebhook({
			locator: older.locator,
			filter: older.filter,
			kinds: older.kinds,
			created_at: { by: 'Alex Morgan', at: new Date(Date.now() + 1000).toISOString() },
		});
		const second = trigger(parameters);
		restoreStaticData(second, {
			managedWebhookId: newer.webhook_id,
			managedScope: first.staticData().managedScope,
			managedCheckedAt: Date.now(),
		});
		expect(await second.poll()).toBeNull();
		const received = new Map([first, second].map((poller) => [poller, [] as unknown[]]));
		async function changeAndPoll(title: string) {
			const [{ record_event_data }] = emu.recordChanges(deals.id, [update(title)]);
			for (const [poller, records] of received)
				records.push(
					...emitted(await poller.poll()).map(
						(event) => (event.record_event_data as { record_id: string }).record_id,
					),
				);
			return record_event_data.record_id;
		}
		const aDayLater = () =>
			jest.spyOn(Date, 'now').mockReturnValue(Date.now() + CHECK_INTERVAL_MS + 1000);
		return { first, second, older, newer, received, changeAndPoll, aDayLater, webhooksOfSolution };
	}

	test('is mended at the daily check: the trigger on the newer one moves to the older one where it stood, and the newer one is deleted', async () => {
		const { first, second, older, newer, received, changeAndPoll, aDayLater, webhooksOfSolution } =
			await duplicated();
		const changed = [await changeAndPoll('before the check')];
		aDayLater();
		changed.push(await changeAndPoll('the day after'));
		expect(second.staticData().managedWebhookId).toBe(older.webhook_id);
		expect(logs).toContainEqual(
			`info: SmartSuite Polling Trigger: the webhook "${newer.webhook_id}" duplicates the older "${older.webhook_id}" of the same scope; reading "${older.webhook_id}" from here on and deleting "${newer.webhook_id}"`,
		);
		changed.push(await changeAndPoll('after the move'));
		changed.push(await changeAndPoll('later'));

		expect(webhooksOfSolution()).toEqual([
			expect.objectContaining({ webhook_id: older.webhook_id }),
		]);
		expect(received.get(first)).toEqual(changed);
		expect(received.get(second)).toEqual(changed);
	});

	test('a change that reached the newer webhook between the two ends holds the move back: it is emitted, and the move is made at the next poll', async () => {
		const { first, second, older, newer, received, changeAndPoll, aDayLater, webhooksOfSolution } =
			await duplicated();
		const changed = [await changeAndPoll('before the check')];
		aDayLater();
		emu.resetLog();
		// The poll reads the newer webhook, lists the scope's, reads the older one to its end, then
		// the newer one again (request 4): a change arrives on it just before.
		emu.injectFault({
			operation: 'ListEvents',
			requestNumber: 4,
			action: { type: 'appendEvents', count: 1 },
		});
		const [late] = emitted(await second.poll());
		expect(late.webhook_id).toBe(newer.webhook_id);
		expect(second.staticData().managedWebhookId).toBe(newer.webhook_id);

		expect(await second.poll()).toBeNull();
		expect(second.staticData().managedWebhookId).toBe(older.webhook_id);
		changed.push(await changeAndPoll('after the move'));
		changed.push(await changeAndPoll('later'));
		expect(webhooksOfSolution().map((webhook) => webhook.webhook_id)).toEqual([older.webhook_id]);
		expect(received.get(first)).toEqual(changed);
		expect(received.get(second)).toEqual(changed);
	});

	test('a move that n8n dropped (its poll emitted nothing) left the newer webhook in place: the trigger goes on there from its saved place, then moves again', async () => {
		const { first, second, older, newer, received, changeAndPoll, aDayLater, webhooksOfSolution } =
			await duplicated();
		const changed = [await changeAndPoll('before the check')];
		const saved = second.staticData();
		aDayLater();
		expect(await second.poll()).toBeNull();
		expect(second.staticData().managedWebhookId).toBe(older.webhook_id);
		// Not deleted while the move may still be dropped: no poll since emitted items.
		expect(await second.poll()).toBeNull();
		expect(webhooksOfSolution()).toHaveLength(2);

		// n8n kept no state of that poll, and restarted.
		restoreStaticData(second, saved);
		changed.push(await changeAndPoll('after the restart'));
		expect(second.staticData().managedWebhookId).toBe(older.webhook_id);
		changed.push(await changeAndPoll('after the move'));

		expect(webhooksOfSolution().map((webhook) => webhook.webhook_id)).toEqual([older.webhook_id]);
		expect(requestsTo(emu, 'DeleteWebhook').map((request) => request.body)).toEqual([
			{ webhook_id: newer.webhook_id },
		]);
		expect(received.get(first)).toEqual(changed);
		expect(received.get(second)).toEqual(changed);
	});
});

describe('Fetch test event', () => {
	test('before the first activation it creates nothing and shows the latest record of the watched table, marked as a sample', async () => {
		const { solution, deals, contacts, webhooksOfSolution } = seed();
		// Updated a day earlier: records made in the same millisecond would tie on last_updated.
		const older = emu.addRecord(deals.id, {
			title: 'Older',
			last_updated: { on: new Date(Date.now() - 86_400_000).toISOString(), by: null },
		});
		const latest = emu.createRecord(deals.id, { title: 'Acme renewal', priority: '3' }).record;
		emu.addRecord(contacts.id, { title: 'Not watched' });
		emu.resetLog();
		const poller = trigger(
			managed(solution.id, { tableIds: [deals.id], events: ['RECORD_CREATED'], options: {} }),
		);
		const [sample, ...more] = emitted(await poller.poll('manual'));
		expect(more).toEqual([]);
		expect(sample).toMatchObject({
			sample: true,
			kind: 'RECORD_CREATED',
			record_id: latest.id,
			application_id: deals.id,
			solution_id: solution.id,
			record: { id: latest.id, Title: 'Acme renewal', Priority: 'High' },
			previous: {},
			changed_fields: [],
		});
		expect(Object.keys(sample.record as object)[0]).toBe('id');
		expect(JSON.stringify(sample)).not.toContain(older.id);
		// One search for webhooks, one read of the latest record, the structure for the labels,
		// the members for Last Updated's `by`.
		expect(emu.requests.map((request) => request.operation)).toEqual([
			'ListWebhooks',
			'ListRecords',
			'GetTable',
			'ListMembers',
		]);
		expect(webhooksOfSolution()).toEqual([]);
		expect(poller.staticData()).toEqual({});
	});

	test('before the first activation, with no record in the watched table, says what to do without failing', async () => {
		const { solution, deals, webhooksOfSolution } = seed();
		const poller = trigger(managed(solution.id, { tableIds: [deals.id] }));
		expect(emitted(await poller.poll('manual'))).toEqual([
			{
				sample: true,
				message: expect.stringMatching(
					/^No event and no record yet .* Create or change a record in a watched table/,
				),
			},
		]);
		expect(webhooksOfSolution()).toEqual([]);
		expect(poller.staticData()).toEqual({});
	});

	test('after activation it shows the latest change without moving the state', async () => {
		const { solution, deals } = seed();
		const poller = trigger(managed(solution.id, { tableIds: [deals.id] }));
		await poller.poll();
		const changed = emu.recordChanges(deals.id, [update('a'), update('b')]);
		const before = poller.staticData();
		expect(idsOf(emitted(await poller.poll('manual')))).toEqual([changed[1].event_id]);
		expect(poller.staticData()).toEqual(before);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(changed));
	});
});

function readWorkflow(path: string, values: Record<string, string> = {}) {
	let text = readFileSync(join(__dirname, path), 'utf8');
	for (const [placeholder, value] of Object.entries(values))
		text = text.split(placeholder).join(value);
	return JSON.parse(text);
}

const triggerNodeOf = (workflow: {
	nodes: Array<{ type: string; typeVersion: number; parameters: INodeParameters }>;
}) => workflow.nodes.find((candidate) => candidate.type.endsWith('.smartSuiteTrigger'))!;

test('the example workflow (examples/record-updated-trigger.json) sets up its webhook on one table and emits its updates', async () => {
	const { solution, deals, webhooksOfSolution } = seed();
	const node = triggerNodeOf(
		readWorkflow('../../examples/record-updated-trigger.json', {
			YOUR_SOLUTION_ID: solution.id,
			YOUR_TABLE_ID: deals.id,
		}),
	);
	const poller = trigger(node.parameters, node.typeVersion);
	expect(await poller.poll()).toBeNull();
	expect(webhooksOfSolution()).toEqual([
		expect.objectContaining({
			filter: { applications: { application_ids: [deals.id] } },
			kinds: ['RECORD_UPDATED'],
		}),
	]);
	const [changed] = emu.recordChanges(deals.id, [
		{ kind: 'RECORD_UPDATED', data: { title: 'Renamed' }, previous: { title: 'Draft' } },
	]);
	expect(emitted(await poller.poll())).toEqual([
		expect.objectContaining({ event_id: changed.event_id, changed_fields: ['Title'] }),
	]);
});

describe('workflows saved before version 2', () => {
	test('a workflow as version 1 saved it (Webhook ID a plain string, no source) runs as before', async () => {
		const workflow = readWorkflow('../fixtures/record-updated-trigger.v1.json');
		const node = triggerNodeOf(workflow);
		expect(node.typeVersion).toBe(1);
		expect(typeof node.parameters.webhookId).toBe('string');
		expect(node.parameters.source).toBeUndefined();
		const webhook = emu.createWebhook();
		const poller = trigger({ ...node.parameters, webhookId: webhook.webhook_id }, node.typeVersion);

		expect(await poller.poll()).toBeNull();
		const [created, updated] = emu.appendEvents(webhook.webhook_id, [
			{ kind: 'RECORD_CREATED' },
			{ kind: 'RECORD_UPDATED' },
		]);
		const output = emitted(await poller.poll());

		expect(output).toEqual([
			expect.objectContaining({
				event_id: updated.event_id,
				kind: 'RECORD_UPDATED',
				changed_fields: expect.any(Array),
			}),
		]);
		expect(idsOf(output)).not.toContain(created.event_id);
		// Simplify with Readable People and Choices (on by default) reads the event's table structure.
		expect(emu.requests.map((request) => request.operation)).toEqual([
			'GetWebhook',
			'ListEvents',
			'ListEvents',
			'GetTable',
		]);
		expect(poller.staticData()).not.toHaveProperty('managedWebhookId');
	});

	test('version 2 with an existing webhook takes it from its picker', async () => {
		const webhook = emu.createWebhook();
		const poller = trigger({
			source: 'existing',
			webhookId: { __rl: true, mode: 'id', value: webhook.webhook_id },
			events: [],
			options: { simplify: false },
		});
		expect(await poller.poll()).toBeNull();
		const appended = emu.appendEvents(webhook.webhook_id, 2);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(appended));
		expect(requestsTo(emu, 'CreateWebhook')).toHaveLength(0);
	});
});
