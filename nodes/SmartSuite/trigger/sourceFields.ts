/**
 * Where the trigger's events come from: a webhook it creates and keeps ("Create a webhook for
 * me", the default from version 2) or an existing webhook. Version 1 keeps its Webhook ID as
 * the plain string it saved, and starts with an existing webhook, so saved workflows run as before.
 */
import type { INodeProperties } from 'n8n-workflow';

import { solutionLocator, webhookLocator } from '../shared/locators';
import { scopeFields } from '../shared/scope';

const SOURCE_OPTIONS = [
	{
		name: 'Create a Webhook for Me',
		value: 'managed',
		description:
			'Pick a solution and the tables or fields to watch; the trigger creates the webhook on activation and keeps it',
	},
	{
		name: 'Use an Existing Webhook',
		value: 'existing',
		description: 'Read a webhook that already exists (created with Webhook > Create or the API)',
	},
];

function sourceField(version: number, defaultSource: 'managed' | 'existing'): INodeProperties {
	return {
		displayName: 'Webhook',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		options: SOURCE_OPTIONS,
		default: defaultSource,
		displayOptions: { show: { '@version': [version] } },
	};
}

const existing = { source: ['existing'] };

export const sourceFields: INodeProperties[] = [
	sourceField(1, 'existing'),
	sourceField(2, 'managed'),
	{
		displayName:
			'The trigger creates its webhook (notifications off) on the first activation and reuses it across restarts and edits that keep the solution, tables, fields and events. n8n has no hook when a polling trigger is deactivated, so the webhook stays after deactivation: SmartSuite deletes it after 14 days without reads, or delete it with Webhook > Delete.',
		name: 'managedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { source: ['managed'] } },
	},
	...scopeFields({ source: ['managed'] }),
	solutionLocator({
		displayOptions: { show: { '@version': [2], ...existing } },
		required: false,
		description:
			'Only used to list its webhooks under Existing Webhook > From List; not needed with a webhook ID',
	}),
	webhookLocator({
		displayName: 'Existing Webhook',
		description: 'The SmartSuite webhook whose collected events start the workflow',
		displayOptions: { show: { '@version': [2], ...existing } },
	}),
	{
		displayName: 'Webhook ID',
		name: 'webhookId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '2f7cc6e0-b709-4b04-964a-3706c89c78e3',
		description: 'ID of the SmartSuite webhook whose collected events start the workflow',
		hint: 'Create the webhook with the SmartSuite node (Webhook > Create) for the solution, tables or fields to watch, and enter its ID. Its notifications may stay disabled: SmartSuite still collects the events this trigger reads.',
		displayOptions: { show: { '@version': [1], ...existing } },
	},
];
