/**
 * SmartDoc's `data` as Markdown, written so that markdownBlocks.ts reads it back to the same
 * structure: blocks apart by a blank line, list items and nested lists tight, a line break as a
 * newline, and the text's own `*`, `_`, `` ` ``, `[` escaped only where Markdown would read them.
 * Nodes nested deeper than MAX_DEPTH are written as their text.
 */
import type { IDataObject } from 'n8n-workflow';

import { heading, isQuote, isRule, isTableDelimiter, listMarker } from './markdownBlocks';
import { nodeLabel } from './smartDoc';

const MAX_DEPTH = 24;
const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
/** Marks in the order they are opened: a link outside, code inside. Names as smartDoc.ts and live clients write them. */
const MARKS: Record<string, { order: number; open: string; close: string }> = {
	link: { order: 0, open: '[', close: ']' },
	strong: { order: 1, open: '**', close: '**' },
	bold: { order: 1, open: '**', close: '**' },
	em: { order: 2, open: '*', close: '*' },
	italic: { order: 2, open: '*', close: '*' },
	strike: { order: 3, open: '~~', close: '~~' },
	strikethrough: { order: 3, open: '~~', close: '~~' },
};
const LIST_TYPES = new Set(['bullet_list', 'ordered_list', 'check_list']);
const ESCAPABLE = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const childrenOf = (node: IDataObject): IDataObject[] =>
	Array.isArray(node.content) ? node.content.filter(isObject) : [];

/** The text of a node and everything in it, walked with a stack (for nodes too deep to write). */
function plainText(node: IDataObject): string {
	const parts: string[] = [];
	const pending: IDataObject[] = [node];
	for (let next = pending.pop(); next; next = pending.pop()) {
		if (typeof next.text === 'string') parts.push(next.text);
		const children = childrenOf(next);
		for (let at = children.length - 1; at >= 0; at--) pending.push(children[at]);
	}
	return parts.join(' ');
}

/** A neighbour outside the text (undefined) may be a mark's `*`: only a real space counts. */
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * Text with the characters Markdown would read as syntax escaped. The text between escapes is
 * copied in slices: a string grown a character at a time took 574 ms for 1.6 MB (90 ms for 0.8).
 */
function escapeText(text: string): string {
	const out: string[] = [];
	let copied = 0;
	for (let at = 0; at < text.length; at++) {
		const char = text[at];
		const before = text[at - 1];
		const after = text[at + 1];
		let escape = false;
		if (char === '\\') escape = after === undefined || ESCAPABLE.includes(after);
		else if (char === '`' || char === '[') escape = true;
		else if (char === '*') escape = !(isSpace(before) && isSpace(after));
		else if (char === '_')
			escape = !(isSpace(before) && isSpace(after)) && !(isWordChar(before) && isWordChar(after));
		else if (char === '~') escape = before === '~' || after === '~';
		else if (char === '<') escape = /^(https?:|mailto:)/i.test(text.slice(at + 1, at + 9));
		if (!escape) continue;
		out.push(text.slice(copied, at), '\\');
		copied = at;
	}
	out.push(text.slice(copied));
	return out.join('');
}

/** A line of a paragraph that Markdown would read as another block, made text. */
function asTextLine(line: string): string {
	const marker = listMarker(line);
	if (marker?.ordered) {
		const at = line.search(/[.)]/);
		return `${line.slice(0, at)}\\${line.slice(at)}`;
	}
	const starts = heading(line) || isQuote(line) || isRule(line) || marker || isTableDelimiter(line);
	const indent = line.length - line.trimStart().length;
	return starts ? `${line.slice(0, indent)}\\${line.slice(indent)}` : line;
}

/** Marks are one in Markdown when their kind and address are (compared, never written out again per node). */
const hrefOf = (mark: IDataObject) => (isObject(mark.attrs) ? mark.attrs.href : undefined);
const sameMark = (a: IDataObject, b: IDataObject) =>
	MARKS[String(a.type)].order === MARKS[String(b.type)].order && hrefOf(a) === hrefOf(b);

const isPunctuation = (char: string | undefined) =>
	char !== undefined && /[\p{P}\p{S}]/u.test(char);

/**
 * The delimiter of the first mark opened right after marks closed with `*`: the closing and
 * opening stars make one run, which Markdown reads as both only between two letters or two
 * punctuation marks (`*x***a**`, not `*x***,**`, which leaves "**,**" as text); elsewhere the
 * mark opens with `_` or `__`.
 */
function delimiterAfterStars(mark: IDataObject, beforeStars: string, next: string): string {
	const { open } = MARKS[String(mark.type)];
	if (!open.startsWith('*')) return open;
	return isPunctuation(beforeStars) === isPunctuation(next) ? open : open.replace(/\*/g, '_');
}

/**
 * The Markdown of a paragraph as it is written, and how it ends: the stars it ends with and the
 * character before them. Never read back: reading a string grown piece by piece copies it whole,
 * which made writing quadratic (200,000 touching marks: 49 s).
 */
class InlineText {
	private readonly parts: string[] = [];
	/** How many pieces have been written. */
	count = 0;
	endStars = 0;
	beforeStars = '';

	add(text: string): void {
		if (text === '') return;
		this.parts.push(text);
		this.count++;
		let end = text.length;
		while (end > 0 && text[end - 1] === '*') end--;
		if (end === 0) {
			this.endStars += text.length;
			return;
		}
		this.endStars = text.length - end;
		this.beforeStars = text[end - 1];
	}

	toString(): string {
		return this.parts.join('');
	}
}

/** Inline nodes as Markdown; a hard break is a newline. Marks open and close as a stack, spaces kept outside them. */
function inline(nodes: IDataObject[]): string {
	const out = new InlineText();
	const open: Array<{ mark: IDataObject; delimiter: string }> = [];
	let pendingSpace = '';
	const closeTo = (length: number) => {
		while (open.length > length) {
			const { mark, delimiter } = open.pop()!;
			const href = isObject(mark.attrs) ? String(mark.attrs.href ?? '') : '';
			out.add(mark.type === 'link' ? `](${href.replace(/[ )]/g, encodeURIComponent)})` : delimiter);
		}
	};
	for (const given of nodes) {
		// A mention is its `@Name` or `#Title`, as text.
		const label = given.type === 'mention' ? nodeLabel(given) : undefined;
		const node = label === undefined ? given : { type: 'text', text: label };
		if (node.type === 'hard_break') {
			closeTo(0);
			out.add(`${pendingSpace}\n`);
			pendingSpace = '';
			continue;
		}
		if (typeof node.text !== 'string' || node.text === '') continue;
		const marks = (Array.isArray(node.marks) ? node.marks.filter(isObject) : [])
			.filter((mark) => MARKS[String(mark.type)])
			.sort((a, b) => MARKS[String(a.type)].order - MARKS[String(b.type)].order);
		const isCode =
			Array.isArray(node.marks) &&
			node.marks.some((mark) => isObject(mark) && mark.type === 'code');
		let kept = 0;
		while (kept < open.length && kept < marks.length && sameMark(open[kept].mark, marks[kept]))
			kept++;
		const text = node.text;
		const core = isCode ? text : text.trim();
		const lead = isCode ? '' : text.slice(0, text.length - text.trimStart().length);
		const trail = isCode ? '' : text.slice(text.trimEnd().length);
		const closedBefore = out.count;
		closeTo(kept);
		const closedWithStars = out.count > closedBefore && out.endStars > 0;
		if (core === '') {
			// Spaces between marked texts: outside the marks they do not have.
			pendingSpace += text;
			continue;
		}
		const written = isCode ? codeSpan(core) : escapeText(core);
		const opened = marks.slice(kept);
		const after = (index: number) =>
			index + 1 < opened.length ? MARKS[String(opened[index + 1].type)].open : written;
		out.add(pendingSpace + lead);
		opened.forEach((mark, index) => {
			const delimiter =
				index === 0 && closedWithStars && out.endStars > 0
					? delimiterAfterStars(mark, out.beforeStars, after(index)[0])
					: MARKS[String(mark.type)].open;
			out.add(delimiter);
			open.push({ mark, delimiter });
		});
		out.add(written);
		pendingSpace = trail;
	}
	closeTo(0);
	return `${out.toString()}${pendingSpace}`;
}

/** Inline code in enough backticks; a space inside each end when the code starts or ends with one. */
function codeSpan(code: string): string {
	let longest = 0;
	let run = 0;
	for (const char of code) {
		run = char === '`' ? run + 1 : 0;
		longest = Math.max(longest, run);
	}
	const fence = '`'.repeat(longest + 1);
	const pad =
		code.startsWith('`') ||
		code.endsWith('`') ||
		(code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
			? ' '
			: '';
	return `${fence}${pad}${code}${pad}${fence}`;
}

/** The lines of a code block: its text, a hard break as a new line. */
function codeLines(node: IDataObject): string[] {
	return childrenOf(node)
		.map((child) =>
			child.type === 'hard_break' ? '\n' : typeof child.text === 'string' ? child.text : '',
		)
		.join('')
		.split('\n');
}

function codeBlock(node: IDataObject): string[] {
	const lines = codeLines(node);
	let longest = 2;
	for (const line of lines) {
		const rest = line.trimStart();
		let run = 0;
		while (rest[run] === '`') run++;
		longest = Math.max(longest, run);
	}
	const fence = '`'.repeat(longest + 1);
	const attrs = isObject(node.attrs) ? node.attrs : {};
	const language =
		typeof attrs.language === 'string' && attrs.language !== 'plaintext' ? attrs.language : '';
	return [`${fence}${language.replace(/[`\s]/g, '')}`, ...lines, fence];
}

/** A line without the spaces it ends with (Markdown drops them), unless a backslash would then end it (a break). */
function trimLineEnd(line: string): string {
	const trimmed = line.trimEnd();
	return trimmed.endsWith('\\') ? line : trimmed;
}

/** A paragraph's lines; a line left empty by line breaks is a backslash (a break), a last one is left out. */
function paragraphLines(children: IDataObject[]): string[] {
	const lines = inline(children).split('\n').map(trimLineEnd);
	while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
	return lines.map((line) => (line === '' ? '\\' : asTextLine(line)));
}

/** A list's items: each marker before its first line, the rest indented to the text. */
function listLines(node: IDataObject, depth: number): string[] {
	const attrs = isObject(node.attrs) ? node.attrs : {};
	const start = Number.isInteger(attrs.order) ? Number(attrs.order) : 1;
	return childrenOf(node).flatMap((item, index) => {
		const itemAttrs = isObject(item.attrs) ? item.attrs : {};
		const check =
			node.type === 'check_list' || item.type === 'check_list_item'
				? itemAttrs.checked === true
					? '[x] '
					: '[ ] '
				: '';
		const marker = node.type === 'ordered_list' ? `${start + index}. ` : '- ';
		const body = blockLines(childrenOf(item), depth + 1, true);
		const pad = ' '.repeat(marker.length);
		const lines = body.length > 0 ? body : [''];
		// "- ---" would read as a rule, not an item holding one.
		if (childrenOf(item)[0]?.type === 'horizontal_rule') lines[0] = '***';
		return lines.map((line, at) =>
			at === 0 ? `${marker}${check}${line}`.trimEnd() : line === '' ? '' : pad + line,
		);
	});
}

function nodeLines(node: IDataObject, depth: number): string[] {
	if (depth > MAX_DEPTH) return [escapeText(plainText(node))];
	const children = childrenOf(node);
	switch (node.type) {
		case 'paragraph':
			return paragraphLines(children);
		case 'heading': {
			const attrs = isObject(node.attrs) ? node.attrs : {};
			const level = Math.min(Math.max(Number(attrs.level) || 1, 1), 6);
			const text = inline(children.filter((child) => child.type !== 'hard_break'));
			return [`${'#'.repeat(level)} ${text}`.trimEnd()];
		}
		case 'blockquote':
			return blockLines(children, depth + 1, false).map((line) =>
				line === '' ? '>' : `> ${line}`,
			);
		case 'code_block':
			return codeBlock(node);
		case 'horizontal_rule':
			return ['---'];
		case 'table':
			return tableLines(children);
		case 'image':
		case 'attachment': {
			const label = nodeLabel(node);
			return label ? paragraphLines([{ type: 'text', text: label }]) : [];
		}
		case 'text':
		case 'hard_break':
			return paragraphLines([node]);
		default:
			if (LIST_TYPES.has(String(node.type))) return listLines(node, depth);
			// Other nodes (SmartSuite's callouts...): their content.
			return children.some((child) => typeof child.text === 'string')
				? paragraphLines(children)
				: blockLines(children, depth + 1, false);
	}
}

function tableLines(rows: IDataObject[]): string[] {
	const lines = rows.map(
		(row) =>
			`| ${childrenOf(row)
				.map((cell) =>
					inline(childrenOf(cell).flatMap(childrenOf)).replace(/\n/g, ' ').replace(/\|/g, '\\|'),
				)
				.join(' | ')} |`,
	);
	const columns = rows.length > 0 ? childrenOf(rows[0]).length : 0;
	if (lines.length > 0) lines.splice(1, 0, `|${' --- |'.repeat(columns)}`);
	return lines;
}

/** Blocks apart by a blank line; in a list item (`tight`), a list right under the text before it. */
function blockLines(nodes: IDataObject[], depth: number, tight: boolean): string[] {
	const lines: string[] = [];
	for (const node of nodes) {
		const own = nodeLines(node, depth);
		if (own.length === 0) continue;
		if (lines.length > 0 && !(tight && LIST_TYPES.has(String(node.type)))) lines.push('');
		for (const line of own) lines.push(line);
	}
	return lines;
}

/** Markdown for SmartDoc's `data` (a `doc` node). */
export function smartDocDataToMarkdown(data: unknown): string {
	if (!isObject(data)) return '';
	return blockLines(childrenOf(data), 0, false).join('\n');
}
