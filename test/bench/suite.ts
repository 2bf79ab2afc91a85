/** What `npm run bench` runs: the full configuration, the quick one, and the loop over both. */
import type { EndOfStream } from '../emulator/types';
import { type InstantConfig, instantSection } from './instant';
import { type QuotaCase, quotaScenario } from './quota';
import { type RecordsCase, recordsScenario } from './records';
import {
	type Bench,
	type ScenarioResult,
	drainScenario,
	idleScenario,
	listEventsScenario,
	steadyScenario,
} from './scenarios';

export interface SuiteConfig {
	drain: { sizes: Array<{ n: number; repetitions: number; endOfStream: EndOfStream[]; pageSizes?: number[] }>; pageSizes: number[] };
	idle: { storedEvents: number; polls: number; endOfStream: EndOfStream[] };
	steady: { storedEvents: number; polls: number; maxNewPerPoll: number; seed: number; endOfStream: EndOfStream[] };
	listEvents: { n: number; repetitions: number; pageSizes: number[]; endOfStream: EndOfStream[] };
	quota: QuotaCase[];
	records: RecordsCase[];
	/** Section 7, the instant trigger (null: not run). */
	instant: InstantConfig | null;
}

const ALL_ENDS: EndOfStream[] = ['emptyToken', 'omittedToken', 'emptyPage'];

/** Issue 11's workloads: activation and backlog over `events` at each server limit, a burst, busy polls. */
function quotaCases(activation: number[], backlog: number, busyPolls: number): QuotaCase[] {
	return [
		...activation.flatMap((events) =>
			[100, 1000].flatMap((servedMax) => END_VARIANTS.map((endOfStream): QuotaCase => ({ kind: 'activation', events, servedMax, endOfStream }))),
		),
		...END_VARIANTS.map((endOfStream): QuotaCase => ({ kind: 'backlog', events: backlog, servedMax: 1000, endOfStream })),
		...ALL_ENDS.map((endOfStream): QuotaCase => ({ kind: 'burst', events: 1000, endOfStream })),
		...ALL_ENDS.map((endOfStream): QuotaCase => ({ kind: 'busy', polls: busyPolls, maxNewPerPoll: 20, seed: 20240601, endOfStream })),
	];
}

/** Issues 21 and 22's workloads: 1,000 items of each write (Upsert: half existing), and Return All searches. */
function recordsCases(items: number, searches: number[]): RecordsCase[] {
	return [
		...(['create', 'createWithUserEmails', 'update', 'delete', 'upsert'] as const).map((kind): RecordsCase => ({ kind, items })),
		...searches.map((records): RecordsCase => ({ kind: 'search', records })),
	];
}

/**
 * Issue 23's workloads: K changes one at a time and in bursts of 25, each also with every ping sent
 * 3 times at once; `timed` changes one at a time for the latency; a month of 100 to 10,000 changes.
 */
function instantConfig(changes: number, timed: number): InstantConfig {
	return {
		changes: [1, 25].flatMap((burst) => [1, 3].map((copies) => ({ changes, burst, copies }))),
		endOfStream: END_VARIANTS,
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
			{ n: 10_000, repetitions: 7, endOfStream: END_VARIANTS },
			// One poll reads at most 200 pages: 100,000 events served 100 a page take several polls (section 5).
			{ n: 100_000, repetitions: 3, endOfStream: ['emptyToken'], pageSizes: [1000] },
		],
		// What the server serves at most: the trigger asks 1,000 for a backlog.
		pageSizes: [100, 1000],
	},
	idle: { storedEvents: 100_000, polls: 20, endOfStream: ['emptyToken', 'omittedToken', 'emptyPage'] },
	steady: { storedEvents: 1_000, polls: 1_000, maxNewPerPoll: 20, seed: 20240601, endOfStream: END_VARIANTS },
	listEvents: { n: 10_000, repetitions: 7, pageSizes: [50, 100, 500, 1000], endOfStream: ['emptyToken'] },
	quota: quotaCases([10_000, 100_000], 100_000, 1_000),
	records: recordsCases(1_000, [1_000, 2_500, 10_000]),
	instant: instantConfig(500, 50),
};

/** BENCH_QUICK=1: the same scenarios with small N, for a smoke run in seconds. */
export const QUICK: SuiteConfig = {
	drain: { sizes: [{ n: 1_000, repetitions: 2, endOfStream: END_VARIANTS }], pageSizes: [100, 1000] },
	idle: { storedEvents: 2_000, polls: 5, endOfStream: ['emptyToken', 'omittedToken', 'emptyPage'] },
	steady: { storedEvents: 100, polls: 50, maxNewPerPoll: 20, seed: 20240601, endOfStream: END_VARIANTS },
	listEvents: { n: 1_000, repetitions: 2, pageSizes: [100], endOfStream: ['emptyToken'] },
	quota: quotaCases([1_000, 5_000], 5_000, 100),
	records: recordsCases(1_000, [1_000, 2_500]),
	instant: instantConfig(100, 20),
};

/** The config with only the named sections (a comma-separated list; unset: all of them). */
export function onlySections(config: SuiteConfig, only: string | undefined): SuiteConfig {
	if (!only) return config;
	const names = only.split(',').map((name) => name.trim());
	const unknown = names.filter((name) => !(name in config));
	if (unknown.length) throw new Error(`BENCH_ONLY: unknown section ${unknown.join(', ')} (known: ${Object.keys(config).join(', ')})`);
	const keep = (name: keyof SuiteConfig) => names.includes(name);
	return {
		drain: keep('drain') ? config.drain : { ...config.drain, sizes: [] },
		idle: keep('idle') ? config.idle : { ...config.idle, endOfStream: [] },
		steady: keep('steady') ? config.steady : { ...config.steady, endOfStream: [] },
		listEvents: keep('listEvents') ? config.listEvents : { ...config.listEvents, endOfStream: [] },
		quota: keep('quota') ? config.quota : [],
		records: keep('records') ? config.records : [],
		instant: keep('instant') ? config.instant : null,
	};
}

/** Repetitions as recorded in the results' metadata. */
export function repetitionsOf(config: SuiteConfig): Record<string, number> {
	return {
		...Object.fromEntries(config.drain.sizes.map(({ n, repetitions }) => [`drain N=${n}`, repetitions])),
		idlePolls: config.idle.polls,
		steadyPolls: config.steady.polls,
		listEvents: config.listEvents.repetitions,
		...(config.instant ? { instantLatencyChanges: config.instant.latency.changes } : {}),
	};
}

/** Runs every case in order, handing each result over as soon as it is known. */
export async function runSuite(bench: Bench, config: SuiteConfig, onResult: (result: ScenarioResult) => void): Promise<ScenarioResult[]> {
	const results: ScenarioResult[] = [];
	const record = (result: ScenarioResult) => {
		results.push(result);
		onResult(result);
	};
	for (const { n, repetitions, endOfStream: variants, pageSizes } of config.drain.sizes)
		for (const endOfStream of variants)
			for (const pageSize of pageSizes ?? config.drain.pageSizes) record(await drainScenario(bench, { n, pageSize, endOfStream, repetitions }));
	for (const endOfStream of config.idle.endOfStream) record(await idleScenario(bench, { ...config.idle, endOfStream }));
	for (const endOfStream of config.steady.endOfStream) record(await steadyScenario(bench, { ...config.steady, endOfStream }));
	const { n, repetitions } = config.listEvents;
	for (const endOfStream of config.listEvents.endOfStream)
		for (const pageSize of config.listEvents.pageSizes) record(await listEventsScenario(bench, { n, pageSize, endOfStream, repetitions }));
	for (const quotaCase of config.quota) record(await quotaScenario(bench, quotaCase));
	for (const recordsCase of config.records) record(await recordsScenario(bench, recordsCase));
	if (config.instant) await instantSection(bench, config.instant, record);
	return results;
}
