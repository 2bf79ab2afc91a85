import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isObject } from '../../shared/fields/values';
import {
	DUE_DATE_STATUS_PARAM,
	DUE_DATE_TYPE,
	linkedStatusField,
	newFieldSlug,
	PLAIN_FIELD_TYPE_OPTIONS,
} from '../../shared/fieldTypes';
import type { Field } from '../../shared/fields';
import { choicesParameter, choicesParams, statusFieldParameter } from '../field/common';
import { solutionLocator } from '../../shared/locators';
import { eachItem } from '../record/common';
import { notAnObjectError, readSolutionId } from '../solution/common';

const show = { resource: ['table'], operation: ['create'] };

export const createOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a table in a solution',
	description: "Create a table: SmartSuite's Title field, then the fields given",
};

export const createFields: INodeProperties[] = [
	solutionLocator({
		description: 'The solution the table is created in',
		displayOptions: { show },
	}),
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description: 'The name of the new table',
		displayOptions: { show },
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add Field',
		description:
			'The fields of the new table, in order, after the Title field SmartSuite gives every new table. Linked records, lookups and formulas are added afterwards with Field → Create.',
		displayOptions: { show },
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Label',
						name: 'label',
						type: 'string',
						default: '',
						description: 'The name of the field',
					},
					{
						displayName: 'Field Type',
						name: 'fieldType',
						type: 'options',
						options: PLAIN_FIELD_TYPE_OPTIONS,
						default: 'textfield',
					},
					choicesParameter({}),
					statusFieldParameter({}),
				],
			},
		],
	},
];

function badInput(
	context: IExecuteFunctions,
	itemIndex: number,
	message: string,
	description: string,
) {
	return new NodeOperationError(context.getNode(), message, { description, itemIndex });
}

/**
 * The table's `structure`: each field given (checked before any request); `[]` without any, as
 * SmartSuite's own client sends it. SmartSuite gives every new table its Title (primary) field.
 */
function readStructure(context: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const given = context.getNodeParameter('fields.field', itemIndex, []) as unknown;
	const fields = Array.isArray(given) ? given : [];
	const labels = new Set<string>();
	const structure = fields.map((field: unknown, position) => {
		const { label, fieldType, choices, statusField } = isObject(field) ? field : {};
		const text = typeof label === 'string' ? label.trim() : '';
		if (text === '')
			throw badInput(
				context,
				itemIndex,
				`Field ${position + 1} has no label`,
				'Give every field a label.',
			);
		if (labels.has(text.toLowerCase()))
			throw badInput(
				context,
				itemIndex,
				`Two fields are labelled "${text}"`,
				'Give each field its own label: records are written by label or slug.',
			);
		labels.add(text.toLowerCase());
		if (!PLAIN_FIELD_TYPE_OPTIONS.some((option) => option.value === fieldType))
			throw badInput(
				context,
				itemIndex,
				`The field "${text}" has a type a new table cannot have: ${JSON.stringify(fieldType)}`,
				`Expected one of: ${PLAIN_FIELD_TYPE_OPTIONS.map((option) => option.value).join(', ')}.`,
			);
		const type = fieldType as string;
		const params = choicesParams(type, choices, (message, description) =>
			badInput(context, itemIndex, `The field "${text}": ${message}`, description),
		);
		return { slug: newFieldSlug(), label: text, field_type: type, params, statusField };
	});
	return structure.map(({ statusField, ...field }) => {
		if (field.field_type !== DUE_DATE_TYPE) return field;
		const status = linkedStatusField(structure as Field[], String(statusField ?? ''));
		if ('problem' in status)
			throw badInput(
				context,
				itemIndex,
				`The field "${field.label}": ${status.problem.replace('The table has', 'the new table has')}`,
				status.description,
			);
		return { ...field, params: { ...field.params, [DUE_DATE_STATUS_PARAM]: status.slug } };
	});
}

/** `POST /api/v1/applications/` with `{name, solution, structure}` (reference: tables/create-table.md). */
export async function executeCreate(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const solutionId = readSolutionId(this, itemIndex);
		const name = String(this.getNodeParameter('name', itemIndex, '')).trim();
		if (name === '')
			throw badInput(
				this,
				itemIndex,
				'The parameter "Name" is empty',
				'Enter the name of the new table.',
			);
		const structure = readStructure(this, itemIndex);
		const table = await client.call(
			{
				method: 'POST',
				url: '/api/v1/applications/',
				body: { name, solution: solutionId, structure },
				action: 'create the table',
				notFound: `The solution "${solutionId}" was not found`,
				repeatable: false,
				unanswered: {
					message: 'The table may have been created',
					description:
						'SmartSuite may have created the table without answering, so it was not sent again: a second request could create it twice. Check the solution before running this item again.',
				},
			},
			itemIndex,
		);
		if (!isObject(table)) throw notAnObjectError(client, 'create the table', itemIndex);
		return [table];
	});
}
