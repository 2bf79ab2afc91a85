import type { IDataObject } from 'n8n-workflow';

import type { EventsPage } from '../shared/events';
import { eventId, hasNextPage } from '../shared/events';
import type { Cursor } from './cursor';
import { afterEvent, afterPage } from './cursor';
import type { PageRead } from './pages';
import { readPage } from './pages';

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
}

/** The last event processed before the page being read: events up to it there are old. */
interface Anchor {
	id: string;
	at: string;
	/**
	 * false: the cursor's page starts after it, so every event there is new (whatever its time).
	 * true: it should be on this page or a later one (the cursor's page was read with it, maybe
	 * with another page size, or the stream is read again from the first page after a token
	 * expired): it is looked for on every page; until it is found, events no later than it are old.
	 */
	scanning: boolean;
}

/**
 * Reads the stream from `from` to its end (or to `maxEvents`), emitting each new wanted event
 * once: events up to the anchor, and events already processed (`recentIds`, or earlier in this
 * drain) are skipped, so repeats across pages and re-reads after an expired token emit nothing twice.
 * The end is a page without a next token, an empty page, or a page shorter than the server
 * serves (nothing followed it): a poll that finds fewer new events than a page is one request.
 */
export async function drain(from: Cursor, options: DrainOptions): Promise<DrainResult> {
	const { fetchPage, isWanted, maxEvents, largePageSize, timeLeft, maxPages } = options;
	const emitted: IDataObject[] = [];
	const processed = new Set(from.recentIds);
	let cursor = from;
	let served = from.served;
	let token = from.pageToken;
	let pageSize = firstPageSize(from, options);
	let anchor = anchorAt(from, from.pageHoldsLastEvent);
	let requested = new Set<string>();
	let restarted = false;
	/** The page before, when the drain read on after it although it was shorter or longer than asked. */
	let readOnFrom: PageRead | undefined;
	let pagesRead = 0;
	const result = (fields: Partial<Pick<DrainResult, 'error' | 'reachedEnd' | 'stopped'>>) => ({
		emitted,
		cursor: { ...cursor, served },
		reachedEnd: false,
		...fields,
	});

	for (;;) {
		if (pagesRead > 0 && (pagesRead >= maxPages || timeLeft() <= 0)) return result({ stopped: 'budget' });
		requested.add(token);
		const answer = await fetchPage(token, pageSize);
		if ('error' in answer) {
			if (answer.tokenRejected && token !== '' && !restarted) {
				// The token expired: tokens are the only way to seek, so start over from the first page.
				restarted = true;
				token = '';
				pageSize = largePageSize;
				anchor = anchorAt(cursor, true);
				requested = new Set();
				readOnFrom = undefined;
				continue;
			}
			return result({ error: answer.error });
		}

		pagesRead++;
		const { page } = answer;
		const read = { asked: pageSize, length: page.events.length };
		const judged = readPage(served, read, readOnFrom);
		served = judged.served;
		const anchorIndex = anchor ? lastIndexOf(page.events, anchor.id) : -1;
		const isOld = (event: IDataObject, index: number) =>
			anchor !== undefined &&
			(anchorIndex >= 0 ? index <= anchorIndex : anchor.scanning && !isLater(event, anchor.at));

		for (const [index, event] of page.events.entries()) {
			const id = eventId(event);
			if (processed.has(id) || isOld(event, index)) continue;
			processed.add(id);
			cursor = afterEvent(cursor, token, event, index);
			if (!isWanted(event)) continue;
			emitted.push(event);
			if (emitted.length >= maxEvents && index < page.events.length - 1) return result({});
		}

		// A token already requested would loop: the page is then read as the last one, and the
		// cursor stays on it, so the next poll reads it again and emits only what follows.
		const loops = hasNextPage(page) && requested.has(page.nextPageToken);
		const atEnd = !hasNextPage(page) || judged.verdict === 'short' || loops;
		if (!anchor?.scanning || anchorIndex >= 0) anchor = undefined;
		// While the anchor is still ahead, later pages may hold events already emitted: stay put.
		// At the end of the stream it never turned up, and every event was judged by its time.
		if (!anchor || atEnd) cursor = afterPage(cursor, token, loops ? { ...page, nextPageToken: '' } : page);
		if (loops) return result({ reachedEnd: true, stopped: 'repeatedToken' });
		if (atEnd) return result({ reachedEnd: true });
		if (emitted.length >= maxEvents) return result({});
		token = page.nextPageToken;
		readOnFrom = read.length === read.asked ? undefined : read;
		// More may follow: catch up with the largest pages.
		pageSize = largePageSize;
	}
}

/**
 * A page that starts after the last event is asked at the user's Page Size. A page that holds
 * it is asked with room for that many events after it, so it holds the last event again.
 */
export function firstPageSize(from: Cursor, { pageSize, largePageSize }: DrainOptions): number {
	if (!from.pageHoldsLastEvent || from.heldCount === 0) return pageSize;
	return Math.min(largePageSize, from.heldCount + pageSize);
}

function anchorAt(cursor: Cursor, scanning: boolean): Anchor | undefined {
	return cursor.lastEventId
		? { id: cursor.lastEventId, at: cursor.lastEventAt, scanning }
		: undefined;
}

/** The last occurrence: an event repeated on a page must not make the events before it new. */
function lastIndexOf(events: IDataObject[], id: string): number {
	for (let index = events.length - 1; index >= 0; index--) {
		if (eventId(events[index]) === id) return index;
	}
	return -1;
}

/** Whether the event happened after `at`; false when either time is missing or unreadable. */
function isLater(event: IDataObject, at: string): boolean {
	return Date.parse(String(event.event_at ?? '')) > Date.parse(at);
}
