/** The triggers' condition judged on a record (shared/condition.ts): pure, one rule at a time. */
import type { Condition, ConditionRule } from '../../nodes/SmartSuite/shared/condition';
import { recordMatches, undecidable } from '../../nodes/SmartSuite/shared/condition';
import type { Field } from '../../nodes/SmartSuite/shared/fields';

const field = (slug: string, field_type: string): Field => ({ slug, label: slug, field_type });
const only = (rule: ConditionRule): Condition => ({ operator: 'and', rules: [rule] });
const at = (iso: string, timeZone = 'UTC') => ({ atMs: Date.parse(iso), timeZone });
const TODAY = { date_mode: 'today', date_mode_value: null };

describe('dates: today is the event’s day in the workflow’s time zone', () => {
	const due = only({ field: field('due', 'duedatefield'), comparison: 'is', value: TODAY });
	const record = {
		due: {
			from_date: { date: null, include_time: false },
			to_date: { date: '2026-03-02T00:00:00Z', include_time: false },
		},
	};

	test('a due date of 2 March is today at 23:30 UTC on 1 March in Berlin, not in UTC', () => {
		expect(recordMatches(record, due, at('2026-03-01T23:30:00Z', 'Europe/Berlin'))).toBe(true);
		expect(recordMatches(record, due, at('2026-03-01T23:30:00Z'))).toBe(false);
	});

	test('a date and time falls on its day in the zone; before, after and ranges', () => {
		const start = field('start', 'datefield');
		const late = { start: { date: '2026-03-01T23:30:00Z', include_time: true } };
		const moment = at('2026-03-02T10:00:00Z', 'Europe/Berlin');
		expect(
			recordMatches(late, only({ field: start, comparison: 'is', value: TODAY }), moment),
		).toBe(true);
		const rule = (comparison: string, value: unknown) =>
			recordMatches(late, only({ field: start, comparison, value }), moment);
		expect(rule('is_before', { date_mode: 'exact_date', date_mode_value: '2026-03-03' })).toBe(
			true,
		);
		expect(rule('is_on_or_after', { date_mode: 'one_week_ago', date_mode_value: null })).toBe(true);
		expect(rule('is_on_or_before', { date_mode: 'yesterday', date_mode_value: null })).toBe(false);
		expect(rule('is', { date_mode: 'next_number_of_days', date_mode_value: 3 })).toBe(true);
		expect(rule('is_not', { date_mode: 'past_number_of_days', date_mode_value: 0 })).toBe(false);
		expect(
			recordMatches({}, only({ field: start, comparison: 'is_not', value: TODAY }), moment),
		).toBe(true);
	});

	test('overdue: a due date before today of a task not completed', () => {
		const overdue = only({
			field: field('due', 'duedatefield'),
			comparison: 'is_overdue',
			value: null,
		});
		const moment = at('2026-03-05T12:00:00Z');
		expect(recordMatches(record, overdue, moment)).toBe(true);
		expect(
			recordMatches({ due: { ...record.due, status_is_completed: true } }, overdue, moment),
		).toBe(false);
	});
});

test('numbers as SmartSuite sends them (text), empty values', () => {
	const amount = field('amount', 'currencyfield');
	const over = only({ field: amount, comparison: 'is_greater_than', value: 10000 });
	const moment = at('2026-01-01T00:00:00Z');
	expect(recordMatches({ amount: '12000.50' }, over, moment)).toBe(true);
	expect(recordMatches({ amount: '9000' }, over, moment)).toBe(false);
	expect(recordMatches({ amount: '' }, over, moment)).toBe(false);
	expect(
		recordMatches(
			{ amount: '' },
			only({ field: amount, comparison: 'is_empty', value: null }),
			moment,
		),
	).toBe(true);
});

test('status and selects by option id, people and links by id, text without regard to case, yes/no', () => {
	const moment = at('2026-01-01T00:00:00Z');
	const status = field('status', 'statusfield');
	const people = field('assigned_to', 'userfield');
	const title = field('title', 'recordtitlefield');
	const done = field('done', 'yesnofield');
	const record = {
		status: { value: 'complete', updated_on: '2026-01-01T00:00:00Z' },
		assigned_to: ['m1', 'm2'],
		title: 'Quarterly Report',
		done: true,
	};
	const rule = (condition: ConditionRule) => recordMatches(record, only(condition), moment);
	expect(rule({ field: status, comparison: 'is', value: 'complete' })).toBe(true);
	expect(rule({ field: status, comparison: 'is_none_of', value: ['backlog', 'complete'] })).toBe(
		false,
	);
	expect(rule({ field: people, comparison: 'has_any_of', value: ['m2'] })).toBe(true);
	expect(rule({ field: people, comparison: 'is_exactly', value: ['m2', 'm1'] })).toBe(true);
	expect(rule({ field: people, comparison: 'has_all_of', value: ['m1', 'm3'] })).toBe(false);
	expect(rule({ field: title, comparison: 'contains', value: 'report' })).toBe(true);
	expect(rule({ field: title, comparison: 'is_not', value: 'quarterly report' })).toBe(false);
	expect(rule({ field: done, comparison: 'is', value: false })).toBe(false);
	expect(
		recordMatches(
			{ status: { value: '' } },
			only({ field: status, comparison: 'is_empty', value: null }),
			moment,
		),
	).toBe(true);
	const either: Condition = {
		operator: 'or',
		rules: [
			{ field: status, comparison: 'is', value: 'backlog' },
			{ field: done, comparison: 'is', value: true },
		],
	};
	expect(recordMatches(record, either, moment)).toBe(true);
	expect(recordMatches(record, { ...either, operator: 'and' }, moment)).toBe(false);
});

test('what cannot be decided on a record is refused with the reason', () => {
	const linked = field('project', 'linkedrecordfield');
	expect(undecidable({ field: linked, comparison: 'contains', value: 'Apollo' })).toMatch(
		/titles of the linked records/,
	);
	expect(undecidable({ field: linked, comparison: 'has_any_of', value: ['r1'] })).toBeUndefined();
	expect(
		undecidable({
			field: field('start', 'datefield'),
			comparison: 'is',
			value: { date_mode: 'next_fortnight', date_mode_value: null },
		}),
	).toMatch(/not a date mode/);
	expect(undecidable({ field: field('x', 'newfield'), comparison: 'is', value: 1 })).toMatch(
		/newfield/,
	);
});

test('rich text is judged by its document, not by its preview (HTML cut at 500 characters, as a live record holds it)', () => {
	const brief = field('brief', 'richtextareafield');
	const late = 'x'.repeat(600);
	const record = {
		brief: {
			data: {
				type: 'doc',
				content: [{ type: 'paragraph', content: [{ type: 'text', text: `${late} Appendix` }] }],
			},
			preview: `<p>${'x'.repeat(499)}…</p>`,
		},
	};
	const rule = (comparison: string, value: string) =>
		recordMatches(record, only({ field: brief, comparison, value }), at('2026-03-01T00:00:00Z'));
	expect(rule('contains', 'Appendix')).toBe(true);
	expect(rule('contains', '<p>')).toBe(false);
});
