import type { IPollFunctions } from 'n8n-workflow';

import type { RunBudget } from '../shared/records';

/**
 * Bounds of one poll. n8n's scheduler starts the next poll on time even when the previous one is
 * still running, and its shortest interval is one minute: a poll ends well before that, emits
 * what it has read, and the next poll continues from there.
 */
export const POLL_LIMITS = {
	/** Wall-clock time one poll may spend on requests and rate-limit waits, where n8n sets none. */
	budgetMs: 30_000,
	/** Pages one poll reads at most, so that an endless stream never fills the memory. */
	maxPages: 200,
	/**
	 * How much longer than its budget a running poll keeps the next ones out: more than the last
	 * request's timeout, so that only a poll that never ends is overtaken.
	 */
	leaseMarginMs: 30_000,
};

/** n8n 2.41 and later tell a poll its time budget (its durable scheduler's is about 36 s); 2.8 does not. */
type WithPollBudget = IPollFunctions & { getPollBudgetMs?: () => unknown };

/**
 * This poll's budget: POLL_LIMITS.budgetMs, or n8n's own when n8n gives a shorter one (n8n ends a
 * poll that outruns it). n8n 2.41's default budget (300 s) is far longer than the shortest poll
 * interval, so the package's own bound stays the one that applies there.
 */
export function pollBudgetMs(context: IPollFunctions): number {
	const { getPollBudgetMs } = context as WithPollBudget;
	const budget = typeof getPollBudgetMs === 'function' ? getPollBudgetMs.call(context) : undefined;
	const given =
		typeof budget === 'number' && Number.isFinite(budget) && budget > 0 ? budget : Infinity;
	return Math.min(given, POLL_LIMITS.budgetMs);
}

/** The shortest timeout a request gets, even at the very end of the budget. */
const MIN_REQUEST_TIMEOUT_MS = 1000;

export interface PollClock {
	/** When the budget ends (ms since the epoch). */
	readonly endsAt: number;
	readonly budgetMs: number;
	/** Milliseconds left in the budget (0 once spent). */
	timeLeft(): number;
	/** Timeout of a request sent now: the rest of the budget, and never less than a second. */
	requestTimeout(): number;
	readonly maxPages: number;
}

export function startPollClock(limits: { budgetMs: number; maxPages: number }): PollClock {
	const endsAt = Date.now() + limits.budgetMs;
	const timeLeft = () => Math.max(0, endsAt - Date.now());
	return {
		endsAt,
		budgetMs: limits.budgetMs,
		timeLeft,
		requestTimeout: () => Math.max(MIN_REQUEST_TIMEOUT_MS, timeLeft()),
		maxPages: limits.maxPages,
	};
}

/** The clock's deadline for the records API calls of a poll or a notification (`of`). */
export function runBudget(clock: PollClock, of: 'poll' | 'notification'): RunBudget {
	return { endsAt: clock.endsAt, ms: clock.budgetMs, of };
}
