/**
 * The trigger's state when n8n drops a write, restarts, or reads a malformed list (issue 19), and
 * under n8n 2.41's durable poll cursors (issue 20). Through n8n-core's PollContext against the
 * emulator. A restart is `restoreStaticData(poller, saved)`: the static data goes back to what n8n
 * last saved. What n8n saves: today, the state of a poll that returned items and of a successful
 * activation poll; with durable cursors, every poll's state except an activation poll that
 * emitted nothing.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { CHECK_INTERVAL_MS } from '../../nodes/SmartSuite/trigger/managed';
import type { Emulator } from '../emulator';
import { captureLogs } from '../helpers/logs';
import { createPoller, credentialsFor } from '../helpers/n8n';
import { startStub, webhooksPath } from '../node/harness';
import {
	TRIGGER_NAME,
	emitted,
	idsOf,
	requestsTo,
	restoreStaticData,
	triggerFor,
	useTriggerEmulator,
} from './helpers';

const ctx = useTriggerEmulator();
const logs = captureLogs(['info', 'warn']);
let emu: Emulator;
beforeEach(() => {
	emu = ctx.emu;
});

const rl = (value: string) => ({ __rl: true, mode: 'list', value });
const update = (title: string) => ({ kind: 'RECORD_UPDATED', data: { title } });

function seed() {
	const solution = emu.addSolution({ name: 'Sales CRM' });
	const deals = emu.addTable(solution.id, { name: 'Deals' });
	const ofSolution = () =>
		emu.webhooks().filter((webhook) => webhook.locator.solution_id === solution.id);
	return { solution, deals, ofSolution };
}

function managedTrigger(solutionId: string, tableId: string, credentials = credentialsFor(emu)) {
	const parameters: INodeParameters = {
		source: 'managed',
		solutionId: rl(solutionId),
		watch: 'tables',
		tableIds: [tableId],
		events: [],
		options: { simplify: false },
	};
	return createPoller(new SmartSuiteTrigger(), {
		name: TRIGGER_NAME,
		credentials,
		parameters,
		typeVersion: 2,
	});
}

async function pollError(poll: Promise<unknown>): Promise<Error & { description?: string }> {
	const error = await poll.then(
		() => undefined,
		(thrown: Error & { description?: string }) => thrown,
	);
	if (!error) throw new Error('expected the poll to throw');
	return error;
}

describe('a replacement webhook', () => {
	test('created by a poll whose state n8n dropped: after a restart, the events stored on it come out once', async () => {
		const { solution, deals, ofSolution } = seed();
		const poller = managedTrigger(solution.id, deals.id);
		await poller.poll();
		const savedAtActivation = poller.staticData();
		const [old] = ofSolution();
		emu.deleteWebhook(old.webhook_id);

		// The replacement is created and read; nothing new: the poll returns nothing, n8n saves nothing.
		expect(await poller.poll()).toBeNull();
		const [replacement] = ofSolution();
		expect(replacement.webhook_id).not.toBe(old.webhook_id);
		const stored = emu.recordChanges(deals.id, [
			update('a'),
			update('b'),
			{ kind: 'RECORD_CREATED' },
		]);

		restoreStaticData(poller, savedAtActivation);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(stored));
		expect(ofSolution()).toEqual([replacement]);
		expect(await poller.poll()).toBeNull();
	});

	test('with durable poll cursors (every poll commits its state but an empty activation poll): nothing lost after a restart', async () => {
		const { solution, deals, ofSolution } = seed();
		const poller = managedTrigger(solution.id, deals.id);
		// The activation poll emitted nothing: its state (the new webhook) is dropped.
		await poller.poll();
		restoreStaticData(poller, {});
		const early = emu.recordChanges(deals.id, [
			update('between activation and the first scheduled poll'),
		]);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(early));
		const committed = poller.staticData();

		emu.deleteWebhook(ofSolution()[0].webhook_id);
		expect(await poller.poll()).toBeNull();
		const afterReplacement = emu.recordChanges(deals.id, [update('on the replacement')]);
		// The poll that set up the replacement committed its state; a restart comes back to it.
		const replaced = poller.staticData();
		expect(replaced).not.toEqual(committed);
		restoreStaticData(poller, replaced);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(afterReplacement));
		expect(ofSolution()).toHaveLength(1);
	});
});

describe('the lookup of the managed webhook', () => {
	test('an unfinished search (a repeated page token, or no end within its pages) is an error that creates nothing, at every activation', async () => {
		for (const tokens of ['repeated', 'endless'] as const) {
			const stub = await startStub((body) => {
				if ('webhook' in body) return { status: 200, body: { webhook: { webhook_id: 'created' } } };
				const page = Number(body.page_token || 0);
				return {
					status: 200,
					body: {
						webhooks: [
							{ webhook_id: `other${page}`, filter: { solution: {} }, kinds: ['RECORD_CREATED'] },
						],
						next_page_token: tokens === 'repeated' ? '1' : String(page + 1),
					},
				};
			});
			try {
				for (let activation = 0; activation < 3; activation++) {
					const poller = managedTrigger(
						's1',
						't1',
						credentialsFor(emu, { baseUrl: stub.url, webhooksUrl: stub.url }),
					);
					const error = await pollError(poller.poll());
					expect(error.message).toBe(
						tokens === 'repeated'
							? "Could not finish looking for the trigger's webhook: SmartSuite repeated a page token of ListWebhooks"
							: "Could not finish looking for the trigger's webhook: the solution still had more webhooks after 20 pages",
					);
					expect(error.description).toContain('creates none');
					expect(poller.staticData()).toEqual({});
				}
				expect(
					stub.requests.filter((request) => request.path === webhooksPath('CreateWebhook')),
				).toEqual([]);
			} finally {
				await stub.close();
			}
		}
	});

	test('a search over several pages finds the webhook on a later page', async () => {
		const { solution, deals, ofSolution } = seed();
		emu.setVariant({ maxPageSize: 2 });
		for (let i = 0; i < 5; i++)
			emu.createWebhook({
				locator: { account_id: emu.workspaceId, solution_id: solution.id },
				filter: { solution: {} },
				kinds: ['RECORD_CREATED'],
			});
		const poller = managedTrigger(solution.id, deals.id);
		await poller.poll();
		const mine = ofSolution()[5];
		restoreStaticData(poller, {});
		emu.resetLog();
		await poller.poll();
		expect(poller.staticData().managedWebhookId).toBe(mine.webhook_id);
		expect(requestsTo(emu, 'ListWebhooks')).toHaveLength(3);
		expect(requestsTo(emu, 'CreateWebhook')).toHaveLength(0);
	});

	test('of several webhooks with the scope, the oldest is taken, the same one after every lost state', async () => {
		const { solution, deals } = seed();
		const scope = {
			locator: { account_id: emu.workspaceId, solution_id: solution.id },
			filter: { applications: { application_ids: [deals.id] } },
			kinds: ['RECORD_CREATED', 'RECORD_DELETED', 'RECORD_UPDATED'],
		};
		const at = (iso: string) => ({ by: 'someone', at: iso });
		emu.createWebhook({ ...scope, created_at: at('2026-03-01T00:00:00Z') });
		const oldest = emu.createWebhook({ ...scope, created_at: at('2026-01-01T00:00:00Z') });
		emu.createWebhook({ ...scope, created_at: at('2026-02-01T00:00:00Z') });
		for (let restart = 0; restart < 3; restart++) {
			const poller = managedTrigger(solution.id, deals.id);
			await poller.poll();
			expect(poller.staticData().managedWebhookId).toBe(oldest.webhook_id);
		}
		expect(requestsTo(emu, 'CreateWebhook')).toHaveLength(0);
	});

	test('lists with elements that are not webhooks, solutions or tables: passed over with a warning, never a stall', async () => {
		const { solution, deals, ofSolution } = seed();
		emu.setVariant({ junkInLists: true });
		const poller = managedTrigger(solution.id, deals.id);
		expect(await poller.poll()).toBeNull();
		const [webhook] = ofSolution();
		restoreStaticData(poller, {});
		const stored = emu.recordChanges(deals.id, [update('x')]);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(stored));
		expect(poller.staticData().managedWebhookId).toBe(webhook.webhook_id);
		expect(ofSolution()).toHaveLength(1);
		expect(logs).toContainEqual(
			expect.stringMatching(
				/^warn: SmartSuite: passed over 5 of \d+ elements of a list of webhooks/,
			),
		);
	});
});

describe('a managed webhook that SmartSuite disabled', () => {
	test('is noticed within a day without a failing ListEvents: its last events come out, then a replacement takes over, and the disabled one is deleted', async () => {
		const { solution, deals, ofSolution } = seed();
		const poller = managedTrigger(solution.id, deals.id);
		await poller.poll();
		const [old] = ofSolution();
		const first = emu.recordChanges(deals.id, [update('1')]);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(first));
		// Within a day: ListEvents only, as before.
		emu.resetLog();
		expect(await poller.poll()).toBeNull();
		expect(emu.requests.map((request) => request.operation)).toEqual(['ListEvents']);

		const last = emu.recordChanges(deals.id, [update('2'), update('3')]);
		emu.setWebhookStatus(old.webhook_id, { system: 'disabled' });
		const now = Date.now();
		jest.spyOn(Date, 'now').mockReturnValue(now + CHECK_INTERVAL_MS + 1000);
		emu.resetLog();
		const output = emitted(await poller.poll());
		expect(idsOf(output)).toEqual(idsOf(last));
		const [replacement] = ofSolution();
		expect(replacement.webhook_id).not.toBe(old.webhook_id);
		expect(ofSolution()).toHaveLength(1);
		expect(emu.requests.map((request) => request.operation)).toEqual([
			'ListEvents',
			// The daily look at the scope's webhooks, the search for another, the create and the
			// look after it (none created elsewhere meanwhile).
			'ListWebhooks',
			'ListWebhooks',
			'CreateWebhook',
			'ListWebhooks',
			'ListEvents',
			'DeleteWebhook',
		]);
		expect(logs).toContainEqual(
			`warn: SmartSuite Polling Trigger: the webhook "${old.webhook_id}" is disabled; setting up another one`,
		);

		const next = emu.recordChanges(deals.id, [update('4')]);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(next));
	});
});

describe('Fetch test event', () => {
	test('while the managed webhook is gone: a clear error, nothing created, the state untouched', async () => {
		const { solution, deals, ofSolution } = seed();
		const poller = managedTrigger(solution.id, deals.id);
		await poller.poll();
		const [gone] = ofSolution();
		const before = poller.staticData();
		emu.deleteWebhook(gone.webhook_id);
		const error = await pollError(poller.poll('manual'));
		expect(error.message).toBe(
			`No webhook to read: the webhook "${gone.webhook_id}" is gone (deleted, or expired)`,
		);
		expect(error.description).toContain('sets up another one at its next poll');
		expect(ofSolution()).toEqual([]);
		expect(poller.staticData()).toEqual(before);
	});
});

describe('an existing webhook with Start From "New Events" under durable poll cursors', () => {
	/**
	 * n8n drops the state of an activation poll that emits nothing, and gives the next poll no way
	 * to know when activation was: the first scheduled poll counts what is stored until it reads to
	 * the end as stored before activation. That is the bound (at most one poll interval); after it,
	 * every event comes out once.
	 */
	test('the events stored before the first scheduled poll read to the end are passed over; every later one comes out once', async () => {
		const webhook = emu.createWebhook();
		emu.appendEvents(webhook.webhook_id, 3);
		const poller = triggerFor(emu, webhook.webhook_id);
		expect(await poller.poll()).toBeNull();
		restoreStaticData(poller, {});
		emu.appendEvents(webhook.webhook_id, 2);
		expect(await poller.poll()).toBeNull();
		const committed: IDataObject = poller.staticData();
		const later = emu.appendEvents(webhook.webhook_id, 4);
		restoreStaticData(poller, committed);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(later));
		expect(await poller.poll()).toBeNull();
	});
});
