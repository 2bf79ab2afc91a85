import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireHexId } from '../../shared/ids';
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
	statusFieldParameter,
} from './common';
import type { Field } from '../../shared/fields';
import { isObject } from '../../shared/fields/values';
import { ownValue } from '../../shared/own';
import {
	DUE_DATE_STATUS_PARAM,
	DUE_DATE_TYPE,
	linkedStatusField,
	newFieldSlug,
} from '../../shared/fieldTypes';

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
	statusFieldParameter(show),
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

/** The field to send: checked before anything is sent (a Due Date's Status field in `structure`). */
async function newField(
	context: IExecuteFunctions,
	itemIndex: number,
	structure: () => Promise<Field[]>,
): Promise<IDataObject> {
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
		params.linked_application = requireHexId(
			node,
			context.getNodeParameter('linkedTableId', itemIndex, '', { extractValue: true }),
			'Linked Table',
			itemIndex,
		);
		params.entries_allowed = 'multiple';
	}
	if (context.getNodeParameter('required', itemIndex, false) === true) params.required = true;
	const field = { slug: newFieldSlug(), label, field_type: type, params, is_new: true };
	if (type !== DUE_DATE_TYPE) return field;
	const given = String(context.getNodeParameter('statusField', itemIndex, '') ?? '');
	const status = linkedStatusField(await structure(), given);
	if ('problem' in status) throw fail(status.problem, status.description);
	params[DUE_DATE_STATUS_PARAM] = status.slug;
	return field;
}

/**
 * A hint when SmartSuite answers a new Due Date whose params do not link the Status field sent:
 * the parameter's name (DUE_DATE_STATUS_PARAM) is unconfirmed, so SmartSuite may have ignored it.
 */
export function unlinkedDueDateHint(sent: IDataObject, answered: IDataObject): string | undefined {
	if (sent.field_type !== DUE_DATE_TYPE || answered === sent || !isObject(answered.params))
		return undefined;
	const status = isObject(sent.params) ? ownValue(sent.params, DUE_DATE_STATUS_PARAM) : undefined;
	if (ownValue(answered.params, DUE_DATE_STATUS_PARAM) === status) return undefined;
	return `SmartSuite's answer does not show the Due Date "${String(sent.label)}" linked to the Status field "${String(status)}": check its Linked Status Field in SmartSuite`;
}

/** Run by actions/router.ts: one add-field request per item. */
export async function executeCreate(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const tableId = readTableId(this, itemIndex);
		const field = await newField(this, itemIndex, async () => await client.structure(tableId));
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
		const shown = answeredField(answer, field);
		const unlinked = unlinkedDueDateHint(field, shown);
		if (unlinked) this.addExecutionHints({ message: unlinked, location: 'outputPane' });
		return [fieldOutput(tableId, shown)];
	});
}
