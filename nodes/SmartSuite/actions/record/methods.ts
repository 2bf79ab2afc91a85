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
import { isObject } from '../../shared/fields/values';
import { recordsClient, recordsPath } from '../../shared/records';
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
	return {
		results: items.map((record: IDataObject) => {
			const name = record[title];
			return {
				name: typeof name === 'string' && name !== '' ? name : String(record.id),
				value: String(record.id),
			};
		}),
		paginationToken: more ? String(next) : undefined,
	};
}

const fieldOption = (field: Field): INodePropertyOptions => ({
	name: field.label,
	value: field.slug,
	description: field.field_type,
});

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

async function getSortFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await structureOfChosenTable(this)).map(fieldOption);
}

/** The comparisons of the rule's field's type (the rule's own field, beside this parameter). */
async function getComparisons(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const slug = this.getCurrentNodeParameter('&field');
	const field = (await structureOfChosenTable(this)).find((candidate) => candidate.slug === slug);
	if (!field) return [];
	return specOf(field).comparisons.map((comparison) => ({
		name: comparison.replace(/_/g, ' '),
		value: comparison,
	}));
}

export const recordListSearch = { searchRecords };
export const recordLoadOptions = { getSearchFields, getSortFields, getComparisons, getFileFields };
