/**
 * Create or Update (upsert). SmartSuite has no upsert endpoint: the items' keys are looked up with
 * one search per 25 keys (an `or` of their conditions), then the records found are updated and
 * the others created, each in bulk requests of 25. Items with the same key are one record: their
 * values are written together (later items' values win), so one run never makes two records for
 * one key.
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import {
	canMatchOn,
	isReadOnly,
	keyCondition,
	keyOf,
	storedHasKey,
	UPSERT_OUTCOME,
} from '../../shared/fields';
import { tableLocator } from '../../shared/locators';
import { ownValue } from '../../shared/own';
import type { RecordsClient } from '../../shared/records';
import { recordsClient } from '../../shared/records';
import { itemSubject } from '../shared';
import type { Write } from './batches';
import { chunksBy, writeInBatches } from './batches';
import type { Outcome } from './common';
import { failure, outputOf, readableFields, simplifyField, stopUnlessContinuing } from './common';
import { createWriter } from './create';
import { fieldsInputFields, readMatchOn, usesJson } from './fieldsInput';
import { checkRequired, prepareWrites } from './prepare';
import { listRecords } from './list';
import { laterChanges, withChangesSet } from './listChanges';
import { updateWriter } from './update';
import { richTextAsField } from '../../shared/richText';

const show = { resource: ['record'], operation: ['upsert'] };

export const upsertOperation: INodePropertyOptions = {
	name: 'Create or Update',
	value: 'upsert',
	action: 'Create or update a record matched on key fields',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
};

export const upsertFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) that holds the records',
		displayOptions: { show },
	}),
	...fieldsInputFields('upsert', show),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Update All Matches',
				name: 'updateAllMatches',
				type: 'boolean',
				default: false,
				description:
					'Whether to update every record whose match fields have the item’s values. Off, an item that matches several records fails and names them.',
			},
		],
	},
	simplifyField(show),
	...readableFields(show),
	richTextAsField(show),
];

/** The items that share one key (table and match values): one record, written once. */
interface KeyGroup {
	tableId: string;
	structure: Field[];
	matchFields: Field[];
	keys: string[];
	/** The first item's write; its body becomes the values of every item, in input order. */
	first: Write;
	itemIndexes: number[];
	/** The writes the group ends in (one, or one per record with Update All Matches), or its error. */
	writes: Write[];
	error?: Outcome;
}

function noKeyError(context: IExecuteFunctions, field: Field, itemIndex: number) {
	const node = context.getNode();
	return new NodeOperationError(
		node,
		`${itemSubject(node, itemIndex)} has no value for the match field "${field.label}"`,
		{
			description:
				'Records are found by the values of the fields to match on: give each of them one value. Nothing was sent for it.',
			itemIndex,
		},
	);
}

/**
 * The fields the item matches on: chosen in the mapper, or named in Match On (Using JSON), each of
 * a type that can identify a record.
 */
function matchFieldsOf(context: IExecuteFunctions, structure: Field[], itemIndex: number): Field[] {
	const slugs = usesJson(context, itemIndex)
		? readMatchOn(context, structure, itemIndex)
		: (context.getNodeParameter('columns.matchingColumns', itemIndex, []) as string[]);
	const matchable = () =>
		`Fields that can be matched on: ${structure
			.filter((field) => canMatchOn(field) && !isReadOnly(field))
			.map((field) => `"${field.label}"`)
			.join(', ')}.`;
	if (slugs.length === 0)
		throw new NodeOperationError(
			context.getNode(),
			`Choose at least one field to match on. ${matchable()}`,
			{
				description:
					'Upsert finds the record to update by the values of these fields: choose them in Columns, or name them in Match On (with Specify Fields → Using JSON).',
				itemIndex,
			},
		);
	return slugs.map((slug) => {
		const field = structure.find((candidate) => candidate.slug === slug);
		if (!field)
			throw new NodeOperationError(
				context.getNode(),
				`The table has no field "${slug}" to match on. ${matchable()}`,
				{
					description:
						'Pick the fields to match on again in Columns, or name them by label or slug in Match On.',
					itemIndex,
				},
			);
		if (!canMatchOn(field))
			throw new NodeOperationError(
				context.getNode(),
				`The field "${field.label}" (${field.field_type}) cannot be used to match records. ${matchable()}`,
				{
					description: 'Match on text, e-mail, link, number, single select or status fields.',
					itemIndex,
				},
			);
		return field;
	});
}

/** Groups the items by key; an item without a key gets its error. */
async function groupByKey(
	context: IExecuteFunctions,
	client: RecordsClient,
	writes: Write[],
	failed: Array<Outcome | undefined>,
): Promise<KeyGroup[]> {
	const groups = new Map<string, KeyGroup>();
	for (const write of writes) {
		try {
			const structure = await client.structure(write.tableId);
			const matchFields = matchFieldsOf(context, structure, write.itemIndex);
			const keys = matchFields.map((field) => {
				const key = keyOf(field, ownValue(write.body, field.slug));
				if (key === undefined) throw noKeyError(context, field, write.itemIndex);
				return key;
			});
			const id = JSON.stringify([write.tableId, matchFields.map((field) => field.slug), keys]);
			const group = groups.get(id);
			if (group) {
				group.first.body = { ...group.first.body, ...write.body };
				group.first.listChanges = laterChanges(group.first.listChanges, write);
				group.itemIndexes.push(write.itemIndex);
			} else {
				const first = { ...write, body: { ...write.body } };
				groups.set(id, {
					tableId: write.tableId,
					structure,
					matchFields,
					keys,
					first,
					itemIndexes: [write.itemIndex],
					writes: [],
				});
			}
		} catch (error) {
			failed[write.itemIndex] = failure(error);
		}
	}
	return [...groups.values()];
}

/** Splits groups into chunks of up to 25 of one table and match fields: one search each. */
function searchChunks(groups: KeyGroup[]): KeyGroup[][] {
	return chunksBy(groups, (group) =>
		JSON.stringify([group.tableId, group.matchFields.map((field) => field.slug)]),
	);
}

/**
 * Finds the records of a chunk's keys with one search: an `or` of the first match field's values
 * (the filter SmartSuite documents), the other match fields compared here.
 */
async function findRecords(client: RecordsClient, chunk: KeyGroup[]): Promise<void> {
	const { tableId, structure, matchFields } = chunk[0];
	const [first] = matchFields;
	const filter = {
		operator: 'or',
		fields: chunk.map((group) => keyCondition(first, group.first.body[first.slug])),
	};
	const { records } = await listRecords(client, tableId, structure, { filter, sort: [] }, {});
	for (const group of chunk) {
		const found = records.filter((record) =>
			group.matchFields.every((field, position) =>
				storedHasKey(field, ownValue(record, field.slug), group.keys[position]),
			),
		);
		group.writes = found.map((record) => ({ ...group.first, recordId: String(record.id) }));
	}
}

function searchError(
	client: RecordsClient,
	cause: NodeApiError | NodeOperationError,
	chunk: KeyGroup[],
	itemIndex: number,
) {
	const items = chunk.flatMap((group) => group.itemIndexes);
	const message = `The search for the records of items ${items.join(', ')} failed: ${cause.message}`;
	const description =
		`Nothing was written for these items; the other items went on. ${cause.description ?? ''}`.trim();
	return new NodeApiError(client.node, { message } as JsonObject, {
		message,
		description,
		httpCode: cause instanceof NodeApiError ? (cause.httpCode ?? undefined) : undefined,
		itemIndex,
	});
}

function severalMatchesError(context: IExecuteFunctions, group: KeyGroup): Outcome {
	const itemIndex = group.first.itemIndex;
	const ids = group.writes.map((write) => write.recordId).join(', ');
	const node = context.getNode();
	return {
		error: new NodeOperationError(
			node,
			`${itemSubject(node, itemIndex)} matches ${group.writes.length} records: ${ids}`,
			{
				description:
					'Several records have these values in the fields to match on, so none was updated. Match on more fields, or turn on the option "Update All Matches" to update all of them.',
				itemIndex,
			},
		),
	};
}

/** Run by actions/router.ts, like Create. */
export async function executeUpsert(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const client = await recordsClient(this);
	const { writes, failed } = await prepareWrites(this, client, items, 'upsert');
	const groups = await groupByKey(this, client, writes, failed);
	stopUnlessContinuing(this, failed);

	for (const chunk of searchChunks(groups)) {
		try {
			await findRecords(client, chunk);
		} catch (error) {
			const { error: cause } = failure(error) as { error: NodeApiError | NodeOperationError };
			for (const group of chunk)
				group.error = { error: searchError(client, cause, chunk, group.first.itemIndex) };
		}
	}

	const updates: Write[] = [];
	const creates: Write[] = [];
	for (const group of groups) {
		if (group.error) continue;
		const updateAll = this.getNodeParameter(
			'options.updateAllMatches',
			group.first.itemIndex,
			false,
		);
		if (group.writes.length > 1 && !updateAll) {
			group.error = severalMatchesError(this, group);
		} else if (group.writes.length > 0) {
			// One by one: an item may match any number of records, never spread into a call.
			for (const write of group.writes) updates.push(write);
		} else {
			try {
				const created = withChangesSet(group.first);
				checkRequired(this, created.body, group.structure, group.first.itemIndex);
				group.writes = [created];
				creates.push(created);
			} catch (error) {
				group.error = failure(error);
			}
		}
	}
	const updated = await writeInBatches(client, updates, updateWriter(client, this));
	const created = await writeInBatches(client, creates, createWriter(client, this));
	const outcomeOf = new Map<Write, Outcome>([
		...updates.map((write, position) => [write, updated[position]] as const),
		...creates.map((write, position) => [write, created[position]] as const),
	]);

	const results: Outcome[][] = items.map((_item, itemIndex) =>
		failed[itemIndex] ? [failed[itemIndex]] : [],
	);
	const marked = (write: Write, outcome: Outcome): Outcome =>
		'json' in outcome
			? {
					...outcome,
					json: { [UPSERT_OUTCOME]: write.recordId ? 'updated' : 'created', ...outcome.json },
				}
			: outcome;
	for (const group of groups) {
		const outcomes = group.error
			? [group.error]
			: group.writes.map((write) => marked(write, outcomeOf.get(write)!));
		for (const itemIndex of group.itemIndexes) results[itemIndex] = outcomes;
	}
	return outputOf(this, results);
}
