/** Turns scenario results into Markdown tables (stdout and the README) and the JSON file. */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type {
	InstantChangesResult,
	InstantForgedResult,
	InstantKeepAliveResult,
	InstantLatencyResult,
	InstantMonthResult,
	InstantResult,
} from './instant';
import { PLANS } from './instant';
import type { Summary } from './measure';
import type { QuotaResult } from './quota';
import type { RecordsResult } from './records';
import type { ReadableResult } from './readable';
import type { PacedResult } from './paced';
import type { BatchingResult } from './batching';
import { batchingTable } from './batching';
import type { ComparisonResult, IdleResult, ScenarioResult, SteadyResult } from './scenarios';
import type { FailedResult } from './suite';

export interface RunMeta {
	date: string;
	node: string;
	cpu: string;
	cpus: number;
	quick: boolean;
	/** 1-minute load average at start and end. The run itself adds about 1; more means other processes shared the CPU. */
	loadAverage: { start: number; end?: number };
	/** Repetitions per drain size, listEvents, polls per idle and steady case. */
	repetitions: Record<string, number>;
	durationSeconds?: number;
}

export function runMeta(quick: boolean, repetitions: Record<string, number>): RunMeta {
	return {
		date: new Date().toISOString(),
		node: process.version,
		cpu: cpus()[0]?.model ?? 'unknown',
		cpus: cpus().length,
		quick,
		loadAverage: { start: loadavg()[0] },
		repetitions,
	};
}

/** Completes the metadata once the run is over. */
export function finishMeta(meta: RunMeta, startedMs: number): void {
	meta.durationSeconds = (Date.now() - startedMs) / 1000;
	meta.loadAverage.end = loadavg()[0];
}

export function writeResults(path: string, meta: RunMeta, scenarios: ScenarioResult[]): void {
	writeFileSync(path, `${JSON.stringify({ meta, scenarios }, null, 2)}\n`);
}

/** About three significant digits; thousands separated. */
function num(value: number): string {
	const size = Math.abs(value);
	if (size >= 1000 || Number.isInteger(value)) return Math.round(value).toLocaleString('en-US');
	return value.toFixed(size >= 100 ? 0 : size >= 10 ? 1 : 2);
}

/** "median (min–max)", or the single value when they agree. */
function range(value: number | Summary, digits?: (n: number) => string): string {
	const format = digits ?? num;
	if (typeof value === 'number') return format(value);
	if (value.min === value.max) return format(value.median);
	return `${format(value.median)} (${format(value.min)}–${format(value.max)})`;
}

const mark = (met: boolean | null) => (met === null ? '' : met ? ' ✓' : ' ✗');

function table(headers: string[], rows: string[][]): string {
	const widths = headers.map((header, i) =>
		Math.max(header.length, ...rows.map((row) => row[i].length)),
	);
	const line = (cells: string[]) =>
		`| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
	return [
		line(headers),
		`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
		...rows.map(line),
	].join('\n');
}

function comparisonTable(results: ComparisonResult[]): string {
	const withHelper = results.some((r) => r.helperRatio !== null);
	const helperColumns = (r: ComparisonResult) =>
		withHelper
			? [
					r.helper ? range(r.helper.ms) : '–',
					r.helperRatio ? range(r.helperRatio) + mark(r.targets.ratio) : '–',
					r.helperCpuRatio ? num(r.helperCpuRatio.median) : '–',
				]
			: [];
	return table(
		[
			'N',
			'page',
			'end',
			'bare ms',
			...(withHelper ? ['n8n helper ms', 'n8n / helper', 'CPU n8n / helper'] : []),
			'n8n ms',
			'n8n / bare',
			'CPU n8n / bare',
			'extra ms / request',
			'n8n events/s',
			'requests (min)',
			'GetWebhook',
			'heap MB bare / n8n',
			'state B',
		],
		results.map((r) => [
			r.n.toLocaleString('en-US'),
			String(r.pageSize),
			r.endOfStream,
			range(r.bare.ms),
			...helperColumns(r),
			range(r.n8n.ms),
			range(r.ratio) + (r.helperRatio ? '' : mark(r.targets.ratio)),
			num(r.cpuRatio.median),
			num(r.extraMsPerRequest),
			range(r.n8n.eventsPerSecond.median),
			`${range(r.n8n.listRequests)} (${r.minimumRequests})${mark(r.targets.requests)}`,
			range(r.n8n.getRequests),
			`${num(r.bare.peakHeapMB.median)} / ${num(r.n8n.peakHeapMB.median)}`,
			r.stateBytes === null ? '–' : `${r.stateBytes}${mark(r.targets.state)}`,
		]),
	);
}

function idleTable(results: IdleResult[]): string {
	return table(
		[
			'stored',
			'page',
			'end',
			'activation requests',
			'activation ms',
			'requests / idle poll',
			'ms / idle poll',
			'state B',
		],
		results.map((r) => [
			r.storedEvents.toLocaleString('en-US'),
			String(r.pageSize),
			r.endOfStream,
			`${r.activation.listRequests} + ${r.activation.getRequests} GetWebhook`,
			num(r.activation.ms),
			range(r.requestsPerPoll) + mark(r.targets.requests),
			range(r.ms),
			`${r.stateBytes}${mark(r.targets.state)}`,
		]),
	);
}

function steadyTable(results: SteadyResult[]): string {
	return table(
		[
			'polls',
			'page',
			'end',
			'requests / poll',
			'polls by requests',
			'ms / poll',
			'appended / received',
			'missing / duplicated',
			'state B',
		],
		results.map((r) => [
			String(r.polls),
			String(r.pageSize),
			r.endOfStream,
			range(r.requestsPerPoll),
			Object.entries(r.requestHistogram)
				.map(([requests, polls]) => `${requests}: ${polls}`)
				.join(', '),
			range(r.ms),
			`${r.appended} / ${r.received}`,
			`${r.missing} / ${r.duplicated}${mark(r.targets.noLossNoDuplicates)}`,
			`${r.stateBytes}${mark(r.targets.state)}`,
		]),
	);
}

function quotaTable(results: QuotaResult[]): string {
	const spent = (value: { requests: number; polls: number } | null) =>
		value === null
			? '–'
			: `${value.requests.toLocaleString('en-US')} in ${value.polls.toLocaleString('en-US')} poll${value.polls === 1 ? '' : 's'}`;
	return table(
		[
			'workload',
			'end',
			'trigger requests',
			'most in one poll',
			'minimum',
			'target',
			'next idle poll',
			'Pipedream-like',
			'Activepieces-like',
			'state B',
		],
		results.map((r) => [
			r.label,
			r.endOfStream,
			spent(r.trigger) + mark(r.targets.requests),
			String(r.trigger.maxPerPoll),
			r.minimum.toLocaleString('en-US'),
			`≤ ${r.target.toLocaleString('en-US')}`,
			r.idleAfter === null ? '–' : String(r.idleAfter) + mark(r.targets.idle),
			spent(r.pipedream),
			spent(r.activepieces),
			`${r.stateBytes}${mark(r.targets.state)}`,
		]),
	);
}

function recordsTable(results: RecordsResult[]): string {
	return table(
		[
			'workload',
			'requests',
			'by operation',
			"the issue's count",
			'one request per item',
			'items out',
		],
		results.map((r) => [
			r.label,
			r.requests.toLocaleString('en-US') + mark(r.targets.requests),
			Object.entries(r.byOperation)
				.map(([operation, count]) => `${operation} ${count}`)
				.join(', '),
			`${r.case.kind === 'search' ? 'list ' : ''}≤ ${r.target.toLocaleString('en-US')}`,
			r.perItem.toLocaleString('en-US'),
			r.itemsOut.toLocaleString('en-US') + mark(r.targets.output),
		]),
	);
}

function readableTable(results: ReadableResult[]): string {
	return table(
		[
			'workload',
			'requests',
			'per 1,000 records',
			'requests / change',
			'by operation',
			'structure and members reads',
			'items out',
		],
		results.map((r) => [
			r.label,
			r.requests.toLocaleString('en-US'),
			Math.round((r.requests * 1000) / r.case.n).toLocaleString('en-US'),
			r.case.kind === 'search' || r.case.kind === 'searchLinks'
				? '–'
				: num(r.requests / r.case.n) +
					(r.targets.perChange === undefined ? '' : mark(r.targets.perChange)),
			Object.entries(r.byOperation)
				.map(([operation, count]) => `${operation} ${count}`)
				.join(', '),
			`${r.extra} (≤ ${r.target})${mark(r.targets.requests)}`,
			r.itemsOut.toLocaleString('en-US') + mark(r.targets.output),
		]),
	);
}

function pacedTable(results: PacedResult[]): string {
	return table(
		[
			'workload',
			'requests',
			'429s',
			'most in a second',
			'requests / s',
			'seconds',
			'least the limit allows',
			'ratio',
			'% of the limit',
		],
		results.map((r) => [
			r.label,
			r.requests.toLocaleString('en-US'),
			String(r.rateLimited) + mark(r.targets.noRateLimit),
			String(r.mostInASecond),
			num(r.perSecond),
			num(r.seconds),
			num(r.limitSeconds),
			num(r.seconds / r.limitSeconds),
			`${num(r.percentOfLimit)} %`,
		]),
	);
}

function instantChangesTable(results: InstantChangesResult[]): string {
	const each = (counts: Record<string, number>) =>
		Object.entries(counts)
			.map(([status, n]) => `${n.toLocaleString('en-US')} × ${status}`)
			.join(', ');
	return table(
		[
			'changes',
			'end',
			'pings',
			'ListEvents (≤ K + 1 %)',
			'GetWebhook',
			'requests / change',
			'executions',
			'events out (each once, in order)',
			'n8n answered',
		],
		results.map((r) => [
			r.label,
			r.endOfStream,
			r.pings.toLocaleString('en-US'),
			r.listEvents.toLocaleString('en-US') + mark(r.targets.listEvents),
			String(r.getWebhook) + mark(r.targets.noGetWebhook),
			num(r.requests / r.changes),
			r.executions.toLocaleString('en-US'),
			`${r.emitted.toLocaleString('en-US')}, ${r.duplicated} duplicated${mark(r.targets.exactlyOnce)}`,
			each(r.answers),
		]),
	);
}

function latencyTable(results: InstantLatencyResult[]): string {
	return table(
		['trigger', 'changes', 'median', 'p95', 'min–max'],
		results.flatMap((r) => [
			[
				'Instant (measured on the emulator)',
				String(r.changes),
				`${num(r.ms.median)} ms`,
				`${num(r.ms.p95)} ms`,
				`${num(r.ms.min)}–${num(r.ms.max)} ms`,
			],
			[
				'Polling every minute (computed, not measured)',
				'–',
				`${num(r.pollingMs.average / 1000)} s on average`,
				'–',
				`0–${num(r.pollingMs.max / 1000)} s`,
			],
		]),
	);
}

function keepAliveTable(r: InstantKeepAliveResult): string {
	const { quietMonth: month } = r;
	const rows = r.ticks.map((tick, i) => [
		tick.label,
		`${tick.operations.length}: ${tick.operations.join(' + ') || 'none'}${i === 0 ? mark(r.targets.dailyTick) : ''}`,
	]);
	rows.push([
		`a quiet month (${month.days} ticks, no change)`,
		`${month.getWebhook + month.listEvents + month.other}: ${month.getWebhook} GetWebhook + ${month.listEvents} ListEvents (days ${month.renewalDays.join(', ')})` +
			(month.other ? ` + ${month.other} other` : ''),
	]);
	return table(['keep-alive tick', 'requests'], rows);
}

/** Percent of a quota: three significant digits at most, thousands separated. */
function percent(value: number): string {
	if (value >= 10) return `${Math.round(value).toLocaleString('en-US')} %`;
	return `${value >= 1 ? value.toFixed(1) : value.toPrecision(1)} %`;
}

function monthTable(r: InstantMonthResult): string {
	return table(
		[
			'a month (30 days)',
			'pings',
			'keep-alive',
			'calls',
			"the issue's count",
			...PLANS.map(([plan, quota]) => `${plan} (${quota.toLocaleString('en-US')})`),
		],
		r.rows.map((row) => [
			row.label,
			row.pings.toLocaleString('en-US'),
			row.keepAlive.toLocaleString('en-US'),
			row.total.toLocaleString('en-US') + (row.target === null ? '' : mark(r.targets[row.label])),
			row.target === null ? '–' : `≤ ${row.target.toLocaleString('en-US')}`,
			...PLANS.map(([plan]) => percent(row.ofPlan[plan])),
		]),
	);
}

function instantSectionText(results: InstantResult[]): string {
	const part = <T extends InstantResult>(name: T['part']) =>
		results.filter((r): r is T => r.part === name);
	const parts = [
		'#### 7. SmartSuite Trigger (webhook-based, issue 23): requests per change, latency, keep-alive and a month, on the emulator',
	];
	const changes = part<InstantChangesResult>('changes');
	if (changes.length) {
		parts.push(
			"K record changes made in the emulator with the trigger active (activation's requests not counted); each change pings the trigger's n8n endpoint. " +
				'One at a time: each ping answered before the next change; bursts: the changes made at once, their pings sent together. ' +
				`The issue's target: at most K ListEvents calls, no GetWebhook per ping, every event once.\n\n${instantChangesTable(changes)}`,
		);
	}
	for (const r of part<InstantLatencyResult>('latency')) {
		parts.push(
			`From a record created in the emulator to webhook() returning the execution's items (ping over HTTP on 127.0.0.1, one ListEvents call):\n\n${latencyTable([r])}`,
		);
	}
	for (const r of part<InstantKeepAliveResult>('keepAlive')) {
		parts.push(
			`The daily keep-alive with nothing changing, the emulator's clock moved a day before each tick (it renews the webhook with ListEvents when it expires within 3 days):\n\n${keepAliveTable(r)}`,
		);
	}
	for (const r of part<InstantForgedResult>('forged')) {
		parts.push(
			`Anonymous POSTs to the production URL naming the webhook's id (which every notification and Webhook → Get show) but without the URL's secret:\n\n` +
				table(
					['pings', 'requests to SmartSuite', 'ListEvents', 'executions', 'n8n answered'],
					[
						[
							r.label,
							String(r.requests) + mark(r.targets.noRequest),
							String(r.listEvents),
							String(r.executions) + mark(r.targets.noExecution),
							Object.entries(r.answers)
								.map(([status, n]) => `${n} × ${status}`)
								.join(', '),
						],
					],
				),
		);
	}
	for (const r of part<InstantMonthResult>('month')) {
		parts.push(
			`A month's calls, computed from the figures above: K × the requests a change cost one at a time, the dearest pattern measured (` +
				Object.entries(r.perChange)
					.map(([end, cost]) => `${num(cost)} with ${end}`)
					.join(', ') +
				(r.perChangeInBursts === null ? '' : `; bursts cost down to ${num(r.perChangeInBursts)}`) +
				`), + ${num(r.keepAliveCallsPerDay)} keep-alive call a day. Assumed: a ping reads the webhook at least every 4 days, so the keep-alive never renews it; ` +
				`a month whose changes all come within a few days adds up to ${r.renewalsInAQuietMonth} ListEvents renewals (the quiet month, measured). ` +
				`The polling trigger: 1 request per poll.\n\n${monthTable(r)}`,
		);
	}
	return parts.join('\n\n');
}

/** All tables of one run, as Markdown; a section only appears when its scenario ran. */
export function renderReport(meta: RunMeta, results: ScenarioResult[]): string {
	const of = <T extends ScenarioResult>(name: T['scenario']) =>
		results.filter((r): r is T => r.scenario === name);
	const sections: string[] = [
		`Run ${meta.date}: Node ${meta.node}, ${meta.cpus} × ${meta.cpu}${meta.quick ? ', QUICK mode (small N)' : ''}` +
			(meta.durationSeconds === undefined ? '' : `, ${Math.round(meta.durationSeconds)} s`) +
			`, load average ${meta.loadAverage.start.toFixed(2)} → ${meta.loadAverage.end?.toFixed(2) ?? '?'}`,
	];
	const drains = of<ComparisonResult>('drain');
	const idles = of<IdleResult>('idle');
	const steadies = of<SteadyResult>('steady');
	const lists = of<ComparisonResult>('listEvents');
	const quotas = of<QuotaResult>('quota');
	const records = of<RecordsResult>('records');
	const instant = of<InstantResult>('instant');
	if (drains.length) {
		sections.push(
			`#### 1. Backlog drain: the trigger's first poll (allStoredEvents, pages of 1,000 asked; "page" = what the server serves) vs n8n's request helper reading the same pages, and the bare loop\n\n${comparisonTable(drains)}`,
		);
	}
	if (idles.length) sections.push(`#### 2. Idle polls (nothing new)\n\n${idleTable(idles)}`);
	if (steadies.length)
		sections.push(`#### 3. Steady state (1–20 new events per poll)\n\n${steadyTable(steadies)}`);
	if (lists.length)
		sections.push(
			`#### 4. SmartSuite node, listEvents with Return All, vs the bare loop\n\n${comparisonTable(lists)}`,
		);
	if (quotas.length) {
		sections.push(
			`#### 5. Requests per workload (the monthly quota): the trigger (Page Size 100) next to the minimum, issue 11's target and the anchors\n\n` +
				'Requests include GetWebhook on a first poll. Pipedream-like: one page per run without page_size (the server default, 50); ' +
				'Activepieces-like: pages of 50 until an empty page. Both assume a token is always returned, so they run on emptyPage only. ' +
				'"Polls" for the anchors: runs until the events had all arrived.\n\n' +
				quotaTable(quotas),
		);
	}
	if (records.length) {
		sections.push(
			`#### 6. Record operations (issues 21 and 22): requests of the SmartSuite node, run by n8n's WorkflowExecute, next to one request per item\n\n` +
				"Writes: bulk requests of 25 plus one structure read, and one members read for the records shown (Readable People: First Created's `by`; the same read finds users given by e-mail), beside the issue's count. Search with Return All: " +
				'pages of 1,000, issue 21 counts the list requests; "one request per item" for Search is Activepieces\' Find (pages of 100 until an empty page). ' +
				'The other integrations write one request per record. Create or Update (issue 22): a search per 25 keys, then bulk updates and bulk creates, ' +
				'at most 3 × ⌈n/25⌉ plus one structure read; the n8n community package that has an upsert searches and writes per item (2 requests each).\n\n' +
				recordsTable(records),
		);
	}
	if (instant.length) sections.push(instantSectionText(instant));
	const batching = of<BatchingResult>('batching');
	if (batching.length) {
		sections.push(
			"#### 8. Grouping items into bulk requests (issue 29): the package's linear grouping next to the quadratic one it replaced (each table's list copied for every item); only the grouping is timed\n\n" +
				batchingTable(batching),
		);
	}
	const readable = of<ReadableResult>('readable');
	if (readable.length) {
		sections.push(
			'#### 9. Readable People and Choices (issue 28): requests with the option on and off\n\n' +
				'Search: Return All over records whose Assigned To holds a member; trigger: one poll (Simplify on) of that many new changes; ' +
				'instant: that many changes one at a time (a ping and a drain each). ' +
				'On: the labels come from the table structure (read once per run or poll), the people from one members read.\n\n' +
				readableTable(readable),
		);
	}
	const paced = of<PacedResult>('paced');
	if (paced.length) {
		sections.push(
			"#### 10. A paced bulk job (issues 49 and 57): Record > Create against SmartSuite's rate limit (5 requests a second per API key, then 30 s refused)\n\n" +
				"The node starts a key's requests evenly at 4 a second as shipped; a 429 holds the key and halves its rate. " +
				'Two processes on one key: two copies of the package, each with its own pace, at once. ' +
				'"least the limit allows" is the requests at 5 a second.\n\n' +
				pacedTable(paced),
		);
	}
	const failed = of<FailedResult>('failed');
	if (failed.length)
		sections.push(
			`#### Failed cases (the run went on)\n\n${failed.map((r) => `- ${r.label}: ${r.error}`).join('\n')}`,
		);
	return sections.join('\n\n');
}

/** One line per missed target, empty when all were met. */
export function missedTargets(results: ScenarioResult[]): string[] {
	const missed: string[] = [];
	for (const r of results) {
		const label =
			r.scenario === 'drain' || r.scenario === 'listEvents'
				? `${r.scenario} N=${r.n} page=${r.pageSize} end=${r.endOfStream}`
				: r.scenario === 'quota'
					? `${r.label} end=${r.endOfStream}`
					: r.scenario === 'records' ||
						  r.scenario === 'batching' ||
						  r.scenario === 'readable' ||
						  r.scenario === 'paced' ||
						  r.scenario === 'failed'
						? r.label
						: r.scenario === 'instant'
							? `instant: ${r.label}${'endOfStream' in r ? ` end=${r.endOfStream}` : ''}`
							: `${r.scenario} end=${r.endOfStream}`;
		for (const [target, met] of Object.entries(r.targets))
			if (met === false) missed.push(`${label}: ${target}`);
	}
	return missed;
}
