/**
 * The benchmark's quick path with very small N: every scenario runs, the results have the shape
 * bench-results.json promises, and the request counts are right. A correctness check of the
 * benchmark, never a timing assertion.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shutdownN8nCore } from '../helpers/n8n';
import { runMeta, writeResults } from './report';
import type {
	InstantChangesResult,
	InstantForgedResult,
	InstantKeepAliveResult,
	InstantLatencyResult,
	InstantMonthResult,
	InstantResult,
} from './instant';
import type { QuotaResult } from './quota';
import type { RecordsResult } from './records';
import type { ReadableResult } from './readable';
import type { PacedResult } from './paced';
import {
	type Bench,
	type ComparisonResult,
	type IdleResult,
	type SteadyResult,
	closeBench,
	minimumRequests,
	openBench,
} from './scenarios';
import type { BatchingResult } from './batching';
import {
	QUICK,
	type SuiteConfig,
	attempt,
	failCaseUnderWay,
	repetitionsOf,
	runSuite,
} from './suite';

/** QUICK's cases and variants, with N small enough for a unit test. */
const TINY: SuiteConfig = {
	drain: { sizes: [{ ...QUICK.drain.sizes[0], n: 120, repetitions: 1 }], pageSizes: [50] },
	idle: { ...QUICK.idle, storedEvents: 120, polls: 2 },
	steady: { ...QUICK.steady, storedEvents: 10, polls: 12 },
	listEvents: { ...QUICK.listEvents, n: 120, repetitions: 1, pageSizes: [50] },
	quota: [
		{ kind: 'activation', events: 300, servedMax: 100, endOfStream: 'emptyPage' },
		{ kind: 'backlog', events: 250, servedMax: 100, endOfStream: 'emptyToken' },
		{ kind: 'burst', events: 120, endOfStream: 'emptyPage' },
		{ kind: 'busy', polls: 10, maxNewPerPoll: 20, seed: 1, endOfStream: 'emptyPage' },
	],
	records: [
		{ kind: 'create', items: 60 },
		{ kind: 'createWithUserEmails', items: 30 },
		{ kind: 'update', items: 60 },
		{ kind: 'delete', items: 60 },
		{ kind: 'upsert', items: 60 },
		{ kind: 'search', records: 2_500 },
	],
	instant: {
		changes: [
			{ changes: 8, burst: 1, copies: 1 },
			{ changes: 8, burst: 1, copies: 3 },
			{ changes: 20, burst: 10, copies: 1 },
			{ changes: 20, burst: 10, copies: 3 },
		],
		endOfStream: ['emptyToken', 'emptyPage'],
		latency: { changes: 5, warmUp: 1 },
		monthlyChanges: [100, 10_000],
		forgedPings: 3,
	},
	batching: { items: [2_000], tables: [3], quadraticUpTo: 2_000 },
	readable: [
		{ kind: 'search', n: 50, readable: true },
		{ kind: 'search', n: 50, readable: false },
		{ kind: 'searchLinks', n: 50, readable: true },
		{ kind: 'searchLinks', n: 50, readable: false },
		{ kind: 'poll', n: 50, readable: true },
		{ kind: 'poll', n: 50, readable: false },
		{ kind: 'instant', n: 3, readable: true },
		{ kind: 'instant', n: 3, readable: false },
		{ kind: 'instantDay', n: 20, readable: true },
		{ kind: 'pollDay', n: 20, readable: true },
	],
	paced: [{ items: 100 }],
};

const summary = expect.objectContaining({
	median: expect.any(Number),
	min: expect.any(Number),
	max: expect.any(Number),
});
const side = expect.objectContaining({
	ms: summary,
	eventsPerSecond: summary,
	peakHeapMB: summary,
	peakRssMB: summary,
});

let bench: Bench;
beforeAll(async () => {
	bench = await openBench();
});
afterAll(async () => {
	await closeBench(bench);
	shutdownN8nCore();
});

test('quick mode runs every scenario and writes one JSON object per case', async () => {
	const results = await runSuite(bench, TINY, () => {});
	const file = join(mkdtempSync(join(tmpdir(), 'bench-smoke-')), 'bench-results.json');
	writeResults(file, runMeta(true, repetitionsOf(TINY)), results);
	const written = JSON.parse(readFileSync(file, 'utf8'));

	expect(written.meta).toEqual(
		expect.objectContaining({
			date: expect.any(String),
			node: process.version,
			cpu: expect.any(String),
			quick: true,
			repetitions: expect.any(Object),
		}),
	);
	expect(written.scenarios.map((r: { scenario: string }) => r.scenario)).toEqual([
		...TINY.drain.sizes[0].endOfStream.map(() => 'drain'),
		...TINY.idle.endOfStream.map(() => 'idle'),
		...TINY.steady.endOfStream.map(() => 'steady'),
		...TINY.listEvents.endOfStream.map(() => 'listEvents'),
		...TINY.quota.map(() => 'quota'),
		...TINY.records.map(() => 'records'),
		...TINY.instant!.endOfStream.flatMap(() => TINY.instant!.changes.map(() => 'instant')),
		'instant',
		'instant',
		'instant',
		'instant',
		'batching',
		...TINY.readable.map(() => 'readable'),
		'paced',
	]);
	const [batching] = written.scenarios.filter(
		(r: BatchingResult) => r.scenario === 'batching',
	) as BatchingResult[];
	expect(batching).toEqual(
		expect.objectContaining({
			items: 2_000,
			batches: 81,
			ms: expect.any(Number),
			quadraticMs: expect.any(Number),
		}),
	);
	expect(batching.targets).toEqual({ underASecond: true, sameBatches: true });

	for (const r of written.scenarios.filter(
		(s: ComparisonResult) => s.scenario === 'drain' || s.scenario === 'listEvents',
	) as ComparisonResult[]) {
		expect(r).toEqual(
			expect.objectContaining({
				bare: side,
				n8n: side,
				ratio: summary,
				targets: expect.any(Object),
			}),
		);
		expect(r.minimumRequests).toBe(minimumRequests(r.n, r.pageSize, r.endOfStream));
		// The bare loop is the yardstick: it must make exactly the minimum, and so must n8n.
		expect(r.bare.listRequests).toBe(r.minimumRequests);
		expect(r.n8n.listRequests).toBe(r.minimumRequests);
		expect(r.bare.getRequests).toBe(0);
		// The trigger checks its webhook once on its first poll; listEvents never does.
		expect(r.n8n.getRequests).toBe(r.scenario === 'drain' ? 1 : 0);
		// The request helper's loop makes the trigger's requests, with no trigger logic.
		if (r.scenario === 'drain')
			expect([r.helper?.listRequests, r.helper?.getRequests]).toEqual([r.n8n.listRequests, 1]);
		else expect(r.helper).toBeNull();
		expect(r.stateBytes === null).toBe(r.scenario === 'listEvents');
	}

	for (const r of written.scenarios.filter(
		(s: IdleResult) => s.scenario === 'idle',
	) as IdleResult[]) {
		expect(r.activation).toEqual({
			ms: expect.any(Number),
			listRequests: expect.any(Number),
			getRequests: 1,
			items: 0,
		});
		expect(r.requestsPerPoll).toBe(1);
		expect(r.getRequestsPerPoll).toBe(0);
		expect(r.itemsEmitted).toBe(0);
		expect(r.ms).toEqual(summary);
		expect(r.stateBytes).toBeGreaterThan(0);
	}

	for (const r of written.scenarios.filter(
		(s: SteadyResult) => s.scenario === 'steady',
	) as SteadyResult[]) {
		expect(r.appended).toBeGreaterThanOrEqual(r.polls);
		expect({ received: r.received, missing: r.missing, duplicated: r.duplicated }).toEqual({
			received: r.appended,
			missing: 0,
			duplicated: 0,
		});
		expect(Object.values(r.requestHistogram).reduce((a, b) => a + b, 0)).toBe(r.polls);
		expect(r.requestsPerPoll.min).toBeGreaterThanOrEqual(1);
		expect(r.getRequests).toBe(0);
	}

	const quotas = written.scenarios.filter(
		(s: QuotaResult) => s.scenario === 'quota',
	) as QuotaResult[];
	expect(
		quotas.map((r) => [
			r.case.kind,
			r.trigger.requests,
			r.minimum,
			r.idleAfter,
			r.pipedream,
			r.activepieces,
		]),
	).toEqual([
		// 3 pages of 100 (the last one full: the empty page ends it) + GetWebhook; the anchors read pages of 50.
		['activation', 5, 5, 1, { requests: 6, polls: 6 }, { requests: 7, polls: 1 }],
		['backlog', 4, 4, 1, null, null],
		// A page of 100 (the user's Page Size), then the other 20.
		['burst', 2, 1, null, { requests: 3, polls: 3 }, { requests: 4, polls: 1 }],
		['busy', 10, 10, null, { requests: 10, polls: 10 }, { requests: 20, polls: 10 }],
	]);
	for (const r of quotas)
		expect(r.targets).not.toEqual(expect.objectContaining({ requests: false }));

	const records = written.scenarios.filter(
		(s: RecordsResult) => s.scenario === 'records',
	) as RecordsResult[];
	expect(records.map((r) => [r.label, r.byOperation, r.target, r.perItem, r.itemsOut])).toEqual([
		// ⌈60/25⌉ = 3 bulk requests and one structure read; the records' `by` reads the members once.
		['Create 60 items', { GetTable: 1, BulkCreateRecords: 3, ListMembers: 1 }, 4, 60, 60],
		[
			'Create 30 items, users by e-mail',
			{ GetTable: 1, ListMembers: 1, BulkCreateRecords: 2 },
			4,
			30,
			30,
		],
		['Update 60 items', { GetTable: 1, BulkUpdateRecords: 3, ListMembers: 1 }, 4, 60, 60],
		// Delete reads no structure: its answer is {id, deleted: true}.
		['Delete 60 items', { BulkDeleteRecords: 3 }, 4, 60, 60],
		// ⌈60/25⌉ searches, ⌈30/25⌉ bulk updates and ⌈30/25⌉ bulk creates; per item: a search and a write each.
		[
			'Create or Update 60 items, half of them existing',
			{
				GetTable: 1,
				ListRecords: 3,
				BulkUpdateRecords: 2,
				BulkCreateRecords: 2,
				ListMembers: 1,
			},
			10,
			120,
			60,
		],
		// ⌈2,500/1,000⌉ pages; Activepieces-like: 25 pages of 100 and the empty one.
		[
			'Search, Return All over 2,500 records',
			{ GetTable: 1, ListRecords: 3, ListMembers: 1 },
			3,
			26,
			2500,
		],
	]);
	for (const r of records) expect(r.targets).toEqual({ requests: true, output: true });

	// Readable People and Choices: one members read on; one structure read (Simplify's labels) either way.
	const readable = written.scenarios.filter(
		(s: ReadableResult) => s.scenario === 'readable',
	) as ReadableResult[];
	expect(readable.map((r) => [r.label, r.byOperation, r.extra, r.itemsOut])).toEqual([
		[
			'Search, Return All over 50 records with a user, readable on',
			{ GetTable: 1, ListRecords: 1, ListMembers: 1 },
			2,
			50,
		],
		[
			'Search, Return All over 50 records with a user, readable off',
			{ GetTable: 1, ListRecords: 1 },
			1,
			50,
		],
		// Linked Record Titles (issue 58): on, the linked table's structure and one read of its titles more.
		[
			'Search, Return All over 50 records each linked to one of 50 records of another table, link titles on',
			{ GetTable: 2, ListRecords: 2, ListMembers: 1 },
			4,
			50,
		],
		[
			'Search, Return All over 50 records each linked to one of 50 records of another table, link titles off',
			{ GetTable: 1, ListRecords: 1, ListMembers: 1 },
			2,
			50,
		],
		[
			'Trigger poll (Simplify) of 50 changes with a user, readable on',
			{ ListEvents: 1, GetTable: 1, ListMembers: 1 },
			2,
			50,
		],
		[
			'Trigger poll (Simplify) of 50 changes with a user, readable off',
			{ ListEvents: 1, GetTable: 1 },
			1,
			50,
		],
		// A drain per change: the structure and the members read by the first are kept.
		[
			'Instant Trigger, 3 changes with a user one at a time, readable on',
			{ ListEvents: 3, GetTable: 1, ListMembers: 1 },
			2,
			3,
		],
		[
			'Instant Trigger, 3 changes with a user one at a time, readable off',
			{ ListEvents: 3, GetTable: 1 },
			1,
			3,
		],
		// Issue 39: a change every 40 minutes, the kept reads last the day (22 requests: 1.1 a change).
		[
			'Instant Trigger, a day of 20 changes with a user and a select, one every 40 minutes, readable on',
			{ ListEvents: 20, GetTable: 1, ListMembers: 1 },
			2,
			20,
		],
		[
			'Trigger (a poll after each), a day of 20 changes with a user and a select, one every 40 minutes, readable on',
			{ ListEvents: 20, GetTable: 1, ListMembers: 1 },
			2,
			20,
		],
	]);
	for (const r of readable)
		expect(r.targets).toEqual({
			requests: true,
			output: true,
			...(r.case.kind.endsWith('Day') ? { perChange: true } : {}),
		});

	// A paced bulk job: a structure read, 4 bulk creates and the members read for the records' `by`,
	// none answered 429 by the limit.
	const [paced] = written.scenarios.filter(
		(s: PacedResult) => s.scenario === 'paced',
	) as PacedResult[];
	expect(paced).toEqual(
		expect.objectContaining({
			label: 'Create 100 items',
			requests: 6,
			rateLimited: 0,
			limitSeconds: 1.2,
		}),
	);
	expect(paced.mostInASecond).toBeLessThanOrEqual(5);
	expect(paced.targets).toEqual({ noRateLimit: true, output: true });

	const instant = written.scenarios.filter(
		(s: InstantResult) => s.scenario === 'instant',
	) as InstantResult[];
	expect(instant.map((r) => r.part)).toEqual([
		...TINY.instant!.endOfStream.flatMap(() => TINY.instant!.changes.map(() => 'changes')),
		'latency',
		'keepAlive',
		'forged',
		'month',
	]);
	const changes = instant.filter((r): r is InstantChangesResult => r.part === 'changes');
	for (const r of changes) {
		// Every change once, in stream order, whatever the pings; the pings never read the webhook with GetWebhook.
		expect([r.emitted, r.duplicated, r.exactlyOnceInOrder, r.getWebhook]).toEqual([
			r.changes,
			0,
			true,
			0,
		]);
		expect(r.pings).toBe(r.changes * r.copies);
		expect(r.answers).toEqual({ 200: r.pings });
		expect(r.requests).toBe(r.listEvents);
		expect(r.activationRequests).toEqual(expect.objectContaining({ CreateWebhook: 1 }));
		// One drain per ping at most, each of one or two ListEvents calls (two: an empty page ends the stream).
		expect(r.listEvents).toBeGreaterThanOrEqual(Math.ceil(r.changes / r.burst));
		expect(r.listEvents).toBeLessThanOrEqual(2 * r.pings);
		// One at a time: an execution per change, and one ListEvents call per change whatever the end
		// signal, also with copies of each ping at once (issue 39).
		// (A copy that reaches n8n more than 25 ms after the first, on a loaded machine, reads again.)
		if (r.burst === 1) expect(r.executions).toBe(r.changes);
		// With copies of each ping, issue 39's 1 % more is the bench's target (its report), not this
		// test's: on a loaded machine one late copy reads again (CI: 10 calls for 8 changes).
		if (r.burst === 1 && r.copies === 1) expect(r.listEvents).toBe(r.changes);
	}

	const [latency] = instant.filter((r): r is InstantLatencyResult => r.part === 'latency');
	expect(latency.changes).toBe(5);
	expect(latency.ms.min).toBeGreaterThan(0);
	expect(
		latency.ms.min <= latency.ms.median &&
			latency.ms.median <= latency.ms.p95 &&
			latency.ms.p95 <= latency.ms.max,
	).toBe(true);
	expect(latency.pollingMs).toEqual({ average: 30_000, max: 60_000 });

	const [keepAlive] = instant.filter((r): r is InstantKeepAliveResult => r.part === 'keepAlive');
	expect(keepAlive.ticks.map((tick) => tick.operations)).toEqual([
		['GetWebhook'],
		['GetWebhook', 'ListEvents'],
		['GetWebhook', 'UpdateWebhook'],
	]);
	// Renewed when it expires within 3 days, i.e. 4 days after the last read (7-day lifetime).
	expect(keepAlive.quietMonth).toEqual({
		days: 30,
		getWebhook: 30,
		listEvents: 7,
		other: 0,
		renewalDays: [4, 8, 12, 16, 20, 24, 28],
	});

	const [forged] = instant.filter((r): r is InstantForgedResult => r.part === 'forged');
	expect(forged).toMatchObject({
		pings: 3,
		requests: 0,
		listEvents: 0,
		executions: 0,
		answers: { 200: 3 },
	});

	const [month] = instant.filter((r): r is InstantMonthResult => r.part === 'month');
	const perChange = (end: string) =>
		changes
			.filter((r) => r.burst === 1 && r.copies === 1 && r.endOfStream === end)
			.map((r) => r.requests / r.changes)[0];
	expect(month.perChange).toEqual({ emptyToken: 1, emptyPage: perChange('emptyPage') });
	expect(perChange('emptyPage')).toBe(1);
	expect(month.rows.map((row) => [row.changes, row.endOfStream, row.total, row.target])).toEqual([
		[0, null, 37, 30],
		[100, 'emptyToken', 130, 130],
		[100, 'emptyPage', 130, 130],
		[10_000, 'emptyToken', 10_030, 10_030],
		[10_000, 'emptyPage', 10_030, 10_030],
		[null, null, 43_200, null],
	]);
	expect(month.rows.at(-1)?.ofPlan).toEqual({
		Free: 43_200,
		Team: 864,
		Professional: 86.4,
		Enterprise: 17.28,
	});
}, 120_000);

/** Issue 29: `npm run bench` died on an unhandled ECONNRESET and lost the whole run. */
test('a case that fails, even by an error no promise carries, is reported and the run goes on', async () => {
	expect(await attempt('throws', () => Promise.reject(new Error('boom')))).toEqual({
		scenario: 'failed',
		label: 'throws',
		error: 'Error: boom',
		targets: { ran: false },
	});
	// What run.ts does with an uncaughtException: the case under way fails, nothing else.
	const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
	const stray = attempt(
		'stray',
		() => new Promise(() => setTimeout(() => failCaseUnderWay(reset), 10)),
	);
	expect(await stray).toEqual(
		expect.objectContaining({ scenario: 'failed', error: 'Error: read ECONNRESET' }),
	);
	expect(failCaseUnderWay(reset)).toBe(false);
	expect(await attempt('next', () => 42)).toBe(42);
});
