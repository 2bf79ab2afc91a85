/**
 * Markdown in and out of SmartDoc (rich text fields and comments). Node and mark names are those
 * SmartSuite's documents use and its live clients write: heading {level}, bullet_list,
 * ordered_list {order}, list_item, blockquote, code_block {language}, horizontal_rule,
 * hard_break; marks strong, em, strike, code, link {href}. Sources: the Ruby client in live use,
 * Grupo-AFAL/smartsuite_mcp_server lib/smart_suite/formatters/markdown_to_smartdoc.rb
 * (MarkdownToSmartdoc: code_block {language, "plaintext" when none}, horizontal_rule, strong, em)
 * and a SmartDoc → Markdown converter of SmartSuite's MCP users (convertSmartDocToMarkdown:
 * strike, code, code_block, blockquote, horizontal_rule, check_list, table). Read back, the names
 * `bold`, `italic` and `strikethrough` of other clients are understood too.
 */
import type { IDataObject } from 'n8n-workflow';

import { markdownToSmartDocData } from './markdownBlocks';
import { smartDocDataToMarkdown } from './markdownOut';
import { htmlToSmartDocData, smartDocDataToHtml, smartDocDataToText } from './smartDoc';

export { markdownToSmartDocData, smartDocDataToMarkdown };

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** A SmartDoc value (`data`, `html`, `preview`) for some Markdown. */
export function markdownToSmartDoc(markdown: string): IDataObject {
	return smartDocOf(markdownToSmartDocData(markdown));
}

export function smartDocOf(data: IDataObject): IDataObject {
	return { data, html: smartDocDataToHtml(data), preview: smartDocDataToText(data) };
}

/** Node types whose presence says text was written as Markdown. */
const BLOCK_SIGNS = new Set(['heading', 'blockquote', 'code_block']);
/** Marks that say so: `em` is left out (`2*3*4`), and `strong` counts only from `**` (`__init__`). */
const MARK_SIGNS = new Set(['strike', 'code', 'link']);

/**
 * The document of text that is clearly Markdown, else undefined (the text stays plain): a
 * heading, a quote, a code block or span, a link, ~~strike~~, **strong**, or a list of two items
 * or more. Text that only looks like it (`5 * 3`, `a_b_c`, `#hashtag`, `2 - 1`) has none of them.
 */
export function recognisedMarkdown(text: string): IDataObject | undefined {
	const data = markdownToSmartDocData(text);
	const pending: IDataObject[] = [data];
	for (let node = pending.pop(); node; node = pending.pop()) {
		const content = Array.isArray(node.content) ? node.content.filter(isObject) : [];
		const type = String(node.type);
		if (BLOCK_SIGNS.has(type) && (type !== 'heading' || content.length > 0)) return data;
		if ((type === 'bullet_list' || type === 'ordered_list') && content.length > 1) return data;
		const marks = Array.isArray(node.marks) ? node.marks.filter(isObject) : [];
		for (const mark of marks) {
			if (MARK_SIGNS.has(String(mark.type))) return data;
			if (mark.type === 'strong' && text.includes('**')) return data;
		}
		for (const child of content) pending.push(child);
	}
	return undefined;
}

/** A SmartDoc value as Markdown: from its document, else its HTML, else its preview. */
export function smartDocToMarkdown(value: IDataObject): unknown {
	const data = value.data;
	if (isObject(data) && Array.isArray(data.content) && data.content.length > 0)
		return smartDocDataToMarkdown(data);
	if (typeof value.html === 'string') return smartDocDataToMarkdown(htmlToSmartDocData(value.html));
	return typeof value.preview === 'string' ? value.preview : null;
}
