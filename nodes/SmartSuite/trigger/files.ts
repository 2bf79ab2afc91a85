/**
 * Download Files in both triggers (off by default): each event's record's files as binaries on
 * its item, named as Record → Download Files names them (file_0, file_1…), from the record the
 * event carries (no record read), within that operation's default bounds, Max Total Size per
 * Run (MB) across the items of one poll or notification, and the time it has. A file not
 * downloaded is listed in the item's `leftOut` with why: the event is emitted all the same, and
 * the cursor moves on with it (one broken file never holds a poll back).
 */
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FilesContext, RunTally } from '../actions/record/downloadFiles';
import {
	DEFAULT_MAX_RUN_MB,
	downloadNoting,
	filesOf,
	triggerFileLimits,
} from '../actions/record/downloadFiles';
import { FILE_FIELD_TYPE } from '../actions/record/uploadFile';
import type { Field } from '../shared/fields';
import type { RecordsClient } from '../shared/records';
import { logOf } from '../shared/transport';
import { fieldByKey, namesIn } from '../actions/record/fieldNames';
import type { PollClock } from './limits';

export interface FilesOption {
	/** Labels or ids of the file fields to download from; empty: every file field. */
	fields: string[];
	/** Max Total Size per Run (MB). */
	runMb: number;
	/** When the time for files ends (ms since the epoch): the end of the poll's or notification's budget. */
	endsAt: number;
	/** The trigger's name, for the log. */
	trigger: string;
}

/** The trigger's options that concern files (outputOptions.ts). */
export interface FilesOptions {
	downloadFiles?: boolean;
	fileFields?: string;
	maxRunSizeMb?: number;
}

/** Download Files as set, or undefined when it is off. */
export function filesOptionOf(
	node: INode,
	options: FilesOptions,
	clock: PollClock,
	trigger: string,
): FilesOption | undefined {
	if (options.downloadFiles !== true) return undefined;
	const runMb = Number(options.maxRunSizeMb ?? DEFAULT_MAX_RUN_MB);
	if (!(runMb > 0))
		throw new NodeOperationError(
			node,
			'The option "Max Total Size per Run (MB)" must be a number above 0',
		);
	const fields = namesIn(options.fileFields);
	return { fields, runMb, endsAt: Date.now() + clock.timeLeft(), trigger };
}

/**
 * The time reading events may take: what is left of the clock but a share kept for the reads of
 * the items that follow within the same budget: with Download Files half of what is left now,
 * with Simplify alone a quarter (a structure per table, the members), else none.
 */
export function eventsTimeLeft(
	clock: PollClock,
	files: FilesOption | undefined,
	simplify: boolean,
): () => number {
	const kept = clock.timeLeft() * (files ? 1 / 2 : simplify ? 1 / 4 : 0);
	return () => Math.max(0, clock.timeLeft() - kept);
}

/**
 * Adds each record's files to its item: `fileCount`, `files` and, when some were not downloaded,
 * `leftOut`, as Download Files outputs them, and the binaries. `tables[i]` is the structure of the
 * i-th event's table (undefined when it could not be read: the item says so in `filesError`).
 */
export async function attachFiles(
	context: FilesContext,
	client: RecordsClient,
	items: INodeExecutionData[],
	records: Array<{ id: string; values: IDataObject }>,
	tables: Array<Field[] | undefined>,
	option: FilesOption,
): Promise<void> {
	const limits = triggerFileLimits(option.runMb, option.endsAt);
	const run: RunTally = { arrived: 0 };
	const wanted = (field: Field) =>
		field.field_type === FILE_FIELD_TYPE &&
		(option.fields.length === 0 ||
			option.fields.some((name) => fieldByKey([field], name) !== undefined));
	let notDownloaded = 0;
	for (const [itemIndex, item] of items.entries()) {
		const structure = tables[itemIndex];
		if (!structure) {
			Object.assign(item.json, {
				fileCount: 0,
				files: [],
				filesError:
					"No file of this record was downloaded: the structure of its table could not be read, so its file fields are not known (see n8n's log)",
			});
			notDownloaded++;
			continue;
		}
		const { id, values } = records[itemIndex];
		const files = filesOf(values, structure.filter(wanted));
		const { json, binary } = await downloadNoting(context, client, id, files, {
			limits,
			run,
			itemIndex,
		});
		Object.assign(item.json, json);
		if (Object.keys(binary).length > 0) item.binary = binary;
		if (Array.isArray(json.leftOut)) notDownloaded++;
	}
	if (notDownloaded > 0)
		logOf(context).warn(
			`${option.trigger}: ${notDownloaded} of ${items.length} events are emitted without some of their record's files; each item's "leftOut" (or "filesError") says which and why`,
		);
}
