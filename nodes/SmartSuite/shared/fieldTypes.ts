/**
 * SmartSuite's field types that can be added through the API (reference: solution-data/fields/
 * field-object.md; the system fields, such as Title, First Created, Auto Number, cannot), for the
 * Table → Create and Field → Create pickers, and the slug a new field gets.
 */
import type { INodePropertyOptions } from 'n8n-workflow';
import { randomString } from 'n8n-workflow';

export const FIELD_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Address', value: 'addressfield' },
	{ name: 'Assigned To', value: 'userfield' },
	{ name: 'Button', value: 'buttonfield' },
	{ name: 'Checklist', value: 'checklistfield' },
	{ name: 'Color Picker', value: 'colorpickerfield' },
	{ name: 'Count', value: 'countfield' },
	{ name: 'Currency', value: 'currencyfield' },
	{ name: 'Date', value: 'datefield' },
	{ name: 'Date Range', value: 'daterangefield' },
	{ name: 'Due Date', value: 'duedatefield' },
	{ name: 'Duration', value: 'durationfield' },
	{ name: 'Email', value: 'emailfield' },
	{ name: 'Files and Images', value: 'filefield' },
	{ name: 'Formula', value: 'formulafield' },
	{ name: 'Full Name', value: 'fullnamefield' },
	{ name: 'IP Address', value: 'ipaddressfield' },
	{ name: 'Link', value: 'linkfield' },
	{ name: 'Linked Record', value: 'linkedrecordfield' },
	{ name: 'Lookup', value: 'lookupfield' },
	{ name: 'Multiple Select', value: 'multipleselectfield' },
	{ name: 'Number', value: 'numberfield' },
	{ name: 'Number Slider', value: 'numbersliderfield' },
	{ name: 'Percent', value: 'percentfield' },
	{ name: 'Percent Complete', value: 'percentcompletefield' },
	{ name: 'Phone', value: 'phonefield' },
	{ name: 'Rating', value: 'ratingfield' },
	{ name: 'Record ID', value: 'recordidfield' },
	{ name: 'Rollup', value: 'rollupfield' },
	{ name: 'Signature', value: 'signaturefield' },
	{ name: 'Single Select', value: 'singleselectfield' },
	{ name: 'SmartDoc', value: 'richtextareafield' },
	{ name: 'Social Network', value: 'socialnetworkfield' },
	{ name: 'Status', value: 'statusfield' },
	{ name: 'Sub-Items', value: 'subitemsfield' },
	{ name: 'Tag', value: 'tagsfield' },
	{ name: 'Text', value: 'textfield' },
	{ name: 'Text Area', value: 'textareafield' },
	{ name: 'Time', value: 'timefield' },
	{ name: 'Time Tracking Log', value: 'timetrackingfield' },
	{ name: 'Vote', value: 'votefield' },
	{ name: 'Yes / No', value: 'yesnofield' },
];

/** The types that need settings beyond a label: the linked table, the formula, the fields to look up or count. */
export const TYPES_WITH_SETTINGS = [
	'buttonfield',
	'countfield',
	'formulafield',
	'linkedrecordfield',
	'lookupfield',
	'rollupfield',
	'subitemsfield',
];

/** The types that need no settings beyond a label: what Table → Create offers. */
export const PLAIN_FIELD_TYPE_OPTIONS = FIELD_TYPE_OPTIONS.filter(
	(option) => !TYPES_WITH_SETTINGS.includes(String(option.value)),
);

/**
 * A new id chosen by the client: SmartSuite's add-field reference asks for a field slug that is "a
 * random 10 digit alphanumeric value" (lower case, starting with a letter, as SmartSuite's own slugs
 * such as `s1a561b4ae`); choice ids are chosen the same way.
 */
export function newFieldSlug(): string {
	return `s${randomString(9).toLowerCase()}`;
}
