/** The four operations of the spec (section 4), given an authenticated, parsed JSON body. */
import { randomBytes } from 'node:crypto';
import { invalidArgument, notFound } from './errors';
import type { Store, WebhookState } from './store';
import type { Operation, RecordObject, Variant } from './types';

export type Body = Record<string, unknown>;

export interface OperationInput {
	body: Body;
	/** Path parameters of RestoreRecord. */
	tableId?: string;
	recordId?: string;
	/** repeatEvent fault: the page also starts with the last event before its cursor. */
	repeatPreviousEvent?: boolean;
}

export function runOperation(store: Store, operation: Operation, input: OperationInput): unknown {
	switch (operation) {
		case 'RestoreRecord':
			return restoreRecord(store, input.tableId ?? '', input.recordId ?? '');
		case 'GetWebhook':
			return { webhook: findWebhook(store, input.body).webhook };
		case 'DeleteWebhook':
			store.deleteWebhook(findWebhook(store, input.body).webhook.webhook_id);
			return {};
		case 'ListEvents':
			return listEvents(store, input.body, input.repeatPreviousEvent ?? false);
	}
}

function restoreRecord(store: Store, tableId: string, recordId: string): RecordObject {
	const record = store.restoreRecord(tableId, recordId);
	if (!record) throw notFound('Not found.');
	return record;
}

/** `webhook_id` as given in the body, when it is a non-empty string. */
export function webhookIdOf(body: Body): string | undefined {
	return typeof body.webhook_id === 'string' && body.webhook_id !== '' ? body.webhook_id : undefined;
}

function findWebhook(store: Store, body: Body): WebhookState {
	const webhookId = webhookIdOf(body);
	if (!webhookId) throw invalidArgument('webhook_id is required');
	const state = store.webhooks.get(webhookId);
	if (!state) throw notFound('webhook not found');
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
	if (pageSize === undefined || pageSize === '') return variant.defaultPageSize;
	if (!/^\d+$/.test(pageSize) || Number(pageSize) === 0) throw invalidArgument('page_size must be a positive integer');
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
	if (!atEnd || variant.endOfStream === 'emptyPage') nextToken = issueToken(store, state, nextAfter);
	else if (variant.endOfStream === 'emptyToken') nextToken = '';

	const response: Body = {};
	if (page.length > 0 || !variant.omitEmpty) response.events = page;
	if (nextToken !== undefined && (nextToken !== '' || !variant.omitEmpty)) response.next_page_token = nextToken;
	return response;
}

/** Numeric tokens are the cursor itself ("8991625"); opaque ones are random and mapped here. */
function issueToken(store: Store, state: WebhookState, afterSequence: number): string {
	const token = store.variant.tokenFormat === 'numeric' ? String(afterSequence) : randomBytes(12).toString('base64url');
	state.tokens.set(token, { afterSequence, issuedAtMs: Date.now(), generation: store.tokenGeneration });
	return token;
}

function resolveToken(store: Store, state: WebhookState, token: string): number {
	const issued = state.tokens.get(token);
	if (!issued) throw invalidArgument('page_token is not valid');
	const { tokens, tokenTtlMs } = store.variant;
	if (tokens === 'expiring' && (issued.generation !== store.tokenGeneration || Date.now() - issued.issuedAtMs > tokenTtlMs)) {
		throw invalidArgument('page_token has expired');
	}
	return issued.afterSequence;
}
