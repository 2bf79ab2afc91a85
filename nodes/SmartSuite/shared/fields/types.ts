/**
 * SmartSuite's field types, one row per `field_type`: its type in n8n's resource mapper, how a
 * user's value becomes SmartSuite's, how SmartSuite's value becomes a readable one, and the
 * search comparisons SmartSuite allows for it. Everything here is pure.
 */
import type { FieldType, IDataObject } from 'n8n-workflow';

import {
	checklistPeople,
	readChecklist,
	readColours,
	readIpAddresses,
	readSocialNetworks,
	readableTimeLog,
	readTimeLog,
	timeLogPeople,
	timeLogUsers,
	toChecklist,
	toColours,
	toIpAddresses,
	toSocialNetworks,
	toTimeLog,
} from './compound';
import {
	readDate,
	readDateRange,
	toDateFilter,
	toDateRange,
	toDueDate,
	toSmartSuiteDate,
} from './dates';
import { toSeconds } from './durations';
import type { KeySpec } from './keys';
import { choiceKey, numberKey, textKey } from './keys';
import type { NamedMember, ReadContext } from './people';
import { PERSON_EXPECTED, readPeople, toMemberId } from './people';
import { ownValue } from '../own';
import type { Choice } from './values';
import type { RichTextForm, RichTextInput } from './values';
import {
	choiceIsKnown,
	choiceLabel,
	choicesExpected,
	isObject,
	readAddress,
	readFullName,
	readIds,
	readNumber,
	readPhones,
	readSmartDoc,
	toAddress,
	toBoolean,
	toChoiceId,
	toEmails,
	toFileUrls,
	toFullName,
	toId,
	toLinks,
	toList,
	toNumber,
	toPhones,
	toSmartDoc,
	toText,
	toTime,
	LIST_FORMS,
	looksLikeId,
	parseJsonText,
	textEntries,
	ValueError,
} from './values';

export { looksLikeId } from './values';

/** One entry of a table's `structure`. */
export interface Field {
	slug: string;
	label: string;
	field_type: string;
	params?: IDataObject;
}

/** What converting a value may need beyond the field: members by e-mail, read once per run. */
export interface ConvertContext {
	/** Lower-cased e-mail address → member id; undefined when no e-mail was given. */
	memberIdsByEmail?: Map<string, string>;
	/** Members by lower-cased full name; undefined when no name was given. */
	membersByName?: Map<string, NamedMember[]>;
	/** Linked table id → lower-cased record title → the ids of its records with that title. */
	recordIdsByTitle?: Map<string, Map<string, string[]>>;
	/** The workflow's time zone, in which a date and time without an offset is read (else UTC). */
	timeZone?: string;
	/** How text for a SmartDoc is read (Rich Text Input); recognised when not said. */
	richTextInput?: RichTextInput;
}

export interface FieldTypeSpec {
	/**
	 * The type the resource mapper shows. n8n's editor checks a value typed in Fixed mode against
	 * it (n8n-workflow's validateFieldType: `array` and `object` take JSON only, `time` only
	 * "hh:mm", `dateTime` becomes a date picker without days or offsets), and refuses to run the
	 * node when it fails. Every type whose README form is text is `string`, converted in `write`.
	 */
	mapperType: FieldType;
	/** User value → SmartSuite value; absent for fields that cannot be written through the API. */
	write?(value: unknown, field: Field, context: ConvertContext): unknown;
	/** SmartSuite value → readable value (Simplify); rich text in the form asked for. */
	read(value: unknown, field: Field, richText?: RichTextForm): unknown;
	/** The value Readable People and Choices shows instead of `read`'s (people, status). */
	readable?(value: unknown, field: Field, context: ReadContext): unknown;
	/** The member ids `readable` shows as people: a record with any makes the output read the members. */
	memberIds?(value: unknown): string[];
	/** The people a value gives as text (ids, e-mail addresses or names), to look up before converting. */
	peopleGiven?(value: unknown): string[];
	/** Search comparisons SmartSuite allows. */
	comparisons: string[];
	/** A filter value for a comparison that takes one (see toFilterValue). */
	filter?(value: unknown, comparison: string, field: Field, context: ConvertContext): unknown;
	/** How Upsert compares and finds a key of this type; absent when it cannot match on it. */
	key?: KeySpec;
}

const EMPTY_CHECKS = ['is_empty', 'is_not_empty'];
const TEXT = ['is', 'is_not', 'contains', 'not_contains', ...EMPTY_CHECKS];
const NUMBER_NO_EMPTY = [
	'is_equal_to',
	'is_not_equal_to',
	'is_greater_than',
	'is_less_than',
	'is_equal_or_greater_than',
	'is_equal_or_less_than',
];
const NUMBER = [...NUMBER_NO_EMPTY, ...EMPTY_CHECKS];
const SINGLE_CHOICE = ['is', 'is_not', 'is_any_of', 'is_none_of', ...EMPTY_CHECKS];
const MULTIPLE_CHOICE = ['has_any_of', 'has_all_of', 'is_exactly', 'has_none_of', ...EMPTY_CHECKS];
const DATE = ['is', 'is_not', 'is_before', 'is_on_or_before', 'is_on_or_after', ...EMPTY_CHECKS];
const FILES = ['file_name_contains', 'file_type_is', ...EMPTY_CHECKS];

/** Comparisons that take no value: SmartSuite is sent null (it answers "" with 400). */
export const VALUELESS_COMPARISONS = [...EMPTY_CHECKS, 'is_overdue', 'is_not_overdue'];
/** Comparisons whose value is a list. */
const LIST_COMPARISONS = [
	'is_any_of',
	'is_none_of',
	'has_any_of',
	'has_all_of',
	'is_exactly',
	'has_none_of',
];
/** Whether a comparison's value is a list (of options, ids, members). */
export const takesList = (comparison: string) => LIST_COMPARISONS.includes(comparison);

export function choicesOf(field: Field): Choice[] {
	const choices = field.params?.choices;
	if (!Array.isArray(choices)) return [];
	return choices.filter(isObject).map((choice) => ({
		label: String(choice.label ?? choice.value),
		value: String(choice.value),
	}));
}

const asIs = (value: unknown) => value;

const text: FieldTypeSpec = {
	mapperType: 'string',
	write: (value) => toText(value),
	read: asIs,
	comparisons: TEXT,
	filter: (value) => toText(value),
	key: textKey,
};
const number: FieldTypeSpec = {
	mapperType: 'number',
	write: toNumber,
	read: readNumber,
	comparisons: NUMBER,
	filter: toNumber,
	key: numberKey,
};
/**
 * Number, currency, percent and duration: the reference's type is "number as string" (and
 * Activepieces writes text), so they are written as text; filters take a number.
 */
const numberAsText: FieldTypeSpec = { ...number, write: (value) => String(toNumber(value)) };
const readOnlyNumber: FieldTypeSpec = {
	mapperType: 'number',
	read: readNumber,
	comparisons: NUMBER,
	filter: toNumber,
};
const date: FieldTypeSpec = {
	mapperType: 'string',
	write: (value, _field, context) => toSmartSuiteDate(value, context.timeZone),
	read: readDate,
	comparisons: DATE,
	filter: toDateFilter,
};
const dateRange: FieldTypeSpec = {
	mapperType: 'string',
	write: (value, _field, context) => toDateRange(value, context.timeZone),
	read: readDateRange,
	comparisons: DATE,
	filter: toDateFilter,
};

function writeChoice(value: unknown, field: Field): string {
	return toChoiceId(isObject(value) ? value.value : value, choicesOf(field));
}

function writeChoices(value: unknown, field: Field): string[] {
	const choices = choicesOf(field);
	const expected = `${choicesExpected(choices)}, or ${LIST_FORMS}`;
	return toList(value, expected, (whole) => choiceIsKnown(whole, choices)).map((entry) =>
		toChoiceId(entry, choices),
	);
}

function readChoices(value: unknown, field: Field): unknown {
	const choices = choicesOf(field);
	return Array.isArray(value)
		? value.map((id) => choiceLabel(id, choices))
		: choiceLabel(value, choices);
}

function choiceFilter(value: unknown, comparison: string, field: Field): unknown {
	return LIST_COMPARISONS.includes(comparison)
		? writeChoices(value, field)
		: writeChoice(value, field);
}

const RECORD_IDS_EXPECTED = `a record's title or id, or ${LIST_FORMS}`;

/** The table a linked record field links to. */
export const linkedTableOf = (field: Field) => String(field.params?.linked_application ?? '');

/** Linked records as `{id, title}` when their titles were read (ReadContext.linkTitles), else ids. */
function readLinks(value: unknown, field: Field, { linkTitles }: ReadContext): unknown {
	const ids = readIds(value);
	const titles = linkTitles?.get(linkedTableOf(field));
	if (!titles || !Array.isArray(ids)) return ids;
	return ids.map((id) => ({ id, title: titles.get(String(id)) ?? null }));
}

/** Linked records by id, or by title as found in the linked table (context.recordIdsByTitle). */
function writeRecordIds(value: unknown, field: Field, context: ConvertContext = {}): string[] {
	const titles = context.recordIdsByTitle?.get(linkedTableOf(field));
	return toList(value, RECORD_IDS_EXPECTED).map((entry) => {
		const given = toId(entry, RECORD_IDS_EXPECTED);
		if (!titles || looksLikeId(given)) return given;
		const ids = titles.get(given.toLowerCase()) ?? [];
		if (ids.length === 1) return ids[0];
		throw new ValueError(
			ids.length === 0
				? `${RECORD_IDS_EXPECTED}; the linked table has no record titled "${given}"`
				: `one record; ${ids.length} records of the linked table are titled "${given}" (ids ${ids.slice(0, 10).join(', ')}): give the id`,
		);
	});
}

const MEMBERS_EXPECTED = `${PERSON_EXPECTED}, or ${LIST_FORMS}`;

/** Member ids, given as ids, e-mail addresses or full names (context: the members, read once). */
function writeMembers(value: unknown, _field: Field, context: ConvertContext): string[] {
	return toList(value, MEMBERS_EXPECTED).map((entry) =>
		toMemberId(toId(entry, MEMBERS_EXPECTED), context, MEMBERS_EXPECTED),
	);
}

const singleSelect: FieldTypeSpec = {
	mapperType: 'options',
	write: writeChoice,
	read: readChoices,
	comparisons: SINGLE_CHOICE,
	filter: choiceFilter,
	key: choiceKey,
};
const multipleSelect: FieldTypeSpec = {
	mapperType: 'string',
	write: writeChoices,
	read: readChoices,
	comparisons: MULTIPLE_CHOICE,
	filter: (value, _c, field) => writeChoices(value, field),
};
/**
 * Tags are ids from a tag pool of the solution or workspace (field-types reference), not options
 * of the field. The reference documents no way to read the pool, so a label cannot be looked up:
 * anything but an id is refused before sending, saying where the ids are.
 */
const TAG_IDS_EXPECTED = `tag ids (24 characters such as 645acfd07bb0b8858a01bf30), or ${LIST_FORMS}`;
function writeTagIds(value: unknown): string[] {
	return toList(value, TAG_IDS_EXPECTED).map((entry) => {
		const id = toId(entry, TAG_IDS_EXPECTED);
		if (looksLikeId(id)) return id;
		throw new ValueError(
			`${TAG_IDS_EXPECTED}; "${id}" is not a tag id. SmartSuite's API cannot find a tag by its label: a Get or Search of a record that has the tag shows its tag ids under the field's label`,
		);
	});
}
const tags: FieldTypeSpec = {
	...multipleSelect,
	write: writeTagIds,
	read: readIds,
	filter: writeTagIds,
};
const listText = (write: (value: unknown) => unknown): FieldTypeSpec => ({
	mapperType: 'string',
	write,
	read: asIs,
	comparisons: TEXT,
	filter: (value) => toText(value),
});

/** First Created and Last Updated: `{on, by}`; with Readable People, `by` as the person. */
const byAndOn: FieldTypeSpec = {
	mapperType: 'object',
	read: asIs,
	readable: (value, _field, context) =>
		isObject(value) && typeof value.by === 'string'
			? { ...value, by: (readPeople([value.by], context) as unknown[])[0] }
			: value,
	memberIds: (value) => (isObject(value) && typeof value.by === 'string' ? [value.by] : []),
	comparisons: DATE,
	filter: toDateFilter,
};

/** A rollup of numbers is sent as text ("9.0"): read as a number unless it concatenates texts. */
function readRollup(value: unknown, field: Field): unknown {
	return /concat/i.test(String(field.params?.function ?? '')) ? value : readNumber(value);
}

export const FIELD_TYPES: Record<string, FieldTypeSpec> = {
	recordtitlefield: text,
	textfield: text,
	textareafield: text,
	richtextareafield: {
		mapperType: 'string',
		write: (value, _field, context) => toSmartDoc(value, context.richTextInput),
		read: (value, _field, richText) => readSmartDoc(value, richText),
		comparisons: TEXT,
		filter: (value) => toText(value),
	},
	numberfield: numberAsText,
	currencyfield: numberAsText,
	percentfield: numberAsText,
	ratingfield: number,
	numbersliderfield: number,
	percentcompletefield: number,
	// Seconds, as text; typed as seconds or as "1h 30m", "2 hours" (a text input in the mapper).
	durationfield: {
		...numberAsText,
		mapperType: 'string',
		write: (value) => String(toSeconds(value)),
		filter: toSeconds,
	},
	timefield: { mapperType: 'string', write: toTime, read: asIs, comparisons: [] },
	datefield: date,
	daterangefield: dateRange,
	duedatefield: {
		...dateRange,
		write: (value, _field, context) => toDueDate(value, context.timeZone),
		comparisons: [...DATE, 'is_overdue', 'is_not_overdue'],
	},
	singleselectfield: singleSelect,
	statusfield: {
		...singleSelect,
		write: (value, field) => ({ value: writeChoice(value, field) }),
	},
	multipleselectfield: multipleSelect,
	tagsfield: tags,
	yesnofield: {
		mapperType: 'boolean',
		write: toBoolean,
		read: asIs,
		comparisons: ['is'],
		filter: toBoolean,
	},
	linkedrecordfield: {
		mapperType: 'string',
		write: writeRecordIds,
		read: readIds,
		readable: (value, field, context) => readLinks(value, field, context),
		comparisons: [...MULTIPLE_CHOICE, 'contains', 'not_contains'],
		filter: (value, comparison, field, context) =>
			takesList(comparison) ? writeRecordIds(value, field, context) : toText(value),
	},
	userfield: {
		mapperType: 'string',
		write: writeMembers,
		read: readIds,
		readable: (value, _field, context) => readPeople(value, context),
		memberIds: idsIn,
		peopleGiven: textEntries,
		comparisons: MULTIPLE_CHOICE,
		filter: (value, _comparison, field, context) => writeMembers(value, field, context),
	},
	emailfield: { ...listText(toEmails), key: textKey },
	linkfield: { ...listText(toLinks), key: textKey },
	phonefield: { ...listText(toPhones), read: readPhones },
	fullnamefield: {
		mapperType: 'string',
		write: toFullName,
		read: readFullName,
		comparisons: TEXT,
		filter: (value) => toText(value),
	},
	addressfield: {
		mapperType: 'string',
		write: toAddress,
		read: readAddress,
		comparisons: TEXT,
		filter: (value) => toText(value),
	},
	filefield: {
		mapperType: 'string',
		write: toFileUrls,
		read: asIs,
		comparisons: FILES,
		filter: (value) => toText(value),
	},
	colorpickerfield: { ...listText(toColours), read: readColours, comparisons: [] },
	ipaddressfield: { ...listText(toIpAddresses), read: readIpAddresses, comparisons: [] },
	checklistfield: {
		...listText(toChecklist),
		write: (value, _field, context) => toChecklist(value, context),
		read: readChecklist,
		peopleGiven: checklistPeople,
		comparisons: [],
	},
	socialnetworkfield: { ...listText(toSocialNetworks), read: readSocialNetworks, comparisons: [] },
	timetrackingfield: {
		...listText(toTimeLog),
		write: (value, _field, context) => toTimeLog(value, context),
		read: readTimeLog,
		peopleGiven: timeLogPeople,
		readable: (value, _field, context) => readableTimeLog(value, context),
		memberIds: timeLogUsers,
		comparisons: [],
	},
	// Filled in by SmartSuite: readable, never written through the API.
	autonumberfield: { ...readOnlyNumber, comparisons: NUMBER_NO_EMPTY },
	countfield: readOnlyNumber,
	firstcreatedfield: byAndOn,
	lastupdatedfield: byAndOn,
	formulafield: { mapperType: 'string', read: asIs, comparisons: [] },
	rollupfield: { mapperType: 'string', read: readRollup, comparisons: [] },
	lookupfield: { mapperType: 'array', read: asIs, comparisons: [] },
	recordidfield: { mapperType: 'string', read: asIs, comparisons: [] },
	buttonfield: { mapperType: 'object', read: asIs, comparisons: [] },
	// Filled in by people in SmartSuite's app (APP_ONLY_TYPES).
	votefield: { mapperType: 'object', read: asIs, comparisons: [] },
	signaturefield: { mapperType: 'object', read: asIs, comparisons: [] },
	subitemsfield: { mapperType: 'object', read: asIs, comparisons: [] },
};

/**
 * Types whose values people give in SmartSuite's app and the API documents no write for (votes,
 * signatures, sub-items): refused before sending, and not offered where a field is created.
 */
export const APP_ONLY_TYPES = ['votefield', 'signaturefield', 'subitemsfield'];

/** A type this package does not know yet: its value is sent as given (JSON text as what it spells) and shown as it is. */
const UNKNOWN: FieldTypeSpec = {
	mapperType: 'string',
	write: (value) => (parseJsonText(value) ?? { value }).value,
	read: asIs,
	comparisons: [],
};

export function specOf(field: Field): FieldTypeSpec {
	return ownValue(FIELD_TYPES, field.field_type) ?? UNKNOWN;
}

/**
 * Whether the API refuses to write the field: its type is filled in by SmartSuite, a title set to
 * generate itself, or a system field (first created, followed by...) other than the title.
 */
export function isReadOnly(field: Field): boolean {
	const params = field.params ?? {};
	return (
		!specOf(field).write ||
		params.is_auto_generated === true ||
		(params.system === true && params.primary !== true)
	);
}

/** The value a field is written with; throws ValueError when it cannot be converted. */
export function toSmartSuiteValue(
	field: Field,
	value: unknown,
	context: ConvertContext = {},
): unknown {
	const write = specOf(field).write;
	if (APP_ONLY_TYPES.includes(field.field_type))
		throw new ValueError(
			"nothing: SmartSuite's API cannot write this type of field; people fill it in SmartSuite's app",
		);
	if (!write || isReadOnly(field))
		throw new ValueError('nothing: this field is filled in by SmartSuite and cannot be written');
	return write(value, field, context);
}

/** The member ids a user field's value holds. */
function idsIn(value: unknown): string[] {
	const ids = readIds(value);
	return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** The member ids the field's value shows as people with Readable People (see memberIds). */
export function memberIdsOf(field: Field, value: unknown): string[] {
	return specOf(field).memberIds?.(value) ?? [];
}

/** The value Simplify shows; with `readable`, people and statuses as Readable People and Choices shows them. */
export function toReadableValue(
	field: Field,
	value: unknown,
	readable?: ReadContext,
	richText?: RichTextForm,
): unknown {
	const spec = specOf(field);
	return readable && spec.readable
		? spec.readable(value, field, readable)
		: spec.read(value, field, richText);
}

/** The value of one search rule; throws ValueError for a comparison the field type does not allow. */
export function toFilterValue(
	field: Field,
	comparison: string,
	value: unknown,
	context: ConvertContext = {},
): unknown {
	const spec = specOf(field);
	if (!spec.comparisons.includes(comparison)) {
		throw new ValueError(
			spec.comparisons.length === 0
				? 'no comparison: SmartSuite cannot search by this field'
				: `one of the comparisons ${spec.comparisons.join(', ')}`,
		);
	}
	if (VALUELESS_COMPARISONS.includes(comparison)) return null;
	return spec.filter ? spec.filter(value, comparison, field, context) : value;
}

/** Whether Upsert can match records on this field. */
export function canMatchOn(field: Field): boolean {
	return specOf(field).key !== undefined;
}

/** The key of a value, or undefined when it holds none (an empty list, no text). */
export function keyOf(field: Field, value: unknown): string | undefined {
	const keys = specOf(field).key?.keys(value) ?? [];
	return keys.length === 1 ? keys[0] : undefined;
}

/** Whether a stored value has the key (a list matches when one of its entries does, as `is` does). */
export function storedHasKey(field: Field, stored: unknown, key: string): boolean {
	return (specOf(field).key?.keys(stored) ?? []).includes(key);
}

/** The search condition that finds records whose field has this written value. */
export function keyCondition(field: Field, value: unknown): IDataObject {
	const { comparison, filterValue } = specOf(field).key!;
	return { field: field.slug, comparison, value: filterValue(value) as string };
}
