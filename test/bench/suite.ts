/** What `npm run bench` runs: the full configuration, the quick one, and the loop over both. */
import type { EndOfStream } from '../emulator/types';
import { batchingScenario } from './batching';
import { type InstantConfig, instantSection } from './instant';
import { type QuotaCase, quotaScenario } from './quota';
import { type RecordsCase, recordsScenario } from './records';
import { type ReadableCase, readableScenario } from './readable';
import { type PacedCase, pacedScenario } from './paced';
import {
	type Bench,
	type ScenarioResult,
	drainScenario,
	idleScenario,
	listEventsScenario,
	steadyScenario,
} from './scenarios';

export interface SuiteConfig {
	drain: {
		sizes: Array<{
			n: number;
			repetitions: number;
			endOfStream: EndOfStream[];
			pageSizes?: number[];
		}>;
		pageSizes: number[];
	};
	idle: { storedEvents: number; polls: number; endOfStream: EndOfStream[] };
	steady: {
		storedEvents: number;
		polls: number;
		maxNewPerPoll: number;
		seed: number;
		endOfStream: EndOfStream[];
	};
	listEvents: { n: number; repetitions: number; pageSizes: number[]; endOfStream: EndOfStream[] };
	quota: QuotaCase[];
	records: RecordsCase[];
	/** Section 7, the instant trigger (null: not run). */
	instant: InstantConfig | null;
	/** Section 8, grouping items into batches: sizes, and up to which size the quadratic baseline runs. */
	batching: { items: number[]; tables: number[]; quadraticUpTo: number };
	/** Section 9, Readable People and Choices (issue 28): requests with the option on and off. */
	readable: ReadableCase[];
	/** Section 10, a bulk job paced under SmartSuite's rate limit (issue 49), and two processes on one key (issue 57). */
	paced: PacedCase[];
}

const ALL_ENDS: EndOfStream[] = ['emptyToken', 'omittedToken', 'emptyPage'];

/** Issue 11's workloads: activation and backlog over `events` at each server limit, a burst, busy polls. */
function quotaCases(activation: number[], backlog: number, busyPolls: number): QuotaCase[] {
	return [
		...activation.flatMap((events) =>
			[100, 1000].flatMap((servedMax) =>
				END_VARIANTS.map((endOfStream): QuotaCase => ({
					kind: 'activation',
					events,
					servedMax,
					endOfStream,
				})),
			),
		),
		...END_VARIANTS.map((endOfStream): QuotaCase => ({
			kind: 'backlog',
			events: backlog,
			servedMax: 1000,
			endOfStream,
		})),
		...ALL_ENDS.map((endOfStream): QuotaCase => ({ kind: 'burst', events: 1000, endOfStream })),
		...ALL_ENDS.map((endOfStream): QuotaCase => ({
			kind: 'busy',
			polls: busyPolls,
			maxNewPerPoll: 20,
			seed: 20240601,
			endOfStream,
		})),
	];
}

/** Issues 21 and 22's workloads: 1,000 items of each write (Upsert: half existing), and Return All searches. */
function recordsCases(items: number, searches: number[]): RecordsCase[] {
	return [
		...(['create', 'createWithUserEmails', 'update', 'delete', 'upsert'] as const).map(
			(kind): RecordsCase => ({ kind, items }),
		),
		...searches.map((records): RecordsCase => ({ kind: 'search', records })),
	];
}

/**
 * Issue 28's workloads, each on and off: a Search over `n` records, a trigger poll of `n` changes,
 * `instant` changes one at a time to the instant trigger.
 */
function readableCases(n: number, instant: number): ReadableCase[] {
	return [
		{ kind: 'search', n },
		// Linked Record Titles (issue 58): the requests with titles on and off.
		{ kind: 'searchLinks', n },
		{ kind: 'poll', n },
		{ kind: 'instant', n: instant },
		// A day of changes one every 40 minutes (issue 39): the kept reads must last the day.
		{ kind: 'instantDay', n: 36 },
		{ kind: 'pollDay', n: 36 },
	].flatMap(({ kind, n: size }) =>
		[true, false].map((readable): ReadableCase => ({
			kind: kind as ReadableCase['kind'],
			n: size,
			readable,
		})),
	);
}

/**
 * Issue 23's workloads: K changes one at a time and in bursts of 25, each also with every ping sent
 * 3 times at once; `timed` changes one at a time for the latency; a month of 100 to 10,000 changes.
 */
function instantConfig(changes: number, timed: number): InstantConfig {
	return {
		changes: [1, 25].flatMap((burst) => [1, 3].map((copies) => ({ changes, burst, copies }))),
		// Every end signal: a lone change must cost one call in each (issue 39).
		endOfStream: ['emptyToken', 'omittedToken', 'emptyPage'],
		latency: { changes: timed, warmUp: 5 },
		monthlyChanges: [100, 1_000, 10_000],
		forgedPings: 100,
	};
}

/**
 * emptyToken is the emulator's default; emptyPage (a token is always returned, the end is an
 * empty page) is what a durable cursor API most likely does, and costs one request more.
 */
const END_VARIANTS: EndOfStream[] = ['emptyToken', 'emptyPage'];

export const FULL: SuiteConfig = {
	drain: {
		// At 100,000 the end-of-stream variant only adds its one request: not worth 3 more minutes.
		sizes: [
			// 31: with 15, the helper measured against itself came out anywhere from 0.97 to 1.11.
			{ n: 10_000, repetitions: 31, endOfStream: END_VARIANTS },
			// One poll reads at most 200 pages: 100,000 events served 100 a page take several polls (section 5).
			{ n: 100_000, repetitions: 3, endOfStream: ['emptyToken'], pageSizes: [1000] },
		],
		// What the server serves at most: the trigger asks 1,000 for a backlog.
		pageSizes: [100, 1000],
	},
	idle: {
		storedEvents: 100_000,
		polls: 20,
		endOfStream: ['emptyToken', 'omittedToken', 'emptyPage'],
	},
	steady: {
		storedEvents: 1_000,
		polls: 1_000,
		maxNewPerPoll: 20,
		seed: 20240601,
		endOfStream: END_VARIANTS,
	},
	listEvents: {
		n: 10_000,
		repetitions: 7,
		pageSizes: [50, 100, 500, 1000],
		endOfStream: ['emptyToken'],
	},
	quota: quotaCases([10_000, 100_000], 100_000, 1_000),
	records: recordsCases(1_000, [1_000, 2_500, 10_000]),
	instant: instantConfig(500, 50),
	// The baseline takes about 90 s at 100,000 on an idle machine (minutes on a busy one).
	batching: { items: [10_000, 50_000, 100_000], tables: [1], quadraticUpTo: 100_000 },
	readable: readableCases(1_000, 100),
	// 401 requests: about 100 s at 4 a second; two processes: 81 requests each, a 30 s penalty.
	// The key's whole rate given in the credential, for a key this process has alone.
	paced: [
		{ items: 10_000 },
		{ items: 10_000, requestsPerSecond: 5 },
		{ items: 2_000, processes: 2 },
	],
};

/** BENCH_QUICK=1: the same scenarios with small N, for a smoke run in seconds. */
export const QUICK: SuiteConfig = {
	drain: {
		sizes: [{ n: 1_000, repetitions: 2, endOfStream: END_VARIANTS }],
		pageSizes: [100, 1000],
	},
	idle: { storedEvents: 2_000, polls: 5, endOfStream: ['emptyToken', 'omittedToken', 'emptyPage'] },
	steady: {
		storedEvents: 100,
		polls: 50,
		maxNewPerPoll: 20,
		seed: 20240601,
		endOfStream: END_VARIANTS,
	},
	listEvents: { n: 1_000, repetitions: 2, pageSizes: [100], endOfStream: ['emptyToken'] },
	quota: quotaCases([1_000, 5_000], 5_000, 100),
	records: recordsCases(1_000, [1_000, 2_500]),
	instant: instantConfig(100, 20),
	batching: { items: [10_000, 100_000], tables: [1], quadraticUpTo: 10_000 },
	readable: readableCases(1_000, 20),
	paced: [{ items: 1_000 }, { items: 1_000, requestsPerSecond: 5 }, { items: 500, processes: 2 }],
};

/** The config with only the named sections (a comma-separated list; unset: all of them). */
export function onlySections(config: SuiteConfig, only: string | undefined): SuiteConfig {
	if (!only) return config;
	const names = only.split(',').map((name) => name.trim());
	const unknown = names.filter((name) => !(name in config));
	if (unknown.length)
		throw new Error(
			`BENCH_ONLY: unknown section ${unknown.join(', ')} (known: ${Object.keys(config).join(', ')})`,
		);
	const keep = (name: keyof SuiteConfig) => names.includes(name);
	return {
		drain: keep('drain') ? config.drain : { ...config.drain, sizes: [] },
		idle: keep('idle') ? config.idle : { ...config.idle, endOfStream: [] },
		steady: keep('steady') ? config.steady : { ...config.steady, endOfStream: [] },
		listEvents: keep('listEvents') ? config.listEvents : { ...config.listEvents, endOfStream: [] },
		quota: keep('quota') ? config.quota : [],
		records: keep('records') ? config.records : [],
		instant: keep('instant') ? config.instant : null,
		batching: keep('batching') ? config.batching : { ...config.batching, items: [] },
		readable: keep('readable') ? config.readable : [],
		paced: keep('paced') ? config.paced : [],
	};
}

/** Repetitions as recorded in the results' metadata. */
export function repetitionsOf(config: SuiteConfig): Record<string, number> {
	return {
		...Object.fromEntries(
			config.drain.sizes.map(({ n, repetitions }) => [`drain N=${n}`, repetitions]),
		),
		idlePolls: config.idle.polls,
		steadyPolls: config.steady.polls,
		listEvents: config.listEvents.repetitions,
		...(config.instant ? { instantLatencyChanges: config.instant.latency.changes } : {}),
	};
}

/** A case that threw: reported, and the run goes on with the next case. */
export interface FailedResult {
	scenario: 'failed';
	label: string;
	error: string;
	targets: { ran: false };
}

let failUnderWay: ((error: unknown) => void) | undefined;

/**
 * An error thrown outside any case's promise (a socket's ECONNRESET under load, from an 'error'
 * event no one listens to) fails the case under way instead of the whole run. Returns false when
 * no case is under way.
 */
export function failCaseUnderWay(error: unknown): boolean {
	if (!failUnderWay) return false;
	failUnderWay(error);
	return true;
}

/** Runs one case; a failure becomes a FailedResult. */
export async function attempt<T>(
	label: string,
	run: () => Promise<T> | T,
): Promise<T | FailedResult> {
	const stray = new Promise<never>((_resolve, reject) => (failUnderWay = reject));
	try {
		return await Promise.race([Promise.resolve().then(run), stray]);
	} catch (error) {
		const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
		return { scenario: 'failed', label, error: text, targets: { ran: false } };
	} finally {
		failUnderWay = undefined;
	}
}

/** Runs every case in order, handing each result over as soon as it is known; a failed case is one result. */
export async function runSuite(
	bench: Bench,
	config: SuiteConfig,
	onResult: (result: ScenarioResult) => void,
): Promise<ScenarioResult[]> {
	const results: ScenarioResult[] = [];
	const record = (result: ScenarioResult) => {
		results.push(result);
		onResult(result);
	};
	const run = async (label: string, scenario: () => Promise<ScenarioResult> | ScenarioResult) =>
		record(await attempt(label, scenario));
	for (const { n, repetitions, endOfStream: variants, pageSizes } of config.drain.sizes)
		for (const endOfStream of variants)
			for (const pageSize of pageSizes ?? config.drain.pageSizes)
				await run(`drain N=${n} page=${pageSize} end=${endOfStream}`, () =>
					drainScenario(bench, { n, pageSize, endOfStream, repetitions }),
				);
	for (const endOfStream of config.idle.endOfStream)
		await run(`idle end=${endOfStream}`, () =>
			idleScenario(bench, { ...config.idle, endOfStream }),
		);
	for (const endOfStream of config.steady.endOfStream)
		await run(`steady end=${endOfStream}`, () =>
			steadyScenario(bench, { ...config.steady, endOfStream }),
		);
	const { n, repetitions } = config.listEvents;
	for (const endOfStream of config.listEvents.endOfStream)
		for (const pageSize of config.listEvents.pageSizes)
			await run(`listEvents N=${n} page=${pageSize} end=${endOfStream}`, () =>
				listEventsScenario(bench, { n, pageSize, endOfStream, repetitions }),
			);
	for (const quotaCase of config.quota)
		await run(`quota ${JSON.stringify(quotaCase)}`, () => quotaScenario(bench, quotaCase));
	for (const recordsCase of config.records)
		await run(`records ${JSON.stringify(recordsCase)}`, () => recordsScenario(bench, recordsCase));
	if (config.instant) {
		const instant = config.instant;
		const failed = await attempt('instant', async () => {
			await instantSection(bench, instant, record);
			return undefined;
		});
		if (failed) record(failed);
	}
	const { items, tables, quadraticUpTo } = config.batching;
	for (const count of items)
		for (const tableCount of tables)
			await run(`batching ${count} items`, () =>
				batchingScenario(count, tableCount, quadraticUpTo),
			);
	for (const readableCase of config.readable)
		await run(`readable ${JSON.stringify(readableCase)}`, () =>
			readableScenario(bench, readableCase),
		);
	for (const pacedCase of config.paced)
		await run(`paced ${JSON.stringify(pacedCase)}`, () => pacedScenario(bench, pacedCase));
	return results;
}
