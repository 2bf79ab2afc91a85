import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Page } from '../shared/pages';
import { appendUpTo, hasNextPage } from '../shared/pages';

/**
 * One run outputs at most this many items: n8n holds them all in memory, and passes a node's
 * output as the arguments of one call in places (RoutingNode), which fails with "Maximum call
 * stack size exceeded" from about 125,000 items.
 */
export const MAX_ITEMS_PER_RUN = 100_000;

/** How one list operation (List Events, List) reads its pages. */
export interface PagedList {
	/** What the pages hold, for messages: 'events', 'webhooks'. */
	noun: string;
	/** Where the items come from, for messages: 'The webhook', 'The solution'. */
	source: string;
	/** Items to return: Infinity for Return All. */
	limit: number;
	/** Most requests one run makes. */
	maxPages: number;
	/** What to do when `maxPages` is not enough. */
	maxPagesHint: string;
	/** Sends the request for one page and returns the checked answer; `wanted` is how many items the limit still needs. */
	fetch(pageToken: string, wanted: number): Promise<IDataObject>;
	/** The page in a checked answer; undefined when the answer is not a page. */
	read(answer: IDataObject): Page | undefined;
	/** The page's elements that are items (the others are passed over); all of them when absent. */
	keep?(elements: IDataObject[]): IDataObject[];
	notAPage(): Error;
}

/**
 * Walks the pages from the first, for one input item. Bounded three ways: by the limit, by
 * `maxPages`, and by a token already requested (a page pointing back to one already read).
 */
export async function readPages(
	node: INode,
	itemIndex: number,
	list: PagedList,
): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	const requestedTokens = new Set<string>();
	let pageToken = '';
	for (let pages = 1; ; pages++) {
		requestedTokens.add(pageToken);
		const page = list.read(await list.fetch(pageToken, list.limit - items.length));
		if (!page) throw list.notAPage();
		// One more than a run can output tells "exactly that many" from "too many".
		appendUpTo(
			items,
			list.keep ? list.keep(page.items) : page.items,
			Math.min(list.limit, MAX_ITEMS_PER_RUN + 1),
		);
		if (items.length > MAX_ITEMS_PER_RUN) throw tooManyItemsError(node, list, itemIndex);
		if (!hasNextPage(page, page.items.length) || items.length >= list.limit) break;
		if (requestedTokens.has(page.nextPageToken)) throw repeatedTokenError(node, list, itemIndex);
		if (pages >= list.maxPages) throw tooManyPagesError(node, list, itemIndex);
		pageToken = page.nextPageToken;
	}
	return items;
}

/**
 * A stream that points back to a page already read would be read forever, at the user's cost.
 * The token is not quoted: it is the server's text, and of no use to the user.
 */
function repeatedTokenError(node: INode, { noun }: PagedList, itemIndex: number): NodeApiError {
	const message = `SmartSuite repeated a page token, so reading the ${noun} stopped to avoid looping`;
	return new NodeApiError(
		node,
		{ message },
		{
			message,
			description: `SmartSuite pointed back to a page already read, and sent more ${noun} with it. Try again later; if it persists, report it to SmartSuite.`,
			itemIndex,
		},
	);
}

/** A stream that goes on and on (a server handing out new tokens for ever) ends here. */
function tooManyPagesError(
	node: INode,
	{ noun, maxPages, maxPagesHint }: PagedList,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(node, `Stopped after reading ${maxPages} pages of ${noun}`, {
		description: `SmartSuite still had more pages. ${maxPagesHint}`,
		itemIndex,
	});
}

function tooManyItemsError(
	node: INode,
	{ noun, source }: PagedList,
	itemIndex: number,
): NodeOperationError {
	const most = MAX_ITEMS_PER_RUN.toLocaleString('en-US');
	return new NodeOperationError(
		node,
		`${source} holds more than ${most} ${noun}, more than one run can output`,
		{
			description:
				'n8n fails on more items from one node at once. Turn off Return All and set a Limit (the oldest come first).',
			itemIndex,
		},
	);
}
