import type { INodeProperties } from 'n8n-workflow';

import { codeOperationProperty } from '../shared';
import { executeGet, getFields, getOperation } from './get';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';

/** Both run as code (n8n's `customOperations`): through the records client, with its retries and errors. */
export const solutionOperations = { getMany: executeGetMany, get: executeGet };

export const solutionDescription: INodeProperties[] = [
	codeOperationProperty(
		'solution',
		[getOperation, getManyOperation],
		solutionOperations,
		'getMany',
	),
	...getManyFields,
	...getFields,
];
