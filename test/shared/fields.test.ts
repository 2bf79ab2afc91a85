/** The field-type module, without a server: every type's conversion both ways, and its checks. */
import { DateTime } from 'luxon';

import type { Field } from '../../nodes/SmartSuite/shared/fields';
import {
	canMatchOn,
	FIELD_TYPES,
	keyCondition,
	keyOf,
	storedHasKey,
	fieldComplaints,
	isReadOnly,
	matchKeys,
	lookupsIn,
	missingRequired,
	outputKeys,
	simplifyRecord,
	toFilterValue,
	toReadableValue,
	toRecordBody,
	toSmartSuiteValue,
	ValueError,
} from '../../nodes/SmartSuite/shared/fields';

const field = (
	field_type: string,
	params: Field['params'] = {},
	slug = 's1',
	label = 'Label',
): Field => ({ slug, label, field_type, params });
const choices = [
	{ label: 'High', value: 'opt_high' },
	{ label: 'Low', value: 'opt_low' },
	{ label: 'A, B', value: 'opt_ab' },
];
const select = field('singleselectfield', { choices });
const ID = 'a0000000000000000000bb01';
const members = { memberIdsByEmail: new Map([['ada@example.com', 'member_ada']]) };

/** [field, what a user gives, what SmartSuite is sent] */
const writes: Array<[string, Field, unknown, unknown]> = [
	['title', field('recordtitlefield'), 'Deal', 'Deal'],
	// Text typed in the mapper: JSON is read as JSON, never split at its commas.
	[
		'tags as a JSON array of tag ids',
		field('tagsfield'),
		'["a0000000000000000000aa01", "a0000000000000000000aa02"]',
		['a0000000000000000000aa01', 'a0000000000000000000aa02'],
	],
	[
		'multiple select as a JSON array of labels',
		field('multipleselectfield', { choices }),
		' ["High", "A, B"] ',
		['opt_high', 'opt_ab'],
	],
	['e-mails as a JSON array', field('emailfield'), '["a@b.co"]', ['a@b.co']],
	[
		'a link with a comma, in a JSON array',
		field('linkfield'),
		'["https://x.example/?a=1,2"]',
		['https://x.example/?a=1,2'],
	],
	[
		'linked records as a JSON array of records',
		field('linkedrecordfield'),
		'[{"id": "r1"}, "r2"]',
		['r1', 'r2'],
	],
	['users as a JSON array', field('userfield'), '["ADA@example.com", "m2"]', ['member_ada', 'm2']],
	[
		'one phone object as JSON',
		field('phonefield'),
		'{"phone_number": "+1 555", "phone_type": 2}',
		[{ phone_number: '+1 555', phone_type: 2 }],
	],
	[
		'file URLs as a JSON array',
		field('filefield'),
		'["https://a.example/x.pdf"]',
		['https://a.example/x.pdf'],
	],
	[
		'range as {from, to} JSON',
		field('daterangefield'),
		'{"from": "2026-12-01", "to": "2026-12-15"}',
		{
			from_date: { date: '2026-12-01T00:00:00Z', include_time: false },
			to_date: { date: '2026-12-15T00:00:00Z', include_time: false },
		},
	],
	[
		'range as [from, to] JSON',
		field('duedatefield'),
		'["2026-12-01", null]',
		{
			from_date: { date: '2026-12-01T00:00:00Z', include_time: false },
			to_date: { date: null, include_time: false },
		},
	],
	[
		'full name as JSON',
		field('fullnamefield'),
		'{"first": "Ada", "last": "Lovelace"}',
		{ title: '', first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
	],
	[
		'address as JSON',
		field('addressfield'),
		'{"street": "1 Main St", "postcode": "75001"}',
		{ location_address: '1 Main St', location_zip: '75001' },
	],
	[
		'an unknown type: JSON text as what it spells',
		field('futurefield'),
		'[{"value": "#FF0000"}]',
		[{ value: '#FF0000' }],
	],
	['an unknown type: other text as given', field('futurefield'), '#FF0000', '#FF0000'],
	['text from a number', field('textfield'), 42, '42'],
	['text area', field('textareafield'), 'a\nb', 'a\nb'],
	['number from text, sent as text', field('numberfield'), ' 12.5 ', '12.5'],
	['currency', field('currencyfield'), 3, '3'],
	['percent', field('percentfield'), '40', '40'],
	['rating', field('ratingfield'), 4, 4],
	['duration (seconds)', field('durationfield'), '3600', '3600'],
	['time', field('timefield'), '9:30', '09:30:00'],
	[
		'date without time',
		field('datefield'),
		'2024-05-01',
		{ date: '2024-05-01T00:00:00Z', include_time: false },
	],
	[
		'date with offset → UTC',
		field('datefield'),
		'2024-05-01T10:00:00+02:00',
		{ date: '2024-05-01T08:00:00Z', include_time: true },
	],
	[
		'date and time without offset = UTC',
		field('datefield'),
		'2024-05-01 10:00',
		{ date: '2024-05-01T10:00:00Z', include_time: true },
	],
	[
		'JavaScript date',
		field('datefield'),
		new Date(Date.UTC(2024, 4, 1, 12)),
		{ date: '2024-05-01T12:00:00Z', include_time: true },
	],
	[
		'n8n date (Luxon, another zone) → UTC',
		field('datefield'),
		DateTime.fromISO('2024-05-01T14:30:00', { zone: 'Europe/Paris' }),
		{ date: '2024-05-01T12:30:00Z', include_time: true },
	],
	[
		'SmartSuite date as read',
		field('datefield'),
		{ date: '2024-05-01T00:00:00Z', include_time: false },
		{ date: '2024-05-01T00:00:00Z', include_time: false },
	],
	[
		'date range from an object',
		field('daterangefield'),
		{ from: '2024-05-01', to: '2024-05-07T18:00:00Z' },
		{
			from_date: { date: '2024-05-01T00:00:00Z', include_time: false },
			to_date: { date: '2024-05-07T18:00:00Z', include_time: true },
		},
	],
	[
		'date range from "from/to"',
		field('daterangefield'),
		'2024-05-01/2024-05-07',
		{
			from_date: { date: '2024-05-01T00:00:00Z', include_time: false },
			to_date: { date: '2024-05-07T00:00:00Z', include_time: false },
		},
	],
	[
		'due date with only an end',
		field('duedatefield'),
		{ to_date: '2024-06-01' },
		{
			from_date: { date: null, include_time: false },
			to_date: { date: '2024-06-01T00:00:00Z', include_time: false },
		},
	],
	['single select by label', select, 'High', 'opt_high'],
	['single select by label in any case', select, 'low', 'opt_low'],
	['single select by id', select, 'opt_low', 'opt_low'],
	['status by label', field('statusfield', { choices }), 'High', { value: 'opt_high' }],
	[
		'status as read',
		field('statusfield', { choices }),
		{ value: 'opt_low', updated_on: 'x' },
		{ value: 'opt_low' },
	],
	[
		'multiple select from a list',
		field('multipleselectfield', { choices }),
		['High', 'opt_low'],
		['opt_high', 'opt_low'],
	],
	[
		'multiple select from "a, b"',
		field('multipleselectfield', { choices }),
		'High, Low',
		['opt_high', 'opt_low'],
	],
	[
		'multiple select: a label with a comma',
		field('multipleselectfield', { choices }),
		'A, B',
		['opt_ab'],
	],
	[
		'tags: ids as given, never looked up in options',
		field('tagsfield', { choices }),
		'a0000000000000000000aa01, a0000000000000000000aa02',
		['a0000000000000000000aa01', 'a0000000000000000000aa02'],
	],
	['yes/no', field('yesnofield'), 'yes', true],
	['yes/no from 0', field('yesnofield'), 0, false],
	['linked record: one id', field('linkedrecordfield'), 'rec1', ['rec1']],
	[
		'linked records: a list of ids and records',
		field('linkedrecordfield'),
		['rec1', { id: 'rec2' }],
		['rec1', 'rec2'],
	],
	['user by id', field('userfield'), 'member_1', ['member_1']],
	[
		'user by e-mail',
		field('userfield'),
		['Ada@Example.com', 'member_2'],
		['member_ada', 'member_2'],
	],
	['one e-mail', field('emailfield'), 'a@b.co', ['a@b.co']],
	['e-mails', field('emailfield'), ['a@b.co', 'c@d.co'], ['a@b.co', 'c@d.co']],
	['link', field('linkfield'), 'https://example.com', ['https://example.com']],
	[
		'phone from text, its country from the prefix',
		field('phonefield'),
		'+1 555 0100',
		[{ phone_country: 'US', phone_number: '+1 555 0100' }],
	],
	// Issue 36: stored as a US number before.
	[
		'a British phone',
		field('phonefield'),
		'+44 20 7946 0000',
		[{ phone_country: 'GB', phone_number: '+44 20 7946 0000' }],
	],
	[
		'phones with 00 and three-digit codes',
		field('phonefield'),
		'0033 1 23 45 67 89, +353 1 234 5678, +971 4 123 4567',
		[
			{ phone_country: 'FR', phone_number: '0033 1 23 45 67 89' },
			{ phone_country: 'IE', phone_number: '+353 1 234 5678' },
			{ phone_country: 'AE', phone_number: '+971 4 123 4567' },
		],
	],
	[
		'a phone without prefix keeps no country',
		field('phonefield'),
		'555 0100',
		[{ phone_number: '555 0100' }],
	],
	[
		'phone object',
		field('phonefield'),
		[{ phone_number: '555', phone_country: 'US', extra: 1 }],
		[{ phone_number: '555', phone_country: 'US' }],
	],
	[
		'full name from text',
		field('fullnamefield'),
		'Ada King Lovelace',
		{ title: '', first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace' },
	],
	[
		'full name from parts',
		field('fullnamefield'),
		{ first: 'Ada', last_name: 'Lovelace', salutation: 'Dr' },
		{ title: 'Dr', first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
	],
	['address from text', field('addressfield'), '1 Main St', { location_address: '1 Main St' }],
	[
		'address from parts',
		field('addressfield'),
		{ street: '1 Main St', city: 'Paris', location_zip: '75001' },
		{ location_address: '1 Main St', location_city: 'Paris', location_zip: '75001' },
	],
	[
		'SmartDoc from text',
		field('richtextareafield'),
		'Hello\n\na < b',
		{
			data: {
				type: 'doc',
				content: [
					{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] },
					{ type: 'paragraph' },
					{ type: 'paragraph', content: [{ type: 'text', text: 'a < b' }] },
				],
			},
			html: '<p>Hello</p><p></p><p>a &lt; b</p>',
			preview: 'Hello\n\na < b',
		},
	],
	[
		'SmartDoc from HTML',
		field('richtextareafield'),
		'<p>Hi <b>there</b></p><p>x &amp; y</p>',
		{
			data: {
				type: 'doc',
				content: [
					{
						type: 'paragraph',
						content: [
							{ type: 'text', text: 'Hi ' },
							{ type: 'text', text: 'there', marks: [{ type: 'strong' }] },
						],
					},
					{ type: 'paragraph', content: [{ type: 'text', text: 'x & y' }] },
				],
			},
			html: '<p>Hi <b>there</b></p><p>x &amp; y</p>',
			preview: 'Hi there\nx & y',
		},
	],
	['unknown type: as given', field('futurefield'), [{ value: '#fff' }], [{ value: '#fff' }]],
];

describe('user value → SmartSuite value', () => {
	it.each(writes)('%s', (_name, type, given, sent) => {
		expect(toSmartSuiteValue(type, given, members)).toEqual(sent);
	});
});

/** [field, what a user gives, words the error must contain] */
const refusals: Array<[Field, unknown, string]> = [
	[field('numberfield'), 'twelve', 'a number'],
	[field('numberfield'), '', 'a number'],
	[field('numberfield'), Number.NaN, 'a number'],
	[field('datefield'), '2024-02-30', 'a date'],
	[field('datefield'), 'next tuesday', 'a date'],
	[field('datefield'), 1714521600000, 'a date'],
	[field('daterangefield'), '2024-05-01', 'a range'],
	[select, 'Medium', 'one of "High", "Low", "A, B" (a label or its ID)'],
	[field('multipleselectfield', { choices }), ['High', 'Nope'], 'one of "High"'],
	[field('yesnofield'), 'maybe', 'true or false'],
	[field('linkedrecordfield'), [''], "a record's title or id"],
	[field('tagsfield'), 'Q2', '"Q2" is not a tag id'],
	[
		field('userfield'),
		'nobody@example.com',
		'no member of the workspace has the e-mail address "nobody@example.com"',
	],
	[field('emailfield'), 'not-an-address', 'an e-mail address'],
	[field('phonefield'), 'call me', 'a phone number'],
	[field('fullnamefield'), { nickname: 'x' }, 'a name'],
	[field('addressfield'), { planet: 'Mars' }, 'an address'],
	// A part the field has not: refused rather than dropped (issue 56).
	[field('fullnamefield'), { first_name: 'Ada', surname: 'Lovelace' }, '"surname" is none'],
	[field('addressfield'), { address: '1 Main Street', town: 'Springfield' }, '"town" is none'],
	[
		field('checklistfield'),
		[{ content: 'Call', completed: 'maybe' }],
		'checklist items whose "completed" is true or false',
	],
	[field('timetrackingfield'), [{ duration: 60, note: { a: 1 } }], 'whose "note" is text'],
	[field('timefield'), '25:00', 'a time of day'],
	[field('tagsfield'), '["Q2", "Renewal"', 'or a JSON array such as ["a", "b"]'],
	[field('userfield'), '["m1",', 'or a JSON array'],
	[field('daterangefield'), '{"from": "2026-12-01"', '{"from": "2024-05-01", "to": "2024-05-07"}'],
	[field('addressfield'), '{"city": ', 'an object (or its JSON)'],
	[field('textfield'), { a: 1 }, 'text'],
	[field('formulafield'), 'x', 'filled in by SmartSuite'],
	[field('textfield', { is_auto_generated: true }), 'x', 'filled in by SmartSuite'],
];

describe('values that cannot be converted say what is expected', () => {
	it.each(refusals)('%j refuses %j', (type, given, expected) => {
		let thrown: unknown;
		try {
			toSmartSuiteValue(type, given, members);
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBeInstanceOf(ValueError);
		expect((thrown as ValueError).expected).toContain(expected);
	});
});

/** [field, what SmartSuite sends, the readable value] */
const reads: Array<[string, Field, unknown, unknown]> = [
	['number as text → number', field('numberfield'), '120', 120],
	['currency', field('currencyfield'), '9.99', 9.99],
	['rating stays a number', field('ratingfield'), 3, 3],
	[
		'date without time → the day',
		field('datefield'),
		{ date: '2024-05-01T00:00:00Z', include_time: false },
		'2024-05-01',
	],
	[
		'date with time → ISO',
		field('datefield'),
		{ date: '2024-05-01T08:00:00Z', include_time: true },
		'2024-05-01T08:00:00Z',
	],
	[
		'date range',
		field('daterangefield'),
		{
			from_date: { date: '2024-05-01T00:00:00Z', include_time: false },
			to_date: { date: '2024-05-07T18:00:00Z', include_time: true },
		},
		{ from: '2024-05-01', to: '2024-05-07T18:00:00Z' },
	],
	[
		'due date',
		field('duedatefield'),
		{
			from_date: { date: null, include_time: false },
			to_date: { date: '2024-06-01T00:00:00Z', include_time: false },
			is_overdue: false,
		},
		{ from: null, to: '2024-06-01' },
	],
	['single select → label', select, 'opt_high', 'High'],
	['single select of a deleted option → its id', select, 'opt_gone', 'opt_gone'],
	[
		'status → label',
		field('statusfield', { choices }),
		{ value: 'opt_low', updated_on: '2024-01-01' },
		'Low',
	],
	[
		'multiple select → labels',
		field('multipleselectfield', { choices }),
		['opt_high', 'opt_low'],
		['High', 'Low'],
	],
	['yes/no', field('yesnofield'), true, true],
	[
		'linked records → ids',
		field('linkedrecordfield'),
		['r1', { id: 'r2', title: 'x' }],
		['r1', 'r2'],
	],
	['users → ids', field('userfield'), ['m1'], ['m1']],
	['e-mails', field('emailfield'), ['a@b.co'], ['a@b.co']],
	[
		'phones → numbers',
		field('phonefield'),
		[{ phone_number: '555', sys_title: '+1 555' }, { phone_number: '556' }],
		['+1 555', '556'],
	],
	[
		'full name',
		field('fullnamefield'),
		{ first_name: 'Ada', last_name: 'Lovelace', sys_root: 'Ada Lovelace' },
		'Ada Lovelace',
	],
	[
		'full name without sys_root',
		field('fullnamefield'),
		{ title: 'Dr', first_name: 'Ada', last_name: 'Lovelace' },
		'Dr Ada Lovelace',
	],
	[
		'address',
		field('addressfield'),
		{ location_address: '1 Main St', location_city: 'Paris' },
		'1 Main St, Paris',
	],
	[
		'SmartDoc → its text',
		field('richtextareafield'),
		{ data: {}, html: '<p>Hi</p>', preview: 'Hi' },
		'Hi',
	],
	[
		'SmartDoc without preview',
		field('richtextareafield'),
		{ html: '<p>Hi</p><p>there</p>' },
		'Hi\nthere',
	],
	['auto number', field('autonumberfield'), '7', 7],
	[
		'first created as given',
		field('firstcreatedfield'),
		{ by: 'm1', on: '2024-01-01T00:00:00Z' },
		{ by: 'm1', on: '2024-01-01T00:00:00Z' },
	],
	['text', field('textfield'), 'x', 'x'],
];

describe('SmartSuite value → readable value', () => {
	it.each(reads)('%s', (_name, type, stored, readable) => {
		expect(toReadableValue(type, stored)).toEqual(readable);
	});

	it('reads back what it writes, for the types whose readable value is what a user gives', () => {
		const roundTrips: Array<[Field, unknown]> = [
			[field('datefield'), '2024-05-01'],
			[field('datefield'), '2024-05-01T08:00:00Z'],
			[select, 'High'],
			[field('statusfield', { choices }), 'Low'],
			[field('numberfield'), 5],
			[field('linkedrecordfield'), ['r1']],
			[field('emailfield'), ['a@b.co']],
		];
		for (const [type, value] of roundTrips)
			expect(toReadableValue(type, toSmartSuiteValue(type, value))).toEqual(value);
	});
});

describe('field types', () => {
	it('has a mapper type and comparisons for every known type', () => {
		for (const [name, spec] of Object.entries(FIELD_TYPES)) {
			expect([name, typeof spec.mapperType]).toEqual([name, 'string']);
			expect(Array.isArray(spec.comparisons)).toBe(true);
		}
	});

	it.each([
		['formulafield', {}, true],
		['autonumberfield', {}, true],
		['firstcreatedfield', {}, true],
		['lastupdatedfield', {}, true],
		['rollupfield', {}, true],
		['countfield', {}, true],
		['votefield', {}, true],
		['filefield', {}, false],
		['recordtitlefield', { primary: true, system: true }, false],
		['recordtitlefield', { is_auto_generated: true }, true],
		['userfield', { system: true }, true],
		['textfield', {}, false],
	])('%s %j is read-only: %s', (type, params, readOnly) => {
		expect(isReadOnly(field(type, params))).toBe(readOnly);
	});
});

describe('search filter values', () => {
	it.each([
		[field('textfield'), 'contains', 'ab', 'ab'],
		[field('numberfield'), 'is_greater_than', '5', 5],
		[field('numberfield'), 'is_empty', 'ignored', null],
		[select, 'is', 'High', 'opt_high'],
		[select, 'is_any_of', 'High, Low', ['opt_high', 'opt_low']],
		[field('statusfield', { choices }), 'is_not', 'low', 'opt_low'],
		[field('multipleselectfield', { choices }), 'has_any_of', ['High'], ['opt_high']],
		[field('linkedrecordfield'), 'has_any_of', 'r1', ['r1']],
		[field('linkedrecordfield'), 'contains', 'Acme', 'Acme'],
		[field('userfield'), 'has_any_of', 'ada@example.com', ['member_ada']],
		[field('yesnofield'), 'is', 'true', true],
		[
			field('datefield'),
			'is_before',
			'2024-05-01',
			{ date_mode: 'exact_date', date_mode_value: '2024-05-01' },
		],
		[field('datefield'), 'is', 'today', { date_mode: 'today', date_mode_value: null }],
		[
			field('datefield'),
			'is_not',
			'2024-05-01',
			{
				date_mode: 'date_range',
				date_mode_value: { from_date: '2024-05-01', to_date: '2024-05-01' },
			},
		],
		[field('duedatefield'), 'is_overdue', '', null],
	])('%j %s %j → %j', (type, comparison, value, sent) => {
		expect(toFilterValue(type, comparison, value, members)).toEqual(sent);
	});

	it.each([
		[field('numberfield'), 'contains', 'one of the comparisons is_equal_to'],
		[field('textfield'), 'is_after', 'one of the comparisons is, is_not'],
		[field('yesnofield'), 'is_not', 'one of the comparisons is'],
		[field('formulafield'), 'is', 'SmartSuite cannot search by this field'],
	])('refuses a comparison the type does not have', (type, comparison, expected) => {
		expect(() => toFilterValue(type, comparison, 'x')).toThrow(expected);
	});
});

describe('records', () => {
	const structure: Field[] = [
		field('recordtitlefield', { primary: true, required: true }, 'title', 'Title'),
		field('numberfield', { required: true }, 'amount', 'Amount'),
		field('singleselectfield', { choices }, 'priority', 'Priority'),
		field('userfield', {}, 'owner', 'Owner'),
		field('formulafield', {}, 'total', 'Total'),
		field('textfield', {}, 'dup', 'Title'),
	];

	it('matches keys by slug, then label in any case; lists keys that match nothing and read-only fields', () => {
		expect(
			matchKeys(
				{ title: 'A', AMOUNT: 3, priority: 'High', Total: 1, Nope: 1, id: 'r1' },
				structure,
			),
		).toEqual({
			values: { title: 'A', amount: 3, priority: 'High' },
			unmatched: ['Nope'],
			readOnly: ['Total'],
		});
	});

	it('builds a body: null left out, "" left out on create and clearing on update', () => {
		const values = { title: 'A', amount: '', priority: null, owner: '' };
		expect(toRecordBody(values, structure, {}, { clearEmpty: false })).toEqual({
			body: { title: 'A' },
		});
		expect(toRecordBody(values, structure, {}, { clearEmpty: true })).toEqual({
			body: { title: 'A', amount: null, owner: [] },
		});
	});

	it('names the field and the value that cannot be converted', () => {
		expect(
			toRecordBody({ title: 'A', amount: 'lots' }, structure, {}, { clearEmpty: false }),
		).toEqual({
			bad: { field: structure[1], given: 'lots', expected: expect.stringContaining('a number') },
		});
	});

	it('finds required fields left empty', () => {
		expect(missingRequired({ title: 'A' }, structure).map((f) => f.label)).toEqual(['Amount']);
	});

	it('collects the people given by e-mail or name and the linked records given by title', () => {
		const linked = field('linkedrecordfield', { linked_application: 'tbl2' }, 'rel', 'Related');
		const lookups = { people: false, titles: new Map<string, Set<string>>() };
		lookupsIn({ owner: ID, rel: `["${ID}", "Acme", "Globex"]` }, [...structure, linked], lookups);
		expect(lookups).toEqual({
			people: false,
			titles: new Map([['tbl2', new Set(['Acme', 'Globex'])]]),
		});
		lookupsIn({ owner: '["Ada@Example.com"]' }, structure, lookups);
		expect(lookups.people).toBe(true);
		const byName = { people: false, titles: new Map<string, Set<string>>() };
		lookupsIn({ owner: 'Sam Rivera' }, structure, byName);
		expect(byName.people).toBe(true);
	});

	it('simplifies a record: id, then each field under its label (a repeated label gets its slug)', () => {
		expect(outputKeys(structure).get('dup')).toBe('Title (dup)');
		expect(
			simplifyRecord(
				{ id: 'r1', title: 'A', amount: '3', priority: 'opt_high', dup: 'd', application_id: 't' },
				structure,
			),
		).toEqual({
			id: 'r1',
			Title: 'A',
			Amount: 3,
			Priority: 'High',
			'Title (dup)': 'd',
		});
	});

	it('leaves out fields that read as empty, as a live record holds them (a due date of two null dates); keeps false and 0', () => {
		const kinds: Field[] = [
			field('duedatefield', {}, 'due', 'Due'),
			field('datefield', {}, 'day', 'Day'),
			field('textfield', {}, 'note', 'Note'),
			field('multipleselectfield', { choices }, 'tags', 'Tags'),
			field('yesnofield', {}, 'done', 'Done'),
			field('numberfield', {}, 'count', 'Count'),
		];
		expect(
			simplifyRecord(
				{
					id: 'r1',
					due: {
						from_date: { date: null, include_time: false },
						to_date: { date: null, include_time: false },
						is_overdue: false,
					},
					day: { date: null, include_time: false },
					note: '',
					tags: [],
					done: false,
					count: 0,
				},
				kinds,
			),
		).toEqual({ id: 'r1', Done: false, Count: 0 });
	});

	it('names the fields a 422 complains about by their labels', () => {
		expect(fieldComplaints({ amount: ['This field is required.'], other: 'x' }, structure)).toEqual(
			['"Amount": This field is required.'],
		);
	});
});

describe('match keys (Upsert)', () => {
	const text: Field = { slug: 'code', label: 'Code', field_type: 'textfield' };
	const number: Field = { slug: 'n', label: 'N', field_type: 'numberfield' };
	const status: Field = { slug: 'status', label: 'Status', field_type: 'statusfield' };
	const email: Field = { slug: 'mail', label: 'Mail', field_type: 'emailfield' };

	it('compares text without case, numbers as numbers, status by option id, lists by any entry', () => {
		expect(keyOf(text, 'AbC')).toBe('abc');
		expect(storedHasKey(text, 'abc', keyOf(text, 'ABC')!)).toBe(true);
		expect(storedHasKey(number, '2.0', keyOf(number, 2)!)).toBe(true);
		expect(storedHasKey(number, '2.5', keyOf(number, 2)!)).toBe(false);
		expect(keyOf(status, { value: 'done' })).toBe('done');
		expect(storedHasKey(status, { value: 'done', updated_on: 'x' }, 'done')).toBe(true);
		expect(storedHasKey(email, ['a@x.co', 'B@x.co'], keyOf(email, ['b@x.co'])!)).toBe(true);
	});

	it('has no key for an empty value, and builds the search condition SmartSuite documents', () => {
		expect(keyOf(text, '')).toBeUndefined();
		expect(keyOf(number, '')).toBeUndefined();
		expect(keyOf(email, [])).toBeUndefined();
		expect(keyCondition(number, 12)).toEqual({ field: 'n', comparison: 'is_equal_to', value: 12 });
		expect(keyCondition(status, { value: 'done' })).toEqual({
			field: 'status',
			comparison: 'is',
			value: 'done',
		});
		expect(keyCondition(email, ['a@x.co'])).toEqual({
			field: 'mail',
			comparison: 'is',
			value: 'a@x.co',
		});
	});

	it('lets only types that identify a record be matched on', () => {
		expect(canMatchOn(text)).toBe(true);
		expect(canMatchOn({ slug: 'd', label: 'D', field_type: 'datefield' })).toBe(false);
		expect(canMatchOn({ slug: 'l', label: 'L', field_type: 'linkedrecordfield' })).toBe(false);
	});
});
