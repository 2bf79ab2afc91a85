/**
 * Work that must not overlap with work of the same key in this n8n process, one holder at a time
 * in the order they came: a chain of promises per key, module-level (shared by every execution of
 * this process, and only this process). Used for a record's read-modify-write (recordLocks.ts) and
 * for a trigger scope's search-or-create of its webhook (trigger/managed.ts).
 */
import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/**
 * Longest wait for a lock. A holder's requests are bounded by the transport (timeouts, retry
 * budget), so a wait this long means a stuck holder: fail rather than wait for ever.
 */
export const LOCK_WAIT_MS = 10 * 60_000;

/** Who waits, and what the error says when the wait ends unfulfilled. */
export interface LockWait {
	node: INode;
	/** e.g. "another change to the same record's links or people": "Waited 600 seconds for … to finish". */
	waitingFor: string;
	/** The error's description: what the user can do. */
	whatToDo: string;
	waitMs?: number;
}

/** Key → the promise that settles when the last holder or waiter of that key releases it. */
const tails = new Map<string, Promise<void>>();

/** Waits for the key's lock; resolves with its release, or rejects after the wait's bound. */
async function acquire(key: string, wait: LockWait): Promise<() => void> {
	const held = tails.get(key);
	const previous = held ?? Promise.resolve();
	let release!: () => void;
	const mine = new Promise<void>((resolve) => (release = resolve));
	const tail = previous.then(async () => await mine);
	tails.set(key, tail);
	// The key is forgotten once its last holder and waiter are done, not when a waiter gives up
	// while the holder still holds (a caller coming then must wait for the holder).
	void tail.then(() => {
		if (tails.get(key) === tail) tails.delete(key);
	});
	if (!held) return release;
	const waitMs = wait.waitMs ?? LOCK_WAIT_MS;
	// AbortSignal.timeout, as Download Files waits (n8n 2.41 has no sleepWithAbort): its timer
	// does not keep n8n's process alive once the lock is taken.
	const bound = AbortSignal.timeout(waitMs);
	const timedOut = new Promise<'timeout'>((resolve) =>
		bound.addEventListener('abort', () => resolve('timeout'), { once: true }),
	);
	const outcome = await Promise.race([previous.then(() => 'acquired' as const), timedOut]);
	if (outcome === 'timeout') {
		// Those queued after this one wait for the holder still, not for this call.
		release();
		throw new NodeOperationError(
			wait.node,
			`Waited ${Math.ceil(waitMs / 1000)} seconds for ${wait.waitingFor} to finish`,
			{ description: wait.whatToDo },
		);
	}
	return release;
}

/**
 * Runs `work` holding the locks of `keys` (taken in sorted order, so two holders of several keys
 * never wait for each other in a circle), and releases them when it ends, error or not.
 */
export async function withLocks<T>(
	keys: string[],
	work: () => Promise<T>,
	wait: LockWait,
): Promise<T> {
	const releases: Array<() => void> = [];
	try {
		for (const key of [...new Set(keys)].sort()) releases.push(await acquire(key, wait));
		return await work();
	} finally {
		for (const release of releases.reverse()) release();
	}
}
