/**
 * Where Create, Update and Create or Update take their fields from (Specify Fields): the Columns
 * mapper, or one JSON object keyed by label or slug, which a model fills through one
 * `$fromAI('fields', '…', 'json')` (n8n makes every `$fromAI` argument required, so one argument
 * per field cannot leave a field out). Keys that name no field of the table are errors, except
 * an item's own keys under Map Automatically, which stay execution hints as in n8n's own nodes.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { describeGiven, isReadOnly, matchKeys } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import type { RecordsClient } from '../../shared/records';
import { formsNotice } from '../../shared/resourceMapping';
import type { ItemValues } from './common';
import { columnsField, readColumns } from './common';
import { fieldByKey, namesIn } from './fieldNames';
import { richTextInputField } from '../../shared/richText';

type Show = Record<string, string[]>;
type Mode = 'add' | 'update' | 'upsert';

const JSON_DESCRIPTIONS: Record<Mode, string> = {
	add: 'The values of the new record: one JSON object keyed by field label (any case) or slug, e.g. {"Title": "Kick-off", "Status": "In Progress"}. null or a key left out leaves a field empty.',
	update:
		'The fields to change: one JSON object keyed by field label (any case) or slug, e.g. {"Status": "Done"}. A key left out is left as it is; null or "" clears the field. A linked record or people field takes a list (replacing it) or {"add": [...], "remove": [...]} (keeping the others).',
	upsert:
		'The values to write: one JSON object keyed by field label (any case) or slug, holding the Match On fields. A key left out is left as it is; null or "" clears the field.',
};

/** Specify Fields, the mapper (shown only for it), and the JSON object (with Upsert's Match On). */
export function fieldsInputFields(mode: Mode, show: Show): INodeProperties[] {
	const json = { show: { ...show, fieldsInput: ['json'] } };
	return [
		{
			displayName: 'Specify Fields',
			name: 'fieldsInput',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Using the Mapper',
					value: 'mapper',
					description: 'Map each field (or the input items automatically) in Columns',
				},
				{
					name: 'Using JSON',
					value: 'json',
					description:
						'One JSON object keyed by field label or slug: the way for an AI tool (one $fromAI argument)',
				},
			],
			default: 'mapper',
			displayOptions: { show },
		},
		// The forms values take, in full (the mapper cuts its labels), for the mapper and the JSON alike.
		formsNotice(show),
		columnsField(mode, { ...show, fieldsInput: ['mapper'] }),
		...(mode === 'upsert'
			? [
					{
						displayName: 'Match On',
						name: 'matchOn',
						type: 'string',
						default: '',
						required: true,
						placeholder: 'Code',
						description:
							'The fields that identify a record, by label or slug, separated by commas (or a list from an expression): a record whose values in them equal those of Fields (JSON) is updated, else one is created',
						displayOptions: json,
					} satisfies INodeProperties,
				]
			: []),
		{
			displayName: 'Fields (JSON)',
			name: 'fieldsJson',
			type: 'json',
			default: '{}',
			required: true,
			description: JSON_DESCRIPTIONS[mode],
			displayOptions: json,
		},
		richTextInputField(show),
	];
}

export function usesJson(context: IExecuteFunctions, itemIndex: number): boolean {
	return context.getNodeParameter('fieldsInput', itemIndex, 'mapper') === 'json';
}

/** Fields (JSON) as an object: an expression may give the object itself or its JSON text. */
export function readFieldsJson(context: IExecuteFunctions, itemIndex: number): IDataObject {
	let given: unknown = context.getNodeParameter('fieldsJson', itemIndex, '{}');
	if (typeof given === 'string') {
		try {
			given = given.trim() === '' ? {} : JSON.parse(given);
		} catch {
			throw notAnObjectError(context, given, 'it is not valid JSON', itemIndex);
		}
	}
	if (!isObject(given)) throw notAnObjectError(context, given, 'it is not an object', itemIndex);
	return given;
}

function notAnObjectError(
	context: IExecuteFunctions,
	given: unknown,
	why: string,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(
		context.getNode(),
		`Fields (JSON) cannot be used, ${why}: ${describeGiven(given)}. Give one JSON object keyed by field label or slug, e.g. {"Status": "Done", "Due Date": "2026-12-01"}.`,
		{ description: 'Nothing was sent for this record.', itemIndex },
	);
}

/**
 * The values an item gives, matched to the table's fields. From Fields (JSON), a key that names
 * no field or a read-only one is an error; from the mapper's own columns, one that names no field
 * (the mapper was loaded from another table); Map Automatically's extra keys are left to hints.
 */
export async function readItemValues(
	context: IExecuteFunctions,
	client: RecordsClient,
	tableId: string,
	structure: Field[],
	item: INodeExecutionData,
	itemIndex: number,
): Promise<ItemValues> {
	const json = usesJson(context, itemIndex);
	if (json) {
		// null clears, as "" does: the conversion empties a field given "" (Update, Create or Update).
		const given = readFieldsJson(context, itemIndex);
		const values = Object.fromEntries(
			Object.entries(given).map(([key, value]) => [key, value === null ? '' : value]),
		);
		const matched = matchKeys(values, structure);
		if (matched.unmatched.length > 0 || matched.readOnly.length > 0)
			throw await unknownKeysError(context, client, tableId, structure, matched, 'json', itemIndex);
		return matched;
	}
	const matched = matchKeys(readColumns(context, itemIndex, item), structure);
	const autoMap =
		context.getNodeParameter('columns.mappingMode', itemIndex, 'defineBelow') ===
		'autoMapInputData';
	if (!autoMap && matched.unmatched.length > 0)
		throw await unknownKeysError(
			context,
			client,
			tableId,
			structure,
			{ ...matched, readOnly: [] },
			'mapper',
			itemIndex,
		);
	return matched;
}

/** At most this many labels are listed in an error: enough for a model to choose from. */
const LISTED_FIELDS = 60;

const quoted = (keys: string[]) => keys.map((key) => `"${key}"`).join(', ');

async function unknownKeysError(
	context: IExecuteFunctions,
	client: RecordsClient,
	tableId: string,
	structure: Field[],
	{ unmatched, readOnly }: ItemValues,
	source: 'json' | 'mapper',
	itemIndex: number,
): Promise<NodeOperationError> {
	const table = await client.table(tableId);
	const tableName = typeof table.name === 'string' && table.name !== '' ? table.name : tableId;
	const writable = structure.filter((field) => !isReadOnly(field)).map((field) => field.label);
	const listed =
		quoted(writable.slice(0, LISTED_FIELDS)) +
		(writable.length > LISTED_FIELDS ? ` and ${writable.length - LISTED_FIELDS} more` : '');
	const parts = [
		...(unmatched.length > 0
			? [`The table "${tableName}" has no field ${quoted(unmatched)}.`]
			: []),
		...(readOnly.length > 0
			? [
					`SmartSuite fills in ${quoted(readOnly)} itself in the table "${tableName}": leave ${readOnly.length > 1 ? 'them' : 'it'} out.`,
				]
			: []),
		`Fields that can be written: ${listed}. Nothing was sent for this record.`,
	];
	const description =
		source === 'json'
			? 'Fields (JSON) is keyed by field label (in any case) or slug.'
			: 'Columns holds fields of another table (its Table came from an expression, or changed since): refresh the fields in Columns, or give the fields with Specify Fields → Using JSON.';
	return new NodeOperationError(context.getNode(), parts.join(' '), { description, itemIndex });
}

/** Upsert's Match On (JSON): labels or slugs, as a list or separated by commas; the slugs they name. */
export function readMatchOn(
	context: IExecuteFunctions,
	structure: Field[],
	itemIndex: number,
): string[] {
	return namesIn(context.getNodeParameter('matchOn', itemIndex, '')).map(
		(name) => fieldByKey(structure, name)?.slug ?? name,
	);
}
