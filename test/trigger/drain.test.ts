/** The trigger's pure logic: which events of a page are new, and where the cursor goes. */
import type { IDataObject } from 'n8n-workflow';

import type { Cursor } from '../../nodes/SmartSuite/trigger/cursor';
import {
	RECENT_IDS_KEPT,
	START_CURSOR,
	afterEvent,
	afterEvents,
	saveCursor,
	savedCursor,
} from '../../nodes/SmartSuite/trigger/cursor';
import type { PageAnswer } from '../../nodes/SmartSuite/trigger/drain';
import { drain } from '../../nodes/SmartSuite/trigger/drain';
import { judgePage, readServedPages } from '../../nodes/SmartSuite/trigger/pages';

/** No time or page budget. */
const UNBOUNDED = { timeLeft: () => Infinity, maxPages: Infinity };

const START_MS = Date.parse('2025-01-01T00:00:00Z');
const makeEvent = (n: number, kind = 'RECORD_UPDATED'): IDataObject => ({
	event_id: `e${n}`,
	kind,
	event_at: new Date(START_MS + n * 1000).toISOString(),
});

/**
 * An in-memory ListEvents: tokens are "<generation>:<position>"; `expire()` invalidates all
 * issued tokens; `failNext` makes the next request fail; `repeatNext` repeats the event
 * before the page start (as a server retry might). `pageSize` is what drains ask for;
 * the stream serves that many, at most `limit`, or always `serves` when set.
 */
function fakeStream(pageSize: number, end: 'emptyToken' | 'emptyPage' = 'emptyToken') {
	const stream = {
		pageSize,
		limit: Infinity,
		serves: 0,
		sizes: [] as number[],
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
		async fetchPage(token: string, asked: number): Promise<PageAnswer> {
			stream.requests.push(token);
			stream.sizes.push(asked);
			const size = stream.serves || Math.min(asked, stream.limit);
			if (stream.failNext) {
				stream.failNext = false;
				return { error: new Error('503'), tokenRejected: false };
			}
			const [generation, position] =
				token === '' ? [stream.generation, 0] : token.split(':').map(Number);
			if (generation !== stream.generation)
				return { error: new Error('expired'), tokenRejected: true };
			const page = stream.events.slice(position, position + size);
			if (stream.repeatNext && position > 0) {
				stream.repeatNext = false;
				page.unshift(stream.events[position - 1]);
			}
			const next = Math.min(position + size, stream.events.length);
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

interface DrainAllOptions {
	maxEvents?: number;
	isWanted?: (e: IDataObject) => boolean;
	largePageSize?: number;
}

/** A drain asking the stream's `pageSize`, and catching up with `largePageSize` (the same by default). */
async function drainAll(stream: Stream, from: Cursor, options: DrainAllOptions = {}) {
	return await drain(from, {
		...UNBOUNDED,
		fetchPage: stream.fetchPage,
		isWanted: options.isWanted ?? all,
		maxEvents: options.maxEvents ?? Infinity,
		pageSize: stream.pageSize,
		largePageSize: options.largePageSize ?? stream.pageSize,
	});
}

/** Options of a drain on `stream` for the tests that give their own fetchPage. */
const sizesOf = (stream: Stream) => ({ pageSize: stream.pageSize, largePageSize: stream.pageSize });

describe.each(['emptyToken', 'emptyPage'] as const)(
	'drain, end of stream signalled by %s',
	(end) => {
		test('reads a backlog in the fewest pages, then an idle drain is one request', async () => {
			const stream = fakeStream(3, end);
			stream.append(7);
			const first = await drainAll(stream, START_CURSOR);
			expect(ids(first.emitted)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7']);
			// The last page is shorter than the others: nothing followed it, whatever the end signal.
			expect(stream.requests).toHaveLength(3);

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
	},
);

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
		...UNBOUNDED,
		isWanted: all,
		maxEvents: Infinity,
		...sizesOf(stream),
		fetchPage: async (token, size) =>
			++calls === 2
				? { error: new Error('503'), tokenRejected: false }
				: await fetchPage(token, size),
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
		...UNBOUNDED,
		isWanted: all,
		maxEvents: Infinity,
		...sizesOf(stream),
		fetchPage: async (token, size) => {
			if (++calls === 3) stream.expire();
			return await fetchPage(token, size);
		},
	});
	expect(ids(result.emitted)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7']);
});

test('a second rejected token in one drain ends it with the error', async () => {
	const stream = fakeStream(2);
	stream.append(3);
	const first = await drainAll(stream, START_CURSOR, { maxEvents: 1 });
	const result = await drain(first.cursor, {
		...UNBOUNDED,
		isWanted: all,
		maxEvents: Infinity,
		...sizesOf(stream),
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
		...UNBOUNDED,
		isWanted: all,
		maxEvents: Infinity,
		...sizesOf(stream),
		fetchPage: async (token, size) => {
			stream.repeatNext = true;
			return await fetchPage(token, size);
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

describe.each(['emptyToken', 'emptyPage'] as const)(
	'a Page Size changed between drains (%s)',
	(end) => {
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
	},
);

test('a page token that comes back again stops the drain instead of looping', async () => {
	const page = { events: [makeEvent(1)], nextPageToken: 'same' };
	let requests = 0;
	const result = await drain(START_CURSOR, {
		...UNBOUNDED,
		isWanted: all,
		maxEvents: Infinity,
		pageSize: 1,
		largePageSize: 1,
		fetchPage: async () => {
			requests++;
			return { page: { ...page, events: [makeEvent(requests)] } };
		},
	});
	expect(requests).toBe(2);
	expect(ids(result.emitted)).toEqual(['e1', 'e2']);
	expect(result.error).toBeUndefined();
	expect(result.stopped).toBe('repeatedToken');
	// The looping page is read as the last one: the next drain reads it again.
	expect(result.cursor).toMatchObject({
		pageToken: 'same',
		lastEventId: 'e2',
		pageHoldsLastEvent: true,
	});
});

describe.each(['emptyToken', 'emptyPage'] as const)('page sizes (%s)', (end) => {
	test('fewer new events than a page: one request, also when they overflow the page holding the last event', async () => {
		const stream = fakeStream(5, end);
		stream.append(5);
		let { cursor } = await drainAll(stream, START_CURSOR);
		for (const count of [1, 4, 2, 3]) {
			stream.append(count);
			stream.requests = [];
			const result = await drainAll(stream, cursor, { largePageSize: 100 });
			expect(result.emitted).toHaveLength(count);
			expect(stream.requests).toHaveLength(1);
			cursor = result.cursor;
		}
		expect(ids((await drainAll(stream, cursor)).emitted)).toEqual([]);
	});

	test("a backlog: the user's page first, then the largest pages; the next drain starts small again", async () => {
		const stream = fakeStream(10, end);
		stream.append(250);
		const { cursor } = await drainAll(stream, START_CURSOR);
		stream.append(255);
		stream.sizes = [];
		const backlog = await drainAll(stream, cursor, { largePageSize: 100 });
		expect(backlog.emitted).toHaveLength(255);
		// A page that starts after the last event is asked at the user's size; the page holding
		// it (when the stream ends without a token) with room for that many after it.
		expect(stream.sizes).toEqual([end === 'emptyPage' ? 10 : 10 + 10, 100, 100, 100]);
		stream.append(3);
		stream.sizes = [];
		expect(ids((await drainAll(stream, backlog.cursor, { largePageSize: 100 })).emitted)).toEqual([
			'e506',
			'e507',
			'e508',
		]);
		expect(stream.sizes).toEqual([end === 'emptyPage' ? 10 : 45 + 10]);
	});

	test.each([
		['clamps the size asked to 4', { limit: 4 }],
		['serves 4 whatever is asked', { serves: 4 }],
	])(
		'a server that %s: learned, so a backlog is read in one drain and a few new events in one request',
		async (_, server) => {
			const stream = Object.assign(fakeStream(10, end), server);
			stream.append(11);
			const first = await drainAll(stream, START_CURSOR, { largePageSize: 100 });
			expect(first.emitted).toHaveLength(11);
			expect(first.cursor.served.limit).toBe(4);
			stream.append(1);
			stream.requests = [];
			const few = await drainAll(stream, first.cursor, { largePageSize: 100 });
			expect(few.emitted).toHaveLength(1);
			expect(stream.requests).toHaveLength(1);
			stream.append(9);
			const backlog = await drainAll(stream, few.cursor, { largePageSize: 100 });
			expect(ids(backlog.emitted)).toEqual(stream.events.slice(12).map((event) => event.event_id));
		},
	);

	test('a server that serves more than asked: a page shorter than it serves ends the drain', async () => {
		const stream = Object.assign(fakeStream(2, end), { serves: 6 });
		stream.append(13);
		const first = await drainAll(stream, START_CURSOR, { largePageSize: 100 });
		expect(first.emitted).toHaveLength(13);
		stream.append(3);
		stream.requests = [];
		expect((await drainAll(stream, first.cursor, { largePageSize: 100 })).emitted).toHaveLength(3);
		expect(stream.requests).toHaveLength(1);
	});

	test("the server's limit first seen on the last page: a later backlog still reads on past pages that long", async () => {
		const stream = Object.assign(fakeStream(100, end), { limit: 4 });
		stream.append(4);
		const first = await drainAll(stream, START_CURSOR);
		stream.append(10);
		const backlog = await drainAll(stream, first.cursor);
		expect(backlog.emitted).toHaveLength(10);
	});
});

test('while the last event is looked for, a page shorter than the server seemed to serve does not end the read', async () => {
	const stream = fakeStream(2);
	stream.append(6);
	const first = await drainAll(stream, START_CURSOR);
	// After e6 in the stream, with an earlier time: only the stream's order says it is new.
	stream.events.push({ ...makeEvent(7), event_at: '2024-12-31T00:00:00.000Z' });
	stream.append(1);
	stream.serves = 1;
	// A saved position from an older version (no held count) and a wrong idea of the server's pages.
	const from = {
		...first.cursor,
		pageToken: '0:0',
		heldCount: 0,
		served: { largest: 10, limit: 10, maxAsk: 0 },
	};
	expect(ids((await drainAll(stream, from)).emitted)).toEqual(['e7', 'e8']);
});

describe('served page sizes', () => {
	const nothing = { largest: 0, limit: 0, maxAsk: 0 };

	test('a page as long as asked is full; shorter than any before is short', () => {
		expect(judgePage(nothing, { asked: 10, length: 10 })).toEqual({
			verdict: 'full',
			served: { largest: 10, limit: 0, maxAsk: 0 },
		});
		expect(judgePage({ largest: 10, limit: 0, maxAsk: 0 }, { asked: 10, length: 3 }).verdict).toBe(
			'short',
		);
	});

	test('a page of one event is the end (a lone change is one request), unless every short page is probed (activation)', () => {
		expect(judgePage(nothing, { asked: 100, length: 1 }).verdict).toBe('short');
		expect(judgePage(nothing, { asked: 100, length: 1 }, undefined, true).verdict).toBe('probe');
		expect(judgePage(nothing, { asked: 100, length: 2 }).verdict).toBe('probe');
	});

	test('shorter than asked and as long as any before: a probe; more after it makes it the limit', () => {
		const probed = judgePage({ largest: 3, limit: 0, maxAsk: 0 }, { asked: 1000, length: 100 });
		expect(probed.verdict).toBe('probe');
		const next = judgePage(
			probed.served,
			{ asked: 1000, length: 100 },
			{ asked: 1000, length: 100 },
		);
		expect(next).toEqual({ verdict: 'full', served: { largest: 100, limit: 100, maxAsk: 0 } });
		expect(judgePage(next.served, { asked: 1000, length: 99 }).verdict).toBe('short');
		expect(judgePage(next.served, { asked: 50, length: 50 }).verdict).toBe('full');
		expect(judgePage(next.served, { asked: 50, length: 49 }).verdict).toBe('short');
	});

	test('a server serving more than asked: judged by what it serves', () => {
		const learned = judgePage(nothing, { asked: 10, length: 20 }, { asked: 10, length: 20 }).served;
		expect(learned.limit).toBe(20);
		expect(judgePage(learned, { asked: 10, length: 15 }).verdict).toBe('short');
		expect(judgePage(learned, { asked: 10, length: 20 }).verdict).toBe('full');
	});

	test('a page longer than the limit: the limit was wrong and is forgotten', () => {
		expect(judgePage({ largest: 50, limit: 50, maxAsk: 0 }, { asked: 1000, length: 70 })).toEqual({
			verdict: 'probe',
			served: { largest: 70, limit: 0, maxAsk: 0 },
		});
	});

	test('what was saved: anything malformed reads as nothing learned', () => {
		expect(readServedPages({ largest: 12, limit: 4, maxAsk: 0 })).toEqual({
			largest: 12,
			limit: 4,
			maxAsk: 0,
		});
		expect(readServedPages({ largest: -1, limit: 'x' })).toEqual(nothing);
		expect(readServedPages(null)).toEqual(nothing);
	});
});

describe('cursor', () => {
	test('keeps only the last ids', () => {
		let cursor = START_CURSOR;
		for (let n = 1; n <= 25; n++) cursor = afterEvent(cursor, 't', makeEvent(n), n - 1);
		expect(cursor.recentIds).toHaveLength(RECENT_IDS_KEPT);
		expect(cursor.recentIds[RECENT_IDS_KEPT - 1]).toBe('e25');
	});

	test('afterEvents moves the cursor in one step exactly as afterEvent one element after the other', () => {
		// A seeded generator: the same 500 cases on every run.
		let seed = 7;
		const random = (below: number) => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return Math.floor(seed / 2 ** 16) % below; // the high bits: the low ones repeat quickly
		};
		for (let run = 0; run < 500; run++) {
			const token = () => ['', 't1', 't2'][random(3)];
			const start: Cursor = {
				...START_CURSOR,
				pageToken: token(),
				lastEventId: random(2) ? 'e1' : '',
				pageHoldsLastEvent: random(2) === 1,
				heldCount: random(4),
				recentIds: Array.from({ length: random(RECENT_IDS_KEPT + 1) }, (_, i) => `e${i}`),
			};
			// Ids among those already recent too, never twice (a drain handles each element once).
			const events = Array.from({ length: random(30) }, (_, i) => ({
				event:
					random(4) === 0 ? [null, 5, { kind: 'x' }][random(3)] : makeEvent(i + random(3) * 100),
				pageToken: token(),
				index: i,
			}));
			const oneByOne = events.reduce(
				(cursor, { event, pageToken, index }) => afterEvent(cursor, pageToken, event, index),
				start,
			);
			expect(afterEvents(start, events)).toEqual(oneByOne);
			// The recent ids, as a list of the last ones: each moves to the end when processed again.
			const recent = [...start.recentIds];
			for (const { event, pageToken, index } of events) {
				const key =
					(event as IDataObject | null)?.event_id ??
					`(no event_id) #${index} on page "${pageToken}"`;
				if (recent.includes(key as string)) recent.splice(recent.indexOf(key as string), 1);
				recent.push(key as string);
			}
			expect(oneByOne.recentIds).toEqual(recent.slice(-RECENT_IDS_KEPT));
		}
	});

	test('state: whole values on top-level keys, one webhook at a time', () => {
		const state: IDataObject = {};
		const cursor = afterEvent(START_CURSOR, 't1', makeEvent(1), 0);
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
			heldCount: 0,
			lastEventAt: '',
			recentIds: ['a'],
			served: { largest: 0, limit: 0, maxAsk: 0 },
			activationScan: false,
		});
	});
});

describe('re-reading after an expired token (issue 10, item 5)', () => {
	test('an event before the last handled one in stream order is old, however late its time', async () => {
		const stream = fakeStream(2);
		stream.append(14);
		// e2 happened after all the others by its time stamp, but comes before them in the stream
		// (and more events follow it than the cursor remembers ids of).
		stream.events[1] = { ...stream.events[1], event_at: new Date(START_MS + 60_000).toISOString() };
		const first = await drainAll(stream, START_CURSOR);
		expect(first.emitted).toHaveLength(14);
		stream.append(1);
		stream.expire();
		expect(ids((await drainAll(stream, first.cursor)).emitted)).toEqual(['e15']);
	});

	test('when the stream ends without the last handled event, events later than it by time are new', async () => {
		const stream = fakeStream(2);
		stream.append(4);
		const first = await drainAll(stream, START_CURSOR);
		stream.append(2);
		// The server no longer holds e1..e4: e5 and e6 can only be judged by their time.
		stream.events.splice(0, 4);
		stream.expire();
		expect(ids((await drainAll(stream, first.cursor)).emitted)).toEqual(['e5', 'e6']);
	});

	test('a re-read cut short by the page budget keeps its progress: the next drains get there', async () => {
		const stream = fakeStream(2);
		stream.append(10);
		const first = await drainAll(stream, START_CURSOR);
		stream.append(2);
		stream.expire();
		const bounded = (from: Cursor) =>
			drain(from, {
				...sizesOf(stream),
				isWanted: all,
				maxEvents: Infinity,
				fetchPage: stream.fetchPage,
				timeLeft: () => Infinity,
				maxPages: 3,
			});
		const second = await bounded(first.cursor);
		expect(second.stopped).toBe('budget');
		expect(second.emitted).toEqual([]);
		const third = await bounded(second.cursor);
		expect(ids(third.emitted)).toEqual(['e11', 'e12']);
	});
});

test('a page that held the last event only as a repeat: what follows is new, whatever its time', async () => {
	const stream = fakeStream(2, 'emptyPage');
	stream.append(4);
	const fetchPage = stream.fetchPage;
	const first = await drain(START_CURSOR, {
		...UNBOUNDED,
		...sizesOf(stream),
		isWanted: all,
		maxEvents: Infinity,
		fetchPage: async (token, size) => {
			// The server repeats e4 at the start of the page after it.
			stream.repeatNext = token === '0:4';
			return await fetchPage(token, size);
		},
	});
	expect(first.cursor).toMatchObject({
		pageToken: '0:4',
		lastEventId: 'e4',
		pageHoldsLastEvent: true,
	});
	stream.events.push({ ...makeEvent(5), event_at: new Date(START_MS).toISOString() });
	expect(ids((await drainAll(stream, first.cursor)).emitted)).toEqual(['e5']);
});

describe('malformed elements (issue 10, item 6)', () => {
	test('an element without an id read last, then an expired token: the re-read finds the last event with an id', async () => {
		const stream = fakeStream(2);
		stream.append(2);
		stream.events.push(null as unknown as IDataObject);
		const first = await drainAll(stream, START_CURSOR);
		// Appended later, but time-stamped before everything else.
		stream.events.push({ ...makeEvent(4), event_at: new Date(START_MS).toISOString() });
		stream.expire();
		expect(ids((await drainAll(stream, first.cursor)).emitted)).toEqual(['e4']);
	});

	test('an element without an id after the last event on a re-read page: the next drain starts after it', async () => {
		const stream = fakeStream(2);
		stream.append(5);
		const first = await drainAll(stream, START_CURSOR);
		stream.events.push(null as unknown as IDataObject);
		stream.append(1);
		stream.expire();
		const second = await drainAll(stream, first.cursor, { largePageSize: 10 });
		expect(ids(second.emitted)).toEqual(['e7']);
		expect((await drainAll(stream, second.cursor)).emitted).toEqual([]);
	});

	test('elements that are not events are counted and passed over, once', async () => {
		const stream = fakeStream(3);
		stream.append(2);
		stream.events.splice(1, 0, null as unknown as IDataObject, 7 as unknown as IDataObject);
		const first = await drainAll(stream, START_CURSOR);
		expect(ids(first.emitted)).toEqual(['e1', 'e2']);
		expect(first.malformed).toBe(2);
		const again = await drainAll(stream, first.cursor);
		expect(again.emitted).toEqual([]);
		expect(again.malformed).toBe(0);
	});

	test('events without a string event_id are emitted once each, never merged', async () => {
		const stream = fakeStream(2);
		stream.events.push(
			{ kind: 'A' },
			{ kind: 'A' },
			{ event_id: 5, kind: 'B' },
			{ event_id: '', kind: 'C' },
		);
		const first = await drainAll(stream, START_CURSOR);
		expect(first.emitted).toEqual(stream.events);
		expect((await drainAll(stream, first.cursor)).emitted).toEqual([]);
		stream.append(1);
		expect(ids((await drainAll(stream, first.cursor)).emitted)).toEqual(['e5']);
	});
});
