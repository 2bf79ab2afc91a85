import type { INodeProperties } from 'n8n-workflow';

import { createFields, createOperation, executeCreate } from './create';
import { deleteFields, deleteOperation, executeDelete } from './delete';
import { downloadFilesFields, downloadFilesOperation, executeDownloadFiles } from './downloadFiles';
import { executeGetDeleted, getDeletedFields, getDeletedOperation } from './getDeleted';
import { executeGet, getFields, getOperation } from './get';
import { executeRestore, restoreFields, restoreOperation } from './restore';
import { executeSearch, searchFields, searchOperation } from './search';
import { executeUpdate, updateFields, updateOperation } from './update';
import { executeUploadFile, uploadFileFields, uploadFileOperation } from './uploadFile';
import { executeUpsert, upsertFields, upsertOperation } from './upsert';

/**
 * The Record operations open on Search, a read (issue 36; Restore was the default before the
 * package was published). The SmartSuite Tool (n8n's `<node>Tool`, whose type name ends in Tool:
 * displayOptions `@tool`) has no file operations: a model gives no file to upload, and n8n drops
 * the files a tool outputs before its answer reaches the model. This is in the description itself
 * because n8n builds the tool that runs from it; `usableAsTool.replacements` reach only the
 * editor's copy (n8n 2.8 and 2.41, tool-generation and node-types in packages/cli).
 */
function operationProperty(tool: boolean): INodeProperties {
	const fileOperations = tool ? [] : [uploadFileOperation, downloadFilesOperation];
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['record'], '@tool': [tool] } },
		options: [
			createOperation,
			upsertOperation,
			deleteOperation,
			getOperation,
			restoreOperation,
			searchOperation,
			updateOperation,
			...fileOperations,
			getDeletedOperation,
		],
		default: 'search',
	};
}

/** The Record operations (actions/router.ts). */
export const recordOperations = {
	create: executeCreate,
	get: executeGet,
	update: executeUpdate,
	delete: executeDelete,
	search: executeSearch,
	upsert: executeUpsert,
	uploadFile: executeUploadFile,
	downloadFiles: executeDownloadFiles,
	getDeleted: executeGetDeleted,
	restore: executeRestore,
};

export const recordDescription: INodeProperties[] = [
	operationProperty(false),
	operationProperty(true),
	...createFields,
	...getFields,
	...updateFields,
	...upsertFields,
	...deleteFields,
	...searchFields,
	...restoreFields,
	...uploadFileFields,
	...downloadFilesFields,
	...getDeletedFields,
];
