/** Search's Cursor (issue 58): the offset and the query's fingerprint, checked when it comes back. */
import {
	cursorOffset,
	encodeCursor,
	queryFingerprint,
} from '../../nodes/SmartSuite/actions/record/cursor';

const body = { filter: { operator: 'and', fields: [] }, sort: [{ field: 's1', direction: 'asc' }] };

describe('the cursor', () => {
	it('gives back its offset for the same query', () => {
		const query = queryFingerprint('t1', body);
		expect(cursorOffset(encodeCursor(40, query), queryFingerprint('t1', { ...body }))).toBe(40);
	});

	it('is refused for another table or sort, saying what to do', () => {
		const cursor = encodeCursor(40, queryFingerprint('t1', body));
		for (const query of [
			queryFingerprint('t2', body),
			queryFingerprint('t1', { ...body, sort: [] }),
		])
			expect(() => cursorOffset(cursor, query)).toThrow(
				'The cursor was given by another search (another table, filter or sort)',
			);
	});

	it('is refused when it is not one a search gave, however long', () => {
		const query = queryFingerprint('t1', body);
		for (const cursor of ['abc', encodeCursor(-1, query), 'x'.repeat(100_000)])
			expect(() => cursorOffset(cursor, query)).toThrow(
				'The cursor is not one a search gave: pass the "cursor" of the last {"more": …} item exactly',
			);
	});
});
