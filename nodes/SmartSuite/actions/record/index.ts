import type { INodeProperties } from 'n8n-workflow';

import { refuseUserInfo } from '../shared';
import { RECORDS_BASE_URL } from '../../shared/transport';
import { restoreFields, restoreOperation } from './restore';

export const recordDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['record'] } },
		// Here and not on the operations: n8n evaluates $credentials only in top-level parameters.
		routing: { request: { baseURL: RECORDS_BASE_URL }, send: { preSend: [refuseUserInfo] } },
		options: [restoreOperation],
		default: 'restore',
	},
	...restoreFields,
];
