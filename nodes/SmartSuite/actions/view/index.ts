import type { INodeProperties } from 'n8n-workflow';

import { codeOperationProperty } from '../shared';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';
import { executeGetRecords, getRecordsFields, getRecordsOperation } from './getRecords';

/** The View operations; both run as code (`customOperations`), through the records client. */
export const viewOperations = { getMany: executeGetMany, getRecords: executeGetRecords };

export const viewDescription: INodeProperties[] = [
	codeOperationProperty(
		'view',
		[getManyOperation, getRecordsOperation],
		viewOperations,
		'getRecords',
	),
	...getManyFields,
	...getRecordsFields,
];
