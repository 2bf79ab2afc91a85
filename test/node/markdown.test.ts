/**
 * Rich text as Markdown through n8n's engine against the emulator (issue 51): a SmartDoc field
 * written as Markdown (recognised by Auto, or as Rich Text Input says) from Fields (JSON) and from
 * the mapper, stored as SmartSuite's document; read back with Rich Text As → Markdown or HTML;
 * a comment posted as Markdown and read back as Markdown.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { TableObject } from '../emulator';
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import { LIVE_MARKDOWN, LIVE_SHAPED_DOC, LIVE_TEXT } from '../emulator/smartDocSample';
import { run, useEmulator } from './harness';

const ctx = useEmulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const table = (): TableObject => ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
const stored = (t: TableObject, id: unknown) =>
	ctx.emu.getRecord(t.id, String(id))![F.smartDoc] as IDataObject;
const write = (
	operation: 'create' | 'update',
	t: TableObject,
	fields: IDataObject,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'record',
	operation,
	tableId: byId(t.id),
	fieldsInput: 'json',
	fieldsJson: JSON.stringify(fields),
	...extra,
});

const MARKDOWN =
	'# Plan\n\nShip **now**, see [docs](https://example.com/a).\n\n- one\n  1. nested\n- ~~two~~ `code`';
const text = (value: string, ...marks: IDataObject[]) => ({
	type: 'text',
	text: value,
	...(marks.length > 0 && { marks }),
});
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const item = (...content: unknown[]) => ({ type: 'list_item', content });
const DOCUMENT = {
	type: 'doc',
	content: [
		{ type: 'heading', attrs: { level: 1 }, content: [text('Plan')] },
		paragraph(
			text('Ship '),
			text('now', { type: 'strong' }),
			text(', see '),
			text('docs', { type: 'link', attrs: { href: 'https://example.com/a' } }),
			text('.'),
		),
		{
			type: 'bullet_list',
			content: [
				item(paragraph(text('one')), {
					type: 'ordered_list',
					attrs: { order: 1 },
					content: [item(paragraph(text('nested')))],
				}),
				item(
					paragraph(
						text('two', { type: 'strikethrough' }),
						text(' '),
						text('code', { type: 'code' }),
					),
				),
			],
		},
	],
};

describe('a SmartDoc field written as Markdown and read as Markdown', () => {
	it('Create from Fields (JSON): Auto recognises the Markdown; the output shows it as Markdown, Get as HTML', async () => {
		const t = table();
		const [created] = await run(ctx.emu, {
			parameters: write(
				'create',
				t,
				{ Name: 'Plan', Code: 'P', Brief: MARKDOWN },
				{ richTextAs: 'markdown' },
			),
		});
		expect(stored(t, created.json.id).data).toEqual(DOCUMENT);
		expect(stored(t, created.json.id).html).toContain('<h1>Plan</h1>');
		expect(created.json.Brief).toBe(MARKDOWN);
		const [html] = await run(ctx.emu, {
			parameters: {
				resource: 'record',
				operation: 'get',
				tableId: byId(t.id),
				recordId: byId(String(created.json.id)),
				richTextAs: 'html',
			},
		});
		expect(html.json.Brief).toBe(stored(t, created.json.id).html);
		const [plain] = await run(ctx.emu, {
			parameters: {
				resource: 'record',
				operation: 'get',
				tableId: byId(t.id),
				recordId: byId(String(created.json.id)),
			},
		});
		expect(plain.json.Brief).toBe('Plan\nShip now, see docs.\none\nnested\ntwo code');
	});

	it('Create from the mapper (Map Automatically) and Search show Markdown with Rich Text As → Markdown', async () => {
		const t = table();
		const [created] = await run(ctx.emu, {
			parameters: {
				resource: 'record',
				operation: 'create',
				tableId: byId(t.id),
				columns: { mappingMode: 'autoMapInputData', value: null },
			},
			input: [{ Name: 'Mapped', Code: 'M', Brief: MARKDOWN }],
		});
		expect(stored(t, created.json.id).data).toEqual(DOCUMENT);
		const found = await run(ctx.emu, {
			parameters: {
				resource: 'record',
				operation: 'search',
				tableId: byId(t.id),
				returnAll: true,
				richTextAs: 'markdown',
			},
		});
		expect(found.map((entry) => entry.json.Brief)).toContain(MARKDOWN);
	});

	it('Rich Text Input says how text is read: Markdown that Auto leaves plain, plain text that looks like Markdown', async () => {
		const t = table();
		const [record] = await run(ctx.emu, {
			parameters: write('create', t, { Name: 'Plain', Code: 'P', Brief: 'Price: 5 * 3 = 15' }),
		});
		expect(stored(t, record.json.id).data).toEqual({
			type: 'doc',
			content: [paragraph(text('Price: 5 * 3 = 15'))],
		});
		await run(ctx.emu, {
			parameters: write(
				'update',
				t,
				{ Brief: 'Hello *world*' },
				{ recordId: byId(String(record.json.id)), richTextInput: 'markdown' },
			),
		});
		expect(stored(t, record.json.id).data).toEqual({
			type: 'doc',
			content: [paragraph(text('Hello '), text('world', { type: 'em' }))],
		});
		const [updated] = await run(ctx.emu, {
			parameters: write(
				'update',
				t,
				{ Brief: '# Not a heading' },
				{
					recordId: byId(String(record.json.id)),
					richTextInput: 'text',
					richTextAs: 'markdown',
				},
			),
		});
		expect(stored(t, record.json.id).data).toEqual({
			type: 'doc',
			content: [paragraph(text('# Not a heading'))],
		});
		expect(updated.json.Brief).toBe('\\# Not a heading');
	});
});

describe('a comment in Markdown', () => {
	it('Comment → Create with Format Markdown posts the document; Get Many shows it as Markdown', async () => {
		const { emu } = ctx;
		const t = emu.addTable(emu.addSolution().id);
		const recordId = emu.addRecord(t.id, { title: 'Contract' }).id;
		const comment = (operation: string, extra: INodeParameters) => ({
			resource: 'comment',
			operation,
			tableId: byId(t.id),
			recordId: byId(recordId),
			...extra,
		});
		const [created] = await run(emu, {
			parameters: comment('create', {
				message: 'Please **check** the [terms](https://example.com/t):\n\n- price\n- date',
				messageFormat: 'markdown',
				richTextAs: 'markdown',
			}),
		});
		const body = emu.requests.find((request) => request.operation === 'CreateComment')!
			.body as IDataObject;
		expect(body.message).toEqual({
			data: {
				type: 'doc',
				content: [
					paragraph(
						text('Please '),
						text('check', { type: 'strong' }),
						text(' the '),
						text('terms', { type: 'link', attrs: { href: 'https://example.com/t' } }),
						text(':'),
					),
					{
						type: 'bullet_list',
						content: [item(paragraph(text('price'))), item(paragraph(text('date')))],
					},
				],
			},
		});
		const markdown = 'Please **check** the [terms](https://example.com/t):\n\n- price\n- date';
		expect(created.json.text).toBe(markdown);
		const listed = await run(emu, {
			parameters: comment('getMany', { returnAll: true, richTextAs: 'markdown' }),
		});
		expect(listed.map((entry) => entry.json.text)).toEqual([markdown]);
		const plain = await run(emu, { parameters: comment('getMany', { returnAll: true }) });
		expect(plain[0].json.text).toBe('Please check the terms:\nprice\ndate');
		// Include HTML adds the HTML beside the text; with Rich Text As → HTML the text is it, once.
		const withHtml = await run(emu, {
			parameters: comment('getMany', { returnAll: true, includeHtml: true }),
		});
		expect(withHtml[0].json.html).toContain('Please <strong>check</strong>');
		const asHtml = await run(emu, {
			parameters: comment('getMany', { returnAll: true, includeHtml: true, richTextAs: 'html' }),
		});
		expect(asHtml[0].json.text).toBe(withHtml[0].json.html);
		expect(asHtml[0].json).not.toHaveProperty('html');
	});
});

describe('rich text as a live SmartSuite record holds it (issue 55)', () => {
	const get = (t: TableObject, recordId: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'record',
		operation: 'get',
		tableId: byId(t.id),
		recordId: byId(recordId),
		...extra,
	});

	it('Get shows the whole text of the document, not the cut HTML preview; Markdown with ~~, @Name, - [x], code and table; Update with that Markdown keeps it', async () => {
		const t = table();
		const { record } = ctx.emu.createRecord(t.id, {
			title: 'Launch',
			[F.text]: 'L',
			[F.smartDoc]: { data: LIVE_SHAPED_DOC },
		});
		// The emulator holds it as SmartSuite does: the preview is HTML, cut with "…".
		expect(String(stored(t, record.id).preview)).toMatch(/^<h1 [^>]*>[^…]*<strong>.*…$/s);

		const [plain] = await run(ctx.emu, { parameters: get(t, record.id) });
		expect(plain.json.Brief).toBe(LIVE_TEXT);
		const [markdown] = await run(ctx.emu, {
			parameters: get(t, record.id, { richTextAs: 'markdown' }),
		});
		expect(markdown.json.Brief).toBe(LIVE_MARKDOWN);

		// Get → Markdown → Update: the check list, the table, the code block and the strikethrough stay.
		const [updated] = await run(ctx.emu, {
			parameters: write(
				'update',
				t,
				{ Brief: markdown.json.Brief },
				{ recordId: byId(record.id), richTextAs: 'markdown' },
			),
		});
		expect(updated.json.Brief).toBe(LIVE_MARKDOWN);
		const data = JSON.stringify(stored(t, record.id).data);
		for (const shape of [
			'{"type":"check_list_item","attrs":{"checked":true}',
			'{"type":"table_header"',
			'{"type":"text","text":"  function ship() {"},{"type":"hard_break"}',
			'"marks":[{"type":"strikethrough"}]',
		])
			expect(data).toContain(shape);
		const [again] = await run(ctx.emu, {
			parameters: get(t, record.id, { richTextAs: 'markdown' }),
		});
		expect(again.json.Brief).toBe(LIVE_MARKDOWN);
	});

	it('a comment holding the live-shaped document shows its whole text; as HTML, the mentions are links', async () => {
		const { emu } = ctx;
		const t = emu.addTable(emu.addSolution().id);
		const recordId = emu.addRecord(t.id, { title: 'Contract' }).id;
		emu.addComment(t.id, recordId, { message: { data: LIVE_SHAPED_DOC } });
		const comments = (extra: INodeParameters) => ({
			parameters: {
				resource: 'comment',
				operation: 'getMany',
				tableId: byId(t.id),
				recordId: byId(recordId),
				returnAll: true,
				...extra,
			},
		});
		const [plain] = await run(emu, comments({}));
		expect(plain.json.text).toBe(LIVE_TEXT);
		const [markdown] = await run(emu, comments({ richTextAs: 'markdown' }));
		expect(markdown.json.text).toBe(LIVE_MARKDOWN);
		const [html] = await run(emu, comments({ richTextAs: 'html' }));
		expect(html.json.text).toContain('<a class="mention" mention-id="652ed162190bc68edbdfb458"');
	});
});
