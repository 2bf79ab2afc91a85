import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../shared';
import { createFields, createOperation, executeCreate } from './create';
import { executeGet, getFields, getOperation } from './get';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';

/** All run as code (actions/router.ts): through the records client, one table read per run. */
export const tableOperations = { getMany: executeGetMany, get: executeGet, create: executeCreate };

export const tableDescription: INodeProperties[] = [
	operationProperty('table', [createOperation, getOperation, getManyOperation], 'get'),
	...getManyFields,
	...getFields,
	...createFields,
];
