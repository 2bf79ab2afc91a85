import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { credentialsOf, sendRequest } from '../../shared/transport';
import { unwrapWebhook } from '../../shared/webhooks';
import { webhooksAddress, withOtherGetWebhookSpelling } from '../../shared/webhooksRoute';
import { setPairedItem } from '../shared';
import { toMethod } from './method';
import { checkWebhookResponse, readWebhookId, sendWebhookId, webhookIdField } from './webhookId';

const checkGetResponse = {
	GetWebhook: checkWebhookResponse('GetWebhook', 'get the webhook'),
	GetWebhooks: checkWebhookResponse('GetWebhooks', 'get the webhook'),
};

/** Checks the answer to GetWebhook, or to GetWebhooks when only that spelling is routed. */
async function checkEitherSpelling(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { response: answer, method } = await withOtherGetWebhookSpelling(response, async () => {
		const credentials = await credentialsOf(this);
		const { baseUrl, path } = webhooksAddress(credentials, 'GetWebhooks');
		const body = { webhook_id: readWebhookId(this) };
		const again = await sendRequest.call(
			this,
			{ baseURL: baseUrl, url: path, body },
			credentials.apiKey,
		);
		return again as IN8nHttpFullResponse;
	});
	return await checkGetResponse[method].call(this, items, answer);
}

/** The webhook itself, out of the answer's wrapper. */
export async function outputWebhook(items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return items.map((item) => ({ ...item, json: unwrapWebhook(item.json) }));
}

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a webhook',
	description: 'Get a webhook: its filter, event kinds and status',
	routing: {
		send: { preSend: [toMethod('GetWebhook'), sendWebhookId] },
		output: { postReceive: [checkEitherSpelling, outputWebhook, setPairedItem] },
	},
};

export const getFields: INodeProperties[] = webhookIdField('get');
