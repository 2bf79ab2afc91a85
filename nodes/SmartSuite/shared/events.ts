import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** One ListEvents answer, with proto3's omitted empty fields filled in. */
export interface EventsPage {
	events: IDataObject[];
	/** '' when the answer carried no token. */
	nextPageToken: string;
}

/**
 * Reads a ListEvents body. The API is proto3 JSON: an empty `events` list or token may be
 * omitted, so a missing `events` is [] and a missing `next_page_token` is ''.
 * Returns undefined when the body does not have that shape at all.
 */
export function readEventsPage(body: IDataObject): EventsPage | undefined {
	const events = body.events ?? [];
	const token = body.next_page_token ?? '';
	if (!Array.isArray(events) || (typeof token !== 'string' && typeof token !== 'number')) {
		return undefined;
	}
	return { events: events as IDataObject[], nextPageToken: String(token) };
}

/**
 * Whether another page may hold events. The end of the stream is signalled by an empty token,
 * a missing token, or an empty page that still carries a token: all three end the walk.
 */
export function hasNextPage(page: EventsPage): boolean {
	return page.nextPageToken !== '' && page.events.length > 0;
}

export function eventId(event: IDataObject): string {
	return String(event.event_id ?? '');
}

/** A ListEvents answer without a list of events. */
export function notAPageError(node: INode, itemIndex?: number): NodeApiError {
	const message = 'SmartSuite sent an answer that is not a page of events';
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description:
			'The answer to ListEvents has no list of events. This is usually a temporary problem of the service or of a proxy in between: try again.',
		itemIndex,
	});
}

/** A stream that points back to a page already read would be read forever, at the user's cost. */
export function repeatedTokenError(node: INode, token: string, itemIndex?: number): NodeApiError {
	const message =
		'SmartSuite repeated a page token, so reading the events stopped to avoid looping';
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description: `The page token "${token}" was already requested while reading this webhook's events, and SmartSuite sent more events with it. Try again later; if it persists, report it to SmartSuite.`,
		itemIndex,
	});
}
