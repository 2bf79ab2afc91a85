import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { pathSegment, requireId } from '../../shared/ids';
import { tableLocator } from '../../shared/locators';
import { recordsAddress } from '../../shared/transport';
import { checkResponse, setPairedItem } from '../shared';

const showOnlyForRestore = { resource: ['record'], operation: ['restore'] };

function restoreIds(context: IExecuteSingleFunctions) {
	const node = context.getNode();
	const itemIndex = context.getItemIndex();
	const table = context.getNodeParameter('tableId', '', { extractValue: true });
	return {
		tableId: requireId(node, table, 'Table', itemIndex),
		recordId: requireId(node, context.getNodeParameter('recordId', ''), 'Record ID', itemIndex),
	};
}

function restorePath(tableId: string, recordId: string): string {
	return `/api/v1/applications/${pathSegment(tableId)}/records/${pathSegment(recordId)}/restore/`;
}

/** Checks both ids before any request and puts them, encoded, into the path. */
async function buildRestoreRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const { tableId, recordId } = restoreIds(this);
	requestOptions.url = restorePath(tableId, recordId);
	// n8n drops an empty object body before sending; the spec asks for `{}`.
	requestOptions.body = '{}';
	return requestOptions;
}

export const restoreOperation: INodePropertyOptions = {
	name: 'Restore',
	value: 'restore',
	action: 'Restore a deleted record',
	description: 'Restore a deleted record; SmartSuite appends " (Restored)" to its title',
	routing: {
		send: { preSend: [buildRestoreRequest] },
		output: {
			postReceive: [
				checkResponse(function (credentials) {
					const { tableId, recordId } = restoreIds(this);
					return {
						action: 'restore the record',
						address: recordsAddress(credentials, restorePath(tableId, recordId)),
						notFound: `Record "${recordId}" was not found in table "${tableId}", or it is not deleted`,
						notFoundHint:
							'Check both ids and that the record is still in the trash: deleted records stay restorable for 14 to 60 days depending on the plan.',
					};
				}),
				setPairedItem,
			],
		},
	},
};

export const restoreFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) that holds the deleted record',
		displayOptions: { show: showOnlyForRestore },
	}),
	{
		displayName: 'Record ID',
		name: 'recordId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '64b0c1d2e3f4a5b6c7d8e9f2',
		description: 'ID of the deleted record to restore',
		displayOptions: { show: showOnlyForRestore },
	},
];
