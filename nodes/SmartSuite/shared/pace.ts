/**
 * SmartSuite answers 429 past 5 requests a second per API key, and then refuses the key's
 * requests for about 30 seconds. This process sends at most PACE.requests requests of one key in
 * any PACE.windowMs, whoever sends them (items, runs and workflows at once, both triggers, the tool
 * path): the fifth request of a second is the margin for the network. After a pause up to
 * PACE.requests go at once, so the first request of a run is not delayed.
 */
export const PACE = { requests: 4, windowMs: 1000 };

/**
 * The times of each key's last PACE.requests requests (some may still be ahead), by the key
 * itself: it stays in this process's memory, as the credential does, and is never written out.
 */
const turns = new Map<string, number[]>();

/** Keys beyond this many are forgotten once idle, so that the map stays small. */
const MAX_KEYS = 100;

/**
 * Takes the key's next turn to send and returns how many milliseconds to wait for it (0: send at
 * once). Synchronous, so that requests that ask at the same moment each get a turn of their own.
 * `now` is a monotonic clock's: a wall clock set back would hold every request until it caught up.
 */
export function nextTurn(key: string, now = performance.now()): number {
	const times = turns.get(key) ?? [];
	const earliest =
		times.length < PACE.requests ? now : times[times.length - PACE.requests] + PACE.windowMs;
	const at = Math.max(now, earliest);
	turns.set(key, [...times, at].slice(-PACE.requests));
	if (turns.size > MAX_KEYS) forgetIdleKeys(now);
	return at - now;
}

function forgetIdleKeys(now: number): void {
	for (const [key, times] of turns) {
		if (times[times.length - 1] <= now - PACE.windowMs) turns.delete(key);
	}
}
