/**
 * SmartSuite answers 429 past 5 requests a second per API key, and then refuses the key's
 * requests for about 30 seconds. This process keeps each key to PACE.requests lanes, whoever sends
 * (items, runs and workflows at once, both triggers, the tool path): a request takes a lane, and
 * the lane comes back PACE.windowMs after the request is over. Its next request thus reaches
 * SmartSuite at least a window after the previous one arrived, however late that one was sent or
 * arrived (a first request slowed by loading, a busy machine): at most PACE.requests of a key in
 * any window as SmartSuite counts them, the fifth of a second being the margin. After a pause all
 * lanes are free, so the first request of a run is not delayed.
 */
import { sleep } from 'n8n-workflow';

export const PACE = { requests: 4, windowMs: 1000 };

interface Lanes {
	free: number;
	/** Requests waiting for a lane, first come first served. */
	waiting: Array<() => void>;
}

/**
 * The lanes of each key in use, by the key itself: it stays in this process's memory, as the
 * credential does, and is never written out. A key whose lanes are all free is forgotten.
 */
const lanesByKey = new Map<string, Lanes>();

/** Waits for a lane of the key; returns the function that gives it back once the request is over. */
export async function takeLane(key: string): Promise<() => void> {
	if (PACE.windowMs <= 0) return () => {};
	let lanes = lanesByKey.get(key);
	if (!lanes) {
		lanes = { free: PACE.requests, waiting: [] };
		lanesByKey.set(key, lanes);
	}
	if (lanes.free > 0) lanes.free -= 1;
	else await new Promise<void>((resolve) => lanes.waiting.push(resolve));
	const taken = lanes;
	let given = false;
	return () => {
		if (given) return;
		given = true;
		void sleep(PACE.windowMs).then(() => handOn(key, taken));
	};
}

/** A lane back: to the first request waiting, else free (and the key forgotten once all are). */
function handOn(key: string, lanes: Lanes): void {
	const next = lanes.waiting.shift();
	if (next) return next();
	lanes.free += 1;
	if (lanes.free >= PACE.requests && lanesByKey.get(key) === lanes) lanesByKey.delete(key);
}
