/**
 * The pieces of a rules builder in the editor, shared by Search's Filter Rules and the triggers'
 * Only Records That: a rule's field and comparison (from lists the node loads) and its value, the
 * choice of all or any rule, and how a field and a comparison are listed.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Field } from './fields';
import { fieldTypeName } from './fieldTypes';

/** Whether every rule or at least one must match (SmartSuite's filter operator). */
export const MATCH_OPTIONS: INodePropertyOptions[] = [
	{ name: 'All Rules', value: 'and', description: 'Records that match every filter rule' },
	{ name: 'Any Rule', value: 'or', description: 'Records that match at least one filter rule' },
];

const DYNAMIC_DESCRIPTION =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

/** A rule's field, listed by `loadOptionsMethod`, reloaded when the parameters `dependsOn` change. */
export function ruleFieldProperty(loadOptionsMethod: string, dependsOn: string[]): INodeProperties {
	return {
		displayName: 'Field Name or ID',
		name: 'field',
		type: 'options',
		typeOptions: { loadOptionsMethod, loadOptionsDependsOn: dependsOn },
		default: '',
		description: DYNAMIC_DESCRIPTION,
	};
}

/** A rule's comparison: those of its field's type, listed again when the field changes. */
export function ruleComparisonProperty(
	loadOptionsMethod: string,
	dependsOn: string[],
): INodeProperties {
	return {
		displayName: 'Comparison Name or ID',
		name: 'comparison',
		type: 'options',
		typeOptions: { loadOptionsMethod, loadOptionsDependsOn: ['&field', ...dependsOn] },
		default: '',
		description: DYNAMIC_DESCRIPTION,
	};
}

/** A rule's value, in the forms the filter reads (shared/fields' toFilterValue). */
export const ruleValueProperty: INodeProperties = {
	displayName: 'Value',
	name: 'value',
	type: 'string',
	default: '',
	description:
		'Text, a number, an option\'s label or ID, people (e-mail addresses, full names or IDs) or linked records (titles or IDs) separated by commas, a date such as 2024-05-01 or today, yesterday, one_week_ago…; ignored by "is empty" comparisons',
};

/** A field in a list: its label, its type below it; the value its slug. */
export const fieldOption = (field: Field): INodePropertyOptions => ({
	name: field.label,
	value: field.slug,
	description: fieldTypeName(field.field_type),
});

/** Comparisons in a list, named with spaces ("is not empty"). */
export const comparisonOptions = (comparisons: string[]): INodePropertyOptions[] =>
	comparisons.map((comparison) => ({ name: comparison.replace(/_/g, ' '), value: comparison }));
