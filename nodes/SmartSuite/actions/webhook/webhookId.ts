import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	PostReceiveAction,
} from 'n8n-workflow';

import { requireId } from '../../shared/ids';
import { checkResponse } from '../shared';

/** The Webhook ID field of one operation; `hint` says what the operation does with it. */
export function webhookIdField(operation: string, hint?: string): INodeProperties {
	return {
		displayName: 'Webhook ID',
		name: 'webhookId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '5d1d8a6e-3f6b-4a51-9d1e-2a3b4c5d6e7f',
		description: 'ID of the webhook, as returned when it was created',
		hint,
		displayOptions: { show: { resource: ['webhook'], operation: [operation] } },
	};
}

export function readWebhookId(context: IExecuteSingleFunctions): string {
	return requireId(context.getNode(), context.getNodeParameter('webhookId', ''), 'Webhook ID', context.getItemIndex());
}

/** preSend of get and delete: checks the id before any request and sends it. */
export async function sendWebhookId(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	requestOptions.body = { webhook_id: readWebhookId(this) };
	return requestOptions;
}

/** `checkResponse` for a webhook operation; `action` completes "SmartSuite failed to …". */
export function checkWebhookResponse(action: string): PostReceiveAction {
	return checkResponse(function () {
		return {
			action,
			notFound: `The webhook "${readWebhookId(this)}" does not exist or was deleted`,
			notFoundHint:
				'Check the Webhook ID and that it belongs to the workspace of the credential. SmartSuite deletes a webhook whose events were not listed for 14 days.',
		};
	});
}
