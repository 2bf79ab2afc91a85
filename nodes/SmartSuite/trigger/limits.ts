/**
 * Bounds of one poll. n8n's scheduler starts the next poll on time even when the previous one is
 * still running, and its shortest interval is one minute: a poll ends well before that, emits
 * what it has read, and the next poll continues from there.
 */
export const POLL_LIMITS = {
	/** Wall-clock time one poll may spend on requests and rate-limit waits. */
	budgetMs: 30_000,
	/** Pages one poll reads at most, so that an endless stream never fills the memory. */
	maxPages: 200,
	/**
	 * How long a running poll keeps the next ones out. Longer than any poll that ends (the budget
	 * and the last request's timeout), so that only a poll that never ends is overtaken.
	 */
	leaseMs: 60_000,
};

/** The shortest wait before a retry, whatever Retry-After says (0, negative, a past date). */
export const MIN_RETRY_WAIT_MS = 1000;

/** The shortest timeout a request gets, even at the very end of the budget. */
const MIN_REQUEST_TIMEOUT_MS = 1000;

export interface PollClock {
	/** Milliseconds left in the budget (0 once spent). */
	timeLeft(): number;
	/** Timeout of a request sent now: the rest of the budget, and never less than a second. */
	requestTimeout(): number;
	readonly maxPages: number;
}

export function startPollClock(limits: { budgetMs: number; maxPages: number }): PollClock {
	const deadline = Date.now() + limits.budgetMs;
	const timeLeft = () => Math.max(0, deadline - Date.now());
	return {
		timeLeft,
		requestTimeout: () => Math.max(MIN_REQUEST_TIMEOUT_MS, timeLeft()),
		maxPages: limits.maxPages,
	};
}
