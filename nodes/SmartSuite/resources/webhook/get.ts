import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { isJsonObject, webhooksPath } from '../../transport';
import { setPairedItem } from '../shared';
import { checkWebhookResponse, sendWebhookId, webhookIdField } from './webhookId';

/**
 * GetWebhook wraps the webhook in an object whose name the spec leaves open ({"webhook": {…}}
 * in practice): take the body itself when it is the webhook, else its one wrapped webhook.
 */
export function unwrapWebhook(body: IDataObject): IDataObject {
	if ('webhook_id' in body) return body;
	const values = Object.values(body);
	const [only] = values;
	return values.length === 1 && isJsonObject(only) && 'webhook_id' in only ? only : body;
}

async function outputWebhook(items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return items.map((item) => ({ ...item, json: unwrapWebhook(item.json) }));
}

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a webhook',
	description: 'Get a webhook: its filter, event kinds and status',
	routing: {
		request: { url: webhooksPath('GetWebhook') },
		send: { preSend: [sendWebhookId] },
		output: { postReceive: [checkWebhookResponse('get the webhook'), outputWebhook, setPairedItem] },
	},
};

export const getFields: INodeProperties[] = [webhookIdField('get')];
