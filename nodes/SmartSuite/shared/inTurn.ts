/**
 * Work that must not overlap with work of the same key in this n8n process: n8n activates the
 * workflows of a process at once, and two triggers of one scope that both looked for their
 * webhook before either created it would create one each. A chain of promises per key: a task
 * starts when the one queued before it under that key has ended (however it ended). The entry is
 * dropped when its last task ends, so the map holds only keys with work in progress.
 */
const tails = new Map<string, Promise<void>>();

/** Runs `task` once every task queued before it under `key` has ended, and gives its outcome. */
export async function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
	const run = (tails.get(key) ?? Promise.resolve()).then(task);
	const tail = run.then(
		() => undefined,
		() => undefined,
	);
	tails.set(key, tail);
	try {
		return await run;
	} finally {
		if (tails.get(key) === tail) tails.delete(key);
	}
}
