import { changedFields, sameJson, simplifyEvent } from '../../nodes/SmartSuite/trigger/simplify';

const updated = {
	webhook_id: 'w',
	locator: { account_id: 'a', solution_id: 's1' },
	event_id: 'w.1',
	kind: 'RECORD_UPDATED',
	event_at: '2025-01-01T00:00:00Z',
	record_event_data: {
		record_id: 'r1',
		locator: { account_id: 'a', solution_id: 's1', application_id: 't1' },
		data: { id: 'r1', title: 'New', status: { value: 'done', updated_on: 'x' }, tags: ['a'] },
		previous: { title: 'Old', tags: ['a'], status: { updated_on: 'x', value: 'backlog' } },
	},
	ctx: { change_id: 'c' },
};

test('simplify: one flat item with the fields that changed, in the order of previous', () => {
	expect(simplifyEvent(updated)).toEqual({
		event_id: 'w.1',
		kind: 'RECORD_UPDATED',
		event_at: '2025-01-01T00:00:00Z',
		record_id: 'r1',
		application_id: 't1',
		solution_id: 's1',
		record: updated.record_event_data.data,
		previous: updated.record_event_data.previous,
		changed_fields: ['title', 'status'],
	});
});

test('simplify: a creation has no changed fields; omitted parts read as empty', () => {
	const created = simplifyEvent({
		event_id: 'w.2',
		kind: 'RECORD_CREATED',
		record_event_data: { data: { id: 'r2', application_id: 't2' } },
	});
	expect(created).toMatchObject({
		record_id: 'r2',
		application_id: 't2',
		previous: {},
		changed_fields: [],
	});
	expect(simplifyEvent({ event_id: 'w.3', kind: 'X' })).toMatchObject({
		record: {},
		previous: {},
		changed_fields: [],
	});
});

test('changed fields: a value missing from the record differs, unless it was null', () => {
	expect(changedFields({ a: 1 }, { a: 1, b: 2, c: null })).toEqual(['b']);
});

test('sameJson: deep, key order free', () => {
	expect(sameJson({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
	expect(sameJson([1, 2], [2, 1])).toBe(false);
	expect(sameJson({ a: 1 }, { a: 1, b: 0 })).toBe(false);
	expect(sameJson('1', 1)).toBe(false);
});
