import type {
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { unwrapWebhook } from '../../shared/webhooks';
import { setPairedItem } from '../shared';
import { toMethod } from './method';
import { checkWebhookResponse, sendWebhookId, webhookIdField } from './webhookId';

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
		output: { postReceive: [checkWebhookResponse('get the webhook'), outputWebhook, setPairedItem] },
	},
};

export const getFields: INodeProperties[] = webhookIdField('get');
