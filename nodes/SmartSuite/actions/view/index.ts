import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../shared';
import { executeGetMany, getManyFields, getManyOperation } from './getMany';
import { executeGetRecords, getRecordsFields, getRecordsOperation } from './getRecords';

/** The View operations; both run as code (actions/router.ts), through the records client. */
export const viewOperations = { getMany: executeGetMany, getRecords: executeGetRecords };

export const viewDescription: INodeProperties[] = [
	operationProperty('view', [getManyOperation, getRecordsOperation], 'getRecords'),
	...getManyFields,
	...getRecordsFields,
];
