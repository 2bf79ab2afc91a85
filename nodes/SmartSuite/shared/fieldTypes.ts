/**
 * SmartSuite's field types that can be added through the API (reference: solution-data/fields/
 * field-object.md; the system fields, such as Title, First Created, Auto Number, cannot), for the
 * Table → Create and Field → Create pickers, and the slug a new field gets.
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import { randomString } from 'n8n-workflow';

import type { Field } from './fields/types';
import { APP_ONLY_TYPES } from './fields/types';

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

/** SmartSuite's system fields, which every table has and none can add. */
const SYSTEM_FIELD_TYPE_NAMES: Record<string, string> = {
	recordtitlefield: 'Title',
	firstcreatedfield: 'First Created',
	lastupdatedfield: 'Last Updated',
	autonumberfield: 'Auto Number',
	commentscountfield: 'Open Comments',
};

/** A field type as SmartSuite's app names it ("Single Select"), else as the API spells it. */
export function fieldTypeName(type: string): string {
	const option = FIELD_TYPE_OPTIONS.find((candidate) => candidate.value === type);
	return option?.name ?? SYSTEM_FIELD_TYPE_NAMES[type] ?? type;
}

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

/** The types a new field can have here: not those only people fill in SmartSuite's app (votes, signatures, sub-items). */
export const CREATABLE_FIELD_TYPE_OPTIONS = FIELD_TYPE_OPTIONS.filter(
	(option) => !APP_ONLY_TYPES.includes(String(option.value)),
);

/** The types that need no settings beyond a label: what Table → Create offers. */
export const PLAIN_FIELD_TYPE_OPTIONS = CREATABLE_FIELD_TYPE_OPTIONS.filter(
	(option) => !TYPES_WITH_SETTINGS.includes(String(option.value)),
);

export const DUE_DATE_TYPE = 'duedatefield';
/**
 * The Due Date's parameter naming its Status field's slug. SmartSuite's help: "Every Due Date must
 * be linked to a Status field"; no source names the parameter (docs/structure-fields.md lists those
 * searched), so this name is unconfirmed (the emulator requires it; Field → Create hints when
 * SmartSuite's answer does not carry it).
 */
export const DUE_DATE_STATUS_PARAM = 'status_field';

/**
 * The Status field a new Due Date is linked to: the one `given` names (slug or label, any case), or
 * without a name the first Status field of `fields`; a message when there is none.
 */
export function linkedStatusField(
	fields: Field[],
	given: string,
): { slug: string } | { problem: string; description: string } {
	const statuses = fields.filter((field) => field.field_type === 'statusfield');
	const wanted = given.trim().toLowerCase();
	const found =
		wanted === ''
			? statuses[0]
			: statuses.find(
					(field) => field.slug.toLowerCase() === wanted || field.label.toLowerCase() === wanted,
				);
	if (found) return { slug: found.slug };
	const names = statuses.map((field) => `"${field.label}"`).join(', ');
	return statuses.length === 0
		? {
				problem: 'The table has no Status field to link the Due Date to',
				description:
					'SmartSuite links every Due Date to a Status field (it tells when the work is done). Add a Status field first, then the Due Date.',
			}
		: {
				problem: `The table has no Status field "${given.trim()}" to link the Due Date to`,
				description: `Its Status fields: ${names}. Give one's label or slug, or leave Status Field empty for the first.`,
			};
}

/**
 * A new id chosen by the client: SmartSuite's add-field reference asks for a field slug that is "a
 * random 10 digit alphanumeric value" (lower case, starting with a letter, as SmartSuite's own slugs
 * such as `s1a561b4ae`); choice ids are chosen the same way.
 */
export function newFieldSlug(): string {
	return `s${randomString(9).toLowerCase()}`;
}

/** The types whose options are `params.choices`: `{value, label, …}`, the value being the id records hold. */
export const CHOICE_FIELD_TYPES = ['singleselectfield', 'multipleselectfield', 'statusfield'];
/** Single and multiple selects' options also carry a description and a numeric value; status options do not. */
const WEIGHTED_CHOICE_TYPES = ['singleselectfield', 'multipleselectfield'];

/**
 * SmartSuite's default colours for new options, in the order its app gives them (SmartSuite's own
 * MCP server, `src/tools/fields.ts`: options created without `value_color` show as blank entries
 * in SmartSuite's dropdowns until someone edits the field).
 */
export const CHOICE_PALETTE = [
	'#0C41F3',
	'#00B3FA',
	'#199A27',
	'#F1273F',
	'#FF702E',
	'#FDA80D',
	'#673DB6',
	'#CD286A',
	'#00B2A8',
	'#2D2D2D',
	'#3A86FF',
	'#4ECCFD',
	'#3EAC40',
	'#FF5757',
	'#FF9210',
	'#FFB938',
	'#883CD0',
	'#EC506E',
	'#17C4C4',
	'#6A849B',
];

/**
 * Where new options' colours start in the palette: after the last existing option's colour when it
 * is one of the palette's (the field's palette continued), else after as many colours as the field
 * has options.
 */
function paletteStart(existing: IDataObject[]): number {
	const last = existing[existing.length - 1]?.value_color;
	const at =
		typeof last === 'string'
			? CHOICE_PALETTE.findIndex((colour) => colour.toLowerCase() === last.toLowerCase())
			: -1;
	return at >= 0 ? at + 1 : existing.length;
}

/**
 * New options for the labels, each with its own id and the keys SmartSuite's own client sends:
 * `value_color` (the palette continued after the field's `existing` options), `value_order` (after
 * them), and for single and multiple selects `value_help_text: ""` and `weight: 1` (SmartSuite's
 * MCP server, `normalizeChoices`). The existing options are not changed.
 */
export function newChoices(
	fieldType: string,
	labels: string[],
	existing: IDataObject[] = [],
): IDataObject[] {
	const start = paletteStart(existing);
	const weighted = WEIGHTED_CHOICE_TYPES.includes(fieldType);
	return labels.map((label, i) => ({
		value: newFieldSlug(),
		label,
		value_color: CHOICE_PALETTE[(start + i) % CHOICE_PALETTE.length],
		value_order: existing.length + i,
		...(weighted && { value_help_text: '', weight: 1 }),
	}));
}
