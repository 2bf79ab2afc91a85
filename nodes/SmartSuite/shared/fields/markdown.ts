/**
 * Markdown in and out of SmartDoc (rich text fields and comments). Node and mark names are those
 * of a SmartDoc captured from a live workspace (Grupo-AFAL/smartsuite_mcp_server,
 * docs/smartdoc_complete_reference.json): heading {level}, paragraph, bullet_list, ordered_list
 * {order}, list_item, check_list / check_list_item {checked}, blockquote, code_block {language}
 * (its lines as text between hard_breaks), table / table_row / table_header / table_cell,
 * horizontal_rule, hard_break, mention {id, application, title, prefix}; marks strong, em,
 * strikethrough, code, link {href}. Read back, the names `bold`, `italic` and `strike` of other
 * clients are understood too. Markdown has no form for colours, highlights, underline, alignment,
 * callouts, images and attachments: they are shown by their text (docs/records.md).
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
const BLOCK_SIGNS = new Set(['heading', 'blockquote', 'code_block', 'check_list', 'table']);
/** Marks that say so: `em` is left out (`2*3*4`), and `strong` counts only from `**` (`__init__`). */
const MARK_SIGNS = new Set(['strikethrough', 'code', 'link']);

/**
 * The document of text that is clearly Markdown, else undefined (the text stays plain): a
 * heading, a quote, a code block or span, a link, ~~strikethrough~~, **strong**, a table, a
 * check list, or a list of two items or more. Text that only looks like it (`5 * 3`, `a_b_c`, `#hashtag`, `2 - 1`) has none of them.
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

/**
 * The document of a SmartDoc value: its `data`; for a value without one, the document of its
 * HTML, else of its `preview` (HTML too on SmartSuite, cut at about 500 characters).
 */
export function smartDocDataOf(value: IDataObject): IDataObject | undefined {
	const data = value.data;
	if (isObject(data) && Array.isArray(data.content) && data.content.length > 0) return data;
	if (typeof value.html === 'string') return htmlToSmartDocData(value.html);
	if (typeof value.preview === 'string') return htmlToSmartDocData(value.preview);
	return isObject(data) ? data : undefined;
}

/** A SmartDoc value as Markdown: from its document (smartDocDataOf). */
export function smartDocToMarkdown(value: IDataObject): unknown {
	const data = smartDocDataOf(value);
	return data ? smartDocDataToMarkdown(data) : null;
}
