/**
 * Whether a record matches a condition of Search's shape, decided on the record alone (the
 * triggers' Only Records That): the rules as Search sends them to SmartSuite (field slugs, option
 * and member ids, date modes), compared as SmartSuite's filter compares them. "Today" is the day
 * of a given moment in a given time zone, so that the same event is always judged the same way.
 * Pure, and linear in the size of the record and the condition.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Field } from './fields';
import { dayIn } from './fields/dates';
import { isObject, readSmartDoc } from './fields/values';
import { ownValue } from './own';

export interface ConditionRule {
	field: Field;
	comparison: string;
	/** The filter value Search sends SmartSuite (toFilterValue's). */
	value: unknown;
}

export interface Condition {
	operator: 'and' | 'or';
	rules: ConditionRule[];
}

/** When the record is judged: "today" is this moment's day in this time zone. */
export interface Moment {
	atMs: number;
	timeZone: string;
}

type Kind = 'text' | 'number' | 'choice' | 'ids' | 'date' | 'yesno' | 'files';

const KINDS: Record<string, Kind> = {
	recordtitlefield: 'text',
	textfield: 'text',
	textareafield: 'text',
	richtextareafield: 'text',
	emailfield: 'text',
	linkfield: 'text',
	phonefield: 'text',
	fullnamefield: 'text',
	addressfield: 'text',
	numberfield: 'number',
	currencyfield: 'number',
	percentfield: 'number',
	ratingfield: 'number',
	numbersliderfield: 'number',
	percentcompletefield: 'number',
	durationfield: 'number',
	autonumberfield: 'number',
	countfield: 'number',
	singleselectfield: 'choice',
	statusfield: 'choice',
	multipleselectfield: 'ids',
	tagsfield: 'ids',
	userfield: 'ids',
	linkedrecordfield: 'ids',
	datefield: 'date',
	daterangefield: 'date',
	duedatefield: 'date',
	firstcreatedfield: 'date',
	lastupdatedfield: 'date',
	yesnofield: 'yesno',
	filefield: 'files',
};

const RELATIVE_DAYS: Record<string, { days?: number; months?: number }> = {
	today: {},
	yesterday: { days: -1 },
	one_week_ago: { days: -7 },
	one_week_from_now: { days: 7 },
	one_month_ago: { months: -1 },
	one_month_from_now: { months: 1 },
	one_year_ago: { months: -12 },
	one_year_from_now: { months: 12 },
};
const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Why a rule cannot be decided on the record an event carries, or undefined when it can. The
 * comparison is one Search allows for the field (checked before).
 */
export function undecidable(rule: ConditionRule): string | undefined {
	const { field, comparison, value } = rule;
	const kind = ownValue(KINDS, field.field_type);
	if (!kind) return `a field of type ${field.field_type} is not compared on a record yet`;
	if (field.field_type === 'linkedrecordfield' && comparison.endsWith('contains'))
		return "contains compares the titles of the linked records, and an event carries only their ids: use has_any_of or has_none_of with the records' titles or ids";
	if (kind === 'date' && isObject(value) && dayRange(value, '2000-01-01') === undefined)
		return `the date ${JSON.stringify(value)} is not a date mode this condition knows (${[...Object.keys(RELATIVE_DAYS), 'exact_date', 'date_range', 'next_number_of_days', 'past_number_of_days'].join(', ')})`;
	return undefined;
}

/** Whether the record (values by slug) matches the condition; no rules match every record. */
export function recordMatches(record: IDataObject, condition: Condition, moment: Moment): boolean {
	if (condition.rules.length === 0) return true;
	const today = dayIn(moment.atMs, moment.timeZone);
	const passes = (rule: ConditionRule) =>
		rulePasses(rule, ownValue(record, rule.field.slug), today, moment.timeZone);
	return condition.operator === 'or' ? condition.rules.some(passes) : condition.rules.every(passes);
}

function rulePasses(rule: ConditionRule, stored: unknown, today: string, zone: string): boolean {
	const { field, comparison, value } = rule;
	const kind = ownValue(KINDS, field.field_type);
	if (comparison === 'is_empty' || comparison === 'is_not_empty')
		return isEmpty(field, stored, zone) === (comparison === 'is_empty');
	switch (kind) {
		case 'text': {
			const wanted = String(value ?? '').toLowerCase();
			const texts = textsOf(field, stored).map((part) => part.toLowerCase());
			const found = comparison.endsWith('contains')
				? texts.some((part) => part.includes(wanted))
				: texts.includes(wanted);
			return comparison === 'is' || comparison === 'contains' ? found : !found;
		}
		case 'number':
			return numberPasses(comparison, numberOf(stored), Number(value));
		case 'choice': {
			const id = choiceIdOf(stored);
			const named = Array.isArray(value) ? value.map(String) : [String(value)];
			const found = id !== '' && named.includes(id);
			return comparison === 'is' || comparison === 'is_any_of' ? found : !found;
		}
		case 'ids': {
			const ids = new Set(idsOf(stored));
			const wanted = Array.isArray(value) ? value.map(String) : [String(value)];
			if (comparison === 'has_any_of') return wanted.some((id) => ids.has(id));
			if (comparison === 'has_all_of') return wanted.every((id) => ids.has(id));
			if (comparison === 'has_none_of') return !wanted.some((id) => ids.has(id));
			return comparison === 'is_exactly' && sameIds(ids, wanted);
		}
		case 'date':
			return datePasses(field, comparison, value, stored, today, zone);
		case 'yesno':
			return (stored === true) === (value === true || value === 'true');
		case 'files': {
			const wanted = String(value ?? '').toLowerCase();
			const files = Array.isArray(stored) ? stored.filter(isObject) : [];
			return comparison === 'file_name_contains'
				? files.some((file) =>
						String(isObject(file.metadata) ? (file.metadata.filename ?? '') : '')
							.toLowerCase()
							.includes(wanted),
					)
				: files.some((file) => String(file.file_type ?? '').toLowerCase() === wanted);
		}
		default:
			return false;
	}
}

function numberPasses(comparison: string, actual: number | undefined, wanted: number): boolean {
	if (actual === undefined) return comparison === 'is_not_equal_to';
	switch (comparison) {
		case 'is_equal_to':
			return actual === wanted;
		case 'is_not_equal_to':
			return actual !== wanted;
		case 'is_greater_than':
			return actual > wanted;
		case 'is_less_than':
			return actual < wanted;
		case 'is_equal_or_greater_than':
			return actual >= wanted;
		case 'is_equal_or_less_than':
			return actual <= wanted;
		default:
			return false;
	}
}

function datePasses(
	field: Field,
	comparison: string,
	value: unknown,
	stored: unknown,
	today: string,
	zone: string,
): boolean {
	const day = dayOf(field, stored, zone);
	if (comparison === 'is_overdue' || comparison === 'is_not_overdue') {
		const overdue =
			day !== undefined &&
			day < today &&
			!(isObject(stored) && stored.status_is_completed === true);
		return overdue === (comparison === 'is_overdue');
	}
	const range = isObject(value) ? dayRange(value, today) : undefined;
	if (!range) return false;
	const [from, to] = range;
	if (day === undefined) return comparison === 'is_not';
	switch (comparison) {
		case 'is':
			return from <= day && day <= to;
		case 'is_not':
			return day < from || to < day;
		case 'is_before':
			return day < from;
		case 'is_on_or_before':
			return day <= to;
		case 'is_on_or_after':
			return day >= from;
		default:
			return false;
	}
}

/** The first and last day (YYYY-MM-DD) a date filter value names, or undefined for an unknown form. */
function dayRange(value: IDataObject, today: string): [string, string] | undefined {
	const mode = String(value.date_mode ?? '');
	const modeValue = value.date_mode_value;
	const relative = ownValue(RELATIVE_DAYS, mode);
	if (relative) {
		const day = shiftDay(today, relative.days ?? 0, relative.months ?? 0);
		return [day, day];
	}
	if (mode === 'exact_date' && typeof modeValue === 'string' && DAY_TEXT.test(modeValue))
		return [modeValue, modeValue];
	if (mode === 'date_range' && isObject(modeValue)) {
		const { from_date: from, to_date: to } = modeValue;
		if (
			typeof from === 'string' &&
			typeof to === 'string' &&
			DAY_TEXT.test(from) &&
			DAY_TEXT.test(to)
		)
			return [from, to];
	}
	const days = Number(modeValue);
	if (Number.isInteger(days) && days >= 0 && modeValue !== null && modeValue !== '') {
		if (mode === 'next_number_of_days') return [today, shiftDay(today, days, 0)];
		if (mode === 'past_number_of_days') return [shiftDay(today, -days, 0), today];
	}
	return undefined;
}

function shiftDay(day: string, days: number, months: number): string {
	const date = new Date(`${day}T00:00:00Z`);
	date.setUTCMonth(date.getUTCMonth() + months);
	date.setUTCDate(date.getUTCDate() + days);
	return date.toISOString().slice(0, 10);
}

/**
 * The day a date field's value falls on: a date's, a range's start, a due date's end, a system
 * date's `on`. A date without a time is its calendar day; a date and time, its day in the zone.
 */
function dayOf(field: Field, stored: unknown, zone: string): string | undefined {
	if (!isObject(stored)) return undefined;
	let date: unknown = stored;
	if (field.field_type === 'duedatefield') date = stored.to_date;
	else if (field.field_type === 'daterangefield') date = stored.from_date;
	const moment = isObject(date) ? (date.date ?? date.on) : undefined;
	if (typeof moment !== 'string' || moment === '') return undefined;
	const withTime = !isObject(date) || date.include_time !== false || 'on' in date;
	if (!withTime && DAY_TEXT.test(moment.slice(0, 10))) return moment.slice(0, 10);
	const ms = Date.parse(moment);
	return Number.isNaN(ms) ? undefined : dayIn(ms, zone);
}

function textsOf(field: Field, stored: unknown): string[] {
	if (stored === null || stored === undefined) return [];
	if (typeof stored === 'string' || typeof stored === 'number') return [String(stored)];
	if (Array.isArray(stored))
		return stored.map((entry) =>
			isObject(entry) ? String(entry.phone_number ?? entry.sys_title ?? '') : String(entry),
		);
	// A SmartDoc by the text of its document (its preview is HTML cut at 500 characters).
	if (isObject(stored) && field.field_type === 'richtextareafield') {
		const text = readSmartDoc(stored);
		return [typeof text === 'string' ? text : ''];
	}
	if (isObject(stored)) return [String(stored.sys_root ?? '')];
	return [];
}

function numberOf(stored: unknown): number | undefined {
	if (typeof stored === 'number') return Number.isFinite(stored) ? stored : undefined;
	if (typeof stored !== 'string' || stored.trim() === '') return undefined;
	const number = Number(stored);
	return Number.isNaN(number) ? undefined : number;
}

/** A single select holds its option id; a status holds `{value: <option id>}`. */
const choiceIdOf = (stored: unknown) => String((isObject(stored) ? stored.value : stored) ?? '');

const idsOf = (stored: unknown): string[] =>
	Array.isArray(stored)
		? stored.map((entry) => String(isObject(entry) ? (entry.id ?? '') : entry))
		: [];

function sameIds(ids: Set<string>, wanted: string[]): boolean {
	const distinct = new Set(wanted);
	return distinct.size === ids.size && [...distinct].every((id) => ids.has(id));
}

function isEmpty(field: Field, stored: unknown, zone: string): boolean {
	if (stored === null || stored === undefined || stored === '') return true;
	if (Array.isArray(stored)) return stored.length === 0;
	switch (ownValue(KINDS, field.field_type)) {
		case 'date':
			return dayOf(field, stored, zone) === undefined;
		case 'text':
			return textsOf(field, stored).every((part) => part.trim() === '');
		case 'choice':
			return choiceIdOf(stored) === '';
		case 'number':
			return numberOf(stored) === undefined;
		default:
			return isObject(stored) && Object.keys(stored).length === 0;
	}
}
