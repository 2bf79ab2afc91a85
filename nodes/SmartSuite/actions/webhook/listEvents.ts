import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { callWebhooks, webhookSubject } from '../../shared/directory';
import { notAPageError } from '../../shared/events';
import { readPage } from '../../shared/pages';
import { requireWholeNumber } from '../../shared/numbers';
import { readPages } from '../pages';
import { eachItem } from '../record/common';
import { readWholeLimit, returnAllFields } from '../shared';
import { readWebhookId, webhookIdField } from './webhookId';

const showOnlyForListEvents = {
	resource: ['webhook'],
	operation: ['listEvents'],
};

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;
/** 100,000 events at the default page size. */
const DEFAULT_MAX_PAGES = 1000;

export const listEventsOperation: INodePropertyOptions = {
	name: 'List Events',
	value: 'listEvents',
	action: 'List the events of a webhook',
	description: 'List the events a webhook has stored, oldest first',
};

/** List Events' walk per item (see readPages): events from the first page, bounded by Max Pages. */
export async function executeListEvents(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const node = this.getNode();
	return await eachItem(this, async (_client, itemIndex) => {
		const webhookId = readWebhookId(this, itemIndex);
		const pageSize = requireWholeNumber(
			node,
			this.getNodeParameter('options.pageSize', itemIndex, DEFAULT_PAGE_SIZE),
			'Page Size',
			{ min: 1, max: MAX_PAGE_SIZE },
			itemIndex,
		);
		return await readPages(node, itemIndex, {
			noun: 'events',
			source: 'The webhook',
			limit: readWholeLimit(this, itemIndex),
			maxPages: requireWholeNumber(
				node,
				this.getNodeParameter('options.maxPages', itemIndex, DEFAULT_MAX_PAGES),
				'Max Pages',
				{ min: 1, max: Number.MAX_SAFE_INTEGER },
				itemIndex,
			),
			maxPagesHint:
				'To read further, raise Max Pages or Page Size under Options; to read fewer events, turn off Return All and set a Limit.',
			// Never ask for more events than the limit still needs.
			fetch: async (pageToken, wanted) =>
				await callWebhooks(
					this,
					'ListEvents',
					{
						webhook_id: webhookId,
						page_size: String(Math.min(pageSize, wanted)),
						page_token: pageToken,
					},
					webhookSubject(webhookId, 'list the events'),
					{ itemIndex },
				),
			read: (answer) => readPage(answer, 'events'),
			notAPage: () => notAPageError(node, itemIndex),
		});
	});
}

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
