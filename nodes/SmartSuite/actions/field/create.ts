import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireId } from '../../shared/ids';
import { tableLocator } from '../../shared/locators';
import { answerOf, eachItem, readTableId } from '../record/common';
import {
	answeredField,
	choicesParameter,
	choicesParams,
	FIELD_TYPE_OPTIONS,
	fieldOutput,
	fieldPath,
	LINKED_RECORD_TYPE,
} from './common';
import { newFieldSlug } from '../../shared/fieldTypes';

const show = { resource: ['field'], operation: ['create'] };

export const createOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Add a field to a table',
	description:
		'Add a field to a table: label, type, options of a select or status, the linked table of a linked record field. Outputs the field; its slug is the key of its values in records.',
};

export const createFields: INodeProperties[] = [
	tableLocator({
		description: 'The table (application) to add the field to',
		displayOptions: { show },
	}),
	{
		displayName: 'Label',
		name: 'label',
		type: 'string',
		default: '',
		required: true,
		description: 'The name of the new field',
		displayOptions: { show },
	},
	{
		displayName: 'Field Type',
		name: 'fieldType',
		type: 'options',
		options: FIELD_TYPE_OPTIONS,
		default: 'textfield',
		description: 'The kind of field',
		displayOptions: { show },
	},
	choicesParameter(show),
	{
		...tableLocator({
			description: 'For Linked Record: the table whose records the field links to',
			displayOptions: { show: { ...show, fieldType: [LINKED_RECORD_TYPE] } },
		}),
		displayName: 'Linked Table',
		name: 'linkedTableId',
		// Checked when the node runs: a Field Type given by an expression shows this parameter too.
		required: false,
	},
	{
		displayName: 'Required',
		name: 'required',
		type: 'boolean',
		default: false,
		description: 'Whether every new record must have a value in this field',
		displayOptions: { show },
	},
];

const TYPE_NAMES = FIELD_TYPE_OPTIONS.map((option) => option.value as string);

/** The field to send: checked before anything is sent. */
function newField(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const node = context.getNode();
	const fail = (message: string, description: string) =>
		new NodeOperationError(node, message, { description, itemIndex });
	const label = String(context.getNodeParameter('label', itemIndex, '') ?? '').trim();
	if (!label) throw fail('The parameter "Label" is empty', 'Give the new field a name.');
	const type = String(context.getNodeParameter('fieldType', itemIndex, 'textfield')).trim();
	if (!TYPE_NAMES.includes(type))
		throw fail(
			`"${type}" is not a field type SmartSuite can add`,
			`Field Type must be one of: ${TYPE_NAMES.join(', ')}. System fields (title, first created, last updated, auto number, open comments) cannot be added through the API.`,
		);
	const params = choicesParams(type, context.getNodeParameter('choices', itemIndex, ''), fail);
	if (type === LINKED_RECORD_TYPE) {
		params.linked_application = requireId(
			node,
			context.getNodeParameter('linkedTableId', itemIndex, '', { extractValue: true }),
			'Linked Table',
			itemIndex,
		);
		params.entries_allowed = 'multiple';
	}
	if (context.getNodeParameter('required', itemIndex, false) === true) params.required = true;
	return { slug: newFieldSlug(), label, field_type: type, params, is_new: true };
}

/** Run by actions/router.ts: one add-field request per item. */
export async function executeCreate(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const tableId = readTableId(this, itemIndex);
		const field = newField(this, itemIndex);
		const answer = await answerOf(
			client,
			{
				method: 'POST',
				url: fieldPath(tableId, 'add_field'),
				body: { field, auto_fill_structure_layout: true },
				action: `add the field "${String(field.label)}"`,
				notFound: `The table "${tableId}" was not found`,
				repeatable: false,
				anyBody: true,
				unanswered: {
					message: 'The field may have been created',
					description: 'It was not sent again, which could add it twice. Check the table first.',
				},
			},
			[],
			itemIndex,
		);
		return [fieldOutput(tableId, answeredField(answer, field))];
	});
}
