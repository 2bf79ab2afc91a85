import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import { tableLocator } from '../../shared/locators';
import { tableNotFound } from '../../shared/records';
import { answerOf, eachItem, readTableId } from '../record/common';
import {
	answeredField,
	CHOICE_FIELD_TYPES,
	choiceLabels,
	fieldLocator,
	fieldOutput,
	fieldPath,
	findField,
	newChoices,
} from './common';

const show = { resource: ['field'], operation: ['update'] };

export const updateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Rename a field or add options to it',
	description:
		'Rename a field or add options to a select or status field; existing options keep their IDs, so records keep their values',
};

export const updateFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) that holds the field',
		displayOptions: { show },
	}),
	fieldLocator(show, 'The field to change: picked from the table, or its slug or label'),
	{
		// Not `label`: n8n keeps a value when the next operation shows a parameter of the same name,
		// and Create's Label would rename the field (issue 36).
		displayName: 'New Label',
		name: 'newLabel',
		type: 'string',
		default: '',
		description: 'A new name for the field; empty keeps its name',
		displayOptions: { show },
	},
	{
		displayName: 'Add Choices',
		name: 'addChoices',
		type: 'string',
		default: '',
		placeholder: 'New product, Another product',
		description:
			'For Single Select, Multiple Select and Status: options to add, as labels separated by commas. Existing options stay as they are; a label the field already has is not added again.',
		displayOptions: { show },
	},
];

const choicesOf = (field: Field): IDataObject[] =>
	Array.isArray(field.params?.choices) ? field.params.choices.filter(isObject) : [];

/** The whole field as change_field takes it, or undefined when nothing would change. */
function changedField(
	context: IExecuteFunctions,
	field: Field,
	itemIndex: number,
): IDataObject | undefined {
	const fail = (message: string, description: string) =>
		new NodeOperationError(context.getNode(), message, { description, itemIndex });
	const label = String(context.getNodeParameter('newLabel', itemIndex, '') ?? '').trim();
	const labels = choiceLabels(context.getNodeParameter('addChoices', itemIndex, ''));
	if (!label && labels.length === 0)
		throw fail(
			'Nothing to change',
			'Give a New Label, or choices to add (labels separated by commas).',
		);
	if (labels.length > 0 && !CHOICE_FIELD_TYPES.includes(field.field_type))
		throw fail(
			`The field "${field.label}" is a ${field.field_type}: it has no choices to add to`,
			'Choices can be added to Single Select, Multiple Select and Status fields only. Nothing was changed.',
		);
	const existing = choicesOf(field);
	const known = new Set(existing.map((choice) => String(choice.label).toLowerCase()));
	const added = labels.filter((choice) => !known.has(choice.toLowerCase()));
	if ((!label || label === field.label) && added.length === 0) return undefined;
	const params: IDataObject = { ...field.params };
	if (added.length > 0)
		params.choices = [...existing, ...newChoices(field.field_type, added, existing)];
	return { slug: field.slug, label: label || field.label, field_type: field.field_type, params };
}

/** Run by actions/router.ts: the table's structure is read once per run, then one change per item. */
export async function executeUpdate(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	// Fields changed by earlier items of this run: the structure read before them is out of date.
	const changed = new Map<string, Field>();
	return await eachItem(this, async (client, itemIndex) => {
		const tableId = readTableId(this, itemIndex);
		const read = findField(this, await client.structure(tableId), tableId, itemIndex);
		const key = `${tableId}/${read.slug}`;
		const field = changed.get(key) ?? read;
		const body = changedField(this, field, itemIndex);
		if (!body) return [fieldOutput(tableId, field as unknown as IDataObject, { changed: false })];
		const answer = await answerOf(
			client,
			{
				method: 'PUT',
				url: fieldPath(tableId, 'change_field'),
				body,
				action: `change the field "${field.label}"`,
				notFound: tableNotFound(tableId, client.node),
				repeatable: true,
				anyBody: true,
			},
			[],
			itemIndex,
		);
		const result = answeredField(answer, body);
		changed.set(key, { ...field, ...(result as unknown as Field) });
		return [fieldOutput(tableId, result, { changed: true })];
	});
}
