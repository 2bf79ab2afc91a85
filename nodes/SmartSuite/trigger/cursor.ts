import type { IDataObject } from 'n8n-workflow';

import type { EventsPage } from '../shared/events';
import { eventId } from '../shared/events';

/**
 * Where the next poll resumes. Page tokens are opaque: they are only ever sent back.
 * Invariant: every event up to `lastEventId` is accounted for (emitted or passed over), and the
 * page at `pageToken` either holds `lastEventId` (`pageHoldsLastEvent`) or starts after it.
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
	lastEventAt: string;
	/** Ids of the last events processed, oldest first: an event repeated on a later page is dropped. */
	recentIds: string[];
}

/** Enough to catch an event repeated across pages, small enough to keep the state under 1 KB. */
export const RECENT_IDS_KEPT = 10;

export const START_CURSOR: Cursor = {
	pageToken: '',
	lastEventId: '',
	pageHoldsLastEvent: false,
	lastEventAt: '',
	recentIds: [],
};

/** The cursor once `event`, read from the page at `pageToken`, has been processed. */
export function afterEvent(cursor: Cursor, pageToken: string, event: IDataObject): Cursor {
	const id = eventId(event);
	return {
		pageToken,
		lastEventId: id,
		pageHoldsLastEvent: true,
		lastEventAt: String(event.event_at ?? ''),
		recentIds: [...cursor.recentIds.filter((recent) => recent !== id), id].slice(-RECENT_IDS_KEPT),
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
			? { ...cursor, pageToken, pageHoldsLastEvent: false }
			: afterEvent(cursor, pageToken, last);
	if (!page.nextPageToken) return atLastEvent;
	return { ...atLastEvent, pageToken: page.nextPageToken, pageHoldsLastEvent: false };
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
		lastEventAt: text(state.lastEventAt),
		recentIds: Array.isArray(state.recentIds)
			? state.recentIds.filter((id) => typeof id === 'string')
			: [],
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
	state.lastEventAt = cursor.lastEventAt;
	state.recentIds = [...cursor.recentIds];
}
