/**
 * A SmartDoc value as SmartSuite holds it, from its document (`data`): `html` rendered, and
 * `preview` as HTML too, cut after 500 visible characters with "…" (its open tags closed). The
 * shapes follow a record captured from a live workspace (Grupo-AFAL/smartsuite_mcp_server,
 * docs/smartdoc_complete_reference.json): headings with `data-id`, paragraphs as `<p>` in the
 * HTML and as ` text\n` in the preview, check lists, code blocks, tables, mentions, images,
 * attachments, callouts, and the marks strong, em, underline, strikethrough, code, link, color
 * and highlight. Syntax highlighting of code blocks is left out.
 */
const PREVIEW_LENGTH = 500;
/** Highlight colours as SmartSuite's HTML writes them. */
const HIGHLIGHTS: Record<string, string> = {
	yellow: 'rgb(251,243,219)',
	red: 'rgb(251,228,228)',
	blue: 'rgb(221,235,241)',
	green: 'rgb(221,237,234)',
};

type Doc = Record<string, unknown>;
type Token =
	| { kind: 'open'; html: string; close: string }
	| { kind: 'close' }
	| { kind: 'text'; text: string }
	| { kind: 'void'; html: string };

const isObject = (value: unknown): value is Doc =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const childrenOf = (node: Doc): Doc[] =>
	Array.isArray(node.content) ? node.content.filter(isObject) : [];
const attrsOf = (node: Doc): Doc => (isObject(node.attrs) ? node.attrs : {});
const escapeHtml = (text: string) =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** A document's text: each block on its own line, a hard break a new line, a mention its `@Name`. */
export function docText(node: unknown): string {
	if (!isObject(node)) return '';
	if (typeof node.text === 'string') return node.text;
	if (node.type === 'hard_break') return '\n';
	if (node.type === 'mention')
		return `${str(attrsOf(node).prefix) || '@'}${str(attrsOf(node).title)}`;
	const content = childrenOf(node);
	const inline = content.some(
		(child) =>
			typeof child.text === 'string' || child.type === 'hard_break' || child.type === 'mention',
	);
	return content.map(docText).join(inline ? '' : '\n');
}

class Renderer {
	readonly tokens: Token[] = [];
	constructor(private readonly preview: boolean) {}

	private open(html: string, close: string) {
		this.tokens.push({ kind: 'open', html, close });
	}
	private close() {
		this.tokens.push({ kind: 'close' });
	}
	private text(text: string) {
		this.tokens.push({ kind: 'text', text });
	}
	private void(html: string) {
		this.tokens.push({ kind: 'void', html });
	}
	private wrap(html: string, close: string, inner: () => void) {
		this.open(html, close);
		inner();
		this.close();
	}

	node(node: Doc): void {
		const attrs = attrsOf(node);
		const children = () => childrenOf(node).forEach((child) => this.node(child));
		const file = isObject(attrs.file) ? attrs.file : {};
		const fileUrl = `/api/v1/shared-files/${escapeHtml(str(file.handle))}/get_url/`;
		const filename = isObject(file.metadata) ? str(file.metadata.filename) : '';
		switch (node.type) {
			case 'doc':
				return children();
			case 'text':
				return this.marked(node, 0);
			case 'hard_break':
				return this.void('<br>');
			case 'horizontal_rule':
				return this.void('<hr>');
			case 'paragraph': {
				if (this.preview) {
					this.text(' ');
					children();
					return this.text('\n');
				}
				const align = str(attrs.textAlign);
				return this.wrap(
					align ? `<p class="align-${escapeHtml(align)}" >` : '<p>',
					'</p>',
					children,
				);
			}
			case 'heading': {
				const level = Math.min(Math.max(Number(attrs.level) || 1, 1), 6);
				const id = str(attrs.id) ? ` data-id="${escapeHtml(str(attrs.id))}"` : '';
				return this.wrap(`<h${level}${id}>`, `</h${level}>`, () => {
					this.text('\n  ');
					children();
					this.text('\n');
				});
			}
			case 'bullet_list':
				return this.wrap('<ul>', '</ul>', children);
			case 'ordered_list':
				return this.wrap(`<ol start="${Number(attrs.order) || 1}">`, '</ol>', children);
			case 'list_item':
			case 'table_row':
				return this.wrap(
					node.type === 'list_item' ? '<li>' : '<tr>',
					node.type === 'list_item' ? '</li>' : '</tr>',
					children,
				);
			case 'check_list':
				return this.wrap('<ul class="checklist">', '</ul>', children);
			case 'check_list_item': {
				const checked = attrs.checked === true;
				this.open(
					`<li class="checklist-item${checked ? ' checklist-item-complete' : ''}">`,
					'</li>',
				);
				this.void(
					`<input class="checklist-item-checkbox" type="checkbox"${checked ? ' checked' : ''}>`,
				);
				this.wrap('<div class="checklist-item-content">', '</div>', children);
				return this.close();
			}
			case 'code_block':
				return this.wrap('<div class="highlight"><pre>', '</pre></div>', () => {
					for (const child of childrenOf(node))
						this.text(child.type === 'hard_break' ? '\n' : str(child.text));
					this.text('\n');
				});
			case 'table':
				return this.wrap(
					'<div class="tableWrapper"><table><tbody>',
					'</tbody></table></div>',
					children,
				);
			case 'table_header':
			case 'table_cell': {
				const tag = node.type === 'table_header' ? 'th' : 'td';
				return this.wrap(`<${tag}>`, `</${tag}>`, children);
			}
			case 'mention': {
				const application = isObject(attrs.application) ? attrs.application : {};
				return this.wrap(
					`<a class="mention" mention-id="${escapeHtml(str(attrs.id))}" mention-application-id="${escapeHtml(str(application.id))}" mention-application-slug="${escapeHtml(str(application.slug))}" mention-application-name="${escapeHtml(str(application.name))}" title="${escapeHtml(str(attrs.title))}" contenteditable="false" draggable="true">`,
					'</a>',
					() => this.text(docText(node)),
				);
			}
			case 'image':
				return this.wrap('<figure class="editor-image">', '</figure>', () => {
					this.void(`<img src="${fileUrl}" class="attachment-image">`);
					this.wrap('<figcaption class="editor-image-caption">', '</figcaption>', () =>
						this.text(str(attrs.caption)),
					);
				});
			case 'attachment':
				return this.wrap(
					`<a class="attachment-link ellipsis" target="_blank" href="${fileUrl}">`,
					'</a>',
					() => this.text(filename),
				);
			case 'callout': {
				const kind = escapeHtml(str(attrs.type) || 'info');
				return this.wrap(
					`<div class="callout callout--${kind}" data-callout="${kind}"><div class="callout__content">`,
					'</div></div>',
					children,
				);
			}
			default:
				return children();
		}
	}

	/** A text node inside its marks, the first mark innermost (as SmartSuite writes them). */
	private marked(node: Doc, from: number): void {
		const marks = Array.isArray(node.marks) ? node.marks.filter(isObject) : [];
		if (from >= marks.length) return this.text(str(node.text));
		const mark = marks[marks.length - 1 - from];
		const attrs = attrsOf(mark);
		const inner = () => this.marked(node, from + 1);
		const tags: Record<string, [string, string]> = {
			strong: ['<strong>', '</strong>'],
			em: ['<em>', '</em>'],
			underline: ['<u>', '</u>'],
			strikethrough: ['<s>', '</s>'],
			code: ['<code>', '</code>'],
			link: [`<a href="${escapeHtml(str(attrs.href))}" target="_blank">`, '</a>'],
			color: [`<span style="color: ${escapeHtml(str(attrs.color))}">`, '</span>'],
			highlight: [
				`<span style="background-color: ${escapeHtml(HIGHLIGHTS[str(attrs.color)] ?? str(attrs.color))}">`,
				'</span>',
			],
		};
		const [open, close] = tags[str(mark.type)] ?? ['', ''];
		if (open === '') return inner();
		this.wrap(open, close, inner);
	}
}

/** The tokens as HTML; with `limit`, cut after `limit - 1` visible characters with "…" when they hold more than `limit`. */
function html(tokens: Token[], limit?: number): string {
	const visible = tokens.reduce(
		(sum, token) => sum + (token.kind === 'text' ? token.text.length : 0),
		0,
	);
	const cutAt = limit !== undefined && visible > limit ? limit - 1 : Infinity;
	const open: string[] = [];
	let out = '';
	let shown = 0;
	for (const token of tokens) {
		if (token.kind === 'open') {
			out += token.html;
			open.push(token.close);
		} else if (token.kind === 'close') out += open.pop() ?? '';
		else if (token.kind === 'void') out += token.html;
		else if (shown + token.text.length <= cutAt) {
			out += escapeHtml(token.text);
			shown += token.text.length;
		} else {
			out += `${escapeHtml(token.text.slice(0, cutAt - shown))}…`;
			return out + open.reverse().join('');
		}
	}
	return out;
}

/** The value SmartSuite stores for a document: the document, its HTML and its preview. */
export function smartDocValue(data: Doc) {
	const full = new Renderer(false);
	full.node(data);
	const preview = new Renderer(true);
	preview.node(data);
	return {
		data,
		html: `<div class="rendered">${html(full.tokens)}</div>`,
		preview: html(preview.tokens, PREVIEW_LENGTH).trim(),
		yjsData: null,
	};
}
