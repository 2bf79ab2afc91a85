/**
 * The records API calls of the Record operations, the resource mapper and the record list search,
 * through the package's one transport. One client per run: it reads each table's structure once
 * and the members list at most once, waits out 429s and retries what surely reached nothing,
 * within a time budget: the run's, or the one deadline of a poll or a notification (RunBudget).
 */
import type { IDataObject, IExecuteFunctions, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { Field } from './fields';
import { isRemovedMember } from './fields/people';
import { isObject } from './fields/values';
import { reachedTotal } from './pages';
import { looksLikeName, pathSegment } from './ids';
import { isToolNode } from './toolNode';
import type {
	ApiResponse,
	RequestContext,
	RequestSubject,
	SmartSuiteCredentials,
} from './transport';
import {
	credentialsOf,
	hasUserInfo,
	networkCodeOf,
	parseResponse,
	readJson,
	answerWords,
	MIN_RETRY_WAIT_MS,
	rateLimitWaitMs,
	recordsAddress,
	REQUEST_LIMITS,
	sendRequest,
	userInfoError,
} from './transport';

/** Retries (429, refused connection, and for requests that may be repeated 502/503/504) stop here. */
const MAX_RETRIES = 3;
/** No retry wait starts once a run has spent this long on requests, nor a 429's wait that would end later. */
const RETRY_BUDGET_MS = 5 * 60_000;
/** 20,000 members: more than a workspace has, few enough to stop a list that never ends. */
const MAX_MEMBER_PAGES = 20;
const MEMBERS_PAGE_SIZE = 1000;

export const tablePath = (tableId: string) => `/api/v1/applications/${pathSegment(tableId)}/`;
export const recordsPath = (tableId: string, rest = '') => `${tablePath(tableId)}records/${rest}`;
/**
 * A missing table's message, which a model reads alone (On Error → Continue, AI Agent 3): what to
 * give instead, where the caller can find it (a tool has no Table → Get Many).
 */
export const tableNotFound = (tableId: string, node: INode) =>
	isToolNode(node)
		? `The table "${tableId}" was not found: give the 24-character ID of a table of this workspace, as this tool's description or the user gives it (a table fixed in the tool itself is one for the user to correct)`
		: looksLikeName(tableId)
			? `The table "${tableId}" was not found: if that is the table's name, pick it From List, or give its 24-character ID (Table → Get Many lists them)`
			: `The table "${tableId}" was not found: give the 24-character ID of a table of this workspace (Table → Get Many lists them)`;

export const recordPath = (tableId: string, recordId: string) =>
	recordsPath(tableId, `${pathSegment(recordId)}/`);

/** A table's fields as its structure lists them, each with a label (its slug when it has none). */
export const fieldsOf = (structure: unknown[]): Array<Field & { params: IDataObject }> =>
	structure.filter(isObject).map((field) => ({
		slug: String(field.slug),
		label: typeof field.label === 'string' && field.label !== '' ? field.label : String(field.slug),
		field_type: String(field.field_type ?? ''),
		params: isObject(field.params) ? field.params : {},
	}));

export interface RecordsRequest {
	method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
	url: string;
	/**
	 * Sent as JSON text (a text as it is): n8n leaves out an empty object (`{}`) it is given as a
	 * value, and copies an object key by key, which makes a `__proto__` key (a field's slug) the
	 * copy's prototype instead of a key: the field would be dropped without a word.
	 */
	body?: IDataObject | string;
	qs?: IDataObject;
	/** What the request is about, for errors. */
	action: string;
	notFound: string;
	/** How to fix a 404, when there is something to say. */
	notFoundHint?: string;
	/**
	 * false for creates: sent again only when SmartSuite surely did not process it (a 429, a refused
	 * connection). After a timeout or a 5xx the records may exist, and sending again could make
	 * them twice.
	 */
	repeatable: boolean;
	/** What a request that is not repeatable may have done when it got no clear answer (default: created records). */
	unanswered?: { message: string; description: string };
	/** The answer's body is not needed: a success with an empty or non-JSON body ("200 Ok") is a success. */
	anyBody?: boolean;
	/** A body that is not JSON (a file), built again for each attempt: a retry sends a fresh stream. */
	rawBody?: () => Promise<RawBody>;
}

/** A stream of n8n's binary store (getBinaryStream), typed without importing node:stream. */
export type BinaryStream = Awaited<ReturnType<IExecuteFunctions['helpers']['getBinaryStream']>>;

export interface RawBody {
	body: Buffer | BinaryStream;
	contentType: string;
	/** Bytes, sent as Content-Length (a stream would go chunked, which not every server reads). */
	length: number;
}

/** What a create that got no answer may have done. */
const RECORDS_UNANSWERED = {
	message: 'The records may have been created',
	description:
		'SmartSuite may have created these records without answering, so they were not sent again: a second request could create them twice. Check the table before running these items again.',
};

/** Thrown for a create that may have been carried out: never sent again. */
export class MayExistError extends NodeApiError {}

export interface RecordsClient {
	readonly node: INode;
	readonly credentials: SmartSuiteCredentials;
	/** Sends and returns the answer, whatever its status (network failures throw). */
	send(request: RecordsRequest): Promise<ApiResponse>;
	/** Sends and returns the answer's JSON (any JSON value), or throws the transport's error. */
	call(request: RecordsRequest, itemIndex?: number): Promise<unknown>;
	/** Sends and returns the answer's JSON object (`{}` for any body with `anyBody`), or throws the transport's error. */
	callForObject(request: RecordsRequest, itemIndex?: number): Promise<IDataObject>;
	/** The table's fields; read once per table per client. */
	structure(tableId: string): Promise<Field[]>;
	/** The slug of the table's title (primary) field, from the same read: `primary_field`, which is not always `title`. */
	primaryField(tableId: string): Promise<string>;
	/** The workspace's members; the members list is read at most once per client. */
	members(): Promise<MemberDirectory>;
	/** The table as SmartSuite answered it (name, solution, structure…), from the same read. */
	table(tableId: string): Promise<IDataObject>;
}

/**
 * One deadline for every request of a poll or a notification: the events, then the structures,
 * the members and the files its items need. Each request has until the earlier of its own
 * timeout and the deadline; no retry (nor its wait) starts that would end past it.
 */
export interface RunBudget {
	/** When it ends (ms since the epoch). */
	endsAt: number;
	/** How long it is (ms), for messages. */
	ms: number;
	/** What it bounds, for messages: 'poll', 'notification'. */
	of: string;
}

interface TableFields {
	structure: Field[];
	primaryField: string;
	table: IDataObject;
}

export async function recordsClient(
	context: RequestContext,
	budget?: RunBudget,
): Promise<RecordsClient> {
	const credentials = await credentialsOf(context);
	const node = context.getNode();
	const started = Date.now();
	const timeLeft = () => (budget ? budget.endsAt - Date.now() : Infinity);
	const tables = new Map<string, Promise<TableFields>>();
	let members: Promise<MemberDirectory> | undefined;

	const subjectOf = (request: RecordsRequest): RequestSubject => ({
		action: request.action,
		address: recordsAddress(credentials, request.url),
		notFound: request.notFound,
		notFoundHint: request.notFoundHint,
	});

	async function send(request: RecordsRequest): Promise<ApiResponse> {
		const address = recordsAddress(credentials, request.url);
		// Refused before anything is sent: never "may have been created".
		if (hasUserInfo(address.baseUrl)) throw userInfoError(node);
		const json = isObject(request.body) ? JSON.stringify(request.body) : request.body;
		// Set once an attempt may have been carried out without its answer reaching us.
		let repeated = false;
		for (let retries = 0; ; retries++) {
			if (budget && timeLeft() <= 0) throw budgetSpentError(node, request, budget);
			const mayRetry = retries < MAX_RETRIES && Date.now() - started < RETRY_BUDGET_MS;
			// A retry, and its wait, only when time is left after the wait.
			const mayWait = (ms: number) => mayRetry && ms < timeLeft();
			let response: ApiResponse;
			const raw = await request.rawBody?.();
			try {
				response = await sendRequest.call(
					context,
					{
						method: request.method,
						baseURL: address.baseUrl,
						url: request.url,
						body: json,
						...(json !== undefined && { headers: { 'Content-Type': 'application/json' } }),
						...(raw && {
							body: raw.body,
							headers: { 'Content-Type': raw.contentType, 'Content-Length': String(raw.length) },
						}),
						qs: request.qs,
						...(budget && { timeout: Math.min(REQUEST_LIMITS.deadlineMs, timeLeft()) }),
					},
					credentials,
				);
			} catch (thrown) {
				// sendRequest throws only its NodeApiError for a network failure.
				const networkFailure = thrown as NodeApiError;
				const code = networkCodeOf(networkFailure);
				const retryable = code === 'ECONNREFUSED' || (request.repeatable && code !== undefined);
				if (retryable && mayWait(MIN_RETRY_WAIT_MS)) {
					repeated ||= code !== 'ECONNREFUSED';
					await sleep(MIN_RETRY_WAIT_MS);
					continue;
				}
				if (!request.repeatable && code !== 'ECONNREFUSED')
					throw mayExistError(node, request, networkFailure.message);
				// Cut short by the budget: say so, not "did not answer within" the time that was left.
				if (budget && timeLeft() <= 0) throw budgetSpentError(node, request, budget);
				throw networkFailure;
			}
			const status = response.statusCode;
			if (mayRetry && status === 429) {
				// A wait that would end past the run's budget is not started: the 429's error names it.
				const wait = rateLimitWaitMs(response);
				if (Date.now() + wait - started <= RETRY_BUDGET_MS && mayWait(wait)) {
					await sleep(wait);
					continue;
				}
			}
			if (request.repeatable && [502, 503, 504].includes(status) && mayWait(MIN_RETRY_WAIT_MS)) {
				repeated = true;
				await sleep(MIN_RETRY_WAIT_MS);
				continue;
			}
			if (!request.repeatable && status >= 500) {
				throw mayExistError(node, request, `SmartSuite answered ${status}`, response);
			}
			return repeated ? { ...response, repeated } : response;
		}
	}

	async function call(request: RecordsRequest, itemIndex?: number): Promise<unknown> {
		const response = await send(request);
		if (response.statusCode >= 200 && response.statusCode < 300) {
			const json = readJson(response.body);
			if (json) return json.value;
		}
		// Not a success, or not JSON: the transport words the error.
		return parseResponse(node, response, subjectOf(request), itemIndex);
	}

	async function callForObject(request: RecordsRequest, itemIndex?: number): Promise<IDataObject> {
		return parseResponse(node, await send(request), subjectOf(request), itemIndex, {
			anyBody: request.anyBody,
		});
	}

	async function readTable(tableId: string): Promise<TableFields> {
		const table = await call({
			method: 'GET',
			url: tablePath(tableId),
			action: 'read the table structure',
			notFound: tableNotFound(tableId, node),
			repeatable: true,
		});
		const structure = isObject(table) ? table.structure : undefined;
		if (!isObject(table) || !Array.isArray(structure)) throw notAStructureError(node, tableId);
		const fields = fieldsOf(structure);
		const primary = table.primary_field;
		return {
			table,
			structure: fields,
			primaryField:
				typeof primary === 'string' && primary !== ''
					? primary
					: (fields.find((field) => field.params.primary === true)?.slug ?? 'title'),
		};
	}

	async function tableFields(tableId: string): Promise<TableFields> {
		if (!tables.has(tableId)) tables.set(tableId, readTable(tableId));
		return await tables.get(tableId)!;
	}

	return {
		node,
		credentials,
		send,
		call,
		callForObject,
		async structure(tableId) {
			return (await tableFields(tableId)).structure;
		},
		async primaryField(tableId) {
			return (await tableFields(tableId)).primaryField;
		},
		async members() {
			members ??= readMembers(call, node);
			return await members;
		},
		async table(tableId) {
			return (await tableFields(tableId)).table;
		},
	};
}

/**
 * The workspace's members as SmartSuite lists them, found by id or by e-mail address. The list
 * keeps members removed from the workspace (`deleted_date.date` set): they are in `byId` only, so
 * that a record that still holds one names them, and never offered, listed or found by address.
 */
export interface MemberDirectory {
	/** Every current member (not removed), in the list's order. */
	readonly all: IDataObject[];
	/** Every member, removed ones too. */
	readonly byId: Map<string, IDataObject>;
	/** Current member id by lower-cased, trimmed e-mail address. */
	readonly idByEmail: Map<string, string>;
}

async function readMembers(call: RecordsClient['call'], node: INode): Promise<MemberDirectory> {
	const all: IDataObject[] = [];
	const byId = new Map<string, IDataObject>();
	const idByEmail = new Map<string, string>();
	for (let page = 0; page < MAX_MEMBER_PAGES; page++) {
		const answer = await call({
			method: 'POST',
			url: '/api/v1/members/list/',
			qs: { offset: page * MEMBERS_PAGE_SIZE, limit: MEMBERS_PAGE_SIZE },
			// n8n does not send an empty object: an empty sort keeps the body.
			body: { sort: [] },
			action: 'list the members of the workspace',
			notFound: 'SmartSuite has no list of members at this address',
			repeatable: true,
		});
		const items =
			isObject(answer) && Array.isArray(answer.items) ? answer.items.filter(isObject) : undefined;
		if (!items)
			throw new NodeOperationError(
				node,
				'SmartSuite sent an answer to the members list that is not a page of members',
			);
		for (const member of items) {
			if (typeof member.id !== 'string' || member.id === '' || byId.has(member.id)) continue;
			byId.set(member.id, member);
			if (isRemovedMember(member)) continue;
			all.push(member);
			const emails = Array.isArray(member.email) ? member.email : [member.email];
			for (const email of emails)
				if (typeof email === 'string') idByEmail.set(email.trim().toLowerCase(), member.id);
		}
		// A `total` equal to the page's count may count the page only: then a short page ends the list.
		if (
			items.length < MEMBERS_PAGE_SIZE ||
			reachedTotal(
				answer,
				(answer as { items: unknown[] }).items.length,
				(page + 1) * MEMBERS_PAGE_SIZE,
			)
		)
			return { all, byId, idByEmail };
	}
	throw new NodeOperationError(node, `Stopped after reading ${MAX_MEMBER_PAGES} pages of members`, {
		description: 'SmartSuite still had more. Give users by member id instead of e-mail address.',
	});
}

/** `response`: the answer that left the outcome open, quoted. */
function mayExistError(
	node: INode,
	request: RecordsRequest,
	what: string,
	response?: ApiResponse,
): MayExistError {
	const { message: done, description } = request.unanswered ?? RECORDS_UNANSWERED;
	const message = `${done}: ${what.replace(/^Could not reach SmartSuite: /, '')} after the request to ${request.action} was sent`;
	const detail = response ? answerWords(response) : '';
	return new MayExistError(node, { message } as JsonObject, {
		message,
		description: `${description}${detail ? ` SmartSuite said: "${detail}"` : ''}`,
		httpCode: response ? String(response.statusCode) : 'none',
	});
}

/** A poll's or a notification's deadline came before the request's answer, or before it was sent. */
function budgetSpentError(node: INode, request: RecordsRequest, budget: RunBudget): NodeApiError {
	const seconds = Math.round(budget.ms / 100) / 10;
	const message = `The ${budget.of}'s ${seconds} s ran out before SmartSuite answered the request to ${request.action}`;
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description: `Every request of one ${budget.of} shares its time: the events, then the table structures, the members and the files its items need. SmartSuite, or a proxy in between, is slow: the next ${budget.of} tries again.`,
		httpCode: 'none',
	});
}

function notAStructureError(node: INode, tableId: string): NodeApiError {
	const message = `SmartSuite sent an answer for the table "${tableId}" without its fields`;
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description:
			'The answer to the table read has no "structure" list. Check the Records API Base URL in the credential; if it is right, try again later.',
	});
}
