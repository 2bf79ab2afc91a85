/**
 * Colour Picker, IP Address, Checklist, Social Network and Time Tracking Log: what a person types
 * to SmartSuite's value, and SmartSuite's value back to the same form (so a value Simplify shows
 * can be written again). Shapes: the field-types reference and a live client's sample record
 * (`[{"value": "#715E5E"}]`, `[{"address": "192.121.0.0", "country_code": "gb"}]`,
 * `{"items": [...], "total_items", "completed_items"}`, `{"facebook_username", ...}`,
 * `{"time_track_logs": [...], "total_duration"}`).
 */
import { randomUUID } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { toDay, toMoment } from './dates';
import { toSeconds } from './durations';
import type { ReadContext } from './people';
import { PERSON_EXPECTED, readPeople, toMemberId } from './people';
import type { ConvertContext } from './types';
import {
	fromJsonText,
	isObject,
	LIST_FORMS,
	parseJsonText,
	readSmartDoc,
	toList,
	toSmartDoc,
	toBoolean,
	toId,
	toText,
	ValueError,
} from './values';

const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const COLOURS_EXPECTED = `a colour in hex such as "#715E5E", an object {"value": "#715E5E", "name": "..."}, or ${LIST_FORMS}`;

/** Colours as SmartSuite holds them: `[{value: "#RRGGBB", name?}]`. */
export function toColours(value: unknown): IDataObject[] {
	return toList(value, COLOURS_EXPECTED).map((entry) => {
		const given = isObject(entry) ? entry.value : entry;
		const hex = toText(given ?? '', COLOURS_EXPECTED).trim();
		if (!HEX_COLOUR.test(hex)) throw new ValueError(COLOURS_EXPECTED);
		const colour: IDataObject = { value: hex.startsWith('#') ? hex : `#${hex}` };
		if (isObject(entry) && typeof entry.name === 'string' && entry.name !== '')
			colour.name = entry.name;
		return colour;
	});
}

/** `["#715E5E"]`, a named colour as `{value, name}`. */
export function readColours(value: unknown): unknown {
	if (!Array.isArray(value)) return value;
	return value.map((colour) =>
		isObject(colour) && typeof colour.name === 'string' && colour.name !== ''
			? { value: colour.value, name: colour.name }
			: isObject(colour)
				? colour.value
				: colour,
	);
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPS_EXPECTED = `an IPv4 or IPv6 address such as "192.121.0.0" (with its country: "192.121.0.0 gb"), an object {"address", "country_code"}, or ${LIST_FORMS}`;

const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/**
 * Whether text is an IPv6 address (RFC 4291 text forms): eight groups of 1 to 4 hex digits, a
 * single "::" standing for one or more zero groups, the last two groups possibly an IPv4 address.
 */
export function isIpv6(text: string): boolean {
	if (text.length > 45) return false;
	const halves = text.split('::');
	if (halves.length > 2) return false;
	const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
	const groups = halves.flatMap(groupsOf);
	const last = groups[groups.length - 1] ?? '';
	const endsInIpv4 = IPV4.test(last);
	const hexGroups = endsInIpv4 ? groups.slice(0, -1) : groups;
	if (!hexGroups.every((group) => HEX_GROUP.test(group))) return false;
	const count = hexGroups.length + (endsInIpv4 ? 2 : 0);
	return halves.length === 2 ? count <= 7 : count === 8;
}

export const isIpAddress = (text: string) => IPV4.test(text) || isIpv6(text);

/** IP addresses as SmartSuite holds them: `[{address, country_code?}]` (a two-letter country, lower case). */
export function toIpAddresses(value: unknown): IDataObject[] {
	return toList(value, IPS_EXPECTED).map((entry) => {
		const [address, country] = isObject(entry)
			? [entry.address, entry.country_code ?? entry.country]
			: toText(entry, IPS_EXPECTED).trim().split(/\s+/);
		const text = typeof address === 'string' ? address.trim() : '';
		if (!isIpAddress(text)) throw new ValueError(IPS_EXPECTED);
		if (country === undefined || country === null || country === '') return { address: text };
		if (typeof country !== 'string' || !/^[a-z]{2}$/i.test(country.trim()))
			throw new ValueError(`${IPS_EXPECTED}; the country is two letters such as "gb"`);
		return { address: text, country_code: country.trim().toLowerCase() };
	});
}

/** `["192.121.0.0 gb"]`: the address and its country, as typed. */
export function readIpAddresses(value: unknown): unknown {
	if (!Array.isArray(value)) return value;
	return value.map((ip) =>
		isObject(ip) ? [ip.address, ip.country_code].filter((part) => part).join(' ') : ip,
	);
}

const CHECKLIST_EXPECTED = `checklist items: "[x] done item, [ ] open item" (the mark optional), objects {"content", "completed", "assignee", "due_date"}, or ${LIST_FORMS}`;
const MARK = /^\[( |x|X)?\]\s*/;

/** A sub-value of an entry (a checklist item's assignee, a time entry's date): `convert`'s value, or a message naming the key. */
function entryPart<T>(key: string, kind: string, convert: () => T): T {
	const converted = attempt(convert);
	if ('value' in converted) return converted.value;
	const { expected, problem } = converted.error;
	throw new ValueError(`${kind} whose "${key}" is ${expected}`, problem);
}

/** What `convert` gives, or the ValueError it throws (any other error as one). */
function attempt<T>(convert: () => T): { value: T } | { error: ValueError } {
	try {
		return { value: convert() };
	} catch (error) {
		return { error: error instanceof ValueError ? error : new ValueError(String(error)) };
	}
}

/** A person given by id, e-mail address or name: the member id; null when not given. */
function personIn(
	given: unknown,
	key: string,
	kind: string,
	context: ConvertContext,
): string | null {
	if (given === undefined || given === null || given === '') return null;
	return entryPart(key, kind, () =>
		toMemberId(toId(given, PERSON_EXPECTED), context, PERSON_EXPECTED),
	);
}

/** The checklist items as given (text or objects), before converting: JSON, or text separated by commas. */
function checklistEntries(value: unknown): unknown[] {
	// "[x] a, [ ] b" starts as JSON would: text that is not JSON is items separated by commas.
	if (typeof value === 'string' && !parseJsonText(value))
		return value.split(',').filter((entry) => entry.trim() !== '');
	const json = fromJsonText(value, CHECKLIST_EXPECTED);
	return toList(
		isObject(json) && Array.isArray(json.items) ? json.items : json,
		CHECKLIST_EXPECTED,
	);
}

function checklistItem(entry: unknown, context: ConvertContext, now: string): IDataObject {
	const given: IDataObject = isObject(entry) ? entry : {};
	const text = toText(
		isObject(entry) ? (entry.content ?? entry.text ?? entry.title ?? '') : entry,
		CHECKLIST_EXPECTED,
	);
	const mark = MARK.exec(text.trim());
	const content = text.trim().replace(MARK, '');
	if (content === '') throw new ValueError(CHECKLIST_EXPECTED);
	const said = given.completed ?? given.done;
	const completed = isObject(entry)
		? said !== undefined &&
			said !== null &&
			entryPart('completed', 'checklist items', () => toBoolean(said))
		: (mark?.[1] ?? ' ').toLowerCase() === 'x';
	const dueDate = given.due_date ?? given.due;
	const { data, html, preview } = toSmartDoc(content);
	return {
		id: typeof given.id === 'string' && given.id !== '' ? given.id : randomUUID(),
		content: { data, html, preview },
		completed,
		assignee: personIn(given.assignee, 'assignee', 'checklist items', context),
		due_date:
			dueDate === undefined || dueDate === null || dueDate === ''
				? null
				: entryPart('due_date', 'checklist items', () => toDay(dueDate, context.timeZone)),
		completed_at: !completed
			? null
			: typeof given.completed_at === 'string' && given.completed_at !== ''
				? entryPart('completed_at', 'checklist items', () =>
						toMoment(given.completed_at, context.timeZone),
					)
				: now,
	};
}

/**
 * A checklist as SmartSuite holds it: `{items: [{id, content: {data, html, preview}, completed,
 * assignee, due_date, completed_at}], total_items, completed_items}`. A new item gets a random
 * UUID, as SmartSuite's own; a completed one is completed now unless it says when.
 */
export function toChecklist(value: unknown, context: ConvertContext = {}): IDataObject {
	const now = new Date().toISOString();
	const items = checklistEntries(value).map((entry) => checklistItem(entry, context, now));
	return {
		items,
		total_items: items.length,
		completed_items: items.filter((item) => item.completed).length,
	};
}

/** The people a checklist's items name (their assignees), to look up before converting. */
export function checklistPeople(value: unknown): string[] {
	return peopleOf(() => checklistEntries(value), 'assignee');
}

/** The `key` of each object entry that is text; none when the entries cannot be read (their conversion says why). */
function peopleOf(entries: () => unknown[], key: string): string[] {
	try {
		return entries()
			.filter(isObject)
			.map((entry) => entry[key])
			.filter((person): person is string => typeof person === 'string' && person.trim() !== '')
			.map((person) => person.trim());
	} catch {
		return [];
	}
}

/** `["[x] Buy milk", "[ ] Call Bob"]`: each item's text with its mark, as typed. */
export function readChecklist(value: unknown): unknown {
	if (!isObject(value) || !Array.isArray(value.items)) return value;
	return value.items.map((item) =>
		isObject(item)
			? `[${item.completed === true ? 'x' : ' '}] ${String(readSmartDoc(item.content) ?? '')}`
			: item,
	);
}

const NETWORKS = ['facebook', 'twitter', 'instagram', 'linkedin'];
const SOCIAL_EXPECTED = `handles by network, such as "facebook: myuser, linkedin: my-name" or {"facebook": "myuser"} (networks: ${NETWORKS.join(', ')})`;

/** Social Network as SmartSuite holds it: every network's `<network>_username`, "" when not given. */
export function toSocialNetworks(value: unknown): IDataObject {
	const json = fromJsonText(value, SOCIAL_EXPECTED);
	const pairs: Array<[string, unknown]> = isObject(json)
		? Object.entries(json)
		: toList(json, SOCIAL_EXPECTED).map((entry) => {
				const text = toText(entry, SOCIAL_EXPECTED);
				const at = text.indexOf(':');
				if (at < 0) throw new ValueError(SOCIAL_EXPECTED);
				return [text.slice(0, at), text.slice(at + 1)];
			});
	const handles: IDataObject = Object.fromEntries(
		NETWORKS.map((network) => [`${network}_username`, '']),
	);
	for (const [key, handle] of pairs) {
		const network = key
			.trim()
			.toLowerCase()
			.replace(/_username$/, '');
		if (!NETWORKS.includes(network))
			throw new ValueError(`${SOCIAL_EXPECTED}; "${key.trim()}" is not one`);
		handles[`${network}_username`] = toText(handle ?? '', SOCIAL_EXPECTED).trim();
	}
	if (NETWORKS.every((network) => handles[`${network}_username`] === ''))
		throw new ValueError(SOCIAL_EXPECTED);
	return handles;
}

/** `{facebook: "myuser"}`: the networks that have a handle. */
export function readSocialNetworks(value: unknown): unknown {
	if (!isObject(value)) return value;
	return Object.fromEntries(
		NETWORKS.map((network) => [network, value[`${network}_username`]]).filter(
			([, handle]) => typeof handle === 'string' && handle !== '',
		),
	);
}

const TIME_LOG_EXPECTED = `time entries: a duration such as "1h 30m" or 5400 (seconds), an object {"duration", "note", "date", "user"}, or ${LIST_FORMS}`;

/** The time entries as given, before converting: one object, or a list. */
function timeLogEntries(value: unknown): unknown[] {
	const json = fromJsonText(value, TIME_LOG_EXPECTED);
	const given = isObject(json) && Array.isArray(json.time_track_logs) ? json.time_track_logs : json;
	return isObject(given) ? [given] : toList(given, TIME_LOG_EXPECTED);
}

function timeLogEntry(entry: unknown, context: ConvertContext, now: string): IDataObject {
	const given: IDataObject = isObject(entry) ? entry : { duration: entry as IDataObject[string] };
	const date = given.date ?? given.date_time;
	return {
		user_id: personIn(given.user ?? given.user_id, 'user', 'time entries', context),
		date_time:
			date === undefined || date === null || date === ''
				? now
				: entryPart('date', 'time entries', () => toMoment(date, context.timeZone)),
		duration: entryPart('duration', 'time entries', () => toSeconds(given.duration)),
		time_range: null,
		timer_start: null,
		note:
			given.note === undefined || given.note === null
				? ''
				: entryPart('note', 'time entries', () => toText(given.note)),
	};
}

/**
 * A Time Tracking Log as SmartSuite holds it: `{time_track_logs: [{user_id, date_time, duration,
 * …}], total_duration}` (seconds). An entry without a date is logged now, as SmartSuite's app logs it.
 */
export function toTimeLog(value: unknown, context: ConvertContext = {}): IDataObject {
	const now = new Date().toISOString();
	const logs = timeLogEntries(value).map((entry) => timeLogEntry(entry, context, now));
	return {
		time_track_logs: logs,
		total_duration: logs.reduce((sum, log) => sum + Number(log.duration), 0),
	};
}

/** The people a time log's entries name (their users), to look up before converting. */
export function timeLogPeople(value: unknown): string[] {
	return [
		...peopleOf(() => timeLogEntries(value), 'user'),
		...peopleOf(() => timeLogEntries(value), 'user_id'),
	];
}

/** `[{duration, note, date, user}]`, durations in seconds: the entries as they are written. */
export function readTimeLog(value: unknown): unknown {
	if (!isObject(value) || !Array.isArray(value.time_track_logs)) return value;
	return value.time_track_logs.filter(isObject).map((log) => ({
		duration: log.duration,
		note: log.note ?? '',
		date: log.date_time ?? null,
		user: log.user_id ?? null,
	}));
}

/** The members who logged time: the log's `user_id`s. */
export function timeLogUsers(value: unknown): string[] {
	if (!isObject(value) || !Array.isArray(value.time_track_logs)) return [];
	return value.time_track_logs
		.filter(isObject)
		.map((log) => log.user_id)
		.filter((id): id is string => typeof id === 'string');
}

/** readTimeLog's entries with each `user` as the person (Readable People). */
export function readableTimeLog(value: unknown, context: ReadContext): unknown {
	const entries = readTimeLog(value);
	if (!Array.isArray(entries)) return entries;
	return entries.map((entry: IDataObject) =>
		typeof entry.user === 'string'
			? { ...entry, user: (readPeople([entry.user], context) as unknown[])[0] }
			: entry,
	);
}
