import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../shared';
import { createFields, createOperation, executeCreate } from './create';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';

/** Both operations run as code: they follow SmartSuite's `next` links and name people from the member directory. */
export const commentOperations = { create: executeCreate, getMany: executeGetMany };

export const commentDescription: INodeProperties[] = [
	operationProperty('comment', [createOperation, getManyOperation], 'getMany'),
	...createFields,
	...getManyFields,
];
