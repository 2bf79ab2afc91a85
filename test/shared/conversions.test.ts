/**
 * The conversions of issue 36, as pure functions: times without an offset in a time zone (DST
 * edges compared with Luxon, n8n's dates), SmartDoc's document from HTML (and hostile HTML read in
 * bounded time), people by full name, linked records by title, tags only by id.
 */
import { DateTime } from 'luxon';

import type { ConvertContext, Field } from '../../nodes/SmartSuite/shared/fields';
import { membersByName, toSmartSuiteValue } from '../../nodes/SmartSuite/shared/fields';
import { toSmartSuiteDate, wallTimeToUtc } from '../../nodes/SmartSuite/shared/fields/dates';
import { htmlToSmartDocData } from '../../nodes/SmartSuite/shared/fields/smartDoc';

const field = (field_type: string, params = {}): Field => ({
	slug: 's1',
	label: 'Label',
	field_type,
	params,
});
const at = (text: string, zone: string) => toSmartSuiteDate(text, zone).date;

describe('a time without an offset is read in the time zone given', () => {
	it.each([
		['2026-12-01 14:30', 'Europe/Berlin', '2026-12-01T13:30:00Z'],
		['2026-07-01T14:30', 'Europe/Berlin', '2026-07-01T12:30:00Z'],
		['2026-12-01T09:00:15', 'America/New_York', '2026-12-01T14:00:15Z'],
		['2026-12-01 14:30', 'Asia/Kolkata', '2026-12-01T09:00:00Z'],
		['2026-12-01 14:30', 'UTC', '2026-12-01T14:30:00Z'],
	])('%s in %s is %s', (text, zone, utc) => {
		expect(at(text, zone)).toBe(utc);
		expect(DateTime.fromISO(text.replace(' ', 'T'), { zone }).toUTC().toISO()).toBe(
			utc.replace('Z', '.000Z'),
		);
	});

	it('leaves days, offsets and n8n dates as they are, and reads UTC without a zone', () => {
		expect(toSmartSuiteDate('2026-12-01', 'Europe/Berlin')).toEqual({
			date: '2026-12-01T00:00:00Z',
			include_time: false,
		});
		expect(at('2026-12-01T14:30:00+05:00', 'Europe/Berlin')).toBe('2026-12-01T09:30:00Z');
		expect(at('2026-12-01T14:30:00Z', 'Europe/Berlin')).toBe('2026-12-01T14:30:00Z');
		expect(toSmartSuiteDate('2026-12-01 14:30').date).toBe('2026-12-01T14:30:00Z');
		const luxon = DateTime.fromISO('2026-12-01T14:30', { zone: 'Europe/Berlin' });
		expect(at(luxon as never, 'America/New_York')).toBe('2026-12-01T13:30:00Z');
	});

	it('DST: a time skipped by the clocks moves forward as Luxon moves it; a time that happens twice is its first occurrence', () => {
		// Clocks go from 02:00 to 03:00 (Berlin, 29 March 2026): 02:30 does not exist.
		expect(at('2026-03-29 02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00Z');
		expect(DateTime.fromISO('2026-03-29T02:30', { zone: 'Europe/Berlin' }).toUTC().toISO()).toBe(
			'2026-03-29T01:30:00.000Z',
		);
		expect(at('2026-03-29 01:59', 'Europe/Berlin')).toBe('2026-03-29T00:59:00Z');
		expect(at('2026-03-29 03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00Z');
		// Clocks go from 03:00 back to 02:00 (Berlin, 25 October 2026): 02:30 happens at 00:30Z and 01:30Z.
		expect(at('2026-10-25 02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00Z');
		expect(at('2026-10-25 03:00', 'Europe/Berlin')).toBe('2026-10-25T02:00:00Z');
		// New York, 8 March 2026 (02:00 → 03:00) and 1 November 2026 (02:00 → 01:00).
		expect(at('2026-03-08 02:15', 'America/New_York')).toBe('2026-03-08T07:15:00Z');
		expect(at('2026-11-01 01:30', 'America/New_York')).toBe('2026-11-01T05:30:00Z');
		// Lord Howe moves by half an hour.
		expect(wallTimeToUtc(Date.UTC(2026, 3, 5, 1, 45), 'Australia/Lord_Howe')).toBe(
			Date.UTC(2026, 3, 4, 14, 45),
		);
	});

	it('an unknown time zone is said', () => {
		expect(() => toSmartSuiteDate('2026-12-01 14:30', 'Mars/Olympus')).toThrow(
			'the workflow\'s time zone "Mars/Olympus" is unknown',
		);
	});
});

describe("SmartDoc's document from HTML", () => {
	const text = (value: string, marks?: unknown[]) => ({
		type: 'text',
		text: value,
		...(marks && { marks }),
	});
	const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
	const item = (...content: unknown[]) => ({ type: 'list_item', content });

	it('paragraphs, headings, bold, italic, underline, links, lists and line breaks', () => {
		const html =
			'<h1>Plan</h1><p>Hello <b>bold</b> <strong><em>both</em></strong> <i>it</i> <u>under</u></p>' +
			'<ul><li>one</li><li><p>two</p><ol><li>nested</li></ol></li></ul>' +
			'<p>line<br>next <a href="https://example.com/?a=1&amp;b=2">a <b>link</b></a></p>';
		expect(htmlToSmartDocData(html)).toEqual({
			type: 'doc',
			content: [
				{ type: 'heading', attrs: { level: 1 }, content: [text('Plan')] },
				paragraph(
					text('Hello '),
					text('bold', [{ type: 'strong' }]),
					text(' '),
					text('both', [{ type: 'strong' }, { type: 'em' }]),
					text(' '),
					text('it', [{ type: 'em' }]),
					text(' '),
					text('under', [{ type: 'underline' }]),
				),
				{
					type: 'bullet_list',
					content: [
						item(paragraph(text('one'))),
						item(paragraph(text('two')), {
							type: 'ordered_list',
							attrs: { order: 1 },
							content: [item(paragraph(text('nested')))],
						}),
					],
				},
				paragraph(
					text('line'),
					{ type: 'hard_break' },
					text('next '),
					text('a ', [{ type: 'link', attrs: { href: 'https://example.com/?a=1&b=2' } }]),
					text('link', [
						{ type: 'strong' },
						{ type: 'link', attrs: { href: 'https://example.com/?a=1&b=2' } },
					]),
				),
			],
		});
	});

	it('keeps the text of anything else, drops scripts, styles and comments, and links only web and mail addresses', () => {
		expect(
			htmlToSmartDocData(
				'<table><tr><td>cell &lt;1&gt; &#233;&#x263A;</td></tr></table><span>kept</span> 3 < 4' +
					'<script>alert(1)</script><style>p{}</style><!-- note --><a href="javascript:alert(1)">no link</a>',
			),
		).toEqual({
			type: 'doc',
			content: [paragraph(text('cell <1> é☺')), paragraph(text('kept 3 < 4no link'))],
		});
		expect(htmlToSmartDocData('')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
	});

	it('reads hostile HTML in bounded time and depth', () => {
		const started = Date.now();
		for (const html of [
			'<a'.repeat(50_000),
			'<ul><li>'.repeat(20_000),
			'<b>'.repeat(50_000),
			'<!--'.repeat(50_000),
			'&#99999999;&#xD800;'.repeat(10_000),
		])
			htmlToSmartDocData(html);
		expect(Date.now() - started).toBeLessThan(5_000);
		let depth = 0;
		let node = htmlToSmartDocData('<ul><li>'.repeat(100) + 'deep') as { content?: unknown[] };
		while (node.content) {
			node = node.content[0] as { content?: unknown[] };
			depth++;
		}
		expect(depth).toBeLessThanOrEqual(8 * 2 + 3);
	});

	it('the SmartDoc value keeps the HTML and its text', () => {
		expect(toSmartSuiteValue(field('richtextareafield'), '<p>Hello <b>bold</b> world</p>')).toEqual(
			{
				data: {
					type: 'doc',
					content: [paragraph(text('Hello '), text('bold', [{ type: 'strong' }]), text(' world'))],
				},
				html: '<p>Hello <b>bold</b> world</p>',
				preview: 'Hello bold world',
			},
		);
	});
});

const SAM = 'a0000000000000000000cc01';
const SAM2 = 'a0000000000000000000cc02';
const GONE = 'a0000000000000000000cc03';
const directory = [
	{
		id: SAM,
		full_name: { sys_root: 'Sam Rivera' },
		email: ['sam@example.com'],
		deleted_date: { date: null },
	},
	{
		id: SAM2,
		full_name: { first_name: 'Sam', last_name: 'Rivera' },
		email: ['s.rivera@example.com'],
	},
	{
		id: 'a0000000000000000000cc04',
		full_name: { sys_root: 'Ada Lovelace' },
		email: ['ada@example.com'],
	},
	{
		id: GONE,
		full_name: { sys_root: 'Old Timer' },
		email: ['old@example.com'],
		deleted_date: { date: '2026-01-01T00:00:00Z' },
	},
];
const people: ConvertContext = {
	memberIdsByEmail: new Map([['sam@example.com', SAM]]),
	membersByName: membersByName(directory),
};

describe('people by e-mail address, full name or id', () => {
	it('a full name in any case finds the one current member with it', () => {
		expect(toSmartSuiteValue(field('userfield'), 'ada lovelace, sam@example.com', people)).toEqual([
			'a0000000000000000000cc04',
			SAM,
		]);
		expect(toSmartSuiteValue(field('userfield'), GONE, people)).toEqual([GONE]);
	});

	it('a name two members share names both; a removed member or an unknown name is said', () => {
		expect(() => toSmartSuiteValue(field('userfield'), 'Sam Rivera', people)).toThrow(
			`2 members are named "Sam Rivera": sam@example.com (id ${SAM}), s.rivera@example.com (id ${SAM2}). Give the e-mail address or id`,
		);
		expect(() => toSmartSuiteValue(field('userfield'), 'Old Timer', people)).toThrow(
			'the member named "Old Timer" was removed from the workspace',
		);
		expect(() => toSmartSuiteValue(field('userfield'), 'Nobody Here', people)).toThrow(
			'no member of the workspace is named "Nobody Here"',
		);
	});
});

describe('linked records by title or id', () => {
	const linked = field('linkedrecordfield', { linked_application: 'tbl2' });
	const ACME = 'a0000000000000000000dd01';
	const titles: ConvertContext = {
		recordIdsByTitle: new Map([
			[
				'tbl2',
				new Map([
					['acme', [ACME]],
					['twin', ['a0000000000000000000dd02', 'a0000000000000000000dd03']],
				]),
			],
		]),
	};

	it('a title in any case is its record; an id stays', () => {
		expect(toSmartSuiteValue(linked, `ACME, ${SAM}`, titles)).toEqual([ACME, SAM]);
	});

	it('a title no record or several records have is said', () => {
		expect(() => toSmartSuiteValue(linked, 'Nope', titles)).toThrow(
			'the linked table has no record titled "Nope"',
		);
		expect(() => toSmartSuiteValue(linked, 'Twin', titles)).toThrow(
			'2 records of the linked table are titled "Twin" (ids a0000000000000000000dd02, a0000000000000000000dd03): give the id',
		);
	});
});

describe('tags only by id', () => {
	it('a label is refused, saying where the ids are', () => {
		expect(() => toSmartSuiteValue(field('tagsfield'), 'urgent')).toThrow(
			'"urgent" is not a tag id. SmartSuite\'s API cannot find a tag by its label: a Get or Search of a record that has the tag shows its tag ids',
		);
	});
});
