/**
 * Dates between a user's values (ISO text, JavaScript dates, n8n's Luxon dates) and SmartSuite's
 * `{date, include_time}`. A date without a time is that calendar day: `YYYY-MM-DDT00:00:00Z` with
 * include_time false, whatever the time zone of n8n. A date with a time is sent in UTC; a time
 * without an offset ("2026-12-01 14:30") is read in the workflow's time zone, as n8n reads dates.
 */
import type { IDataObject } from 'n8n-workflow';

import { fromJsonText, isObject, ValueError } from './values';

export interface SmartSuiteDate {
	date: string | null;
	include_time: boolean;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date and time without an offset ("2024-05-01T10:00"), read in the workflow's time zone. */
const WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

const DATE_EXPECTED =
	'a date such as "2024-05-01", a date and time such as "2024-05-01 14:30" (in the workflow\'s time zone) or "2024-05-01T14:30:00Z", or an n8n date';

const HOUR_MS = 3_600_000;

/** One formatter per time zone: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(zone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		formatters.set(zone, formatter);
	}
	return formatter;
}

/** How far the zone's clocks are ahead of UTC at this moment, in milliseconds. */
function zoneOffsetMs(zone: string, milliseconds: number): number {
	const parts = formatterOf(zone).formatToParts(new Date(milliseconds));
	const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
	const wall = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return wall - (milliseconds - (((milliseconds % 1000) + 1000) % 1000));
}

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function dayIn(milliseconds: number, zone: string): string {
	return new Date(milliseconds + zoneOffsetMs(zone, milliseconds)).toISOString().slice(0, 10);
}

function isKnownZone(zone: string): boolean {
	try {
		formatterOf(zone);
		return true;
	} catch {
		return false;
	}
}

/**
 * The moment a wall-clock time (given as if it were UTC) names in the zone. Around a change of
 * offset: a time that happens twice (clocks set back) is its first occurrence; a time that does
 * not exist (clocks set forward) moves forward by the change, as Luxon (n8n's dates) does.
 */
export function wallTimeToUtc(wall: number, zone: string): number {
	if (!isKnownZone(zone))
		throw new ValueError(`${DATE_EXPECTED}; the workflow's time zone "${zone}" is unknown`);
	const before = zoneOffsetMs(zone, wall - 24 * HOUR_MS);
	const after = zoneOffsetMs(zone, wall + 24 * HOUR_MS);
	const valid = [before, after]
		.map((offset) => wall - offset)
		.filter((moment) => wall - zoneOffsetMs(zone, moment) === moment);
	// At most two candidates: the earlier is the first occurrence.
	return valid.length > 0 ? valid.reduce((a, b) => Math.min(a, b)) : wall - before;
}

function isRealDay(text: string): boolean {
	const match = DAY.exec(text);
	if (!match) return false;
	const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
	return (
		date.getUTCFullYear() === Number(match[1]) &&
		date.getUTCMonth() === Number(match[2]) - 1 &&
		date.getUTCDate() === Number(match[3])
	);
}

function utc(milliseconds: number): string {
	return new Date(milliseconds).toISOString().replace('.000Z', 'Z');
}

/** A Luxon DateTime (n8n's `$now`, `DateTime.fromISO(...)`): anything with a working toISO(). */
function luxonIso(value: unknown): string | undefined {
	if (!isObject(value) || typeof (value as { toISO?: unknown }).toISO !== 'function')
		return undefined;
	const iso = (value as unknown as { toISO(): string | null }).toISO();
	return typeof iso === 'string' ? iso : undefined;
}

/** `timeZone`: the workflow's, for a time without an offset (UTC when not given). */
export function toSmartSuiteDate(value: unknown, timeZone = 'UTC'): SmartSuiteDate {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) throw new ValueError(DATE_EXPECTED);
		return { date: utc(value.getTime()), include_time: true };
	}
	const iso = luxonIso(value);
	if (iso !== undefined) return toSmartSuiteDate(iso);
	if (isObject(value) && 'date' in value) {
		// SmartSuite's own shape, e.g. from a Get: the day or moment it names, with its include_time.
		const date = toSmartSuiteDate(value.date, timeZone);
		return value.include_time === false
			? { date: `${String(date.date).slice(0, 10)}T00:00:00Z`, include_time: false }
			: date;
	}
	if (typeof value !== 'string') throw new ValueError(DATE_EXPECTED);
	const text = value.trim();
	if (isRealDay(text)) return { date: `${text}T00:00:00Z`, include_time: false };
	const local = WITHOUT_OFFSET.test(text);
	const milliseconds = Date.parse(local ? `${text.replace(' ', 'T')}Z` : text);
	if (
		!/^\d{4}-\d{2}-\d{2}/.test(text) ||
		Number.isNaN(milliseconds) ||
		!isRealDay(text.slice(0, 10))
	)
		throw new ValueError(DATE_EXPECTED);
	return {
		date: utc(local ? wallTimeToUtc(milliseconds, timeZone) : milliseconds),
		include_time: true,
	};
}

/**
 * A moment (ISO text in UTC) from anything a Date field takes: a day is its midnight in the
 * workflow's time zone (a time entry's date, a checklist item's completion).
 */
export function toMoment(value: unknown, timeZone = 'UTC'): string {
	const { date, include_time } = toSmartSuiteDate(value, timeZone);
	const milliseconds = Date.parse(String(date));
	return include_time ? String(date) : utc(wallTimeToUtc(milliseconds, timeZone));
}

/** The calendar day ("2026-12-01") of anything a Date field takes: a moment's day in the workflow's time zone (a checklist item's due date). */
export function toDay(value: unknown, timeZone = 'UTC'): string {
	const { date, include_time } = toSmartSuiteDate(value, timeZone);
	const milliseconds = Date.parse(String(date));
	const wall = include_time ? milliseconds + zoneOffsetMs(timeZone, milliseconds) : milliseconds;
	return utc(wall).slice(0, 10);
}

/** The calendar day ("2024-05-01") when SmartSuite says there is no time, else the moment as ISO text. */
export function readDate(value: unknown): unknown {
	if (!isObject(value) || !('date' in value)) return value;
	if (typeof value.date !== 'string') return value.date ?? null;
	return value.include_time === false ? value.date.slice(0, 10) : value.date;
}

const RANGE_EXPECTED =
	'a range: text "from/to" such as "2024-05-01/2024-05-07", an object with from and to (dates) or its JSON {"from": "2024-05-01", "to": "2024-05-07"}, or a list [from, to]';

const DUE_EXPECTED = `one day or moment such as "2026-12-10" (the due date), or ${RANGE_EXPECTED}`;

function rangeEnds(given: unknown): [unknown, unknown] {
	const value = fromJsonText(given, RANGE_EXPECTED);
	if (Array.isArray(value) && value.length === 2) return [value[0], value[1]];
	if (typeof value === 'string' && value.split('/').length === 2) {
		const [from, to] = value.split('/');
		return [from, to];
	}
	if (isObject(value)) {
		const from = value.from_date ?? value.from ?? value.start;
		const to = value.to_date ?? value.to ?? value.end;
		const keys = ['from_date', 'from', 'start', 'to_date', 'to', 'end'];
		if (keys.some((key) => key in value)) return [from, to];
	}
	throw new ValueError(RANGE_EXPECTED);
}

const DAY_MS = 86_400_000;

/**
 * A range's or due date's end as SmartSuite reports it. A real client records that SmartSuite says
 * `include_time: false` for these types even when a time was set: a time of day other than
 * midnight UTC is kept (an end at midnight UTC stays a day, as reported).
 */
function reportedEnd(end: unknown): unknown {
	if (!isObject(end) || typeof end.date !== 'string' || end.include_time !== false) return end;
	const milliseconds = Date.parse(end.date);
	return Number.isFinite(milliseconds) && milliseconds % DAY_MS !== 0
		? { ...end, include_time: true }
		: end;
}

const isEmptyEnd = (end: unknown) =>
	end === undefined || end === null || end === '' || (isObject(end) && end.date === null);

/**
 * Date ranges and due dates; either end may be left out. Both left out (as Simplify shows an
 * empty range, `{from: null, to: null}`) is the empty range.
 */
export function toDateRange(value: unknown, timeZone?: string): IDataObject {
	const [from, to] = rangeEnds(value);
	const end = (date: unknown): SmartSuiteDate =>
		isEmptyEnd(date)
			? { date: null, include_time: false }
			: toSmartSuiteDate(reportedEnd(date), timeZone);
	return { from_date: end(from), to_date: end(to) };
}

/**
 * A due date: a range as toDateRange takes it, or one day or moment, which is the due date itself
 * (`to_date`, the start left empty), as SmartSuite's app fills a due date edited in place.
 */
export function toDueDate(value: unknown, timeZone?: string): IDataObject {
	const given = fromJsonText(value, DUE_EXPECTED);
	const isOneDate =
		(typeof given === 'string' && !given.includes('/')) || (isObject(given) && 'date' in given);
	if (!isOneDate) return toDateRange(value, timeZone);
	const due = oneDate(given, timeZone);
	if (!due) throw new ValueError(DUE_EXPECTED);
	return { from_date: { date: null, include_time: false }, to_date: due };
}

/** The date, or undefined when it is none (the caller says what a due date takes). */
function oneDate(value: unknown, timeZone?: string): SmartSuiteDate | undefined {
	try {
		return toSmartSuiteDate(value, timeZone);
	} catch {
		return undefined;
	}
}

export function readDateRange(value: unknown): unknown {
	if (!isObject(value)) return value;
	return {
		from: readDate(reportedEnd(value.from_date)) ?? null,
		to: readDate(reportedEnd(value.to_date)) ?? null,
	};
}

/** What a search filter compares a date with: a relative mode ("today") or an exact day. */
export const DATE_MODES = [
	'today',
	'yesterday',
	'one_week_ago',
	'one_week_from_now',
	'one_month_ago',
	'one_month_from_now',
	'one_year_ago',
	'one_year_from_now',
];

/**
 * A date filter value in a form the comparison takes (sort-filter reference, "Date Modes and
 * Values"): a relative mode with a null `date_mode_value`; an exact day as `exact_date` for
 * is_before, is_on_or_before and is_on_or_after, and as a `date_range` of that one day for is and
 * is_not, which take no `exact_date`. SmartSuite's own `{date_mode, date_mode_value}` passes as it is.
 */
export function toDateFilter(value: unknown, comparison: string): IDataObject {
	if (isObject(value) && 'date_mode' in value) return value;
	if (typeof value === 'string' && DATE_MODES.includes(value.trim()))
		return { date_mode: value.trim(), date_mode_value: null };
	const day = String(toSmartSuiteDate(value).date).slice(0, 10);
	return comparison === 'is' || comparison === 'is_not'
		? { date_mode: 'date_range', date_mode_value: { from_date: day, to_date: day } }
		: { date_mode: 'exact_date', date_mode_value: day };
}
