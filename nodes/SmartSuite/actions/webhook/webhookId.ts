import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireId } from '../../shared/ids';
import { solutionLocator, webhookLocator } from '../../shared/locators';

/**
 * The Webhook of one operation (a resource locator; workflows saved when it was a plain string
 * still run: the string is its value), with the Solution whose webhooks "From list" shows.
 * `hint` says what the operation does with it.
 */
export function webhookIdField(operation: string, hint?: string): INodeProperties[] {
	const displayOptions = { show: { resource: ['webhook'], operation: [operation] } };
	return [
		solutionLocator({
			displayOptions,
			required: false,
			description:
				'Only used to list its webhooks under Webhook > From List; not needed with a webhook ID',
		}),
		webhookLocator({ displayOptions, hint }),
	];
}

/** The item's Webhook, checked before any request. */
export function readWebhookId(context: IExecuteFunctions, itemIndex: number): string {
	const value = context.getNodeParameter('webhookId', itemIndex, '', { extractValue: true });
	return requireId(context.getNode(), value, 'Webhook', itemIndex);
}
