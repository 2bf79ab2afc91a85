import type { INodeProperties } from 'n8n-workflow';

import { codeOperationProperty } from '../shared';
import { createFields, createOperation, executeCreate } from './create';
import { executeGet, getFields, getOperation } from './get';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';

/** All run as code (n8n's `customOperations`): through the records client, one table read per run. */
export const tableOperations = { getMany: executeGetMany, get: executeGet, create: executeCreate };

export const tableDescription: INodeProperties[] = [
	codeOperationProperty(
		'table',
		[createOperation, getOperation, getManyOperation],
		tableOperations,
		'get',
	),
	...getManyFields,
	...getFields,
	...createFields,
];
