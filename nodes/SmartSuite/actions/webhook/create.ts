import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Scope } from '../../shared/scope';
import { KINDS, readScope, scopeFields, webhookToCreate } from '../../shared/scope';
import { credentialsOf } from '../../shared/transport';
import { webhooksAddress } from '../../shared/webhooksRoute';
import { checkResponse, setPairedItem } from '../shared';
import { outputWebhook } from './get';
import { toMethod } from './method';

const showOnlyForCreate = { resource: ['webhook'], operation: ['create'] };

/** The Notification URL, trimmed: '' or an http(s) address, checked before any request. */
export function readNotificationUrl(context: IExecuteSingleFunctions, allowEmpty = false): string {
	const url = String(context.getNodeParameter('notificationUrl', '')).trim();
	if ((allowEmpty && url === '') || /^https?:\/\/\S+$/i.test(url)) return url;
	throw new NodeOperationError(
		context.getNode(),
		'The Notification URL must be an http(s) address',
		{
			description: `It is "${url}".${allowEmpty ? ' Leave it empty to switch notifications off.' : ''}`,
			itemIndex: context.getItemIndex(),
		},
	);
}

function scopeOf(context: IExecuteSingleFunctions): Scope {
	return readScope(
		context.getNode(),
		(name, fallback) => context.getNodeParameter(name, fallback, { extractValue: true }),
		context.getItemIndex(),
	);
}

/** Checks the scope, kinds and URL before any request and sends the webhook to create. */
async function sendWebhook(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const scope = scopeOf(this);
	const kinds = this.getNodeParameter('kinds', []) as string[];
	if (kinds.length === 0) {
		throw new NodeOperationError(node, 'Choose at least one of the Events', {
			description: 'A webhook collects only the kinds of changes it is created for.',
			itemIndex,
		});
	}
	const url = this.getNodeParameter('notify', false) ? readNotificationUrl(this) : undefined;
	const { workspaceId } = await credentialsOf(this);
	requestOptions.body = { webhook: webhookToCreate(workspaceId, scope, kinds, url) };
	return requestOptions;
}

export const createOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a webhook',
	description:
		'Create a webhook that collects the changes of a solution, some tables, or some fields',
	routing: {
		send: { preSend: [toMethod('CreateWebhook'), sendWebhook] },
		output: {
			postReceive: [
				checkResponse(function (credentials) {
					const { solutionId } = scopeOf(this);
					return {
						action: 'create the webhook',
						address: webhooksAddress(credentials, 'CreateWebhook'),
						notFound: `The solution "${solutionId}" was not found`,
						notFoundHint:
							'Check the Solution and that it belongs to the workspace of the credential.',
					};
				}),
				outputWebhook,
				setPairedItem,
			],
		},
	},
};

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
			'Whether SmartSuite also POSTs a short notice to a URL after each change. Not needed to read the events (List Events, SmartSuite Trigger).',
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
