import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../shared';
import { createFields, createOperation, executeCreate } from './create';
import { deleteFields, deleteOperation, executeDelete } from './delete';
import { executeGet, getFields, getOperation } from './get';
import { executeList, listFields, listOperation } from './list';
import { executeListEvents, listEventsFields, listEventsOperation } from './listEvents';
import { executeUpdate, updateFields, updateOperation, webhookLoadOptions } from './update';

export { webhookLoadOptions };

/** The Webhook operations: each sends one webhooks API call per item (Update reads the webhook first, the lists page). */
export const webhookOperations = {
	create: executeCreate,
	delete: executeDelete,
	get: executeGet,
	list: executeList,
	listEvents: executeListEvents,
	update: executeUpdate,
};

export const webhookDescription: INodeProperties[] = [
	operationProperty(
		'webhook',
		[
			createOperation,
			deleteOperation,
			getOperation,
			listOperation,
			listEventsOperation,
			updateOperation,
		],
		'get',
	),
	...createFields,
	...deleteFields,
	...getFields,
	...listFields,
	...listEventsFields,
	...updateFields,
];
