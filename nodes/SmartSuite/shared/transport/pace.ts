/**
 * SmartSuite answers 429 past 5 requests a second per API key (2 past the plan's monthly quota),
 * and then refuses the key's requests for about 30 seconds. The key is often shared: n8n's workers
 * in queue mode, other apps. This process paces each key, whoever sends (items, runs and workflows
 * at once, both triggers, the tool path: all through sendRequest):
 * - by the times requests start, evenly: one every second ÷ `rate` (the first after a pause at
 *   once). Not in bursts: a burst slowed on its way (the first requests of a process, a busy
 *   machine) would reach SmartSuite together with the next one;
 * - never more than SmartSuite's 5 starts within a second and PACE.allowanceMs, whatever the rate
 *   and its catching up: at the credential's 5 (a key this process has alone), requests reaching
 *   SmartSuite a little early or late are not refused;
 * - at the credential's Requests per Second, or lower once the key was refused: a 429 holds every
 *   request of the key for its wait (never shortened by a later 429 that asks for less) and halves
 *   the key's rate (at least 1 a second). Each PACE.quietMs without a 429 gives one request a
 *   second back, up to the credential's. So a key with less room than the credential says is
 *   refused once, not after each penalty again, in this run and the next.
 */
import { sleep } from 'n8n-workflow';

export const PACE = {
	/** The rate of a credential saved before Requests per Second existed. */
	requestsPerSecond: 4,
	/** The second the rate counts in (tests shorten it); 0 turns the pace off (the suites: test/helpers/setup-env.ts). */
	windowMs: 1000,
	/**
	 * How much sooner a request may reach SmartSuite than the one before it (their ways through a
	 * busy n8n and the network differ by tens of ms): added to the time between two requests of a
	 * key already refused, so that a rate learned at exactly the key's room (2 a second past the
	 * quota) is not refused again for a request a little early; and to the second in which SmartSuite's
	 * 5 requests start at most.
	 */
	allowanceMs: 100,
	/** After this long without a 429, a lowered rate goes up by one request a second. */
	quietMs: 10 * 60_000,
};

/**
 * How late a request may have started without its lateness pushing back the next turns: a few
 * timer ticks of a busy event loop. At most one more request in a second than the rate, and never
 * more than SmartSuite's 5 (waitMs).
 */
const CATCH_UP_MS = 25;
/** The slowest a 429 paces a key (unless its credential asks for slower). */
const MIN_LEARNED_RATE = 1;
/** What the credential's Requests per Second may be: SmartSuite's 5 at most. */
export const RATE_BOUNDS = { min: 0.1, max: 5 };

interface KeyPace {
	/** When the key's next request may start (performance.now ms): a second ÷ rate after the last one's turn. */
	next: number;
	/** No request of the key starts before this: the wait a 429 asked for. */
	heldUntil: number;
	/** The rate learned from 429s, below the credential's; undefined: the credential's. */
	learned?: number;
	/** When the learned rate was last lowered or raised. */
	learnedAt: number;
	/** When the key's last requests started, oldest first: RATE_BOUNDS.max of them at most. */
	starts: number[];
	/** Counts the lowerings: a 429 to a request started before the last one lowers no further. */
	generation: number;
	/** Settles when the request ahead has its turn: requests start first come, first served. */
	queue: Promise<void>;
}

/** What a request's turn was taken under, to report a 429 it got (see `refused`). */
export interface Turn {
	key: string;
	generation: number;
	/** The credential's rate, for the request asked with. */
	requestsPerSecond: number;
}

/**
 * The pace of each key in use, by the key itself: it stays in this process's memory, as the
 * credential does, and is never written out. A key with nothing learned and nothing pending is
 * forgotten when another takes a turn.
 */
const paceByKey = new Map<string, KeyPace>();

const now = () => performance.now();

/**
 * Waits for the key's turn at `requestsPerSecond` (the credential's; any other value: PACE's) or
 * at what the key learned, if lower. Undefined when the pace is off.
 */
export async function takeTurn(key: string, requestsPerSecond: unknown): Promise<Turn | undefined> {
	if (PACE.windowMs <= 0) return undefined;
	const rate = validRate(requestsPerSecond);
	forgetIdleKeys(key);
	let pace = paceByKey.get(key);
	if (!pace) {
		pace = {
			next: -Infinity,
			heldUntil: 0,
			learnedAt: 0,
			starts: [],
			generation: 0,
			queue: Promise.resolve(),
		};
		paceByKey.set(key, pace);
	}
	const ahead = pace.queue;
	let done = () => {};
	pace.queue = new Promise<void>((resolve) => (done = resolve));
	try {
		await ahead;
		// Again after each wait: a 429 meanwhile may have held the key longer.
		let waited = false;
		for (let wait = waitMs(pace); wait > 0; wait = waitMs(pace)) {
			waited = true;
			await sleep(wait);
		}
		const start = now();
		// A request woken a little late (a busy event loop) does not push back every later turn.
		const catchUp = waited && pace.learned === undefined;
		const turnAt = catchUp ? Math.max(pace.next, start - CATCH_UP_MS) : start;
		pace.next = turnAt + intervalMs(pace, rate);
		pace.starts.push(start);
		if (pace.starts.length > RATE_BOUNDS.max) pace.starts.shift();
		return { key, generation: pace.generation, requestsPerSecond: rate };
	} finally {
		done();
	}
}

/**
 * A 429 to a request sent at `turn`: every request of the key waits `waitMs` (or longer, when an
 * earlier 429 asked for longer), and the key's rate is halved unless it was already lowered since
 * the request started. Returns how long the key is held from now.
 */
export function refused(turn: Turn | undefined, waitMs: number): number {
	const pace = turn && paceByKey.get(turn.key);
	if (!pace) return waitMs;
	const at = now();
	pace.heldUntil = Math.max(pace.heldUntil, at + waitMs);
	if (turn.generation === pace.generation) {
		const rate = currentRate(pace, turn.requestsPerSecond);
		pace.learned = Math.max(Math.min(MIN_LEARNED_RATE, rate), rate / 2);
		pace.learnedAt = at;
		pace.generation += 1;
	}
	return pace.heldUntil - at;
}

/**
 * The answer to a request sent at `turn` has arrived. For a key refused before, its next request
 * waits a second ÷ rate from now too: the request may have reached SmartSuite as late as this
 * (held up on its way by a busy machine), and the key has no room for one more.
 */
export function answered(turn: Turn | undefined): void {
	const pace = turn && paceByKey.get(turn.key);
	if (!pace || pace.learned === undefined) return;
	pace.next = Math.max(pace.next, now() + intervalMs(pace, turn.requestsPerSecond));
}

/** The credential's rate within RATE_BOUNDS; PACE's when it names none (saved before the field existed). */
function validRate(requestsPerSecond: unknown): number {
	const rate = Number(requestsPerSecond);
	if (requestsPerSecond === undefined || requestsPerSecond === '' || Number.isNaN(rate))
		return PACE.requestsPerSecond;
	return Math.min(RATE_BOUNDS.max, Math.max(RATE_BOUNDS.min, rate));
}

/** The key's rate now: the credential's, or what it learned (raised by the quiet time since). */
function currentRate(pace: KeyPace, requestsPerSecond: number): number {
	if (pace.learned === undefined) return requestsPerSecond;
	const quiet = Math.floor((now() - pace.learnedAt) / PACE.quietMs);
	if (quiet > 0) {
		pace.learned += quiet;
		pace.learnedAt += quiet * PACE.quietMs;
	}
	if (pace.learned >= requestsPerSecond) pace.learned = undefined;
	return Math.min(requestsPerSecond, pace.learned ?? requestsPerSecond);
}

/**
 * A second ÷ the key's rate; for a key refused before, which has no room to spare, with an
 * allowance besides (PACE.allowanceMs).
 */
function intervalMs(pace: KeyPace, requestsPerSecond: number): number {
	const rate = currentRate(pace, requestsPerSecond);
	return PACE.windowMs / rate + (pace.learned === undefined ? 0 : PACE.allowanceMs);
}

/**
 * How long the next request of the key must wait: until its turn, the key is no longer held, and
 * the fifth request before it started a second and the allowance ago.
 */
function waitMs(pace: KeyPace): number {
	const full = pace.starts.length >= RATE_BOUNDS.max;
	const windowEnd = full ? pace.starts[0] + PACE.windowMs + PACE.allowanceMs : 0;
	return Math.max(pace.heldUntil, pace.next, windowEnd) - now();
}

/** Forgets the keys other than `key` that have learned nothing and have no request pending or recent. */
function forgetIdleKeys(key: string): void {
	const at = now();
	for (const [other, pace] of paceByKey) {
		if (
			other !== key &&
			pace.learned === undefined &&
			pace.heldUntil <= at &&
			at - pace.next > PACE.windowMs
		)
			paceByKey.delete(other);
	}
}
