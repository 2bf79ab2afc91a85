import type { IDataObject } from 'n8n-workflow';

/**
 * n8n starts a poll on time even while the previous poll of the same trigger is still running,
 * on the same workflow and the same static data object: both would start from the same cursor
 * and emit the same events. The running poll holds a lease in that object; a poll that finds it
 * returns at once. The lease lives in memory only: its key is a Symbol and not enumerable, so
 * n8n's JSON save leaves it out (a restarted n8n never finds a lease) and no copy of the static
 * data carries it along.
 */
const LEASE = Symbol('SmartSuite Polling Trigger poll lease');

export interface Lease {
	/** After this time (ms), a poll that never ended (a hung request) no longer blocks the others. */
	readonly expiresAt: number;
}

type LeaseHolder = IDataObject & { [LEASE]?: Lease };

/** The lease for a poll, or undefined while another poll holds one that has not expired. */
export function takeLease(state: IDataObject, durationMs: number): Lease | undefined {
	const holder = state as LeaseHolder;
	const now = Date.now();
	const held = holder[LEASE];
	if (held && held.expiresAt > now) return undefined;
	const lease = { expiresAt: now + durationMs };
	Object.defineProperty(holder, LEASE, {
		value: lease,
		configurable: true,
		writable: true,
		enumerable: false,
	});
	return lease;
}

export function releaseLease(state: IDataObject, lease: Lease): void {
	const holder = state as LeaseHolder;
	if (holder[LEASE] === lease) delete holder[LEASE];
}
