import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../shared';
import { executeGet, getFields, getOperation } from './get';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';

/** Both operations run as code: they read the member directory once per run (RecordsClient.members). */
export const memberOperations = { get: executeGet, getMany: executeGetMany };

export const memberDescription: INodeProperties[] = [
	operationProperty('member', [getOperation, getManyOperation], 'getMany'),
	...getFields,
	...getManyFields,
];
