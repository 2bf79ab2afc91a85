/** What the Field operations share: the field types, the field picker, choices, ids and output. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import { requireId } from '../../shared/ids';
import { tablePath } from '../../shared/records';

type Show = Record<string, string[]>;

/**
 * The field types a new field can have: SmartSuite's field-object reference, without the system
 * types ("cannot be added via API") and the types that need settings this node does not ask for
 * (formula, lookup, rollup, count, button, sub-items).
 */
export const FIELD_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Address', value: 'addressfield' },
	{ name: 'Assigned To', value: 'userfield' },
	{ name: 'Checklist', value: 'checklistfield' },
	{ name: 'Color Picker', value: 'colorpickerfield' },
	{ name: 'Currency', value: 'currencyfield' },
	{ name: 'Date', value: 'datefield' },
	{ name: 'Date Range', value: 'daterangefield' },
	{ name: 'Due Date', value: 'duedatefield' },
	{ name: 'Duration', value: 'durationfield' },
	{ name: 'Email', value: 'emailfield' },
	{ name: 'Files and Images', value: 'filefield' },
	{ name: 'Full Name', value: 'fullnamefield' },
	{ name: 'IP Address', value: 'ipaddressfield' },
	{ name: 'Link', value: 'linkfield' },
	{ name: 'Linked Record', value: 'linkedrecordfield' },
	{ name: 'Multiple Select', value: 'multipleselectfield' },
	{ name: 'Number', value: 'numberfield' },
	{ name: 'Number Slider', value: 'numbersliderfield' },
	{ name: 'Percent', value: 'percentfield' },
	{ name: 'Percent Complete', value: 'percentcompletefield' },
	{ name: 'Phone', value: 'phonefield' },
	{ name: 'Rating', value: 'ratingfield' },
	{ name: 'Record ID', value: 'recordidfield' },
	{ name: 'Signature', value: 'signaturefield' },
	{ name: 'Single Select', value: 'singleselectfield' },
	{ name: 'SmartDoc', value: 'richtextareafield' },
	{ name: 'Social Network', value: 'socialnetworkfield' },
	{ name: 'Status', value: 'statusfield' },
	{ name: 'Tags', value: 'tagsfield' },
	{ name: 'Text', value: 'textfield' },
	{ name: 'Text Area', value: 'textareafield' },
	{ name: 'Time', value: 'timefield' },
	{ name: 'Time Tracking Log', value: 'timetrackingfield' },
	{ name: 'Vote', value: 'votefield' },
	{ name: 'Yes / No', value: 'yesnofield' },
];

/** The types whose options are `params.choices`: `{value, label}`, the value being the id records hold. */
export const CHOICE_FIELD_TYPES = ['singleselectfield', 'multipleselectfield', 'statusfield'];
export const LINKED_RECORD_TYPE = 'linkedrecordfield';

export const fieldPath = (tableId: string, action: string) => `${tablePath(tableId)}${action}/`;

/** The field of the table: picked from its fields, or its slug (ID); a label is found too. */
export function fieldLocator(show: Show, description: string): INodeProperties {
	return {
		displayName: 'Field',
		name: 'fieldId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		displayOptions: { show },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a field...',
				typeOptions: { searchListMethod: 'searchFields', searchable: true },
			},
			{ displayName: 'ID', name: 'id', type: 'string', placeholder: 's1a561b4ae' },
		],
	};
}

/** Labels separated by commas: trimmed, empty ones dropped, each once (any case). */
export function choiceLabels(text: unknown): string[] {
	const labels: string[] = [];
	for (const label of String(text ?? '').split(',')) {
		const trimmed = label.trim();
		if (trimmed && !labels.some((known) => known.toLowerCase() === trimmed.toLowerCase()))
			labels.push(trimmed);
	}
	return labels;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new id chosen by the client: SmartSuite's add-field reference asks for a field slug that is "a
 * random 10 digit alphanumeric value" (lowercase, starting with a letter, as SmartSuite's own slugs
 * such as `s1a561b4ae`); choice ids are chosen the same way.
 */
export function newSlug(length = 10): string {
	let slug = 's';
	while (slug.length < length)
		slug += ALPHANUMERIC[Math.floor(Math.random() * ALPHANUMERIC.length)];
	return slug;
}

/** New options for the labels, each with its own id. */
export const newChoices = (labels: string[]): IDataObject[] =>
	labels.map((label) => ({ value: newSlug(), label }));

/** The field named by slug, else by label (any case), with an error listing the table's fields. */
export function findField(
	context: IExecuteFunctions,
	structure: Field[],
	tableId: string,
	itemIndex: number,
): Field {
	const given = requireId(
		context.getNode(),
		context.getNodeParameter('fieldId', itemIndex, '', { extractValue: true }),
		'Field',
		itemIndex,
	);
	const field =
		structure.find((candidate) => candidate.slug === given) ??
		structure.find((candidate) => candidate.label.toLowerCase() === given.toLowerCase());
	if (field) return field;
	const fields = structure.map((candidate) => `"${candidate.label}" (${candidate.slug})`);
	throw new NodeOperationError(
		context.getNode(),
		`The table "${tableId}" has no field "${given}"`,
		{
			description: `Its fields: ${fields.slice(0, 30).join(', ')}${fields.length > 30 ? ', …' : ''}. Nothing was changed.`,
			itemIndex,
		},
	);
}

/** One output item per field: where it is, its slug (the key of its values in records), label, type, settings. */
export function fieldOutput(
	tableId: string,
	field: IDataObject,
	extra: IDataObject = {},
): IDataObject {
	return {
		tableId,
		slug: field.slug,
		label: field.label,
		field_type: field.field_type,
		params: isObject(field.params) ? field.params : {},
		...extra,
	};
}

/** SmartSuite's answer when it is the field (none is documented for add and change), else what was sent. */
export function answeredField(answer: unknown, sent: IDataObject): IDataObject {
	return isObject(answer) && typeof answer.slug === 'string' ? answer : sent;
}
