import type { INodeProperties } from 'n8n-workflow';

import { refuseUserInfo } from '../shared';
import { RECORDS_BASE_URL } from '../../shared/transport';
import { createFields, createOperation, executeCreate } from './create';
import { deleteFields, deleteOperation, executeDelete } from './delete';
import { executeGet, getFields, getOperation } from './get';
import { restoreFields, restoreOperation } from './restore';
import { executeSearch, searchFields, searchOperation } from './search';
import { executeUpdate, updateFields, updateOperation } from './update';
import { executeUploadFile, uploadFileFields, uploadFileOperation } from './uploadFile';
import { executeUpsert, upsertFields, upsertOperation } from './upsert';

export const recordDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['record'] } },
		// Here and not on the operations: n8n evaluates $credentials only in top-level parameters.
		routing: { request: { baseURL: RECORDS_BASE_URL }, send: { preSend: [refuseUserInfo] } },
		options: [
			createOperation,
			upsertOperation,
			deleteOperation,
			getOperation,
			restoreOperation,
			searchOperation,
			updateOperation,
			uploadFileOperation,
		],
		default: 'restore',
	},
	...createFields,
	...getFields,
	...updateFields,
	...upsertFields,
	...deleteFields,
	...searchFields,
	...restoreFields,
	...uploadFileFields,
];

/**
 * The Record operations that run as code. The node stays declarative (Restore and the Webhook
 * operations are routes); these need what a route cannot do: convert values by the table's field
 * types, check every item before the first request, and send many items in one bulk request.
 * n8n's WorkflowExecute runs `customOperations[resource][operation]` instead of the routes when
 * there is one (n8n-core 2.8.1, workflow-execute.js, getCustomOperation).
 */
export const recordOperations = {
	create: executeCreate,
	get: executeGet,
	update: executeUpdate,
	delete: executeDelete,
	search: executeSearch,
	upsert: executeUpsert,
	uploadFile: executeUploadFile,
};
