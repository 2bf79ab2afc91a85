import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { callWebhooks, readWebhook, webhookSubject } from '../../shared/directory';
import { KINDS } from '../../shared/scope';
import { unwrapWebhook } from '../../shared/webhooks';
import { eachItem } from '../record/common';
import { readNotificationUrl } from './create';
import { readWebhookId, webhookIdField } from './webhookId';

const show = { resource: ['webhook'], operation: ['update'] };

/** What the update sets: the kinds and the notification status. Checked before any request. */
function changesOf(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const kinds = context.getNodeParameter('events', itemIndex, []) as unknown;
	if (!Array.isArray(kinds) || kinds.length === 0) {
		throw new NodeOperationError(context.getNode(), 'Choose at least one of the Events', {
			description:
				'UpdateWebhook replaces the kinds of changes the webhook collects: a webhook without kinds would collect nothing. To stop it, delete it.',
			itemIndex,
		});
	}
	const url = readNotificationUrl(context, itemIndex, true);
	return {
		kinds: kinds.map(String),
		notification_status: url === '' ? { disabled: {} } : { enabled: { url } },
	};
}

export const updateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update a webhook',
	description:
		'Change the event kinds a webhook collects and where it sends notifications; it keeps what it watches and its stored events',
};

/**
 * SmartSuite's UpdateWebhook takes the whole webhook (id, kinds, locator, filter, notification
 * status): the webhook is read first (GetWebhook), and keeps its locator and filter. The output is
 * the updated webhook SmartSuite answers, or (an answer without it, "200 Ok") what was set.
 */
export async function executeUpdate(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (_client, itemIndex) => {
		const webhookId = readWebhookId(this, itemIndex);
		const changes = changesOf(this, itemIndex);
		const { locator, filter } = await readWebhook(this, webhookId, itemIndex);
		const answer = await callWebhooks(
			this,
			'UpdateWebhook',
			{ webhook: { webhook_id: webhookId, locator, filter, ...changes } },
			webhookSubject(webhookId, 'update the webhook'),
			{ anyBody: true, itemIndex },
		);
		const webhook = unwrapWebhook(answer);
		return [
			'webhook_id' in webhook ? webhook : { updated: true, webhook_id: webhookId, ...changes },
		];
	});
}

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
