/**
 * Colour Picker, IP Address, Checklist, Social Network and Time Tracking Log: what a person types
 * to SmartSuite's value, and SmartSuite's value back to the same form (so a value Simplify shows
 * can be written again). Shapes: the field-types reference and a live client's sample record
 * (`[{"value": "#715E5E"}]`, `[{"address": "192.121.0.0", "country_code": "gb"}]`,
 * `{"items": [...], "total_items", "completed_items"}`, `{"facebook_username", ...}`,
 * `{"time_track_logs": [...], "total_duration"}`).
 */
import type { IDataObject } from 'n8n-workflow';
import { randomString } from 'n8n-workflow';

import type { ReadContext } from './people';
import { readPeople } from './people';
import {
	fromJsonText,
	isObject,
	LIST_FORMS,
	parseJsonText,
	readSmartDoc,
	toList,
	toSmartDoc,
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
const IPV6 = /^(?=.*:)[0-9a-f:.]{2,45}$/i;
const IPS_EXPECTED = `an IPv4 or IPv6 address such as "192.121.0.0" (with its country: "192.121.0.0 gb"), an object {"address", "country_code"}, or ${LIST_FORMS}`;

export const isIpAddress = (text: string) => IPV4.test(text) || IPV6.test(text);

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

const CHECKLIST_EXPECTED = `checklist items: "[x] done item, [ ] open item" (the mark optional), objects {"content", "completed"}, or ${LIST_FORMS}`;
const MARK = /^\[( |x|X)?\]\s*/;

/** An item id as SmartSuite's own are written: a UUID (field-types reference). */
function newItemId(): string {
	const hex = randomString(32)
		.replace(/[^0-9a-f]/gi, '0')
		.toLowerCase()
		.padEnd(32, '0');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function checklistItem(entry: unknown): IDataObject {
	const text = isObject(entry)
		? toText(entry.content ?? entry.text ?? entry.title ?? '', CHECKLIST_EXPECTED)
		: toText(entry, CHECKLIST_EXPECTED);
	const mark = MARK.exec(text.trim());
	const content = text.trim().replace(MARK, '');
	if (content === '') throw new ValueError(CHECKLIST_EXPECTED);
	const completed = isObject(entry)
		? entry.completed === true || entry.done === true
		: (mark?.[1] ?? ' ').toLowerCase() === 'x';
	const { data, html, preview } = toSmartDoc(content);
	return {
		id: isObject(entry) && typeof entry.id === 'string' ? entry.id : newItemId(),
		content: { data, html, preview },
		completed,
		assignee: isObject(entry) && typeof entry.assignee === 'string' ? entry.assignee : null,
		due_date: isObject(entry) && typeof entry.due_date === 'string' ? entry.due_date : null,
		completed_at: null,
	};
}

/** A checklist as SmartSuite holds it: `{items: [{id, content: {data, html, preview}, completed, …}], total_items, completed_items}`. */
export function toChecklist(value: unknown): IDataObject {
	// "[x] a, [ ] b" starts as JSON would: text that is not JSON is items separated by commas.
	const isText = typeof value === 'string' && !parseJsonText(value);
	const json = isText ? value : fromJsonText(value, CHECKLIST_EXPECTED);
	const given = isObject(json) && Array.isArray(json.items) ? json.items : json;
	const entries = isText
		? String(value)
				.split(',')
				.filter((entry) => entry.trim() !== '')
		: toList(given, CHECKLIST_EXPECTED);
	const items = entries.map(checklistItem);
	return {
		items,
		total_items: items.length,
		completed_items: items.filter((item) => item.completed).length,
	};
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
/** A number from its first digit only (not after another digit): each run of digits is read once. */
const DURATION_PART = /(?<!\d)(\d+(?:\.\d+)?)\s*(h|m|s)/gi;
const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1 };

function toSeconds(value: unknown): number {
	if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
	const text = toText(value, TIME_LOG_EXPECTED).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
	const rest = text.replace(DURATION_PART, '').trim();
	const parts = [...text.matchAll(DURATION_PART)];
	if (parts.length === 0 || rest !== '') throw new ValueError(TIME_LOG_EXPECTED);
	return parts.reduce(
		(sum, [, amount, unit]) => sum + Number(amount) * UNIT_SECONDS[unit.toLowerCase()],
		0,
	);
}

function timeLogEntry(entry: unknown): IDataObject {
	const given: IDataObject = isObject(entry) ? entry : { duration: entry as IDataObject[string] };
	const date = given.date ?? given.date_time;
	const user = given.user ?? given.user_id;
	return {
		user_id: typeof user === 'string' ? user : null,
		date_time: typeof date === 'string' && date !== '' ? date : null,
		duration: toSeconds(given.duration),
		time_range: null,
		timer_start: null,
		note: typeof given.note === 'string' ? given.note : '',
	};
}

/** A Time Tracking Log as SmartSuite holds it: `{time_track_logs: [{user_id, date_time, duration, …}], total_duration}` (seconds). */
export function toTimeLog(value: unknown): IDataObject {
	const json = fromJsonText(value, TIME_LOG_EXPECTED);
	const given = isObject(json) && Array.isArray(json.time_track_logs) ? json.time_track_logs : json;
	const logs = (isObject(given) ? [given] : toList(given, TIME_LOG_EXPECTED)).map(timeLogEntry);
	return {
		time_track_logs: logs,
		total_duration: logs.reduce((sum, log) => sum + Number(log.duration), 0),
	};
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
