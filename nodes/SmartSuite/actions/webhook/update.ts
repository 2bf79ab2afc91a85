import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { callWebhooks, readWebhook, webhookSubject } from '../../shared/directory';
import { KINDS } from '../../shared/scope';
import { unwrapWebhook } from '../../shared/webhooks';
import { eachWebhookItem } from './shown';
import { readNotificationUrl } from './create';
import { readWebhookId, webhookIdField } from './webhookId';

const show = { resource: ['webhook'], operation: ['update'] };

/** What the item asks to change, checked before any request; what it leaves out stays as it is. */
interface Changes {
	/** Empty: the webhook's current kinds. */
	kinds: string[];
	notifications: 'keep' | 'send' | 'off';
	url: string;
}

function changesOf(context: IExecuteFunctions, itemIndex: number): Changes {
	const kinds = context.getNodeParameter('events', itemIndex, []) as unknown;
	if (!Array.isArray(kinds)) {
		throw new NodeOperationError(context.getNode(), 'The Events must be a list of kinds', {
			description: `Give a list such as ["RECORD_CREATED"], or leave it empty to keep the webhook's kinds.`,
			itemIndex,
		});
	}
	const notifications = context.getNodeParameter('notifications', itemIndex, 'keep') as string;
	if (!['keep', 'send', 'off'].includes(notifications)) {
		throw new NodeOperationError(context.getNode(), 'Notifications must be keep, send or off', {
			description: `It is "${notifications}".`,
			itemIndex,
		});
	}
	return {
		kinds: kinds.map(String),
		notifications: notifications as Changes['notifications'],
		url: notifications === 'send' ? readNotificationUrl(context, itemIndex) : '',
	};
}

/** The whole webhook UpdateWebhook takes: the current one with the item's changes. */
function updatedWebhook(webhookId: string, current: IDataObject, changes: Changes): IDataObject {
	const { locator, filter } = current;
	const kinds = changes.kinds.length > 0 ? changes.kinds : current.kinds;
	const notification_status = {
		keep: current.notification_status ?? { disabled: {} },
		send: { enabled: { url: changes.url } },
		off: { disabled: {} },
	}[changes.notifications];
	return { webhook_id: webhookId, locator, filter, kinds, notification_status };
}

export const updateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update the event kinds or notifications of a webhook',
	description:
		'Change the event kinds a webhook collects and where it sends notifications; it keeps what it watches and its stored events',
};

/**
 * SmartSuite's UpdateWebhook takes the whole webhook (id, kinds, locator, filter, notification
 * status): the webhook is read first (GetWebhook), and keeps all the item does not change. The
 * output is the updated webhook SmartSuite answers, or (an answer without it, "200 Ok") what was set.
 */
export async function executeUpdate(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachWebhookItem(this, async (_client, itemIndex) => {
		const webhookId = readWebhookId(this, itemIndex);
		const changes = changesOf(this, itemIndex);
		const current = await readWebhook(this, webhookId, itemIndex);
		const webhook = updatedWebhook(webhookId, current, changes);
		const answer = await callWebhooks(
			this,
			'UpdateWebhook',
			{ webhook },
			webhookSubject(webhookId, 'update the webhook'),
			{ anyBody: true, itemIndex },
		);
		const updated = unwrapWebhook(answer);
		if ('webhook_id' in updated) return [updated];
		const { kinds, notification_status } = webhook;
		return [{ updated: true, webhook_id: webhookId, kinds, notification_status }];
	});
}

/** The kinds to pick from, the webhook's current ones marked (the Webhook chosen above). */
async function getWebhookKinds(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	let current: unknown[] = [];
	try {
		const webhookId = this.getCurrentNodeParameter('webhookId', { extractValue: true });
		if (typeof webhookId === 'string' && webhookId.trim() !== '') {
			const webhook = await readWebhook(this, webhookId.trim());
			if (Array.isArray(webhook.kinds)) current = webhook.kinds;
		}
	} catch {
		// No webhook chosen yet, or it cannot be read: the kinds without marks.
	}
	return KINDS.map((kind) => ({
		name: current.includes(kind.value) ? `${kind.name} (collected now)` : kind.name,
		value: kind.value,
	}));
}

export const webhookLoadOptions = { getWebhookKinds };

export const updateFields: INodeProperties[] = [
	...webhookIdField(
		'update',
		'Its solution, tables or fields and its stored events stay as they are',
	),
	{
		displayName: 'Events Names or IDs',
		name: 'events',
		type: 'multiOptions',
		typeOptions: {
			loadOptionsMethod: 'getWebhookKinds',
			loadOptionsDependsOn: ['webhookId.value'],
		},
		default: [],
		description:
			'Kinds of changes the webhook collects from now on (they replace its current ones, marked "collected now" in the list). Empty keeps its current kinds. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show },
	},
	{
		displayName: 'Notifications',
		name: 'notifications',
		type: 'options',
		options: [
			{
				name: 'Keep as They Are',
				value: 'keep',
				description: 'The webhook keeps notifying where it does now, or stays silent',
			},
			{
				name: 'Send to a URL',
				value: 'send',
				description: 'SmartSuite POSTs a short notice to the URL after each change',
			},
			{
				name: 'Switch Off',
				value: 'off',
				description: 'No notices; the webhook still collects events',
			},
		],
		default: 'keep',
		displayOptions: { show },
	},
	{
		displayName: 'Notification URL',
		name: 'notificationUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://example.com/hooks/smartsuite',
		description: 'Where SmartSuite POSTs {"webhookId", "locator"} after each change',
		displayOptions: { show: { ...show, notifications: ['send'] } },
	},
	{
		displayName:
			'A SmartSuite Trigger that uses this webhook gets no more changes until its workflow is published again. Events are still collected.',
		name: 'notificationsOffNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { ...show, notifications: ['off'] } },
	},
];
