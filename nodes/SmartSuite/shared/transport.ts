import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export const CREDENTIAL_NAME = 'smartSuiteApi';

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

/** What a request was about, so that errors can say what was rejected or not found. */
export interface RequestSubject {
	/** e.g. 'restore the record' */
	action: string;
	/** Message for a 404, e.g. 'The webhook "abc" does not exist or was deleted' */
	notFound: string;
	/** How to fix a 404, when there is something to say. */
	notFoundHint?: string;
}

export interface ApiResponse {
	statusCode: number;
	body: unknown;
	headers: IDataObject;
}

export type RequestContext = IExecuteFunctions | IExecuteSingleFunctions | IPollFunctions | ILoadOptionsFunctions;

/**
 * Sends one authenticated request (POST unless told) and returns the answer whatever its status. Network failures
 * become a NodeApiError built from a plain object, so the request (and its Authorization
 * header) never travels inside the error.
 */
export async function sendRequest(
	this: RequestContext,
	options: Pick<IHttpRequestOptions, 'baseURL' | 'url' | 'body' | 'qs'> & { method?: 'GET' | 'POST' },
): Promise<ApiResponse> {
	try {
		const response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_NAME, {
			method: 'POST',
			...options,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		})) as IN8nHttpFullResponse;
		return { statusCode: response.statusCode, body: response.body, headers: response.headers };
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
	if (response.statusCode >= 200 && response.statusCode < 300) {
		if (isJsonObject(response.body)) return response.body;
		throw new NodeApiError(node, { message: 'invalid JSON' } as JsonObject, {
			message: 'SmartSuite sent an answer that is not valid JSON',
			description: `The answer to the request to ${subject.action} could not be read as a JSON object. This is usually a temporary problem of the service or of a proxy in between: try again.`,
			httpCode: String(response.statusCode),
			itemIndex,
		});
	}
	throw httpError(node, response, subject, itemIndex);
}

function httpError(
	node: INode,
	response: ApiResponse,
	subject: RequestSubject,
	itemIndex?: number,
): NodeApiError {
	const status = response.statusCode;
	const detail = serverMessage(response.body);
	const said = detail ? ` SmartSuite said: "${detail}"` : '';
	const { message, description } = describeStatus(status, subject, said, retryAfterSeconds(response));
	return new NodeApiError(node, { message: detail || `HTTP ${status}` } as JsonObject, {
		message,
		description,
		httpCode: String(status),
		itemIndex,
	});
}

export function describeStatus(
	status: number,
	subject: RequestSubject,
	said: string,
	retryAfter: number | undefined,
): { message: string; description: string } {
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
		const wait = retryAfter === undefined ? 'about 30 seconds' : `${retryAfter} seconds`;
		return {
			message: 'SmartSuite rate limit reached (429)',
			description: `SmartSuite allows 5 requests per second per API key. Wait ${wait} and try again, or space the requests out (Request Options > Batching).${said}`,
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

/** Seconds from a `Retry-After` header (seconds or an HTTP date), if there is one. */
export function retryAfterSeconds(response: ApiResponse): number | undefined {
	const header = response.headers['retry-after'];
	if (header === undefined || header === null || header === '') return undefined;
	const seconds = Number(header);
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const date = Date.parse(String(header));
	return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The message of an error body: Twirp `msg`, records API `detail`, or a short plain text. */
export function serverMessage(body: unknown): string {
	let text = '';
	if (isJsonObject(body)) {
		const value = body.msg ?? body.detail ?? body.message ?? body.error;
		text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
	} else if (typeof body === 'string') {
		text = body;
	}
	return redactSecrets(text.trim()).slice(0, 300);
}

/**
 * An error body that quotes a token must not carry it into a message. Only the words themselves
 * ("Token abc…"), not names that end in them ("page_token has expired").
 */
function redactSecrets(text: string): string {
	return text.replace(/\b(token|bearer)\s+[^\s"',]+/gi, '$1 ***');
}

function networkError(node: INode, error: unknown): NodeApiError {
	const cause = (error as { cause?: { code?: string } })?.cause;
	const code = (error as { code?: string })?.code ?? cause?.code;
	const reason = code ? ` (${code})` : '';
	return new NodeApiError(node, { message: `network error${reason}` } as JsonObject, {
		message: `Could not reach SmartSuite${reason}`,
		description:
			'The connection failed or was closed before an answer arrived. Check the base addresses in the SmartSuite credential and your network, then try again.',
		httpCode: 'none',
	});
}

export function isJsonObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
