/**
 * The four operations of the spec (section 4) and the calls SmartSuite documents beyond it
 * (list solutions and tables, CreateWebhook, ListWebhooks), given an authenticated request.
 */
import { randomBytes } from 'node:crypto';
import { ApiError, invalidArgument, notFound } from './errors';
import { markRead } from './lifetime';
import * as records from './records';
import * as structure from './structure';
import { uploadRecordFile } from './recordFiles';
import { addField, changeField, deleteField } from './fieldOps';
import { listViews, recordsForView } from './views';
import { createComment, listComments } from './comments';
import { fileUrl } from './fileUrls';
import { listDeletedRecords, listDeletedRecordsPaged } from './deleted';
import type { Body, EndlessList } from './records';
import type { Store, WebhookState } from './store';
import type { Operation, RecordObject, TableObject, Variant, WebhookObject } from './types';

export type { Body };

export interface OperationInput {
	body: Body;
	/** Path parameters of the records API. */
	solutionId?: string;
	tableId?: string;
	recordId?: string;
	/** The record-files endpoint: the field's slug (path), the body's bytes and its Content-Type. */
	fieldSlug?: string;
	rawBody?: Buffer;
	contentType?: string;
	/** The shared-files endpoint: the file's handle (path). */
	handle?: string;
	/** repeatEvent fault: the page also starts with the last event before its cursor. */
	repeatPreviousEvent?: boolean;
	/** endlessList fault: the records list never ends. */
	endlessList?: EndlessList;
	/** Query string. */
	query?: URLSearchParams;
	/** `http://<Host>` of the request: where the comments list's `next` links point. */
	origin?: string;
}

/** The answer's body (200), or a records.Reply with another status. */
export function runOperation(store: Store, operation: Operation, input: OperationInput): unknown {
	const tableId = input.tableId ?? '';
	const recordId = input.recordId ?? '';
	const query = input.query ?? new URLSearchParams();
	switch (operation) {
		case 'RestoreRecord':
			return restoreRecord(store, tableId, recordId);
		case 'GetTable':
			return records.getTable(store, tableId, query);
		case 'ListRecords':
			return records.listRecords(store, tableId, input.body, query, input.endlessList);
		case 'GetRecord':
			return records.getRecord(store, tableId, recordId);
		case 'CreateRecord':
			return records.createRecord(store, tableId, input.body).record;
		case 'UpdateRecord':
			return records.updateRecord(store, tableId, recordId, input.body, 'patch').record;
		case 'ReplaceRecord':
			return records.updateRecord(store, tableId, recordId, input.body, 'put').record;
		case 'DeleteRecord':
			return records.deleteRecord(store, tableId, recordId);
		case 'BulkCreateRecords':
			return records.bulkCreate(store, tableId, input.body);
		case 'BulkUpdateRecords':
			return records.bulkUpdate(store, tableId, input.body, 'patch');
		case 'BulkReplaceRecords':
			return records.bulkUpdate(store, tableId, input.body, 'put');
		case 'BulkDeleteRecords':
			return records.bulkDelete(store, tableId, input.body);
		case 'ListMembers':
			return records.listMembers(store, input.body, query);
		case 'AddField':
			return addField(store, tableId, input.body);
		case 'ChangeField':
			return changeField(store, tableId, input.body);
		case 'DeleteField':
			return deleteField(store, tableId, input.body);
		case 'ListTeams':
			return records.listTeams(store, input.body, query);
		case 'ListComments':
			return listComments(store, query, input.origin ?? '');
		case 'CreateComment':
			return createComment(store, query, input.body);
		case 'UploadRecordFile':
			return uploadRecordFile(store, {
				tableId,
				recordId,
				fieldSlug: input.fieldSlug ?? '',
				body: input.rawBody ?? Buffer.alloc(0),
				contentType: input.contentType,
			});
		case 'GetFileUrl':
			return fileUrl(store, input.handle ?? '', false);
		case 'GetFileUrlRedirect':
			return fileUrl(store, input.handle ?? '', true);
		case 'ListDeletedRecords':
			return listDeletedRecords(store, input.body, query);
		case 'ListDeletedRecordsPaged':
			return listDeletedRecordsPaged(store, input.body);
		case 'GetWebhook':
			return { webhook: findWebhook(store, input.body).webhook };
		case 'DeleteWebhook':
			store.deleteWebhook(findWebhook(store, input.body).webhook.webhook_id);
			return {};
		case 'ListEvents':
			return listEvents(store, input.body, input.repeatPreviousEvent ?? false);
		case 'ListSolutions':
			return withJunk(store, store.solutions);
		case 'ListTables':
			return withJunk(store, listTables(store, input.query));
		case 'GetSolution':
			return structure.getSolution(store, input.solutionId ?? '');
		case 'CreateTable':
			return structure.createTable(store, input.body);
		case 'CreateWebhook':
			return { webhook: createWebhook(store, input.body) };
		case 'UpdateWebhook':
			return { webhook: updateWebhook(store, input.body) };
		case 'ListWebhooks':
			return listWebhooks(store, input.body);
		case 'ListViews':
			return listViews(store, query);
		case 'ListViewRecords':
			return recordsForView(store, tableId, query, input.endlessList);
	}
}

/** Elements a list should not hold, put first when the variant asks for them. */
const JUNK: unknown[] = [null, 42, 'text', { name: 'no id' }, { id: '', webhook_id: '' }];

function withJunk<T>(store: Store, list: T[]): unknown[] {
	return store.variant.junkInLists ? [...JUNK, ...list] : list;
}

function restoreRecord(store: Store, tableId: string, recordId: string): RecordObject {
	const record = store.restoreRecord(tableId, recordId);
	if (!record) throw notFound('Not found.');
	return record;
}

/** `webhook_id` as given in the body, when it is a non-empty string. */
export function webhookIdOf(body: Body): string | undefined {
	return typeof body.webhook_id === 'string' && body.webhook_id !== ''
		? body.webhook_id
		: undefined;
}

function findWebhook(store: Store, body: Body): WebhookState {
	const webhookId = webhookIdOf(body);
	if (!webhookId) throw invalidArgument('webhook_id is required');
	const state = store.webhooks.get(webhookId);
	if (!state) throw new ApiError(store.variant.unknownWebhookStatus, 'webhook not found');
	return state;
}

/** proto3 JSON: null is the same as an absent field. */
function optionalString(body: Body, field: string): string | undefined {
	const value = body[field];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') throw invalidArgument(`${field} must be a string`);
	return value;
}

function pageSizeOf(body: Body, variant: Variant): number {
	const pageSize = optionalString(body, 'page_size');
	if (pageSize === undefined || pageSize === '' || variant.ignorePageSize)
		return variant.defaultPageSize;
	if (!/^\d+$/.test(pageSize) || Number(pageSize) === 0)
		throw invalidArgument('page_size must be a positive integer');
	if (Number(pageSize) > variant.maxPageSize && variant.pageSizeAboveMax === 'refuse')
		throw invalidArgument(`page_size must be at most ${variant.maxPageSize}`);
	return Math.min(Number(pageSize), variant.maxPageSize);
}

function listEvents(store: Store, body: Body, repeatPreviousEvent: boolean): Body {
	const state = findWebhook(store, body);
	const { variant } = store;
	const pageSize = pageSizeOf(body, variant);
	const pageToken = optionalString(body, 'page_token') ?? '';
	const after = pageToken === '' ? state.baseSequence : resolveToken(store, state, pageToken);

	const from = after - state.baseSequence;
	const page = state.events.slice(from, from + pageSize);
	const nextAfter = after + page.length;
	if (repeatPreviousEvent && from > 0) page.unshift(state.events[from - 1]);

	const atEnd = nextAfter === state.baseSequence + state.events.length;
	let nextToken: string | undefined;
	if (!atEnd || variant.endOfStream === 'emptyPage')
		nextToken = issueToken(store, state, nextAfter);
	else if (variant.endOfStream === 'emptyToken') nextToken = '';

	markRead(store, state);
	const response: Body = {};
	if (page.length > 0 || !variant.omitEmpty) response.events = page;
	if (nextToken !== undefined && (nextToken !== '' || !variant.omitEmpty))
		response.next_page_token = nextToken;
	return response;
}

/** Numeric tokens are the cursor itself ("8991625"); opaque ones are random and mapped here. */
function issueToken(store: Store, state: WebhookState, afterSequence: number): string {
	const token =
		store.variant.tokenFormat === 'numeric'
			? String(afterSequence)
			: randomBytes(12).toString('base64url');
	state.tokens.set(token, {
		afterSequence,
		issuedAtMs: Date.now(),
		generation: store.tokenGeneration,
	});
	return token;
}

function resolveToken(store: Store, state: WebhookState, token: string): number {
	const issued = state.tokens.get(token);
	if (!issued) throw invalidArgument('page_token is not valid');
	const { tokens, tokenTtlMs } = store.variant;
	if (
		tokens === 'expiring' &&
		(issued.generation !== store.tokenGeneration || Date.now() - issued.issuedAtMs > tokenTtlMs)
	) {
		throw invalidArgument('page_token has expired');
	}
	return issued.afterSequence;
}

function listTables(store: Store, query: URLSearchParams | undefined): TableObject[] {
	const solutionId = query?.get('solution');
	return solutionId
		? store.applications.filter((table) => table.solution === solutionId)
		: store.applications;
}

export const KNOWN_KINDS = ['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED'];

function isStringArray(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '');
}

/** The filter must have exactly one of its three members, each well formed. */
function checkFilter(store: Store, solutionId: string, filter: unknown): Record<string, unknown> {
	if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
		throw invalidArgument('webhook.filter is required');
	const members = Object.keys(filter);
	if (members.length !== 1)
		throw invalidArgument(
			`webhook.filter must have exactly one of solution, applications, application (got ${members.length})`,
		);
	const f = filter as Record<string, Record<string, unknown>>;
	const inSolution = (id: string) => {
		if (!store.applications.some((table) => table.id === id && table.solution === solutionId)) {
			throw invalidArgument(`application ${id} is not in solution ${solutionId}`);
		}
	};
	switch (members[0]) {
		case 'solution':
			break;
		case 'applications': {
			const ids = f.applications?.application_ids;
			if (!isStringArray(ids) || ids.length === 0)
				throw invalidArgument('filter.applications.application_ids must list at least one id');
			ids.forEach(inSolution);
			break;
		}
		case 'application': {
			const { application_id: id, field_ids: fields } = f.application ?? {};
			if (typeof id !== 'string' || id === '')
				throw invalidArgument('filter.application.application_id is required');
			inSolution(id);
			if (fields !== undefined && !isStringArray(fields))
				throw invalidArgument('filter.application.field_ids must be a list of ids');
			break;
		}
		default:
			throw invalidArgument(`unknown filter ${members[0]}`);
	}
	return filter as Record<string, unknown>;
}

type NotificationStatus = WebhookObject['notification_status'];

/** `{"enabled": {"url": <http(s) URL>}}` or `{"disabled": {}}`; undefined when absent (or null). */
function checkNotificationStatus(value: unknown): NotificationStatus | undefined {
	if (value === undefined || value === null) return undefined;
	const members = typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
	if (members.length !== 1 || !['enabled', 'disabled'].includes(members[0])) {
		throw invalidArgument('webhook.notification_status must have exactly one of enabled, disabled');
	}
	if (members[0] === 'disabled') return { disabled: {} };
	const url = (value as { enabled?: { url?: unknown } }).enabled?.url;
	if (typeof url !== 'string' || !isHttpUrl(url))
		throw invalidArgument('notification_status.enabled.url must be an http(s) URL');
	return { enabled: { url } };
}

function isHttpUrl(text: string): boolean {
	try {
		const url = new URL(text);
		return (url.protocol === 'http:' || url.protocol === 'https:') && /^https?:\/\//i.test(text);
	} catch {
		return false;
	}
}

/** What CreateWebhook and UpdateWebhook both take: locator, filter, kinds (all required) and notification_status. */
function checkWebhookFields(
	store: Store,
	body: Body,
): Pick<WebhookObject, 'locator' | 'filter' | 'kinds'> & { notification?: NotificationStatus } {
	const webhook = body.webhook as Body | undefined;
	if (typeof webhook !== 'object' || webhook === null) throw invalidArgument('webhook is required');
	const locator = (webhook.locator ?? {}) as Body;
	const solutionId = locator.solution_id;
	if (typeof solutionId !== 'string' || solutionId === '')
		throw invalidArgument('webhook.locator.solution_id is required');
	if (locator.account_id !== undefined && locator.account_id !== store.workspaceId) {
		throw new ApiError(403, 'locator.account_id is not the workspace of the request');
	}
	if (!store.solutions.some((solution) => solution.id === solutionId))
		throw notFound(`solution ${solutionId} not found`);
	const filter = checkFilter(store, solutionId, webhook.filter);
	const kinds = webhook.kinds;
	if (!isStringArray(kinds) || kinds.length === 0)
		throw invalidArgument('webhook.kinds must list at least one kind');
	const unknown = kinds.find((kind) => !KNOWN_KINDS.includes(kind));
	if (unknown) throw invalidArgument(`unknown kind ${unknown}`);
	return {
		locator: { account_id: store.workspaceId, solution_id: solutionId },
		filter,
		kinds: [...new Set(kinds)],
		notification: checkNotificationStatus(webhook.notification_status),
	};
}

function createWebhook(store: Store, body: Body): WebhookObject {
	const { notification, ...fields } = checkWebhookFields(store, body);
	return store.createWebhook({ ...fields, notification_status: notification ?? { disabled: {} } });
}

/**
 * SmartSuite's reference: `{"webhook": {webhook_id, kinds, locator, filter, notification_status?}}`,
 * answered with the webhook. kinds, locator and filter are required, as for CreateWebhook; a
 * notification_status left out keeps the one the webhook has (not documented). Events collected
 * stay.
 */
function updateWebhook(store: Store, body: Body): WebhookObject {
	const { notification, ...fields } = checkWebhookFields(store, body);
	const state = findWebhook(store, body.webhook as Body);
	Object.assign(state.webhook, fields, {
		updated_at: { by: state.webhook.updated_at.by, at: new Date().toISOString() },
	});
	state.eventLocator = {
		account_id: fields.locator.account_id,
		solution_id: fields.locator.solution_id,
	};
	state.locators.clear();
	if (notification && 'enabled' in notification)
		store.setNotificationUrl(state, notification.enabled.url);
	else if (notification) state.webhook.notification_status = notification;
	return state.webhook;
}

/** Pages of a solution's webhooks, in creation order; a token is the offset of the next page. */
function listWebhooks(store: Store, body: Body): Body {
	const solutionId = optionalString(body, 'solution_id');
	if (!solutionId) throw invalidArgument('solution_id is required');
	const pageSize = pageSizeOf(body, store.variant);
	const token = optionalString(body, 'page_token') ?? '';
	if (token !== '' && !/^\d+$/.test(token)) throw invalidArgument('page_token is not valid');
	const from = Number(token);
	const all = [...store.webhooks.values()]
		.map((state) => state.webhook)
		.filter((webhook) => webhook.locator.solution_id === solutionId);
	const page = all.slice(from, from + pageSize);
	const next = from + page.length < all.length ? String(from + page.length) : '';
	const response: Body = {};
	if (page.length > 0 || !store.variant.omitEmpty) response.webhooks = withJunk(store, page);
	if (next !== '' || !store.variant.omitEmpty) response.next_page_token = next;
	return response;
}
