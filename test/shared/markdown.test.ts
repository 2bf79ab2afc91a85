/**
 * Markdown in and out of SmartDoc (issue 51), as pure functions: Markdown → SmartDoc, HTML →
 * SmartDoc, SmartDoc → Markdown, round trips that keep the structure, text that only looks like
 * Markdown staying plain under Auto, and hostile input read in bounded time and depth.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	markdownToSmartDoc,
	markdownToSmartDocData,
	recognisedMarkdown,
	smartDocDataToMarkdown,
} from '../../nodes/SmartSuite/shared/fields/markdown';
import { readSmartDoc, toSmartDoc } from '../../nodes/SmartSuite/shared/fields/values';
import { smartDocValue } from '../emulator/smartDoc';
import { LIVE_MARKDOWN, LIVE_SHAPED_DOC, LIVE_TEXT } from '../emulator/smartDocSample';

const text = (value: string, ...marks: IDataObject[]) => ({
	type: 'text',
	text: value,
	...(marks.length > 0 && { marks }),
});
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const item = (...content: unknown[]) => ({ type: 'list_item', content });
const bullets = (...content: unknown[]) => ({ type: 'bullet_list', content });
const numbered = (order: number, ...content: unknown[]) => ({
	type: 'ordered_list',
	attrs: { order },
	content,
});
const heading = (level: number, ...content: unknown[]) => ({
	type: 'heading',
	attrs: { level },
	content,
});
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const BREAK = { type: 'hard_break' };
const strong = { type: 'strong' };
const em = { type: 'em' };
const strike = { type: 'strikethrough' };
const code = { type: 'code' };
const link = (href: string) => ({ type: 'link', attrs: { href } });

describe('Markdown → SmartDoc', () => {
	it.each<[string, string, unknown]>([
		['headings', '# One\n###### Six ##', doc(heading(1, text('One')), heading(6, text('Six')))],
		[
			'bold, italic, strike, code',
			'**b** *i* _i_ ~~s~~ `c`',
			doc(
				paragraph(
					text('b', strong),
					text(' '),
					text('i', em),
					text(' '),
					text('i', em),
					text(' '),
					text('s', strike),
					text(' '),
					text('c', code),
				),
			),
		],
		[
			'nested marks',
			'***both*** **bold *and it***',
			doc(
				paragraph(
					text('both', strong, em),
					text(' '),
					text('bold ', strong),
					text('and it', strong, em),
				),
			),
		],
		[
			'links, inline and angle-bracketed; other schemes stay text',
			'[a **b**](https://x.io/p?q=1) <mailto:me@x.io> [js](javascript:alert(1))',
			doc(
				paragraph(
					text('a ', link('https://x.io/p?q=1')),
					text('b', strong, link('https://x.io/p?q=1')),
					text(' '),
					text('mailto:me@x.io', link('mailto:me@x.io')),
					text(' [js](javascript:alert(1))'),
				),
			),
		],
		[
			'line breaks',
			'one\ntwo  \nthree\\\nfour',
			doc(paragraph(text('one'), BREAK, text('two'), BREAK, text('three'), BREAK, text('four'))),
		],
		[
			'nested bullet and numbered lists',
			'- a\n- b\n  1. x\n  2. y\n- c',
			doc(
				bullets(
					item(paragraph(text('a'))),
					item(
						paragraph(text('b')),
						numbered(1, item(paragraph(text('x'))), item(paragraph(text('y')))),
					),
					item(paragraph(text('c'))),
				),
			),
		],
		[
			'a numbered list from 3, an item of two paragraphs',
			'3. one\n\n   more\n4. two',
			doc(
				numbered(
					3,
					item(paragraph(text('one')), paragraph(text('more'))),
					item(paragraph(text('two'))),
				),
			),
		],
		[
			'quotes, nested',
			'> said\n> > inner',
			doc({
				type: 'blockquote',
				content: [
					paragraph(text('said')),
					{ type: 'blockquote', content: [paragraph(text('inner'))] },
				],
			}),
		],
		[
			'a code block keeps its text as is; a rule',
			'```ts\nconst a = **b**;\n\n  x\n```\n\n---',
			doc(
				{
					type: 'code_block',
					attrs: { language: 'ts' },
					content: [text('const a = **b**;'), BREAK, BREAK, text('  x')],
				},
				{ type: 'horizontal_rule' },
			),
		],
		[
			'escapes and intraword underscores stay text',
			'\\*not\\* snake_case_name 5 * 3',
			doc(paragraph(text('*not* snake_case_name 5 * 3'))),
		],
	])('%s', (_name, markdown, expected) => {
		expect(markdownToSmartDocData(markdown)).toEqual(expected);
	});

	it('the value has the document, its HTML and its text', () => {
		expect(markdownToSmartDoc('# Plan\n\n- **one**\n- [two](https://x.io)')).toEqual({
			data: doc(
				heading(1, text('Plan')),
				bullets(
					item(paragraph(text('one', strong))),
					item(paragraph(text('two', link('https://x.io')))),
				),
			),
			html: '<h1>Plan</h1><ul><li><p><strong>one</strong></p></li><li><p><a href="https://x.io">two</a></p></li></ul>',
			preview: 'Plan\none\ntwo',
		});
	});
});

describe('HTML → SmartDoc (Rich Text Input: Auto or HTML)', () => {
	it.each<[string, string, 'auto' | 'html', unknown]>([
		[
			'a tag makes it HTML',
			'<p>Hi <b>you</b></p>',
			'auto',
			doc(paragraph(text('Hi '), text('you', strong))),
		],
		['HTML said, without a tag', 'a **b**', 'html', doc(paragraph(text('a **b**')))],
		['HTML wins over Markdown in it', '<p>**b**</p>', 'auto', doc(paragraph(text('**b**')))],
		[
			'strike and code as Markdown writes them back',
			'<p><s>old</s> <del>gone</del> <code>x</code></p>',
			'auto',
			doc(
				paragraph(text('old', strike), text(' '), text('gone', strike), text(' '), text('x', code)),
			),
		],
	])('%s', (_name, given, input, expected) => {
		const value = toSmartDoc(given, input);
		expect(value.data).toEqual(expected);
		expect(value.html).toBe(given);
	});
});

describe('SmartDoc → Markdown', () => {
	it.each<[string, unknown, string]>([
		[
			'blocks and marks',
			doc(
				heading(2, text('Plan')),
				paragraph(
					text('a '),
					text('b', strong),
					text(' '),
					text('c', em),
					text(' '),
					text('d', strike),
					text(' '),
					text('e', code),
					BREAK,
					text('f', link('https://x.io')),
				),
			),
			'## Plan\n\na **b** *c* ~~d~~ `e`\n[f](https://x.io)',
		],
		[
			'lists nested in lists',
			doc(
				bullets(
					item(
						paragraph(text('a')),
						numbered(2, item(paragraph(text('x'))), item(paragraph(text('y')))),
					),
				),
			),
			'- a\n  2. x\n  3. y',
		],
		[
			'quote, code block (plaintext left out), rule',
			doc(
				{ type: 'blockquote', content: [paragraph(text('q'))] },
				{
					type: 'code_block',
					attrs: { language: 'plaintext' },
					content: [text('x'), BREAK, text('y')],
				},
				{ type: 'horizontal_rule' },
			),
			'> q\n\n```\nx\ny\n```\n\n---',
		],
		[
			"the text's own Markdown characters are escaped where they would be read",
			doc(
				paragraph(
					text('*a* [b] `c` 5 * 3 snake_case # not'),
					BREAK,
					text('# h'),
					BREAK,
					text('1. n'),
					BREAK,
					text('- m'),
				),
			),
			'\\*a\\* \\[b] \\`c\\` 5 * 3 snake_case # not\n\\# h\n1\\. n\n\\- m',
		],
		[
			"other clients' names (bold, italic, strikethrough) and SmartSuite's check lists",
			doc(
				paragraph(
					text('b', { type: 'bold' }),
					text(' '),
					text('i', { type: 'italic' }),
					text(' '),
					text('s', { type: 'strikethrough' }),
				),
				{
					type: 'check_list',
					content: [
						{
							type: 'check_list_item',
							attrs: { checked: true },
							content: [paragraph(text('done'))],
						},
					],
				},
			),
			'**b** *i* ~~s~~\n\n- [x] done',
		],
		['an empty document', { type: 'doc', content: [{ type: 'paragraph' }] }, ''],
	])('%s', (_name, data, markdown) => {
		expect(smartDocDataToMarkdown(data)).toBe(markdown);
	});

	it('Simplify shows the value as text, Markdown or HTML; from HTML alone when there is no document', () => {
		const value = markdownToSmartDoc('**Hi** there');
		expect(readSmartDoc(value)).toBe('Hi there');
		expect(readSmartDoc(value, 'markdown')).toBe('**Hi** there');
		expect(readSmartDoc(value, 'html')).toBe('<p><strong>Hi</strong> there</p>');
		expect(readSmartDoc({ data: {}, html: '<p><b>x</b> <i>y</i></p>' }, 'markdown')).toBe(
			'**x** *y*',
		);
	});
});

describe('a SmartDoc as a live SmartSuite record holds it (issue 55)', () => {
	const value = smartDocValue(LIVE_SHAPED_DOC);

	it('the value is shaped as live: preview is HTML cut at 500 characters', () => {
		expect(value.preview).toContain('<strong>the preview</strong>');
		expect(value.preview.endsWith(' f…')).toBe(true);
	});

	it('Plain Text is the whole text of the document, without tags: check boxes, code lines, table rows, mentions, caption and file name', () => {
		expect(readSmartDoc(value)).toBe(LIVE_TEXT);
		// Without a document (another client's value), the HTML or else the preview is read.
		expect(readSmartDoc({ html: value.html })).toContain('Ping the team when done');
		expect(readSmartDoc({ preview: value.preview })).not.toContain('<');
	});

	it('Markdown has ~~, @Name, - [x], the code lines and the table; written and read back, it is unchanged', () => {
		expect(readSmartDoc(value, 'markdown')).toBe(LIVE_MARKDOWN);
		const data = markdownToSmartDocData(LIVE_MARKDOWN);
		expect(smartDocDataToMarkdown(data)).toBe(LIVE_MARKDOWN);
		const blocks = (data as { content: IDataObject[] }).content;
		expect(blocks.find((node) => node.type === 'check_list')).toEqual({
			type: 'check_list',
			content: [
				{
					type: 'check_list_item',
					attrs: { checked: true },
					content: [paragraph(text('Notes written'))],
				},
				{
					type: 'check_list_item',
					attrs: { checked: false },
					content: [paragraph(text('Announcement sent'))],
				},
			],
		});
		expect(blocks.find((node) => node.type === 'code_block')).toEqual({
			type: 'code_block',
			attrs: { language: 'javascript' },
			content: [text('  function ship() {'), BREAK, text('    return "done";'), BREAK, text('  }')],
		});
		const cell = (type: string, content: string) => ({
			type,
			attrs: { colspan: 1, rowspan: 1, colwidth: null, background: null },
			content: [paragraph(text(content))],
		});
		expect(blocks.find((node) => node.type === 'table')).toEqual({
			type: 'table',
			content: [
				{
					type: 'table_row',
					content: [cell('table_header', 'Step'), cell('table_header', 'Owner')],
				},
				{ type: 'table_row', content: [cell('table_cell', 'Build'), cell('table_cell', 'CI')] },
			],
		});
		expect(JSON.stringify(blocks)).toContain(
			'{"type":"text","text":"old price","marks":[{"type":"strikethrough"}]}',
		);
	});

	it('a check box, a pipe or a delimiter row that is text stays text', () => {
		for (const markdown of ['\\[x] not a box', 'a | b', '\\| --- |', '- \\[ ] bullet']) {
			const data = markdownToSmartDocData(markdown);
			expect(JSON.stringify(data)).not.toMatch(/check_list|table/);
			expect(smartDocDataToMarkdown(data)).toBe(markdown);
		}
		const data = doc(paragraph(text('| a |'), BREAK, text('| --- |')));
		expect(markdownToSmartDocData(smartDocDataToMarkdown(data))).toEqual(data);
	});
});

describe('Markdown → SmartDoc → Markdown keeps the structure', () => {
	it.each([
		'# Title\n\nHello **bold**, *it*, ~~gone~~, `code` and [a link](https://example.com/a?b=1).\nA second line',
		'- one\n- two\n  - nested **b**\n  - again\n- three\n\n1. first\n2. second\n   1. deep',
		'> quoted\n> more\n>\n> > inner\n\n---\n\n```js\nconst a = 1;\n\nb();\n```',
		'Literal \\*stars\\* and \\[brackets] and 5 * 3 and snake_case',
		'***both*** then **bold *nested* end**',
		'two breaks\n\\\nthen text; \\`not code\\` and ``a`b``',
		'- ***\n- [a](https://x.io) [b](https://x.io)',
		'- [ ] open\n- [x] done\n  - nested\n\n| a \\| b | c |\n| --- | --- |\n| `x` | **y** |\n|  | z |',
	])('%j', (markdown) => {
		const data = markdownToSmartDocData(markdown);
		const written = smartDocDataToMarkdown(data);
		expect(written).toBe(markdown);
		expect(markdownToSmartDocData(written)).toEqual(data);
	});
});

describe('marks that touch: SmartDoc → Markdown → SmartDoc keeps them (closing and opening stars make one run)', () => {
	it.each<[string, IDataObject[], string]>([
		['italics then a bold comma', [text('italics', em), text(',', strong)], '*italics*__,__'],
		['bold then an italic underscore', [text('a,a', strong), text('_', em)], '**a,a**_\\__'],
		['italic brackets then a bold word', [text('(c)', em), text('a', strong)], '*(c)*__a__'],
		[
			'letters on both sides: stars stay',
			[text('x', em), text('a', strong), text('b')],
			'*x***a**b',
		],
		[
			'punctuation on both sides: stars stay',
			[text('(c)', em), text('(d)', strong)],
			'*(c)***(d)**',
		],
		['bold, italic, bold', [text('x', strong), text('a', em), text(',', strong)], '**x***a*__,__'],
	])('%s', (_name, content, markdown) => {
		const data = doc(paragraph(...content));
		expect(smartDocDataToMarkdown(data)).toBe(markdown);
		expect(markdownToSmartDocData(markdown)).toEqual(data);
	});

	it('2,000 paragraphs of random marked runs (letters, punctuation, spaces) read back with the same marks on the same text', () => {
		const pieces = ['a', 'word', ',', '!', ' x', 'y ', '(c)', '"q"', '*', '_', 'x_y'];
		const markSets = [[strong], [em], [strike], [code], [strong, em], [em, strike], [], []];
		let seed = 1;
		const pick = <T>(list: T[]): T => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return list[seed % list.length];
		};
		/** The text under each set of marks, spaces aside (the writer keeps spaces outside marks). */
		const shape = (content: IDataObject[]) =>
			content
				.map((node) => {
					const marks = ((node.marks as IDataObject[]) ?? []).map((mark) => mark.type).sort();
					return `${marks.join('+')}:${String(node.text).replace(/\s+/g, '')}`;
				})
				.filter((run) => !run.endsWith(':'))
				.reduce<string[]>((runs, run) => {
					const [marks, words] = run.split(/:(.*)/s);
					const last = runs[runs.length - 1];
					if (last?.startsWith(`${marks}:`)) runs[runs.length - 1] = last + words;
					else runs.push(run);
					return runs;
				}, []);
		const unread: string[] = [];
		for (let run = 0; run < 2000; run++) {
			// Spaces at both ends: a mark whose text ends in punctuation has no Markdown right before a letter (docs/records.md).
			const content = [text('S '), text(' E')];
			for (let count = 2 + (run % 3); count > 0; count--) {
				const marks = pick(markSets);
				const piece = pick(pieces);
				content.splice(1, 0, text(marks.includes(code) ? piece.trim() || 'c' : piece, ...marks));
			}
			const markdown = smartDocDataToMarkdown(doc(paragraph(...content)));
			const read = markdownToSmartDocData(markdown) as {
				content: Array<{ content: IDataObject[] }>;
			};
			if (shape(read.content[0].content).join(' ') !== shape(content).join(' '))
				unread.push(markdown);
		}
		expect(unread).toEqual([]);
	});
});

describe('text that only looks like Markdown stays plain (Rich Text Input: Auto)', () => {
	it.each([
		'Price: 5 * 3 = 15',
		'a_b_c',
		'2 - 1',
		'#hashtag',
		'C:\\path\\to\\file',
		'write to jane_doe@example.com',
		'__init__ and 2*3*4',
		'- just one dash line',
		'2024. A year',
		'Hello *world*',
		'line one\nline two',
	])('%j', (given) => {
		expect(recognisedMarkdown(given)).toBeUndefined();
		const value = toSmartDoc(given);
		expect(value.preview).toBe(given);
		expect(value.data).toEqual(doc(...given.split('\n').map((line) => paragraph(text(line)))));
	});

	it.each([
		['# Heading', 'heading'],
		['- a\n- b', 'bullet_list'],
		['1. a\n2. b', 'ordered_list'],
		['> quoted', 'blockquote'],
		['```\ncode\n```', 'code_block'],
		['use `npm ci`', 'paragraph'],
		['**bold** word', 'paragraph'],
		['see [docs](https://example.com)', 'paragraph'],
		['~~old~~ new', 'paragraph'],
	])('%j is recognised as Markdown', (given, first) => {
		const value = toSmartDoc(given);
		expect((value.data as { content: IDataObject[] }).content[0].type).toBe(first);
		expect(value.data).toEqual(markdownToSmartDocData(given));
		expect(toSmartDoc(given, 'text').data).toEqual(
			doc(...given.split('\n').map((line) => paragraph(text(line)))),
		);
	});
});

describe('hostile Markdown is read in bounded time and depth', () => {
	it('200,000 characters of each pattern, each well under a second or two', () => {
		for (const hostile of [
			'*[`>'.repeat(50_000),
			'['.repeat(200_000),
			'[a]('.repeat(50_000),
			'<http://'.repeat(25_000),
			'_a'.repeat(100_000),
			'**a '.repeat(50_000),
			'`'.repeat(100_000) + 'a' + '``'.repeat(50_000),
			'> '.repeat(100_000),
			'- '.repeat(100_000),
			'  - a\n'.repeat(30_000),
			'\\'.repeat(200_000),
			'~~a'.repeat(60_000),
			'<a'.repeat(100_000),
		]) {
			const started = Date.now();
			const data = markdownToSmartDocData(hostile);
			smartDocDataToMarkdown(data);
			recognisedMarkdown(hostile);
			toSmartDoc(hostile);
			expect(Date.now() - started).toBeLessThan(5_000);
		}
	});

	it('a table has at most 100 columns, so short rows under a wide header stay in proportion to the text', () => {
		const wide = (columns: number) =>
			`${'| a '.repeat(columns)}|\n${'| - '.repeat(columns)}|\n${'|\n'.repeat(20_000)}`;
		expect(markdownToSmartDocData(wide(100)).content).toEqual([
			expect.objectContaining({ type: 'table' }),
		]);
		// 101 columns: text, not 20,000 rows of 101 cells each.
		const data = markdownToSmartDocData(wide(101)) as { content: IDataObject[] };
		expect(data.content.map((node) => node.type)).toEqual(['paragraph']);
	});

	it('lists and quotes nest at most 8 deep; deeper lines are text', () => {
		let depth = 0;
		let node = markdownToSmartDocData('> '.repeat(100) + 'deep') as { content?: unknown[] };
		while (node.content) {
			node = node.content[0] as { content?: unknown[] };
			depth++;
		}
		expect(depth).toBeLessThanOrEqual(8 + 3);
		expect(JSON.stringify(markdownToSmartDocData('- '.repeat(100) + 'deep'))).toContain('deep');
	});
});
