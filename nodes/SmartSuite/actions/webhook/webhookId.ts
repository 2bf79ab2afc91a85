import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { requireId } from '../../shared/ids';
import { solutionLocator, webhookLocator } from '../../shared/locators';
import type { WebhooksMethod } from '../../shared/webhooksRoute';
import { webhooksAddress } from '../../shared/webhooksRoute';
import type { ResponseCheck } from '../shared';
import { checkResponse } from '../shared';

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

export function readWebhookId(context: IExecuteSingleFunctions): string {
	const value = context.getNodeParameter('webhookId', '', { extractValue: true });
	return requireId(context.getNode(), value, 'Webhook', context.getItemIndex());
}

/** preSend of get and delete: checks the id before any request and sends it. */
export async function sendWebhookId(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	requestOptions.body = { webhook_id: readWebhookId(this) };
	return requestOptions;
}

/** `checkResponse` for a webhook operation; `action` completes "SmartSuite failed to …"; `anyBody`: see parseResponse. */
export function checkWebhookResponse(
	method: WebhooksMethod,
	action: string,
	options: { anyBody?: boolean } = {},
): ResponseCheck {
	return checkResponse(function (credentials) {
		return {
			action,
			address: webhooksAddress(credentials, method),
			notFound: `The webhook "${readWebhookId(this)}" does not exist or was deleted`,
			notFoundHint:
				'Check the Webhook ID and that it belongs to the workspace of the credential. SmartSuite deletes a webhook whose events were not listed for 14 days.',
		};
	}, options);
}
