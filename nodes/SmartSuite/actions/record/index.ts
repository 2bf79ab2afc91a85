import type { INodeProperties } from 'n8n-workflow';

import { refuseUserInfo, withCodeOnlyRoutes } from '../shared';
import { RECORDS_BASE_URL } from '../../shared/transport';
import { createFields, createOperation, executeCreate } from './create';
import { deleteFields, deleteOperation, executeDelete } from './delete';
import { downloadFilesFields, downloadFilesOperation, executeDownloadFiles } from './downloadFiles';
import { executeGetDeleted, getDeletedFields, getDeletedOperation } from './getDeleted';
import { executeGet, getFields, getOperation } from './get';
import { restoreFields, restoreOperation } from './restore';
import { executeSearch, searchFields, searchOperation } from './search';
import { executeUpdate, updateFields, updateOperation } from './update';
import { executeUploadFile, uploadFileFields, uploadFileOperation } from './uploadFile';
import { executeUpsert, upsertFields, upsertOperation } from './upsert';

/**
 * Restore stays the default of the node (n8n saves no parameter equal to its default, so saved
 * Restore workflows must keep reading Restore). The SmartSuite Tool (n8n's `<node>Tool`, whose type
 * name ends in Tool: displayOptions `@tool`) defaults to Search, a read. This is in the description
 * itself because n8n builds the tool that runs from it; `usableAsTool.replacements` reach only the
 * editor's copy (n8n 2.8 and 2.41, tool-generation and node-types in packages/cli).
 */
function operationProperty(tool: boolean, defaultOperation: string): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['record'], '@tool': [tool] } },
		// Here and not on the operations: n8n evaluates $credentials only in top-level parameters.
		routing: { request: { baseURL: RECORDS_BASE_URL }, send: { preSend: [refuseUserInfo] } },
		options: withCodeOnlyRoutes(
			[
				createOperation,
				upsertOperation,
				deleteOperation,
				getOperation,
				restoreOperation,
				searchOperation,
				updateOperation,
				uploadFileOperation,
				downloadFilesOperation,
				getDeletedOperation,
			],
			recordOperations,
		),
		default: defaultOperation,
	};
}

/**
 * The Record operations that run as code. The node stays declarative (Restore and the Webhook
 * operations are routes); these need what a route cannot do: convert values by the table's field
 * types, check every item before the first request, and send many items in one bulk request.
 * n8n's WorkflowExecute runs `customOperations[resource][operation]` instead of the routes when
 * there is one (n8n-core 2.8.1, workflow-execute.js, getCustomOperation).
 */
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
};

export const recordDescription: INodeProperties[] = [
	operationProperty(false, 'restore'),
	operationProperty(true, 'search'),
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
