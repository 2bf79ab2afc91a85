/**
 * The records API beyond Restore (../shared/notes/smartsuite-records.md 1.2-1.5, 1.7, 1.8): a
 * table's structure, list/search with filter, sort and offset paging, get, create, update and
 * delete one record, the bulk endpoints (25 records at most), and the members list. Every change
 * raises its webhook event. Where the notes leave SmartSuite's behaviour open, the Variant decides.
 */
import { ApiError, notFound } from './errors';
import {
	type FieldContext,
	FieldError,
	FilterError,
	isMissing,
	isEmptyValue,
	isWritable,
	isoUtc,
	matches,
	sortKey,
	writeValue,
} from './fieldTypes';
import { EMULATOR_USER_ID, baseRecord, hexId } from './fixtures';
import { docText } from './smartDoc';
import { type RecordChange, type Store, type StoredRecord, emptyValues } from './store';
import type { EventObject, FieldObject, MemberObject, RecordObject, TableObject } from './types';

export type Body = Record<string, unknown>;

/** At most this many records per bulk request (422 above it). */
export const BULK_LIMIT = 25;
/** At most this many records per list page (a larger `limit` is served as this). */
export const MAX_LIST_LIMIT = 1000;

/** An answer with another status than 200 (204: no body). */
export class Reply {
	constructor(
		readonly status: number,
		readonly body?: unknown,
		readonly headers: Record<string, string> = {},
	) {}
}

/** What an injected endlessList fault makes of a list answer. */
export type EndlessList = 'growingTotal' | 'fullPages' | undefined;

/** A 422 whose body pairs field slugs with messages, as SmartSuite's errors do (errors reference). */
function unprocessable(body: unknown, summary: string): ApiError {
	return new ApiError(422, summary, { body });
}

function badRequest(body: unknown, summary: string): ApiError {
	return new ApiError(400, summary, { body });
}

function isObject(value: unknown): value is Body {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What checking a value of the table's fields needs (no table: the members list). */
function fieldContext(store: Store, table?: TableObject): FieldContext {
	return {
		variant: store.variant,
		nowMs: Date.now(),
		recordExists: (tableId, recordId) => {
			const stored = store.recordsOf(tableId).get(recordId);
			return stored !== undefined && !stored.deleted;
		},
		titleOf: (tableId, recordId) => {
			const linked = store.table(tableId);
			const title = linked && store.getRecord(tableId, recordId)?.[primaryFieldOf(linked)];
			return typeof title === 'string' ? title : undefined;
		},
		memberExists: (memberId) => store.members.some((member) => member.id === memberId),
		// A private tags field reads its solution's private tags, a public one the workspace's (field-types reference).
		tagExists: (field, tagId) =>
			store.tags.some(
				(tag) =>
					tag.id === tagId &&
					tag.solution === (field.params.private === true ? table?.solution : null),
			),
	};
}

export function tableOf(store: Store, tableId: string): TableObject {
	const table = store.table(tableId);
	if (!table) throw notFound('Not found.');
	return table;
}

/** `GET /applications/<id>/`: the table with `primary_field`; repeated `?fields=` trims it to those keys. */
/** The slug of the table's title (primary) field: the field marked primary, else `title`. */
export function primaryFieldOf(table: TableObject): string {
	return table.structure.find((field) => field.params.primary === true)?.slug ?? 'title';
}

export function getTable(store: Store, tableId: string, query: URLSearchParams): Body {
	const table = tableOf(store, tableId);
	const full: Body = { ...table, primary_field: primaryFieldOf(table) };
	const keys = query.getAll('fields');
	return keys.length === 0
		? full
		: Object.fromEntries(keys.filter((key) => key in full).map((key) => [key, full[key]]));
}

// --- values --------------------------------------------------------------------------------

function textOf(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (Array.isArray(value)) return value.map(textOf).join(', ');
	if (isObject(value))
		return textOf(
			value.sys_root ??
				(isObject(value.data) ? docText(value.data) : undefined) ??
				value.value ??
				value.date ??
				'',
		);
	return String(value);
}

/** Formula (a `{slug}` template here), count and rollup values, computed from the record now. */
function withComputed(store: Store, table: TableObject, record: RecordObject): RecordObject {
	const computed: Body = {};
	for (const field of table.structure) {
		const { params } = field;
		if (field.field_type === 'formulafield') {
			computed[field.slug] = String(params.formula ?? '').replace(
				/\{([^}]+)\}/g,
				(_m, slug: string) => textOf(record[slug]),
			);
		} else if (field.field_type === 'countfield') {
			computed[field.slug] = linkedIds(record, params).length;
		} else if (field.field_type === 'rollupfield') {
			const linkedTable = String(
				table.structure.find((f) => f.slug === params.linked_field_slug)?.params
					.linked_application ?? '',
			);
			const values = linkedIds(record, params).map((id) =>
				Number(store.getRecord(linkedTable, id)?.[String(params.target_field_slug)] ?? 0),
			);
			computed[field.slug] = String(
				values.reduce((sum, value) => sum + (Number.isFinite(value) ? value : 0), 0),
			);
		}
	}
	return { ...record, ...computed };
}

function linkedIds(record: RecordObject, params: FieldObject['params']): string[] {
	const ids = record[String(params.linked_field_slug)];
	return Array.isArray(ids) ? (ids as string[]) : [];
}

/** A record as list, get and the writes serve it: empty values ("", [], false, null) left out. */
function served(store: Store, table: TableObject, record: RecordObject): Body {
	return Object.fromEntries(
		Object.entries(withComputed(store, table, record)).filter(([, value]) => !isEmptyValue(value)),
	);
}

type WriteMode = 'create' | 'bulkCreate' | 'patch' | 'put';

/**
 * Checks the written values against the structure: the stored values, or the messages per slug.
 * Required fields are checked on create and PUT (not on bulk create: SmartSuite's does not), and
 * on PATCH only when the write empties them.
 */
function convert(
	store: Store,
	table: TableObject,
	values: Body,
	mode: WriteMode,
	context: FieldContext,
) {
	const stored: Body = {};
	const errors: Record<string, string[]> = {};
	for (const [slug, value] of Object.entries(values)) {
		if (slug === 'id') continue;
		const field = table.structure.find((candidate) => candidate.slug === slug);
		if (!field) {
			if (store.variant.unknownFieldWrites === 'reject') errors[slug] = ['Unknown field.'];
			continue;
		}
		if (!isWritable(field)) {
			if (store.variant.readOnlyWrites === 'reject') errors[slug] = ['This field is read-only.'];
			continue;
		}
		try {
			stored[slug] = writeValue(field, value, context);
		} catch (error) {
			if (!(error instanceof FieldError)) throw error;
			errors[slug] = [error.message];
		}
	}
	if (mode !== 'bulkCreate') {
		for (const field of table.structure) {
			if (field.params.required !== true || !isWritable(field) || errors[field.slug]) continue;
			const checked = mode === 'patch' ? field.slug in stored : true;
			if (checked && isMissing(field, stored[field.slug]))
				errors[field.slug] = ['This field is required.'];
		}
	}
	return { stored, errors: Object.keys(errors).length > 0 ? errors : undefined };
}

function sameValue(a: unknown, b: unknown): boolean {
	return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The record as a new one: system fields, every field empty (status at its first option), then the values. */
function newRecord(store: Store, table: TableObject, values: Body, nowMs: number): StoredRecord {
	const defaults: Body = {};
	for (const field of table.structure) {
		const first = field.params.choices?.[0]?.value;
		if (field.field_type === 'statusfield' && first !== undefined)
			defaults[field.slug] = { value: first, updated_on: new Date(nowMs).toISOString() };
	}
	const record = baseRecord(
		table.id,
		store.nextAutonumber(table.id),
		{ ...emptyValues(table), ...defaults, ...values },
		nowMs,
	);
	const stored: StoredRecord = { record, deleted: false };
	store.recordsOf(table.id).set(record.id, stored);
	return stored;
}

/** Applies checked values to a live record; returns the change (undefined when nothing changed). */
function applyUpdate(
	store: Store,
	table: TableObject,
	stored: StoredRecord,
	values: Body,
	mode: 'patch' | 'put',
	nowMs: number,
): RecordChange | undefined {
	const before = stored.record;
	const next: Body = { ...before };
	if (mode === 'put') {
		for (const field of table.structure) {
			if (isWritable(field)) next[field.slug] = writeValue(field, null, fieldContext(store, table));
		}
	}
	Object.assign(next, values);
	const changed = Object.keys(next).filter((key) => !sameValue(before[key], next[key]));
	if (changed.length === 0) return undefined;
	stored.record = {
		...(next as RecordObject),
		last_updated: { on: new Date(nowMs).toISOString(), by: EMULATOR_USER_ID },
	};
	const previous = Object.fromEntries(changed.map((key) => [key, before[key]]));
	return {
		kind: 'RECORD_UPDATED',
		record: withComputed(store, table, stored.record),
		changed,
		previous,
	};
}

function liveRecord(store: Store, table: TableObject, recordId: string): StoredRecord {
	const stored = store.recordsOf(table.id).get(recordId);
	if (!stored || stored.deleted) throw notFound('Not found.');
	return stored;
}

function bodyValues(body: unknown): Body {
	if (!isObject(body))
		throw badRequest(
			{ non_field_errors: ['Expected a record object.'] },
			'Expected a record object.',
		);
	return body;
}

// --- one record ----------------------------------------------------------------------------

export function getRecord(store: Store, tableId: string, recordId: string): Body {
	const table = tableOf(store, tableId);
	return served(store, table, liveRecord(store, table, recordId).record);
}

/** A write through the API: the record as answered, and the events it raised on all webhooks. */
export interface Written {
	record: Body;
	events: EventObject[];
}

export function createRecord(store: Store, tableId: string, body: Body): Written {
	const table = tableOf(store, tableId);
	const context = fieldContext(store, table);
	const { stored, errors } = convert(store, table, bodyValues(body), 'create', context);
	if (errors) throw unprocessable(errors, describeErrors(errors));
	const created = newRecord(store, table, stored, context.nowMs);
	const events = store.raiseRecordEvents(table, [creation(store, table, created, stored)]);
	return { record: served(store, table, created.record), events };
}

function creation(
	store: Store,
	table: TableObject,
	created: StoredRecord,
	written: Body,
): RecordChange {
	return {
		kind: 'RECORD_CREATED',
		record: withComputed(store, table, created.record),
		changed: Object.keys(written),
		previous: {},
	};
}

export function updateRecord(
	store: Store,
	tableId: string,
	recordId: string,
	body: Body,
	mode: 'patch' | 'put',
): Written {
	const table = tableOf(store, tableId);
	const stored = liveRecord(store, table, recordId);
	const context = fieldContext(store, table);
	const { stored: values, errors } = convert(store, table, bodyValues(body), mode, context);
	if (errors) throw unprocessable(errors, describeErrors(errors));
	const change = applyUpdate(store, table, stored, values, mode, context.nowMs);
	const events = change ? store.raiseRecordEvents(table, [change]) : [];
	return { record: served(store, table, stored.record), events };
}

function deleteStored(store: Store, table: TableObject, stored: StoredRecord): RecordChange {
	const deleted = store.deleteRecord(table.id, stored.record.id) as RecordObject;
	return {
		kind: 'RECORD_DELETED',
		record: withComputed(store, table, deleted),
		changed: [],
		previous: {},
	};
}

/** The element of a bulk delete answer (bulk-delete reference). */
function deletedItem(record: RecordObject): Body {
	const { date } = record.deleted_date as { date: string };
	return {
		application_id: record.application_id,
		id: record.id,
		application_slug: record.application_slug,
		deleted_date: date,
	};
}

export function deleteRecord(store: Store, tableId: string, recordId: string): unknown {
	const table = tableOf(store, tableId);
	const change = deleteStored(store, table, liveRecord(store, table, recordId));
	store.raiseRecordEvents(table, [change]);
	switch (store.variant.deleteAnswer) {
		case 'noContent':
			return new Reply(204);
		case 'record':
			return served(store, table, change.record);
		case 'deletedItem':
			return deletedItem(change.record);
	}
}

// --- bulk ----------------------------------------------------------------------------------

/** `items` of a bulk body: a list of at most 25 (422 otherwise, as SmartSuite answers). */
function bulkItems(body: Body): unknown[] {
	const { items } = body;
	if (!Array.isArray(items))
		throw unprocessable(
			{ items: ['Expected a list of items.'] },
			'items: expected a list of items',
		);
	if (items.length > BULK_LIMIT) {
		const message = `Ensure this field has no more than ${BULK_LIMIT} elements.`;
		throw unprocessable({ items: [message] }, `items: ${message}`);
	}
	return items;
}

function describeErrors(errors: Record<string, string[]>): string {
	return Object.entries(errors)
		.map(([slug, messages]) => `${slug}: ${messages.join(' ')}`)
		.join('; ');
}

/** A bulk request's 422: one error object per item (empty for good items), under `items`. */
function bulkUnprocessable(itemErrors: Array<Record<string, string[]> | undefined>): ApiError {
	const summary = itemErrors
		.flatMap((errors, index) => (errors ? [`item ${index}: ${describeErrors(errors)}`] : []))
		.join('; ');
	return unprocessable({ items: itemErrors.map((errors) => errors ?? {}) }, summary);
}

/** Bulk create: all items are checked first, nothing is written when one is refused. Required fields are not checked. */
export function bulkCreate(store: Store, tableId: string, body: Body): Body[] {
	const table = tableOf(store, tableId);
	const items = bulkItems(body);
	const context = fieldContext(store, table);
	const checked = items.map((item) =>
		isObject(item)
			? convert(store, table, item, 'bulkCreate', context)
			: { stored: {}, errors: { non_field_errors: ['Expected a record object.'] } },
	);
	if (checked.some((item) => item.errors))
		throw bulkUnprocessable(checked.map((item) => item.errors));
	const changes = checked.map(({ stored }) =>
		creation(store, table, newRecord(store, table, stored, context.nowMs), stored),
	);
	store.raiseRecordEvents(table, changes);
	return changes.map((change) =>
		served(store, table, store.getRecord(tableId, change.record.id) as RecordObject),
	);
}

/**
 * Bulk update (PATCH or PUT). 'array' answer (reference): every item is checked first and nothing
 * is written when one is refused (422). 'envelope' (SmartSuite's MCP): good items are written,
 * refused ones are listed in `failed_items` with their index.
 */
export function bulkUpdate(
	store: Store,
	tableId: string,
	body: Body,
	mode: 'patch' | 'put',
): unknown {
	const table = tableOf(store, tableId);
	const items = bulkItems(body);
	const context = fieldContext(store, table);
	type Checked = { target?: StoredRecord; stored?: Body; errors?: Record<string, string[]> };
	const checked = items.map((item): Checked => {
		if (!isObject(item)) return { errors: { non_field_errors: ['Expected a record object.'] } };
		if (typeof item.id !== 'string' || item.id === '')
			return { errors: { id: ['This field is required.'] } };
		const stored = store.recordsOf(table.id).get(item.id);
		if (!stored || stored.deleted) return { errors: { id: [`Record "${item.id}" not found.`] } };
		return { target: stored, ...convert(store, table, item, mode, context) };
	});
	const envelope = store.variant.bulkUpdateAnswer === 'envelope';
	if (!envelope && checked.some((item) => item.errors))
		throw bulkUnprocessable(checked.map((item) => item.errors));
	const changes: RecordChange[] = [];
	const successful: Body[] = [];
	const failed: Body[] = [];
	checked.forEach((item, index) => {
		if (item.errors || !item.target || !item.stored) {
			failed.push({ index, reason: describeErrors(item.errors ?? {}), errors: item.errors });
			return;
		}
		const change = applyUpdate(store, table, item.target, item.stored, mode, context.nowMs);
		if (change) changes.push(change);
		successful.push(served(store, table, item.target.record));
	});
	store.raiseRecordEvents(table, changes);
	return envelope ? { successful_items: successful, failed_items: failed } : successful;
}

/**
 * Bulk delete: `items` as ids (reference: PATCH bulk_delete/) or `{id}` objects (SmartSuite's MCP:
 * DELETE bulk/), both accepted on both routes. Ids unknown or already deleted are left out of the answer.
 */
export function bulkDelete(store: Store, tableId: string, body: Body): Body[] {
	const table = tableOf(store, tableId);
	const items = bulkItems(body);
	const ids = items.map((item) => (isObject(item) ? item.id : item));
	const bad = ids.findIndex((id) => typeof id !== 'string' || id === '');
	if (bad >= 0)
		throw unprocessable(
			{ items: [`Item ${bad}: expected a record id or {"id": "<record id>"}.`] },
			`items: item ${bad} is not a record id`,
		);
	const changes: RecordChange[] = [];
	for (const id of new Set(ids as string[])) {
		const stored = store.recordsOf(table.id).get(id);
		if (stored && !stored.deleted) changes.push(deleteStored(store, table, stored));
	}
	store.raiseRecordEvents(table, changes);
	return changes.map((change) => deletedItem(change.record));
}

// --- list and search -------------------------------------------------------------------------

function fieldOf(structure: FieldObject[], slug: unknown, where: string): FieldObject {
	const field = structure.find((candidate) => candidate.slug === slug);
	if (!field)
		throw badRequest(
			{ [where]: [`Unknown field "${String(slug)}".`] },
			`${where}: unknown field ${String(slug)}`,
		);
	return field;
}

type Predicate = (record: RecordObject) => boolean;

/** `{operator, fields[], filters[]?}`; `filters` (nested groups) is what SmartSuite's own client sends. */
function compileFilter(
	structure: FieldObject[],
	filter: unknown,
	context: FieldContext,
): Predicate {
	if (filter === undefined || filter === null) return () => true;
	if (!isObject(filter))
		throw badRequest({ filter: ['Expected an object.'] }, 'filter must be an object');
	const conditions = [
		...(Array.isArray(filter.fields) ? filter.fields : []),
		...(Array.isArray(filter.filters) ? filter.filters : []),
	];
	if (conditions.length === 0) return () => true;
	const { operator } = filter;
	if (operator !== 'and' && operator !== 'or')
		throw badRequest(
			{ filter: ['operator must be "and" or "or".'] },
			'filter.operator must be "and" or "or"',
		);
	const tests: Predicate[] = conditions.map((condition) => {
		if (isObject(condition) && 'operator' in condition)
			return compileFilter(structure, condition, context);
		if (!isObject(condition) || typeof condition.comparison !== 'string') {
			throw badRequest(
				{ filter: ['Each condition needs field, comparison and value.'] },
				'bad filter condition',
			);
		}
		const field = fieldOf(structure, condition.field, 'filter');
		const { comparison, value } = condition;
		// Checked once up front, so a bad comparison answers 400 even on an empty table.
		matches(field, undefined, comparison, value, context);
		return (record) => matches(field, record[field.slug], comparison, value, context);
	});
	return operator === 'and'
		? (record) => tests.every((test) => test(record))
		: (record) => tests.some((test) => test(record));
}

type Comparator = (a: RecordObject, b: RecordObject) => number;

/** Sort rules in order; empty values last. Without rules, creation order. */
function compileSort(structure: FieldObject[], sort: unknown): Comparator {
	if (sort === undefined || sort === null) return () => 0;
	if (!Array.isArray(sort))
		throw badRequest(
			{ sort: ['Expected a list of items but got type "dict".'] },
			'sort must be a list',
		);
	const rules = sort.map((rule) => {
		if (!isObject(rule))
			throw badRequest({ sort: ['Each rule needs field and direction.'] }, 'bad sort rule');
		const field = fieldOf(structure, rule.field, 'sort');
		const direction = rule.direction ?? 'asc';
		if (direction !== 'asc' && direction !== 'desc')
			throw badRequest({ sort: ['direction must be "asc" or "desc".'] }, 'bad sort direction');
		return { field, sign: direction === 'asc' ? 1 : -1 };
	});
	return (a, b) => {
		for (const { field, sign } of rules) {
			const x = sortKey(field, a[field.slug]);
			const y = sortKey(field, b[field.slug]);
			if (x === y) continue;
			if (x === null) return 1;
			if (y === null) return -1;
			return (x < y ? -1 : 1) * sign;
		}
		return 0;
	};
}

function queryInteger(query: URLSearchParams, name: string): number | undefined {
	const raw = query.get(name);
	if (raw === null || raw === '') return undefined;
	if (!/^\d+$/.test(raw))
		throw badRequest(
			{ [name]: ['A valid integer is required.'] },
			`${name} must be a non-negative integer`,
		);
	return Number(raw);
}

interface Paging {
	offset: number;
	/** null: every record from the offset on. */
	limit: number | null;
}

function pagingOf(store: Store, query: URLSearchParams): Paging {
	const offset = queryInteger(query, 'offset') ?? 0;
	const asked = queryInteger(query, 'limit');
	const limit =
		asked === undefined || asked === 0
			? asked === 0
				? null
				: store.variant.listDefaultLimit
			: Math.min(asked, MAX_LIST_LIMIT);
	return { offset, limit };
}

/** One page of `all` as SmartSuite answers a list: `{total, offset, limit, items}`, `total` per variant. */
function page<T>(
	store: Store,
	all: T[],
	{ offset, limit }: Paging,
	endless: EndlessList,
	filler: (index: number) => T,
): Body {
	let items = all.slice(offset, limit === null ? undefined : offset + limit);
	let total = store.variant.listTotal === 'matches' ? all.length : items.length;
	if (endless === 'fullPages' && limit !== null)
		items = [
			...items,
			...Array.from({ length: limit - items.length }, (_, i) => filler(offset + items.length + i)),
		];
	if (endless !== undefined) total = offset + items.length + (limit ?? 1);
	return { total, offset, limit: limit ?? 0, items };
}

/** `POST /applications/<id>/records/list/?offset&limit&all`, body `{sort, filter, hydrated, ids}`. */
export function listRecords(
	store: Store,
	tableId: string,
	body: Body,
	query: URLSearchParams,
	endless: EndlessList,
): Body {
	const table = tableOf(store, tableId);
	const context = fieldContext(store, table);
	const paging = pagingOf(store, query);
	const includeDeleted = query.get('all') === 'true';
	const predicate = wrapFilterErrors(() => compileFilter(table.structure, body.filter, context));
	const comparator = compileSort(table.structure, body.sort);
	const ids =
		Array.isArray(body.ids) && store.variant.listByIds ? new Set(body.ids.map(String)) : undefined;
	const records = [...store.recordsOf(table.id).values()]
		.filter((stored) => includeDeleted || !stored.deleted)
		.map((stored) => withComputed(store, table, stored.record))
		.filter((record) => (ids ? ids.has(record.id) : true))
		.filter((record) => wrapFilterErrors(() => predicate(record)));
	const sorted = records
		.map((record, index) => ({ record, index }))
		.sort((a, b) => comparator(a.record, b.record) || a.index - b.index);
	const filler = (index: number): RecordObject => ({
		id: hexId(),
		title: `Endless record ${index + 1}`,
		application_id: table.id,
		autonumber: index + 1,
	});
	const answer = page(
		store,
		sorted.map(({ record }) => record),
		paging,
		endless,
		filler,
	);
	return {
		...answer,
		items: (answer.items as RecordObject[]).map((record) => served(store, table, record)),
	};
}

/** A filter SmartSuite refuses is a 400 naming the field: `{"<slug>": ["message"]}`, or `{"<slug>": "Not allowed comparison."}`. */
function wrapFilterErrors<T>(run: () => T): T {
	try {
		return run();
	} catch (error) {
		if (error instanceof FilterError)
			throw badRequest(
				{ [error.slug]: error.listed ? [error.message] : error.message },
				`${error.slug}: ${error.message}`,
			);
		throw error;
	}
}

// --- members -------------------------------------------------------------------------------

/** The members list's filterable fields (members are records of SmartSuite's Members table). */
const MEMBER_STRUCTURE: FieldObject[] = [
	{ slug: 'full_name', label: 'Full Name', field_type: 'fullnamefield', params: {} },
	{ slug: 'email', label: 'Email', field_type: 'emailfield', params: {} },
	{ slug: 'role', label: 'Role', field_type: 'textfield', params: {} },
	{ slug: 'id', label: 'Id', field_type: 'textfield', params: {} },
];

/** `POST /members/list/?offset&limit`: `{items, total, offset, limit, time}`. */
export function listMembers(store: Store, body: Body, query: URLSearchParams): Body {
	const shaped = store.members.map((member): MemberObject =>
		store.variant.memberEmail === 'string'
			? { ...member, email: [member.email].flat()[0] ?? '' }
			: member,
	);
	return listDirectory(store, shaped, MEMBER_STRUCTURE, body, query);
}

/** The teams list's filterable fields. */
const TEAM_STRUCTURE: FieldObject[] = [
	{ slug: 'name', label: 'Name', field_type: 'textfield', params: {} },
	{ slug: 'id', label: 'Id', field_type: 'textfield', params: {} },
];

/**
 * `POST /teams/list/?offset&limit`: the members list's shape (org-management/teams/list-teams.md).
 * With the `junkInLists` variant each page also holds a `null`, as a broken server might send;
 * with `teamsFilterById: false`, a filter on `id` is refused as one on a field the list lacks.
 */
export function listTeams(store: Store, body: Body, query: URLSearchParams): Body {
	const structure = store.variant.teamsFilterById
		? TEAM_STRUCTURE
		: TEAM_STRUCTURE.filter((field) => field.slug !== 'id');
	const answer = listDirectory(store, store.teams, structure, body, query);
	return store.variant.junkInLists
		? { ...answer, items: [null, ...(answer.items as unknown[])] }
		: answer;
}

/** A filtered, sorted page of the members or teams directory. */
function listDirectory<T extends object>(
	store: Store,
	entries: T[],
	structure: FieldObject[],
	body: Body,
	query: URLSearchParams,
): Body {
	const context = fieldContext(store, undefined);
	const predicate = wrapFilterErrors(() => compileFilter(structure, body.filter, context));
	const comparator = compileSort(structure, body.sort);
	const matching = entries.filter((entry) =>
		wrapFilterErrors(() => predicate(entry as unknown as RecordObject)),
	);
	matching.sort((a, b) => comparator(a as unknown as RecordObject, b as unknown as RecordObject));
	const answer = page(store, matching, pagingOf(store, query), undefined, () => matching[0]);
	return { ...answer, time: isoUtc(Date.now()) };
}
