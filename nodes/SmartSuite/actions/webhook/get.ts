import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { readWebhook } from '../../shared/directory';
import { eachWebhookItem } from './shown';
import { readWebhookId, webhookIdField } from './webhookId';

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a webhook',
	description: 'Get a webhook: its filter, event kinds and status',
};

export const getFields: INodeProperties[] = webhookIdField('get');

/** GetWebhook (GetWebhooks where only that spelling is routed) per item: the webhook itself. */
export async function executeGet(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachWebhookItem(this, async (_client, itemIndex) => [
		await readWebhook(this, readWebhookId(this, itemIndex), itemIndex, 'get the webhook'),
	]);
}
