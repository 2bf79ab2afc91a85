/** The pace of one API key in this process (issue 49): 4 lanes, each back a window after its request. */
import { setTimeout as wait } from 'node:timers/promises';

import { PACE, takeLane } from '../../nodes/SmartSuite/shared/pace';

const UNPACED = { ...PACE };
// A short window, so that the tests take little time; the shipped one is a second.
beforeAll(() => (PACE.windowMs = 200));
afterAll(() => Object.assign(PACE, UNPACED));

/** Whether the promise has settled within a few ms. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
	return await Promise.race([promise.then(() => true), wait(20).then(() => false)]);
}

it('is 4 requests in any second as shipped (the suites turn it off: test/helpers/setup-env.ts)', () => {
	jest.isolateModules(() => {
		const shipped = (require('../../nodes/SmartSuite/shared/pace') as { PACE: typeof PACE }).PACE;
		expect(shipped).toEqual({ requests: 4, windowMs: 1000 });
	});
});

it('gives the first 4 requests after a pause a lane at once; the fifth waits for one to come back', async () => {
	const lanes = await Promise.all([1, 2, 3, 4].map(() => takeLane('first')));
	const fifth = takeLane('first');
	expect(await settled(fifth)).toBe(false);
	lanes[0]();
	// Back a window after the request is over, not before.
	expect(await settled(fifth)).toBe(false);
	await wait(PACE.windowMs);
	expect(await settled(fifth)).toBe(true);
	for (const giveBack of [...lanes, await fifth]) giveBack();
});

it('counts a slow request from its end: its lane stays taken while it runs', async () => {
	const lanes = await Promise.all([1, 2, 3, 4].map(() => takeLane('slow')));
	await wait(2 * PACE.windowMs);
	const fifth = takeLane('slow');
	expect(await settled(fifth)).toBe(false);
	for (const giveBack of lanes) giveBack();
	await wait(PACE.windowMs + 50);
	expect(await settled(fifth)).toBe(true);
	(await fifth)();
});

it('serves waiting requests in order, and paces each key alone', async () => {
	const lanes = await Promise.all([1, 2, 3, 4].map(() => takeLane('one')));
	const order: number[] = [];
	const waiting = [5, 6].map((n) => takeLane('one').then((giveBack) => (order.push(n), giveBack)));
	expect(await settled(takeLane('other'))).toBe(true);
	lanes[1]();
	lanes[0]();
	const [fifth, sixth] = await Promise.all(waiting);
	expect(order).toEqual([5, 6]);
	for (const giveBack of [lanes[2], lanes[3], fifth, sixth]) giveBack();
});
