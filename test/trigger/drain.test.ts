/** The trigger's pure logic: which events of a page are new, and where the cursor goes. */
import type { IDataObject, INode } from 'n8n-workflow';

import type { Cursor } from '../../nodes/SmartSuite/trigger/cursor';
import { RECENT_IDS_KEPT, START_CURSOR, afterEvent, saveCursor, savedCursor } from '../../nodes/SmartSuite/trigger/cursor';
import type { PageAnswer } from '../../nodes/SmartSuite/trigger/drain';
import { drain } from '../../nodes/SmartSuite/trigger/drain';

const node = { id: 'n', name: 'SmartSuite Trigger', type: 'smartSuiteTrigger', typeVersion: 1, position: [0, 0], parameters: {} } as INode;

const START_MS = Date.parse('2025-01-01T00:00:00Z');
const makeEvent = (n: number, kind = 'RECORD_UPDATED'): IDataObject => ({
	event_id: `e${n}`,
	kind,
	event_at: new Date(START_MS + n * 1000).toISOString(),
});

/**
 * An in-memory ListEvents: tokens are "<generation>:<position>"; `expire()` invalidates all
 * issued tokens; `failNext` makes the next request fail; `repeatNext` repeats the event
 * before the page start (as a server retry might).
 */
function fakeStream(pageSize: number, end: 'emptyToken' | 'emptyPage' = 'emptyToken') {
	const stream = {
		pageSize,
		events: [] as IDataObject[],
		requests: [] as string[],
		generation: 0,
		failNext: false,
		repeatNext: false,
		append(count: number, kind?: string) {
			for (let i = 0; i < count; i++) stream.events.push(makeEvent(stream.events.length + 1, kind));
		},
		expire() {
			stream.generation++;
		},
		async fetchPage(token: string): Promise<PageAnswer> {
			stream.requests.push(token);
			if (stream.failNext) {
				stream.failNext = false;
				return { error: new Error('503'), tokenRejected: false };
			}
			const [generation, position] = token === '' ? [stream.generation, 0] : token.split(':').map(Number);
			if (generation !== stream.generation) return { error: new Error('expired'), tokenRejected: true };
			const page = stream.events.slice(position, position + stream.pageSize);
			if (stream.repeatNext && position > 0) {
				stream.repeatNext = false;
				page.unshift(stream.events[position - 1]);
			}
			const next = Math.min(position + stream.pageSize, stream.events.length);
			const atEnd = next === stream.events.length;
			const nextPageToken = atEnd && end === 'emptyToken' ? '' : `${stream.generation}:${next}`;
			return { page: { events: page, nextPageToken } };
		},
	};
	return stream;
}

type Stream = ReturnType<typeof fakeStream>;
const ids = (events: IDataObject[]) => events.map((event) => event.event_id);
const all = () => true;

async function drainAll(stream: Stream, from: Cursor, options: { maxEvents?: number; isWanted?: (e: IDataObject) => boolean } = {}) {
	return await drain(from, {
		node,
		fetchPage: stream.fetchPage,
		isWanted: options.isWanted ?? all,
		maxEvents: options.maxEvents ?? Infinity,
	});
}

describe.each(['emptyToken', 'emptyPage'] as const)('drain, end of stream signalled by %s', (end) => {
	test('reads a backlog in the fewest pages, then an idle drain is one request', async () => {
		const stream = fakeStream(3, end);
		stream.append(7);
		const first = await drainAll(stream, START_CURSOR);
		expect(ids(first.emitted)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7']);
		expect(stream.requests).toHaveLength(end === 'emptyPage' ? 4 : 3);

		stream.requests = [];
		const idle = await drainAll(stream, first.cursor);
		expect(idle.emitted).toEqual([]);
		expect(stream.requests).toHaveLength(1);
		expect(idle.cursor).toEqual(first.cursor);
	});

	test('a full last page: new events are read with one more request', async () => {
		const stream = fakeStream(3, end);
		stream.append(6);
		const { cursor } = await drainAll(stream, START_CURSOR);
		stream.append(2);
		stream.requests = [];
		const next = await drainAll(stream, cursor);
		expect(ids(next.emitted)).toEqual(['e7', 'e8']);
		expect(stream.requests.length).toBeLessThanOrEqual(2);
	});
});

test('resumes after the last event, with new events on the same page', async () => {
	const stream = fakeStream(5);
	stream.append(2);
	const first = await drainAll(stream, START_CURSOR);
	stream.append(2);
	const second = await drainAll(stream, first.cursor);
	expect(ids(second.emitted)).toEqual(['e3', 'e4']);
	expect(second.cursor.lastEventId).toBe('e4');
});

test('maxEvents stops after the last emitted event; the next drain continues', async () => {
	const stream = fakeStream(4);
	stream.append(10);
	const first = await drainAll(stream, START_CURSOR, { maxEvents: 3 });
	expect(ids(first.emitted)).toEqual(['e1', 'e2', 'e3']);
	expect(first.cursor.lastEventId).toBe('e3');
	expect(stream.requests).toHaveLength(1);
	const second = await drainAll(stream, first.cursor, { maxEvents: 3 });
	expect(ids(second.emitted)).toEqual(['e4', 'e5', 'e6']);
	// The limit reached on a page's last event: the next page is not requested for nothing.
	expect(stream.requests).toHaveLength(3);
	const rest = await drainAll(stream, second.cursor);
	expect(ids(rest.emitted)).toEqual(['e7', 'e8', 'e9', 'e10']);
});

test('unwanted events are passed over: the cursor moves past them', async () => {
	const stream = fakeStream(3);
	stream.append(4, 'RECORD_UPDATED');
	stream.append(1, 'RECORD_CREATED');
	const isWanted = (event: IDataObject) => event.kind === 'RECORD_CREATED';
	const result = await drainAll(stream, START_CURSOR, { isWanted });
	expect(ids(result.emitted)).toEqual(['e5']);
	stream.append(3, 'RECORD_UPDATED');
	const later = await drainAll(stream, result.cursor, { isWanted });
	expect(later.emitted).toEqual([]);
	expect(later.cursor.lastEventId).toBe('e8');
});

test('a failure mid-drain keeps what was read; the next drain continues without repeats', async () => {
	const stream = fakeStream(2);
	stream.append(5);
	const fetchPage = stream.fetchPage;
	let calls = 0;
	const failing = await drain(START_CURSOR, {
		node,
		isWanted: all,
		maxEvents: Infinity,
		fetchPage: async (token) => (++calls === 2 ? { error: new Error('503'), tokenRejected: false } : await fetchPage(token)),
	});
	expect(ids(failing.emitted)).toEqual(['e1', 'e2']);
	expect(failing.error?.message).toBe('503');
	const rest = await drainAll(stream, failing.cursor);
	expect(ids(rest.emitted)).toEqual(['e3', 'e4', 'e5']);
});

test('an expired token: reads again from the first page, emitting only what is new', async () => {
	const stream = fakeStream(2);
	stream.append(5);
	const first = await drainAll(stream, START_CURSOR);
	stream.append(2);
	stream.expire();
	stream.requests = [];
	const second = await drainAll(stream, first.cursor);
	expect(ids(second.emitted)).toEqual(['e6', 'e7']);
	expect(stream.requests[0]).toBe(first.cursor.pageToken);
	expect(stream.requests[1]).toBe('');
	// The cursor holds a fresh token again: the next idle drain is one request.
	stream.requests = [];
	expect((await drainAll(stream, second.cursor)).emitted).toEqual([]);
	expect(stream.requests).toHaveLength(1);
});

test('tokens expiring mid-drain: read again from the first page, no event twice', async () => {
	const stream = fakeStream(2);
	stream.append(7);
	const fetchPage = stream.fetchPage;
	let calls = 0;
	const result = await drain(START_CURSOR, {
		node,
		isWanted: all,
		maxEvents: Infinity,
		fetchPage: async (token) => {
			if (++calls === 3) stream.expire();
			return await fetchPage(token);
		},
	});
	expect(ids(result.emitted)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7']);
});

test('a second rejected token in one drain ends it with the error', async () => {
	const stream = fakeStream(2);
	stream.append(3);
	const first = await drainAll(stream, START_CURSOR, { maxEvents: 1 });
	const result = await drain(first.cursor, {
		node,
		isWanted: all,
		maxEvents: Infinity,
		fetchPage: async () => ({ error: new Error('400'), tokenRejected: true }),
	});
	expect(result.error?.message).toBe('400');
	expect(result.cursor).toEqual(first.cursor);
});

test('an event repeated at the start of the next page is emitted once', async () => {
	const stream = fakeStream(2);
	stream.append(6);
	const fetchPage = stream.fetchPage;
	const result = await drain(START_CURSOR, {
		node,
		isWanted: all,
		maxEvents: Infinity,
		fetchPage: async (token) => {
			stream.repeatNext = true;
			return await fetchPage(token);
		},
	});
	expect(ids(result.emitted)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
});

test('a cursor that starts after its last event: a repeat of recent events is dropped', async () => {
	const stream = fakeStream(3, 'emptyPage');
	stream.append(3);
	const first = await drainAll(stream, START_CURSOR);
	expect(first.cursor.pageToken).toBe('0:3');
	stream.append(1);
	stream.repeatNext = true;
	expect(ids((await drainAll(stream, first.cursor)).emitted)).toEqual(['e4']);
});

test('on a page that starts after the last event, events are new whatever their time (clock skew)', async () => {
	const stream = fakeStream(3, 'emptyPage');
	stream.append(3);
	const first = await drainAll(stream, START_CURSOR);
	stream.events.push({ ...makeEvent(4), event_at: '2024-12-31T00:00:00.000Z' });
	expect(ids((await drainAll(stream, first.cursor)).emitted)).toEqual(['e4']);
});

test('after an expired token, when the last event is gone from the stream, newer events by time are new', async () => {
	const stream = fakeStream(2);
	stream.append(4);
	const first = await drainAll(stream, START_CURSOR);
	stream.append(2);
	stream.events = stream.events.filter((event) => event.event_id !== 'e4');
	stream.expire();
	const second = await drainAll(stream, first.cursor);
	expect(ids(second.emitted)).toEqual(['e5', 'e6']);
	expect((await drainAll(stream, second.cursor)).emitted).toEqual([]);
});

describe.each(['emptyToken', 'emptyPage'] as const)('a Page Size changed between drains (%s)', (end) => {
	test.each([
		[500, 100],
		[100, 7],
		[7, 100],
	])('from %i to %i: nothing old again, nothing new missed', async (before, after) => {
		const stream = fakeStream(before, end);
		stream.append(300);
		const first = await drainAll(stream, START_CURSOR);
		expect(first.emitted).toHaveLength(300);

		stream.pageSize = after;
		expect((await drainAll(stream, first.cursor)).emitted).toEqual([]);
		stream.append(5);
		const second = await drainAll(stream, first.cursor);
		expect(ids(second.emitted)).toEqual(['e301', 'e302', 'e303', 'e304', 'e305']);
		expect((await drainAll(stream, second.cursor)).emitted).toEqual([]);
	});
});

test('a page token that comes back again stops the drain instead of looping', async () => {
	const page = { events: [makeEvent(1)], nextPageToken: 'same' };
	let requests = 0;
	const result = await drain(START_CURSOR, {
		node,
		isWanted: all,
		maxEvents: Infinity,
		fetchPage: async () => {
			requests++;
			return { page: { ...page, events: [makeEvent(requests)] } };
		},
	});
	expect(requests).toBe(2);
	expect(ids(result.emitted)).toEqual(['e1', 'e2']);
	expect(result.error?.message).toMatch(/repeated a page token/);
});

describe('cursor', () => {
	test('keeps only the last ids', () => {
		let cursor = START_CURSOR;
		for (let n = 1; n <= 25; n++) cursor = afterEvent(cursor, 't', makeEvent(n));
		expect(cursor.recentIds).toHaveLength(RECENT_IDS_KEPT);
		expect(cursor.recentIds[RECENT_IDS_KEPT - 1]).toBe('e25');
	});

	test('state: whole values on top-level keys, one webhook at a time', () => {
		const state: IDataObject = {};
		const cursor = afterEvent(START_CURSOR, 't1', makeEvent(1));
		saveCursor(state, 'w1', cursor);
		expect(savedCursor(state, 'w1')).toEqual(cursor);
		expect(savedCursor(state, 'w2')).toBeUndefined();
		expect(state.recentIds).not.toBe(cursor.recentIds);
	});

	test('state: values of the wrong type read as empty', () => {
		expect(savedCursor({ webhookId: 'w', pageToken: 5, recentIds: ['a', 3] }, 'w')).toEqual({
			pageToken: '',
			lastEventId: '',
			pageHoldsLastEvent: true,
			lastEventAt: '',
			recentIds: ['a'],
		});
	});
});
