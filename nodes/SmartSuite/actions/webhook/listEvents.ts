import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import {
	hasNextPage,
	notAPageError,
	readEventsPage,
	repeatedTokenError,
} from '../../shared/events';
import { requireWholeNumber } from '../../shared/numbers';
import { readLimit, returnAllFields, setPairedItem } from '../shared';
import { toMethod } from './method';
import { checkWebhookResponse, readWebhookId, webhookIdField } from './webhookId';

const showOnlyForListEvents = {
	resource: ['webhook'],
	operation: ['listEvents'],
};

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

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

	const events: IDataObject[] = [];
	const requestedTokens = new Set<string>();
	let pageToken = '';
	for (;;) {
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
		events.push(...page.events);
		if (!hasNextPage(page) || events.length >= limit) break;
		if (requestedTokens.has(page.nextPageToken))
			throw repeatedTokenError(node, page.nextPageToken, itemIndex);
		pageToken = page.nextPageToken;
	}
	return await setPairedItem.call(
		this,
		events.slice(0, limit).map((json) => ({ json })),
	);
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
