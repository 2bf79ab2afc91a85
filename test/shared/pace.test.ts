/**
 * The pace of one API key in this process (issues 49 and 57): the credential's Requests per Second,
 * by the times requests start, evenly; a 429 holds the key and halves its rate.
 */
import { setTimeout as wait } from 'node:timers/promises';

import { PACE, answered, refused, takeTurn } from '../../nodes/SmartSuite/shared/transport/pace';

const SHIPPED = { ...PACE };
// A short window, so that the tests take little time; the shipped one is a second.
beforeAll(() => Object.assign(PACE, { windowMs: 200, allowanceMs: 0 }));
afterAll(() => Object.assign(PACE, SHIPPED));

/** Whether the promise has settled within a few ms. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
	return await Promise.race([promise.then(() => true), wait(20).then(() => false)]);
}

it('is 4 requests in any second as shipped (the suites turn it off: test/helpers/setup-env.ts)', () => {
	jest.isolateModules(() => {
		const shipped = (
			require('../../nodes/SmartSuite/shared/transport/pace') as { PACE: typeof PACE }
		).PACE;
		expect(shipped).toMatchObject({ requestsPerSecond: 4, windowMs: 1000 });
	});
});

it('gives the first request after a pause its turn at once; the next a quarter window after it started', async () => {
	await takeTurn('first', undefined);
	const second = takeTurn('first', undefined);
	expect(await settled(second)).toBe(false);
	await wait(PACE.windowMs / 4);
	expect(await settled(second)).toBe(true);
});

it("keeps to the credential's Requests per Second", async () => {
	await takeTurn('two', 2);
	const second = takeTurn('two', 2);
	await wait(PACE.windowMs / 4);
	expect(await settled(second)).toBe(false);
	await wait(PACE.windowMs / 4);
	expect(await settled(second)).toBe(true);
});

it('serves waiting requests in order, and paces each key alone', async () => {
	await takeTurn('one', 4);
	const order: number[] = [];
	const waiting = [2, 3].map((n) => takeTurn('one', 4).then(() => order.push(n)));
	expect(await settled(takeTurn('other', 4))).toBe(true);
	await Promise.all(waiting);
	expect(order).toEqual([2, 3]);
});

it("holds every request of the key for a 429's wait; a later 429 asking for less does not shorten it", async () => {
	const turn = await takeTurn('held', 4);
	const inFlight = await takeTurn('held', 4);
	expect(refused(turn, 300)).toBe(300);
	// Another request under way when the key was refused, answered "Retry-After: 0" (1 s at least, here 50 ms).
	expect(refused(inFlight, 50)).toBeGreaterThan(200);
	const next = takeTurn('held', 4);
	await wait(200);
	expect(await settled(next)).toBe(false);
	await wait(120);
	expect(await settled(next)).toBe(true);
});

it('halves the rate once per 429 burst, to no less than 1 a second', async () => {
	const turns = await Promise.all([1, 2, 3, 4].map(() => takeTurn('halved', 4)));
	// Four answers 429 to requests started at the same rate: halved once (to 2), not four times.
	for (const turn of turns) refused(turn, 0);
	const first = await takeTurn('halved', 4);
	const second = takeTurn('halved', 4);
	// One every half window now.
	await wait(PACE.windowMs / 4);
	expect(await settled(second)).toBe(false);
	await wait(PACE.windowMs / 4);
	expect(await settled(second)).toBe(true);
	refused(first, 0);
	refused(await second, 0);
	// Halved again from 2 (to 1), and not below 1 however often.
	for (let i = 0; i < 3; i++) refused(await takeTurn('halved', 4), 0);
	const slowest = takeTurn('halved', 4);
	await wait(PACE.windowMs / 2);
	expect(await settled(slowest)).toBe(false);
	await wait(PACE.windowMs / 2);
	expect(await settled(slowest)).toBe(true);
});

it('paces a key refused before from the answer too: a request held up on its way may have arrived as late', async () => {
	refused(await takeTurn('late', 2), 0); // 1 a second now
	const slow = await takeTurn('late', 2);
	await wait(PACE.windowMs / 2);
	answered(slow);
	const next = takeTurn('late', 2);
	// A window after the slow request's turn, but not yet a window after its answer.
	await wait(PACE.windowMs / 2 + 20);
	expect(await settled(next)).toBe(false);
	await wait(PACE.windowMs / 2);
	expect(await settled(next)).toBe(true);
});

it('gives a lowered rate back one request a second per quiet time without a 429', async () => {
	const quiet = PACE.quietMs;
	PACE.quietMs = 300;
	try {
		const turn = await takeTurn('quiet', 2);
		refused(turn, 0); // 1 a second now
		await wait(PACE.quietMs + 20);
		// 2 again, the credential's: one every half window.
		await takeTurn('quiet', 2);
		const next = takeTurn('quiet', 2);
		await wait(PACE.windowMs / 2);
		expect(await settled(next)).toBe(true);
	} finally {
		PACE.quietMs = quiet;
	}
});

it("never starts more than SmartSuite's 5 requests within a second and the allowance, even at 5 a second catching up after late wakes", async () => {
	jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
	Object.assign(PACE, { windowMs: 1000, allowanceMs: 100 });
	try {
		const starts: number[] = [];
		for (let request = 0; request < 12; request++) {
			let taken = false;
			void takeTurn('catching up', 5).then(() => (taken = true));
			for (let tick = 0; tick < 5; tick++) await Promise.resolve();
			while (!taken) {
				jest.advanceTimersToNextTimer();
				// Every other request is woken 24 ms late, as on a busy event loop: it catches up.
				if (request % 2 === 1) jest.advanceTimersByTime(24);
				for (let tick = 0; tick < 5; tick++) await Promise.resolve();
			}
			starts.push(performance.now());
		}
		const crowded = starts.filter((start, at) => at >= 5 && start - starts[at - 5] < 1100);
		expect(crowded).toEqual([]);
		// Still about 4.5 a second: 11 gaps in 2.5 s at most.
		expect(starts[11] - starts[0]).toBeLessThan(2500);
	} finally {
		jest.useRealTimers();
		Object.assign(PACE, { windowMs: 200, allowanceMs: 0 });
	}
});
