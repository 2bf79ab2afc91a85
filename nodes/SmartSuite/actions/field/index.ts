import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../shared';
import { createFields, createOperation, executeCreate } from './create';
import { deleteFields, deleteOperation, executeDelete } from './delete';
import { executeUpdate, updateFields, updateOperation } from './update';

/** The Field operations, all run as code: each reads or changes a table's structure. */
export const fieldOperations = {
	create: executeCreate,
	update: executeUpdate,
	delete: executeDelete,
};

export const fieldDescription: INodeProperties[] = [
	operationProperty('field', [createOperation, deleteOperation, updateOperation], 'create'),
	...createFields,
	...updateFields,
	...deleteFields,
];
