import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../shared';
import { executeGet, getFields, getOperation } from './get';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';

/** Both operations run as code: the teams list is paged and filtered here. */
export const teamOperations = { get: executeGet, getMany: executeGetMany };

export const teamDescription: INodeProperties[] = [
	operationProperty('team', [getOperation, getManyOperation], 'getMany'),
	...getFields,
	...getManyFields,
];
