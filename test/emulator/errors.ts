/** Error answers: Twirp JSON on the webhooks API, `{"detail"}` on the records API, or plain text. */
import type { Variant } from './types';

export type Api = 'records' | 'webhooks';

const TWIRP_CODE_BY_STATUS: Record<number, string> = {
	400: 'invalid_argument',
	401: 'unauthenticated',
	403: 'permission_denied',
	404: 'not_found',
	405: 'bad_route',
	429: 'resource_exhausted',
	500: 'internal',
	502: 'unavailable',
	503: 'unavailable',
};

export interface ApiErrorOptions {
	/** Twirp code when the status alone does not say it (404 bad_route vs not_found). */
	twirpCode?: string;
	/** Always text/plain, whatever the variant (what the real API does for a missing ACCOUNT-ID). */
	plain?: boolean;
	/** An HTML page, whatever the variant (the records host's answer to a path it does not serve). */
	html?: boolean;
	/** Records API: the JSON body to answer (default `{"detail": message}`), e.g. `{"<slug>": ["..."]}`. */
	body?: unknown;
	/** Twirp `meta` (default {}). */
	meta?: Record<string, string>;
	headers?: Record<string, string>;
}

export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly options: ApiErrorOptions = {},
	) {
		super(message);
	}
}

export const invalidArgument = (message: string) => new ApiError(400, message);
export const notFound = (message: string) => new ApiError(404, message);
/** Twirp's answer to a path it has no handler for, or to another method than POST. */
export const badRoute = (status: 404 | 405, method: string, path: string, allow = 'POST') =>
	new ApiError(
		status,
		status === 405
			? `unsupported method "${method}" (only ${allow} is allowed)`
			: `no handler for path "${path}"`,
		{
			twirpCode: 'bad_route',
			meta: { twirp_invalid_route: `${method} ${path}` },
			headers: status === 405 ? { allow } : {},
		},
	);

/** The records host's page for a path it does not serve (a web framework's 404, not the API's JSON). */
export const pageNotFound = () =>
	new ApiError(
		404,
		`<!doctype html><html lang="en"><head><title>Not Found</title></head><body><h1>Not Found</h1><p>The requested resource was not found on this server.</p></body></html>`,
		{ html: true },
	);

export function renderError(
	api: Api,
	errorBodies: Variant['errorBodies'],
	error: ApiError,
): { contentType: string; body: string } {
	if (error.options.html) return { contentType: 'text/html; charset=utf-8', body: error.message };
	if (error.options.plain || errorBodies === 'plain') {
		return { contentType: 'text/plain; charset=utf-8', body: error.message };
	}
	const body =
		api === 'webhooks'
			? {
					code: error.options.twirpCode ?? TWIRP_CODE_BY_STATUS[error.status] ?? 'unknown',
					msg: error.message,
					meta: error.options.meta ?? {},
				}
			: (error.options.body ?? { detail: error.message });
	return { contentType: 'application/json', body: JSON.stringify(body) };
}
