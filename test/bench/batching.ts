/**
 * Section 8 (issue 29): grouping N items into bulk requests, the package's `batchesOf` (linear)
 * next to the algorithm it replaced, which copied each table's growing list for every item
 * (quadratic). Only the grouping is timed: no request is sent.
 */
import { performance } from 'node:perf_hooks';
import type { Write } from '../../nodes/SmartSuite/actions/record/batches';
import { BULK_LIMIT, batchesOf } from '../../nodes/SmartSuite/actions/record/batches';

export interface BatchingResult {
	scenario: 'batching';
	label: string;
	items: number;
	tables: number;
	batches: number;
	/** The package's grouping. */
	ms: number;
	/** The old quadratic grouping; null when it was not run (too slow at this N). */
	quadraticMs: number | null;
	targets: { underASecond: boolean; sameBatches: boolean | null };
}

/** The grouping before issue 29, kept only here as the baseline. */
function quadraticBatchesOf(writes: Write[], size = BULK_LIMIT): Write[][] {
	const byTable = new Map<string, Write[]>();
	for (const write of writes)
		byTable.set(write.tableId, [...(byTable.get(write.tableId) ?? []), write]);
	const batches: Write[][] = [];
	for (const tableWrites of byTable.values())
		for (let start = 0; start < tableWrites.length; start += size)
			batches.push(tableWrites.slice(start, start + size));
	return batches;
}

function timed<T>(run: () => T): { value: T; ms: number } {
	const started = performance.now();
	const value = run();
	return { value, ms: performance.now() - started };
}

/** `quadraticUpTo`: the baseline runs only up to this many items (100,000 take minutes). */
export function batchingScenario(
	items: number,
	tables: number,
	quadraticUpTo: number,
): BatchingResult {
	const writes: Write[] = Array.from({ length: items }, (_unused, itemIndex) => ({
		itemIndex,
		tableId: `table${itemIndex % tables}`,
		body: { title: `item ${itemIndex}` },
	}));
	const linear = timed(() => batchesOf(writes));
	const quadratic = items <= quadraticUpTo ? timed(() => quadraticBatchesOf(writes)) : undefined;
	const same = quadratic
		? JSON.stringify(quadratic.value.map((b) => b.map((w) => w.itemIndex))) ===
			JSON.stringify(linear.value.map((b) => b.map((w) => w.itemIndex)))
		: null;
	return {
		scenario: 'batching',
		label: `${items.toLocaleString('en-US')} items, ${tables} table${tables > 1 ? 's' : ''}`,
		items,
		tables,
		batches: linear.value.length,
		ms: linear.ms,
		quadraticMs: quadratic ? quadratic.ms : null,
		targets: { underASecond: items < 100_000 || linear.ms < 1000, sameBatches: same },
	};
}

export function batchingTable(results: BatchingResult[]): string {
	const ms = (value: number | null) =>
		value === null
			? 'not run'
			: `${value < 10 ? value.toFixed(2) : Math.round(value).toLocaleString('en-US')} ms`;
	return [
		'| Items | Batches | Linear (the package) | Quadratic (before issue 29) | Same batches |',
		'|---:|---:|---:|---:|:---:|',
		...results.map(
			(r) =>
				`| ${r.label} | ${r.batches.toLocaleString('en-US')} | ${ms(r.ms)} | ${ms(r.quadraticMs)} | ${r.targets.sameBatches === null ? '–' : r.targets.sameBatches ? 'yes' : 'NO'} |`,
		),
	].join('\n');
}
