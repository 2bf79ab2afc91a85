/**
 * Per-record locks for read-modify-write (links and people added or removed: their current lists
 * are read, changed and written back whole). Parallel tool calls of a model run in one n8n process
 * at once; without a lock, two calls read the same lists and the later write drops the earlier
 * change. The lock is held from the read to the end of the write, so changes of one record apply
 * one after the other. Only in this process: queue-mode workers each have their own
 * (docs/records.md says so).
 */
import type { INode } from 'n8n-workflow';

import { LOCK_WAIT_MS, withLocks } from './locks';

/** One record's key: base URL, workspace, table and record. */
export const recordLockKey = (
	baseUrl: string,
	workspaceId: string,
	tableId: string,
	recordId: string,
): string => JSON.stringify(['record', baseUrl, workspaceId, tableId, recordId]);

/** Runs `work` holding the locks of these records (recordLockKey), released when it ends. */
export async function withRecordLocks<T>(
	node: INode,
	keys: string[],
	work: () => Promise<T>,
	waitMs = LOCK_WAIT_MS,
): Promise<T> {
	return await withLocks(keys, work, {
		node,
		waitMs,
		waitingFor: "another change to the same record's links or people",
		whatToDo:
			'Another execution of this n8n instance is still changing the lists of this record. Nothing was written for it: run it again once the other one is done.',
	});
}
