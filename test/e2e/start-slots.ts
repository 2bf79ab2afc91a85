/**
 * How many n8n processes of this machine may boot at once, across every jest worker and both n8n
 * versions' runs. Booting n8n (loading its modules, migrating its database, activating its
 * published workflows) keeps a core busy for 10 to 30 s; four boots beside Chromium on 2 cores took
 * minutes each, and a suite waiting for one gave up (issue 60). A boot waits here for a slot, so it
 * gets its core and its own time limit starts only then.
 *
 * A slot is a directory made with mkdir (atomic across processes) holding its owner's PID; a slot
 * whose owner has died is taken over. SMARTSUITE_E2E_START_SLOTS sets the count (default: one per
 * two cores).
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const SLOTS_DIR = join(tmpdir(), 'n8n-smartsuite-start-slots');

export const START_SLOTS =
	Number(process.env.SMARTSUITE_E2E_START_SLOTS) ||
	Math.max(1, Math.floor(availableParallelism() / 2));

function ownerAlive(slot: string): boolean {
	let pid: number;
	try {
		pid = Number(readFileSync(join(slot, 'owner'), 'utf8'));
	} catch {
		// Just made, owner not written yet: alive unless that was long ago.
		try {
			return Date.now() - statSync(slot).mtimeMs < 30_000;
		} catch {
			return false;
		}
	}
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

function tryTake(): string | undefined {
	mkdirSync(SLOTS_DIR, { recursive: true });
	for (let index = 0; index < START_SLOTS; index++) {
		const slot = join(SLOTS_DIR, `slot-${index}`);
		try {
			mkdirSync(slot);
			writeFileSync(join(slot, 'owner'), String(process.pid));
			return slot;
		} catch {
			if (!ownerAlive(slot)) rmSync(slot, { recursive: true, force: true });
		}
	}
	return undefined;
}

/**
 * Runs `boot` once a start slot is free and frees the slot after it; `waitedMs` tells how long it
 * waited for the slot.
 */
export async function withStartSlot<T>(boot: (waitedMs: number) => Promise<T>): Promise<T> {
	const asked = Date.now();
	let slot: string | undefined;
	while (!(slot = tryTake())) await new Promise((done) => setTimeout(done, 250));
	try {
		return await boot(Date.now() - asked);
	} finally {
		rmSync(slot, { recursive: true, force: true });
	}
}
