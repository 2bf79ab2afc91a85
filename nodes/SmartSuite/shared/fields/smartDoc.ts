/**
 * SmartDoc's `data` (SmartSuite's editor document: ProseMirror nodes with snake_case names, as in
 * the field-types reference and live clients) from HTML: paragraphs, headings, bullet and ordered
 * lists, line breaks, and bold, italic, underline, strike, code and links; any other tag is left
 * out with its text kept. One pass over the text, no regular expression that can backtrack, lists
 * nested at most MAX_LIST_DEPTH deep: safe for any input. Also the document back as HTML and text.
 */
import type { IDataObject } from 'n8n-workflow';

const MAX_LIST_DEPTH = 8;
const HEADING = /^h([1-6])$/;
const MARKS: Record<string, string> = {
	b: 'strong',
	strong: 'strong',
	i: 'em',
	em: 'em',
	u: 'underline',
	ins: 'underline',
	s: 'strikethrough',
	strike: 'strikethrough',
	del: 'strikethrough',
	code: 'code',
};
const LISTS: Record<string, string> = { ul: 'bullet_list', ol: 'ordered_list' };
/** Tags that end a paragraph; their text becomes paragraphs. */
const BLOCKS = new Set([
	'p',
	'div',
	'blockquote',
	'pre',
	'section',
	'article',
	'header',
	'footer',
	'table',
	'tr',
	'dd',
	'dt',
	'hr',
]);
/** Tags whose content is not text. */
const HIDDEN = new Set(['script', 'style', 'head', 'template', 'title']);

const ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
		if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
		const code =
			name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
		const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
		return valid ? String.fromCodePoint(code) : whole;
	});
}

/** The `href` of a tag's attributes when it is a web or mail link; other schemes are not linked. */
function hrefOf(attributes: string): string | undefined {
	const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
	const href = decodeEntities((match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim());
	return /^(https?:\/\/|mailto:)/i.test(href) ? href : undefined;
}

interface Node extends IDataObject {
	type: string;
	content?: Node[];
}

const hrefIn = (mark: IDataObject) => (mark.attrs as IDataObject | undefined)?.href;
/** Equal marks as DocBuilder makes them (in one order, a link last), without writing an address out again per text. */
const sameMarks = (a: IDataObject[], b: IDataObject[]) =>
	a.length === b.length &&
	a.every((mark, at) => mark.type === b[at].type && hrefIn(mark) === hrefIn(b[at]));

/** Builds the document while the HTML is read, tag by tag. */
class DocBuilder {
	readonly doc: Node[] = [];
	/** Open lists and list items, innermost last. */
	private readonly containers: Node[] = [];
	/** Lists opened past MAX_LIST_DEPTH, whose tags are passed over. */
	private ignoredLists = 0;
	private inline: Node[] = [];
	private block: Node = { type: 'paragraph' };
	private readonly marks: Record<string, number> = {
		strong: 0,
		em: 0,
		underline: 0,
		strikethrough: 0,
		code: 0,
	};
	private readonly links: Array<string | undefined> = [];

	text(raw: string): void {
		let text = decodeEntities(raw).replace(/[ \t\r\n\f]+/g, ' ');
		if (this.inline.length === 0 || this.inline[this.inline.length - 1].type === 'hard_break')
			text = text.replace(/^ /, '');
		if (text === '') return;
		const marks: IDataObject[] = Object.entries(this.marks)
			.filter(([, count]) => count > 0)
			.map(([type]) => ({ type }));
		const href = this.links[this.links.length - 1];
		if (href) marks.push({ type: 'link', attrs: { href } });
		const last = this.inline[this.inline.length - 1];
		if (last?.type === 'text' && sameMarks((last.marks ?? []) as IDataObject[], marks)) {
			last.text = `${String(last.text)}${text}`;
			return;
		}
		this.inline.push({ type: 'text', text, ...(marks.length > 0 && { marks }) });
	}

	open(tag: string, attributes: string): void {
		const heading = HEADING.exec(tag);
		if (tag === 'br') this.inline.push({ type: 'hard_break' });
		else if (MARKS[tag]) this.marks[MARKS[tag]]++;
		else if (tag === 'a') this.links.push(hrefOf(attributes));
		else if (heading) this.startBlock({ type: 'heading', attrs: { level: Number(heading[1]) } });
		else if (BLOCKS.has(tag)) this.startBlock({ type: 'paragraph' });
		else if (LISTS[tag]) this.openList(tag);
		else if (tag === 'li') this.openItem();
	}

	close(tag: string): void {
		if (MARKS[tag]) this.marks[MARKS[tag]] = Math.max(0, this.marks[MARKS[tag]] - 1);
		else if (tag === 'a') this.links.pop();
		else if (HEADING.test(tag) || BLOCKS.has(tag)) this.startBlock({ type: 'paragraph' });
		else if (LISTS[tag]) this.closeUpTo(LISTS[tag]);
		else if (tag === 'li') this.closeUpTo('list_item');
	}

	finish(): Node[] {
		this.flush();
		return this.doc.length > 0 ? this.doc : [{ type: 'paragraph' }];
	}

	/** Ends the current block and starts one of this kind. */
	private startBlock(next: Node): void {
		this.flush();
		this.block = next;
	}

	private flush(): void {
		while (this.inline[this.inline.length - 1]?.type === 'hard_break') this.inline.pop();
		const last = this.inline[this.inline.length - 1];
		if (last?.type === 'text') last.text = String(last.text).replace(/ $/, '');
		const content = this.inline.filter((node) => node.type !== 'text' || node.text !== '');
		if (content.length > 0) this.append({ ...this.block, content });
		this.inline = [];
		this.block = { type: 'paragraph' };
	}

	/** Adds a block where the HTML is: in the innermost list item (one made for text loose in a list). */
	private append(node: Node): void {
		const container = this.containers[this.containers.length - 1];
		if (!container) this.doc.push(node);
		else if (container.type === 'list_item') container.content!.push(node);
		else container.content!.push({ type: 'list_item', content: [node] });
	}

	private openList(tag: string): void {
		this.flush();
		const depth = this.containers.filter((node) => node.type !== 'list_item').length;
		if (depth >= MAX_LIST_DEPTH) {
			this.ignoredLists++;
			return;
		}
		const list: Node = {
			type: LISTS[tag],
			...(tag === 'ol' && { attrs: { order: 1 } }),
			content: [],
		};
		this.append(list);
		// A list appended loose in another list got its own item: open that item too.
		const parent = this.containers[this.containers.length - 1];
		if (parent && parent.type !== 'list_item') this.containers.push(parent.content!.at(-1)!);
		this.containers.push(list);
	}

	private openItem(): void {
		this.flush();
		const list = this.containers[this.containers.length - 1];
		if (!list || list.type === 'list_item') return; // An item outside a list: its text is a paragraph.
		const item: Node = { type: 'list_item', content: [] };
		list.content!.push(item);
		this.containers.push(item);
	}

	private closeUpTo(type: string): void {
		this.flush();
		if (type !== 'list_item' && this.ignoredLists > 0) {
			this.ignoredLists--;
			return;
		}
		const at = this.containers.map((node) => node.type).lastIndexOf(type);
		if (at < 0) return;
		for (const node of this.containers.splice(at)) {
			if (node.type === 'list_item' && node.content!.length === 0)
				node.content!.push({ type: 'paragraph' });
		}
	}
}

/** SmartDoc's `data` for some HTML. */
export function htmlToSmartDocData(html: string): IDataObject {
	const builder = new DocBuilder();
	let hidden: string | undefined;
	let at = 0;
	// Where the text not yet given to the builder starts: a "<" that opens no tag stays in it, so a
	// run of them is one piece of text, not one each.
	let textFrom = 0;
	const flushText = (end: number) => {
		if (end > textFrom && !hidden) builder.text(html.slice(textFrom, end));
	};
	// The next ">" at or after a "<", found once: a text of "<" without ">" is read in one pass.
	let gt = -2;
	while (at < html.length) {
		const lt = html.indexOf('<', at);
		if (lt < 0) break;
		if (html.startsWith('<!--', lt)) {
			flushText(lt);
			const end = html.indexOf('-->', lt + 4);
			at = textFrom = end < 0 ? html.length : end + 3;
			continue;
		}
		if (gt !== -1 && gt < lt) gt = html.indexOf('>', lt);
		const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)/.exec(
			html.slice(lt, Math.min(lt + 20, html.length)),
		);
		if (!tag || gt < 0) {
			// Not a tag: a "<" of the text.
			at = lt + 1;
			continue;
		}
		flushText(lt);
		const name = tag[2].toLowerCase();
		const closing = tag[1] === '/';
		at = textFrom = gt + 1;
		if (hidden) {
			if (closing && name === hidden) hidden = undefined;
		} else if (HIDDEN.has(name) && !closing && !html.slice(lt, gt).endsWith('/')) {
			hidden = name;
		} else if (closing) {
			builder.close(name);
		} else {
			builder.open(name, html.slice(lt + tag[0].length, gt));
		}
	}
	flushText(html.length);
	return { type: 'doc', content: builder.finish() };
}

const HTML_MARKS: Record<string, string> = {
	strong: 'strong',
	bold: 'strong',
	em: 'em',
	italic: 'em',
	underline: 'u',
	strike: 's',
	strikethrough: 's',
	code: 'code',
};
const HTML_BLOCKS: Record<string, string> = {
	paragraph: 'p',
	bullet_list: 'ul',
	list_item: 'li',
	blockquote: 'blockquote',
	table_row: 'tr',
	table_header: 'th',
	table_cell: 'td',
};
/** Deeper nodes are written as their text only. */
const MAX_HTML_DEPTH = 24;

const escapeHtmlText = (text: string) =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const nodesIn = (node: IDataObject): IDataObject[] =>
	Array.isArray(node.content) ? node.content.filter(isNode) : [];
const isNode = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

function textHtml(node: IDataObject): string {
	let html = escapeHtmlText(String(node.text));
	const marks = Array.isArray(node.marks) ? node.marks.filter(isNode) : [];
	for (const mark of marks) {
		const tag = HTML_MARKS[String(mark.type)];
		const href = isNode(mark.attrs) ? hrefOf(`href="${String(mark.attrs.href ?? '')}"`) : undefined;
		if (tag) html = `<${tag}>${html}</${tag}>`;
		else if (mark.type === 'link' && href) html = `<a href="${escapeHtmlText(href)}">${html}</a>`;
	}
	return html;
}

/** A mention as SmartSuite's HTML writes it: a link of class `mention` to the member or record. */
function mentionHtml(attrs: IDataObject, label: string): string {
	const application = isNode(attrs.application) ? attrs.application : {};
	const attribute = (name: string, value: unknown) =>
		typeof value === 'string' ? ` ${name}="${escapeHtmlText(value)}"` : '';
	return `<a class="mention"${attribute('mention-id', attrs.id)}${attribute('mention-application-id', application.id)}${attribute('mention-application-slug', application.slug)}${attribute('mention-application-name', application.name)}${attribute('title', attrs.title)}>${escapeHtmlText(label)}</a>`;
}

function nodeHtml(node: IDataObject, depth: number): string {
	if (typeof node.text === 'string') return textHtml(node);
	if (node.type === 'hard_break') return '<br>';
	if (node.type === 'horizontal_rule') return '<hr>';
	const attrs = isNode(node.attrs) ? node.attrs : {};
	const label = nodeLabel(node);
	if (label !== undefined)
		return node.type === 'mention' ? mentionHtml(attrs, label) : `<p>${escapeHtmlText(label)}</p>`;
	const inner =
		depth > MAX_HTML_DEPTH
			? escapeHtmlText(smartDocDataToText(node))
			: nodesIn(node)
					.map((child) => nodeHtml(child, depth + 1))
					.join('');
	if (node.type === 'heading') {
		const level = Math.min(Math.max(Number(attrs.level) || 1, 1), 6);
		return `<h${level}>${inner}</h${level}>`;
	}
	if (node.type === 'ordered_list') {
		const start =
			Number.isInteger(attrs.order) && attrs.order !== 1 ? ` start="${String(attrs.order)}"` : '';
		return `<ol${start}>${inner}</ol>`;
	}
	if (node.type === 'code_block') return `<pre><code>${inner.replace(/<br>/g, '\n')}</code></pre>`;
	if (node.type === 'check_list') return `<ul class="checklist">${inner}</ul>`;
	if (node.type === 'check_list_item') {
		const checked = attrs.checked === true;
		return `<li class="checklist-item${checked ? ' checklist-item-complete' : ''}"><input class="checklist-item-checkbox" type="checkbox"${checked ? ' checked' : ''}>${inner}</li>`;
	}
	if (node.type === 'table') return `<table><tbody>${inner}</tbody></table>`;
	if (node.type === 'callout') {
		const kind = typeof attrs.type === 'string' ? escapeHtmlText(attrs.type) : 'info';
		return `<div class="callout callout--${kind}" data-callout="${kind}">${inner}</div>`;
	}
	const tag = HTML_BLOCKS[String(node.type)];
	return tag ? `<${tag}>${inner}</${tag}>` : inner;
}

/** HTML for SmartDoc's `data`: what SmartSuite keeps beside the document. */
export function smartDocDataToHtml(data: IDataObject): string {
	return nodesIn(data)
		.map((node) => nodeHtml(node, 0))
		.join('');
}

/** What stands for a node without text of its own: a mention's `@Name` / `#Title`, an image's caption (else its file name), an attachment's file name. */
export function nodeLabel(node: IDataObject): string | undefined {
	const attrs = isNode(node.attrs) ? node.attrs : {};
	if (node.type === 'mention') {
		const prefix = attrs.prefix === '#' ? '#' : '@';
		return typeof attrs.title === 'string' ? `${prefix}${attrs.title}` : undefined;
	}
	if (node.type !== 'image' && node.type !== 'attachment') return undefined;
	const caption = typeof attrs.caption === 'string' ? attrs.caption.trim() : '';
	const file = isNode(attrs.file) ? attrs.file : {};
	const metadata = isNode(file.metadata) ? file.metadata : {};
	const name = typeof metadata.filename === 'string' ? metadata.filename : '';
	return (node.type === 'image' && caption) || name || undefined;
}

/** Inline nodes: text, a line break, a mention. */
const isInline = (node: IDataObject) =>
	typeof node.text === 'string' || node.type === 'hard_break' || node.type === 'mention';

/** The text of nodes nested too deep to walk as blocks: every text and label, apart by a space, with a stack. */
function flatText(node: IDataObject): string {
	const parts: string[] = [];
	const pending: IDataObject[] = [node];
	for (let next = pending.pop(); next; next = pending.pop()) {
		const label = typeof next.text === 'string' ? next.text : nodeLabel(next);
		if (label) parts.push(label);
		const children = nodesIn(next);
		for (let at = children.length - 1; at >= 0; at--) pending.push(children[at]);
	}
	return parts.join(' ');
}

/** A block's lines of text; past MAX_HTML_DEPTH, its text on one line. */
function textLines(node: IDataObject, depth: number): string[] {
	if (depth > MAX_HTML_DEPTH) return [flatText(node)];
	const label = nodeLabel(node);
	if (label !== undefined) return [label];
	const children = nodesIn(node);
	if (node.type === 'table_row')
		return [children.map((cell) => textLines(cell, depth + 1).join(' ')).join('\t')];
	if (node.type === 'check_list_item') {
		const lines = children.flatMap((child) => textLines(child, depth + 1));
		const box = isNode(node.attrs) && node.attrs.checked === true ? '[x]' : '[ ]';
		return [`${box} ${lines[0] ?? ''}`.trimEnd(), ...lines.slice(1)];
	}
	if (children.some(isInline)) {
		let line = '';
		const lines: string[] = [];
		for (const child of children) {
			if (child.type === 'hard_break') {
				lines.push(line);
				line = '';
			} else line += typeof child.text === 'string' ? child.text : (nodeLabel(child) ?? '');
		}
		if (line !== '') lines.push(line);
		return lines;
	}
	return children.flatMap((child) => textLines(child, depth + 1));
}

/**
 * The text of SmartDoc's `data`: each block, list item and table row on its own line (a row's
 * cells apart by a tab), a line break as a newline, a check list item after `[x]` or `[ ]`, a
 * mention as `@Name` or `#Title`, an image or attachment as its caption or file name.
 */
export function smartDocDataToText(data: IDataObject): string {
	return textLines(data, 0).join('\n');
}
