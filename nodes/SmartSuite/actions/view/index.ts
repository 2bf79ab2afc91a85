import type { INodeProperties } from 'n8n-workflow';

import { refuseUserInfo, withCodeOnlyRoutes } from '../shared';
import { RECORDS_BASE_URL } from '../../shared/transport';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';
import { executeGetRecords, getRecordsFields, getRecordsOperation } from './getRecords';

/** The View operations; both run as code (`customOperations`), through the records client. */
export const viewOperations = { getMany: executeGetMany, getRecords: executeGetRecords };

export const viewDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['view'] } },
		// Here and not on the operations: n8n evaluates $credentials only in top-level parameters.
		routing: { request: { baseURL: RECORDS_BASE_URL }, send: { preSend: [refuseUserInfo] } },
		options: withCodeOnlyRoutes([getManyOperation, getRecordsOperation], viewOperations),
		default: 'getRecords',
	},
	...getManyFields,
	...getRecordsFields,
];
