import type { INodeProperties } from 'n8n-workflow';

import { refuseUserInfo, withCodeOnlyRoutes } from '../shared';
import { RECORDS_BASE_URL } from '../../shared/transport';
import { createFields, createOperation, executeCreate } from './create';
import { deleteFields, deleteOperation, executeDelete } from './delete';
import { executeUpdate, updateFields, updateOperation } from './update';

/** The Field operations, all run as code: each reads or changes a table's structure. */
export const fieldOperations = {
	create: executeCreate,
	update: executeUpdate,
	delete: executeDelete,
};

export const fieldDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['field'] } },
		// Here and not on the operations: n8n evaluates $credentials only in top-level parameters.
		routing: { request: { baseURL: RECORDS_BASE_URL }, send: { preSend: [refuseUserInfo] } },
		options: withCodeOnlyRoutes(
			[createOperation, deleteOperation, updateOperation],
			fieldOperations,
		),
		default: 'create',
	},
	...createFields,
	...updateFields,
	...deleteFields,
];
