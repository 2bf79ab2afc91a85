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
export const badRoute = (status: 404 | 405, message: string, allow = 'POST') =>
	new ApiError(status, message, { twirpCode: 'bad_route', headers: status === 405 ? { allow } : {} });

export function renderError(api: Api, errorBodies: Variant['errorBodies'], error: ApiError): { contentType: string; body: string } {
	if (error.options.plain || errorBodies === 'plain') {
		return { contentType: 'text/plain; charset=utf-8', body: error.message };
	}
	const body =
		api === 'webhooks'
			? { code: error.options.twirpCode ?? TWIRP_CODE_BY_STATUS[error.status] ?? 'unknown', msg: error.message, meta: {} }
			: { detail: error.message };
	return { contentType: 'application/json', body: JSON.stringify(body) };
}
