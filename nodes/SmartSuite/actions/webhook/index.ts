import type { INodeProperties } from 'n8n-workflow';

import { refuseUserInfo } from '../shared';
import { WEBHOOKS_BASE_URL } from '../../shared/transport';
import { createFields, createOperation } from './create';
import { deleteFields, deleteOperation } from './delete';
import { getFields, getOperation } from './get';
import { listFields, listOperation } from './list';
import { listEventsFields, listEventsOperation } from './listEvents';
import { updateFields, updateOperation } from './update';

export const webhookDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['webhook'] } },
		// Here and not on the operations: n8n evaluates $credentials only in top-level parameters.
		routing: { request: { baseURL: WEBHOOKS_BASE_URL }, send: { preSend: [refuseUserInfo] } },
		options: [
			createOperation,
			deleteOperation,
			getOperation,
			listOperation,
			listEventsOperation,
			updateOperation,
		],
		default: 'get',
	},
	...createFields,
	...deleteFields,
	...getFields,
	...listFields,
	...listEventsFields,
	...updateFields,
];
