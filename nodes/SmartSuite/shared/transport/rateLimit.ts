/**
 * The one 429 policy of both transports (records, webhooks): how long a refused request waits
 * before it is sent again. How the key's requests are paced meanwhile is pace.ts's.
 */
import type { ApiResponse } from './answer';

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
