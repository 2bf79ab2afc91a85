import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readWebhook } from '../../shared/directory';
import { KINDS } from '../../shared/scope';
import { unwrapWebhook } from '../../shared/webhooks';
import { setPairedItem } from '../shared';
import { readNotificationUrl } from './create';
import { toMethod } from './method';
import { checkWebhookResponse, readWebhookId, webhookIdField } from './webhookId';

const show = { resource: ['webhook'], operation: ['update'] };

/** What the update sets: the kinds and the notification status. Checked before any request. */
function changesOf(context: IExecuteSingleFunctions): IDataObject {
	const kinds = context.getNodeParameter('events', []) as unknown;
	if (!Array.isArray(kinds) || kinds.length === 0) {
		throw new NodeOperationError(context.getNode(), 'Choose at least one of the Events', {
			description:
				'UpdateWebhook replaces the kinds of changes the webhook collects: a webhook without kinds would collect nothing. To stop it, delete it.',
			itemIndex: context.getItemIndex(),
		});
	}
	const url = readNotificationUrl(context, true);
	return {
		kinds: kinds.map(String),
		notification_status: url === '' ? { disabled: {} } : { enabled: { url } },
	};
}

/**
 * SmartSuite's UpdateWebhook takes the whole webhook (id, kinds, locator, filter, notification
 * status): the webhook is read first (GetWebhook), and keeps its locator and filter.
 */
async function sendUpdate(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const webhookId = readWebhookId(this);
	const changes = changesOf(this);
	const { locator, filter } = await readWebhook(this, webhookId, this.getItemIndex());
	requestOptions.body = { webhook: { webhook_id: webhookId, locator, filter, ...changes } };
	return requestOptions;
}

/** The updated webhook SmartSuite answers, or (an answer without it, "200 Ok") what was set. */
async function outputUpdated(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		const webhook = unwrapWebhook(item.json);
		return {
			...item,
			json:
				'webhook_id' in webhook
					? webhook
					: { updated: true, webhook_id: readWebhookId(this), ...changesOf(this) },
		};
	});
}

export const updateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update a webhook',
	description:
		'Change the event kinds a webhook collects and where it sends notifications; it keeps what it watches and its stored events',
	routing: {
		send: { preSend: [toMethod('UpdateWebhook'), sendUpdate] },
		output: {
			postReceive: [
				checkWebhookResponse('UpdateWebhook', 'update the webhook', { anyBody: true }),
				outputUpdated,
				setPairedItem,
			],
		},
	},
};

export const updateFields: INodeProperties[] = [
	...webhookIdField(
		'update',
		'Its solution, tables or fields and its stored events stay as they are',
	),
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: KINDS,
		default: [],
		required: true,
		description:
			'Kinds of changes the webhook collects from now on (they replace its current ones)',
		displayOptions: { show },
	},
	{
		displayName: 'Notification URL',
		name: 'notificationUrl',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/hooks/smartsuite',
		description:
			'Where SmartSuite POSTs {"webhookId", "locator"} after each change. Empty switches notifications off; events are still collected.',
		displayOptions: { show },
	},
];
