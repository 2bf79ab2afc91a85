/** Issue 29: grouping items into bulk requests is linear (it copied each table's list for every item). */
import { performance } from 'node:perf_hooks';
import type { Write } from '../../nodes/SmartSuite/actions/record/batches';
import { batchesOf, chunksBy } from '../../nodes/SmartSuite/actions/record/batches';

const writes = (count: number, tables: number): Write[] =>
	Array.from({ length: count }, (_unused, itemIndex) => ({
		itemIndex,
		tableId: `t${itemIndex % tables}`,
		body: {},
	}));

test('batches of at most 25, one table each, in input order within each table, tables in order of first appearance', () => {
	const batches = batchesOf(writes(60, 2));
	expect(batches.map((batch) => batch.length)).toEqual([25, 5, 25, 5]);
	expect(batches.map((batch) => batch[0].tableId)).toEqual(['t0', 't0', 't1', 't1']);
	expect(batches[0].map((write) => write.itemIndex)).toEqual(
		Array.from({ length: 25 }, (_x, i) => 2 * i),
	);
	expect(batches.every((batch) => batch.every((write) => write.tableId === batch[0].tableId))).toBe(
		true,
	);
	expect(chunksBy(['a', 'b', 'a', 'c', 'a'], (letter) => letter, 2)).toEqual([
		['a', 'a'],
		['a'],
		['b'],
		['c'],
	]);
});

test('100,000 items are grouped in well under a second', () => {
	const items = writes(100_000, 3);
	expect(batchesOf(items)).toHaveLength(3 * Math.ceil(33_334 / 25));
	// The best of three, so that a busy machine does not decide (the quadratic grouping took minutes).
	const times = [0, 1, 2].map(() => {
		const started = performance.now();
		batchesOf(items);
		return performance.now() - started;
	});
	expect(Math.min(...times)).toBeLessThan(1000);
}, 20_000);
