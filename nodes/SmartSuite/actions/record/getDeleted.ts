import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isObject, readFullName } from '../../shared/fields/values';
import { requireId } from '../../shared/ids';
import { solutionLocator, tableLocator } from '../../shared/locators';
import type { MemberDirectory, RecordsClient } from '../../shared/records';
import { returnAllFields } from '../shared';
import { eachItem, readSimplify } from './common';
import { readLimit } from './search';

const show = { resource: ['record'], operation: ['getDeleted'] };

export const getDeletedOperation: INodePropertyOptions = {
	name: 'Get Deleted',
	value: 'getDeleted',
	action: 'Get the deleted records of a solution',
	description: 'List the deleted records of a solution, with who deleted them and when',
};

export const getDeletedFields: INodeProperties[] = [
	solutionLocator({
		description: 'The solution whose deleted records are listed',
		displayOptions: { show },
	}),
	tableLocator({
		required: false,
		description: 'Only the deleted records of this table; empty: every table of the solution',
		displayOptions: { show },
	}),
	...returnAllFields(show),
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			"Whether to return ID, title, table, who deleted the record and when, instead of SmartSuite's answer",
		displayOptions: { show },
	},
];

function deletedOn(record: IDataObject): IDataObject[string] {
	const date = record.deleted_date;
	return isObject(date) ? (date.date ?? null) : (date ?? null);
}

/** Id, title, table, who deleted it (with name and e-mail when a member has that id) and when. */
function simplified(record: IDataObject, members: MemberDirectory): IDataObject {
	const by = typeof record.deleted_by === 'string' ? record.deleted_by : null;
	const member = by ? members.byId.get(by) : undefined;
	const email = Array.isArray(member?.email) ? member.email[0] : member?.email;
	return {
		id: record.id,
		title: record.title ?? null,
		tableId: record.application_id ?? null,
		table: record.application_name ?? null,
		solutionId: record.solution_id ?? null,
		deletedOn: deletedOn(record),
		deletedBy: by,
		deletedByName: member ? readFullName(member.full_name) || null : null,
		deletedByEmail: typeof email === 'string' ? email : null,
	};
}

/** The solution's deleted records: a bare array, the whole solution in one answer, no paging (REF records/list-deleted-records.md). */
export async function deletedRecordsOf(
	client: RecordsClient,
	solutionId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const action = 'list the deleted records of the solution';
	const answer = await client.call(
		{
			method: 'POST',
			url: '/api/v1/deleted-records/',
			qs: { preview: true },
			body: { solution_id: solutionId },
			action,
			notFound: `The solution "${solutionId}" was not found`,
			repeatable: true,
		},
		itemIndex,
	);
	if (!Array.isArray(answer)) {
		const message = `SmartSuite's answer to the request to ${action} is not a list`;
		throw new NodeApiError(client.node, { message } as JsonObject, { message, itemIndex });
	}
	return answer.filter(isObject);
}

async function listDeleted(
	context: IExecuteFunctions,
	client: RecordsClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const node = context.getNode();
	const solutionId = requireId(
		node,
		context.getNodeParameter('solutionId', itemIndex, '', { extractValue: true }),
		'Solution',
		itemIndex,
	);
	const table = context.getNodeParameter('tableId', itemIndex, '', { extractValue: true });
	const tableId =
		table === '' || table === undefined ? '' : requireId(node, table, 'Table', itemIndex);
	const limit = readLimit(context, itemIndex);
	const simplify = readSimplify(context, itemIndex);
	const answer = await deletedRecordsOf(client, solutionId, itemIndex);
	const wanted = answer
		.filter((record) => tableId === '' || record.application_id === tableId)
		.slice(0, limit);
	if (!simplify || wanted.length === 0) return wanted;
	const members = await client.members();
	return wanted.map((record) => simplified(record, members));
}

/** Runs as n8n's `customOperations` (see index.ts): one request per item, the members read once. */
export async function executeGetDeleted(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(
		this,
		async (client, itemIndex) => await listDeleted(this, client, itemIndex),
	);
}
