/** The instant trigger's choice between the saved cursor and the one a drain left in memory (trigger/pings.ts). */
import { START_CURSOR } from '../../nodes/SmartSuite/trigger/cursor';
import {
	MEMORY_TRUST_MS,
	afterDrain,
	inTurn,
	startingPoint,
} from '../../nodes/SmartSuite/trigger/pings';

const at = (lastEventId: string) => ({
	...START_CURSOR,
	lastEventId,
	pageToken: `page-of-${lastEventId}`,
});
const NOW = 1_000_000;

describe('startingPoint', () => {
	it('starts from the saved cursor when memory has nothing, or after a restart', () => {
		expect(startingPoint({ cursor: at('e1'), drainId: 'd1' }, undefined, NOW)).toEqual({
			cursor: at('e1'),
			chain: ['d1'],
		});
	});

	it('uses memory while the execution of its events has not saved its state, for MEMORY_TRUST_MS only', () => {
		const saved = { cursor: at('e1'), drainId: 'd1' };
		const memory = afterDrain(startingPoint(saved, undefined, NOW), at('e5'), 'd2', NOW);
		expect(startingPoint(saved, memory, NOW + 1000).cursor).toEqual(at('e5'));
		expect(startingPoint(saved, memory, NOW + MEMORY_TRUST_MS + 1).cursor).toEqual(at('e1'));
	});

	it('follows a chain of unsaved drains, whichever of their executions saved last', () => {
		const first = afterDrain(
			startingPoint({ cursor: at('e1'), drainId: 'd1' }, undefined, NOW),
			at('e5'),
			'd2',
			NOW,
		);
		const second = afterDrain(
			startingPoint({ cursor: at('e1'), drainId: 'd1' }, first, NOW + 10),
			at('e9'),
			'd3',
			NOW + 10,
		);
		for (const savedId of ['d1', 'd2'])
			expect(
				startingPoint({ cursor: at('e1'), drainId: savedId }, second, NOW + 20).cursor,
			).toEqual(at('e9'));
		// The last one saved: memory is the saved state, trusted without a time limit.
		expect(
			startingPoint({ cursor: at('e9'), drainId: 'd3' }, second, NOW + 2 * MEMORY_TRUST_MS),
		).toEqual({ cursor: at('e9'), chain: ['d3'] });
	});

	it('a drain that emitted nothing moves memory without starting the trust window again', () => {
		const emitted = afterDrain(
			startingPoint({ cursor: at('e1'), drainId: 'd1' }, undefined, NOW),
			at('e5'),
			'd2',
			NOW,
		);
		const passedOver = afterDrain(
			startingPoint({ cursor: at('e1'), drainId: 'd1' }, emitted, NOW + 5),
			at('e6'),
			undefined,
			NOW + 5,
		);
		expect(passedOver.since).toBe(NOW);
		expect(
			startingPoint({ cursor: at('e1'), drainId: 'd1' }, passedOver, NOW + MEMORY_TRUST_MS + 1)
				.cursor,
		).toEqual(at('e1'));
		expect(
			startingPoint({ cursor: at('e5'), drainId: 'd2' }, passedOver, NOW + MEMORY_TRUST_MS + 1)
				.cursor,
		).toEqual(at('e6'));
	});

	it('ignores memory that does not know the saved state (another process saved it)', () => {
		const memory = afterDrain(
			startingPoint({ cursor: at('e1'), drainId: 'd1' }, undefined, NOW),
			at('e5'),
			'd2',
			NOW,
		);
		expect(
			startingPoint({ cursor: at('e7'), drainId: 'elsewhere' }, memory, NOW + 1).cursor,
		).toEqual(at('e7'));
	});
});

describe('inTurn', () => {
	it('a ping that arrives before the queued drain starts joins it (that drain reads what the ping announced)', async () => {
		const first = inTurn('early', async () => 1);
		const second = inTurn('early', async () => 2);
		expect(await Promise.all([first, second])).toEqual([
			{ result: 1, joined: false },
			{ result: 1, joined: true },
		]);
	});

	it('runs the drains of one key one after another; pings that arrive while one waits join it', async () => {
		const order: string[] = [];
		let release!: () => void;
		const gate = new Promise<void>((resolve) => (release = resolve));
		let started!: () => void;
		const running = new Promise<void>((resolve) => (started = resolve));
		const first = inTurn('k', async (reading) => {
			order.push('first starts');
			reading();
			started();
			await gate;
			order.push('first ends');
			return 1;
		});
		await running;
		const second = inTurn('k', async () => {
			order.push('second starts');
			return 2;
		});
		const third = inTurn('k', async () => 3);
		const other = inTurn('other key', async () => 4);
		expect(await other).toEqual({ result: 4, joined: false });
		release();
		expect(await Promise.all([first, second, third])).toEqual([
			{ result: 1, joined: false },
			{ result: 2, joined: false },
			{ result: 2, joined: true },
		]);
		expect(order).toEqual(['first starts', 'first ends', 'second starts']);
	});

	it('a ping that arrives while the running drain has not sent its first request joins it; one after queues', async () => {
		let release!: () => void;
		const gate = new Promise<void>((resolve) => (release = resolve));
		let read!: () => void;
		let started!: () => void;
		const running = new Promise<void>((resolve) => (started = resolve));
		const first = inTurn('unread', async (reading) => {
			read = reading;
			started();
			await gate;
			return 1;
		});
		await running; // the first runs and has not read yet
		const copy = inTurn('unread', async () => 2);
		read();
		const later = inTurn('unread', async () => 3);
		release();
		expect(await Promise.all([first, copy, later])).toEqual([
			{ result: 1, joined: false },
			{ result: 1, joined: true },
			{ result: 3, joined: false },
		]);
	});
});
