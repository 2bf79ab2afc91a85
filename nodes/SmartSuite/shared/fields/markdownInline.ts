/**
 * The inline part of Markdown (one paragraph's text) as SmartDoc text nodes: **strong**, *em*
 * (also with _), ~~strikethrough~~, `code`, [links](https://…), <https://…>, backslash escapes, and a
 * line break at each newline. CommonMark's rules, simplified: emphasis is matched through a
 * stack per delimiter character, so the work is linear in the text whatever it holds.
 */
import type { IDataObject } from 'n8n-workflow';

export interface InlineNode extends IDataObject {
	type: string;
}

interface Delimiter {
	kind: 'delim';
	char: string;
	/** What is left of the run: unmatched characters stay text. */
	count: number;
	canOpen: boolean;
	canClose: boolean;
}
type Token =
	{ kind: 'text'; text: string } | { kind: 'code'; text: string } | { kind: 'break' } | Delimiter;
/** A mark over a range of tokens, with its key (equal marks, equal keys). */
interface Mark {
	mark: IDataObject;
	key: string;
}
/** An opener on its character's stack: the token it is. */
interface Opener {
	token: number;
	delim: Delimiter;
}

/** The order marks are written in (smartDoc.ts writes a link last). */
const MARK_ORDER = ['strong', 'em', 'underline', 'strikethrough', 'code', 'link'];
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/;
const ESCAPABLE = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const SPECIAL = new Set(['`', '\\', '\n', '*', '_', '~', '[', ']', '<']);
const WEB_OR_MAIL = /^(https?:\/\/|mailto:)/i;

const isSpace = (char: string | undefined) => char === undefined || WHITESPACE.test(char);
const isPunct = (char: string | undefined) => char !== undefined && PUNCTUATION.test(char);

/** For each position, where the next `)`, `>`, `<` or space is: a link's address ends there. */
function addressEnds(text: string): Int32Array {
	const ends = new Int32Array(text.length + 1).fill(text.length);
	for (let at = text.length - 1; at >= 0; at--) {
		const char = text[at];
		ends[at] = char === ')' || char === '>' || char === '<' || isSpace(char) ? at : ends[at + 1];
	}
	return ends;
}

/** Whether the character at `at` follows an odd number of backslashes (an escaped backtick opens no code span). */
function isEscaped(text: string, at: number): boolean {
	let count = 0;
	while (at - count - 1 >= 0 && text[at - count - 1] === '\\') count++;
	return count % 2 === 1;
}

/** Code spans: each backtick run's closing run (the next run of the same length), found in one pass. */
function codeSpans(text: string): Map<number, { end: number; close: number }> {
	const runs: Array<[number, number]> = [];
	for (let at = text.indexOf('`'); at >= 0; at = text.indexOf('`', at)) {
		let end = at;
		while (text[end] === '`') end++;
		runs.push([at, end - at]);
		at = end;
	}
	const byLength = new Map<number, number[]>();
	for (const [index, [, length]] of runs.entries()) {
		const same = byLength.get(length);
		if (same) same.push(index);
		else byLength.set(length, [index]);
	}
	const next = new Map<number, number>();
	const spans = new Map<number, { end: number; close: number }>();
	let covered = -1;
	for (const [index, [start, length]] of runs.entries()) {
		if (start < covered || isEscaped(text, start)) continue;
		const same = byLength.get(length)!;
		let pointer = next.get(length) ?? 0;
		while (pointer < same.length && same[pointer] <= index) pointer++;
		next.set(length, pointer);
		if (pointer === same.length) continue;
		const [close] = runs[same[pointer]];
		spans.set(start, { end: close + length, close });
		covered = close + length;
	}
	return spans;
}

/** SmartDoc text nodes (and hard breaks) for the text of one paragraph or heading. */
export function parseInline(text: string): InlineNode[] {
	const tokens: Token[] = [];
	const opens: Mark[][] = [];
	const closes: Mark[][] = [];
	const addMark = (mark: IDataObject, from: number, to: number) => {
		if (from > to) return;
		const entry = { mark, key: JSON.stringify(mark) };
		(opens[from] ??= []).push(entry);
		(closes[to] ??= []).push(entry);
	};
	const stacks: Record<string, Opener[]> = { '*': [], _: [], '~': [] };
	const brackets: number[] = [];
	const spans = text.includes('`')
		? codeSpans(text)
		: new Map<number, { end: number; close: number }>();
	let addressEndsOf: Int32Array | undefined;
	const addressEnd = (at: number) => (addressEndsOf ??= addressEnds(text))[at];
	let plain = '';
	const flush = () => {
		if (plain !== '') tokens.push({ kind: 'text', text: plain });
		plain = '';
	};

	/** Matches a closing run with the openers of its character after `floor` (an open bracket). */
	const close = (delim: Delimiter, token: number) => {
		const stack = stacks[delim.char];
		const floor = brackets.length > 0 ? brackets[brackets.length - 1] : -1;
		while (delim.count > 0 && stack.length > 0 && stack[stack.length - 1].token > floor) {
			const opener = stack[stack.length - 1];
			const use = delim.char === '~' ? 2 : delim.count >= 2 && opener.delim.count >= 2 ? 2 : 1;
			addMark(
				{ type: delim.char === '~' ? 'strikethrough' : use === 2 ? 'strong' : 'em' },
				opener.token + 1,
				token - 1,
			);
			opener.delim.count -= use;
			delim.count -= use;
			if (opener.delim.count === 0) stack.pop();
			// Openers of other characters inside the match stay text.
			for (const other of Object.values(stacks))
				while (other.length > 0 && other[other.length - 1].token > opener.token) other.pop();
		}
	};

	let at = 0;
	while (at < text.length) {
		const char = text[at];
		const span = char === '`' ? spans.get(at) : undefined;
		if (span) {
			flush();
			let code = text.slice(at + (span.end - span.close), span.close).replace(/\n/g, ' ');
			if (code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
				code = code.slice(1, -1);
			tokens.push({ kind: 'code', text: code });
			at = span.end;
		} else if (char === '`') {
			let end = at;
			while (text[end] === '`') end++;
			plain += text.slice(at, end);
			at = end;
		} else if (char === '\\' && at + 1 < text.length && ESCAPABLE.includes(text[at + 1])) {
			plain += text[at + 1];
			at += 2;
		} else if (char === '\\' && text[at + 1] === '\n') {
			at += 1;
		} else if (char === '\n') {
			flush();
			tokens.push({ kind: 'break' });
			at++;
		} else if (char === '*' || char === '_' || char === '~') {
			let end = at;
			while (text[end] === char) end++;
			const count = end - at;
			const before = text[at - 1];
			const after = text[end];
			const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
			const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
			at = end;
			if (char === '~' && count !== 2) {
				plain += text.slice(end - count, end);
				continue;
			}
			const delim: Delimiter = {
				kind: 'delim',
				char,
				count,
				canOpen: char === '_' ? left && (!right || isPunct(before)) : left,
				canClose: char === '_' ? right && (!left || isPunct(after)) : right,
			};
			flush();
			const token = tokens.length;
			if (delim.canClose) close(delim, token);
			tokens.push(delim);
			if (delim.count > 0 && delim.canOpen) stacks[char].push({ token, delim });
		} else if (char === '[') {
			flush();
			brackets.push(tokens.length);
			tokens.push({ kind: 'text', text: '[' });
			at++;
		} else if (char === ']' && brackets.length > 0) {
			const opener = brackets.pop()!;
			const end = text[at + 1] === '(' ? addressEnd(at + 2) : -1;
			const href = end > at + 2 && text[end] === ')' ? text.slice(at + 2, end) : '';
			if (!WEB_OR_MAIL.test(href)) {
				plain += ']';
				at++;
				continue;
			}
			flush();
			tokens[opener] = { kind: 'text', text: '' };
			addMark({ type: 'link', attrs: { href } }, opener + 1, tokens.length - 1);
			// Emphasis opened inside the link text ends with it; no link holds another.
			for (const stack of Object.values(stacks))
				while (stack.length > 0 && stack[stack.length - 1].token > opener) stack.pop();
			brackets.length = 0;
			at = end + 1;
		} else if (char === '<' && WEB_OR_MAIL.test(text.slice(at + 1, at + 9))) {
			const end = addressEnd(at + 1);
			if (text[end] !== '>') {
				plain += char;
				at++;
				continue;
			}
			flush();
			const href = text.slice(at + 1, end);
			tokens.push({ kind: 'text', text: href });
			addMark({ type: 'link', attrs: { href } }, tokens.length - 1, tokens.length - 1);
			at = end + 1;
		} else {
			// Up to the next character that may start syntax, in one slice.
			let end = at + 1;
			while (end < text.length && !SPECIAL.has(text[end])) end++;
			plain += text.slice(at, end);
			at = end;
		}
	}
	flush();
	return nodesOf(tokens, opens, closes);
}

/** The tokens as nodes, each text with the marks whose ranges hold it; neighbours with equal marks merged. */
function nodesOf(tokens: Token[], opens: Mark[][], closes: Mark[][]): InlineNode[] {
	const active = new Map<string, { mark: IDataObject; count: number }>();
	// One object per distinct mark: marks compare by identity, never serialised again per token.
	const distinct = new Map<string, IDataObject>();
	const code = { type: 'code' };
	const nodes: InlineNode[] = [];
	const push = (text: string, extra?: IDataObject) => {
		if (text === '') return;
		const marks = active.size === 0 ? [] : [...active.values()].map((entry) => entry.mark);
		if (extra) marks.push(extra);
		if (marks.length > 1)
			marks.sort((a, b) => MARK_ORDER.indexOf(String(a.type)) - MARK_ORDER.indexOf(String(b.type)));
		const last = nodes[nodes.length - 1];
		const lastMarks = (last?.marks ?? []) as IDataObject[];
		if (
			last?.type === 'text' &&
			lastMarks.length === marks.length &&
			marks.every((mark, at) => mark === lastMarks[at])
		) {
			last.text = `${String(last.text)}${text}`;
			return;
		}
		nodes.push({ type: 'text', text, ...(marks.length > 0 && { marks }) });
	};
	for (let index = 0; index < tokens.length; index++) {
		const token = tokens[index];
		for (const { mark, key } of opens[index] ?? []) {
			const entry = active.get(key);
			if (!distinct.has(key)) distinct.set(key, mark);
			if (entry) entry.count++;
			else active.set(key, { mark: distinct.get(key)!, count: 1 });
		}
		if (token.kind === 'break') nodes.push({ type: 'hard_break' });
		else if (token.kind === 'code') push(token.text, code);
		else if (token.kind === 'text') push(token.text);
		else push(token.char.repeat(token.count));
		for (const { key } of closes[index] ?? []) {
			const entry = active.get(key)!;
			if (--entry.count === 0) active.delete(key);
		}
	}
	return nodes;
}
