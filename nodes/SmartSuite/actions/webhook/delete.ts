import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { callWebhooks, webhookSubject } from '../../shared/directory';
import { eachItem } from '../record/common';
import { readWebhookId, webhookIdField } from './webhookId';

export const deleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a webhook and its stored events',
	description: 'Delete a webhook together with all its stored events (no operation restores them)',
};

export const deleteFields: INodeProperties[] = [
	...webhookIdField(
		'delete',
		'All events the webhook has stored are deleted with it and cannot be listed afterwards',
	),
];

/** DeleteWebhook per item. SmartSuite answers `{}` (its reference: "200 Ok"): the item says what was deleted instead. */
export async function executeDelete(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (_client, itemIndex) => {
		const webhookId = readWebhookId(this, itemIndex);
		await callWebhooks(
			this,
			'DeleteWebhook',
			{ webhook_id: webhookId },
			webhookSubject(webhookId, 'delete the webhook'),
			{ anyBody: true, itemIndex },
		);
		return [{ deleted: true, webhook_id: webhookId }];
	});
}
