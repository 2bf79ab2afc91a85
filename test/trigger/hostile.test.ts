/**
 * The trigger against a hostile or broken server and against n8n's own scheduler (issue 10):
 * no lost or doubled event, no poll that stalls or runs forever. Through n8n-core's PollContext
 * with static data carried across polls, against the emulator over HTTP.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import type { IPollFunctions } from 'n8n-workflow';

import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { POLL_LIMITS } from '../../nodes/SmartSuite/trigger/limits';
import type { Emulator } from '../emulator';
import { DEFAULT_VARIANT, startEmulator } from '../emulator';
import { createPoller, shutdownN8nCore } from '../helpers/n8n';
import type { HostileServer } from '../hostile/server';
import { startHostile, webhooksApi } from '../hostile/server';
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
const DEFAULT_LIMITS = { ...POLL_LIMITS };
beforeEach(() => {
	emu.setVariant(DEFAULT_VARIANT);
	emu.clearFaults();
	emu.resetLog();
	Object.assign(POLL_LIMITS, DEFAULT_LIMITS);
});

/** Runs `poll` and says how long it took. */
async function timed<T>(poll: () => Promise<T>): Promise<{ result: T; ms: number }> {
	const startedAt = Date.now();
	const result = await poll();
	return { result, ms: Date.now() - startedAt };
}

/** A trigger on a purpose-built server answering ListEvents with `page(token)`. */
async function onServer(page: (pageToken: string) => string, options = {}) {
	const server = await startHostile(webhooksApi(page));
	const trigger = createPoller(new SmartSuiteTrigger(), {
		credentials: {
			apiKey: 'k',
			workspaceId: 'sv25cxf2',
			baseUrl: server.url,
			webhooksUrl: server.url,
		},
		parameters: {
			webhookId: 'w1',
			events: [],
			options: { simplify: false, startFrom: 'allStoredEvents', ...options },
		},
	});
	return { server, trigger };
}
let server: HostileServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

/** A stream that never ends: page n holds event w1.n and points to page n + 1. */
/** Pages of two events, each with a new token (a page of one would be read as the end: issue 39). */
function endlessStream(token: string): string {
	const n = token === '' ? 0 : Number(token);
	return `{"events":[${eventText(`w1.${2 * n}`)},${eventText(`w1.${2 * n + 1}`)}],"next_page_token":"${n + 1}"}`;
}
const streamIds = (from: number, count: number) =>
	Array.from({ length: count }, (_, i) => `w1.${from + i}`);

const eventText = (id: string) =>
	`{"event_id":"${id}","kind":"RECORD_UPDATED","event_at":"2026-01-01T00:00:00Z"}`;

/** A webhook with `stored` events and a trigger that has been activated on it. */
const activated = (stored: number, parameters = {}) => activatedOn(emu, stored, parameters);

/** JSON text of `{"a":{"a":…leaf…}}`, nested `depth` times. */
const nested = (depth: number, leaf: string) => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
const DEEP = 100_000;

describe('building the items', () => {
	test('Simplify does not throw on legal JSON nested 100,000 deep: the event is emitted', async () => {
		const { webhookId, trigger } = await activated(1, { options: { simplify: true } });
		const record = `{"id":"r1","title":"Deep","nested":${nested(DEEP, '1')}}`;
		const previous = `{"title":"Deep","nested":${nested(DEEP, '2')}}`;
		emu.appendRawElements(webhookId, [
			`{"event_id":"${webhookId}.deep","kind":"RECORD_UPDATED","event_at":"2026-01-01T00:00:00Z","record_event_data":{"record_id":"r1","data":${record},"previous":${previous}}}`,
		]);
		const [item] = emitted(await trigger.poll());
		expect(item).toMatchObject({
			event_id: `${webhookId}.deep`,
			record_id: 'r1',
			changed_fields: ['nested'],
		});
		expect(await trigger.poll()).toBeNull();
	});

	test('events with top-level keys json, binary and pairedItem: each item holds the whole event', async () => {
		const { webhookId, trigger } = await activated(0);
		const events = [
			{ event_id: `${webhookId}.1`, kind: 'RECORD_CREATED', json: { a: 1 } },
			{ event_id: `${webhookId}.2`, kind: 'RECORD_UPDATED', binary: { data: 'x' }, pairedItem: 3 },
		];
		emu.appendRawElements(
			webhookId,
			events.map((event) => JSON.stringify(event)),
		);
		expect(await trigger.poll()).toEqual([events.map((event) => ({ json: event }))]);
	});
});

describe('overlapping polls (n8n does not wait for the previous poll)', () => {
	test('a poll started while another runs returns null at once and touches nothing', async () => {
		const { webhookId, trigger } = await activated(2);
		const appended = emu.appendEvents(webhookId, 3);
		emu.injectFault({ operation: 'ListEvents', action: { type: 'delay', ms: 600 } });
		const first = trigger.poll();
		await sleep(100);
		const before = trigger.staticData();
		const second = await timed(() => trigger.poll());
		expect(second.result).toBeNull();
		expect(second.ms).toBeLessThan(300);
		expect(trigger.staticData()).toEqual(before);
		expect(emu.requests).toHaveLength(1);
		expect(idsOf(emitted(await first))).toEqual(idsOf(appended));
		expect(await trigger.poll()).toBeNull();
	});

	test('the lease is in memory only: static data saved meanwhile does not block a restarted n8n', async () => {
		const { webhookId, trigger } = await activated(0);
		const appended = emu.appendEvents(webhookId, 2);
		emu.injectFault({ operation: 'ListEvents', action: { type: 'delay', ms: 600 } });
		const running = trigger.poll();
		await sleep(100);
		// What n8n would save now (another trigger of the workflow emitting), then a restart.
		const saved = trigger.staticData();
		const restarted = triggerFor(emu, webhookId);
		restoreStaticData(restarted, saved);
		expect(idsOf(emitted(await restarted.poll()))).toEqual(idsOf(appended));
		await running;
	});

	test('a poll that outlives its lease is overtaken, and then emits nothing', async () => {
		// The lease is the budget and a margin: 300 ms here.
		POLL_LIMITS.budgetMs = 100;
		POLL_LIMITS.leaseMarginMs = 200;
		const { webhookId, trigger } = await activated(0);
		const appended = emu.appendEvents(webhookId, 3);
		emu.injectFault({ operation: 'ListEvents', action: { type: 'delay', ms: 800 } });
		const hung = trigger.poll();
		await sleep(500);
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended));
		expect(await hung).toBeNull();
		expect(await trigger.poll()).toBeNull();
	});
});

describe('the poll budget', () => {
	test('slow answers: the poll stops at its budget, emits what it read, the next poll continues', async () => {
		POLL_LIMITS.budgetMs = 1000;
		emu.setVariant({ maxPageSize: 2 });
		const { webhookId, trigger } = await activated(0, {
			options: { simplify: false, pageSize: 2 },
		});
		const appended = emu.appendEvents(webhookId, 20);
		emu.injectFault({
			operation: 'ListEvents',
			times: Infinity,
			action: { type: 'delay', ms: 250 },
		});
		const first = await timed(() => trigger.poll());
		expect(first.ms).toBeLessThan(2000);
		const read = emitted(first.result);
		expect(read.length).toBeGreaterThan(0);
		expect(read.length).toBeLessThan(20);
		emu.clearFaults();
		expect(idsOf([...read, ...emitted(await trigger.poll())])).toEqual(idsOf(appended));
	});

	test("n8n's own poll budget (getPollBudgetMs, n8n 2.41) is kept when it is shorter", async () => {
		const { webhookId, trigger } = await activated(0, {
			options: { simplify: false, pageSize: 2 },
		});
		const appended = emu.appendEvents(webhookId, 4);
		emu.injectFault({ operation: 'ListEvents', skip: 1, action: { type: 'delay', ms: 4000 } });
		// n8n-core 2.8 has no getPollBudgetMs and 2.41's gives 300 s: this poll's context says 1 s.
		const poll = SmartSuiteTrigger.prototype.poll;
		SmartSuiteTrigger.prototype.poll = async function (this: IPollFunctions) {
			Object.defineProperty(this, 'getPollBudgetMs', { value: () => 1000, configurable: true });
			return await poll.call(this);
		};
		try {
			const first = await timed(() => trigger.poll());
			expect(first.ms).toBeLessThan(3000);
			expect(idsOf(emitted(first.result))).toEqual(idsOf(appended.slice(0, 2)));
		} finally {
			SmartSuiteTrigger.prototype.poll = poll;
		}
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended.slice(2)));
	});

	test('a request slower than the budget is cut off: what was read before it is emitted', async () => {
		POLL_LIMITS.budgetMs = 1000;
		const { webhookId, trigger } = await activated(0, {
			options: { simplify: false, pageSize: 2 },
		});
		const appended = emu.appendEvents(webhookId, 4);
		emu.injectFault({ operation: 'ListEvents', skip: 1, action: { type: 'delay', ms: 4000 } });
		const first = await timed(() => trigger.poll());
		expect(first.ms).toBeLessThan(3000);
		expect(idsOf(emitted(first.result))).toEqual(idsOf(appended.slice(0, 2)));
		expect(idsOf(emitted(await trigger.poll()))).toEqual(idsOf(appended.slice(2)));
	});

	test('an endless stream of new tokens: each poll stops at its page budget and the next one goes on', async () => {
		POLL_LIMITS.maxPages = 50;
		const started = await onServer(endlessStream);
		server = started.server;
		const first = emitted(await started.trigger.poll());
		expect(idsOf(first)).toEqual(streamIds(0, 2 * POLL_LIMITS.maxPages));
		expect(idsOf(emitted(await started.trigger.poll()))).toEqual(
			streamIds(2 * POLL_LIMITS.maxPages, 2 * POLL_LIMITS.maxPages),
		);
	});

	test('a page that points back to itself: read once; later polls idle instead of failing', async () => {
		let loopingPage = [eventText('w1.2'), eventText('w1.3')];
		const started = await onServer((token) =>
			token === ''
				? `{"events":[${eventText('w1.0')},${eventText('w1.1')}],"next_page_token":"A"}`
				: `{"events":[${loopingPage.join(',')}],"next_page_token":"A"}`,
		);
		server = started.server;
		expect(idsOf(emitted(await started.trigger.poll()))).toEqual(['w1.0', 'w1.1', 'w1.2', 'w1.3']);
		expect(await started.trigger.poll()).toBeNull();
		loopingPage = [eventText('w1.2'), eventText('w1.3'), eventText('w1.4')];
		expect(idsOf(emitted(await started.trigger.poll()))).toEqual(['w1.4']);
	});

	test('Fetch test event on an endless stream returns the latest event read within the budget', async () => {
		POLL_LIMITS.maxPages = 50;
		const started = await onServer(endlessStream);
		server = started.server;
		expect(idsOf(emitted(await started.trigger.poll('manual')))).toEqual([
			`w1.${2 * POLL_LIMITS.maxPages - 1}`,
		]);
		expect(started.trigger.staticData()).toEqual({});
	});
});

describe('Retry-After', () => {
	test.each(['0', '-5', '0.2', new Date(Date.now() - 60_000).toUTCString()])(
		'Retry-After %p: the retry waits at least a second',
		async (retryAfter) => {
			const { webhookId, trigger } = await activated(0);
			const appended = emu.appendEvents(webhookId, 2);
			emu.injectFault({
				operation: 'ListEvents',
				action: { type: 'rateLimit', retryAfterSeconds: retryAfter },
			});
			const { result, ms } = await timed(() => trigger.poll());
			expect(idsOf(emitted(result))).toEqual(idsOf(appended));
			expect(ms).toBeGreaterThanOrEqual(950);
			expect(requestsTo(emu, 'ListEvents').map((request) => request.status)).toEqual([429, 200]);
		},
	);

	test('a server that always answers 429 with Retry-After 0: the retries end within the poll budget', async () => {
		POLL_LIMITS.budgetMs = 2500;
		const { webhookId, trigger } = await activated(0);
		emu.appendEvents(webhookId, 2);
		emu.injectFault({
			operation: 'ListEvents',
			times: Infinity,
			action: { type: 'rateLimit', retryAfterSeconds: 0 },
		});
		const { result, ms } = await timed(() => trigger.poll().catch((error: Error) => error));
		expect(result).toMatchObject({ message: 'SmartSuite rate limit reached (429)' });
		expect(ms).toBeLessThan(3500);
		expect(requestsTo(emu, 'ListEvents')).toHaveLength(3);
	});

	test('a Retry-After longer than the budget left is not waited for', async () => {
		POLL_LIMITS.budgetMs = 1000;
		const { webhookId, trigger } = await activated(0);
		emu.appendEvents(webhookId, 2);
		emu.injectFault({
			operation: 'ListEvents',
			action: { type: 'rateLimit', retryAfterSeconds: 2 },
		});
		const { result, ms } = await timed(() => trigger.poll().catch((error: Error) => error));
		expect(result).toMatchObject({ message: 'SmartSuite rate limit reached (429)' });
		expect(ms).toBeLessThan(900);
	});
});

describe('malformed events', () => {
	test('elements that are not events are passed over with a warning in the log; no poll stalls on them', async () => {
		const { webhookId, trigger } = await activated(0, {
			options: { simplify: false, pageSize: 3 },
		});
		const [first] = emu.appendEvents(webhookId, 1);
		emu.appendRawElements(webhookId, ['null', '42', '"text"', '[1]']);
		const [last] = emu.appendEvents(webhookId, 1);
		const warn = jest.spyOn(Container.get(Logger), 'warn');
		try {
			expect(idsOf(emitted(await trigger.poll()))).toEqual([first.event_id, last.event_id]);
			expect(warn.mock.calls.flat().join('\n')).toContain('passed over 4 elements');
		} finally {
			warn.mockRestore();
		}
		expect(await trigger.poll()).toBeNull();
		const [next] = emu.appendEvents(webhookId, 1);
		expect(idsOf(emitted(await trigger.poll()))).toEqual([next.event_id]);
	});

	test.each(['emptyToken', 'omittedToken', 'emptyPage'] as const)(
		'events without a string event_id are emitted once each, never merged (%s)',
		async (endOfStream) => {
			emu.setVariant({ endOfStream });
			const { webhookId, trigger } = await activated(1);
			const idless = [
				{ kind: 'RECORD_CREATED', n: 1 },
				{ kind: 'RECORD_CREATED', n: 1 },
				{ event_id: 7, n: 2 },
				{ event_id: '', n: 3 },
			];
			emu.appendRawElements(
				webhookId,
				idless.map((event) => JSON.stringify(event)),
			);
			expect(emitted(await trigger.poll())).toEqual(idless);
			expect(await trigger.poll()).toBeNull();
			const [next] = emu.appendEvents(webhookId, 1);
			expect(idsOf(emitted(await trigger.poll()))).toEqual([next.event_id]);
		},
	);
});

test('a long run of events without an id at the end of the stream: each is emitted once', async () => {
	const { webhookId, trigger } = await activated(1);
	const [withId] = emu.appendEvents(webhookId, 1);
	const idless = Array.from({ length: 15 }, (_, n) => ({ kind: 'RECORD_CREATED', n }));
	emu.appendRawElements(
		webhookId,
		idless.map((event) => JSON.stringify(event)),
	);
	expect(emitted(await trigger.poll())).toEqual([JSON.parse(JSON.stringify(withId)), ...idless]);
	for (let poll = 0; poll < 3; poll++) expect(await trigger.poll()).toBeNull();
});

describe('an expired page token and time stamps out of stream order', () => {
	test('events before the last handled one in stream order are old, however late their time stamps', async () => {
		emu.setVariant({ tokens: 'expiring', maxPageSize: 2 });
		const { webhookId, trigger } = await activated(0, {
			options: { simplify: false, pageSize: 2 },
		});
		const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
		const event = (n: number, minute: number) => ({
			event_id: `${webhookId}.${n}`,
			kind: 'RECORD_UPDATED',
			event_at: at(minute),
		});
		// Event 2 comes before the others in the stream but is time-stamped after all of them;
		// more events follow it than the trigger remembers ids of.
		const stored = [
			event(1, 10),
			event(2, 50),
			...Array.from({ length: 12 }, (_, i) => event(3 + i, 20 + i)),
		];
		emu.appendRawElements(
			webhookId,
			stored.map((stored) => JSON.stringify(stored)),
		);
		expect(emitted(await trigger.poll())).toEqual(stored);
		emu.expireTokens();
		const later = event(15, 40);
		emu.appendRawElements(webhookId, [JSON.stringify(later)]);
		expect(emitted(await trigger.poll())).toEqual([later]);
		expect(requestsTo(emu, 'ListEvents').some((request) => request.status === 400)).toBe(true);
	});
});
