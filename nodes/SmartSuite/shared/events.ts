import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { hasNextPage as anotherPageMayFollow, readPage } from './pages';

/** One ListEvents answer, with proto3's omitted empty fields filled in. */
export interface EventsPage {
	events: IDataObject[];
	/** '' when the answer carried no token. */
	nextPageToken: string;
}

/** Reads a ListEvents body (see `readPage`); undefined when it is not a page of events. */
export function readEventsPage(body: IDataObject): EventsPage | undefined {
	const page = readPage(body, 'events');
	return page && { events: page.items, nextPageToken: page.nextPageToken };
}

/** Whether another page may hold events (see the rule in `pages.ts`). */
export function hasNextPage(page: EventsPage): boolean {
	return anotherPageMayFollow(page, page.events.length);
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
