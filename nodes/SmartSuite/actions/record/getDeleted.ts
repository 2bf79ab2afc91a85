import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ReadContext } from '../../shared/fields';
import { readPeople } from '../../shared/fields/people';
import { isObject } from '../../shared/fields/values';
import { readContextFor } from '../../shared/readable';
import { requireHexId } from '../../shared/ids';
import { solutionLocator, tableLocator } from '../../shared/locators';
import type { RecordsClient } from '../../shared/records';
import { returnAllFields } from '../shared';
import { eachItem, readableField, readSimplify } from './common';
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
	readableField(show),
];

function deletedOn(record: IDataObject): IDataObject[string] {
	const date = record.deleted_date;
	return isObject(date) ? (date.date ?? null) : (date ?? null);
}

/** Id, title, table, who deleted it (with Readable People, as `{id, name, email}`) and when. */
function simplified(record: IDataObject, readable: ReadContext | undefined): IDataObject {
	const by = typeof record.deleted_by === 'string' ? record.deleted_by : null;
	return {
		id: record.id,
		title: record.title ?? null,
		tableId: record.application_id ?? null,
		table: record.application_name ?? null,
		solutionId: record.solution_id ?? null,
		deletedOn: deletedOn(record),
		deletedBy: by && readable ? (readPeople([by], readable) as IDataObject[])[0] : by,
	};
}

const ACTION = 'list the deleted records of the solution';
/** Records asked for per page of `/deleted-records/paginated/` (SmartSuite's MCP server asks 100). */
export const DELETED_PAGE_SIZE = 100;
/** Pages read at most: 200 pages of 100 are 20,000 deleted records. */
export const MAX_DELETED_PAGES = 200;

/**
 * Which list of deleted records SmartSuite answers, decided once per run (per client): SmartSuite's
 * MCP server pages `POST /deleted-records/paginated/`; the reference documents only
 * `POST /deleted-records/?preview=true`, which answers the whole trash at once.
 */
const pagedListAnswered = new WeakMap<RecordsClient, boolean>();

function notAList(client: RecordsClient, itemIndex?: number): NodeApiError {
	const message = `SmartSuite's answer to the request to ${ACTION} is not a list`;
	return new NodeApiError(client.node, { message } as JsonObject, { message, itemIndex });
}

const isRouteMissing = (error: unknown) =>
	error instanceof NodeApiError && (error.httpCode === '404' || error.httpCode === '405');

/** The reference's list: a bare array, the whole solution in one answer (REF records/list-deleted-records.md). */
async function wholeList(
	client: RecordsClient,
	solutionId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const answer = await client.call(
		{
			method: 'POST',
			url: '/api/v1/deleted-records/',
			qs: { preview: true },
			body: { solution_id: solutionId },
			action: ACTION,
			notFound: `The solution "${solutionId}" was not found`,
			repeatable: true,
		},
		itemIndex,
	);
	if (!Array.isArray(answer)) throw notAList(client, itemIndex);
	return answer.filter(isObject);
}

/**
 * The solution's deleted records that `keep` keeps, up to `limit`: by pages of
 * `/deleted-records/paginated/` (`{solution_id, page_size, cursor}` → `{count, records,
 * next_cursor}`) until no cursor comes back, a page repeats a cursor, or MAX_DELETED_PAGES; by the
 * reference's whole list when SmartSuite does not serve the paged one (a 404 or 405 to its first
 * page, then remembered for the run).
 */
export async function deletedRecordsOf(
	client: RecordsClient,
	solutionId: string,
	{ keep = () => true, limit = Infinity, itemIndex }: DeletedQuery = {},
): Promise<IDataObject[]> {
	const whole = async () =>
		(await wholeList(client, solutionId, itemIndex)).filter(keep).slice(0, limit);
	if (pagedListAnswered.get(client) === false) return await whole();
	const found: IDataObject[] = [];
	const cursors = new Set<string>();
	let cursor: string | undefined;
	for (let pages = 1; pages <= MAX_DELETED_PAGES; pages++) {
		const firstAsked = pages === 1 && !pagedListAnswered.has(client);
		const answered = await client
			.call(
				{
					method: 'POST',
					url: '/api/v1/deleted-records/paginated/',
					body: {
						solution_id: solutionId,
						page_size: DELETED_PAGE_SIZE,
						...(cursor !== undefined && { cursor }),
					},
					action: ACTION,
					notFound: `The solution "${solutionId}" was not found`,
					repeatable: true,
				},
				itemIndex,
			)
			.then(
				(answer) => ({ answer }),
				async (error: unknown) =>
					firstAsked && isRouteMissing(error) ? undefined : await Promise.reject(error),
			);
		if (answered === undefined) {
			const records = await whole();
			pagedListAnswered.set(client, false);
			return records;
		}
		const { answer } = answered;
		pagedListAnswered.set(client, true);
		if (!isObject(answer) || !Array.isArray(answer.records)) throw notAList(client, itemIndex);
		for (const record of answer.records) if (isObject(record) && keep(record)) found.push(record);
		const next = answer.next_cursor;
		if (found.length >= limit || typeof next !== 'string' || next === '' || cursors.has(next))
			return found.slice(0, limit);
		cursors.add(next);
		cursor = next;
	}
	throw new NodeOperationError(
		client.node,
		`Stopped after reading ${MAX_DELETED_PAGES} pages of deleted records: SmartSuite kept sending more`,
		{ description: 'Choose a Table, or turn off Return All and set a Limit.', itemIndex },
	);
}

export interface DeletedQuery {
	/** Which records count (a table's); all when absent. */
	keep?: (record: IDataObject) => boolean;
	limit?: number;
	itemIndex?: number;
}

async function listDeleted(
	context: IExecuteFunctions,
	client: RecordsClient,
	itemIndex: number,
): Promise<IDataObject[]> {
	const node = context.getNode();
	const solutionId = requireHexId(
		node,
		context.getNodeParameter('solutionId', itemIndex, '', { extractValue: true }),
		'Solution',
		itemIndex,
	);
	const table = context.getNodeParameter('tableId', itemIndex, '', { extractValue: true });
	const tableId =
		table === '' || table === undefined ? '' : requireHexId(node, table, 'Table', itemIndex);
	const limit = readLimit(context, itemIndex);
	const simplify = readSimplify(context, itemIndex);
	const wanted = await deletedRecordsOf(client, solutionId, {
		keep: (record) => tableId === '' || record.application_id === tableId,
		limit,
		itemIndex,
	});
	if (!simplify || wanted.length === 0) return wanted;
	const readable = context.getNodeParameter('readableValues', itemIndex, true) === true;
	const shownBy = readable && wanted.some((record) => typeof record.deleted_by === 'string');
	const people = readable
		? await readContextFor(client, shownBy, (message) =>
				context.addExecutionHints({ message, location: 'outputPane' }),
			)
		: undefined;
	return wanted.map((record) => simplified(record, people));
}

/** Run by actions/router.ts: one request per item, the members read once. */
export async function executeGetDeleted(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(
		this,
		async (client, itemIndex) => await listDeleted(this, client, itemIndex),
	);
}
