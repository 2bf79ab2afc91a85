import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { requireId } from '../../shared/ids';
import { solutionLocator } from '../../shared/locators';
import { appendUpTo, readPage } from '../../shared/pages';
import { credentialsOf } from '../../shared/transport';
import { webhooksAddress } from '../../shared/webhooksRoute';
import { checkResponse, readLimit, returnAllFields, setPairedItem } from '../shared';
import { toMethod } from './method';

const showOnlyForList = { resource: ['webhook'], operation: ['list'] };
const PAGE_SIZE = 50;

function readSolutionId(context: IExecutePaginationFunctions): string {
	return requireId(context.getNode(), context.getNodeParameter('solutionId', '', { extractValue: true }), 'Solution', context.getItemIndex());
}

/** Walks ListWebhooks page by page (as List Events walks its pages) up to the limit. */
async function listWebhookPages(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const solutionId = readSolutionId(this);
	const limit = readLimit(this);
	const webhooks: IDataObject[] = [];
	const requestedTokens = new Set<string>();
	let pageToken = '';
	for (;;) {
		requestedTokens.add(pageToken);
		const body = { solution_id: solutionId, page_size: String(Math.min(PAGE_SIZE, limit - webhooks.length)), page_token: pageToken };
		const [answer] = await this.makeRoutingRequest({ ...requestData, options: { ...requestData.options, body } });
		const page = readPage(answer.json, 'webhooks');
		if (!page) {
			const message = 'SmartSuite sent an answer that is not a page of webhooks';
			throw new NodeApiError(this.getNode(), { message } as JsonObject, { message, description: 'Try again; if it persists, check the Webhooks API Base URL in the credential.', itemIndex: this.getItemIndex() });
		}
		appendUpTo(webhooks, page.items, limit);
		// A token already requested would loop: stop there, as at the end.
		if (!page.nextPageToken || page.items.length === 0 || webhooks.length >= limit || requestedTokens.has(page.nextPageToken)) break;
		pageToken = page.nextPageToken;
	}
	return await setPairedItem.call(this, webhooks.map((json) => ({ json })));
}

export const listOperation: INodePropertyOptions = {
	name: 'List',
	value: 'list',
	action: 'List the webhooks of a solution',
	description: 'List the webhooks of a solution: what each watches, its kinds and status',
	routing: {
		send: { preSend: [toMethod('ListWebhooks')], paginate: true },
		operations: { pagination: listWebhookPages },
		output: {
			postReceive: [
				checkResponse(async function () {
					const address = webhooksAddress(await credentialsOf(this), 'ListWebhooks');
					return { action: 'list the webhooks', address, notFound: 'The solution was not found', notFoundHint: 'Check the Solution and that it belongs to the workspace of the credential.' };
				}),
			],
		},
	},
};

export const listFields: INodeProperties[] = [
	solutionLocator({ displayOptions: { show: showOnlyForList }, description: 'The solution whose webhooks are listed' }),
	...returnAllFields(showOnlyForList),
];
