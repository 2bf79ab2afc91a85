import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { hasNextPage, readEventsPage } from '../../helpers/events';
import { webhooksPath } from '../../transport';
import { setPairedItem } from '../shared';
import { checkWebhookResponse, readWebhookId, webhookIdField } from './webhookId';

const showOnlyForListEvents = { resource: ['webhook'], operation: ['listEvents'] };

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

/** A number parameter that must be a whole number in [min, max]; checked before any request. */
function wholeNumber(
	context: IExecuteSingleFunctions,
	name: string,
	label: string,
	fallback: number,
	max: number,
): number {
	const value = context.getNodeParameter(name, fallback);
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
		throw new NodeOperationError(
			context.getNode(),
			`The parameter "${label}" must be a whole number from 1 to ${max}`,
			{ description: `It is ${JSON.stringify(value)}.`, itemIndex: context.getItemIndex() },
		);
	}
	return value;
}

function walkError(context: IExecuteSingleFunctions, message: string, description: string): NodeApiError {
	return new NodeApiError(context.getNode(), { message } as JsonObject, {
		message,
		description,
		itemIndex: context.getItemIndex(),
	});
}

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
	const pageSize = wholeNumber(this, 'options.pageSize', 'Page Size', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
	const limit = this.getNodeParameter('returnAll', false)
		? Infinity
		: wholeNumber(this, 'limit', 'Limit', 50, Number.MAX_SAFE_INTEGER);

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
		if (!page) {
			throw walkError(
				this,
				'SmartSuite sent an answer that is not a page of events',
				'The answer to the request to list the events has no list of events. This is usually a temporary problem of the service or of a proxy in between: try again.',
			);
		}
		events.push(...page.events);
		if (!hasNextPage(page) || events.length >= limit) break;
		if (requestedTokens.has(page.nextPageToken)) {
			throw walkError(
				this,
				'SmartSuite repeated a page token, so listing stopped to avoid looping',
				`The token "${page.nextPageToken}" was already requested while listing the events of webhook "${webhookId}", and SmartSuite sent more events with it. Try again later; if it persists, report it to SmartSuite.`,
			);
		}
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
		request: { url: webhooksPath('ListEvents') },
		send: { paginate: true },
		operations: { pagination: listEventPages },
		output: { postReceive: [checkWebhookResponse('list the events')] },
	},
};

export const listEventsFields: INodeProperties[] = [
	webhookIdField(
		'listEvents',
		'Listing does not remove events, and it keeps the webhook from expiring',
	),
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: { show: showOnlyForListEvents },
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { ...showOnlyForListEvents, returnAll: [false] } },
	},
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
