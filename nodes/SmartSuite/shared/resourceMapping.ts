/** The Columns mapper of Create, Update and Upsert, fed from the table's structure. */
import type {
	ILoadOptionsFunctions,
	INodeProperties,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { canMatchOn, choicesOf, isReadOnly, specOf } from './fields';
import type { Field } from './fields';
import { recordsClient } from './records';

/**
 * The kind of value a field takes, in a word or two after its label: n8n's mapper has no
 * placeholder or description for a field, and cuts a long label. The forms in full, with
 * examples, are in the notice above the mapper (FORMS_NOTICE) and in docs/records.md.
 */
const TAKES: Record<string, string> = {
	datefield: 'date',
	daterangefield: 'from/to',
	duedatefield: 'from/to',
	timefield: 'time',
	multipleselectfield: 'labels',
	linkedrecordfield: 'records',
	userfield: 'people',
	tagsfield: 'tag ids',
	filefield: 'file URLs',
	phonefield: 'phone numbers',
	durationfield: 'duration',
	colorpickerfield: 'hex colours',
	ipaddressfield: 'IP addresses',
	checklistfield: '[x] items',
	socialnetworkfield: 'network: handle',
	timetrackingfield: 'durations',
};

/** The forms of the kinds above, shown in full (n8n wraps a notice's text). */
const FORMS_NOTICE =
	'How to type values: a date as 2026-12-01 or 2026-12-01 14:30; from/to as 2026-12-01/2026-12-15; a time as 09:30; a duration as 1h 30m or 2 hours; several labels, records (titles or IDs), people (full names, e-mails or member IDs) or phone numbers (with +country code) separated by commas; tags by ID; files by public URL; colours as #715E5E; IP addresses as 192.121.0.0 gb (the country optional); a checklist as [x] done item, [ ] open item (or JSON items with "content", "completed", "assignee", "due_date"); social handles as facebook: myuser, linkedin: my-name; time entries as 1h 30m, 45m (or JSON entries with "duration", "date", "user", "note")';

/** The notice above the mapper that gives the forms of values in full (issue 50). */
export function formsNotice(show: Record<string, string[]>): INodeProperties {
	return {
		displayName: FORMS_NOTICE,
		name: 'formsNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	};
}

/**
 * One mapper field: slug as id, label with the kind of its value, type. Read-only fields are not
 * offered (n8n's mapper would show them as editable inputs); Create marks SmartSuite's required
 * fields, Update and Upsert (which may change one field of a record) none.
 */
export function mapperField(field: Field, mode: 'add' | 'update' | 'upsert'): ResourceMapperField {
	const spec = specOf(field);
	const readOnly = isReadOnly(field);
	const takes = TAKES[field.field_type];
	return {
		id: field.slug,
		displayName: takes ? `${field.label} (${takes})` : field.label,
		required: mode === 'add' && !readOnly && field.params?.required === true,
		defaultMatch: false,
		canBeUsedToMatch: mode === 'upsert' && !readOnly && canMatchOn(field),
		display: !readOnly,
		type: spec.mapperType,
		readOnly,
		...(spec.mapperType === 'options'
			? { options: choicesOf(field).map((choice) => ({ name: choice.label, value: choice.value })) }
			: {}),
	};
}

/**
 * The fields of the chosen table; no field before a table is chosen (the mapper then shows
 * nothing: n8n's editor keeps an `emptyFieldsNotice` after a table is chosen, and the node asks
 * for the table itself).
 */
async function columns(
	context: ILoadOptionsFunctions,
	mode: 'add' | 'update' | 'upsert',
): Promise<ResourceMapperFields> {
	const tableId = context.getNodeParameter('tableId', undefined, { extractValue: true });
	if (typeof tableId !== 'string' || tableId.trim() === '') return { fields: [] };
	const client = await recordsClient(context);
	const structure = await client.structure(tableId.trim());
	return { fields: structure.map((field) => mapperField(field, mode)) };
}

async function getColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return await columns(this, 'add');
}

async function getUpdateColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return await columns(this, 'update');
}

/** Upsert's mapper: fields whose type can identify a record can be matched on. */
async function getUpsertColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return await columns(this, 'upsert');
}

export const resourceMapping = { getColumns, getUpdateColumns, getUpsertColumns };
