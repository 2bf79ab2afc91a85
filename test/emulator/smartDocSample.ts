/**
 * A SmartDoc with every node type and mark of a record captured from a live SmartSuite workspace
 * (Grupo-AFAL/smartsuite_mcp_server, docs/smartdoc_complete_reference.json), in the same shapes:
 * headings and paragraphs with SmartSuite's attributes, lists, a check list, a code block (its
 * lines as text between hard breaks), a table, a link, strong / em / underline / strikethrough /
 * color / highlight marks, an image and an attachment (file handles), mentions of a record (#)
 * and a member (@), a horizontal rule and a callout. Its text runs past the 500 characters
 * SmartSuite's preview keeps. The demo's "Field Types" table holds it (demo.ts); tests read it.
 */
const PARAGRAPH_ATTRS = { textAlign: 'left', size: 'medium' };
const CELL_ATTRS = { colspan: 1, rowspan: 1, colwidth: null, background: null };

const text = (value: string, ...marks: Array<Record<string, unknown>>) => ({
	type: 'text',
	text: value,
	...(marks.length > 0 && { marks }),
});
const paragraph = (...content: unknown[]) => ({
	type: 'paragraph',
	attrs: PARAGRAPH_ATTRS,
	content,
});
const heading = (level: number, id: string, title: string) => ({
	type: 'heading',
	attrs: { level, id, collapse: false, textAlign: null, indentation: 0 },
	content: [text(title)],
});
const item = (type: string, content: string, attrs?: Record<string, unknown>) => ({
	type,
	...(attrs && { attrs }),
	content: [paragraph(text(content))],
});
const cell = (type: string, content: string) => ({
	type,
	attrs: CELL_ATTRS,
	content: [paragraph(text(content))],
});
const file = (handle: string, filename: string, mimetype: string, fileType: string) => ({
	handle,
	metadata: {
		container: 'smart-suite-media',
		filename,
		key: `K_${filename}`,
		mimetype,
		size: 8952,
	},
	transform_options: {},
	author: 41226,
	file_type: fileType,
	icon: fileType,
	video_conversion_status: 'none',
	video_thumbnail_handle: '',
	converted_video_handle: null,
});

export const SAMPLE_MEMBER = { id: '652ed162190bc68edbdfb458', name: 'Federica Gómez' };
export const SAMPLE_RECORD = {
	id: '68ed1c75dcc0e13b911a695b',
	title: 'Purchase orders as a table',
};

export const LIVE_SHAPED_DOC = {
	type: 'doc',
	content: [
		heading(1, 'vfwvh57er5', 'Launch plan'),
		paragraph(
			text('Ship the release once the checks pass; this paragraph is long on purpose, so that '),
			text('the preview', { type: 'strong' }),
			text(' SmartSuite keeps is cut well before the end of the document.'),
		),
		heading(2, 'un59kiiqn5q', 'Steps'),
		{
			type: 'bullet_list',
			content: [item('list_item', 'Freeze the branch'), item('list_item', 'Tag the build')],
		},
		{
			type: 'ordered_list',
			attrs: { order: 1 },
			content: [item('list_item', 'Build'), item('list_item', 'Publish')],
		},
		heading(2, '3qqz19t7n3f', 'Checklist'),
		{
			type: 'check_list',
			content: [
				item('check_list_item', 'Notes written', { checked: true }),
				item('check_list_item', 'Announcement sent', { checked: false }),
			],
		},
		heading(2, 'gnci7ralsjt', 'Formatting'),
		paragraph(
			text('Mixed: '),
			text('bold', { type: 'strong' }),
			text(', '),
			text('italics', { type: 'em' }),
			text(', '),
			text('underline', { type: 'underline' }),
			text(', '),
			text('old price', { type: 'strikethrough' }),
			text(', '),
			text('brown', { type: 'color', attrs: { color: 'brown' } }),
			text(', '),
			text(
				'highlighted',
				{ type: 'color', attrs: { color: 'default' } },
				{ type: 'highlight', attrs: { color: 'yellow' } },
			),
			text(' and a '),
			text('link', { type: 'link', attrs: { href: 'https://example.com/release' } }),
			text('.'),
		),
		heading(2, 'ntz3s9afjm', 'Code Block'),
		{
			type: 'code_block',
			attrs: { language: 'javascript', lineWrapping: true },
			content: [
				text('  function ship() {'),
				{ type: 'hard_break' },
				text('    return "done";'),
				{ type: 'hard_break' },
				text('  }'),
			],
		},
		heading(2, 'd9fys0ti7lg', 'Table'),
		{
			type: 'table',
			content: [
				{
					type: 'table_row',
					content: [cell('table_header', 'Step'), cell('table_header', 'Owner')],
				},
				{ type: 'table_row', content: [cell('table_cell', 'Build'), cell('table_cell', 'CI')] },
			],
		},
		heading(2, 'r9bhusgr1zj', 'Mentions'),
		paragraph(
			{
				type: 'mention',
				attrs: {
					id: SAMPLE_RECORD.id,
					application: { id: '6796989a7ee3c6b73171780c', name: 'User Stories', slug: 'shnqgk36' },
					title: SAMPLE_RECORD.title,
					prefix: '#',
				},
			},
			text(' for '),
			{
				type: 'mention',
				attrs: {
					id: SAMPLE_MEMBER.id,
					application: { id: '652ed162190bc68edbdfb457', name: 'Members', slug: 'members' },
					title: SAMPLE_MEMBER.name,
					prefix: '@',
				},
			},
			text(' '),
		),
		{ type: 'horizontal_rule' },
		{
			type: 'image',
			attrs: {
				file: file('caARVkSNS4mdU4gArwdA', 'screenshot.png', 'image/png', 'image'),
				alignment: 'left',
				size: { width: 400 },
				caption: 'The new dashboard',
			},
		},
		{
			type: 'attachment',
			attrs: { file: file('cXXzoZ1HQFyA0nkmPDaO', 'release-notes.txt', 'text/plain', 'other') },
		},
		{
			type: 'callout',
			attrs: { type: 'info' },
			content: [paragraph(text('Ping the team when done'))],
		},
	],
};

/** What the package shows of LIVE_SHAPED_DOC: its Plain Text and its Markdown. */
export const LIVE_TEXT = [
	'Launch plan',
	'Ship the release once the checks pass; this paragraph is long on purpose, so that the preview SmartSuite keeps is cut well before the end of the document.',
	'Steps',
	'Freeze the branch',
	'Tag the build',
	'Build',
	'Publish',
	'Checklist',
	'[x] Notes written',
	'[ ] Announcement sent',
	'Formatting',
	'Mixed: bold, italics, underline, old price, brown, highlighted and a link.',
	'Code Block',
	'  function ship() {',
	'    return "done";',
	'  }',
	'Table',
	'Step\tOwner',
	'Build\tCI',
	'Mentions',
	'#Purchase orders as a table for @Federica Gómez ',
	'The new dashboard',
	'release-notes.txt',
	'Ping the team when done',
].join('\n');
export const LIVE_MARKDOWN = [
	'# Launch plan',
	'',
	'Ship the release once the checks pass; this paragraph is long on purpose, so that **the preview** SmartSuite keeps is cut well before the end of the document.',
	'',
	'## Steps',
	'',
	'- Freeze the branch',
	'- Tag the build',
	'',
	'1. Build',
	'2. Publish',
	'',
	'## Checklist',
	'',
	'- [x] Notes written',
	'- [ ] Announcement sent',
	'',
	'## Formatting',
	'',
	'Mixed: **bold**, *italics*, underline, ~~old price~~, brown, highlighted and a [link](https://example.com/release).',
	'',
	'## Code Block',
	'',
	'```javascript',
	'  function ship() {',
	'    return "done";',
	'  }',
	'```',
	'',
	'## Table',
	'',
	'| Step | Owner |',
	'| --- | --- |',
	'| Build | CI |',
	'',
	'## Mentions',
	'',
	'#Purchase orders as a table for @Federica Gómez',
	'',
	'---',
	'',
	'The new dashboard',
	'',
	'release-notes.txt',
	'',
	'Ping the team when done',
].join('\n');
