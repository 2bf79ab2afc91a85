/**
 * Section 7: the SmartSuite Trigger (issue 23) on the emulator, through n8n-core's
 * contexts (test/helpers/instant.ts): the emulator pings the trigger's local n8n endpoint after
 * each record change. Measured: the requests K changes cost (one at a time, in bursts, with
 * duplicate pings), the time from a change to webhook() returning the execution's items, and the
 * daily keep-alive's requests (a quiet month on the emulator's clock). Computed from those: a
 * month's calls next to the polling trigger at a one-minute schedule, per SmartSuite plan.
 */
import { performance } from 'node:perf_hooks';
import type { IDataObject } from 'n8n-workflow';
import { startEmulator } from '../emulator';
import { DAY_MS } from '../emulator/fixtures';
import type { Emulator, EndOfStream } from '../emulator/types';
import { DEFAULT_VARIANT } from '../emulator/types';
import { startInstantTrigger, watchingTable } from '../helpers/instant';
import { credentialsFor } from '../helpers/n8n';
import type { Bench } from './scenarios';

export interface InstantConfig {
	/** K changes per case: `burst` made at once before the pings settle (1: one at a time), each ping sent `copies` times at once. */
	changes: Array<{ changes: number; burst: number; copies: number }>;
	endOfStream: EndOfStream[];
	/** Changes timed one at a time, after `warmUp` untimed ones. */
	latency: { changes: number; warmUp: number };
	/** Record changes a month in the cost table. */
	monthlyChanges: number[];
	/** Forged pings (the webhook's id, no secret) sent to the production URL. */
	forgedPings: number;
}

export interface InstantChangesResult {
	scenario: 'instant';
	part: 'changes';
	label: string;
	endOfStream: EndOfStream;
	changes: number;
	burst: number;
	copies: number;
	/** Requests of the activation that created the webhook (once per workflow, not per change). */
	activationRequests: Record<string, number>;
	/** Pings the emulator delivered (copies included). */
	pings: number;
	listEvents: number;
	getWebhook: number;
	/** Every request the pings cost. */
	requests: number;
	executions: number;
	emitted: number;
	/** Events emitted more than once. */
	duplicated: number;
	/** The emitted events are the webhook's, each once, in stream order. */
	exactlyOnceInOrder: boolean;
	/** How n8n answered the pings, by status. */
	answers: Record<string, number>;
	targets: { listEvents: boolean; noGetWebhook: boolean; exactlyOnce: boolean };
}

export interface InstantLatencyResult {
	scenario: 'instant';
	part: 'latency';
	label: string;
	changes: number;
	/** Record created in the emulator → ping → webhook() returned the execution's items. */
	ms: { median: number; p95: number; min: number; max: number };
	/** Computed, not measured: a poll every minute finds a change after half a minute on average. */
	pollingMs: { average: number; max: number };
	targets: Record<string, never>;
}

export interface KeepAliveTick {
	label: string;
	operations: string[];
}

export interface InstantKeepAliveResult {
	scenario: 'instant';
	part: 'keepAlive';
	label: string;
	ticks: KeepAliveTick[];
	/** 30 daily ticks with no change at all, the emulator's clock moved a day before each. */
	quietMonth: {
		days: number;
		getWebhook: number;
		listEvents: number;
		other: number;
		renewalDays: number[];
	};
	targets: { dailyTick: boolean };
}

export interface MonthRow {
	label: string;
	changes: number | null;
	/** The end-of-stream variant whose per-change cost the row uses (null: measured, or polling). */
	endOfStream: EndOfStream | null;
	/** Calls a month: pings, keep-alive, total. */
	pings: number;
	keepAlive: number;
	total: number;
	/** The issue's target: K ListEvents calls for the pings plus one keep-alive call a day (none for polling). */
	target: number | null;
	/** Percent of each plan's monthly quota. */
	ofPlan: Record<string, number>;
}

export interface InstantMonthResult {
	scenario: 'instant';
	part: 'month';
	label: string;
	/** Requests per change measured one at a time without copies (the dearest pattern), per end-of-stream variant. */
	perChange: Partial<Record<EndOfStream, number>>;
	/** The same in bursts, the least measured. */
	perChangeInBursts: number | null;
	keepAliveCallsPerDay: number;
	/** ListEvents renewals of a month in which nothing read the webhook (measured), the most a month can add. */
	renewalsInAQuietMonth: number;
	rows: MonthRow[];
	targets: Record<string, boolean>;
}

/** Anonymous POSTs naming the webhook to the production URL without its secret (issue 29): what they cost. */
export interface InstantForgedResult {
	scenario: 'instant';
	part: 'forged';
	label: string;
	pings: number;
	/** Every request they cost SmartSuite, and the ListEvents calls among them. */
	requests: number;
	listEvents: number;
	executions: number;
	/** How n8n answered them, by status. */
	answers: Record<string, number>;
	targets: { noRequest: boolean; noExecution: boolean };
}

export type InstantResult =
	| InstantChangesResult
	| InstantLatencyResult
	| InstantKeepAliveResult
	| InstantForgedResult
	| InstantMonthResult;

/** SmartSuite's monthly API quotas per plan (README, "API quota"). */
export const PLANS: Array<[string, number]> = [
	['Free', 100],
	['Team', 5_000],
	['Professional', 50_000],
	['Enterprise', 250_000],
];
const DAYS_A_MONTH = 30;
/** The polling trigger at a one-minute schedule: one request per poll (sections 2, 3 and 5). */
const POLLS_A_MONTH = DAYS_A_MONTH * 24 * 60;
const POLL_INTERVAL_MS = 60_000;

const count = (n: number) => n.toLocaleString('en-US');

/** The trigger watching a fresh table, activated; `started` gets the time of each ping whose webhook() returned items. */
async function activeTrigger(emu: Emulator) {
	const table = emu.addTable(emu.addSolution().id);
	const trigger = await startInstantTrigger({
		credentials: credentialsFor(emu),
		// The cost of reading the events; what Simplify's structure read and Readable People and
		// Choices (both on by default) add is section 9's.
		parameters: watchingTable(table, { simplify: false }),
	});
	const started: number[] = [];
	const ping = trigger.ping.bind(trigger);
	trigger.ping = async (body, options) => {
		const answer = await ping(body, options);
		if (answer.items.length > 0) started.push(performance.now());
		return answer;
	};
	emu.resetLog();
	await trigger.activate();
	const activationRequests = byOperation(emu);
	const webhookId = String(trigger.saved().webhookId);
	return {
		trigger,
		webhookId,
		started,
		activationRequests,
		change: (title: string) => emu.createRecord(table.id, { title }),
		async close() {
			await emu.settleNotifications();
			await trigger.deactivate();
			await trigger.close();
			emu.resetLog();
			emu.resetNotifications();
		},
	};
}

function byOperation(emu: Emulator): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const { operation } of emu.requests)
		counts[operation ?? 'unrouted'] = (counts[operation ?? 'unrouted'] ?? 0) + 1;
	return counts;
}

function changesLabel(changes: number, burst: number, copies: number): string {
	const pattern = burst === 1 ? 'one at a time' : `in bursts of ${burst}`;
	return `${count(changes)} changes ${pattern}${copies > 1 ? `, each ping ${copies}× at once` : ''}`;
}

/** Issue 39's target: K changes cost at most K ListEvents calls and 1 % more (500: 505). */
export const listEventsAllowed = (changes: number) => changes + Math.ceil(changes / 100);

/** K record changes with the trigger active: what the pings cost, and what came out. */
export async function instantChanges(
	{ emu }: Bench,
	{
		changes,
		burst,
		copies,
		endOfStream,
	}: { changes: number; burst: number; copies: number; endOfStream: EndOfStream },
): Promise<InstantChangesResult> {
	emu.setVariant({
		...DEFAULT_VARIANT,
		endOfStream,
		notificationCopies: copies,
		notificationCopiesAtOnce: true,
	});
	const active = await activeTrigger(emu);
	try {
		emu.resetLog();
		emu.resetNotifications();
		for (let made = 0; made < changes; made += burst) {
			for (let i = made; i < Math.min(changes, made + burst); i++) active.change(`Change ${i}`);
			await emu.settleNotifications();
		}
		const operations = byOperation(emu);
		const emittedIds = active.trigger.executions
			.flat()
			.map((item: IDataObject) => String(item.event_id));
		const storedIds = emu.events(active.webhookId).map((event) => event.event_id);
		const answers: Record<string, number> = {};
		for (const status of active.trigger.answers) answers[status] = (answers[status] ?? 0) + 1;
		const listEvents = operations.ListEvents ?? 0;
		const getWebhook = operations.GetWebhook ?? 0;
		const exactlyOnceInOrder =
			storedIds.length === changes && JSON.stringify(emittedIds) === JSON.stringify(storedIds);
		return {
			scenario: 'instant',
			part: 'changes',
			label: changesLabel(changes, burst, copies),
			endOfStream,
			changes,
			burst,
			copies,
			activationRequests: active.activationRequests,
			pings: emu.notifications.length,
			listEvents,
			getWebhook,
			requests: emu.requests.length,
			executions: active.trigger.executions.length,
			emitted: emittedIds.length,
			duplicated: emittedIds.length - new Set(emittedIds).size,
			exactlyOnceInOrder,
			answers,
			targets: {
				listEvents: listEvents <= listEventsAllowed(changes),
				noGetWebhook: getWebhook === 0,
				exactlyOnce: exactlyOnceInOrder,
			},
		};
	} finally {
		await active.close();
		emu.setVariant(DEFAULT_VARIANT);
	}
}

/** p-th percentile by nearest rank. */
function percentile(sorted: number[], p: number): number {
	return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Changes one at a time: from the record's creation in the emulator to webhook() returning its execution's items. */
export async function instantLatency(
	{ emu }: Bench,
	{ changes, warmUp }: InstantConfig['latency'],
): Promise<InstantLatencyResult> {
	emu.setVariant(DEFAULT_VARIANT);
	const active = await activeTrigger(emu);
	try {
		const times: number[] = [];
		for (let i = 0; i < warmUp + changes; i++) {
			const executionsBefore = active.started.length;
			const changedAt = performance.now();
			active.change(`Timed ${i}`);
			await emu.settleNotifications();
			if (active.started.length !== executionsBefore + 1)
				throw new Error(
					`change ${i}: expected one execution, got ${active.started.length - executionsBefore}`,
				);
			if (i >= warmUp) times.push(active.started[executionsBefore] - changedAt);
		}
		const sorted = [...times].sort((a, b) => a - b);
		return {
			scenario: 'instant',
			part: 'latency',
			label: `${changes} changes one at a time`,
			changes,
			ms: {
				median: percentile(sorted, 50),
				p95: percentile(sorted, 95),
				min: sorted[0],
				max: sorted[sorted.length - 1],
			},
			pollingMs: { average: POLL_INTERVAL_MS / 2, max: POLL_INTERVAL_MS },
			targets: {},
		};
	} finally {
		await active.close();
	}
}

/**
 * The keep-alive n8n runs daily, on an emulator of its own whose clock (Date.now) moves a day
 * before each tick: a quiet month (nothing changes, no ping reads the webhook), then a tick after
 * SmartSuite switched the notifications off.
 */
export async function instantKeepAlive(): Promise<InstantKeepAliveResult> {
	const emu = await startEmulator();
	const realNow = Date.now;
	try {
		const active = await activeTrigger(emu);
		const keepAlive = await active.trigger.keepAlive();
		const tick = async () => {
			emu.resetLog();
			await keepAlive.tick();
			return emu.requests.map((request) => request.operation ?? 'unrouted');
		};
		const days: string[][] = [];
		try {
			for (let day = 1; day <= DAYS_A_MONTH; day++) {
				Date.now = () => realNow.call(Date) + day * DAY_MS;
				days.push(await tick());
			}
		} finally {
			Date.now = realNow;
		}
		emu.setWebhookStatus(active.webhookId, { notifications: 'disabled' });
		const afterDisabled = await tick();
		if (keepAlive.errors.length > 0)
			throw new Error(
				`the keep-alive reported: ${keepAlive.errors.map((error) => error.message).join('; ')}`,
			);
		await active.close();
		const all = days.flat();
		const renewalDays = days.flatMap((operations, i) =>
			operations.includes('ListEvents') ? [i + 1] : [],
		);
		const firstRenewal = renewalDays[0];
		return {
			scenario: 'instant',
			part: 'keepAlive',
			label: 'keep-alive',
			ticks: [
				{ label: 'a day with nothing to do', operations: days[0] },
				{
					label: `the webhook unread for ${firstRenewal ?? '?'} days (expires within 3)`,
					operations: firstRenewal ? days[firstRenewal - 1] : [],
				},
				{ label: 'SmartSuite switched the notifications off', operations: afterDisabled },
			],
			quietMonth: {
				days: DAYS_A_MONTH,
				getWebhook: all.filter((operation) => operation === 'GetWebhook').length,
				listEvents: all.filter((operation) => operation === 'ListEvents').length,
				other: all.filter((operation) => operation !== 'GetWebhook' && operation !== 'ListEvents')
					.length,
				renewalDays,
			},
			targets: { dailyTick: days[0].length === 1 && days[0][0] === 'GetWebhook' },
		};
	} finally {
		Date.now = realNow;
		await emu.close();
	}
}

/**
 * A month's calls from the figures measured above, per end-of-stream variant: K × the requests a
 * change cost one at a time (bursts cost less) + one keep-alive call a day. Assumed: the changes
 * are spread so that a ping reads the webhook at least every 4 days, so the keep-alive never
 * renews it; the quiet month (no change) is the measured keep-alive month, renewals included.
 */
export function instantMonth(
	config: InstantConfig,
	changes: InstantChangesResult[],
	keepAlive: InstantKeepAliveResult,
): InstantMonthResult {
	const perChange: Partial<Record<EndOfStream, number>> = {};
	for (const r of changes)
		if (r.burst === 1 && r.copies === 1) perChange[r.endOfStream] = r.requests / r.changes;
	const bursts = changes.filter((r) => r.burst > 1 && r.copies === 1);
	const { quietMonth } = keepAlive;
	const keepAliveCallsPerDay = quietMonth.getWebhook / quietMonth.days;
	const quietMonthCalls = quietMonth.getWebhook + quietMonth.listEvents + quietMonth.other;
	const keepAliveCalls = keepAliveCallsPerDay * DAYS_A_MONTH;
	const row = (
		label: string,
		changes: number | null,
		endOfStream: EndOfStream | null,
		pings: number,
		keepAlive: number,
		target: number | null,
	): MonthRow => ({
		label,
		changes,
		endOfStream,
		pings,
		keepAlive,
		total: pings + keepAlive,
		target,
		ofPlan: Object.fromEntries(
			PLANS.map(([plan, quota]) => [plan, (100 * (pings + keepAlive)) / quota]),
		),
	});
	const rows: MonthRow[] = [
		row('Instant, no change (measured)', 0, null, 0, quietMonthCalls, DAYS_A_MONTH),
		...config.monthlyChanges.flatMap((k) =>
			Object.entries(perChange).map(([endOfStream, cost]) =>
				row(
					`Instant, ${count(k)} changes, ${endOfStream}`,
					k,
					endOfStream as EndOfStream,
					Math.ceil(cost * k),
					keepAliveCalls,
					k + DAYS_A_MONTH,
				),
			),
		),
		row('Polling every minute, any number of changes', null, null, POLLS_A_MONTH, 0, null),
	];
	return {
		scenario: 'instant',
		part: 'month',
		label: 'a month',
		perChange,
		perChangeInBursts: bursts.length
			? Math.min(...bursts.map((r) => r.requests / r.changes))
			: null,
		keepAliveCallsPerDay,
		renewalsInAQuietMonth: quietMonth.listEvents,
		rows,
		targets: Object.fromEntries(
			rows.filter((r) => r.target !== null).map((r) => [r.label, r.total <= (r.target ?? 0)]),
		),
	};
}

/** `pings` POSTs of `{"webhookId": <the webhook's id>}` to the production URL without the secret, over HTTP. */
export async function instantForged({ emu }: Bench, pings: number): Promise<InstantForgedResult> {
	emu.setVariant(DEFAULT_VARIANT);
	const active = await activeTrigger(emu);
	try {
		emu.resetLog();
		const answers: Record<string, number> = {};
		for (let i = 0; i < pings; i++) {
			const answer = await fetch(active.trigger.url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({
					webhookId: active.webhookId,
					locator: { accountId: emu.workspaceId, solutionId: 'any' },
				}),
			});
			await answer.arrayBuffer();
			answers[answer.status] = (answers[answer.status] ?? 0) + 1;
		}
		const requests = emu.requests.length;
		const executions = active.trigger.executions.length;
		return {
			scenario: 'instant',
			part: 'forged',
			label: `${count(pings)} forged pings naming the webhook, without the URL's secret`,
			pings,
			requests,
			listEvents: emu.requests.filter((request) => request.operation === 'ListEvents').length,
			executions,
			answers,
			targets: { noRequest: requests === 0, noExecution: executions === 0 },
		};
	} finally {
		await active.close();
	}
}

/** The whole section, each result handed over as soon as it is known. */
export async function instantSection(
	bench: Bench,
	config: InstantConfig,
	record: (result: InstantResult) => void,
): Promise<void> {
	const changes: InstantChangesResult[] = [];
	for (const endOfStream of config.endOfStream)
		for (const changesCase of config.changes) {
			const result = await instantChanges(bench, { ...changesCase, endOfStream });
			changes.push(result);
			record(result);
		}
	if (config.latency.changes > 0) record(await instantLatency(bench, config.latency));
	const keepAlive = await instantKeepAlive();
	record(keepAlive);
	if (config.forgedPings > 0) record(await instantForged(bench, config.forgedPings));
	if (changes.some((r) => r.burst === 1 && r.copies === 1))
		record(instantMonth(config, changes, keepAlive));
}
