/** The pace of one API key in this process (issue 49): at most 4 requests in any second. */
import { nextTurn, PACE } from '../../nodes/SmartSuite/shared/pace';

const UNPACED = { ...PACE };
beforeAll(() => (PACE.windowMs = 1000));
afterAll(() => Object.assign(PACE, UNPACED));

/** The waits of requests asked for at these times (ms), one key. */
const waits = (key: string, times: number[]) => times.map((now) => nextTurn(key, now));

it('is 4 requests in any second as shipped (the suites turn it off: test/helpers/setup-env.ts)', () => {
	jest.isolateModules(() => {
		const shipped = (require('../../nodes/SmartSuite/shared/pace') as { PACE: typeof PACE }).PACE;
		expect(shipped).toEqual({ requests: 4, windowMs: 1000 });
	});
});

describe('nextTurn', () => {
	it('sends the first requests after a pause at once, then one a window later each', () => {
		expect(waits('first', [0, 0, 0, 0, 0, 0, 0, 0, 0])).toEqual([
			0, 0, 0, 0, 1000, 1000, 1000, 1000, 2000,
		]);
	});

	it('never lets more than 4 requests into any second, however they are asked for', () => {
		const sent = [0, 10, 250, 300, 900, 1100, 1150, 1990, 2000, 2005, 3500, 3500].map(
			(now) => now + nextTurn('any', now),
		);
		for (const at of sent) {
			expect(sent.filter((other) => other >= at && other < at + 1000).length).toBeLessThanOrEqual(
				4,
			);
		}
	});

	it('does not delay a request after a second without any', () => {
		waits('pause', [0, 0, 0, 0, 0, 0]);
		expect(nextTurn('pause', 3000)).toBe(0);
	});

	it('paces each key alone', () => {
		waits('one', [0, 0, 0, 0]);
		expect(nextTurn('other', 0)).toBe(0);
		expect(nextTurn('one', 0)).toBe(1000);
	});
});
