import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { createWebhook } from '../../shared/directory';
import { KINDS, readScope, scopeFields, webhookToCreate } from '../../shared/scope';
import { credentialsOf } from '../../shared/transport';
import { eachWebhookItem } from './shown';

const showOnlyForCreate = { resource: ['webhook'], operation: ['create'] };

/** The item's Notification URL, trimmed: '' or an http(s) address, checked before any request. */
export function readNotificationUrl(
	context: IExecuteFunctions,
	itemIndex: number,
	allowEmpty = false,
): string {
	const url = String(context.getNodeParameter('notificationUrl', itemIndex, '')).trim();
	if ((allowEmpty && url === '') || /^https?:\/\/\S+$/i.test(url)) return url;
	throw new NodeOperationError(
		context.getNode(),
		'The Notification URL must be an http(s) address',
		{
			description: `It is "${url}".${allowEmpty ? ' Leave it empty to switch notifications off.' : ''}`,
			itemIndex,
		},
	);
}

export const createOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a webhook',
	description:
		'Create a webhook that collects the changes of a solution, some tables, or some fields',
};

/** CreateWebhook per item, after its scope, kinds and URL are checked: the webhook SmartSuite created. */
export async function executeCreate(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const node = this.getNode();
	const { workspaceId } = await credentialsOf(this);
	return await eachWebhookItem(this, async (_client, itemIndex) => {
		const scope = readScope(
			node,
			(name, fallback) => this.getNodeParameter(name, itemIndex, fallback, { extractValue: true }),
			itemIndex,
		);
		const kinds = this.getNodeParameter('kinds', itemIndex, []) as string[];
		if (kinds.length === 0) {
			throw new NodeOperationError(node, 'Choose at least one of the Events', {
				description: 'A webhook collects only the kinds of changes it is created for.',
				itemIndex,
			});
		}
		const url = this.getNodeParameter('notify', itemIndex, false)
			? readNotificationUrl(this, itemIndex)
			: undefined;
		const webhook = webhookToCreate(workspaceId, scope, kinds, url);
		return [await createWebhook(this, webhook, undefined, itemIndex)];
	});
}

export const createFields: INodeProperties[] = [
	...scopeFields(showOnlyForCreate),
	{
		displayName: 'Events',
		name: 'kinds',
		type: 'multiOptions',
		options: KINDS,
		default: ['RECORD_CREATED', 'RECORD_DELETED', 'RECORD_UPDATED'],
		required: true,
		description: 'Kinds of changes the webhook collects',
		displayOptions: { show: showOnlyForCreate },
	},
	{
		displayName: 'Send Notifications',
		name: 'notify',
		type: 'boolean',
		default: false,
		description:
			'Whether SmartSuite also POSTs a short notice to a URL after each change. Not needed to read the events (List Events, SmartSuite Polling Trigger).',
		displayOptions: { show: showOnlyForCreate },
	},
	{
		displayName: 'Notification URL',
		name: 'notificationUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://example.com/hooks/smartsuite',
		description: 'Where SmartSuite POSTs {"webhookId", "locator"} after each change',
		displayOptions: { show: { ...showOnlyForCreate, notify: [true] } },
	},
];
