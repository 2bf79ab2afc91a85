/**
 * Markdown's blocks as SmartDoc nodes (markdown.ts says which names and why), with GitHub's
 * check lists (`- [ ]`, `- [x]`) and tables. The text is read
 * line by line and each paragraph once (markdownInline.ts); lists and quotes are nested at most
 * MAX_DEPTH deep, deeper lines are text: linear for any input.
 */
import type { IDataObject } from 'n8n-workflow';

import { parseInline } from './markdownInline';

const MAX_DEPTH = 8;
const MAX_COLUMNS = 100;

interface Node extends IDataObject {
	type: string;
	content?: Node[];
}

/** Leading spaces (a tab as four) of a line. */
export function indentOf(line: string): number {
	let width = 0;
	for (const char of line) {
		if (char === ' ') width++;
		else if (char === '\t') width += 4;
		else break;
	}
	return width;
}

/** The line without `width` columns of leading spaces (as many as it has). */
function dedent(line: string, width: number): string {
	let at = 0;
	let removed = 0;
	while (at < line.length && removed < width && (line[at] === ' ' || line[at] === '\t')) {
		removed += line[at] === '\t' ? 4 : 1;
		at++;
	}
	return line.slice(at);
}

const isBlank = (line: string) => line.trim() === '';

interface ListMarker {
	ordered: boolean;
	start: number;
	/** Column where the item's text starts. */
	contentColumn: number;
	indent: number;
	text: string;
}

/** A list item's marker: `- `, `* `, `+ `, `1. ` or `1) ` after at most 3 spaces. */
export function listMarker(line: string): ListMarker | undefined {
	const indent = indentOf(line);
	if (indent > 3) return undefined;
	const rest = line.trimStart();
	let width = 0;
	let ordered = false;
	if (rest[0] === '-' || rest[0] === '*' || rest[0] === '+') width = 1;
	else {
		while (width < 9 && rest[width] >= '0' && rest[width] <= '9') width++;
		if (width === 0 || (rest[width] !== '.' && rest[width] !== ')')) return undefined;
		ordered = true;
		width++;
	}
	const after = rest.slice(width);
	if (after !== '' && after[0] !== ' ' && after[0] !== '\t') return undefined;
	const spaces = Math.min(indentOf(after), 4);
	const gap = after.trim() === '' || spaces === 4 ? 1 : spaces;
	return {
		ordered,
		start: ordered ? Number(rest.slice(0, width - 1)) : 1,
		contentColumn: indent + width + gap,
		indent,
		text: after.trim() === '' ? '' : dedent(after, gap),
	};
}

/** A thematic break: three or more of one of `-`, `*`, `_`, spaces between. */
export function isRule(line: string): boolean {
	const chars = line.replace(/[ \t]/g, '');
	return (
		indentOf(line) <= 3 &&
		chars.length >= 3 &&
		(chars[0] === '-' || chars[0] === '*' || chars[0] === '_') &&
		chars === chars[0].repeat(chars.length)
	);
}

/** An ATX heading's level and text; the closing `#`s are left out. */
export function heading(line: string): { level: number; text: string } | undefined {
	if (indentOf(line) > 3) return undefined;
	const rest = line.trim();
	let level = 0;
	while (level < 7 && rest[level] === '#') level++;
	if (
		level === 0 ||
		level > 6 ||
		(rest.length > level && rest[level] !== ' ' && rest[level] !== '\t')
	)
		return undefined;
	let text = rest.slice(level).trim();
	let end = text.length;
	while (end > 0 && text[end - 1] === '#') end--;
	if (end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t')
		text = text.slice(0, end).trim();
	return { level, text };
}

/** An opening code fence: its character, length and language. */
function fence(line: string): { char: string; length: number; language: string } | undefined {
	if (indentOf(line) > 3) return undefined;
	const rest = line.trim();
	const char = rest[0];
	if (char !== '`' && char !== '~') return undefined;
	let length = 0;
	while (rest[length] === char) length++;
	const info = rest.slice(length).trim();
	if (length < 3 || (char === '`' && info.includes('`'))) return undefined;
	return { char, length, language: info.split(/[ \t]/)[0].replace(/`/g, '') };
}

export const isQuote = (line: string) => indentOf(line) <= 3 && line.trimStart().startsWith('>');

/** A table's delimiter row (GitHub's tables): pipes, dashes and colons only, with a pipe and a dash. */
export function isTableDelimiter(line: string): boolean {
	if (indentOf(line) > 3) return false;
	let pipe = false;
	let dash = false;
	for (const char of line.trim()) {
		if (char === '|') pipe = true;
		else if (char === '-') dash = true;
		else if (char !== ':' && char !== ' ' && char !== '\t') return false;
	}
	return pipe && dash;
}

/** A table row's cells: the line split at each pipe not escaped by a backslash, its outer pipes left out. */
function tableCells(line: string): string[] {
	const cells: string[] = [];
	let cell = '';
	let endsWithPipe = false;
	const row = line.trim();
	for (let at = 0; at < row.length; at++) {
		const char = row[at];
		endsWithPipe = char === '|';
		if (char === '\\' && at + 1 < row.length) {
			cell += char + row[at + 1];
			at++;
		} else if (endsWithPipe) {
			cells.push(cell);
			cell = '';
		} else cell += char;
	}
	if (!endsWithPipe) cells.push(cell);
	if (row.startsWith('|')) cells.shift();
	return cells.map((text) => text.trim());
}

/**
 * Whether a table starts at `at`: a row with a pipe, then a delimiter row of as many cells, at
 * most MAX_COLUMNS (each row gets that many cells: the document stays in proportion to the text).
 */
function startsTable(lines: string[], at: number): boolean {
	const next = lines[at + 1];
	if (next === undefined || !lines[at].includes('|') || !isTableDelimiter(next)) return false;
	const columns = tableCells(lines[at]).length;
	return columns <= MAX_COLUMNS && columns === tableCells(next).length;
}

/** Whether a line starts a block other than a paragraph (it ends a paragraph before it). */
export function startsBlock(line: string): boolean {
	const marker = listMarker(line);
	return (
		heading(line) !== undefined ||
		fence(line) !== undefined ||
		isQuote(line) ||
		isRule(line) ||
		// As CommonMark: only a list that starts at 1 and has text interrupts a paragraph.
		(marker !== undefined && marker.text !== '' && (!marker.ordered || marker.start === 1))
	);
}

const paragraph = (lines: string[]): Node | undefined => {
	const content = parseInline(lines.map((line) => line.trim()).join('\n')) as Node[];
	return content.length > 0 ? { type: 'paragraph', content } : undefined;
};

/** The blocks of some lines; past MAX_DEPTH every line is text. */
function parseBlocks(lines: string[], depth: number): Node[] {
	const blocks: Node[] = [];
	let text: string[] = [];
	const endParagraph = () => {
		const node = text.length > 0 ? paragraph(text) : undefined;
		if (node) blocks.push(node);
		text = [];
	};
	let at = 0;
	while (at < lines.length) {
		const line = lines[at];
		if (isBlank(line)) {
			endParagraph();
			at++;
			continue;
		}
		if (depth < MAX_DEPTH && startsTable(lines, at)) {
			endParagraph();
			at = table(lines, at, blocks);
			continue;
		}
		if (depth >= MAX_DEPTH || (text.length > 0 && !startsBlock(line))) {
			text.push(line);
			at++;
			continue;
		}
		endParagraph();
		const open = fence(line);
		const title = heading(line);
		if (open) {
			at = codeBlock(lines, at, open, blocks);
		} else if (title) {
			const content = parseInline(title.text) as Node[];
			blocks.push({
				type: 'heading',
				attrs: { level: title.level },
				...(content.length > 0 && { content }),
			});
			at++;
		} else if (isRule(line)) {
			blocks.push({ type: 'horizontal_rule' });
			at++;
		} else if (isQuote(line)) {
			const quoted: string[] = [];
			for (; at < lines.length && isQuote(lines[at]); at++) {
				const rest = lines[at].trimStart().slice(1);
				quoted.push(rest.startsWith(' ') ? rest.slice(1) : rest);
			}
			const content = parseBlocks(quoted, depth + 1);
			if (content.length > 0) blocks.push({ type: 'blockquote', content });
		} else if (listMarker(line)) {
			at = list(lines, at, depth, blocks);
		} else {
			text.push(line);
			at++;
		}
	}
	endParagraph();
	return blocks;
}

function codeBlock(
	lines: string[],
	from: number,
	open: { char: string; length: number; language: string },
	blocks: Node[],
): number {
	const indent = indentOf(lines[from]);
	const code: string[] = [];
	let at = from + 1;
	for (; at < lines.length; at++) {
		const rest = lines[at].trim();
		let length = 0;
		while (rest[length] === open.char) length++;
		if (indentOf(lines[at]) <= 3 && length >= open.length && rest.length === length) {
			at++;
			break;
		}
		code.push(dedent(lines[at], indent));
	}
	const content: Node[] = [];
	code.forEach((line, index) => {
		if (index > 0) content.push({ type: 'hard_break' });
		if (line !== '') content.push({ type: 'text', text: line });
	});
	blocks.push({
		type: 'code_block',
		attrs: { language: open.language || 'plaintext' },
		...(content.length > 0 && { content }),
	});
	return at;
}

/** A table (GitHub's form): the header row, the delimiter row, then rows up to a blank line or a line without a pipe. */
function table(lines: string[], from: number, blocks: Node[]): number {
	const columns = tableCells(lines[from]).length;
	const row = (line: string, cellType: string): Node => {
		const cells = tableCells(line);
		return {
			type: 'table_row',
			content: Array.from({ length: columns }, (_, column) => {
				const content = parseInline(cells[column] ?? '') as Node[];
				return {
					type: cellType,
					attrs: { colspan: 1, rowspan: 1, colwidth: null, background: null },
					content: [{ type: 'paragraph', ...(content.length > 0 && { content }) }],
				};
			}),
		};
	};
	const rows = [row(lines[from], 'table_header')];
	let at = from + 2;
	for (; at < lines.length && lines[at].includes('|') && !startsBlock(lines[at]); at++)
		rows.push(row(lines[at], 'table_cell'));
	blocks.push({ type: 'table', content: rows });
	return at;
}

/** A check list item's box (`[ ]`, `[x]`) at the start of a bullet item's text: whether it is checked, and the text after it. */
function checkBox(marker: ListMarker): { checked: boolean; text: string } | undefined {
	const { text } = marker;
	const box = text[1];
	if (marker.ordered || text[0] !== '[' || text[2] !== ']') return undefined;
	if (box !== ' ' && box !== 'x' && box !== 'X') return undefined;
	if (text.length > 3 && text[3] !== ' ' && text[3] !== '\t') return undefined;
	return { checked: box !== ' ', text: text.slice(4) };
}

/** A list of the items of one kind (bullets, numbers, check boxes) that follow each other; returns the line after it. */
function list(lines: string[], from: number, depth: number, blocks: Node[]): number {
	const first = listMarker(lines[from])!;
	const isCheckList = checkBox(first) !== undefined;
	const node: Node = {
		type: first.ordered ? 'ordered_list' : isCheckList ? 'check_list' : 'bullet_list',
		...(first.ordered && { attrs: { order: first.start } }),
		content: [],
	};
	let at = from;
	for (;;) {
		const marker = listMarker(lines[at]);
		const box = marker && checkBox(marker);
		if (!marker || marker.ordered !== first.ordered || (box !== undefined) !== isCheckList) break;
		const item = [box ? box.text : marker.text];
		// An item's lines are indented to its text; a nested list may be indented less (lenient).
		let shift = marker.contentColumn;
		let next = at + 1;
		let blanks = 0;
		for (; next < lines.length; next++) {
			const line = lines[next];
			if (isBlank(line)) {
				blanks++;
				continue;
			}
			const indent = indentOf(line);
			if (indent <= marker.indent && listMarker(line)) break;
			if (indent < shift && indent > marker.indent && listMarker(line.trimStart())) shift = indent;
			if (indent >= shift) {
				for (; blanks > 0; blanks--) item.push('');
				item.push(dedent(line, shift));
			} else if (blanks === 0 && !startsBlock(line)) item.push(line.trimStart());
			else break;
			blanks = 0;
		}
		const content = parseBlocks(item, depth + 1);
		node.content!.push({
			type: box ? 'check_list_item' : 'list_item',
			...(box && { attrs: { checked: box.checked } }),
			content: content.length > 0 ? content : [{ type: 'paragraph' }],
		});
		at = next;
		// Blank lines between items keep the list; anything else after them ends it.
		while (at < lines.length && isBlank(lines[at])) at++;
		if (at >= lines.length || !listMarker(lines[at])) {
			at = next;
			break;
		}
	}
	blocks.push(node);
	return at;
}

/** SmartDoc's `data` for some Markdown. */
export function markdownToSmartDocData(markdown: string): IDataObject {
	const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
	const content = parseBlocks(lines, 0);
	return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}
