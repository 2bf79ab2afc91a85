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
import {
	CREATABLE_FIELD_TYPE_OPTIONS,
	DUE_DATE_TYPE,
	TYPES_WITH_SETTINGS,
} from '../../shared/fieldTypes';
import { tablePath } from '../../shared/records';

type Show = Record<string, string[]>;

/** Field → Create offers the types that need no settings, and Linked Record (it asks for the table). */
export const FIELD_TYPE_OPTIONS: INodePropertyOptions[] = CREATABLE_FIELD_TYPE_OPTIONS.filter(
	(option) =>
		option.value === 'linkedrecordfield' || !TYPES_WITH_SETTINGS.includes(String(option.value)),
);

import { CHOICE_FIELD_TYPES, newChoices } from '../../shared/fieldTypes';

export { CHOICE_FIELD_TYPES, newChoices };
export const LINKED_RECORD_TYPE = 'linkedrecordfield';

/** For a Due Date: the Status field it is linked to (SmartSuite requires one). */
export function statusFieldParameter(show: Show): INodeProperties {
	return {
		displayName: 'Status Field',
		name: 'statusField',
		type: 'string',
		default: '',
		placeholder: 'Status',
		description:
			"For Due Date: the label or slug of the table's Status field it is linked to (SmartSuite tells by it when the work is done); empty: the first Status field",
		displayOptions: { show: { ...show, fieldType: [DUE_DATE_TYPE] } },
	};
}

export const fieldPath = (tableId: string, action: string) => `${tablePath(tableId)}${action}/`;

/** The field of the table: picked from its fields, or its slug (ID); a label is found too. */
export function fieldLocator(show: Show, description: string): INodeProperties {
	return {
		displayName: 'Field',
		name: 'fieldId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		// n8n's editor empties the picked field when the table changes.
		typeOptions: { loadOptionsDependsOn: ['tableId.value'] },
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

/** Choices of a new field: shown for Single Select, Multiple Select and Status only. */
export function choicesParameter(show: Show): INodeProperties {
	return {
		displayName: 'Choices',
		name: 'choices',
		type: 'string',
		default: '',
		placeholder: 'Small, Medium, Large',
		description: 'The options, as labels separated by commas',
		displayOptions: { show: { ...show, fieldType: CHOICE_FIELD_TYPES } },
	};
}

/**
 * A new field's `params.choices` from the Choices text: `{}` for a type without choices. Choices
 * given to such a type (possible when Field Type is an expression) are refused through `fail`.
 */
export function choicesParams(
	type: string,
	text: unknown,
	fail: (message: string, description: string) => Error,
): IDataObject {
	const labels = choiceLabels(text);
	if (CHOICE_FIELD_TYPES.includes(type)) return { choices: newChoices(type, labels) };
	if (labels.length > 0)
		throw fail(
			`Choices are only for Single Select, Multiple Select and Status, not for ${type}`,
			'Empty the Choices parameter, or pick one of those field types.',
		);
	return {};
}

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
