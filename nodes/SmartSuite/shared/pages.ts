import type { IDataObject } from 'n8n-workflow';

/** One page of a Twirp list call (ListEvents, ListWebhooks), with proto3's omitted fields filled in. */
export interface Page {
	items: IDataObject[];
	/** '' when the answer carried no token. */
	nextPageToken: string;
}

/**
 * Reads a page whose list is under `key`. The API is proto3 JSON: an empty list or token may be
 * omitted, so a missing list is [] and a missing `next_page_token` is ''.
 * Returns undefined when the body does not have that shape at all.
 */
export function readPage(body: IDataObject, key: string): Page | undefined {
	const items = body[key] ?? [];
	const token = body.next_page_token ?? '';
	if (!Array.isArray(items) || (typeof token !== 'string' && typeof token !== 'number')) {
		return undefined;
	}
	return { items: items as IDataObject[], nextPageToken: String(token) };
}

/**
 * Whether another page may follow. The end of a stream is signalled by an empty token, a missing
 * token, or an empty page that still carries a token: all three end the walk.
 */
export function hasNextPage(page: { nextPageToken: string }, itemCount: number): boolean {
	return page.nextPageToken !== '' && itemCount > 0;
}

/**
 * Appends `items` to `list` until it holds `limit`, one by one: a page may hold any number of
 * items (a server may ignore page_size), more than a call can take as spread arguments.
 */
export function appendUpTo(list: IDataObject[], items: IDataObject[], limit: number): void {
	for (const item of items) {
		if (list.length >= limit) return;
		list.push(item);
	}
}

/**
 * Whether SmartSuite's `total` says an offset-paged list (records, members, teams) is over. The
 * reference calls it the "number of records returned", SmartSuite's own client reads it as all
 * matches: a total equal to the page's count could be either, so then only a short page ends the
 * list (one more request when exactly a whole number of pages match).
 */
export function reachedTotal(answer: unknown, count: number, offset: number): boolean {
	const total =
		typeof answer === 'object' &&
		answer !== null &&
		typeof (answer as IDataObject).total === 'number'
			? ((answer as IDataObject).total as number)
			: undefined;
	return total !== undefined && total !== count && offset >= total;
}
