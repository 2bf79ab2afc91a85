/**
 * Answers no SmartSuite document settles (issue 27), each switched on in the emulator: a
 * `page_size` above the server's maximum refused with 400, a page token the server no longer
 * knows (400), and 400 or 403 instead of 404 for a webhook id that does not exist. The triggers
 * go on from a known position with a log line, and take a webhook for gone only when the
 * solution's list of webhooks no longer holds it.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { IDataObject } from 'n8n-workflow';

import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import type { Emulator } from '../emulator';
import { startEmulator } from '../emulator';
import { startInstantTrigger, watchingTable } from '../helpers/instant';
import { createPoller, credentialsFor, shutdownN8nCore } from '../helpers/n8n';
import { TRIGGER_NAME, emitted, idsOf, requestsTo, triggerFor } from './helpers';

let emu: Emulator;
let logs: string[];
beforeEach(async () => {
	emu = await startEmulator();
	logs = [];
	const logger = Container.get(Logger);
	for (const level of ['info', 'warn'] as const) {
		jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
			logs.push(`${level}: ${String(args[0])}`);
		});
	}
});
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
	jest.restoreAllMocks();
	await emu.settleNotifications();
	await Promise.all(closers.splice(0).map((close) => close()));
	await emu.close();
});
afterAll(() => shutdownN8nCore());

const rl = (value: string) => ({ __rl: true, mode: 'list', value });

/** A SmartSuite Polling Trigger that makes its own webhook on a new table, every kind of event. */
function managedTrigger() {
	const solution = emu.addSolution();
	const table = emu.addTable(solution.id);
	const poller = createPoller(new SmartSuiteTrigger(), {
		name: TRIGGER_NAME,
		credentials: credentialsFor(emu),
		parameters: {
			source: 'managed',
			solutionId: rl(solution.id),
			watch: 'tables',
			tableIds: [table.id],
			events: [],
			options: { simplify: false },
		},
		typeVersion: 2,
	});
	return { table, poller };
}
const statuses = () => emu.requests.map((request) => `${request.operation} ${request.status}`);

describe('a page_size above the maximum, refused with 400', () => {
	beforeEach(() => emu.setVariant({ maxPageSize: 100, pageSizeAboveMax: 'refuse' }));

	it('the polling trigger reads on from the same position with pages of 50, says so once, and asks no more than that later', async () => {
		const { webhook_id: webhookId } = emu.createWebhook();
		const stored = emu.appendEvents(webhookId, 120);
		const trigger = triggerFor(emu, webhookId, {
			options: { simplify: false, startFrom: 'allStoredEvents' },
		});

		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(stored));
		const reads = statuses().filter((status) => status.startsWith('ListEvents'));
		expect(reads[0]).toBe('ListEvents 400');
		expect(reads.slice(1).every((status) => status === 'ListEvents 200')).toBe(true);
		expect(logs).toContainEqual(
			expect.stringMatching(
				/^warn: SmartSuite Polling Trigger: SmartSuite refused a page size of 1000 events \(400\); read on from the same position with pages of 50/,
			),
		);

		emu.resetLog();
		const more = emu.appendEvents(webhookId, 70);
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(more));
		expect(statuses().every((status) => status.endsWith(' 200'))).toBe(true);
		expect(
			requestsTo(emu, 'ListEvents').every(
				(request) => Number((request.body as IDataObject).page_size) <= 50,
			),
		).toBe(true);
	});

	it('the instant trigger: a ping emits the events all the same', async () => {
		const table = emu.addTable(emu.addSolution().id);
		const trigger = await startInstantTrigger({
			credentials: credentialsFor(emu),
			parameters: watchingTable(table),
		});
		closers.push(trigger.close);
		await trigger.activate();
		emu.createRecord(table.id, { title: 'One' });
		await emu.settleNotifications();
		expect(trigger.executions.flat()).toHaveLength(1);
		expect(trigger.answers).toEqual([200]);
	});
});

describe('a page token the server no longer knows (400)', () => {
	it('the next poll reads the stream again from its first event, emits only what is new, and says so', async () => {
		emu.setVariant({ tokens: 'expiring', maxPageSize: 5 });
		const { webhook_id: webhookId } = emu.createWebhook();
		const first = emu.appendEvents(webhookId, 7);
		const trigger = triggerFor(emu, webhookId, {
			options: { simplify: false, startFrom: 'allStoredEvents' },
		});
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(first));
		emu.expireTokens();
		const later = emu.appendEvents(webhookId, 3);

		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(later));
		expect(logs).toContainEqual(
			expect.stringMatching(
				/^warn: SmartSuite Polling Trigger: SmartSuite no longer knows the saved page token \(400\)/,
			),
		);
		expect(logs.some((line) => /refused a page size/.test(line))).toBe(false);
	});

	it('both at once: the token refused and the first page refused for its size, the poll still reads on', async () => {
		emu.setVariant({ tokens: 'expiring', maxPageSize: 100, pageSizeAboveMax: 'refuse' });
		const { webhook_id: webhookId } = emu.createWebhook();
		const first = emu.appendEvents(webhookId, 130);
		const trigger = triggerFor(emu, webhookId, {
			options: { simplify: false, startFrom: 'allStoredEvents' },
		});
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(first));
		emu.expireTokens();
		const later = emu.appendEvents(webhookId, 2);

		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(later));
	});
});

describe.each([400, 403] as const)('a webhook id that does not exist answered %i', (status) => {
	beforeEach(() => emu.setVariant({ unknownWebhookStatus: status }));

	it('the managed trigger replaces a webhook deleted behind its back, once the list of webhooks confirms it', async () => {
		const { table, poller } = managedTrigger();
		await poller.poll();
		const gone = String(poller.staticData().managedWebhookId);
		emu.deleteWebhook(gone);

		expect(await poller.poll()).toBeNull();
		const replacement = String(poller.staticData().managedWebhookId);
		expect(replacement).not.toBe(gone);
		expect(emu.getWebhook(replacement)).toBeDefined();
		const changed = emu.recordChanges(table.id, [
			{ kind: 'RECORD_UPDATED', data: { title: 'after' } },
		]);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(changed));
	});

	it('the managed trigger does not take a listed webhook for gone: the poll fails and the webhook stays', async () => {
		const { poller } = managedTrigger();
		await poller.poll();
		const webhookId = String(poller.staticData().managedWebhookId);
		emu.injectFault({
			operation: 'ListEvents',
			action: { type: 'status', status },
			times: Infinity,
		});

		await expect(poller.poll()).rejects.toThrow();
		// The activation's search and its look after creating, then the one that finds it listed.
		expect(requestsTo(emu, 'ListWebhooks')).toHaveLength(3);
		expect(poller.staticData().managedWebhookId).toBe(webhookId);
		expect(emu.webhooks().map((webhook) => webhook.webhook_id)).toEqual([webhookId]);
	});

	it('the instant trigger: the keep-alive asks n8n to re-activate, and the activation creates a new webhook', async () => {
		const table = emu.addTable(emu.addSolution().id);
		const trigger = await startInstantTrigger({
			credentials: credentialsFor(emu),
			parameters: watchingTable(table),
		});
		closers.push(trigger.close);
		await trigger.activate();
		const gone = String(trigger.saved().webhookId);
		emu.deleteWebhook(gone);

		const keepAlive = await trigger.keepAlive();
		await keepAlive.tick();
		expect(keepAlive.errors.map((error) => error.message)).toEqual([
			expect.stringContaining(`The webhook "${gone}"`),
		]);
		await trigger.activate('activate');
		const replacement = String(trigger.saved().webhookId);
		expect(replacement).not.toBe(gone);
		emu.createRecord(table.id, { title: 'One' });
		await emu.settleNotifications();
		expect(trigger.executions.flat()).toHaveLength(1);
	});
});
