/** What the editor asks of the Record operations: the record list search and the search rule lists. */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { specOf } from '../../shared/fields';
import { comparisonOptions, fieldOption } from '../../shared/filterRules';
import { isObject } from '../../shared/fields/values';
import { recordsClient, recordsPath } from '../../shared/records';
import { deletedRecordsOf } from './getDeleted';
import { FILE_FIELD_TYPE } from './uploadFile';

const RECORDS_PER_SEARCH_PAGE = 100;

function chosenTableId(context: ILoadOptionsFunctions): string {
	let value: unknown;
	try {
		value = context.getCurrentNodeParameter('tableId', { extractValue: true });
	} catch {
		return '';
	}
	return typeof value === 'string' ? value.trim() : '';
}

export async function structureOfChosenTable(context: ILoadOptionsFunctions): Promise<Field[]> {
	const tableId = chosenTableId(context);
	if (!tableId) return [];
	return await (await recordsClient(context)).structure(tableId);
}

/**
 * Records of the chosen table whose title contains the filter, 100 a page, named by their title.
 * The title is the table's primary field, which is not always `title` (table-object reference).
 */
async function searchRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const tableId = chosenTableId(this);
	if (!tableId)
		throw new NodeOperationError(this.getNode(), 'Choose a Table first', {
			description: 'The list shows the records of one table. Or enter the record ID (mode "ID").',
		});
	const client = await recordsClient(this);
	const title = await client.primaryField(tableId);
	const offset = Number(paginationToken ?? 0) || 0;
	const text = (filter ?? '').trim();
	const answer = await client.call({
		method: 'POST',
		url: recordsPath(tableId, 'list/'),
		qs: { offset, limit: RECORDS_PER_SEARCH_PAGE },
		body: {
			filter: text
				? { operator: 'and', fields: [{ field: title, comparison: 'contains', value: text }] }
				: {},
			sort: [],
		},
		action: 'list the records',
		notFound: `The table "${tableId}" was not found`,
		repeatable: true,
	});
	const items =
		isObject(answer) && Array.isArray(answer.items) ? answer.items.filter(isObject) : [];
	const total = isObject(answer) && typeof answer.total === 'number' ? answer.total : undefined;
	const next = offset + items.length;
	const more = items.length === RECORDS_PER_SEARCH_PAGE && (total === undefined || next < total);
	const named = items.map((record: IDataObject) => {
		const name = record[title];
		return {
			name: typeof name === 'string' && name !== '' ? name : String(record.id),
			value: String(record.id),
		};
	});
	return { results: told(named), paginationToken: more ? String(next) : undefined };
}

/** Records titled alike told apart by their ids: "Acme (64b0c1d2e3f4a5b6c7d8e9f0)". */
function told(records: Array<{ name: string; value: string }>) {
	const seen = new Map<string, number>();
	for (const { name } of records) seen.set(name, (seen.get(name) ?? 0) + 1);
	return records.map(({ name, value }) =>
		(seen.get(name) ?? 0) > 1 && name !== value
			? { name: `${name} (${value})`, value }
			: { name, value },
	);
}

/**
 * The deleted records of the chosen table (Restore's list), newest first, whose title contains the
 * filter: SmartSuite lists a solution's deleted records in one answer, so the table's solution is
 * read from the table first.
 */
async function searchDeletedRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const tableId = chosenTableId(this);
	if (!tableId)
		throw new NodeOperationError(this.getNode(), 'Choose a Table first', {
			description:
				'The list shows the deleted records of one table. Or enter the record ID (mode "ID").',
		});
	const client = await recordsClient(this);
	const solutionId = String((await client.table(tableId)).solution ?? '');
	const text = (filter ?? '').trim().toLowerCase();
	const deletedOn = (record: IDataObject) =>
		String((isObject(record.deleted_date) ? record.deleted_date.date : record.deleted_date) ?? '');
	const deleted = (
		await deletedRecordsOf(client, solutionId, {
			keep: (record) => record.application_id === tableId && typeof record.id === 'string',
		})
	)
		.filter((record) =>
			String(record.title ?? '')
				.toLowerCase()
				.includes(text),
		)
		.sort((a, b) => deletedOn(b).localeCompare(deletedOn(a)));
	return {
		results: deleted.map((record) => {
			const title = typeof record.title === 'string' && record.title !== '' ? record.title : '';
			const day = deletedOn(record).slice(0, 10);
			return {
				name: `${title || String(record.id)}${day ? ` (deleted ${day})` : ''}`,
				value: String(record.id),
			};
		}),
	};
}

/** Fields SmartSuite can filter by (their type has comparisons). */
async function getSearchFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await structureOfChosenTable(this))
		.filter((field) => specOf(field).comparisons.length > 0)
		.map(fieldOption);
}

/** The file fields, the only ones Upload File can attach to. */
async function getFileFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await structureOfChosenTable(this))
		.filter((field) => field.field_type === FILE_FIELD_TYPE)
		.map(fieldOption);
}

/** Download Files' list: every file field (the empty value, the default) first, then each one. */
async function getFileFieldsOrAll(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const every = { name: 'All File Fields', value: '', description: 'Every Files and Images field' };
	return [every, ...(await getFileFields.call(this))];
}

/** Every field of the chosen table (Sort, Output Fields). */
async function getTableFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await structureOfChosenTable(this)).map(fieldOption);
}

/** The comparisons of the rule's field's type (the rule's own field, beside this parameter). */
async function getComparisons(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const slug = this.getCurrentNodeParameter('&field');
	const field = (await structureOfChosenTable(this)).find((candidate) => candidate.slug === slug);
	if (!field) return [];
	return comparisonOptions(specOf(field).comparisons);
}

export const recordListSearch = { searchRecords, searchDeletedRecords };
export const recordLoadOptions = {
	getSearchFields,
	getTableFields,
	getComparisons,
	getFileFields,
	getFileFieldsOrAll,
};
