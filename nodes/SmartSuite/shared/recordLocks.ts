/**
 * Per-record locks for read-modify-write (links and people added or removed: their current lists
 * are read, changed and written back whole). Parallel tool calls of a model run in one n8n process
 * at once; without a lock, two calls read the same lists and the later write drops the earlier
 * change. The lock is held from the read to the end of the write, so changes of one record apply
 * one after the other. Module-level: shared by every execution of this process, and only this
 * process (queue-mode workers each have their own; docs/records.md says so).
 */
import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/**
 * Longest wait for one record's lock. A holder's requests are bounded by the transport (timeouts,
 * retry budget), so a wait this long means a stuck holder: fail rather than wait for ever.
 */
export const LOCK_WAIT_MS = 10 * 60_000;

/** Key → the promise that settles when the last holder or waiter of that key releases it. */
const tails = new Map<string, Promise<void>>();

/** One record's key: base URL, workspace, table and record. */
export const recordLockKey = (
	baseUrl: string,
	workspaceId: string,
	tableId: string,
	recordId: string,
): string => JSON.stringify([baseUrl, workspaceId, tableId, recordId]);

/** Waits for the key's lock; resolves with its release, or rejects after `waitMs`. */
async function acquire(node: INode, key: string, waitMs: number): Promise<() => void> {
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
			node,
			`Waited ${Math.ceil(waitMs / 1000)} seconds for another change to the same record's links or people to finish`,
			{
				description:
					'Another execution of this n8n instance is still changing the lists of this record. Nothing was written for it: run it again once the other one is done.',
			},
		);
	}
	return release;
}

/**
 * Runs `work` holding the locks of `keys` (taken in sorted order, so two holders of several keys
 * never wait for each other in a circle), and releases them when it ends, error or not.
 */
export async function withRecordLocks<T>(
	node: INode,
	keys: string[],
	work: () => Promise<T>,
	waitMs = LOCK_WAIT_MS,
): Promise<T> {
	const releases: Array<() => void> = [];
	try {
		for (const key of [...new Set(keys)].sort()) releases.push(await acquire(node, key, waitMs));
		return await work();
	} finally {
		for (const release of releases.reverse()) release();
	}
}
