/**
 * When the Instant Trigger checks its webhook again after a failure (a ping it could not read, a
 * daily check that failed), within one n8n process. SmartSuite retries a failed ping for about a
 * day with growing waits, then switches notifications off: without a check of its own, the trigger
 * would hear nothing until the next change's ping or its daily check.
 *
 * Steady state costs nothing: the trigger's minute tick only looks here. A failure makes a check
 * due at the next tick; a check that fails waits twice as long before the next one, at most
 * MAX_WAIT_MS, so that a fault fixed any time is noticed within that wait.
 *
 * Kept in memory (a ping that fails starts no execution, and n8n saves a webhook's state only
 * with an execution): after a restart, the activation asks for one check instead.
 */
export const FIRST_WAIT_MS = 60 * 1000;
export const MAX_WAIT_MS = 30 * 60 * 1000;

interface Pending {
	dueAt: number;
	waitMs: number;
}

const pending = new Map<string, Pending>();

/** A failure of `key` (workflow and node) was noticed: a check is due now, unless one is pending. */
export function noteFailure(key: string, now: number): void {
	if (!pending.has(key)) pending.set(key, { dueAt: now, waitMs: FIRST_WAIT_MS });
}

/** The webhook was read to its end: no check is due. Also when the workflow stops. */
export function noteSuccess(key: string): void {
	pending.delete(key);
}

/**
 * Whether a check of `key` is due at `now`; when it is, the next one is scheduled after the
 * current wait (which doubles), so that a check that fails needs nothing more.
 */
export function takeDueCheck(key: string, now: number): boolean {
	const check = pending.get(key);
	if (!check || now < check.dueAt) return false;
	pending.set(key, {
		dueAt: now + check.waitMs,
		waitMs: Math.min(check.waitMs * 2, MAX_WAIT_MS),
	});
	return true;
}
