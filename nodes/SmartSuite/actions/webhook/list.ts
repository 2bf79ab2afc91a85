import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { entriesOf, notAWebhooksPageError } from '../../shared/directory';
import { requireId } from '../../shared/ids';
import { solutionLocator } from '../../shared/locators';
import { readPage } from '../../shared/pages';
import { webhooksAddress } from '../../shared/webhooksRoute';
import { readPages } from '../pages';
import { checkResponse, readLimit, returnAllFields } from '../shared';
import { toMethod } from './method';

const showOnlyForList = { resource: ['webhook'], operation: ['list'] };
const PAGE_SIZE = 50;
/** 5,000 webhooks: far more than a solution has, few enough to stop a stream that never ends. */
const MAX_PAGES = 100;

function readSolutionId(context: IExecutePaginationFunctions): string {
	return requireId(
		context.getNode(),
		context.getNodeParameter('solutionId', '', { extractValue: true }),
		'Solution',
		context.getItemIndex(),
	);
}

/** Walks ListWebhooks page by page (see readPages) up to the limit. */
async function listWebhookPages(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const solutionId = readSolutionId(this);
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	return await readPages(this, requestData, {
		noun: 'webhooks',
		source: 'The solution',
		limit: readLimit(this),
		maxPages: MAX_PAGES,
		maxPagesHint: 'Try again later; to read fewer webhooks, turn off Return All and set a Limit.',
		body: (pageToken, wanted) => ({
			solution_id: solutionId,
			page_size: String(Math.min(PAGE_SIZE, wanted)),
			page_token: pageToken,
		}),
		read: (answer) => readPage(answer, 'webhooks'),
		keep: (elements) => entriesOf(this, elements, 'webhook_id', 'webhooks'),
		notAPage: () => notAWebhooksPageError(node, itemIndex),
	});
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
				checkResponse(function (credentials) {
					const address = webhooksAddress(credentials, 'ListWebhooks');
					return {
						action: 'list the webhooks',
						address,
						notFound: 'The solution was not found',
						notFoundHint:
							'Check the Solution and that it belongs to the workspace of the credential.',
					};
				}),
			],
		},
	},
};

export const listFields: INodeProperties[] = [
	solutionLocator({
		displayOptions: { show: showOnlyForList },
		description: 'The solution whose webhooks are listed',
	}),
	...returnAllFields(showOnlyForList),
];
