/** The SmartSuite Polling Trigger through n8n-core's PollContext against the emulator over HTTP. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import type { EndOfStream, Emulator, FaultAction } from '../emulator';
import { DEFAULT_VARIANT, startEmulator } from '../emulator';
import { shutdownN8nCore } from '../helpers/n8n';
import {
	activated as activatedOn,
	emitted,
	idsOf,
	requestsTo,
	restoreStaticData,
	triggerFor,
} from './helpers';

let emu: Emulator;
beforeAll(async () => {
	emu = await startEmulator();
});
afterAll(async () => {
	shutdownN8nCore();
	await emu.close();
});
beforeEach(() => {
	emu.setVariant(DEFAULT_VARIANT);
	emu.clearFaults();
	emu.resetLog();
});

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));
const END_OF_STREAM: EndOfStream[] = ['emptyToken', 'omittedToken', 'emptyPage'];

/** A webhook with `stored` events and a trigger that has been activated on it. */
const activated = (stored: number, parameters = {}) => activatedOn(emu, stored, parameters);

describe('description', () => {
	const { description } = new SmartSuiteTrigger();

	test('a polling trigger with the SmartSuite credential, not a tool', () => {
		expect(description).toMatchObject({
			name: 'smartSuiteTrigger',
			displayName: 'SmartSuite Polling Trigger',
			polling: true,
			inputs: [],
			credentials: [{ name: 'smartSuiteWorkspaceApi', required: true }],
		});
		expect(description.usableAsTool).toBeUndefined();
		// Version 1 keeps webhookId (a string), events and options; 2 adds the webhook source and pickers.
		expect(description.properties.map((property) => property.name)).toEqual([
			'source',
			'source',
			'managedNotice',
			'solutionId',
			'watch',
			'tableIds',
			'tableId',
			'fieldIds',
			'solutionId',
			'webhookId',
			'webhookId',
			'events',
			'options',
		]);
		expect(description).toMatchObject({ version: [1, 2], defaultVersion: 2 });
	});

	test('codex names the package type', () => {
		const codex = JSON.parse(
			readFileSync(join(__dirname, '../../nodes/SmartSuite/SmartSuiteTrigger.node.json'), 'utf8'),
		);
		expect(codex.node).toBe('n8n-nodes-smartsuite-workspace.smartSuiteTrigger');
	});

	test("n8n's nodes panel finds it by its name and by 'poll', and names its events as polling", () => {
		const codexOf = (file: string) =>
			JSON.parse(readFileSync(join(__dirname, `../../nodes/SmartSuite/${file}`), 'utf8'));
		// n8n lists a trigger whose type name is an action node's plus "Trigger" inside that node's
		// entry, and searches that entry by its display name and codex alias (editor-ui nodeCreator:
		// generateMergedNodesAndActions, searchNodes), after dropping a last word "Trigger".
		expect(description.name.replace('Trigger', '')).toBe(new SmartSuite().description.name);
		const alias: string[] = codexOf('SmartSuite.node.json').alias;
		for (const search of ['SmartSuite Polling', 'poll'])
			expect(alias.some((name) => name.toLowerCase().includes(search.toLowerCase()))).toBe(true);
		expect(codexOf('SmartSuiteTrigger.node.json').alias).toContain('Poll');
		const events = description.properties.find((property) => property.name === 'events')!;
		expect((events.options as Array<{ action?: string }>).map((option) => option.action)).toEqual([
			'On record created (polling)',
			'On record deleted (polling)',
			'On record updated (polling)',
		]);
	});
});

describe('start', () => {
	test('New Events: activation skips what is stored; later events come out as the API sends them', async () => {
		const { webhookId, trigger } = await activated(12);
		const appended = emu.appendEvents(webhookId, 3);
		const output = await trigger.poll();
		expect(emitted(output)).toEqual(json(appended));
		expect(requestsTo(emu, 'GetWebhook')).toHaveLength(0);
	});

	test('All Stored Events: the first poll emits the backlog, oldest first', async () => {
		const { webhook_id: webhookId } = emu.createWebhook();
		const stored = emu.appendEvents(webhookId, 25);
		const trigger = triggerFor(emu, webhookId, {
			options: { simplify: false, startFrom: 'allStoredEvents', pageSize: 10 },
		});
		expect(emitted(await trigger.poll())).toEqual(json(stored));
		expect(await trigger.poll()).toBeNull();
	});

	test('GetWebhook is called on the first poll only', async () => {
		const { webhook_id: webhookId } = emu.createWebhook();
		const trigger = triggerFor(emu, webhookId);
		for (let poll = 0; poll < 3; poll++) {
			emu.appendEvents(webhookId, 2);
			await trigger.poll();
		}
		expect(requestsTo(emu, 'GetWebhook')).toHaveLength(1);
		expect(emu.requests[0].operation).toBe('GetWebhook');
	});

	test('a new Webhook ID starts afresh', async () => {
		const { webhookId, trigger } = await activated(3);
		emu.appendEvents(webhookId, 2);
		const { webhook_id: otherId } = emu.createWebhook();
		emu.appendEvents(otherId, 4);
		trigger.setParameters({ webhookId: otherId, events: [], options: { simplify: false } });
		expect(await trigger.poll()).toBeNull();
		expect(requestsTo(emu, 'GetWebhook').map((request) => request.body)).toEqual([
			{ webhook_id: otherId },
		]);
		expect(trigger.staticData().webhookId).toBe(otherId);
		const appended = emu.appendEvents(otherId, 1);
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended));
	});
});

describe('quota', () => {
	describe.each(END_OF_STREAM)('end of stream: %s', (endOfStream) => {
		test.each([false, true])('an idle poll is one request (omitEmpty %s)', async (omitEmpty) => {
			emu.setVariant({ endOfStream, omitEmpty });
			for (const stored of [0, 7, 10]) {
				const { webhookId, trigger } = await activated(stored, {
					options: { simplify: false, pageSize: 5 },
				});
				for (let poll = 0; poll < 3; poll++) expect(await trigger.poll()).toBeNull();
				expect(requestsTo(emu, 'ListEvents')).toHaveLength(3);
				// After new events, idle again at one request.
				emu.appendEvents(webhookId, 6);
				expect(emitted(await trigger.poll())).toHaveLength(6);
				emu.resetLog();
				expect(await trigger.poll()).toBeNull();
				expect(emu.requests).toHaveLength(1);
				emu.resetLog();
			}
		});

		test.each([
			[0, 1000],
			[1, 1000],
			[999, 1000],
			[1000, 1000],
			[2500, 1000],
			[250, 100],
			[2500, 100],
			[120, 50],
		])(
			'a backlog of %i events, served %i a page: the largest pages, fewest requests',
			async (count, served) => {
				emu.setVariant({ endOfStream, maxPageSize: served });
				const { webhook_id: webhookId } = emu.createWebhook();
				emu.appendEvents(webhookId, count);
				const trigger = triggerFor(emu, webhookId, {
					options: { simplify: false, startFrom: 'allStoredEvents', pageSize: 10 },
				});
				expect(emitted(await trigger.poll())).toHaveLength(count);
				// emptyPage: one more when the last page is full, or to learn what the server serves.
				const pages =
					Math.max(1, Math.ceil(count / served)) +
					(endOfStream === 'emptyPage' && count > 0 ? 1 : 0);
				const listRequests = requestsTo(emu, 'ListEvents');
				expect(listRequests.length).toBeLessThanOrEqual(pages);
				expect(listRequests.length).toBeGreaterThanOrEqual(Math.max(1, Math.ceil(count / served)));
				expect(listRequests[0].body).toEqual({
					webhook_id: webhookId,
					page_size: '1000',
					page_token: '',
				});
			},
		);
	});

	test('the state stays small after large drains with opaque tokens', async () => {
		emu.setVariant({ tokenFormat: 'opaque' });
		const { webhookId, trigger } = await activated(3000, {
			options: { simplify: false, pageSize: 1000 },
		});
		emu.appendEvents(webhookId, 3000);
		expect(emitted(await trigger.poll())).toHaveLength(3000);
		expect(Buffer.byteLength(JSON.stringify(trigger.staticData()))).toBeLessThan(2048);
	});
});

describe('page sizes', () => {
	const pageSizesAsked = () =>
		requestsTo(emu, 'ListEvents').map(
			(request) => (request.body as { page_size?: string }).page_size,
		);

	describe.each(END_OF_STREAM)('end of stream: %s', (endOfStream) => {
		test.each([false, true])(
			'a poll finding fewer new events than a page is one request (omitEmpty %s)',
			async (omitEmpty) => {
				emu.setVariant({ endOfStream, omitEmpty });
				const { webhookId, trigger } = await activated(150);
				for (const count of [1, 7, 40, 99, 3]) {
					const appended = emu.appendEvents(webhookId, count);
					emu.resetLog();
					expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended));
					expect(requestsTo(emu, 'ListEvents')).toHaveLength(1);
				}
				emu.resetLog();
				expect(await trigger.poll()).toBeNull();
				expect(emu.requests).toHaveLength(1);
			},
		);

		test("activation reads the history in pages of 1,000; the next polls ask the user's Page Size", async () => {
			emu.setVariant({ endOfStream });
			const { webhook_id: webhookId } = emu.createWebhook();
			emu.appendEvents(webhookId, 2500);
			const trigger = triggerFor(emu, webhookId);
			expect(await trigger.poll()).toBeNull();
			expect(pageSizesAsked()).toEqual(['1000', '1000', '1000']);
			emu.resetLog();
			expect(await trigger.poll()).toBeNull();
			// A page that starts after the last event: the user's 100; the page holding the last
			// event (the stream ends without a token): its 500 events and room for 100 more.
			expect(pageSizesAsked()).toEqual([endOfStream === 'emptyPage' ? '100' : '600']);
			const burst = emu.appendEvents(webhookId, 700);
			emu.resetLog();
			expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(burst));
			expect(pageSizesAsked()).toEqual([endOfStream === 'emptyPage' ? '100' : '600', '1000']);
			emu.resetLog();
			expect(await trigger.poll()).toBeNull();
			expect(emu.requests).toHaveLength(1);
		});

		test.each([
			['clamps page_size at 100', { maxPageSize: 100 }, 500],
			['clamps page_size at 50', { maxPageSize: 50 }, 100],
			['ignores page_size and serves 50', { ignorePageSize: true, defaultPageSize: 50 }, 10],
			[
				'ignores page_size and serves 50 (Page Size 200)',
				{ ignorePageSize: true, defaultPageSize: 50 },
				200,
			],
		])(
			'a server that %s: activation, a burst and a few events each read in one poll',
			async (_, server, pageSize) => {
				emu.setVariant({ endOfStream, ...server });
				const served = 'maxPageSize' in server ? server.maxPageSize : server.defaultPageSize;
				const { webhook_id: webhookId } = emu.createWebhook();
				emu.appendEvents(webhookId, 1234);
				const trigger = triggerFor(emu, webhookId, { options: { simplify: false, pageSize } });
				expect(await trigger.poll()).toBeNull();
				expect(pageSizesAsked()[0]).toBe('1000');
				expect(requestsTo(emu, 'ListEvents').length).toBeLessThanOrEqual(
					Math.ceil(1234 / served) + 1,
				);

				const burst = emu.appendEvents(webhookId, 1000);
				emu.resetLog();
				expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(burst));
				expect(requestsTo(emu, 'ListEvents').length).toBeLessThanOrEqual(
					Math.ceil(1000 / served) + 2,
				);

				const few = emu.appendEvents(webhookId, 1);
				emu.resetLog();
				expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(few));
				expect(requestsTo(emu, 'ListEvents')).toHaveLength(1);
				const more = emu.appendEvents(webhookId, 30);
				emu.resetLog();
				expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(more));
				// Past the end of the page holding the last event, a stream without end token needs the next one.
				expect(requestsTo(emu, 'ListEvents').length).toBeLessThanOrEqual(
					endOfStream === 'emptyPage' ? 1 : 2,
				);
			},
		);
	});

	test('activation over 5,000 events: 5 pages of 1,000 and the empty page, then idle polls of one', async () => {
		emu.setVariant({ endOfStream: 'emptyPage' });
		const { webhook_id: webhookId } = emu.createWebhook();
		emu.appendEvents(webhookId, 5000);
		const trigger = triggerFor(emu, webhookId);
		expect(await trigger.poll()).toBeNull();
		expect(requestsTo(emu, 'ListEvents')).toHaveLength(5 + 1);
		emu.resetLog();
		expect(await trigger.poll()).toBeNull();
		expect(emu.requests).toHaveLength(1);
	}, 20_000);
});

describe('a lone change (issue 39)', () => {
	test.each(END_OF_STREAM)(
		'%s: a poll that finds one new event is one ListEvents call, from the first one on',
		async (endOfStream) => {
			emu.setVariant({ endOfStream });
			const { webhookId, trigger } = await activated(0);
			const emittedIds: unknown[] = [];
			const costs: number[] = [];
			for (let change = 0; change < 4; change++) {
				emu.appendEvents(webhookId, 1);
				emu.resetLog();
				emittedIds.push(...idsOf(emitted(await trigger.poll())));
				costs.push(requestsTo(emu, 'ListEvents').length);
			}
			expect(emittedIds).toEqual(idsOf(emu.events(webhookId)));
			expect(costs).toEqual([1, 1, 1, 1]);
		},
	);
});

describe('activation with New Events across a failure', () => {
	test('a 502 in the middle of the history keeps what was read; the next polls go on from there and emit nothing stored', async () => {
		const { webhook_id: webhookId } = emu.createWebhook();
		emu.appendEvents(webhookId, 2500);
		const trigger = triggerFor(emu, webhookId);
		emu.injectFault({ operation: 'ListEvents', skip: 1, action: { type: 'status', status: 502 } });
		expect(await trigger.poll()).toBeNull();
		// n8n saves the state after the activation poll.
		const savedAtActivation = trigger.staticData();
		expect(savedAtActivation).toMatchObject({ activationScan: true });

		// Stored before the scan reached the end: passed over too.
		emu.appendEvents(webhookId, 3);
		emu.resetLog();
		restoreStaticData(trigger, savedAtActivation);
		expect(await trigger.poll()).toBeNull();
		expect(requestsTo(emu, 'ListEvents')[0].body).not.toMatchObject({ page_token: '' });
		expect(requestsTo(emu, 'ListEvents')).toHaveLength(2);
		expect(trigger.staticData()).toMatchObject({ activationScan: false });

		const appended = emu.appendEvents(webhookId, 2);
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended));
	});

	test('a failure on its first request: the activation fails and nothing is saved', async () => {
		const { webhook_id: webhookId } = emu.createWebhook();
		emu.appendEvents(webhookId, 5);
		const trigger = triggerFor(emu, webhookId);
		emu.injectFault({ operation: 'ListEvents', action: { type: 'status', status: 502 } });
		await expect(trigger.poll()).rejects.toThrow(/SmartSuite/);
		expect(trigger.staticData()).toEqual({});
	});
});

describe('options', () => {
	test('an empty Events filter emits every kind, including unknown ones; a filter only its kinds', async () => {
		const { webhookId, trigger } = await activated(0);
		const filtered = triggerFor(emu, webhookId, { events: ['RECORD_CREATED', 'RECORD_DELETED'] });
		expect(await filtered.poll()).toBeNull();
		const appended = emu.appendEvents(webhookId, [
			{ kind: 'RECORD_CREATED', recordId: 'r1' },
			{ kind: 'RECORD_UPDATED', recordId: 'r1' },
			{ kind: 'RECORD_COMMENTED', recordId: 'r1' },
			{ kind: 'RECORD_DELETED', recordId: 'r1' },
		]);
		expect(emitted(await trigger.poll()).map((event) => event.kind)).toEqual(
			appended.map((event) => event.kind),
		);
		expect(emitted(await filtered.poll()).map((event) => event.kind)).toEqual([
			'RECORD_CREATED',
			'RECORD_DELETED',
		]);
	});

	test('Max Events per Poll bounds one poll; the rest follows', async () => {
		const { webhookId, trigger } = await activated(5, {
			options: { simplify: false, maxEventsPerPoll: 4, pageSize: 3 },
		});
		const appended = emu.appendEvents(webhookId, 10);
		const polls = [
			await trigger.poll(),
			await trigger.poll(),
			await trigger.poll(),
			await trigger.poll(),
		];
		expect(polls.map((output) => emitted(output).length)).toEqual([4, 4, 2, 0]);
		expect(polls.flatMap(emitted).map((event) => event.event_id)).toEqual(idsOf(appended));
	});

	test.each(['emptyToken', 'omittedToken', 'emptyPage'] as const)(
		'changing Page Size on an active trigger emits nothing old and misses nothing (%s)',
		async (endOfStream) => {
			emu.setVariant({ endOfStream });
			const { webhook_id: webhookId } = emu.createWebhook();
			const backlog = emu.appendEvents(webhookId, 300);
			const parameters = {
				webhookId,
				events: [],
				options: { simplify: false, startFrom: 'allStoredEvents', pageSize: 500 },
			};
			const trigger = triggerFor(emu, webhookId, parameters);
			expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(backlog));

			trigger.setParameters({
				...parameters,
				options: { simplify: false, startFrom: 'allStoredEvents', pageSize: 100 },
			});
			expect(await trigger.poll()).toBeNull();
			const appended = emu.appendEvents(webhookId, 5);
			expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended));
			emu.resetLog();
			expect(await trigger.poll()).toBeNull();
			expect(requestsTo(emu, 'ListEvents')).toHaveLength(1);
		},
	);

	test('a page size out of range is refused before any request', async () => {
		const { webhook_id: webhookId } = emu.createWebhook();
		await expect(
			triggerFor(emu, webhookId, { options: { simplify: false, pageSize: 0 } }).poll(),
		).rejects.toThrow('The parameter "Page Size" must be a whole number from 1 to 1000');
		expect(emu.requests).toHaveLength(0);
	});

	test('Simplify: one flat item per event, with the fields that changed', async () => {
		const { webhookId, trigger } = await activated(0, { options: { simplify: true } });
		const [created, updated] = emu.appendEvents(webhookId, [
			{ kind: 'RECORD_CREATED', recordId: 'r1', data: { title: 'Draft' } },
			{ kind: 'RECORD_UPDATED', recordId: 'r1', data: { title: 'Final' } },
		]);
		const [first, second] = emitted(await trigger.poll());
		expect(first).toMatchObject({
			event_id: created.event_id,
			kind: 'RECORD_CREATED',
			record_id: 'r1',
			changed_fields: [],
		});
		expect(second).toEqual({
			event_id: updated.event_id,
			kind: 'RECORD_UPDATED',
			event_at: updated.event_at,
			record_id: 'r1',
			application_id: updated.record_event_data.locator.application_id,
			solution_id: updated.record_event_data.locator.solution_id,
			record: json(updated.record_event_data.data),
			previous: { title: 'Draft' },
			changed_fields: ['title'],
		});
	});
});

describe('Fetch test event (manual mode)', () => {
	test('returns the most recent matching event and leaves the state as it was', async () => {
		const { webhookId, trigger } = await activated(4, { events: ['RECORD_CREATED'] });
		const [, latest] = emu.appendEvents(webhookId, [
			{ kind: 'RECORD_CREATED' },
			{ kind: 'RECORD_CREATED' },
			{ kind: 'RECORD_UPDATED' },
		]);
		const before = trigger.staticData();
		expect(emitted(await trigger.poll('manual'))).toEqual([json(latest)]);
		expect(trigger.staticData()).toEqual(before);
		// The events are still new for the active trigger.
		expect(emitted(await trigger.poll())).toHaveLength(2);
	});

	test('finds an earlier event when nothing follows the saved position', async () => {
		emu.setVariant({ endOfStream: 'emptyPage' });
		const { webhookId, trigger } = await activated(0);
		const appended = emu.appendEvents(webhookId, 3);
		await trigger.poll();
		const before = trigger.staticData();
		expect(emitted(await trigger.poll('manual'))).toEqual([json(appended[2])]);
		expect(trigger.staticData()).toEqual(before);
	});

	test('before activation it reads from the start and saves nothing', async () => {
		const { webhook_id: webhookId } = emu.createWebhook();
		const appended = emu.appendEvents(webhookId, 7);
		const trigger = triggerFor(emu, webhookId, { options: { simplify: false, pageSize: 3 } });
		expect(emitted(await trigger.poll('manual'))).toEqual([json(appended[6])]);
		expect(trigger.staticData()).toEqual({});
	});

	test('with no matching event, shows the latest record of a table the webhook watches, marked as a sample', async () => {
		const solution = emu.addSolution();
		const table = emu.addTable(solution.id);
		const record = emu.addRecord(table.id, { title: 'Latest' });
		const { webhook_id: webhookId } = emu.createWebhook({
			locator: { account_id: emu.workspaceId, solution_id: solution.id },
			filter: { applications: { application_ids: [table.id] } },
		});
		emu.appendEvents(webhookId, [{ kind: 'RECORD_UPDATED' }]);
		const trigger = triggerFor(emu, webhookId, { events: ['RECORD_DELETED'], options: {} });
		expect(emitted(await trigger.poll('manual'))).toEqual([
			expect.objectContaining({
				sample: true,
				kind: 'RECORD_DELETED',
				record: expect.objectContaining({ id: record.id, Title: 'Latest' }),
			}),
		]);
		expect(trigger.staticData()).toEqual({});
	});
});

describe('webhook errors', () => {
	test('an unknown webhook is named in the error', async () => {
		const trigger = triggerFor(emu, 'no-such-webhook');
		await expect(trigger.poll()).rejects.toMatchObject({
			message: 'The webhook "no-such-webhook" does not exist or was deleted',
			description: expect.stringContaining('CreateWebhook'),
		});
		expect(trigger.staticData()).toEqual({});
	});

	test('an expired (disabled) webhook says how to fix it; disabled notifications are normal', async () => {
		const { webhook_id: expiredId } = emu.createWebhook();
		emu.setWebhookStatus(expiredId, { system: 'disabled' });
		await expect(triggerFor(emu, expiredId).poll()).rejects.toMatchObject({
			message: `The webhook "${expiredId}" is disabled: it expired`,
			description: expect.stringContaining('Create a new webhook'),
		});

		const { webhook_id: quietId } = emu.createWebhook();
		emu.setWebhookStatus(quietId, { notifications: 'disabled' });
		const trigger = triggerFor(emu, quietId);
		expect(await trigger.poll()).toBeNull();
		emu.appendEvents(quietId, 1);
		expect(emitted(await trigger.poll())).toHaveLength(1);
	});

	test('a webhook deleted while the trigger runs gives a clear error', async () => {
		const { trigger } = await activated(2);
		const before = trigger.staticData();
		emu.injectFault({ operation: 'ListEvents', action: { type: 'deleteWebhook' } });
		await expect(trigger.poll()).rejects.toMatchObject({
			message: expect.stringMatching(/^The webhook ".+" does not exist or was deleted$/),
			description: expect.stringContaining('14 days'),
		});
		expect(trigger.staticData()).toEqual(before);
	});
});

describe('faults', () => {
	const failures: Array<[string, FaultAction]> = [
		['500', { type: 'status', status: 500 }],
		['502', { type: 'status', status: 502 }],
		['503', { type: 'status', status: 503 }],
		['a dropped connection', { type: 'drop' }],
		['a body that is not JSON', { type: 'badJson' }],
		['a 429 asking for longer than the wait budget', { type: 'rateLimit', retryAfterSeconds: 600 }],
	];

	test.each(failures)(
		'%s mid-drain: emits what was read, the next poll continues',
		async (_, action) => {
			const { webhookId, trigger } = await activated(0, {
				options: { simplify: false, pageSize: 4 },
			});
			const appended = emu.appendEvents(webhookId, 10);
			emu.injectFault({ operation: 'ListEvents', skip: 1, action });
			const startedAt = Date.now();
			const first = emitted(await trigger.poll());
			expect(Date.now() - startedAt).toBeLessThan(5000);
			expect(idsOf(first)).toEqual(idsOf(appended.slice(0, 4)));
			const rest = emitted(await trigger.poll());
			expect(idsOf([...first, ...rest])).toEqual(idsOf(appended));
		},
	);

	test.each(failures)(
		'%s before anything was read: throws and keeps the state',
		async (_, action) => {
			const { webhookId, trigger } = await activated(0);
			const appended = emu.appendEvents(webhookId, 3);
			const before = trigger.staticData();
			emu.injectFault({ operation: 'ListEvents', action });
			await expect(trigger.poll()).rejects.toThrow(/SmartSuite/);
			expect(trigger.staticData()).toEqual(before);
			expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended));
		},
	);

	test('429: waits as Retry-After says, then continues in the same poll', async () => {
		const { webhookId, trigger } = await activated(0, {
			options: { simplify: false, pageSize: 4 },
		});
		const appended = emu.appendEvents(webhookId, 10);
		emu.injectFault({
			operation: 'ListEvents',
			skip: 1,
			action: { type: 'rateLimit', retryAfterSeconds: 1 },
		});
		const startedAt = Date.now();
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended));
		expect(Date.now() - startedAt).toBeGreaterThanOrEqual(950);
		// After a full page, the rest comes in one large page.
		expect(requestsTo(emu, 'ListEvents').map((request) => request.status)).toEqual([200, 429, 200]);
	});

	test('an event repeated across pages is emitted once', async () => {
		const { webhookId, trigger } = await activated(0, {
			options: { simplify: false, pageSize: 3 },
		});
		const appended = emu.appendEvents(webhookId, 10);
		emu.injectFault({ operation: 'ListEvents', times: Infinity, action: { type: 'repeatEvent' } });
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended));
	});

	test('events appended while a poll is paging are emitted in order', async () => {
		const { webhookId, trigger } = await activated(0, {
			options: { simplify: false, pageSize: 3 },
		});
		emu.appendEvents(webhookId, 5);
		emu.injectFault({
			operation: 'ListEvents',
			skip: 1,
			action: { type: 'appendEvents', count: 4 },
		});
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(emu.events(webhookId)));
	});

	test('expired page tokens: reads again from the start, skipping what was emitted', async () => {
		emu.setVariant({ tokens: 'expiring', maxPageSize: 5 });
		const { webhookId, trigger } = await activated(7, {
			options: { simplify: false, pageSize: 3 },
		});
		const appended = emu.appendEvents(webhookId, 2);
		emu.expireTokens();
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended));
		expect(requestsTo(emu, 'ListEvents').map((request) => request.status)[0]).toBe(400);
		// Tokens expiring mid-drain too.
		emu.resetLog();
		const more = emu.appendEvents(webhookId, 8);
		emu.injectFault({ operation: 'ListEvents', skip: 2, action: { type: 'expireTokens' } });
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(more));
		emu.resetLog();
		expect(await trigger.poll()).toBeNull();
		expect(emu.requests).toHaveLength(1);
	});
});
