/**
 * The per-record locks of read-modify-write (issue 58): one holder of a key at a time, released
 * when the work fails, several keys taken without a circular wait, and a wait that ends in an error.
 */
import type { INode } from 'n8n-workflow';

import { withRecordLocks } from '../../nodes/SmartSuite/shared/recordLocks';

const node = { name: 'SmartSuite', type: 'smartSuite' } as INode;

/** A promise and the function that settles it. */
function gate() {
	let open!: () => void;
	const opened = new Promise<void>((resolve) => (open = resolve));
	return { opened, open };
}

describe('withRecordLocks', () => {
	it('runs the works of one key one after the other, in the order they came', async () => {
		const order: string[] = [];
		const first = gate();
		const a = withRecordLocks(node, ['r1'], async () => {
			order.push('a starts');
			await first.opened;
			order.push('a ends');
		});
		const b = withRecordLocks(node, ['r1'], async () => {
			order.push('b');
		});
		const other = withRecordLocks(node, ['r2'], async () => {
			order.push('other key');
		});
		await other;
		first.open();
		await Promise.all([a, b]);

		expect(order).toEqual(['a starts', 'other key', 'a ends', 'b']);
	});

	it('releases the lock when the work fails', async () => {
		await expect(
			withRecordLocks(node, ['r3'], async () => {
				throw new Error('write failed');
			}),
		).rejects.toThrow('write failed');

		await expect(withRecordLocks(node, ['r3'], async () => 'next')).resolves.toBe('next');
	});

	it('takes several keys in one order, so two holders never wait for each other', async () => {
		const results = await Promise.all([
			withRecordLocks(node, ['x', 'y'], async () => 1),
			withRecordLocks(node, ['y', 'x'], async () => 2),
		]);
		expect(results).toEqual([1, 2]);
	});

	it('a wait past its bound is an error, and those queued after it still run', async () => {
		const holder = gate();
		const held = withRecordLocks(node, ['r4'], async () => await holder.opened);
		const waiting = withRecordLocks(node, ['r4'], async () => 'never', 1);
		const next = withRecordLocks(node, ['r4'], async () => 'after the holder');

		await expect(waiting).rejects.toThrow(
			"Waited 1 seconds for another change to the same record's links or people to finish",
		);
		holder.open();
		await held;
		await expect(next).resolves.toBe('after the holder');
	});

	it('a wait that ends in an error while last in line leaves the holder holding: a later call waits for it', async () => {
		const holder = gate();
		const order: string[] = [];
		const held = withRecordLocks(node, ['r5'], async () => {
			await holder.opened;
			order.push('holder ends');
		});
		await expect(withRecordLocks(node, ['r5'], async () => 'never', 1)).rejects.toThrow('Waited');
		const later = withRecordLocks(node, ['r5'], async () => {
			order.push('later');
		});
		await new Promise((done) => setTimeout(done, 20));
		holder.open();
		await Promise.all([held, later]);

		expect(order).toEqual(['holder ends', 'later']);
	});
});
