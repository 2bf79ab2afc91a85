import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	hasNextPage,
	notAPageError,
	readEventsPage,
	repeatedTokenError,
} from '../../shared/events';
import { requireWholeNumber } from '../../shared/numbers';
import { appendUpTo } from '../../shared/pages';
import { readLimit, returnAllFields, setPairedItem } from '../shared';
import { toMethod } from './method';
import { checkWebhookResponse, readWebhookId, webhookIdField } from './webhookId';

const showOnlyForListEvents = {
	resource: ['webhook'],
	operation: ['listEvents'],
};

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;
/** 100,000 events at the default page size. */
const DEFAULT_MAX_PAGES = 1000;
/**
 * n8n's RoutingNode passes a node's output items as the arguments of one call, which fails with
 * "Maximum call stack size exceeded" from about 125,000 items: one run outputs at most this many.
 */
export const MAX_EVENTS_PER_RUN = 100_000;

/**
 * Runs instead of the single request (`send.paginate`) and walks ListEvents from the first page.
 * makeRoutingRequest runs the operation's postReceive chain, which is only `checkResponse`: each
 * call gives back one item holding the checked page, so `next_page_token` stays readable here,
 * and the events become output items only at the end.
 */
async function listEventPages(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const webhookId = readWebhookId(this);
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const pageSize = requireWholeNumber(
		node,
		this.getNodeParameter('options.pageSize', DEFAULT_PAGE_SIZE),
		'Page Size',
		{ min: 1, max: MAX_PAGE_SIZE },
		itemIndex,
	);
	const limit = readLimit(this);
	const maxPages = requireWholeNumber(
		node,
		this.getNodeParameter('options.maxPages', DEFAULT_MAX_PAGES),
		'Max Pages',
		{ min: 1, max: Number.MAX_SAFE_INTEGER },
		itemIndex,
	);

	const events: IDataObject[] = [];
	const requestedTokens = new Set<string>();
	let pageToken = '';
	for (let pages = 1; ; pages++) {
		requestedTokens.add(pageToken);
		// Never ask for more events than the limit still needs.
		const body = {
			webhook_id: webhookId,
			page_size: String(Math.min(pageSize, limit - events.length)),
			page_token: pageToken,
		};
		const [answer] = await this.makeRoutingRequest({
			...requestData,
			options: { ...requestData.options, body },
		});
		const page = readEventsPage(answer.json);
		if (!page) throw notAPageError(node, itemIndex);
		// One more than a run can output tells "exactly that many" from "too many".
		appendUpTo(events, page.events, Math.min(limit, MAX_EVENTS_PER_RUN + 1));
		if (events.length > MAX_EVENTS_PER_RUN) throw tooManyEventsError(node, itemIndex);
		if (!hasNextPage(page) || events.length >= limit) break;
		if (requestedTokens.has(page.nextPageToken))
			throw repeatedTokenError(node, itemIndex);
		if (pages >= maxPages) throw tooManyPagesError(node, maxPages, itemIndex);
		pageToken = page.nextPageToken;
	}
	return await setPairedItem.call(
		this,
		events.map((json) => ({ json })),
	);
}

function tooManyEventsError(node: INode, itemIndex: number): NodeOperationError {
	return new NodeOperationError(node, `The webhook holds more than ${MAX_EVENTS_PER_RUN.toLocaleString('en-US')} events, more than one run can output`, {
		description:
			'n8n fails on more items from one node at once. Turn off Return All and set a Limit (the oldest events come first), or use the SmartSuite Trigger, which reads the events in batches (Max Events per Poll).',
		itemIndex,
	});
}

/** A stream that goes on and on (a server handing out new tokens for ever) ends here. */
function tooManyPagesError(node: INode, maxPages: number, itemIndex: number): NodeOperationError {
	return new NodeOperationError(node, `Stopped after reading ${maxPages} pages of events (Max Pages)`, {
		description:
			'SmartSuite still had more pages. To read further, raise Max Pages or Page Size under Options; to read fewer events, turn off Return All and set a Limit.',
		itemIndex,
	});
}

export const listEventsOperation: INodePropertyOptions = {
	name: 'List Events',
	value: 'listEvents',
	action: 'List the events of a webhook',
	description: 'List the events a webhook has stored, oldest first',
	routing: {
		send: { preSend: [toMethod('ListEvents')], paginate: true },
		operations: { pagination: listEventPages },
		output: { postReceive: [checkWebhookResponse('ListEvents', 'list the events')] },
	},
};

export const listEventsFields: INodeProperties[] = [
	...webhookIdField(
		'listEvents',
		'Listing does not remove events, and it keeps the webhook from expiring',
	),
	...returnAllFields(showOnlyForListEvents),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOnlyForListEvents },
		options: [
			{
				displayName: 'Max Pages',
				name: 'maxPages',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: DEFAULT_MAX_PAGES,
				description:
					'Most requests one run makes. When SmartSuite has more pages than this, the node stops with an error instead of reading on for ever.',
			},
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_PAGE_SIZE },
				default: DEFAULT_PAGE_SIZE,
				description:
					'How many events to ask for per request. Larger pages use fewer of the API calls your plan allows.',
			},
		],
	},
];
