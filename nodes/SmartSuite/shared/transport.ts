import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
	ITriggerFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

export const CREDENTIAL_NAME = 'smartSuiteWorkspaceApi';

export interface SmartSuiteCredentials {
	apiKey: string;
	workspaceId: string;
	baseUrl: string;
	webhooksUrl: string;
	/** Empty or missing (credentials saved before the field existed): automatic. */
	webhooksService?: string;
}

/** The two APIs of the spec: records (`{base_url}`) and webhooks (`{webhooks_url}`). */
export const RECORDS_BASE_URL = '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}';
export const WEBHOOKS_BASE_URL = '={{$credentials.webhooksUrl.trim().replace(/\\/+$/, "")}}';

export function withoutTrailingSlash(url: string): string {
	return url.trim().replace(/\/+$/, '');
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
}

/** An answer as the transport read it: `body` is the text (or an already parsed value). */
export interface ApiResponse {
	statusCode: number;
	body: unknown;
	headers: IDataObject;
	/** What no error built from this answer may quote: the API key, as sent and URL-encoded. */
	secrets: string[];
}

export type RequestContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
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
 * The answer arrives as text, so that JSON that is not an object can be told from text that is
 * not JSON at all.
 */
export const REQUEST_DEFAULTS = {
	disableFollowRedirect: true,
	encoding: 'text',
	ignoreHttpStatusErrors: true,
} as const satisfies Partial<IHttpRequestOptions>;

/**
 * Sends one authenticated request (POST unless told) and returns the answer whatever its status.
 * Network failures become a NodeApiError built from a plain object, so the request (and its
 * Authorization header) never travels inside the error. `apiKey` is the credential's, to keep it
 * out of errors.
 */
export async function sendRequest(
	this: RequestContext,
	options: Pick<IHttpRequestOptions, 'baseURL' | 'url' | 'body' | 'qs' | 'timeout' | 'headers'> & {
		method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
	},
	apiKey: string,
): Promise<ApiResponse> {
	if (hasUserInfo(options.baseURL ?? '')) throw userInfoError(this.getNode());
	try {
		const response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_NAME, {
			method: 'POST',
			...options,
			...REQUEST_DEFAULTS,
			json: true,
			returnFullResponse: true,
		})) as IN8nHttpFullResponse;
		return {
			statusCode: response.statusCode,
			body: response.body,
			headers: response.headers,
			secrets: secretsOf(apiKey),
		};
	} catch (error) {
		throw networkError(this.getNode(), error);
	}
}

/** Returns the JSON object of a successful answer, or throws the error a user can act on. */
export function parseResponse(
	node: INode,
	response: ApiResponse,
	subject: RequestSubject,
	itemIndex?: number,
): IDataObject {
	if (response.statusCode < 200 || response.statusCode >= 300) {
		throw httpError(node, response, subject, itemIndex);
	}
	const json = readJson(response.body);
	if (json && isJsonObject(json.value)) return json.value;
	const what = json ? `JSON that is not an object (${jsonKind(json.value)})` : 'an answer that is not valid JSON';
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
	const error = new NodeApiError(node, { message: detail || `HTTP ${response.statusCode}` } as JsonObject, {
		message,
		description,
		httpCode: String(response.statusCode),
		itemIndex,
	});
	if (wrongAddress) error.context.wrongAddress = true;
	return error;
}

/** Whether an error is about the address (see isRouteError), not about what was asked for. */
export function isWrongAddress(error: NodeApiError): boolean {
	return error.context.wrongAddress === true;
}

/**
 * What a user reads about an answer that is not a success. `detail` is what the server said,
 * short and with the secrets of the answer taken out. `wrongAddress`: see isRouteError.
 */
export function describeFailure(
	response: ApiResponse,
	subject: RequestSubject,
): { message: string; description: string; detail: string; wrongAddress: boolean } {
	const json = readJson(response.body);
	const detail = serverMessage(json ? json.value : response.body, response.secrets);
	const said = detail ? ` SmartSuite said: "${detail}"` : '';
	const status = response.statusCode;
	const wrongAddress = isRouteError(subject.address.api, response);
	const text = wrongAddress
		? describeRouteError(subject.address, status, detail)
		: describeStatus(status, subject, said, retryAfterSeconds(response), redirectTarget(response));
	return { ...text, detail, wrongAddress };
}

/**
 * Whether an error answer says that the server at the address does not serve the path, rather
 * than something about the thing asked for: a 405; a Twirp `bad_route`; a 404 that is a page
 * (HTML, plain text, empty) instead of the API's JSON; on the webhooks API, any 404 other than
 * Twirp `not_found`.
 */
function isRouteError(api: RequestAddress['api'], response: Pick<ApiResponse, 'statusCode' | 'body'>): boolean {
	if (response.statusCode === 405) return true;
	if (response.statusCode !== 404) return false;
	const body = readJson(response.body)?.value;
	if (!isJsonObject(body)) return true;
	return api === 'webhooks' ? body.code !== 'not_found' : body.code === 'bad_route';
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
	// A page's markup says nothing a user can act on.
	const said = detail && !detail.startsWith('<') ? ` The server said: "${detail}"` : '';
	const what = address.api === 'webhooks' ? 'has no method' : 'does not serve';
	return {
		message: `The ${address.api} API at ${address.baseUrl} ${what} ${address.path} (${status})`,
		description: `${address.api === 'webhooks' ? 'The address is wrong, not the webhook.' : "The address is wrong: this answer did not come from SmartSuite's records API."} ${address.settingsHint}${said}`,
	};
}

function describeStatus(
	status: number,
	subject: RequestSubject,
	said: string,
	retryAfter: number | undefined,
	location: string,
): { message: string; description: string } {
	if (status >= 300 && status < 400) {
		return {
			message: `SmartSuite answered the request to ${subject.action} with a redirect (${status})`,
			description: `The server sent the request on ${location ? `to ${location}` : 'without saying where'}. Redirects are never followed, so that the API key only goes to the addresses in the SmartSuite credential: check its base URLs.${said}`,
		};
	}
	if (status === 400 || status === 422) {
		return {
			message: `SmartSuite rejected the request to ${subject.action} (${status})`,
			description: `Check the values sent: ids, page size and page token.${said} If the message mentions the account or workspace, check the Workspace ID in the SmartSuite credential.`,
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
			description: `${subject.notFoundHint ?? 'Check the id, and that it belongs to the workspace of the credential.'}${said}`,
		};
	}
	if (status === 429) {
		return {
			message: 'SmartSuite rate limit reached (429)',
			description: `SmartSuite allows 5 requests per second per API key. Wait ${waitText(retryAfter)} and try again, or space the requests out (Request Options > Batching).${said}`,
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
	return redact(location.trim().replace(USER_INFO, '$1'), response.secrets).slice(0, 300);
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

/** The message of an error body: Twirp `msg`, records API `detail`, or a short plain text. */
export function serverMessage(body: unknown, secrets: string[]): string {
	let text = '';
	if (isJsonObject(body)) {
		const value = body.msg ?? body.detail ?? body.message ?? body.error;
		text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
	} else if (typeof body === 'string') {
		text = body;
	}
	return redact(text.trim(), secrets).slice(0, 300);
}

/** The API key as sent (trimmed) and URL-encoded: the forms a server could quote it in. */
export function secretsOf(apiKey: string): string[] {
	const key = apiKey.trim();
	return key === '' ? [] : [...new Set([key, encodeURIComponent(key)])];
}

/**
 * Server text on its way into an error: every form of the key is taken out, whatever words
 * surround it, and so is any value after the words "Token" or "Bearer" ("Token abc",
 * "token: abc", "bearer=abc"), but not names that end in them ("page_token has expired").
 */
function redact(text: string, secrets: string[]): string {
	let result = text;
	for (const secret of secrets) {
		result = result.replace(new RegExp(escapeRegExp(secret), 'gi'), '***');
	}
	return result.replace(/\b(token|bearer)(\s*[:=]\s*|\s+)(?!(?:token|bearer)\b)[^\s"',;&]+/gi, '$1$2***');
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `scheme://user:password@` at the start of an address. */
const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i;

/** Whether an address carries a user name or password, which no base URL may. */
export function hasUserInfo(url: string): boolean {
	return USER_INFO.test(url.trim());
}

export const USER_INFO_MESSAGE = 'A base URL in the SmartSuite credential contains a user name or password';
export const USER_INFO_DESCRIPTION =
	'Remove the "name:password@" part from the Records API Base URL and the Webhooks API Base URL. SmartSuite is reached with the API key alone, and an address is shown in messages, where a password must never appear.';

/** Thrown before any request is sent; never repeats the address. */
export function userInfoError(node: INode): NodeOperationError {
	return new NodeOperationError(node, USER_INFO_MESSAGE, { description: USER_INFO_DESCRIPTION });
}

/** The reason of a network failure: n8n puts it in `httpCode`, Node in `code` or `cause.code`. */
export function networkReason(error: unknown): string | undefined {
	const { code, httpCode, cause } = (error ?? {}) as { code?: unknown; httpCode?: unknown; cause?: { code?: unknown } };
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
