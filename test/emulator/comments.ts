/**
 * SmartSuite's comments (REF solution-data/comments/): `GET /api/v1/comments/?record=<id>` (or
 * `application=`, `solution=`; none: the whole workspace) answers `{count, next, previous,
 * results}`, paged as Django REST framework's limit/offset paging: `next` and `previous` are
 * absolute URLs on the host that answered (the reference types them as numbers and shows only
 * null), or with the variant `commentsNext: 'offset'` the offsets of those pages, as numbers. `POST /api/v1/comments/?record=<id>` with `{message: {data | html}, application, record,
 * assigned_to, parent_comment?}` creates one. The reference names no webhook event for comments,
 * so none is raised.
 */
import { ApiError, notFound } from './errors';
import { EMULATOR_USER_ID, hexId } from './fixtures';
import { isoUtc } from './fieldTypes';
import { MAX_LIST_LIMIT, Reply } from './records';
import { docText, smartDocValue } from './smartDoc';
import type { Body } from './records';
import type { Store } from './store';
import type { CommentObject } from './types';

const badRequest = (field: string, message: string) =>
	new ApiError(400, `${field}: ${message}`, { body: { [field]: [message] } });

function isObject(value: unknown): value is Body {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pageNumber(query: URLSearchParams, name: string, fallback: number): number {
	const raw = query.get(name);
	if (raw === null || raw === '') return fallback;
	if (!/^\d+$/.test(raw)) throw badRequest(name, 'A valid integer is required.');
	return Number(raw);
}

/** `GET /comments/`: one page, oldest first; a `null` heads each page with the `junkInLists` variant. */
export function listComments(store: Store, query: URLSearchParams, origin: string): Body {
	const scope = (['record', 'application', 'solution'] as const).filter((key) => query.has(key));
	const matching = store.comments.filter((comment) =>
		scope.every((key) => comment[key] === query.get(key)),
	);
	const limit = Math.min(
		pageNumber(query, 'limit', store.variant.commentsPageSize) || store.variant.commentsPageSize,
		MAX_LIST_LIMIT,
	);
	const offset = pageNumber(query, 'offset', 0);
	const at = (start: number) => {
		const link = new URLSearchParams(query);
		link.set('limit', String(limit));
		link.set('offset', String(start));
		return `${origin}/api/v1/comments/?${link.toString()}`;
	};
	const results: unknown[] = matching.slice(offset, offset + limit);
	const link = (start: number) => (store.variant.commentsNext === 'offset' ? start : at(start));
	return {
		count: matching.length,
		next: offset + limit < matching.length ? link(offset + limit) : null,
		previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
		results: store.variant.junkInLists ? [null, ...results] : results,
	};
}

/** `message` as stored: the SmartDoc, its HTML and its preview (HTML, smartDoc.ts), from `data` or `html`. */
function messageOf(message: unknown): CommentObject['message'] {
	if (isObject(message) && isObject(message.data)) {
		if (docText(message.data).trim() === '') throw badRequest('message', 'The comment is empty.');
		const { data, html, preview } = smartDocValue(message.data);
		return { data, html, preview };
	}
	if (isObject(message) && typeof message.html === 'string') {
		const preview = message.html
			.replace(/<[^>]*>/g, '')
			.replace(/\s+/g, ' ')
			.trim();
		if (preview === '') throw badRequest('message', 'The comment is empty.');
		return {
			data: {
				type: 'doc',
				content: [{ type: 'paragraph', content: [{ type: 'text', text: preview }] }],
			},
			html: `<div class="rendered">\n${message.html}\n</div>`,
			preview,
		};
	}
	throw badRequest(
		'message',
		'A SmartDoc object under "data" or an HTML string under "html" is required.',
	);
}

/** Stores a comment on a live record after checking it as SmartSuite would (guesses: 400 per field, 404 for the record). */
export function addComment(
	store: Store,
	tableId: string,
	recordId: string,
	fields: Body,
	member = EMULATOR_USER_ID,
): CommentObject {
	const table = store.table(tableId);
	const stored = store.recordsOf(tableId).get(recordId);
	if (!table || !stored || stored.deleted) throw notFound('Not found.');
	const assignee = fields.assigned_to ?? null;
	if (assignee !== null && !store.members.some((entry) => entry.id === assignee))
		throw badRequest('assigned_to', `Member "${String(assignee)}" does not exist.`);
	const parent = fields.parent_comment ?? null;
	if (
		parent !== null &&
		!store.comments.some((comment) => comment.id === parent && comment.record === recordId)
	)
		throw badRequest(
			'parent_comment',
			`Comment "${String(parent)}" is not a comment of this record.`,
		);
	const comment: CommentObject = {
		solution: table.solution,
		application: tableId,
		record: recordId,
		member,
		message: messageOf(fields.message),
		parent_comment: parent as string | null,
		created_on: isoUtc(Date.now()),
		deleted_on: null,
		updated_on: null,
		reactions: [],
		key: store.comments.filter((entry) => entry.record === recordId).length + 1,
		assigned_to: assignee as string | null,
		resolved_by: null,
		followers: [...new Set([member, ...(assignee === null ? [] : [assignee as string])])],
		type: 'comment',
		email: null,
		id: hexId(),
	};
	store.comments.push(comment);
	return comment;
}

/** `POST /comments/?record=<id>`: 201 with the comment. */
export function createComment(store: Store, query: URLSearchParams, body: Body): Reply {
	for (const field of ['application', 'record'])
		if (typeof body[field] !== 'string' || body[field] === '')
			throw badRequest(field, 'This field is required.');
	const recordId = body.record as string;
	if (query.has('record') && query.get('record') !== recordId)
		throw badRequest('record', 'The record of the query and of the body differ.');
	return new Reply(201, addComment(store, body.application as string, recordId, body));
}
