import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { setPairedItem } from '../shared';
import { toMethod } from './method';
import { checkWebhookResponse, readWebhookId, sendWebhookId, webhookIdField } from './webhookId';

/** SmartSuite answers `{}` (its reference: "200 Ok"): say what was deleted instead. */
async function outputDeleted(this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
	return [{ json: { deleted: true, webhook_id: readWebhookId(this) } }];
}

export const deleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a webhook',
	description: 'Delete a webhook together with all its stored events',
	routing: {
		send: { preSend: [toMethod('DeleteWebhook'), sendWebhookId] },
		output: {
			postReceive: [
				checkWebhookResponse('DeleteWebhook', 'delete the webhook', { anyBody: true }),
				outputDeleted,
				setPairedItem,
			],
		},
	},
};

export const deleteFields: INodeProperties[] = [
	...webhookIdField(
		'delete',
		'All events the webhook has stored are deleted with it and cannot be listed afterwards',
	),
];
