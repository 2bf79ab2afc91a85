/**
 * A request that got no whole answer: no connection, or not all of it by the request's deadline.
 * The errors a user reads, and the network code that decides whether a request is sent again.
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** No whole answer by the request's deadline; a network code, so that only reads are sent again. */
export function deadlineError(node: INode, timeout: number): NodeApiError {
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
export function networkError(node: INode, error: unknown): NodeApiError {
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
