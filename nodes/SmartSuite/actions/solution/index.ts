import type { INodeProperties } from 'n8n-workflow';

import { withCodeOnlyRoutes } from '../shared';
import { executeGet, getFields, getOperation } from './get';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';

/** Both run as code (n8n's `customOperations`): through the records client, with its retries and errors. */
export const solutionOperations = { getMany: executeGetMany, get: executeGet };

export const solutionDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['solution'] } },
		options: withCodeOnlyRoutes([getOperation, getManyOperation], solutionOperations),
		default: 'getMany',
	},
	...getManyFields,
	...getFields,
];
