/**
 * What a user reads about an answer that is not what was asked for: a status that is not a success
 * (not found, rejected, refused, a redirect, the wrong address), or a success that is not JSON.
 */
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiResponse } from './answer';
import type { RequestAddress } from './credentials';
import { USER_INFO } from './credentials';
import { isJsonObject, readJson } from './json';
import { answerWords, quote } from './quotes';
import { retryAfterSeconds } from './rateLimit';
import { MIN_SCRUBBED_LENGTH, redacted } from './redaction';

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
