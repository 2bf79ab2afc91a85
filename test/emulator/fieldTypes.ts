/**
 * SmartSuite's field types as the emulator knows them (../shared/notes/smartsuite-records.md 1.6,
 * 1.7): how a written value is checked and stored, which filter comparisons each type allows, and
 * what a filter or a sort compares. One row per `field_type` in TYPES.
 */
import { randomUUID } from 'node:crypto';
import { richText } from './fixtures';
import { docText, smartDocValue } from './smartDoc';
import type { ChoiceObject, FieldObject, Variant } from './types';

/** A value SmartSuite would refuse: the message goes into the 422 body under the field's slug. */
export class FieldError extends Error {}

/**
 * A filter SmartSuite would refuse (400), answered `{"<slug>": ["message"]}` as its errors are
 * (errors reference); `Not allowed comparison.` is answered as a bare string, as PL saw it.
 */
export class FilterError extends Error {
	constructor(
		readonly slug: string,
		message: string,
		readonly listed = true,
	) {
		super(message);
	}
}

export interface FieldContext {
	variant: Variant;
	nowMs: number;
	/** Whether a live record with this id is in that table (linked records). */
	recordExists(tableId: string, recordId: string): boolean;
	/** Title of a record of the table, for the linked record `contains` comparison. */
	titleOf(tableId: string, recordId: string): string | undefined;
	memberExists(memberId: string): boolean;
	/** Whether a tag of the pool the field reads (its solution's when private, else the workspace's) has this id. */
	tagExists(field: FieldObject, tagId: string): boolean;
}

type Kind =
	| 'text'
	| 'number'
	| 'autonumber'
	| 'select'
	| 'multi'
	| 'linked'
	| 'yesno'
	| 'date'
	| 'due'
	| 'files'
	| 'doc';

const TEXT = ['is', 'is_not', 'is_empty', 'is_not_empty', 'contains', 'not_contains'];
const NUMBER_ONLY = [
	'is_equal_to',
	'is_not_equal_to',
	'is_greater_than',
	'is_less_than',
	'is_equal_or_greater_than',
	'is_equal_or_less_than',
];
const MULTI = ['has_any_of', 'has_all_of', 'is_exactly', 'has_none_of', 'is_empty', 'is_not_empty'];
const DATE = [
	'is',
	'is_not',
	'is_before',
	'is_on_or_before',
	'is_on_or_after',
	'is_empty',
	'is_not_empty',
];

/** Allowed comparisons per kind (sort-filter reference; SmartDoc is not listed there: contains and emptiness only). */
export const COMPARISONS: Record<Kind, string[]> = {
	text: TEXT,
	number: [...NUMBER_ONLY, 'is_empty', 'is_not_empty'],
	autonumber: NUMBER_ONLY,
	select: ['is', 'is_not', 'is_any_of', 'is_none_of', 'is_empty', 'is_not_empty'],
	multi: MULTI,
	linked: [...MULTI, 'contains', 'not_contains'],
	yesno: ['is'],
	date: DATE,
	due: [...DATE, 'is_overdue', 'is_not_overdue'],
	files: ['file_name_contains', 'file_type_is', 'is_empty', 'is_not_empty'],
	doc: ['contains', 'not_contains', 'is_empty', 'is_not_empty'],
};

type Writer = (value: unknown, field: FieldObject, context: FieldContext) => unknown;

interface FieldType {
	kind: Kind;
	/** Checks a written (non-null) value and returns what is stored; absent: read-only. */
	write?: Writer;
	/** Stored value when the field is cleared (written null) or never written. */
	empty: unknown;
}

// --- writers ----------------------------------------------------------------------------------

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text: Writer = (value) => {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	throw new FieldError('Not a valid string.');
};

const number: Writer = (value, _field, { variant }) => {
	const accepts = variant.numberWrites;
	if (typeof value === 'number' && Number.isFinite(value) && accepts !== 'string')
		return String(value);
	if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) && accepts !== 'number')
		return value.trim();
	throw new FieldError(`A valid number is required (got ${JSON.stringify(value)}).`);
};

/** Time fields hold "HH:mm:ss" (field-types reference). */
const time: Writer = (value) => {
	if (value === '') return '';
	if (typeof value !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(value))
		throw new FieldError('Time has wrong format. Use HH:mm:ss.');
	return value;
};

const yesNo: Writer = (value) => {
	if (typeof value !== 'boolean') throw new FieldError('Must be a valid boolean.');
	return value;
};

function listOf(value: unknown, what: string): unknown[] {
	if (!Array.isArray(value))
		throw new FieldError(`Expected a list of ${what} but got ${JSON.stringify(value)}.`);
	return value;
}

function stringList(value: unknown, what: string): string[] {
	const list = listOf(value, what);
	if (!list.every((item) => typeof item === 'string' && item !== ''))
		throw new FieldError(`Expected a list of ${what}.`);
	return list as string[];
}

function choiceIds(field: FieldObject): string[] {
	return (field.params.choices ?? []).map((choice) => choice.value);
}

function checkChoice(field: FieldObject, id: unknown): string {
	if (typeof id !== 'string' || !choiceIds(field).includes(id))
		throw new FieldError(`"${String(id)}" is not a valid choice.`);
	return id;
}

const singleSelect: Writer = (value, field) => (value === '' ? '' : checkChoice(field, value));
const multipleSelect: Writer = (value, field) =>
	stringList(value, 'option ids').map((id) => checkChoice(field, id));
/** Tags are ids from a tag pool (field-types reference), not options of the field. */
const tags: Writer = (value, field, context) => {
	const ids = stringList(value, 'tag ids');
	const unknown = ids.find((id) => !context.tagExists(field, id));
	if (unknown) throw new FieldError(`"${unknown}" is not a valid tag.`);
	return ids;
};

const status: Writer = (value, field, { nowMs }) => {
	if (!isObject(value) || !('value' in value))
		throw new FieldError('Expected {"value": "<option id>"}.');
	return { value: checkChoice(field, value.value), updated_on: new Date(nowMs).toISOString() };
};

const ISO_DATE = /^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?)?$/;

/** SmartSuite writes dates as "2021-09-03T03:00:00Z" (UTC, no milliseconds when there are none). */
export function isoUtc(ms: number): string {
	return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

function dateObject(value: unknown): { date: string | null; include_time: boolean } {
	if (!isObject(value) || !('date' in value))
		throw new FieldError('Expected {"date": "<ISO 8601>", "include_time": <boolean>}.');
	const includeTime = value.include_time ?? false;
	if (typeof includeTime !== 'boolean') throw new FieldError('include_time must be a boolean.');
	if (value.date === null) return { date: null, include_time: includeTime };
	if (
		typeof value.date !== 'string' ||
		!ISO_DATE.test(value.date) ||
		Number.isNaN(Date.parse(value.date))
	) {
		throw new FieldError(`Date has wrong format: ${JSON.stringify(value.date)}. Use ISO 8601.`);
	}
	return { date: isoUtc(Date.parse(value.date)), include_time: includeTime };
}

const EMPTY_DATE = { date: null, include_time: false };

const date: Writer = (value) => dateObject(value);

/**
 * A range's end as SmartSuite reports it: `include_time` false even when a time was set (a bug a
 * real client records for date ranges and due dates), the time itself kept.
 */
const rangeEnd = (end: unknown) =>
	end == null ? EMPTY_DATE : { ...dateObject(end), include_time: false };

const dateRange: Writer = (value) => {
	if (!isObject(value) || !('from_date' in value || 'to_date' in value)) {
		throw new FieldError(
			'Expected {"from_date": {date, include_time}, "to_date": {date, include_time}}.',
		);
	}
	return { from_date: rangeEnd(value.from_date), to_date: rangeEnd(value.to_date) };
};

const dueDate: Writer = (value, field, context) => {
	const range = dateRange(value, field, context) as { to_date: { date: string | null } };
	const due = range.to_date.date === null ? NaN : Date.parse(range.to_date.date);
	return {
		...range,
		is_overdue: due < context.nowMs,
		status_is_completed: false,
		status_updated_on: null,
	};
};

const linked: Writer = (value, field, context) => {
	const ids = stringList(value, 'record ids');
	if (field.params.entries_allowed === 'single' && ids.length > 1)
		throw new FieldError('Only one linked record is allowed.');
	const tableId = String(field.params.linked_application ?? '');
	const missing = tableId === '' ? undefined : ids.find((id) => !context.recordExists(tableId, id));
	if (missing) throw new FieldError(`Record "${missing}" does not exist.`);
	return ids;
};

const user: Writer = (value, _field, context) => {
	const ids = stringList(value, 'member ids');
	const missing = ids.find((id) => !context.memberExists(id));
	if (missing) throw new FieldError(`Member "${missing}" does not exist.`);
	return ids;
};

/** name@host.tld, checked in one pass (the pattern /^[^@\s]+@[^@\s]+\.[^@\s]+$/ backtracks on many dots). */
function isEmail(address: string): boolean {
	const [name, host, ...more] = address.split('@');
	return (
		more.length === 0 &&
		host !== undefined &&
		name !== '' &&
		!/\s/.test(address) &&
		host.slice(1, -1).includes('.')
	);
}

const email: Writer = (value) => {
	const addresses = stringList(value, 'e-mail addresses');
	const bad = addresses.find((address) => !isEmail(address));
	if (bad) throw new FieldError(`Enter a valid email address (got "${bad}").`);
	return addresses;
};

const link: Writer = (value) => stringList(value, 'URLs');

const phone: Writer = (value) =>
	listOf(value, 'phone objects').map((entry) => {
		if (!isObject(entry) || typeof entry.phone_number !== 'string' || entry.phone_number === '') {
			throw new FieldError('Each phone needs a "phone_number".');
		}
		const country = typeof entry.phone_country === 'string' ? entry.phone_country : 'US';
		const extension = typeof entry.phone_extension === 'string' ? entry.phone_extension : '';
		const digits = entry.phone_number.replace(/\D/g, '');
		return {
			phone_country: country,
			phone_number: entry.phone_number,
			phone_extension: extension,
			phone_type: typeof entry.phone_type === 'number' ? entry.phone_type : 2,
			sys_root: digits,
			sys_title: `${entry.phone_number}${extension ? ` ext. ${extension}` : ''}`,
		};
	});

function stringParts(value: unknown, keys: string[], what: string): Record<string, string> {
	if (!isObject(value)) throw new FieldError(`Expected an object with ${what}.`);
	const parts: Record<string, string> = {};
	for (const [key, part] of Object.entries(value)) {
		if (!keys.includes(key)) throw new FieldError(`Unknown key "${key}"; expected ${what}.`);
		if (typeof part !== 'string') throw new FieldError(`"${key}" must be a string.`);
		parts[key] = part;
	}
	return parts;
}

/** Accepts the reference's keys and PL's `salutation`/`suffix` (stored as the title and dropped). */
const fullName: Writer = (value) => {
	const parts = stringParts(
		value,
		['title', 'first_name', 'middle_name', 'last_name', 'salutation', 'suffix', 'sys_root'],
		'title, first_name, middle_name, last_name',
	);
	const name = {
		title: parts.title ?? parts.salutation ?? '',
		first_name: parts.first_name ?? '',
		middle_name: parts.middle_name ?? '',
		last_name: parts.last_name ?? '',
	};
	const sysRoot = [name.first_name, name.middle_name, name.last_name].filter(Boolean).join(' ');
	// Every part empty: the field is cleared.
	return Object.values(name).every((part) => part === '')
		? undefined
		: { ...name, sys_root: sysRoot };
};

const ADDRESS_KEYS = [
	'location_address',
	'location_address2',
	'location_city',
	'location_state',
	'location_zip',
	'location_country',
	'location_latitude',
	'location_longitude',
];

const address: Writer = (value) => {
	const parts = stringParts(value, [...ADDRESS_KEYS, 'sys_root'], 'location_* keys');
	const stored = Object.fromEntries(ADDRESS_KEYS.map((key) => [key, parts[key] ?? '']));
	const sysRoot = [
		'location_address',
		'location_address2',
		'location_city',
		'location_state',
		'location_zip',
		'location_country',
	]
		.map((key) => stored[key])
		.filter(Boolean)
		.join(', ');
	// Every part empty: the field is cleared.
	return Object.values(stored).every((part) => part === '')
		? undefined
		: { ...stored, sys_root: sysRoot };
};

function stripHtml(html: string): string {
	return html
		.replace(/<\/(p|div|h\d|li)>/g, '\n')
		.replace(/<[^>]*>/g, '')
		.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
		.replace(/&amp;/g, '&')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.trim();
}

const smartDoc: Writer = (value, _field, { variant }) => {
	// The empty document of the create-record reference's example (`"data": {}`) clears the field.
	if (isObject(value) && isObject(value.data) && Object.keys(value.data).length === 0)
		return undefined;
	// The preview is rendered from the document (HTML, cut); the HTML given with it is kept.
	if (isObject(value) && isObject(value.data) && value.data.type === 'doc') {
		const rendered = smartDocValue(value.data);
		return typeof value.html === 'string' ? { ...rendered, html: value.html } : rendered;
	}
	if (isObject(value) && typeof value.html === 'string' && variant.smartDocWrites === 'dataOrHtml')
		return { ...richText(stripHtml(value.html)), html: value.html };
	throw new FieldError(
		variant.smartDocWrites === 'dataOrHtml'
			? 'Expected {"data": {"type": "doc", ...}} or {"html": "..."}.'
			: 'Expected {"data": {"type": "doc", ...}}.',
	);
};

const MIME_BY_EXTENSION: Record<string, [string, string]> = {
	pdf: ['application/pdf', 'pdf'],
	png: ['image/png', 'image'],
	jpg: ['image/jpeg', 'image'],
	jpeg: ['image/jpeg', 'image'],
	txt: ['text/plain', 'text'],
	csv: ['text/csv', 'text'],
};

/** Files are attached by public URL (the app downloads them); file objects already stored are kept. */
const files: Writer = (value, _field, { nowMs }) =>
	listOf(value, 'file URLs').map((entry) => {
		if (isObject(entry) && typeof entry.handle === 'string') return entry;
		if (typeof entry !== 'string' || !/^https?:\/\/\S+$/.test(entry))
			throw new FieldError(`Expected a public http(s) URL (got ${JSON.stringify(entry)}).`);
		const filename = decodeURIComponent(new URL(entry).pathname.split('/').pop() || 'file');
		const [mimetype, fileType] = MIME_BY_EXTENSION[
			filename.split('.').pop()?.toLowerCase() ?? ''
		] ?? ['application/octet-stream', 'other'];
		return {
			handle: randomUUID().replace(/-/g, '').slice(0, 20),
			metadata: {
				container: 'smart-suite-media',
				filename,
				key: `${randomUUID()}/${filename}`,
				mimetype,
				size: 1024,
			},
			transform_options: {},
			created_on: new Date(nowMs).toISOString(),
			updated_on: new Date(nowMs).toISOString(),
			description: '',
			video_conversion_status: '',
			video_thumbnail_handle: '',
			converted_video_handle: '',
			file_type: fileType,
		};
	});

const EMPTY_RANGE = { from_date: EMPTY_DATE, to_date: EMPTY_DATE };

// Colour Picker, IP Address, Checklist, Social Network, Time Tracking Log: the field-types
// reference's shapes, as a live client's sample record holds them.

const colours: Writer = (value) =>
	listOf(value, 'colours').map((colour) => {
		if (
			!isObject(colour) ||
			typeof colour.value !== 'string' ||
			!/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(colour.value)
		)
			throw new FieldError('Expected a list of colours: [{"value": "#RRGGBB", "name"?}].');
		return typeof colour.name === 'string'
			? { name: colour.name, value: colour.value }
			: { value: colour.value };
	});

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;
const ipAddresses: Writer = (value) =>
	listOf(value, 'IP addresses').map((ip) => {
		const address = isObject(ip) ? ip.address : undefined;
		const valid =
			typeof address === 'string' &&
			((IPV4.test(address) && address.split('.').every((part) => Number(part) <= 255)) ||
				(/^[0-9a-f:.]+$/i.test(address) && address.includes(':')));
		if (!isObject(ip) || !valid)
			throw new FieldError('Expected a list of IP addresses: [{"address", "country_code"?}].');
		const country = ip.country_code;
		if (country !== undefined && (typeof country !== 'string' || !/^[a-z]{2}$/i.test(country)))
			throw new FieldError(`"${String(country)}" is not a two-letter country code.`);
		return { address, country_code: typeof country === 'string' ? country.toLowerCase() : '' };
	});

const checklist: Writer = (value) => {
	const items = isObject(value) ? value.items : undefined;
	const checked = listOf(items, 'checklist items').map((item) => {
		const content = isObject(item) ? item.content : undefined;
		if (
			!isObject(item) ||
			typeof item.id !== 'string' ||
			!isObject(content) ||
			typeof content.preview !== 'string' ||
			typeof item.completed !== 'boolean'
		)
			throw new FieldError(
				'Expected {"items": [{"id", "content": {"data", "html", "preview"}, "completed", …}]}.',
			);
		return {
			id: item.id,
			content: isObject(content.data) ? smartDocValue(content.data) : content,
			completed: item.completed,
			assignee: item.assignee ?? null,
			due_date: item.due_date ?? null,
			completed_at: item.completed_at ?? null,
		};
	});
	return {
		items: checked,
		total_items: checked.length,
		completed_items: checked.filter((item) => item.completed).length,
	};
};

const NETWORK_KEYS = [
	'facebook_username',
	'twitter_username',
	'instagram_username',
	'linkedin_username',
];
const socialNetworks: Writer = (value) => {
	if (
		!isObject(value) ||
		!Object.entries(value).every(
			([key, handle]) => NETWORK_KEYS.includes(key) && typeof handle === 'string',
		)
	)
		throw new FieldError(`Expected an object of handles: ${NETWORK_KEYS.join(', ')}.`);
	return Object.fromEntries(NETWORK_KEYS.map((key) => [key, value[key] ?? '']));
};

const timeLog: Writer = (value) => {
	const logs = listOf(isObject(value) ? value.time_track_logs : undefined, 'time entries').map(
		(log) => {
			if (!isObject(log) || typeof log.duration !== 'number' || log.duration < 0)
				throw new FieldError(
					'Expected {"time_track_logs": [{"duration" (seconds), "user_id", "date_time", "note"}]}.',
				);
			return {
				user_id: null,
				date_time: null,
				time_range: null,
				timer_start: null,
				note: '',
				...log,
			};
		},
	);
	return {
		time_track_logs: logs,
		total_duration: logs.reduce(
			(sum, log) => sum + Number((log as Record<string, unknown>).duration),
			0,
		),
	};
};

const TYPES: Record<string, FieldType> = {
	recordtitlefield: { kind: 'text', write: text, empty: '' },
	textfield: { kind: 'text', write: text, empty: '' },
	textareafield: { kind: 'text', write: text, empty: '' },
	numberfield: { kind: 'number', write: number, empty: '' },
	currencyfield: { kind: 'number', write: number, empty: '' },
	percentfield: { kind: 'number', write: number, empty: '' },
	ratingfield: { kind: 'number', write: number, empty: '' },
	numbersliderfield: { kind: 'number', write: number, empty: '' },
	percentcompletefield: { kind: 'number', write: number, empty: '' },
	durationfield: { kind: 'number', write: number, empty: '' },
	timefield: { kind: 'text', write: time, empty: '' },
	yesnofield: { kind: 'yesno', write: yesNo, empty: false },
	singleselectfield: { kind: 'select', write: singleSelect, empty: '' },
	multipleselectfield: { kind: 'multi', write: multipleSelect, empty: [] },
	tagsfield: { kind: 'multi', write: tags, empty: [] },
	statusfield: { kind: 'select', write: status, empty: undefined },
	datefield: { kind: 'date', write: date, empty: EMPTY_DATE },
	daterangefield: { kind: 'date', write: dateRange, empty: EMPTY_RANGE },
	duedatefield: {
		kind: 'due',
		write: dueDate,
		empty: {
			...EMPTY_RANGE,
			is_overdue: false,
			status_is_completed: false,
			status_updated_on: null,
		},
	},
	linkedrecordfield: { kind: 'linked', write: linked, empty: [] },
	userfield: { kind: 'multi', write: user, empty: [] },
	emailfield: { kind: 'text', write: email, empty: [] },
	phonefield: { kind: 'text', write: phone, empty: [] },
	linkfield: { kind: 'text', write: link, empty: [] },
	fullnamefield: { kind: 'text', write: fullName, empty: undefined },
	addressfield: { kind: 'text', write: address, empty: undefined },
	richtextareafield: { kind: 'doc', write: smartDoc, empty: undefined },
	filefield: { kind: 'files', write: files, empty: [] },
	colorpickerfield: { kind: 'text', write: colours, empty: [] },
	ipaddressfield: { kind: 'text', write: ipAddresses, empty: [] },
	checklistfield: {
		kind: 'text',
		write: checklist,
		empty: { items: [], total_items: 0, completed_items: 0 },
	},
	socialnetworkfield: { kind: 'text', write: socialNetworks, empty: undefined },
	timetrackingfield: {
		kind: 'text',
		write: timeLog,
		empty: { time_track_logs: [], total_duration: 0 },
	},
	// Read-only through the API (create-record reference, field-types reference).
	formulafield: { kind: 'text', empty: '' },
	rollupfield: { kind: 'number', empty: '' },
	countfield: { kind: 'number', empty: 0 },
	autonumberfield: { kind: 'autonumber', empty: undefined },
	firstcreatedfield: { kind: 'date', empty: undefined },
	lastupdatedfield: { kind: 'date', empty: undefined },
	votefield: { kind: 'number', empty: undefined },
	recordidfield: { kind: 'text', empty: undefined },
};

const UNKNOWN_TYPE: FieldType = { kind: 'text', empty: undefined };

function typeOf(field: FieldObject): FieldType {
	return TYPES[field.field_type] ?? UNKNOWN_TYPE;
}

/** Types the emulator emulates (every other `field_type` is read-only text to it). */
export const FIELD_TYPES = Object.keys(TYPES);

export function isWritable(field: FieldObject): boolean {
	return typeOf(field).write !== undefined && field.params.is_auto_generated !== true;
}

export function emptyValue(field: FieldObject): unknown {
	return structuredClone(typeOf(field).empty);
}

/** The stored value for a written one; throws FieldError. null clears the field. */
export function writeValue(field: FieldObject, value: unknown, context: FieldContext): unknown {
	if (value === null) return emptyValue(field);
	const write = typeOf(field).write;
	if (!write) throw new FieldError('This field is read-only.');
	return write(value, field, context);
}

/** What SmartSuite calls empty (and leaves out of records): "", [], false, null, and empty dates and objects. */
export function isEmptyValue(value: unknown): boolean {
	if (value === undefined || value === null || value === '' || value === false) return true;
	if (Array.isArray(value)) return value.length === 0;
	return false;
}

/** Whether a required field's stored value counts as missing. */
export function isMissing(field: FieldObject, value: unknown): boolean {
	if (isEmptyValue(value)) return true;
	const kind = typeOf(field).kind;
	if (kind === 'date' || kind === 'due') return dateMsOf(field, value) === null;
	if (kind === 'text' && isObject(value)) return textsOf(field, value).every((part) => part === '');
	if (kind === 'select' && isObject(value)) return !value.value;
	return false;
}

// --- what filters and sorts compare ------------------------------------------------------------

function textsOf(field: FieldObject, value: unknown): string[] {
	if (isEmptyValue(value)) return [];
	if (typeof value === 'string') return [value];
	if (typeof value === 'number') return [String(value)];
	if (Array.isArray(value))
		return value.flatMap((item) =>
			isObject(item) ? [String(item.phone_number ?? item.sys_title ?? '')] : [String(item)],
		);
	if (isObject(value)) {
		if (field.field_type === 'richtextareafield') return [docText(value.data)];
		return [String(value.sys_root ?? '')];
	}
	return [String(value)];
}

function numberOf(value: unknown): number | null {
	if (typeof value === 'number') return value;
	if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))
		return Number(value);
	return null;
}

/** The date a filter or sort reads: a date's date, a range's start, a due date's end, a system date's `on`. */
function dateMsOf(field: FieldObject, value: unknown): number | null {
	if (!isObject(value)) return null;
	let date: unknown;
	if (field.field_type === 'duedatefield')
		date = (value.to_date as { date?: unknown } | undefined)?.date;
	else if ('from_date' in value) date = (value.from_date as { date?: unknown } | undefined)?.date;
	else if ('on' in value) date = value.on;
	else date = value.date;
	return typeof date === 'string' ? Date.parse(date) : null;
}

function selectedId(value: unknown): string {
	if (isObject(value)) return String(value.value ?? '');
	return typeof value === 'string' ? value : '';
}

function idsOf(value: unknown): string[] {
	return Array.isArray(value) ? value.map(String) : [];
}

// --- filters -----------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Comparisons whose value is `null`. */
const VALUELESS = ['is_empty', 'is_not_empty', 'is_overdue', 'is_not_overdue'];

function dayStart(ms: number): number {
	return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
}

function addMonths(ms: number, months: number): number {
	const date = new Date(ms);
	date.setUTCMonth(date.getUTCMonth() + months);
	return date.getTime();
}

function exactDay(slug: string, text: unknown): number {
	if (
		typeof text !== 'string' ||
		!/^\d{4}-\d\d-\d\d$/.test(text) ||
		Number.isNaN(Date.parse(text))
	) {
		throw new FilterError(slug, `Expected a date "YYYY-MM-DD" (got ${JSON.stringify(text)}).`);
	}
	return Date.parse(`${text}T00:00:00Z`);
}

/** The relative date modes every date comparison takes (sort-filter reference, "Date Modes and Values"). */
const FIXED_DATE_MODES = [
	'today',
	'yesterday',
	'one_week_ago',
	'one_week_from_now',
	'one_month_ago',
	'one_month_from_now',
	'one_year_ago',
	'one_year_from_now',
];
/** What each comparison takes beyond them: `is`/`is_not` no `exact_date`, the others no ranges. */
const DATE_MODES: Record<string, string[]> = {
	is: [...FIXED_DATE_MODES, 'next_number_of_days', 'past_number_of_days', 'date_range'],
	is_not: [...FIXED_DATE_MODES, 'next_number_of_days', 'past_number_of_days', 'date_range'],
	is_before: [...FIXED_DATE_MODES, 'exact_date'],
	is_on_or_before: [...FIXED_DATE_MODES, 'exact_date'],
	is_on_or_after: [...FIXED_DATE_MODES, 'exact_date'],
};

/**
 * The [start, end) interval a date comparison value names. A mode the comparison does not take
 * is refused. The shape of `date_range`'s value is not in the reference: `{from_date, to_date}`
 * ("YYYY-MM-DD") is this emulator's guess.
 */
function dateInterval(
	slug: string,
	comparison: string,
	value: unknown,
	nowMs: number,
): [number, number] {
	if (!isObject(value) || typeof value.date_mode !== 'string')
		throw new FilterError(slug, 'Expected {"date_mode": ..., "date_mode_value": ...}.');
	const { date_mode: mode, date_mode_value: modeValue } = value;
	if (!DATE_MODES[comparison].includes(mode))
		throw new FilterError(slug, `'${mode}' is not allowed for the '${comparison}' comparison`);
	const today = dayStart(nowMs);
	const day = (start: number): [number, number] => [start, start + DAY_MS];
	const relative: Record<string, () => number> = {
		today: () => today,
		yesterday: () => today - DAY_MS,
		one_week_ago: () => today - 7 * DAY_MS,
		one_week_from_now: () => today + 7 * DAY_MS,
		one_month_ago: () => addMonths(today, -1),
		one_month_from_now: () => addMonths(today, 1),
		one_year_ago: () => addMonths(today, -12),
		one_year_from_now: () => addMonths(today, 12),
		exact_date: () => exactDay(slug, modeValue),
	};
	if (relative[mode]) return day(relative[mode]());
	if (mode === 'date_range') {
		if (!isObject(modeValue))
			throw new FilterError(
				slug,
				'date_range needs {"from_date": "YYYY-MM-DD", "to_date": "YYYY-MM-DD"}.',
			);
		return [exactDay(slug, modeValue.from_date), exactDay(slug, modeValue.to_date) + DAY_MS];
	}
	const days = Number(modeValue);
	if (!Number.isInteger(days) || days < 0)
		throw new FilterError(slug, `${mode} needs a number of days.`);
	return mode === 'next_number_of_days'
		? [today, today + (days + 1) * DAY_MS]
		: [today - days * DAY_MS, today + DAY_MS];
}

function stringValue(slug: string, value: unknown): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'number') return String(value);
	throw new FilterError(slug, `Expected a text value (got ${JSON.stringify(value)}).`);
}

function listValue(slug: string, value: unknown): string[] {
	const list = Array.isArray(value) ? value : [value];
	if (!list.every((item) => typeof item === 'string'))
		throw new FilterError(slug, `Expected a list of ids (got ${JSON.stringify(value)}).`);
	return list as string[];
}

/** Whether a select's option (by id) is the one a filter value names (by id or label, per variant). */
function namesChoice(
	choices: ChoiceObject[],
	id: string,
	named: string,
	variant: Variant,
): boolean {
	const byId = variant.selectFilterValues !== 'label' && id === named;
	const label = choices.find((choice) => choice.value === id)?.label;
	const byLabel =
		variant.selectFilterValues !== 'id' &&
		label !== undefined &&
		label.toLowerCase() === named.toLowerCase();
	return byId || byLabel;
}

/** Whether the stored value passes `comparison` against `value`; throws FilterError (400) as SmartSuite does. */
export function matches(
	field: FieldObject,
	stored: unknown,
	comparison: string,
	value: unknown,
	context: FieldContext,
): boolean {
	const { kind } = typeOf(field);
	const slug = field.slug;
	if (!COMPARISONS[kind].includes(comparison))
		throw new FilterError(slug, 'Not allowed comparison.', false);
	// The empty checks take null (sort-filter reference's table) or "" (its own example sends it).
	if (VALUELESS.includes(comparison) && value != null && value !== '') {
		throw new FilterError(
			slug,
			`${typeof value === 'string' ? value : JSON.stringify(value)}' is not allowed for the '${comparison}' comparison`,
		);
	}
	if (comparison === 'is_empty' || comparison === 'is_not_empty') {
		return isMissing(field, stored) === (comparison === 'is_empty');
	}
	switch (kind) {
		case 'text':
		case 'doc': {
			const wanted = stringValue(slug, value).toLowerCase();
			const texts = textsOf(field, stored).map((part) => part.toLowerCase());
			const found = comparison.endsWith('contains')
				? texts.some((part) => part.includes(wanted))
				: texts.some((part) => part === wanted);
			return comparison === 'is' || comparison === 'contains' ? found : !found;
		}
		case 'number':
		case 'autonumber': {
			const wanted = numberOf(value);
			if (wanted === null)
				throw new FilterError(slug, `Expected a number (got ${JSON.stringify(value)}).`);
			const actual = numberOf(stored);
			if (actual === null) return comparison === 'is_not_equal_to';
			const tests: Record<string, boolean> = {
				is_equal_to: actual === wanted,
				is_not_equal_to: actual !== wanted,
				is_greater_than: actual > wanted,
				is_less_than: actual < wanted,
				is_equal_or_greater_than: actual >= wanted,
				is_equal_or_less_than: actual <= wanted,
			};
			return tests[comparison];
		}
		case 'select': {
			const id = selectedId(stored);
			const named =
				comparison === 'is' || comparison === 'is_not'
					? [stringValue(slug, value)]
					: listValue(slug, value);
			const found =
				id !== '' &&
				named.some((name) => namesChoice(field.params.choices ?? [], id, name, context.variant));
			return comparison === 'is' || comparison === 'is_any_of' ? found : !found;
		}
		case 'multi':
		case 'linked': {
			const ids = idsOf(stored);
			if (comparison === 'contains' || comparison === 'not_contains') {
				const wanted = stringValue(slug, value).toLowerCase();
				const tableId = String(field.params.linked_application ?? '');
				const found = ids.some(
					(id) =>
						id === wanted || (context.titleOf(tableId, id) ?? '').toLowerCase().includes(wanted),
				);
				return comparison === 'contains' ? found : !found;
			}
			const wanted = listValue(slug, value);
			const tests: Record<string, () => boolean> = {
				has_any_of: () => wanted.some((id) => ids.includes(id)),
				has_all_of: () => wanted.every((id) => ids.includes(id)),
				is_exactly: () => wanted.length === ids.length && wanted.every((id) => ids.includes(id)),
				has_none_of: () => !wanted.some((id) => ids.includes(id)),
			};
			return tests[comparison]();
		}
		case 'yesno': {
			if (typeof value !== 'boolean' && value !== 'true' && value !== 'false')
				throw new FilterError(slug, 'Expected true or false.');
			return (stored === true) === (value === true || value === 'true');
		}
		case 'date':
		case 'due': {
			if (comparison === 'is_overdue' || comparison === 'is_not_overdue') {
				const due = dateMsOf(field, stored);
				const overdue =
					isObject(stored) && !stored.status_is_completed && due !== null && due < context.nowMs;
				return overdue === (comparison === 'is_overdue');
			}
			const [start, end] = dateInterval(slug, comparison, value, context.nowMs);
			const actual = dateMsOf(field, stored);
			if (actual === null) return comparison === 'is_not';
			const tests: Record<string, boolean> = {
				is: actual >= start && actual < end,
				is_not: actual < start || actual >= end,
				is_before: actual < start,
				is_on_or_before: actual < end,
				is_on_or_after: actual >= start,
			};
			return tests[comparison];
		}
		case 'files': {
			const wanted = stringValue(slug, value).toLowerCase();
			const list = Array.isArray(stored)
				? (stored as Array<{ metadata?: { filename?: string }; file_type?: string }>)
				: [];
			if (comparison === 'file_name_contains')
				return list.some((file) => (file.metadata?.filename ?? '').toLowerCase().includes(wanted));
			return list.some((file) => (file.file_type ?? '').toLowerCase() === wanted);
		}
	}
}

/** A sort key: numbers for numbers, dates and option order; lower-cased text otherwise; null when empty. */
export function sortKey(field: FieldObject, stored: unknown): number | string | null {
	if (isMissing(field, stored)) return null;
	switch (typeOf(field).kind) {
		case 'number':
		case 'autonumber':
			return numberOf(stored);
		case 'date':
		case 'due':
			return dateMsOf(field, stored);
		case 'select':
			return choiceIds(field).indexOf(selectedId(stored));
		case 'yesno':
			return stored === true ? 1 : 0;
		case 'files':
			return Array.isArray(stored) ? stored.length : 0;
		default:
			return (textsOf(field, stored).join(', ') || idsOf(stored).join(',')).toLowerCase();
	}
}
