import type { IDataObject } from 'n8n-workflow';

import type { EventsPage } from '../shared/events';
import { hasNextPage } from '../shared/events';
import { isJsonObject } from '../shared/transport';
import type { Cursor, PlacedEvent } from './cursor';
import { afterEvents, afterPage, eventKey, usableId } from './cursor';
import type { PageRead } from './pages';
import { SAFE_PAGE_SIZE, judgePage } from './pages';

/** A page, or the error that stopped it. `tokenRejected`: a 400, i.e. an expired page token. */
export type PageAnswer = { page: EventsPage } | { error: Error; tokenRejected: boolean };

export interface DrainOptions {
	fetchPage: (pageToken: string, pageSize: number) => Promise<PageAnswer>;
	/** Events to emit; the others are processed (the cursor moves past them) but not emitted. */
	isWanted: (event: IDataObject) => boolean;
	/** Stop after emitting this many (Infinity: read to the end of the stream). */
	maxEvents: number;
	/** Events asked for from a position that starts after the last event (the user's Page Size). */
	pageSize: number;
	/** Events asked for while catching up: after a full page, and to re-read a page already read. */
	largePageSize: number;
	/** Milliseconds left in the poll's budget: once 0, no further page is requested. */
	timeLeft: () => number;
	/** Most pages read. */
	maxPages: number;
}

export interface DrainResult {
	/** New wanted events, oldest first. */
	emitted: IDataObject[];
	/** Never past a wanted event that is not in `emitted`. */
	cursor: Cursor;
	/** The failure that ended the drain early; `cursor` still covers what was read before it. */
	error?: Error;
	/** Whether it read up to the end of the stream (not stopped by an error or `maxEvents`). */
	reachedEnd: boolean;
	/**
	 * Why the drain stopped before the end of the stream without a failure: the poll's time or
	 * page budget ran out, or the server sent a page token already requested (a loop, read as
	 * the end). The next poll continues from `cursor`.
	 */
	stopped?: 'budget' | 'repeatedToken';
	/** Elements of `events` passed over because they are not events (null, a number, a list…). */
	malformed: number;
	/** A page size SmartSuite refused (400) where SAFE_PAGE_SIZE was then read: asked at most that from now on. */
	refusedPageSize?: number;
	/** SmartSuite refused the saved page token (400): the stream was read again from its first page. */
	tokenRefused?: boolean;
}

/** The last event processed before the page being read: events up to it there are old. */
interface Anchor {
	id: string;
	at: string;
	/**
	 * false: the cursor's page starts after it, so every event there is new (whatever its time).
	 * true: it should be on this page or a later one (the cursor's page was read with it, maybe
	 * with another page size, or the stream is read again from the first page after a token
	 * expired): it is looked for on every page. Events before it in stream order are old whatever
	 * their time; only when the stream ends without it are they judged by time.
	 */
	scanning: boolean;
}

/** An event read while the anchor had not turned up yet, new if it never does. */
interface LaterEvent {
	event: IDataObject;
	token: string;
	index: number;
}

/**
 * Reads the stream from `from` to its end (or to `maxEvents`), emitting each new wanted event
 * once: events up to the anchor, and events already processed (`recentIds`, or earlier in this
 * drain) are skipped, so repeats across pages and re-reads after an expired token emit nothing twice.
 * The end is a page without a next token, an empty page, or a page shorter than the server
 * serves (nothing followed it): a poll that finds fewer new events than a page is one request.
 * A page shorter than a server that caps its pages serves ends the read too when its cap is not
 * known yet (see `judgePage`): the rest follows at the next read, from that page's token.
 * An element that is not an event is passed over (counted in `malformed`), never stalls it.
 */
export async function drain(from: Cursor, options: DrainOptions): Promise<DrainResult> {
	const { fetchPage, isWanted, maxEvents, timeLeft, maxPages } = options;
	const emitted: IDataObject[] = [];
	const processed = new Set(from.recentIds);
	let cursor = from;
	let served = from.served;
	let token = from.pageToken;
	/** Page sizes above what SmartSuite was seen to accept are not asked for. */
	const ask = (size: number) => (served.maxAsk > 0 ? Math.min(size, served.maxAsk) : size);
	const largePageSize = () => ask(options.largePageSize);
	let pageSize = ask(firstPageSize(from, options));
	/** A page size refused (400) and tried smaller at the same token, until a page comes (then it was the size). */
	let sizeRetry: { size: number; maxAskBefore: number } | undefined;
	let refusedPageSize: number | undefined;
	let tokenRefused = false;
	let anchor = anchorAt(from, from.pageHoldsLastEvent);
	let requested = new Set<string>();
	let restarted = false;
	/** The page before, when the drain read on after it although it was shorter or longer than asked. */
	let readOnFrom: PageRead | undefined;
	let pagesRead = 0;
	let malformed = 0;
	/**
	 * Elements of the cursor's page already passed: those without an id, which only their place
	 * tells apart, are skipped by it (ids would run out of the recent ones in a long run of them).
	 */
	let passedOnPage = from.pageHoldsLastEvent ? from.heldCount : 0;
	/** While the anchor is looked for: events later than it, in stream order. */
	let laterThanAnchor: LaterEvent[] = [];
	/** Elements handled since the cursor last moved past them: it moves once per page (`settled`). */
	let handled: PlacedEvent[] = [];
	const settled = () => {
		cursor = afterEvents(cursor, handled);
		handled = [];
		return cursor;
	};
	const result = (fields: Partial<Pick<DrainResult, 'error' | 'reachedEnd' | 'stopped'>>) => {
		const at = settled();
		return {
			emitted,
			cursor: {
				...(anchor?.scanning ? scanProgress(at, laterThanAnchor[0]?.token ?? token) : at),
				served,
			},
			reachedEnd: false,
			malformed,
			...(refusedPageSize ? { refusedPageSize } : {}),
			...(tokenRefused ? { tokenRefused } : {}),
			...fields,
		};
	};
	/** Passes over one element (emitting it when it is a wanted event); false at `maxEvents`. */
	const handle = (event: unknown, pageToken: string, index: number): boolean => {
		const key = eventKey(event, pageToken, index);
		if (processed.has(key)) return true;
		processed.add(key);
		handled.push({ event, pageToken, index });
		if (!isJsonObject(event)) malformed++;
		else if (isWanted(event)) emitted.push(event);
		return emitted.length < maxEvents;
	};

	for (;;) {
		if (pagesRead > 0 && (pagesRead >= maxPages || timeLeft() <= 0))
			return result({ stopped: 'budget' });
		requested.add(token);
		const answer = await fetchPage(token, pageSize);
		if ('error' in answer) {
			// A 400: the page size may be above SmartSuite's maximum (undocumented), or the token unknown.
			if (answer.tokenRejected && !sizeRetry && pageSize > SAFE_PAGE_SIZE) {
				// The same position, with the page size of SmartSuite's examples.
				sizeRetry = { size: pageSize, maxAskBefore: served.maxAsk };
				pageSize = SAFE_PAGE_SIZE;
				served = { ...served, maxAsk: SAFE_PAGE_SIZE };
				continue;
			}
			if (answer.tokenRejected && token !== '' && !restarted) {
				// Not the size: the token expired. Tokens are the only way to seek, so start over from the first page.
				if (sizeRetry) served = { ...served, maxAsk: sizeRetry.maxAskBefore };
				sizeRetry = undefined;
				restarted = true;
				tokenRefused = true;
				token = '';
				pageSize = largePageSize();
				anchor = anchorAt(cursor, true);
				laterThanAnchor = [];
				passedOnPage = 0;
				requested = new Set();
				readOnFrom = undefined;
				continue;
			}
			return result({ error: answer.error });
		}

		pagesRead++;
		if (sizeRetry) refusedPageSize = sizeRetry.size;
		sizeRetry = undefined;
		const { page } = answer;
		const read = { asked: pageSize, length: page.events.length };
		// Activation must reach the stream's own end (what follows counts as new): it probes every short page.
		const judged = judgePage(served, read, readOnFrom, from.activationScan);
		served = judged.served;
		// A token already requested would loop: the page is then read as the last one, and the
		// cursor stays on it, so the next poll reads it again and emits only what follows.
		const loops = hasNextPage(page) && requested.has(page.nextPageToken);
		const anchorIndex = anchor ? lastIndexOf(page.events, token, anchor.id) : -1;
		// While the anchor is looked for, only the stream's own end ends the read: a page judged
		// short by mistake would make events after the anchor in stream order look old by time.
		const lookingForAnchor = anchor?.scanning === true && anchorIndex < 0;
		const atEnd = !hasNextPage(page) || (judged.verdict === 'short' && !lookingForAnchor) || loops;
		const ended = { reachedEnd: true, ...(loops ? { stopped: 'repeatedToken' as const } : {}) };
		const endPage = loops ? { ...page, nextPageToken: '' } : page;

		if (anchor && lookingForAnchor) {
			// Read from the cursor's page, whose start never moves, a stream without the anchor
			// starts after it (a server repeated it there): all is new. Read again from the first
			// page, only the events later than it are.
			const { at } = anchor;
			for (let index = 0; index < page.events.length; index++) {
				const event = page.events[index];
				if (isJsonObject(event) && (!restarted || isLater(event, at)))
					laterThanAnchor.push({ event, token, index });
			}
			if (atEnd) {
				// The stream ended without the anchor: those events are new. All of them are emitted
				// (past Max Events per Poll): the cursor cannot stop between them.
				for (const later of laterThanAnchor) handle(later.event, later.token, later.index);
				anchor = undefined;
				cursor = afterPage(settled(), token, endPage);
				return result(ended);
			}
		} else {
			// The page holds the last event: say so, the events after it (with an id or not) follow it.
			if (anchorIndex >= 0)
				cursor = {
					...cursor,
					pageToken: token,
					pageHoldsLastEvent: true,
					heldCount: anchorIndex + 1,
				};
			// An index loop: iterating `entries()` cost ten times as much on a page of 1,000 events.
			for (let index = anchorIndex + 1; index < page.events.length; index++) {
				const event = page.events[index];
				if (index < passedOnPage && usableId(event) === undefined) continue;
				if (!handle(event, token, index) && index < page.events.length - 1) return result({});
			}
			anchor = undefined;
			laterThanAnchor = [];
			cursor = afterPage(settled(), token, endPage);
			if (atEnd) return result(ended);
			if (emitted.length >= maxEvents) return result({});
		}
		passedOnPage = 0;
		token = page.nextPageToken;
		readOnFrom = read.length === read.asked ? undefined : read;
		// More may follow: catch up with the largest pages.
		pageSize = largePageSize();
	}
}

/**
 * A page that starts after the last event is asked at the user's Page Size. A page that holds
 * it is asked with room for that many events after it, so it holds the last event again.
 */
function firstPageSize(
	from: Cursor,
	{ pageSize, largePageSize }: Pick<DrainOptions, 'pageSize' | 'largePageSize'>,
): number {
	if (!from.pageHoldsLastEvent || from.heldCount === 0) return pageSize;
	return Math.min(largePageSize, from.heldCount + pageSize);
}

function anchorAt(cursor: Cursor, scanning: boolean): Anchor | undefined {
	return cursor.lastEventId
		? { id: cursor.lastEventId, at: cursor.lastEventAt, scanning }
		: undefined;
}

/** The last occurrence: an event repeated on a page must not make the events before it new. */
function lastIndexOf(events: unknown[], pageToken: string, key: string): number {
	for (let index = events.length - 1; index >= 0; index--) {
		if (eventKey(events[index], pageToken, index) === key) return index;
	}
	return -1;
}

/**
 * Where a scan for the anchor that stopped early resumes: at the first page holding an event
 * later than the anchor (it is new if the anchor never turns up), else at the next page to read;
 * the pages passed hold nothing new either way. The anchor is looked for from there.
 */
function scanProgress(cursor: Cursor, pageToken: string): Cursor {
	if (pageToken === cursor.pageToken) return cursor;
	return { ...cursor, pageToken, pageHoldsLastEvent: true, heldCount: 0 };
}

/** Whether the event happened after `at`; false when either time is missing or unreadable. */
function isLater(event: IDataObject, at: string): boolean {
	return Date.parse(String(event.event_at ?? '')) > Date.parse(at);
}
