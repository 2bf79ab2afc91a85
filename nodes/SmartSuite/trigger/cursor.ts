/**
 * THE STATE RULE. n8n may drop any state change of a poll that returned nothing: n8n 2.8 saves a
 * trigger's static data only with returned items and after a successful activation poll (the
 * changes of a poll that returned null, or threw, are lost when n8n restarts); n8n 2.41's durable
 * poll cursors commit every poll's state (with its execution when it has one) except that of an
 * activation poll that emitted nothing, and start every poll from what was committed. A restart
 * can come between any two polls. So correctness rests only on state saved together with the
 * items it describes:
 * - the cursor never moves past an event that is not in this poll's items;
 * - what a poll that returns nothing writes (events passed over, the managed webhook's id, when
 *   it was last checked) may be lost, and losing it only costs requests, never an event;
 * - what cannot be known after a loss is found again from the server: the managed webhook by its
 *   scope, read from its first event (it holds only changes made after it was created).
 */
import type { IDataObject } from 'n8n-workflow';

import type { EventsPage } from '../shared/events';
import { isJsonObject } from '../shared/transport';
import type { ServedPages } from './pages';
import { NOTHING_SERVED, readServedPages } from './pages';

/**
 * Where the next poll resumes. Page tokens are opaque: they are only ever sent back.
 * Invariant: every event up to `lastEventId` is accounted for (emitted or passed over), and the
 * page at `pageToken` either holds `lastEventId` (`pageHoldsLastEvent`) or starts after it.
 * Asked again with at least `heldCount` events, that page holds `lastEventId` again: the events
 * after it there are new, so a poll that finds fewer new events than a page costs one request
 * even when the stream ends without a token (the page is re-read, never skipped).
 */
export interface Cursor {
	/** Token of the page to request first ('' = the first page). */
	pageToken: string;
	/** '' before any event was processed. */
	lastEventId: string;
	/**
	 * Whether the page at `pageToken` was read with `lastEventId` on it. Re-read with another page
	 * size (the user changed Page Size) it may not be there: then it is looked for further on.
	 */
	pageHoldsLastEvent: boolean;
	/** With `pageHoldsLastEvent`: events of that page up to and including the last event (0: unknown). */
	heldCount: number;
	lastEventAt: string;
	/** Ids of the last events processed, oldest first: an event repeated on a later page is dropped. */
	recentIds: string[];
	/** What SmartSuite was seen to serve per page. */
	served: ServedPages;
	/**
	 * The activation with "New Events" has not reached the end of the stream yet: every event
	 * up to where it does counts as stored before activation (passed over, never emitted).
	 */
	activationScan: boolean;
}

/** Enough to catch an event repeated across pages, small enough to keep the state under 1 KB. */
export const RECENT_IDS_KEPT = 10;

export const START_CURSOR: Cursor = {
	pageToken: '',
	lastEventId: '',
	pageHoldsLastEvent: false,
	heldCount: 0,
	lastEventAt: '',
	recentIds: [],
	served: NOTHING_SERVED,
	activationScan: false,
};

/**
 * What tells an element of the stream from the others: its `event_id`, or for an element without
 * a usable one (not a string, or not an event at all) its position on the page it was read from.
 * Two such elements never merge; but read again from another page token (an expired token, a
 * page repeated by the server) one is not recognised.
 */
export function eventKey(event: unknown, pageToken: string, index: number): string {
	return usableId(event) ?? `(no event_id) #${index} on page "${pageToken}"`;
}

/** The event's `event_id` when it is a non-empty string. */
export function usableId(event: unknown): string | undefined {
	const id = isJsonObject(event) ? event.event_id : undefined;
	return typeof id === 'string' && id !== '' ? id : undefined;
}

/** An element of the stream, where it was read. */
export interface PlacedEvent {
	event: unknown;
	pageToken: string;
	index: number;
}

/** The cursor once `event`, at `index` on the page at `pageToken`, has been processed. */
export function afterEvent(
	cursor: Cursor,
	pageToken: string,
	event: unknown,
	index: number,
): Cursor {
	return afterEvents(cursor, [{ event, pageToken, index }]);
}

/**
 * The cursor once these elements, in order and none of them twice, have been processed: what
 * `afterEvent` gives one after the other, in one step (a drain handles thousands of events per
 * page; a copy of the cursor for each cost as much as reading them). Only the last event with an
 * id and the elements after it move the cursor differently; the others only join the recent ids.
 */
export function afterEvents(cursor: Cursor, events: PlacedEvent[]): Cursor {
	if (events.length === 0) return cursor;
	let from = events.length - 1;
	while (from > 0 && usableId(events[from].event) === undefined) from--;
	let moved = cursor;
	for (const placed of events.slice(from)) moved = placeAfter(moved, placed);
	const keys = events
		.slice(-RECENT_IDS_KEPT)
		.map(({ event, pageToken, index }) => eventKey(event, pageToken, index));
	const recentIds = [...cursor.recentIds.filter((recent) => !keys.includes(recent)), ...keys];
	return { ...moved, recentIds: recentIds.slice(-RECENT_IDS_KEPT) };
}

/** The cursor's place (its recent ids aside) once `event` has been processed. */
function placeAfter(cursor: Cursor, { event, pageToken, index }: PlacedEvent): Cursor {
	const key = usableId(event);
	if (key === undefined) {
		// Nothing finds it again on another page: the last event stays the last one with an id,
		// and this one's place on its page is among the recent ids, so a re-read of the page skips it.
		const holds = cursor.pageHoldsLastEvent && cursor.pageToken === pageToken;
		return { ...cursor, pageToken, pageHoldsLastEvent: holds, heldCount: holds ? index + 1 : 0 };
	}
	return {
		...cursor,
		pageToken,
		lastEventId: key,
		pageHoldsLastEvent: true,
		heldCount: index + 1,
		lastEventAt: String((event as IDataObject).event_at ?? ''),
	};
}

/**
 * The cursor once the whole page at `pageToken` is accounted for. When the page carries a next
 * token, that page starts after all of it: resuming there never reads this page again, and on the
 * last page of an "empty page" stream it makes an idle poll a single request.
 */
export function afterPage(cursor: Cursor, pageToken: string, page: EventsPage): Cursor {
	const last = page.events[page.events.length - 1];
	const atLastEvent =
		last === undefined
			? { ...cursor, pageToken, pageHoldsLastEvent: false, heldCount: 0 }
			: afterEvent(cursor, pageToken, last, page.events.length - 1);
	if (!page.nextPageToken) return atLastEvent;
	return { ...atLastEvent, pageToken: page.nextPageToken, pageHoldsLastEvent: false, heldCount: 0 };
}

/** Whether a drain moved the cursor at all (it may have passed over events without emitting). */
export function movedOn(from: Cursor, to: Cursor): boolean {
	return to.pageToken !== from.pageToken || to.lastEventId !== from.lastEventId;
}

// --- in the node's static data ------------------------------------------------------------

/** The saved cursor, or undefined when nothing is saved yet or it belongs to another webhook. */
export function savedCursor(state: IDataObject, webhookId: string): Cursor | undefined {
	if (state.webhookId !== webhookId) return undefined;
	const text = (value: unknown) => (typeof value === 'string' ? value : '');
	return {
		pageToken: text(state.pageToken),
		lastEventId: text(state.lastEventId),
		// Unknown: look for the last event beyond the first page if it is not there.
		pageHoldsLastEvent: state.pageHoldsLastEvent !== false,
		heldCount:
			Number.isSafeInteger(state.heldCount) && (state.heldCount as number) > 0
				? (state.heldCount as number)
				: 0,
		lastEventAt: text(state.lastEventAt),
		recentIds: Array.isArray(state.recentIds)
			? state.recentIds.filter((id) => typeof id === 'string')
			: [],
		served: readServedPages(state.served),
		activationScan: state.activationScan === true,
	};
}

/**
 * n8n only notices changes to the top-level keys of a node's static data: each value is assigned
 * whole, never mutated in place, or the change would never be saved.
 */
export function saveCursor(state: IDataObject, webhookId: string, cursor: Cursor): void {
	state.webhookId = webhookId;
	state.pageToken = cursor.pageToken;
	state.lastEventId = cursor.lastEventId;
	state.pageHoldsLastEvent = cursor.pageHoldsLastEvent;
	state.heldCount = cursor.heldCount;
	state.lastEventAt = cursor.lastEventAt;
	state.recentIds = [...cursor.recentIds];
	state.served = { ...cursor.served };
	state.activationScan = cursor.activationScan;
}
