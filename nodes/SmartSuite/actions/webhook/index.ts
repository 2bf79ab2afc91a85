import type { INodeProperties } from 'n8n-workflow';

import { WEBHOOKS_BASE_URL } from '../../shared/transport';
import { deleteFields, deleteOperation } from './delete';
import { getFields, getOperation } from './get';
import { listEventsFields, listEventsOperation } from './listEvents';

export const webhookDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['webhook'] } },
		// Here and not on the operations: n8n evaluates $credentials only in top-level parameters.
		routing: { request: { baseURL: WEBHOOKS_BASE_URL } },
		options: [deleteOperation, getOperation, listEventsOperation],
		default: 'get',
	},
	...deleteFields,
	...getFields,
	...listEventsFields,
];
