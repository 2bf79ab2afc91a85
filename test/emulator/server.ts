/**
 * HTTP layer: one node:http server per API, sharing the store. Each request goes through, in
 * order: logging, routing (404/405), auth (401, 400 plain text, 403), rate limit (429),
 * Content-Type and JSON body checks (400), injected faults, then the operation. Faults come after
 * auth and validation so auth errors stay deterministic and a rejected request uses up no fault.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, type Api, badRoute, pageNotFound, renderError } from './errors';
import type { Faults } from './faults';
import { applyIdleRule } from './lifetime';
import { type Body, runOperation, webhookIdOf } from './operations';
import { type EndlessList, Reply } from './records';
import { RawElement, type Store } from './store';
import type { Operation, Profile, ReceivedRequest, Variant } from './types';

export class RequestLog {
	readonly entries: ReceivedRequest[] = [];
	private count = 0;

	start(api: Api, req: http.IncomingMessage): ReceivedRequest {
		const entry: ReceivedRequest = {
			n: ++this.count,
			api,
			method: req.method ?? '',
			path: req.url ?? '',
			operation: null,
			headers: { ...req.headers },
			rawBody: '',
			body: undefined,
			status: 0,
			receivedAt: Date.now(),
		};
		this.entries.push(entry);
		return entry;
	}

	/** Clears in place, so arrays already handed out stay live; numbering restarts at 1. */
	reset(): void {
		this.entries.length = 0;
		this.count = 0;
	}
}

/**
 * Rolling one-second window over authenticated requests (there is one valid key), with SmartSuite's
 * penalty when the variant sets one, and the share of the rate another client of the key spends.
 */
export class RateLimiter {
	private recent: number[] = [];
	/** When the penalty running ends (ms), and whether a refusal within it has been answered. */
	private penalty: { endsAt: number; refused: boolean } | undefined;

	/** Whether the request may pass (it is then counted); otherwise its Retry-After (undefined: none). */
	check(
		variant: Pick<
			Variant,
			| 'rateLimitPerSecond'
			| 'rateLimitPenaltySeconds'
			| 'rateLimitRetryAfter'
			| 'rateLimitOtherClientPerSecond'
		>,
		nowMs = Date.now(),
	): { pass: true } | { pass: false; retryAfter: string | undefined } {
		const limit = variant.rateLimitPerSecond;
		if (limit === null) return { pass: true };
		if (this.penalty && this.penalty.endsAt <= nowMs) this.penalty = undefined;
		while (this.recent.length > 0 && this.recent[0] <= nowMs - 1000) this.recent.shift();
		const room = limit - variant.rateLimitOtherClientPerSecond;
		if (!this.penalty && this.recent.length < room) {
			this.recent.push(nowMs);
			return { pass: true };
		}
		const penaltySeconds = variant.rateLimitPenaltySeconds;
		if (!this.penalty && penaltySeconds !== null)
			this.penalty = { endsAt: nowMs + penaltySeconds * 1000, refused: false };
		const endsAt = this.penalty?.endsAt ?? (this.recent[0] ?? nowMs) + 1000;
		const secondsLeft = String(Math.max(1, Math.ceil((endsAt - nowMs) / 1000)));
		const later = this.penalty?.refused === true;
		if (this.penalty) this.penalty.refused = true;
		switch (variant.rateLimitRetryAfter) {
			case 'none':
				return { pass: false, retryAfter: undefined };
			case 'zeroInPenalty':
				return { pass: false, retryAfter: later ? '0' : secondsLeft };
			default:
				return { pass: false, retryAfter: secondsLeft };
		}
	}
}

export interface ServerContext {
	store: Store;
	faults: Faults;
	log: RequestLog;
	rateLimiter: RateLimiter;
	apiKey: string;
	workspaceId: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface Route {
	operation: Operation;
	method: Method;
	params: Record<string, string>;
	query: URLSearchParams;
	/** Whether the request has a JSON body (false: GET, and DELETE of one record). */
	hasBody: boolean;
	optionalBody: boolean;
	multipart: boolean;
}

interface RouteSpec {
	operation: Operation;
	pattern: string[];
	/** Default POST. */
	method?: Method;
	/** Whether a query string is accepted (default: none is). */
	query?: boolean;
	/** The body is optional: a request without one (no bytes) is read as `{}` (list and members: "all optional"). */
	optionalBody?: boolean;
	/** The body is multipart/form-data, handed to the operation as bytes (no JSON checks). */
	multipart?: boolean;
}

/** The Twirp service name the webhooks API serves, per profile. */
export const SERVICE_BY_PROFILE: Record<Profile, string> = {
	spec: 'service.webhooks.engine.Webhooks',
	smartsuite: 'smartsuite.webhooks.engine.Webhooks',
};

const TABLE = ['', 'api', 'v1', 'applications', ':tableId'];
const RECORDS = [...TABLE, 'records'];

/**
 * First match wins: `records/bulk/` comes before `records/:recordId/`. The records endpoints beyond
 * the spec's Restore ignore a query string they do not read, as a web framework does.
 */
const RECORDS_ROUTES: RouteSpec[] = [
	{ operation: 'RestoreRecord', pattern: [...RECORDS, ':recordId', 'restore', ''] },
	{ operation: 'ListSolutions', pattern: ['', 'api', 'v1', 'solutions', ''], method: 'GET' },
	{
		operation: 'ListTables',
		pattern: ['', 'api', 'v1', 'applications', ''],
		method: 'GET',
		query: true,
	},
	{ operation: 'CreateTable', pattern: ['', 'api', 'v1', 'applications', ''] },
	{
		operation: 'GetSolution',
		pattern: ['', 'api', 'v1', 'solutions', ':solutionId', ''],
		method: 'GET',
	},
	...(
		[
			{ operation: 'GetTable', pattern: [...TABLE, ''], method: 'GET' },
			{ operation: 'ListViews', pattern: ['', 'api', 'v1', 'reports', ''], method: 'GET' },
			{
				operation: 'ListViewRecords',
				pattern: [...TABLE, 'records-for-report', ''],
				method: 'GET',
			},
			{ operation: 'ListRecords', pattern: [...RECORDS, 'list', ''], optionalBody: true },
			{ operation: 'AddField', pattern: [...TABLE, 'add_field', ''] },
			{ operation: 'ChangeField', pattern: [...TABLE, 'change_field', ''], method: 'PUT' },
			{ operation: 'DeleteField', pattern: [...TABLE, 'delete_field', ''] },
			{ operation: 'BulkCreateRecords', pattern: [...RECORDS, 'bulk', ''] },
			{ operation: 'BulkUpdateRecords', pattern: [...RECORDS, 'bulk', ''], method: 'PATCH' },
			{ operation: 'BulkReplaceRecords', pattern: [...RECORDS, 'bulk', ''], method: 'PUT' },
			// SmartSuite's MCP deletes in bulk with DELETE bulk/; the reference with PATCH bulk_delete/?fields=id.
			{ operation: 'BulkDeleteRecords', pattern: [...RECORDS, 'bulk', ''], method: 'DELETE' },
			{ operation: 'BulkDeleteRecords', pattern: [...RECORDS, 'bulk_delete', ''], method: 'PATCH' },
			{ operation: 'CreateRecord', pattern: [...RECORDS, ''] },
			{ operation: 'GetRecord', pattern: [...RECORDS, ':recordId', ''], method: 'GET' },
			{ operation: 'UpdateRecord', pattern: [...RECORDS, ':recordId', ''], method: 'PATCH' },
			{ operation: 'ReplaceRecord', pattern: [...RECORDS, ':recordId', ''], method: 'PUT' },
			{ operation: 'DeleteRecord', pattern: [...RECORDS, ':recordId', ''], method: 'DELETE' },
			{
				operation: 'ListMembers',
				pattern: ['', 'api', 'v1', 'members', 'list', ''],
				optionalBody: true,
			},
			{
				operation: 'ListTeams',
				pattern: ['', 'api', 'v1', 'teams', 'list', ''],
				optionalBody: true,
			},
			{ operation: 'ListComments', pattern: ['', 'api', 'v1', 'comments', ''], method: 'GET' },
			{ operation: 'CreateComment', pattern: ['', 'api', 'v1', 'comments', ''] },
			{
				operation: 'GetFileUrl',
				pattern: ['', 'api', 'v1', 'shared-files', ':handle', 'url', ''],
				method: 'GET',
			},
			{
				operation: 'GetFileUrlRedirect',
				pattern: ['', 'api', 'v1', 'shared-files', ':handle', 'get_url', ''],
				method: 'GET',
			},
			{
				operation: 'ListDeletedRecordsPaged',
				pattern: ['', 'api', 'v1', 'deleted-records', 'paginated', ''],
			},
			{ operation: 'ListDeletedRecords', pattern: ['', 'api', 'v1', 'deleted-records', ''] },
			{
				operation: 'UploadRecordFile',
				pattern: ['', 'api', 'v1', 'recordfiles', ':tableId', ':recordId', ':fieldSlug', ''],
				multipart: true,
			},
		] satisfies RouteSpec[]
	).map((route) => ({ ...route, query: true })),
];

/** Path patterns per API, as decoded segments; ':name' captures one non-empty segment. */
function routes(api: Api, variant: Variant): RouteSpec[] {
	if (api === 'records') return RECORDS_ROUTES;
	const { getWebhookMethod } = variant;
	return (
		[
			'ListEvents',
			'GetWebhook',
			'DeleteWebhook',
			'CreateWebhook',
			'UpdateWebhook',
			'ListWebhooks',
		] as const
	).flatMap((operation) => {
		const name = operation === 'GetWebhook' ? getWebhookMethod : operation;
		return name === null
			? []
			: [{ operation, pattern: ['', SERVICE_BY_PROFILE[variant.profile], name] }];
	});
}

/**
 * Splits the raw path first, then decodes each segment: an encoded '/' stays inside its segment.
 * The route for the request's method, else the first route of the path (answered 405 by the caller).
 */
export function matchRoute(
	api: Api,
	rawUrl: string,
	variant: Variant,
	requestMethod = 'POST',
): Route | null {
	const [rawPath, rawQuery] = rawUrl.split(/\?(.*)/s);
	let segments: string[];
	try {
		segments = rawPath.split('/').map(decodeURIComponent);
	} catch {
		return null;
	}
	const found: Route[] = [];
	for (const {
		operation,
		pattern,
		method = 'POST',
		query,
		optionalBody = false,
		multipart = false,
	} of routes(api, variant)) {
		if (pattern.length !== segments.length) continue;
		const params: Record<string, string> = {};
		const matches = pattern.every((part, i) => {
			if (!part.startsWith(':')) return part === segments[i];
			params[part.slice(1)] = segments[i];
			return segments[i] !== '';
		});
		if (!matches || (rawQuery !== undefined && !query)) continue;
		const hasBody = method !== 'GET' && !(method === 'DELETE' && operation === 'DeleteRecord');
		found.push({
			operation,
			method,
			params,
			query: new URLSearchParams(rawQuery ?? ''),
			hasBody,
			optionalBody,
			multipart,
		});
	}
	return found.find((route) => route.method === requestMethod) ?? found[0] ?? null;
}

/** Methods a path is served with (the Allow header of a 405). */
function allowedMethods(api: Api, rawUrl: string, variant: Variant): string {
	const methods: Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];
	return methods
		.filter((method) => matchRoute(api, rawUrl, variant, method)?.method === method)
		.join(', ');
}

function authenticate(context: ServerContext, headers: http.IncomingHttpHeaders): void {
	const authorization = headers.authorization;
	const token = /^token\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
	if (token !== context.apiKey) {
		throw new ApiError(
			401,
			authorization ? 'Invalid token.' : 'Authentication credentials were not provided.',
		);
	}
	const accountId = headers['account-id'];
	if (!accountId) throw new ApiError(400, 'ACCOUNT-ID header is missing', { plain: true });
	if (accountId !== context.workspaceId)
		throw new ApiError(403, 'You do not have permission to access this workspace.');
}

function isJsonContentType(value: string | undefined): boolean {
	return (value ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

function parseJson(raw: string): unknown {
	try {
		return JSON.parse(raw);
	} catch {
		return undefined;
	}
}

function isObject(value: unknown): value is Body {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

function send(
	res: http.ServerResponse,
	entry: ReceivedRequest,
	status: number,
	contentType: string,
	body: string,
	headers: Record<string, string> = {},
): void {
	entry.status = status;
	res.writeHead(status, {
		'content-type': contentType,
		'content-length': Buffer.byteLength(body),
		...headers,
	});
	res.end(body);
}

const FAULT_STATUS_MESSAGES: Record<number, string> = {
	400: 'bad request',
	403: 'permission denied',
	422: 'Unprocessable Entity',
	500: 'internal error',
	502: 'bad gateway',
	503: 'service unavailable',
};

function faultError(status: number): ApiError {
	return new ApiError(status, FAULT_STATUS_MESSAGES[status] ?? 'error');
}

/** Never answers: waits until the client (or the emulator's close) ends the connection. */
async function hang(entry: ReceivedRequest, res: http.ServerResponse): Promise<void> {
	entry.status = 0;
	await new Promise<void>((resolve) => res.once('close', () => resolve()));
}

/** A fault answered after the request was carried out. */
type AfterFault = { type: 'status'; status: number } | { type: 'hang' } | { type: 'drop' };

interface FaultOutcome {
	answered: boolean;
	repeatPreviousEvent: boolean;
	endlessList?: EndlessList;
	after?: AfterFault;
	/** Carried out at once, answered this much later. */
	answerDelayMs?: number;
}

/** A body that starts like a page and stops mid-way, as a cut connection through a proxy would. */
const TRUNCATED_JSON = '{"events":[{"webhook_id":"';

/** Applies the faults hitting this request; returns false when the request has been answered. */
async function applyFaults(
	context: ServerContext,
	route: Route,
	entry: ReceivedRequest,
	body: Body,
	req: http.IncomingMessage,
	res: http.ServerResponse,
): Promise<FaultOutcome> {
	const { store } = context;
	const outcome: FaultOutcome = { answered: false, repeatPreviousEvent: false };
	const webhookId = webhookIdOf(body);
	// Webhook faults act on the webhook the request names, if it (still) exists.
	const onNamedWebhook = (act: (id: string) => void) => {
		if (webhookId !== undefined && store.webhooks.has(webhookId)) act(webhookId);
	};
	for (const action of context.faults.take(route.operation, entry.n)) {
		switch (action.type) {
			case 'status':
				if (action.afterProcessing) outcome.after = { type: 'status', status: action.status };
				else throw faultError(action.status);
				break;
			case 'rateLimit': {
				const retryAfter = action.retryAfterSeconds;
				throw new ApiError(429, 'rate limit exceeded', {
					headers: retryAfter === null ? {} : { 'retry-after': String(retryAfter) },
				});
			}
			case 'delay':
				if (action.afterProcessing) outcome.answerDelayMs = action.ms;
				else await sleep(action.ms);
				break;
			case 'hang':
				if (action.afterProcessing) {
					outcome.after = { type: 'hang' };
					break;
				}
				await hang(entry, res);
				return { ...outcome, answered: true };
			case 'endlessList':
				outcome.endlessList = action.mode;
				break;
			case 'drop':
				if (action.afterProcessing) {
					outcome.after = { type: 'drop' };
					break;
				}
				entry.status = 0;
				req.socket.destroy();
				return { ...outcome, answered: true };
			case 'badJson':
				send(res, entry, 200, 'application/json', TRUNCATED_JSON);
				return { ...outcome, answered: true };
			case 'appendEvents':
				onNamedWebhook((id) => store.appendEvents(id, action.count));
				break;
			case 'repeatEvent':
				outcome.repeatPreviousEvent = true;
				break;
			case 'deleteWebhook':
				onNamedWebhook((id) => store.deleteWebhook(id));
				break;
			case 'expireWebhook':
				onNamedWebhook((id) => store.setWebhookStatus(id, { system: 'disabled' }));
				break;
			case 'expireTokens':
				store.tokenGeneration++;
				break;
		}
	}
	return outcome;
}

async function handle(
	api: Api,
	context: ServerContext,
	req: http.IncomingMessage,
	res: http.ServerResponse,
): Promise<void> {
	const entry = context.log.start(api, req);
	applyIdleRule(context.store);
	const method = req.method ?? '';
	const route = matchRoute(api, entry.path, context.store.variant, method);
	entry.operation = route?.operation ?? null;
	const rawBody = await readBody(req);
	entry.rawBody = rawBody.toString('utf8');
	entry.body = parseJson(entry.rawBody);
	try {
		if (!route) throw api === 'webhooks' ? badRoute(404, method, entry.path) : pageNotFound();
		if (method !== route.method)
			throw badRoute(
				405,
				method,
				entry.path,
				allowedMethods(api, entry.path, context.store.variant),
			);
		authenticate(context, req.headers);
		const rate = context.rateLimiter.check(context.store.variant);
		if (!rate.pass) {
			throw new ApiError(429, 'Request was throttled.', {
				headers: rate.retryAfter === undefined ? {} : { 'retry-after': rate.retryAfter },
			});
		}
		// A GET (or the DELETE of one record) has no body to check; nor has a request that may leave it
		// out, nor a multipart upload (its operation reads the bytes).
		const hasBody =
			route.hasBody && !route.multipart && !(route.optionalBody && entry.rawBody === '');
		const body = hasBody ? entry.body : {};
		if (hasBody && !isJsonContentType(req.headers['content-type']))
			throw new ApiError(400, 'Content-Type must be application/json');
		if (!isObject(body)) throw new ApiError(400, 'request body must be a JSON object');

		const faults = await applyFaults(context, route, entry, body, req, res);
		if (faults.answered) return;
		const run = () =>
			runOperation(context.store, route.operation, {
				body,
				query: route.query,
				solutionId: route.params.solutionId,
				tableId: route.params.tableId,
				recordId: route.params.recordId,
				handle: route.params.handle,
				...(route.multipart
					? { fieldSlug: route.params.fieldSlug, rawBody, contentType: req.headers['content-type'] }
					: {}),
				repeatPreviousEvent: faults.repeatPreviousEvent,
				endlessList: faults.endlessList,
				origin: `http://${req.headers.host ?? ''}`,
			});
		if (faults.after) {
			// The request is carried out (its errors included), then the fault answers instead.
			try {
				run();
			} catch {
				// what the operation would have answered is lost, as behind a failing proxy
			}
			if (faults.after.type === 'hang') return await hang(entry, res);
			if (faults.after.type === 'drop') {
				entry.status = 0;
				req.socket.destroy();
				return;
			}
			throw faultError(faults.after.status);
		}
		const result = run();
		if (faults.answerDelayMs) await sleep(faults.answerDelayMs);
		const { successBodies } = context.store.variant;
		if (successBodies !== 'json' && BARE_SUCCESS.has(route.operation)) {
			send(res, entry, 200, 'text/plain; charset=utf-8', successBodies === 'text' ? '200 Ok' : '');
			return;
		}
		if (result instanceof Reply) {
			if (result.body === undefined) {
				entry.status = result.status;
				res.writeHead(result.status, result.headers).end();
			} else send(res, entry, result.status, 'application/json', JSON.stringify(result.body));
			return;
		}
		send(res, entry, 200, 'application/json', toJsonText(result));
	} catch (error) {
		const apiError = error instanceof ApiError ? error : new ApiError(500, 'internal error');
		const { contentType, body } = renderError(api, context.store.variant.errorBodies, apiError);
		send(res, entry, apiError.status, contentType, body, apiError.options.headers);
	}
}

/** The operations whose success the `successBodies` variant may answer without JSON. */
const BARE_SUCCESS = new Set<string>([
	'DeleteWebhook',
	'UpdateWebhook',
	'DeleteRecord',
	'BulkDeleteRecords',
]);

/** JSON.stringify, except that raw elements of an `events` list are written verbatim. */
function toJsonText(result: unknown): string {
	if (
		!isObject(result) ||
		!Array.isArray(result.events) ||
		!result.events.some((event) => event instanceof RawElement)
	) {
		return JSON.stringify(result);
	}
	const events = result.events.map((event) =>
		event instanceof RawElement ? event.json : JSON.stringify(event),
	);
	return JSON.stringify({ ...result, events: [] }).replace(
		'"events":[]',
		`"events":[${events.join(',')}]`,
	);
}

export interface RunningServer {
	url: string;
	close(): Promise<void>;
}

export async function startServer(
	api: Api,
	context: ServerContext,
	port: number,
): Promise<RunningServer> {
	const server = http.createServer((req, res) => {
		// Only reading the body can reject (client went away): nothing left to answer.
		handle(api, context, req, res).catch(() => req.socket.destroy());
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	const { port: boundPort } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${boundPort}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections(); // keep-alive sockets of HTTP clients would hold close() open
			}),
	};
}
