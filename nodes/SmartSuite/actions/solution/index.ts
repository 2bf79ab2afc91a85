import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../shared';
import { executeGet, getFields, getOperation } from './get';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';

/** Both run as code (actions/router.ts): through the records client, with its retries and errors. */
export const solutionOperations = { getMany: executeGetMany, get: executeGet };

export const solutionDescription: INodeProperties[] = [
	operationProperty('solution', [getOperation, getManyOperation], 'getMany'),
	...getManyFields,
	...getFields,
];
