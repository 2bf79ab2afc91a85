/**
 * The one measurement helper every scenario uses: wall time, requests the emulator received and
 * peak memory of one run, plus the median/min/max summary the report prints.
 */
import { type PerformanceEntry, PerformanceObserver, performance } from 'node:perf_hooks';
import type { Emulator, Operation } from '../emulator/types';

export interface Run<T> {
	result: T;
	/** Wall time. */
	ms: number;
	/**
	 * CPU time of the whole process (client and emulator, all threads). Unlike wall time it does
	 * not grow when other processes compete for the CPU, so it cross-checks ratios on a busy box.
	 */
	cpuMs: number;
	/** ListEvents requests the emulator received during the run. */
	listRequests: number;
	/** GetWebhook requests (the trigger checks its webhook on the first poll). */
	getRequests: number;
	/** Highest heapUsed seen during the run, above the level before it (MB). */
	peakHeapMB: number;
	/** Highest resident set size seen during the run (MB, whole process). */
	peakRssMB: number;
	/** Time the process spent collecting garbage during the run (emulator included). */
	gcMs: number;
}

export interface MeasureOptions {
	/**
	 * Collect garbage and sample memory. Off for runs of a few milliseconds (single polls),
	 * where a full GC would cost more than the run itself.
	 */
	memory?: boolean;
}

const MB = 1024 * 1024;
const SAMPLE_EVERY_MS = 5;

/** `global.gc` exists under `node --expose-gc` (npm run bench), not under jest. */
function collectGarbage(): void {
	(globalThis as { gc?: () => void }).gc?.();
}

function countOf(emu: Emulator, operation: Operation): number {
	let count = 0;
	for (const request of emu.requests) if (request.operation === operation) count++;
	return count;
}

/** GC entries arrive a tick after each collection; the observer collects them as they come. */
const gcEntries: PerformanceEntry[] = [];
const gcObserver = new PerformanceObserver((list) => {
	gcEntries.push(...list.getEntries());
});
gcObserver.observe({ entryTypes: ['gc'] });

async function gcTimeBetween(startMs: number, endMs: number): Promise<number> {
	await new Promise((resolve) => setImmediate(resolve));
	gcEntries.push(...gcObserver.takeRecords());
	let total = 0;
	for (const entry of gcEntries)
		if (entry.startTime >= startMs && entry.startTime < endMs) total += entry.duration;
	gcEntries.length = 0;
	return total;
}

export async function measure<T>(
	emu: Emulator,
	fn: () => Promise<T>,
	{ memory = true }: MeasureOptions = {},
): Promise<Run<T>> {
	// A fresh log per run: counts start at 0 and old entries do not weigh on the heap.
	emu.resetLog();
	let baseHeap = 0;
	let peakHeap = 0;
	let peakRss = 0;
	const sample = () => {
		const { heapUsed, rss } = process.memoryUsage();
		peakHeap = Math.max(peakHeap, heapUsed);
		peakRss = Math.max(peakRss, rss);
	};
	let sampler: NodeJS.Timeout | undefined;
	if (memory) {
		collectGarbage();
		baseHeap = process.memoryUsage().heapUsed;
		sampler = setInterval(sample, SAMPLE_EVERY_MS);
	}
	const cpuStart = process.cpuUsage();
	const start = performance.now();
	const result = await fn();
	const ms = performance.now() - start;
	const cpu = process.cpuUsage(cpuStart);
	if (sampler) {
		// The result is still referenced here, so this sample holds everything the run kept.
		sample();
		clearInterval(sampler);
	}
	return {
		result,
		ms,
		cpuMs: (cpu.user + cpu.system) / 1000,
		listRequests: countOf(emu, 'ListEvents'),
		getRequests: countOf(emu, 'GetWebhook'),
		peakHeapMB: memory ? (peakHeap - baseHeap) / MB : 0,
		peakRssMB: memory ? peakRss / MB : 0,
		gcMs: await gcTimeBetween(start, start + ms),
	};
}

export interface Summary {
	median: number;
	min: number;
	max: number;
}

export function summarize(values: number[]): Summary {
	if (values.length === 0) throw new Error('summarize: no values');
	const sorted = [...values].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
	return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

/** Every value when they all agree (request counts should), else the summary. */
export function exactOrSummary(values: number[]): number | Summary {
	return values.every((value) => value === values[0]) ? values[0] : summarize(values);
}

/** A deterministic PRNG (mulberry32), so every run appends the same event counts. */
export function seededRandom(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
