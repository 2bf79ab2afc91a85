/**
 * Create, Update and Upsert read and check every item before the first write: the table's structure once
 * per table, the members list once when a user is given by e-mail, each value converted by its
 * field type. An item that cannot be sent gets its error here.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ConvertContext, Field, Lookups } from '../../shared/fields';
import { lookupsIn, missingRequired } from '../../shared/fields';
import type { RecordsClient } from '../../shared/records';
import type { Prepared, Write } from './batches';
import type { ItemValues, Outcome } from './common';
import type { LookupErrors } from './linked';
import { convertContextFor, lookupErrorOf } from './linked';
import type { GivenChanges, ListChangeMode } from './listChanges';
import { listChangesOf, splitListChanges, withChangesSet } from './listChanges';
import { isToolNode, itemSubject } from '../shared';
import { readItemValues, usesJson } from './fieldsInput';
import { readRichTextInput } from '../../shared/richText';
import {
	failure,
	hintUnsent,
	readRecordId,
	readTableId,
	recordBody,
	stopUnlessContinuing,
} from './common';

interface Matched extends ItemValues {
	itemIndex: number;
	tableId: string;
	structure: Field[];
	recordId?: string;
	/** Whether "" (and null) clears a field: on Update, and from Fields (JSON) on Create or Update. */
	clearEmpty: boolean;
	/** Links and people to add and remove, as given (split off `values`). */
	changes: GivenChanges;
}

export async function prepareWrites(
	context: IExecuteFunctions,
	client: RecordsClient,
	items: INodeExecutionData[],
	operation: 'create' | 'update' | 'upsert',
): Promise<Prepared> {
	const node = context.getNode();
	const failed: Array<Outcome | undefined> = items.map(() => undefined);
	const matched: Array<Matched | undefined> = [];
	const unmatched = new Set<string>();
	const readOnly = new Set<string>();
	for (const [itemIndex, item] of items.entries()) {
		try {
			const tableId = readTableId(context, itemIndex);
			const recordId = operation === 'update' ? readRecordId(context, itemIndex) : undefined;
			const structure = await client.structure(tableId);
			const values = await readItemValues(context, client, tableId, structure, item, itemIndex);
			values.unmatched.forEach((key) => unmatched.add(key));
			values.readOnly.forEach((key) => readOnly.add(key));
			const clearEmpty =
				operation === 'update' || (operation === 'upsert' && usesJson(context, itemIndex));
			const mode = (
				operation === 'update'
					? context.getNodeParameter('options.listChange', itemIndex, 'replace')
					: 'replace'
			) as ListChangeMode;
			const split = splitListChanges(node, values.values, structure, mode, itemIndex);
			matched[itemIndex] = {
				...values,
				...split,
				itemIndex,
				tableId,
				structure,
				recordId,
				clearEmpty,
			};
		} catch (error) {
			failed[itemIndex] = failure(error);
		}
	}
	hintUnsent(context, unmatched, readOnly);
	// A failed lookup fails only the items that need it (all of them without Continue on Fail).
	const lookupErrors: LookupErrors = { tables: new Map() };
	const convertContext = await convertContextOf(
		client,
		matched,
		context.getTimezone(),
		lookupErrors,
	);
	const writes: Write[] = [];
	for (const entry of matched) {
		if (!entry) continue;
		const { itemIndex, tableId, structure, recordId, clearEmpty, changes } = entry;
		try {
			const lookupError = [entry.values, changes.add, changes.remove]
				.map((values) => lookupErrorOf(values, structure, lookupErrors))
				.find((error) => error !== undefined);
			if (lookupError !== undefined) throw lookupError;
			const richTextInput = readRichTextInput(context, itemIndex);
			const convert = (values: IDataObject, clear: boolean) =>
				recordBody(node, values, structure, { ...convertContext, richTextInput }, clear, itemIndex);
			const body = convert(entry.values, clearEmpty);
			const listChanges = listChangesOf(
				changes,
				convert(changes.add, false),
				convert(changes.remove, false),
			);
			const write = { itemIndex, tableId, body, recordId, listChanges };
			if (operation === 'create') {
				// A new record has no links yet: adding is setting, removing does nothing.
				const created = withChangesSet(write);
				checkRequired(context, created.body, structure, itemIndex);
				writes.push(created);
				continue;
			}
			if (operation === 'update' && Object.keys(body).length === 0 && !listChanges)
				throw nothingToUpdateError(context, itemIndex);
			writes.push(write);
		} catch (error) {
			failed[itemIndex] = failure(error);
		}
	}
	stopUnlessContinuing(context, failed);
	return { writes, failed };
}

/** What the items' values name to look up: once for all items (the members, each linked table's titles). */
async function convertContextOf(
	client: RecordsClient,
	matched: Array<Matched | undefined>,
	timeZone: string,
	errors: LookupErrors,
): Promise<ConvertContext> {
	const lookups: Lookups = { people: false, titles: new Map() };
	for (const entry of matched) {
		if (!entry) continue;
		for (const values of [entry.values, entry.changes.add, entry.changes.remove])
			lookupsIn(values, entry.structure, lookups);
	}
	return await convertContextFor(client, lookups, timeZone, errors);
}

/** SmartSuite's bulk create does not check required fields: checked here for every create. */
export function checkRequired(
	context: IExecuteFunctions,
	body: Write['body'],
	structure: Field[],
	itemIndex: number,
): void {
	const missing = missingRequired(body, structure);
	if (missing.length === 0) return;
	const names = missing.map((field) => `"${field.label}"`).join(', ');
	const node = context.getNode();
	const tool = isToolNode(node);
	throw new NodeOperationError(
		node,
		`${itemSubject(node, itemIndex)} has no value for the required field${missing.length > 1 ? 's' : ''} ${names}: give ${missing.length > 1 ? 'each' : 'it'} a value`,
		{
			description: `SmartSuite requires ${names} in every record of this table. ${tool ? 'Nothing was sent.' : 'Give a value for each (in the mapper, as a key of the item, or as a key of Fields (JSON)). Nothing was sent for this item.'}`,
			itemIndex,
		},
	);
}

function nothingToUpdateError(context: IExecuteFunctions, itemIndex: number): NodeOperationError {
	const node = context.getNode();
	return new NodeOperationError(
		node,
		`${itemSubject(node, itemIndex)} gives no field to update: give at least one field of the table that can be written`,
		{
			description: isToolNode(node)
				? 'None of the values given matched a field of the table that can be written: null (or an empty text) clears a field, a key left out is left as it is.'
				: 'None of its values matched a field of the table that can be written. Map at least one field: a field left empty in the mapper (or an empty text) clears it; remove a field from the mapper to leave it as it is. With Fields (JSON), give at least one key: null clears a field, a key left out is left as it is.',
			itemIndex,
		},
	);
}
