/** The in-memory lease of the trigger's poll (pure helper; the overlapping polls are tested through PollContext in hostile.test.ts). */
import type { IDataObject } from 'n8n-workflow';

import { releaseLease, takeLease } from '../../nodes/SmartSuite/trigger/lease';

const later = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('the poll lease', () => {
	test('is refused while held, and free again once released', () => {
		const state: IDataObject = {};
		const lease = takeLease(state, 10_000);
		expect(lease).toBeDefined();
		expect(takeLease(state, 10_000)).toBeUndefined();
		releaseLease(state, lease!);
		expect(takeLease(state, 10_000)).toBeDefined();
	});

	test('a poll whose lease expired and was taken over does not release the lease of the poll after it', async () => {
		const state: IDataObject = {};
		const expired = takeLease(state, 1)!;
		await later(5);
		const current = takeLease(state, 10_000);
		expect(current).toBeDefined();
		releaseLease(state, expired);
		// The later poll still holds it: a third poll must not run beside it.
		expect(takeLease(state, 10_000)).toBeUndefined();
	});

	test('leaves no trace in any copy of the static data (JSON, spread, keys)', () => {
		const state: IDataObject = { pageToken: 'abc' };
		takeLease(state, 10_000);
		expect(JSON.parse(JSON.stringify(state))).toEqual({ pageToken: 'abc' });
		expect(Object.getOwnPropertySymbols({ ...state })).toEqual([]);
		expect(Object.keys(state)).toEqual(['pageToken']);
	});
});
