import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
	ITriggerFunctions,
	IWebhookFunctions,
	JsonObject,
	Logger,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { answered, refused, takeTurn } from './pace';

export const CREDENTIAL_NAME = 'smartSuiteWorkspaceApi';

export interface SmartSuiteCredentials {
	apiKey: string;
	workspaceId: string;
	baseUrl: string;
	webhooksUrl: string;
	/** Empty or missing (credentials saved before the field existed): automatic. */
	webhooksService?: string;
	/** Missing in credentials saved before the field existed: 4 (see pace.ts). */
	requestsPerSecond?: number;
}

/** The URL without its trailing slashes (a run of slashes is tried once, from its first: linear time). */
export function withoutTrailingSlash(url: string): string {
	return url.trim().replace(/(?<!\/)\/+$/, '');
}

/** Where a request went, so that an answer from a server that does not serve it can say so. */
export interface RequestAddress {
	api: 'records' | 'webhooks';
	/** The credential's base URL, without trailing slashes. */
	baseUrl: string;
	/** The path under it, e.g. '/service.webhooks.engine.Webhooks/GetWebhook'. */
	path: string;
	/** Which credential settings to check, and why. */
	settingsHint: string;
}

/** The address of a records API request. */
export function recordsAddress(credentials: SmartSuiteCredentials, path: string): RequestAddress {
	return {
		api: 'records',
		baseUrl: withoutTrailingSlash(credentials.baseUrl),
		path,
		settingsHint:
			'Check the Records API Base URL in the SmartSuite credential: https://app.smartsuite.com for SmartSuite itself.',
	};
}

/** What a request was about, so that errors can say what was rejected or not found. */
export interface RequestSubject {
	/** e.g. 'restore the record' */
	action: string;
	address: RequestAddress;
	/** Message for a 404, e.g. 'The webhook "abc" does not exist or was deleted' */
	notFound: string;
	/** How to fix a 404, when there is something to say. */
	notFoundHint?: string;
	/** The label of a field by its slug, to name the fields SmartSuite's error body is keyed by. */
	labelOf?: (slug: string) => string | undefined;
}

/** Marks an answer built by `received`: the only way to make one, so no answer skips it. */
declare const SCRUBBED: unique symbol;

/**
 * A secret the package holds: the API key, and what a node holds besides it (`holdSecret`: the
 * Instant Trigger's secret and its notification URL). `whole`: only the whole text gives it away
 * (a URL, which starts with the node's public address); otherwise any run of GIVEAWAY_RUN of its
 * characters does too.
 */
export interface Secret {
	text: string;
	whole?: boolean;
}

/**
 * An answer as the transport read it: `body` is the text (or an already parsed value). Built only
 * by `received`, which has taken every form of the API key out of the body and the headers, so
 * nothing read from it (records, messages, output items, log lines) can carry the key.
 */
export interface ApiResponse {
	statusCode: number;
	body: unknown;
	headers: IDataObject;
	/** What no error built from this answer may quote (see `quote`): the key and the node's held secrets. */
	secrets: Secret[];
	/**
	 * The request was sent again after an attempt whose outcome is unknown (a 502/503/504, a
	 * dropped connection or no answer): SmartSuite may have carried out the first one.
	 */
	repeated?: boolean;
	/** A 429's: how long every request of the key waits from its arrival (see pace.ts `refused`). */
	heldMs?: number;
	readonly [SCRUBBED]: true;
}

/** SmartSuite's keys have 40 characters; shorter ones are taken out of quotes only. */
const MIN_SCRUBBED_LENGTH = 8;

/**
 * The one door of every answer into the package: the body and the headers without any form of
 * the API key (see `redacted`). The secrets the node holds (`held`) stay in what it reads (the
 * Instant Trigger finds its webhook by its URL) and are taken out on the way out: of every quote
 * (`secrets`), and of its output items (`scrubbed`).
 */
export function received(
	raw: { statusCode: number; body: unknown; headers?: unknown },
	apiKey: string,
	held: Secret[] = [],
): ApiResponse {
	// A key of a few characters (no real one) would cut words of every answer apart; quotes still lose it.
	const key = secretsOf(apiKey).filter((secret) => secret.text.length >= MIN_SCRUBBED_LENGTH);
	const headers = isJsonObject(raw.headers) ? scrubbed({ ...raw.headers }, key) : {};
	const body = scrubbed(raw.body, key);
	return {
		statusCode: raw.statusCode,
		body,
		headers,
		secrets: secretsOf(apiKey, held),
	} as ApiResponse;
}

export type RequestContext =
	| IExecuteFunctions
	| IPollFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| ITriggerFunctions;

/** The SmartSuite credential of the running node. */
export async function credentialsOf(context: RequestContext): Promise<SmartSuiteCredentials> {
	return (await context.getCredentials(CREDENTIAL_NAME)) as unknown as SmartSuiteCredentials;
}

/**
 * What every request of the package adds to n8n's defaults. Redirects are never followed: the
 * API is POST-only and never redirects, and n8n would re-send the key to any host it is sent to.
 * The answer arrives as a stream, read as text by `answerText` up to MAX_ANSWER_BYTES (n8n's
 * helper passes no size limit on to axios), so that JSON that is not an object can be told from
 * text that is not JSON at all.
 */
export const REQUEST_DEFAULTS = {
	disableFollowRedirect: true,
	encoding: 'stream',
	ignoreHttpStatusErrors: true,
} as const satisfies Partial<IHttpRequestOptions>;

/**
 * The largest answer read: 64 MB. SmartSuite's largest pages (1,000 records or events) are a few
 * megabytes; a larger answer is an error, never held whole (see docs/limits.md).
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** An answer larger than MAX_ANSWER_BYTES: what was asked, and how large it was said or seen to be. */
class AnswerTooLarge extends Error {
	constructor(
		readonly statusCode: number,
		readonly size: string,
	) {
		super('answer too large');
	}
}

const megabytes = (bytes: number) =>
	`${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/**
 * The text of an answer's body, read from its stream up to MAX_ANSWER_BYTES: an answer that
 * announces more (Content-Length) is refused before its first byte, one that sends more is cut
 * off there. A body that is not a stream (a test's stand-in for n8n's helper) is kept as it is.
 */
async function answerText(response: IN8nHttpFullResponse): Promise<unknown> {
	const body = response.body as unknown;
	if (!isStream(body)) return body;
	const announced = Number(response.headers?.['content-length']);
	if (announced > MAX_ANSWER_BYTES) {
		body.destroy();
		throw new AnswerTooLarge(response.statusCode, megabytes(announced));
	}
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of body) {
		const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
		length += bytes.length;
		if (length > MAX_ANSWER_BYTES) {
			body.destroy();
			throw new AnswerTooLarge(response.statusCode, `more than ${megabytes(MAX_ANSWER_BYTES)}`);
		}
		chunks.push(bytes);
	}
	// As axios reads text: UTF-8, without a byte order mark.
	return Buffer.concat(chunks, length)
		.toString('utf8')
		.replace(/^\uFEFF/, '');
}

function isStream(body: unknown): body is AsyncIterable<unknown> & { destroy(): void } {
	return (
		typeof body === 'object' &&
		body !== null &&
		Symbol.asyncIterator in body &&
		typeof (body as { destroy?: unknown }).destroy === 'function'
	);
}

/** The error for an answer larger than MAX_ANSWER_BYTES: which request, how large, what to do. */
function tooLargeError(
	node: INode,
	{ statusCode, size }: AnswerTooLarge,
	options: { method?: string; url?: string },
	secrets: Secret[],
): NodeApiError {
	const request = `${options.method ?? 'POST'} ${options.url ?? ''}`.trim();
	const message = redacted(
		`The answer to ${request} is too large: ${size}, over the limit of ${megabytes(MAX_ANSWER_BYTES)}`,
		secrets,
	);
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description: `It was not read further. SmartSuite's pages are a few megabytes: ask for fewer at a time (a smaller Limit or Page Size, fewer records or fields per request). An answer this large from another server: check the base URLs in the SmartSuite credential.`,
		httpCode: String(statusCode),
	});
}

/**
 * A trigger's scheduled tick (ITriggerFunctions; the Instant Trigger's checks). n8n 2.41 evaluates
 * the credential's `authenticate` expressions in an isolate it acquires only around executions,
 * activations and polls: in a tick it fails ("No bridge acquired for this context").
 */
const isScheduledTick = (context: RequestContext): context is ITriggerFunctions =>
	'emit' in context && 'getActivationMode' in context;

/** The headers the credential's `authenticate` adds, for a tick, where n8n cannot add them. */
async function signed(context: RequestContext): Promise<Record<string, string>> {
	const { apiKey, workspaceId } = await credentialsOf(context);
	return { Authorization: `Token ${apiKey.trim()}`, 'ACCOUNT-ID': workspaceId.trim() };
}

export const REQUEST_LIMITS = {
	/** How long a request may take, from its start to its answer's last byte, when its caller names no time. */
	deadlineMs: 60_000,
};

/**
 * Sends one authenticated request (POST unless told) and returns the answer whatever its status.
 * It waits for the key's turn (see takeTurn: the credential's Requests per Second, or lower once
 * the key was refused), then has until `timeout` (ms, from the call, the wait for the turn
 * included) for the whole answer: an abort, not n8n's idle-socket timeout, which a server sending
 * a byte now and then holds open for ever. A 429 holds the key (see `refused`). Network failures
 * become a NodeApiError built from a plain object, so the request (and its Authorization header)
 * never travels inside the error. The API key is the credential's, to keep it out of errors.
 */
export async function sendRequest(
	this: RequestContext,
	options: Pick<IHttpRequestOptions, 'baseURL' | 'url' | 'body' | 'qs' | 'timeout' | 'headers'> & {
		method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
	},
	{ apiKey, requestsPerSecond }: Pick<SmartSuiteCredentials, 'apiKey' | 'requestsPerSecond'>,
): Promise<ApiResponse> {
	if (hasUserInfo(options.baseURL ?? '')) throw userInfoError(this.getNode());
	const { timeout = REQUEST_LIMITS.deadlineMs, ...rest } = options;
	const deadline = AbortSignal.timeout(timeout);
	const turn = await takeTurn(apiKey.trim(), requestsPerSecond);
	try {
		if (deadline.aborted) throw deadlineError(this.getNode(), timeout);
		const request: IHttpRequestOptions = {
			method: 'POST',
			...rest,
			...REQUEST_DEFAULTS,
			json: true,
			returnFullResponse: true,
			abortSignal: deadline,
		};
		const response = (
			isScheduledTick(this)
				? await this.helpers.httpRequest({
						...request,
						headers: { ...request.headers, ...(await signed(this)) },
					})
				: await this.helpers.httpRequestWithAuthentication.call(
						withDeadline(this, deadline),
						CREDENTIAL_NAME,
						request,
					)
		) as IN8nHttpFullResponse;
		const body = await answerText(response);
		const answer = received({ ...response, body }, apiKey, heldSecrets(this));
		if (answer.statusCode === 429) answer.heldMs = refused(turn, rateLimitWaitMs(answer));
		return answer;
	} catch (error) {
		if (error instanceof AnswerTooLarge)
			throw tooLargeError(
				this.getNode(),
				error,
				options,
				// As describeFailure: a key too short to be real would cut the path apart.
				secretsOf(apiKey, heldSecrets(this)).filter(
					({ text }) => text.length >= MIN_SCRUBBED_LENGTH,
				),
			);
		if (deadline.aborted) throw deadlineError(this.getNode(), timeout);
		throw networkError(this.getNode(), error);
	} finally {
		answered(turn);
	}
}

/**
 * The context to authenticate a request in: n8n's httpRequestWithAuthentication puts the
 * execution's cancel signal in place of a request's abortSignal where there is one, so that
 * signal ends at the deadline too.
 */
function withDeadline(context: RequestContext, deadline: AbortSignal): RequestContext {
	if (!('getExecutionCancelSignal' in context)) return context;
	const cancel = context.getExecutionCancelSignal();
	const signal = cancel ? AbortSignal.any([cancel, deadline]) : deadline;
	return Object.create(context, { getExecutionCancelSignal: { value: () => signal } });
}

/** No whole answer by the request's deadline; a network code, so that only reads are sent again. */
function deadlineError(node: INode, timeout: number): NodeApiError {
	const seconds = Math.round(timeout / 100) / 10;
	const message = `SmartSuite did not answer within ${seconds} s`;
	const failure = new NodeApiError(node, { message } as JsonObject, {
		message,
		description:
			'The whole answer did not arrive in the time one request may take. SmartSuite, or a proxy in between, is slow or stuck: try again later.',
		httpCode: 'none',
	});
	failure.context.networkCode = 'ETIMEDOUT';
	return failure;
}

/**
 * Returns the JSON object of a successful answer, or throws the error a user can act on.
 * `anyBody`: the answer's body is not needed (a delete, an update of a webhook), so a success
 * whose body is empty or not a JSON object ("200 Ok") is a success: `{}`.
 */
export function parseResponse(
	node: INode,
	response: ApiResponse,
	subject: RequestSubject,
	itemIndex?: number,
	{ anyBody = false }: { anyBody?: boolean } = {},
): IDataObject {
	if (response.statusCode < 200 || response.statusCode >= 300) {
		throw httpError(node, response, subject, itemIndex);
	}
	const json = readJson(response.body);
	if (json && isJsonObject(json.value)) return json.value;
	if (anyBody) return {};
	const what = json
		? `JSON that is not an object (${jsonKind(json.value)})`
		: 'an answer that is not valid JSON';
	const message = `SmartSuite sent ${what}`;
	throw new NodeApiError(node, { message } as JsonObject, {
		message,
		description: `The answer to the request to ${subject.action} should be a JSON object. This is usually a temporary problem of the service or of a proxy in between: try again.`,
		httpCode: String(response.statusCode),
		itemIndex,
	});
}

/** The JSON value of an answer's text; undefined when it is not JSON. */
export function readJson(body: unknown): { value: unknown } | undefined {
	if (typeof body !== 'string') return { value: body };
	try {
		return { value: JSON.parse(body) as unknown };
	} catch {
		return undefined;
	}
}

function jsonKind(value: unknown): string {
	if (Array.isArray(value)) return 'an array';
	if (value === null) return 'null';
	if (typeof value === 'boolean') return 'true or false';
	return `a ${typeof value}`;
}

function httpError(
	node: INode,
	response: ApiResponse,
	subject: RequestSubject,
	itemIndex?: number,
): NodeApiError {
	const { message, description, detail, wrongAddress } = describeFailure(response, subject);
	const error = new NodeApiError(
		node,
		{ message: detail || `HTTP ${response.statusCode}` } as JsonObject,
		{
			message,
			description,
			httpCode: String(response.statusCode),
			itemIndex,
		},
	);
	if (wrongAddress) error.context.wrongAddress = true;
	return error;
}

/** Whether an error is about the address (see isRouteError), not about what was asked for. */
export function isWrongAddress(error: NodeApiError): boolean {
	return error.context.wrongAddress === true;
}

/**
 * What a user reads about an answer that is not a success. `detail` is what the server said,
 * quoted (see `quote`). `wrongAddress`: see isRouteError.
 */
export function describeFailure(
	response: ApiResponse,
	subject: RequestSubject,
): { message: string; description: string; detail: string; wrongAddress: boolean } {
	const detail = answerWords(response, subject.labelOf);
	const status = response.statusCode;
	const wrongAddress = isRouteError(response, subject);
	const text = wrongAddress
		? describeRouteError(subject.address, status, detail)
		: describeStatus(
				status,
				readJson(response.body)?.value,
				subject,
				detail,
				retryAfterSeconds(response),
				redirectTarget(response),
			);
	// Ids named in our words (a webhook's, a record's) came from answers too; a key too short to be
	// real would cut our words apart.
	const secrets = response.secrets.filter((secret) => secret.text.length >= MIN_SCRUBBED_LENGTH);
	const message = redacted(text.message, secrets);
	const description = redacted(text.description, secrets);
	return { message, description, detail, wrongAddress };
}

/**
 * Whether an error answer says that the server at the address does not serve the path, rather
 * than something about the thing asked for: a 405; a Twirp `bad_route`; a 404 to a request that
 * names nothing that could be missing (`notFound` empty: the credential test's probe). A 404 to a
 * request for a record, table or webhook is "not found" whatever its body (JSON, a page, a text or
 * nothing): SmartSuite's answers for missing things are not all documented.
 */
function isRouteError(
	response: Pick<ApiResponse, 'statusCode' | 'body'>,
	subject: RequestSubject,
): boolean {
	if (response.statusCode === 405 || isBadRoute(response)) return true;
	return response.statusCode === 404 && subject.notFound === '';
}

/** The `code` of a Twirp error body; undefined when the body is not a JSON object. */
function twirpCode(response: Pick<ApiResponse, 'body'>): unknown {
	const body = readJson(response.body)?.value;
	return isJsonObject(body) ? body.code : undefined;
}

/** A Twirp `bad_route`: no handler for this service name and method. */
export function isBadRoute(response: Pick<ApiResponse, 'body'>): boolean {
	return twirpCode(response) === 'bad_route';
}

function describeRouteError(
	address: RequestAddress,
	status: number,
	detail: string,
): { message: string; description: string } {
	const said = detail ? ` The server said: "${detail}"` : '';
	const what = address.api === 'webhooks' ? 'has no method' : 'does not serve';
	return {
		message: `The ${address.api} API at ${address.baseUrl} ${what} ${address.path} (${status})`,
		description: `${address.api === 'webhooks' ? 'The address is wrong, not the webhook.' : "The address is wrong: this answer did not come from SmartSuite's records API."} ${address.settingsHint}${said}`,
	};
}

function describeStatus(
	status: number,
	body: unknown,
	subject: RequestSubject,
	detail: string,
	retryAfter: number | undefined,
	location: string,
): { message: string; description: string } {
	const said = detail ? ` SmartSuite said: "${detail}"` : '';
	// SmartSuite's own 404s are JSON; another answer may come from a wrong address.
	const pageHint = isJsonObject(body)
		? ''
		: ` The answer was not SmartSuite's JSON: if the id is right, check the ${subject.address.api === 'records' ? 'Records' : 'Webhooks'} API Base URL in the SmartSuite credential.`;
	if (status >= 300 && status < 400) {
		return {
			message: `SmartSuite answered the request to ${subject.action} with a redirect (${status})`,
			description: `The server sent the request on ${location ? `to ${location}` : 'without saying where'}. Redirects are never followed, so that the API key only goes to the addresses in the SmartSuite credential: check its base URLs.${said}`,
		};
	}
	if (status === 400 || status === 422) {
		return {
			message: `SmartSuite rejected the request to ${subject.action} (${status})${detail ? `: ${detail}` : ''}`,
			description: `${detail ? `SmartSuite said: "${detail}".` : 'SmartSuite gave no reason: check the values sent.'} If the message mentions the account or workspace, check the Workspace ID in the SmartSuite credential.`,
		};
	}
	if (status === 401) {
		return {
			message: 'SmartSuite did not accept the API key (401)',
			description: `Check the API key in the SmartSuite credential: copy it again from SmartSuite (profile menu, API Key).${said}`,
		};
	}
	if (status === 403) {
		return {
			message: `SmartSuite denied access when trying to ${subject.action} (403)`,
			description: `Check the Workspace ID in the SmartSuite credential (the 8 characters after the host in any SmartSuite URL) and that the member who owns the API key can access this workspace and table.${said}`,
		};
	}
	if (status === 404) {
		return {
			message: subject.notFound,
			description: `${subject.notFoundHint ?? 'Check the id, and that it belongs to the workspace of the credential.'}${said}${pageHint}`,
		};
	}
	if (status === 429) {
		return {
			message: 'SmartSuite rate limit reached (429)',
			description: `SmartSuite allows 5 requests per second per API key (2 past the plan's monthly quota), shared by every app and n8n worker that uses it. Wait ${waitText(retryAfter)} and try again. If it happens again, lower Requests per Second in the SmartSuite credential.${said}`,
		};
	}
	if (status >= 500) {
		return {
			message: `SmartSuite failed to ${subject.action} (${status})`,
			description: `The service had a problem on its side. Try again in a moment.${said}`,
		};
	}
	return {
		message: `SmartSuite answered with status ${status} when trying to ${subject.action}`,
		description: `An unexpected answer.${said}`,
	};
}

/** Never "0 seconds" or "0.001 seconds": whole seconds, at least one. */
function waitText(retryAfter: number | undefined): string {
	if (retryAfter === undefined) return 'about 30 seconds';
	const seconds = Math.max(1, Math.ceil(retryAfter));
	return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** The `Location` of a redirect, as safe to show as the server's own words. */
function redirectTarget(response: ApiResponse): string {
	const location = response.headers.location;
	if (typeof location !== 'string') return '';
	return quote(location.trim().replace(USER_INFO, '$1'), response.secrets);
}

/** The least wait before any retry of either transport (records, webhooks), whatever Retry-After says. */
export const MIN_RETRY_WAIT_MS = 1000;
/** SmartSuite asks for about 30 seconds when a 429 names no Retry-After. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

/**
 * The one 429 policy of both transports: wait as Retry-After asks (about 30 seconds when it names
 * no time), but at least MIN_RETRY_WAIT_MS; or as long as the key is held, when an earlier 429 of
 * the key asked for longer (sendRequest). How many times and for how long a caller waits is its
 * own budget (a run's, a poll's).
 */
export function rateLimitWaitMs(response: Pick<ApiResponse, 'headers' | 'heldMs'>): number {
	if (response.heldMs !== undefined) return response.heldMs;
	return Math.max(
		MIN_RETRY_WAIT_MS,
		(retryAfterSeconds(response) ?? DEFAULT_RETRY_AFTER_SECONDS) * 1000,
	);
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date), if there is one. */
export function retryAfterSeconds(response: Pick<ApiResponse, 'headers'>): number | undefined {
	const header = response.headers['retry-after'];
	if (header === undefined || header === null || header === '') return undefined;
	const seconds = Number(header);
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const date = Date.parse(String(header));
	return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** What an answer says, quoted: see serverMessage. */
export function answerWords(
	response: ApiResponse,
	labelOf?: (key: string) => string | undefined,
): string {
	const json = readJson(response.body);
	return serverMessage(json ? json.value : response.body, response.secrets, labelOf);
}

/** Longest quote of a server's words in a message or description. */
export const MAX_QUOTE_LENGTH = 300;

/**
 * The words of an error body, quoted (see `quote`): Twirp `msg`, records API `detail`,
 * `message` or `error`, SmartSuite's `{"<field or parameter>": ["message", …]}` (each key named
 * by `labelOf` when it knows it), or a plain text.
 */
export function serverMessage(
	body: unknown,
	secrets: Secret[],
	labelOf: (key: string) => string | undefined = () => undefined,
): string {
	return quote(serverWords(body, labelOf), secrets);
}

function serverWords(body: unknown, labelOf: (key: string) => string | undefined): string {
	// A page's markup says nothing a user can act on.
	if (typeof body === 'string') return body.trimStart().startsWith('<') ? '' : body;
	if (!isJsonObject(body)) return body === undefined || body === null ? '' : JSON.stringify(body);
	const value = body.msg ?? body.detail ?? body.message ?? body.error;
	if (typeof value === 'string') return value;
	if (value !== undefined) return JSON.stringify(value);
	return Object.entries(body)
		.map(([key, said]) => {
			const label = labelOf(key);
			return `${label ? `"${label}"` : key}: ${wordsOf(said)}`;
		})
		.join('; ');
}

/** A message or a list of them, as text. */
export function wordsOf(said: unknown): string {
	if (typeof said === 'string') return said;
	if (Array.isArray(said)) return said.map(wordsOf).join(' ');
	return JSON.stringify(said) ?? '';
}

/**
 * The one function every quote of a server passes through on its way into a message, a
 * description or a log line: the forms of the secrets (see `redacted`) and any value after the
 * words "Token" or "Bearer" ("Token abc", "token: abc", "bearer=abc", but not "page_token has
 * expired") are taken out, and the text is cut to MAX_QUOTE_LENGTH characters.
 */
export function quote(text: unknown, secrets: Secret[]): string {
	const words = typeof text === 'string' ? text : wordsOf(text);
	const clean = redacted(words.trim(), secrets).replace(
		/\b(token|bearer)(\s*[:=]\s*|\s+)(?!(?:token|bearer)\b)[^\s"',;&]+/gi,
		'$1$2***',
	);
	return clean.length > MAX_QUOTE_LENGTH ? `${clean.slice(0, MAX_QUOTE_LENGTH - 1)}…` : clean;
}

/** The API key as sent (trimmed), and the secrets a node holds besides it. */
export function secretsOf(apiKey: string, held: Secret[] = []): Secret[] {
	const key = apiKey.trim();
	return key === '' ? held : [{ text: key }, ...held];
}

/**
 * The secrets each node holds besides the key, by workflow and node id, in this process: the
 * Instant Trigger's secret and notification URL. Bounded: the nodes that held one last.
 */
const heldByNode = new Map<string, Secret[]>();
const MAX_HOLDING_NODES = 1000;
const MAX_HELD_PER_NODE = 8;
const holderOf = (context: RequestContext) =>
	`${context.getWorkflow().id ?? ''}|${context.getNode().id}`;

/**
 * Makes `secret` one of the node's: from now on every quote of an answer its requests receive
 * loses it as it loses the key, and so do its output items where it passes them through
 * `scrubbed` with heldSecrets.
 */
export function holdSecret(context: RequestContext, secret: Secret): void {
	if (secret.text === '') return;
	const holder = holderOf(context);
	const kept = (heldByNode.get(holder) ?? []).filter((known) => known.text !== secret.text);
	kept.push(secret);
	heldByNode.delete(holder);
	heldByNode.set(holder, kept.slice(-MAX_HELD_PER_NODE));
	const oldest = heldByNode.keys().next().value;
	if (heldByNode.size > MAX_HOLDING_NODES && oldest !== undefined) heldByNode.delete(oldest);
}

/** The secrets the node of `context` holds besides the key (see holdSecret). */
export function heldSecrets(context: RequestContext): Secret[] {
	return heldByNode.get(holderOf(context)) ?? [];
}

/**
 * n8n's log for the node: each line without the secrets the node holds (ids and labels in a line
 * come from answers, which keep them; the key never reaches a line: see `received`).
 */
export function logOf(context: RequestContext): Logger {
	const { logger } = context;
	const clean = (message: string) => redacted(message, heldSecrets(context));
	return {
		error: (message, metadata) => logger.error(clean(message), metadata),
		warn: (message, metadata) => logger.warn(clean(message), metadata),
		info: (message, metadata) => logger.info(clean(message), metadata),
		debug: (message, metadata) => logger.debug(clean(message), metadata),
	};
}

/** Any run of this many characters of a secret (not `whole`) gives it away. */
const GIVEAWAY_RUN = 16;
/** The most characters the search compares at each step (see `secretsIn`). */
const WINDOW = 4;
/** Each UTF-16 unit as the search first compares it: ASCII in lower case, any other as OTHER. */
const OTHER = 128;
const FOLDED = new Uint8Array(65536).fill(OTHER);
for (let unit = 0; unit < OTHER; unit++)
	FOLDED[unit] = String.fromCharCode(unit).toLowerCase().charCodeAt(0);

/**
 * A text without any secret, in every form a server could quote one in, in any case: its
 * characters as they are, URL-encoded (`%2F`) or as JSON escapes (`\u0073`, `\/`, also doubled by
 * JSON inside JSON), mixed at will; for the key and the trigger's secret also any run of
 * GIVEAWAY_RUN characters of it, and its base64 (standard or URL-safe, alone or inside a longer
 * encoded text such as "Token <key>"). The text is read with its escapes decoded; what is found
 * there is replaced in the text as written, escapes included.
 */
export function redacted(text: string, secrets: Secret[]): string {
	if (secrets.length === 0) return text;
	const redaction = redactionOf(secrets);
	if (text.length < redaction.shortest) return text;
	const { plain, span } = unescaped(text, redaction);
	let result = '';
	let copied = 0;
	for (const [start, end] of secretsIn(plain, redaction)) {
		const from = span(start)[0];
		if (from >= copied) result += `${text.slice(copied, from)}***`;
		copied = Math.max(copied, span(end - 1)[1]);
	}
	return copied === 0 ? text : result + text.slice(copied);
}

/**
 * A form of a secret: its text (in lower case unless `exact`) and what of it gives it away: the
 * whole text (`whole`) or any run of GIVEAWAY_RUN of its characters.
 */
interface Form {
	text: string;
	whole: boolean;
	/** Only in this case: base64 in another case stands for other bytes. */
	exact: boolean;
}

/** Where a window stands in a form. */
interface Place {
	form: Form;
	offset: number;
}

interface Redaction {
	/**
	 * Every form, as a text holds it (its escapes decoded), has a window of `width` of its
	 * characters starting at a multiple of `stride` of the text: the search looks there alone.
	 */
	width: number;
	stride: number;
	/** Where each window (the code of its folded characters, see `windowCode`) stands in the forms. */
	places: Map<number, Place[]>;
	/** The pairs of folded characters a window starts with: most windows of a text start otherwise. */
	pairs: Uint8Array;
	/** The length of the shortest form. */
	shortest: number;
	/** The characters of every form, in both cases: only their escapes are decoded. */
	characters: Set<string>;
	/** The escapes that can stand for one of them (escapesOf), and what any of them starts with. */
	escapes: RegExp;
	escapeStarts: string[];
	/** The same, and the line breaks inside base64 (read as nothing): see mayHoldWrappedBase64. */
	escapesAndBreaks: RegExp;
}

/** Made once per set of secrets (an answer has thousands of strings), kept per list and per contents. */
const redactionsOfLists = new WeakMap<Secret[], Redaction>();
const redactions = new Map<string, Redaction>();
function redactionOf(secrets: Secret[]): Redaction {
	let redaction = redactionsOfLists.get(secrets);
	if (redaction) return redaction;
	const id = JSON.stringify(secrets);
	redaction = redactions.get(id) ?? makeRedaction(secrets);
	if (redactions.size > 100) redactions.clear();
	redactions.set(id, redaction);
	redactionsOfLists.set(secrets, redaction);
	return redaction;
}

function makeRedaction(secrets: Secret[]): Redaction {
	const given = secrets.filter(({ text }) => text !== '');
	const forms: Form[] = [
		...given.map(({ text, whole }) => ({ text: lowered(text), whole: !!whole, exact: false })),
		// A short key's base64 would be a few letters that any text holds.
		...given
			.filter(({ text, whole }) => !whole && text.length >= GIVEAWAY_RUN)
			.flatMap(({ text }) => base64Of(text))
			.map((text) => ({ text, whole: true, exact: true })),
	];
	const shortest = forms.reduce(
		(least, { text, whole }) =>
			Math.min(least, whole ? text.length : Math.min(text.length, GIVEAWAY_RUN)),
		Infinity,
	);
	// A stretch of `shortest` characters starting anywhere holds a whole window at a multiple of stride.
	const width = Math.min(WINDOW, shortest);
	const stride = shortest - width + 1;
	const places = new Map<number, Place[]>();
	const pairs = new Uint8Array((OTHER + 1) * (OTHER + 1));
	for (const form of forms) {
		// A whole form starts at most a stride before its first window; any run may start anywhere.
		const last = form.text.length - width;
		for (let offset = 0; offset <= (form.whole ? Math.min(stride - 1, last) : last); offset++) {
			const code = windowCode(form.text, offset, width);
			places.set(code, [...(places.get(code) ?? []), { form, offset }]);
			if (width > 1) pairs[pairOf(folded(form.text, offset), folded(form.text, offset + 1))] = 1;
		}
	}
	// UTF-16 units, as JSON escapes write them (a character beyond U+FFFF is two escapes).
	const characters = new Set(
		forms.flatMap(({ text }) => [...text.split(''), ...text.toUpperCase().split('')]),
	);
	return { width, stride, places, pairs, shortest, characters, ...escapesOf(characters) };
}

function pairOf(first: number, second: number): number {
	return first * (OTHER + 1) + second;
}

/** The character of a text at `index`, folded. */
function folded(text: string, index: number): number {
	return FOLDED[text.charCodeAt(index)];
}

/** The folded characters of `width` characters of a text from `at`, as one number. */
function windowCode(text: string, at: number, width: number): number {
	let code = 0;
	for (let index = at; index < at + width; index++) code = code * (OTHER + 1) + folded(text, index);
	return code;
}

/**
 * The escapes worth decoding for these characters: a JSON escape of a character (`\u0073`, `\/`,
 * `\"`; with up to 4 backslashes, as JSON inside JSON writes them), an escaped backslash, a
 * URL-encoded ASCII character, or a run of URL-encoded bytes of other characters; each kind only
 * where it can stand for one of the characters (a secret cannot run across a character it does not
 * hold, so any other escape is read as written).
 */
function escapesOf(
	characters: Set<string>,
): Pick<Redaction, 'escapes' | 'escapesAndBreaks' | 'escapeStarts'> {
	const quoted = ['/', '"'].filter((c) => characters.has(c));
	const nonAscii = [...characters].some((c) => c.charCodeAt(0) > 0x7f);
	const kinds: Array<[pattern: string, start: string]> = [
		['\\\\{1,4}u[0-9a-f]{4}', '\\u'],
		...quoted.map((c): [string, string] => [`\\\\{1,4}${c}`, `\\${c}`]),
		...(characters.has('\\') ? [['\\\\\\\\', '\\\\'] as [string, string]] : []),
		// URL-encoded once or more: `%2F`, `%252F`, `%25252F`.
		['%(?:25)*[0-7][0-9a-f]', '%'],
		...(nonAscii ? [['(?:%(?:25)*[89a-f][0-9a-f])+', '%'] as [string, string]] : []),
	];
	const patterns = kinds.map(([pattern]) => pattern);
	return {
		escapes: new RegExp(patterns.join('|'), 'gi'),
		escapesAndBreaks: new RegExp([...patterns, BREAK_IN_BASE64].join('|'), 'gi'),
		escapeStarts: [...new Set(kinds.map(([, start]) => start))],
	};
}

/** A line break as a text holds it: CR, LF, or their JSON escapes (doubled by JSON inside JSON). */
const LINE_BREAK = String.raw`(?:\\{1,4}[rn]|[\r\n])+`;
/**
 * A line break between two base64 characters: wrapped base64 (GNU base64, PEM) reads on across it.
 * Only from the first break of a run (no break ends right before it: the letter of "\\n" is a
 * base64 character), so each run is tried once: linear time.
 */
const BREAK_IN_BASE64 = `(?<=[0-9a-z+/=_-])(?<![\r\n]|\\\\[rn])${LINE_BREAK}(?=[0-9a-z+/=_-])`;
/** Whether a line-break match is one, to be read as nothing (see BREAK_IN_BASE64). */
const ONLY_BREAKS = new RegExp(`^${LINE_BREAK}$`);
/** Base64 runs this long beside a line break are worth reading across it. */
const WRAPPED_RUN = 16;
/** Base64 characters (both alphabets, padding included) by code. */
const IS_BASE64 = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-')
	IS_BASE64[c.charCodeAt(0)] = 1;
const isBase64At = (text: string, index: number) => IS_BASE64[text.charCodeAt(index)] === 1;

/**
 * Whether a text may hold base64 wrapped at some column: a line break with WRAPPED_RUN base64
 * characters right before or after it, or between two base64 runs of which the first is a whole
 * line (lines shorter than WRAPPED_RUN). A secret's base64 is longer than WRAPPED_RUN by far, so
 * one wrapped at any column shows one or the other. Only the text's line breaks are looked at
 * (`indexOf`, no regular expression): most texts have none, and the lines of a text are words.
 */
function mayHoldWrappedBase64(text: string): boolean {
	for (const mark of ['\n', '\r', '\\n', '\\r']) {
		// Each run of breaks once (every break of a run has its start and end): linear time.
		for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, breakEnd(text, at))) {
			const start = breakStart(text, at);
			const end = breakEnd(text, at);
			const before = base64Run(text, start, -1);
			const after = base64Run(text, end, 1);
			if (before >= WRAPPED_RUN || after >= WRAPPED_RUN) return true;
			if (before > 0 && after > 0 && breakStart(text, start - before) < start - before) return true;
		}
	}
	return false;
}

/** Whether a line break (CR, LF, or a JSON escape of one) ends at `end` (exclusive); its start if so. */
function breakEndingAt(text: string, end: number): number | undefined {
	const last = text.charCodeAt(end - 1);
	if (last === 10 || last === 13) return end - 1;
	if ((last !== 110 && last !== 114) || text.charCodeAt(end - 2) !== 92) return undefined;
	let start = end - 2;
	while (start > 0 && text.charCodeAt(start - 1) === 92) start--;
	return start;
}

/** Where the line breaks around `at` (the start of one) start. */
function breakStart(text: string, at: number): number {
	let start = at;
	while (text.charCodeAt(start - 1) === 92) start--;
	for (let before = breakEndingAt(text, start); before !== undefined;) {
		start = before;
		before = start > 0 ? breakEndingAt(text, start) : undefined;
	}
	return start;
}

/** Where the line breaks from `at` (the start of one) end. */
function breakEnd(text: string, at: number): number {
	let end = at;
	for (;;) {
		const unit = text.charCodeAt(end);
		if (unit === 10 || unit === 13) end++;
		else if (unit === 92) {
			let next = end;
			while (text.charCodeAt(next) === 92) next++;
			const letter = text.charCodeAt(next);
			if (letter !== 110 && letter !== 114) return end;
			end = next + 1;
		} else return end;
	}
}

/** How many base64 characters (up to WRAPPED_RUN) run from `at` in `direction` (-1: before it). */
function base64Run(text: string, at: number, direction: 1 | -1): number {
	let count = 0;
	let index = direction === 1 ? at : at - 1;
	while (count < WRAPPED_RUN && index >= 0 && index < text.length && isBase64At(text, index)) {
		// Backwards, the letter of an escaped break ("\\n") ends the run.
		if (direction === -1 && breakEndingAt(text, index + 1) !== undefined) break;
		count++;
		index += direction;
	}
	return count;
}

/**
 * The stretches of the plain text that are a secret's, in order, overlapping ones joined. Only the
 * windows at multiples of the stride are looked at (a page of events is megabytes, and this is
 * every answer's door): a window that starts with a pair no form's window starts with is passed at
 * once, the others are compared with the forms around them.
 */
function secretsIn(
	plain: string,
	{ width, stride, places, pairs }: Redaction,
): Array<[number, number]> {
	const found: Array<[number, number]> = [];
	for (let at = 0; at + width <= plain.length; at += stride) {
		if (width > 1 && pairs[pairOf(folded(plain, at), folded(plain, at + 1))] === 0) continue;
		for (const place of places.get(windowCode(plain, at, width)) ?? []) {
			const stretch = stretchAt(plain, at, place);
			if (stretch) found.push(stretch);
		}
	}
	found.sort((a, b) => a[0] - b[0]);
	const joined: Array<[number, number]> = [];
	for (const [start, end] of found) {
		const last = joined[joined.length - 1];
		if (last && start <= last[1]) last[1] = Math.max(last[1], end);
		else joined.push([start, end]);
	}
	return joined;
}

/** A UTF-16 unit in lower case (one that would become two units stays as it is). */
function lowerUnit(unit: number): number {
	if (unit < OTHER) return FOLDED[unit];
	const lower = String.fromCharCode(unit).toLowerCase();
	return lower.length === 1 ? lower.charCodeAt(0) : unit;
}

/** A text in lower case unit by unit: a text and a secret compare alike wherever they stand. */
function lowered(text: string): string {
	let lower = '';
	for (let index = 0; index < text.length; index++)
		lower += String.fromCharCode(lowerUnit(text.charCodeAt(index)));
	return lower;
}

/**
 * The form's characters around a window found at `at`, as far as the text goes on with them (in
 * any case unless the form is `exact`): a stretch when they are the whole form, or (for a form
 * that is not `whole`) a run of at least GIVEAWAY_RUN characters of it.
 */
function stretchAt(
	text: string,
	at: number,
	{ form: { text: form, whole, exact }, offset }: Place,
): [number, number] | undefined {
	const same = (index: number, of: number) => {
		const unit = text.charCodeAt(index);
		return (exact ? unit : lowerUnit(unit)) === form.charCodeAt(of);
	};
	let [start, from] = [at, offset];
	while (start > 0 && from > 0 && same(start - 1, from - 1)) [start, from] = [start - 1, from - 1];
	let [end, to] = [at, offset];
	while (end < text.length && to < form.length && same(end, to)) [end, to] = [end + 1, to + 1];
	const length = end - start;
	const enough = whole ? length === form.length : length >= Math.min(GIVEAWAY_RUN, form.length);
	return enough ? [start, end] : undefined;
}

function decodedEscape(escape: string): string {
	if (escape.startsWith('%')) return urlDecoded(escape);
	if (ONLY_BREAKS.test(escape)) return '';
	const escaped = escape.replace(/^\\+/, '');
	if (escaped === '') return '\\';
	return escaped.length === 5 ? String.fromCharCode(parseInt(escaped.slice(1), 16)) : escaped;
}

/** URL-encoded bytes decoded as often as they were encoded (`%252F` is `%2F`, then `/`). */
function urlDecoded(escape: string): string {
	let text = escape;
	// Checked before decoding: a lone "%" would throw, and a throw costs as much as a page of text.
	while (/%[0-9a-f]{2}/i.test(text)) {
		try {
			const decoded = decodeURIComponent(text);
			if (decoded === text) break;
			text = decoded;
		} catch {
			break; // not UTF-8, or a lone "%"
		}
	}
	return text;
}

/**
 * The text with its escapes decoded, and for each of its characters the stretch of the text it
 * was read from (`[start, end)`: one character, or a whole escape).
 */
function unescaped(
	text: string,
	{ characters, escapes, escapesAndBreaks, escapeStarts }: Redaction,
): { plain: string; span: (index: number) => [number, number] } {
	const wrapped = mayHoldWrappedBase64(text);
	if (!wrapped && !escapeStarts.some((start) => text.includes(start)))
		return { plain: text, span: (index) => [index, index + 1] };
	// Per decoded escape: where it starts and ends in the plain text, and in the text.
	const plainBounds: number[] = [];
	const textBounds: number[] = [];
	let shrunk = 0;
	const plain = text.replace(
		wrapped ? escapesAndBreaks : escapes,
		(escape: string, offset: number) => {
			const decoded = decodedEscape(escape);
			if (decoded.length === 1 && !characters.has(decoded)) return escape;
			plainBounds.push(offset - shrunk, offset - shrunk + decoded.length);
			textBounds.push(offset, offset + escape.length);
			shrunk += escape.length - decoded.length;
			return decoded;
		},
	);
	const span = (index: number): [number, number] => {
		// The last bound at or before `index`: an escape's start (inside it) or end (after it).
		let [low, high] = [-1, plainBounds.length - 1];
		while (low < high) {
			const middle = Math.ceil((low + high) / 2);
			if (plainBounds[middle] <= index) low = middle;
			else high = middle - 1;
		}
		if (low % 2 === 0) return [textBounds[low], textBounds[low + 1]];
		const at = low < 0 ? index : textBounds[low] + index - plainBounds[low];
		return [at, at + 1];
	};
	return { plain, span };
}

/**
 * The base64 characters that depend on the text alone, for each of the three ways it can be
 * aligned in a longer encoded text, in the standard and the URL-safe alphabet.
 */
function base64Of(text: string): string[] {
	const bytes = Buffer.from(text, 'utf8');
	const cores = new Set<string>();
	for (const shift of [0, 1, 2]) {
		const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
		const core = encoded.slice(
			Math.ceil((shift * 4) / 3),
			Math.floor(((shift + bytes.length) * 4) / 3),
		);
		cores.add(core);
		cores.add(core.replaceAll('+', '-').replaceAll('/', '_'));
	}
	return Array.from(cores);
}

/** A text, or a parsed value (changed in place: its strings and keys), without the secrets. */
export function scrubbed<T>(value: T, secrets: Secret[]): T {
	if (typeof value === 'string') return redacted(value, secrets) as T;
	scrubInPlace(value, secrets);
	return value;
}

/**
 * Takes the secrets out of every string and key of a parsed value, in place, without recursion
 * (a hostile answer may nest 100,000 deep).
 */
function scrubInPlace(root: unknown, secrets: Secret[]): void {
	if (secrets.length === 0) return;
	const pending: unknown[] = [root];
	while (pending.length > 0) {
		const value = pending.pop();
		if (Array.isArray(value)) {
			value.forEach((entry, index) => {
				if (typeof entry === 'string') value[index] = redacted(entry, secrets);
				else pending.push(entry);
			});
		} else if (isJsonObject(value)) {
			for (const key of Object.keys(value)) {
				const entry = value[key];
				const cleanKey = redacted(key, secrets);
				const clean = typeof entry === 'string' ? redacted(entry, secrets) : entry;
				if (typeof entry !== 'string') pending.push(entry);
				if (cleanKey === key && clean === entry) continue;
				if (cleanKey !== key) delete value[key];
				Object.defineProperty(value, cleanKey, {
					value: clean,
					enumerable: true,
					writable: true,
					configurable: true,
				});
			}
		}
	}
}

/** `scheme://user:password@` at the start of an address. */
const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i;

/** Whether an address carries a user name or password, which no base URL may. */
export function hasUserInfo(url: string): boolean {
	return USER_INFO.test(url.trim());
}

export const USER_INFO_MESSAGE =
	'A base URL in the SmartSuite credential contains a user name or password';
export const USER_INFO_DESCRIPTION =
	'Remove the "name:password@" part from the Records API Base URL and the Webhooks API Base URL. SmartSuite is reached with the API key alone, and an address is shown in messages, where a password must never appear.';

/** Thrown before any request is sent; never repeats the address. */
export function userInfoError(node: INode): NodeOperationError {
	return new NodeOperationError(node, USER_INFO_MESSAGE, { description: USER_INFO_DESCRIPTION });
}

/** The reason of a network failure: n8n puts it in `httpCode`, Node in `code` or `cause.code`. */
export function networkReason(error: unknown): string | undefined {
	const { code, httpCode, cause } = (error ?? {}) as {
		code?: unknown;
		httpCode?: unknown;
		cause?: { code?: unknown };
	};
	return [code, cause?.code, httpCode].find(
		(value): value is string => typeof value === 'string' && /^E[A-Z0-9_]{2,}$/.test(value),
	);
}

/** The common reasons in words. */
const NETWORK_REASONS: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ECONNRESET: 'the connection was closed before an answer arrived',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be looked up',
	ETIMEDOUT: 'the connection timed out',
	ECONNABORTED: 'no answer came in time',
	EHOSTUNREACH: 'the host cannot be reached',
	EADDRNOTAVAIL: 'the address is not available',
};

/**
 * The reason in words in the message and as a code in the description: n8n replaces a message
 * that contains a common code with its own words, which do not say what could not be reached.
 */
function networkError(node: INode, error: unknown): NodeApiError {
	const code = networkReason(error);
	const words = code ? NETWORK_REASONS[code] : undefined;
	const message = `Could not reach SmartSuite${words ? `: ${words}` : ''}`;
	const failure = new NodeApiError(node, { message } as JsonObject, {
		message,
		description: `Network error ${code ?? 'without a code'}. Check the base addresses in the SmartSuite credential and your network, then try again.`,
		httpCode: 'none',
	});
	// Whether a write may be retried depends on it: a refused connection surely sent nothing.
	failure.context.networkCode = code;
	return failure;
}

/** The reason (ECONNREFUSED...) of a network failure thrown by sendRequest; undefined for answers. */
export function networkCodeOf(error: unknown): string | undefined {
	if (!(error instanceof NodeApiError) || error.httpCode !== 'none') return undefined;
	return typeof error.context.networkCode === 'string' ? error.context.networkCode : 'unknown';
}

export function isJsonObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
