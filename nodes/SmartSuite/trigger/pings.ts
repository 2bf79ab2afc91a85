/**
 * The instant trigger's pings, within one n8n process. n8n runs a webhook trigger's `webhook()`
 * for each request, each with the node's static data as loaded from the database, and saves it
 * only with the execution the request starts (at the end of that execution, with no lock): two
 * pings at once would both start from the same saved cursor and emit the same events. So the
 * drains of one webhook run one after the other, in this module's memory (node modules are loaded
 * once per process), and each starts from the newer of the saved cursor and the one the previous
 * drain left in memory.
 */
import { sleep } from 'n8n-workflow';

import type { Cursor } from './cursor';

/**
 * How long a cursor in memory is trusted while the saved state has not caught up with it (the
 * execution carrying its events has not ended yet). See `startingPoint`.
 */
export const MEMORY_TRUST_MS = 10 * 60 * 1000;

/** Where the last drain of a webhook in this process left it. */
export interface Remembered {
	cursor: Cursor;
	/**
	 * The `drainId`s from the last one known to be saved up to the one saved with `cursor` (its
	 * last): each drain that emits saves a new one with its cursor, in the static data that n8n
	 * saves with its execution.
	 */
	chain: string[];
	/** Since when (ms) the saved state has been behind `cursor`: the first emit not known saved. */
	since?: number;
}

/** How many unsaved drains memory follows (a longer run of them starts from the saved cursor). */
const MAX_CHAIN = 50;

/**
 * The cursor a drain starts from: the saved one, or the one in memory when that is newer. Memory
 * is used when
 * - the saved state is the one it left: memory holds at most events passed over without being
 *   emitted (losing them would only cost requests), or
 * - the saved state is one it went on from, and not for long: the executions carrying the events
 *   read since have been started and have not ended, so their state is not saved yet. Trusted
 *   for MEMORY_TRUST_MS only: n8n may also have refused to start such an execution (then its
 *   state never comes), and a cursor in memory must not stay ahead of what was saved with its
 *   items for long.
 * Anything else (a restart, another process, an unknown saved state) starts from the saved cursor.
 */
export function startingPoint(
	saved: { cursor: Cursor; drainId: string },
	remembered: Remembered | undefined,
	now: number,
): Remembered {
	const fromSaved = { cursor: saved.cursor, chain: [saved.drainId] };
	if (!remembered) return fromSaved;
	const at = remembered.chain.indexOf(saved.drainId);
	if (at === remembered.chain.length - 1)
		return { cursor: remembered.cursor, chain: [saved.drainId] };
	const pending =
		at >= 0 && remembered.since !== undefined && now - remembered.since < MEMORY_TRUST_MS;
	return pending ? { ...remembered, chain: remembered.chain.slice(at) } : fromSaved;
}

/** Memory after a drain from `start`: `drainId` when it emitted (and saved that id with its cursor). */
export function afterDrain(
	start: Remembered,
	cursor: Cursor,
	drainId: string | undefined,
	now: number,
): Remembered {
	if (drainId === undefined) return { ...start, cursor };
	return { cursor, chain: [...start.chain, drainId].slice(-MAX_CHAIN), since: start.since ?? now };
}

interface Line {
	/** Settles when the last drain queued so far has ended. */
	tail: Promise<unknown>;
	/** A drain queued behind a running one, not started yet: later pings join it. */
	queued?: Promise<unknown>;
	/** The running drain while it has not sent its first request yet: later pings join it too. */
	unread?: Promise<unknown>;
	/** Drains queued and not ended yet. */
	pending: number;
	remembered?: Remembered;
	/** Last use (ms). */
	usedAt: number;
}

/**
 * How long a drain waits before it reads: copies of a ping that SmartSuite sends together reach
 * n8n a few milliseconds apart, and those that arrive meanwhile join it instead of reading again.
 */
export const JOIN_WINDOW_MS = 25;

const lines = new Map<string, Line>();
/** A webhook not pinged for this long is forgotten (test webhooks come and go). */
const FORGET_AFTER_MS = 2 * MEMORY_TRUST_MS;

/** The memory of one webhook's drains (per mode, workflow, node and webhook). */
export function memoryOf(key: string): {
	remembered?: Remembered;
	remember(value: Remembered): void;
} {
	const line = lineOf(key);
	return {
		remembered: line.remembered,
		remember: (value) => {
			line.remembered = value;
		},
	};
}

function lineOf(key: string): Line {
	const now = Date.now();
	let line = lines.get(key);
	if (!line) {
		for (const [other, idle] of lines)
			if (idle.pending === 0 && now - idle.usedAt > FORGET_AFTER_MS) lines.delete(other);
		line = { tail: Promise.resolve(), pending: 0, usedAt: now };
		lines.set(key, line);
	}
	line.usedAt = now;
	return line;
}

/**
 * Runs `drain` once the drains of `key` queued before it have ended. A ping that arrives while a
 * drain waits its turn, or runs but has not sent its first request yet (`drain` calls `reading`
 * before it does), joins that drain instead of queuing another one (`joined`): that drain reads
 * after the ping arrived, so it reads everything the ping announced. Pings that come together
 * (SmartSuite's copies of one) share one read.
 */
export async function inTurn<T>(
	key: string,
	drain: (reading: () => void) => Promise<T>,
): Promise<{ result: T; joined: boolean }> {
	const line = lineOf(key);
	const joinable = line.queued ?? line.unread;
	if (joinable) return { result: (await joinable) as T, joined: true };
	const reading = () => {
		if (line.unread === queued) line.unread = undefined;
	};
	const queued: Promise<T> = line.tail.then(async () => {
		line.queued = undefined;
		line.unread = queued;
		try {
			await sleep(JOIN_WINDOW_MS);
			return await drain(reading);
		} finally {
			reading();
		}
	});
	line.queued = queued;
	line.pending++;
	line.tail = queued.catch(() => undefined).finally(() => line.pending--);
	return { result: await queued, joined: false };
}
