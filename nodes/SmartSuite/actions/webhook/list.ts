import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { callWebhooks, entriesOf, notAWebhooksPageError } from '../../shared/directory';
import { requireHexId } from '../../shared/ids';
import { solutionLocator } from '../../shared/locators';
import { readPage } from '../../shared/pages';
import { readPages } from '../pages';
import { eachWebhookItem } from './shown';
import { readWholeLimit, returnAllFields } from '../shared';
import { getSolution } from '../solution/common';

const showOnlyForList = { resource: ['webhook'], operation: ['list'] };
const PAGE_SIZE = 50;
/** 5,000 webhooks: far more than a solution has, few enough to stop a stream that never ends. */
const MAX_PAGES = 100;

export const listOperation: INodePropertyOptions = {
	name: 'List',
	value: 'list',
	action: 'List the webhooks of a solution',
	description: 'List the webhooks of a solution: what each watches, its kinds and status',
};

/** Walks ListWebhooks page by page (see readPages) up to the limit, per item. */
export async function executeList(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const node = this.getNode();
	return await eachWebhookItem(this, async (client, itemIndex) => {
		const solutionId = requireHexId(
			node,
			this.getNodeParameter('solutionId', itemIndex, '', { extractValue: true }),
			'Solution',
			itemIndex,
		);
		const webhooks = await readPages(node, itemIndex, {
			noun: 'webhooks',
			source: 'The solution',
			limit: readWholeLimit(this, itemIndex),
			maxPages: MAX_PAGES,
			maxPagesHint: 'Try again later; to read fewer webhooks, turn off Return All and set a Limit.',
			fetch: async (pageToken, wanted) =>
				await callWebhooks(
					this,
					'ListWebhooks',
					{
						solution_id: solutionId,
						page_size: String(Math.min(PAGE_SIZE, wanted)),
						page_token: pageToken,
					},
					{
						action: 'list the webhooks',
						notFound: 'The solution was not found',
						notFoundHint:
							'Check the Solution and that it belongs to the workspace of the credential.',
					},
					{ itemIndex },
				),
			read: (answer) => readPage(answer, 'webhooks'),
			keep: (elements) => entriesOf(this, elements, 'webhook_id', 'webhooks'),
			notAPage: () => notAWebhooksPageError(node, itemIndex),
		});
		// SmartSuite lists no webhooks for a solution it does not know (as no tables, Table → Get Many).
		if (webhooks.length === 0) await getSolution(client, solutionId, itemIndex);
		return webhooks;
	});
}

export const listFields: INodeProperties[] = [
	solutionLocator({
		displayOptions: { show: showOnlyForList },
		description: 'The solution whose webhooks are listed',
	}),
	...returnAllFields(showOnlyForList),
];
