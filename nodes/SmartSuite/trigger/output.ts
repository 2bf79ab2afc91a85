import type { IDataObject, INodeExecutionData, Logger } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FilesContext } from '../actions/record/downloadFiles';
import type { Field, ReadContext, RichTextForm } from '../shared/fields';
import { hasPeople } from '../shared/fields';
import { isObject } from '../shared/fields/values';
import { readContextFor } from '../shared/readable';
import type { RecordsClient, RunBudget } from '../shared/records';
import { recordsClient } from '../shared/records';
import type { RequestContext } from '../shared/transport';
import { logOf } from '../shared/transport';
import type { DrainResult } from './drain';
import type { FilesOption } from './files';
import { attachFiles } from './files';
import type { KeptReads } from './keptReads';
import { directoryShows, keptReadsOf, keptTable, structureShows } from './keptReads';
import { SAFE_PAGE_SIZE } from './pages';
import { byLabel, simplifyEvent } from './simplify';
import type { EventCondition } from './condition';
import { passingEvents } from './condition';

export interface EventOutput {
	simplify: boolean;
	/** Readable People and Choices (with Simplify only). */
	readable: boolean;
	/** Rich Text As (with Simplify only): SmartDoc as text, Markdown or HTML. */
	richText?: RichTextForm;
	/** The trigger's name, for the log. */
	trigger: string;
	/** The trigger's node and webhook: the structures and members it read are kept under it (keptReads.ts). */
	keptFor: string;
	/** Download Files: undefined when off (then it costs nothing). */
	files?: FilesOption;
	/** The poll's or notification's deadline, which the reads of structures, members and files share. */
	budget: RunBudget;
	/** Only Records That: only the events that pass it are output (condition.ts). */
	condition?: EventCondition;
}

/** The tables of the events as read (or kept): undefined for a table whose structure could not be read. */
interface TablesRead {
	client: RecordsClient;
	kept: KeptReads;
	tables: Array<Field[] | undefined>;
}

/**
 * One item per event; each item's json is the whole event, even one with keys named json, binary
 * or pairedItem. With Simplify, `record` and `previous` are shown as the node's Simplify shows a
 * record (simplifyRecord: `id`, then the fields by label, choices as labels; people readable with
 * Readable People and Choices) and `changed_fields` names the fields by label: at most one
 * structure read per table and one members read for all the events, none while the kept ones
 * show every value. A table whose structure cannot be read keeps its values by slug, with a warning.
 * With Download Files, each record's files are added (files.ts), from the structures read here.
 * With Only Records That, the events that do not pass it are left out first (no item, no read
 * for them): a table whose structure cannot be read then fails the run.
 */
export async function eventItems(
	context: FilesContext,
	allEvents: IDataObject[],
	output: EventOutput,
): Promise<INodeExecutionData[]> {
	const { simplify, readable, files, condition } = output;
	if ((!simplify && !files && !condition) || allEvents.length === 0)
		return allEvents.map((event) => ({ json: event }));
	const allSimple = allEvents.map(simplifyEvent);
	const allRead = await readTables(context, allSimple, output);
	const passes = condition
		? await passingEvents(allRead.client, allRead.kept, allSimple, allRead.tables, condition)
		: allSimple.map(() => true);
	const events = allEvents.filter((_, index) => passes[index]);
	const simple = allSimple.filter((_, index) => passes[index]);
	const read = { ...allRead, tables: allRead.tables.filter((_, index) => passes[index]) };
	if (!simplify && !files) return events.map((event) => ({ json: event }));
	// The records by slug, as the events carry them, before Simplify shows them by label.
	const records = simple.map((event) => ({
		id: String(event.record_id ?? ''),
		values: event.record as IDataObject,
	}));
	if (simplify) await showByLabel(context, simple, read, readable, output.trigger, output.richText);
	const items = simplify
		? simple.map((json) => ({ json }))
		: events.map((event) => ({ json: { ...event } }));
	if (files) await attachFiles(context, read.client, items, records, read.tables, files);
	return items;
}

const valuesOf = (event: IDataObject) =>
	[event.record, event.previous].filter(isObject) as IDataObject[];

async function readTables(
	context: RequestContext,
	simple: IDataObject[],
	{ simplify, trigger, keptFor, budget, condition }: EventOutput,
): Promise<TablesRead> {
	const client = await recordsClient(context, budget);
	// Kept per API address and workspace too: another workspace's tables never use these.
	const { baseUrl, workspaceId } = client.credentials;
	const kept = keptReadsOf([baseUrl, workspaceId, keptFor].join('|'));
	const valuesByTable = new Map<string, IDataObject[]>();
	for (const event of simple) {
		const tableId = event.application_id;
		if (typeof tableId !== 'string') continue;
		const values = valuesByTable.get(tableId) ?? [];
		values.push(...valuesOf(event));
		valuesByTable.set(tableId, values);
	}
	const structures = new Map<string, Field[] | undefined>();
	for (const [tableId, values] of valuesByTable) {
		const known = kept.tables.get(tableId);
		if (known && structureShows(known, values)) {
			structures.set(tableId, known.structure);
			continue;
		}
		try {
			const structure = await client.structure(tableId);
			kept.tables.set(tableId, keptTable(structure, values, known?.otherKeys));
			structures.set(tableId, structure);
		} catch (error) {
			// Without the fields, no event of the table can be judged: the run fails, nothing is skipped.
			if (condition)
				throw new NodeOperationError(
					context.getNode(),
					`Only Records That: the events of table "${tableId}" cannot be judged, its fields could not be read: ${(error as Error).message}`,
				);
			structures.set(tableId, undefined);
			const what = simplify
				? `values of table "${tableId}" are shown by slug as SmartSuite sends them`
				: `files of table "${tableId}" are not downloaded`;
			logOf(context).warn(
				`${trigger}: ${what}: its structure could not be read (${(error as Error).message})`,
			);
		}
	}
	const tables = simple.map((event) => structures.get(String(event.application_id)));
	return { client, kept, tables };
}

async function showByLabel(
	context: RequestContext,
	simple: IDataObject[],
	{ client, kept, tables }: TablesRead,
	readable: boolean,
	trigger: string,
	richText?: RichTextForm,
): Promise<void> {
	const warn = (message: string) => logOf(context).warn(`${trigger}: ${message}`);
	const readContext = readable
		? await peopleContext(context, client, kept, simple, tables, warn)
		: undefined;
	simple.forEach((event, index) => {
		const structure = tables[index];
		if (structure) Object.assign(event, byLabel(event, structure, readContext, richText));
	});
}

/** The members, when an event shows a member: the kept directory while it knows them all, else one read. */
async function peopleContext(
	context: RequestContext,
	client: RecordsClient,
	kept: KeptReads,
	simple: IDataObject[],
	tables: Array<Field[] | undefined>,
	warn: (message: string) => void,
): Promise<ReadContext> {
	const withPeople = simple
		.map((event, index) => ({ values: valuesOf(event), structure: tables[index] }))
		.filter(
			(entry): entry is { values: IDataObject[]; structure: Field[] } =>
				entry.structure !== undefined && hasPeople(entry.values, entry.structure),
		);
	const members = kept.members;
	if (
		members !== undefined &&
		withPeople.every(({ values, structure }) => directoryShows(members, structure, values))
	)
		return { membersById: members.byId };
	const readContext = await readContextFor(client, withPeople.length > 0, warn);
	// A directory read just now is kept (the client answers it again without a request).
	if (withPeople.length > 0) kept.members = await client.members().catch(() => undefined);
	return readContext;
}

/**
 * What n8n's log should tell after a drain: elements passed over, and why it read less than the
 * stream. `trigger` names the node, `next` what continues from there ("poll", "ping").
 */
export function logDrain(
	logger: Logger,
	{ emitted, error, stopped, malformed, refusedPageSize, tokenRefused }: DrainResult,
	trigger: string,
	next: string,
): void {
	if (refusedPageSize) {
		logger.warn(
			`${trigger}: SmartSuite refused a page size of ${refusedPageSize} events (400); read on from the same position with pages of ${SAFE_PAGE_SIZE}, the most asked from now on.`,
		);
	}
	if (tokenRefused) {
		logger.warn(
			`${trigger}: SmartSuite no longer knows the saved page token (400); read the webhook's events again from the first one, passing over those already emitted.`,
		);
	}
	if (malformed > 0) {
		logger.warn(
			`${trigger}: passed over ${malformed} elements of the webhook's events that are not events (not JSON objects)`,
		);
	}
	const continues = `the next ${next} continues from there.`;
	if (error) {
		logger.warn(
			`${trigger}: emitting the ${emitted.length} events read before an error; ${continues} ${error.message}`,
		);
	} else if (stopped === 'budget') {
		logger.info(
			`${trigger}: the time or page budget is spent after ${emitted.length} events; ${continues}`,
		);
	} else if (stopped === 'repeatedToken') {
		logger.warn(
			`${trigger}: SmartSuite sent a page token that was already requested; reading stopped there to avoid looping.`,
		);
	}
}
