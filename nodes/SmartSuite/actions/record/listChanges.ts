/**
 * Links and people added to or removed from a list field without touching the others. Fields
 * (JSON) takes `{"add": [...], "remove": [...]}` for a linked record or people field, and Update's
 * option Linked Records and People (`listChange`) makes every such value given an add or a
 * remove. SmartSuite's API only replaces a whole list, so right before a batch is written its
 * records' current lists are read (one list request, by id) and the changes merged into them.
 */
import type { IDataObject, INode, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { describeGiven } from '../../shared/fields';
import { isObject, readIds } from '../../shared/fields/values';
import { hasOwn, ownValue, setOwn } from '../../shared/own';
import type { RecordsClient } from '../../shared/records';
import { inItem } from '../shared';
import type { Write } from './batches';
import type { Outcome } from './common';
import { listRecords } from './list';

/** The field types whose lists can be changed: linked records and people (Assigned To). */
const CHANGEABLE_TYPES = new Set(['linkedrecordfield', 'userfield']);

export type ListChangeMode = 'replace' | 'add' | 'remove';

/** Update's option: what a linked record or people value given does. */
export const listChangeOption: INodeProperties = {
	displayName: 'Linked Records and People',
	name: 'listChange',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Replace the Lists',
			value: 'replace',
			description: 'The field holds the records or people given, and no others',
		},
		{
			name: 'Add to the Lists',
			value: 'add',
			description: 'The records or people given are added; the others stay',
		},
		{
			name: 'Remove From the Lists',
			value: 'remove',
			description: 'The records or people given are removed; the others stay',
		},
	],
	default: 'replace',
	description:
		'What a value given for a linked record field or a people field (Assigned To) does, by ID or title (people by ID, e-mail or name). Fields (JSON) can say it per field: {"Company": {"add": ["Acme"], "remove": ["Globex"]}}.',
};

/** What an item gives to add and to remove, by slug, as given (ids, titles, e-mails, names). */
export interface GivenChanges {
	add: IDataObject;
	remove: IDataObject;
}

/** One field's change, in ids: `remove` taken out of the current list, then `add` appended. */
export interface ListChange {
	add: string[];
	remove: string[];
}

/** Slug → the change of that field. */
export type ListChanges = Map<string, ListChange>;

/** `{"add": …, "remove": …}`: an object that is not a record given as `{"id": …}`. */
const isChangeObject = (value: unknown): value is IDataObject =>
	isObject(value) && !hasOwn(value, 'id');

/**
 * Splits the changes off an item's values (slug → value): the `{"add", "remove"}` objects, and with
 * `mode` add or remove every linked record and people value. The rest is written as given.
 */
export function splitListChanges(
	node: INode,
	values: IDataObject,
	structure: Field[],
	mode: ListChangeMode,
	itemIndex: number,
): { values: IDataObject; changes: GivenChanges } {
	const rest: IDataObject = { ...values };
	const changes: GivenChanges = { add: {}, remove: {} };
	for (const field of structure) {
		if (!CHANGEABLE_TYPES.has(field.field_type) || !hasOwn(values, field.slug)) continue;
		const given = values[field.slug];
		if (isChangeObject(given)) {
			const unknown = Object.keys(given).filter((key) => key !== 'add' && key !== 'remove');
			if (unknown.length > 0) throw changeKeysError(node, field, given, unknown, itemIndex);
			if (hasOwn(given, 'add')) setOwn(changes.add, field.slug, given.add);
			if (hasOwn(given, 'remove')) setOwn(changes.remove, field.slug, given.remove);
		} else if (mode !== 'replace') {
			setOwn(changes[mode], field.slug, given);
		} else continue;
		delete rest[field.slug];
	}
	return { values: rest, changes };
}

function changeKeysError(
	node: INode,
	field: Field,
	given: IDataObject,
	unknown: string[],
	itemIndex: number,
): NodeOperationError {
	const keys = unknown.map((key) => `"${key}"`).join(', ');
	return new NodeOperationError(
		node,
		`The field "${field.label}"${inItem(node, itemIndex)} cannot take the key${unknown.length > 1 ? 's' : ''} ${keys}: an object for it takes only "add" and "remove"`,
		{
			description: `Given: ${describeGiven(given)}. Use {"add": [...], "remove": [...]} (either key may be left out) to add or remove records or people and keep the others, or a list to replace the whole list. Nothing was sent for this record.`,
			itemIndex,
		},
	);
}

/** The changes in ids, from the converted add and remove bodies (slug → ids). */
export function listChangesOf(
	given: GivenChanges,
	added: IDataObject,
	removed: IDataObject,
): ListChanges | undefined {
	const slugs = new Set([...Object.keys(given.add), ...Object.keys(given.remove)]);
	if (slugs.size === 0) return undefined;
	const ids = (body: IDataObject, slug: string) => idsIn(ownValue(body, slug));
	return new Map(
		[...slugs].map((slug) => [slug, { add: ids(added, slug), remove: ids(removed, slug) }]),
	);
}

const idsIn = (value: unknown): string[] => {
	const ids = readIds(value);
	return Array.isArray(ids) ? ids.map(String) : [];
};

const unique = (ids: string[]) => [...new Set(ids)];

/** The list after the change: the current order kept, duplicates dropped, a missing remove ignored. */
export function applyChange(current: string[], { add, remove }: ListChange): string[] {
	const removed = new Set(remove);
	return unique([...current.filter((id) => !removed.has(id)), ...add]);
}

/** One change doing what `first` then `second` do. */
function composed(first: ListChange, second: ListChange): ListChange {
	const removedAfter = new Set(second.remove);
	return {
		add: unique([...first.add.filter((id) => !removedAfter.has(id)), ...second.add]),
		remove: unique([...first.remove, ...second.remove]),
	};
}

/**
 * The changes of `earlier` followed by those of `later` (Create or Update's items of one record):
 * a list `later` replaces drops the earlier change of that field.
 */
export function laterChanges(
	earlier: ListChanges | undefined,
	later: Write,
): ListChanges | undefined {
	const changes = new Map(earlier ?? []);
	for (const slug of Object.keys(later.body)) changes.delete(slug);
	for (const [slug, change] of later.listChanges ?? []) {
		const before = changes.get(slug);
		changes.set(slug, before ? composed(before, change) : change);
	}
	return changes.size > 0 ? changes : undefined;
}

/** A write whose record is new: its changes applied to the lists it gives, or to empty ones. */
export function withChangesSet(write: Write): Write {
	if (!write.listChanges) return write;
	const body = { ...write.body };
	for (const [slug, change] of write.listChanges)
		setOwn(body, slug, applyChange(idsIn(ownValue(body, slug)), change));
	return { ...write, body, listChanges: undefined };
}

/**
 * Merges the batch's changes into its records' current lists, read now with one list request
 * (by the records' ids; SmartSuite documents no way to read fewer fields). Writes of one record
 * follow each other. Returns the writes whose record does not exist, with their error.
 */
export async function mergeCurrentLists(
	client: RecordsClient,
	batch: Write[],
): Promise<Map<Write, Outcome>> {
	const missing = new Map<Write, Outcome>();
	const changing = batch.filter((write) => write.listChanges && write.recordId);
	if (changing.length === 0) return missing;
	const { tableId } = changing[0];
	const ids = unique(changing.map((write) => write.recordId!));
	const structure = await client.structure(tableId);
	const { records } = await listRecords(
		client,
		tableId,
		structure,
		{ ids, sort: [] },
		{
			limit: ids.length,
			itemIndex: changing[0].itemIndex,
			action: 'read the current links and people of the records to change',
		},
	);
	const current = new Map(records.map((record) => [String(record.id), record]));
	if ([...current.keys()].some((id) => !ids.includes(id)))
		throw idsIgnoredError(client.node, changing[0].itemIndex);
	for (const write of changing) {
		const record = current.get(write.recordId!);
		if (!record) {
			missing.set(write, { error: notFoundError(client.node, tableId, write) });
			continue;
		}
		const body = { ...write.body };
		for (const [slug, change] of write.listChanges!) {
			const base = hasOwn(body, slug) ? body[slug] : ownValue(record, slug);
			setOwn(body, slug, applyChange(idsIn(base), change));
		}
		write.body = body;
		current.set(write.recordId!, { ...record, ...body });
	}
	return missing;
}

/** The error Update gives for a record that does not exist (a 404 to its PATCH). */
function notFoundError(node: INode, tableId: string, write: Write): NodeApiError {
	const message = `Record "${write.recordId}" was not found in table "${tableId}"`;
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description:
			'Check the id, and that it belongs to the workspace of the credential. Its lists were read to add or remove the links or people given: nothing was written for it.',
		httpCode: '404',
		itemIndex: write.itemIndex,
	});
}

function idsIgnoredError(node: INode, itemIndex: number): NodeApiError {
	const message = 'SmartSuite answered the read of the records to change with other records';
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description:
			'Adding or removing links reads the records by id first, and this server did not read them by id. Nothing was written for this batch: give the whole lists instead (Linked Records and People: Replace the Lists, or a list in Fields (JSON)).',
		itemIndex,
	});
}
