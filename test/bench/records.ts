/**
 * Scenario 6: requests the SmartSuite node's Record operations spend (issues 21 and 22), run through
 * n8n's WorkflowExecute against the emulator: Create, Update and Delete of many items, and Search
 * with Return All over N records, Create or Update, each next to the issue's count and to one request per item (how
 * the other integrations write: Activepieces, Pipedream and both n8n community packages send one
 * request per record; Activepieces' Find reads pages of 100 until an empty one). Request counts
 * only: nothing here is timed.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { SmartSuite as SmartSuiteClass } from '../../nodes/SmartSuite/SmartSuite.node';
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import type { Emulator, TableObject } from '../emulator/types';
import { credentialsFor, runNodeInWorkflow } from '../helpers/n8n';
import type { Bench } from './scenarios';

// Named with .ts: outside jest, Node would load the codex `SmartSuite.node.json` first (clients.ts says why).
const { SmartSuite } = require('../../nodes/SmartSuite/SmartSuite.node.ts') as {
	SmartSuite: typeof SmartSuiteClass;
};

export type RecordsCase =
	| { kind: 'create' | 'update' | 'delete'; items: number }
	/** Create with the user field given as members' e-mail addresses (one members read more). */
	| { kind: 'createWithUserEmails'; items: number }
	/** Create or Update (issue 22) on a table that already holds every other item's record. */
	| { kind: 'upsert'; items: number }
	| { kind: 'search'; records: number };

export interface RecordsResult {
	scenario: 'records';
	case: RecordsCase;
	label: string;
	/** Every request the node made, and per emulator operation. */
	requests: number;
	byOperation: Record<string, number>;
	/** Issue 21's count for this case (Search: list requests, the pages). */
	target: number;
	/** What one request per item costs (Search: pages of 100 until an empty page). */
	perItem: number;
	/** Items the node output (each a record, or `{id, deleted}`); Search: records found. */
	itemsOut: number;
	targets: { requests: boolean; output: boolean };
}

const BULK = 25;
const LIST_PAGE = 1000;

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const autoMap = { mappingMode: 'autoMapInputData', value: null };

/**
 * Issue 21: ⌈n/25⌉ bulk requests plus one structure read (plus one members read); Search ⌈N/1000⌉.
 * Issue 22: Upsert 3 × ⌈n/25⌉ (a search, an update and a create per 25 items) plus one structure read.
 */
export function issueTarget(recordsCase: RecordsCase): number {
	if (recordsCase.kind === 'search') return Math.max(1, Math.ceil(recordsCase.records / LIST_PAGE));
	if (recordsCase.kind === 'upsert') return 3 * Math.ceil(recordsCase.items / BULK) + 1;
	return (
		Math.ceil(recordsCase.items / BULK) + 1 + (recordsCase.kind === 'createWithUserEmails' ? 1 : 0)
	);
}

function labelOf(recordsCase: RecordsCase): string {
	const count = (n: number) => n.toLocaleString('en-US');
	switch (recordsCase.kind) {
		case 'search':
			return `Search, Return All over ${count(recordsCase.records)} records`;
		case 'createWithUserEmails':
			return `Create ${count(recordsCase.items)} items, users by e-mail`;
		case 'upsert':
			return `Create or Update ${count(recordsCase.items)} items, half of them existing`;
		default:
			return `${recordsCase.kind[0].toUpperCase()}${recordsCase.kind.slice(1)} ${count(recordsCase.items)} items`;
	}
}

/** The node's parameters and input items for a case, on a table seeded as the case needs. */
function workload(
	emu: Emulator,
	table: TableObject,
	recordsCase: RecordsCase,
): { parameters: INodeParameters; input: IDataObject[] } {
	const tableId = locator(table.id);
	if (recordsCase.kind === 'search') {
		for (let i = 0; i < recordsCase.records; i++)
			emu.addRecord(table.id, { title: `Record ${i}`, [F.text]: `C-${i}` });
		return {
			parameters: { resource: 'record', operation: 'search', tableId, returnAll: true },
			input: [{}],
		};
	}
	const indexes = Array.from({ length: recordsCase.items }, (_, i) => i);
	if (recordsCase.kind === 'upsert') {
		for (let i = 0; i < recordsCase.items; i += 2)
			emu.addRecord(table.id, { title: `Old ${i}`, [F.text]: `C-${i}` });
		const columns = { ...autoMap, matchingColumns: [F.text] };
		const input = indexes.map((i) => ({ title: `Item ${i}`, [F.text]: `C-${i}`, [F.number]: i }));
		return { parameters: { resource: 'record', operation: 'upsert', tableId, columns }, input };
	}
	if (recordsCase.kind === 'create' || recordsCase.kind === 'createWithUserEmails') {
		const owner = emu.members()[1].email;
		const input = indexes.map((i) => ({
			title: `Item ${i}`,
			[F.text]: `C-${i}`,
			[F.number]: i,
			...(recordsCase.kind === 'createWithUserEmails' ? { assigned_to: [owner].flat()[0] } : {}),
		}));
		return {
			parameters: { resource: 'record', operation: 'create', tableId, columns: autoMap },
			input,
		};
	}
	const ids = indexes.map(
		(i) => emu.addRecord(table.id, { title: `Record ${i}`, [F.text]: `C-${i}` }).id,
	);
	const recordId = locator('={{ $json.id }}');
	if (recordsCase.kind === 'update') {
		return {
			parameters: { resource: 'record', operation: 'update', tableId, recordId, columns: autoMap },
			input: ids.map((id, i) => ({ id, [F.number]: i })),
		};
	}
	return {
		parameters: { resource: 'record', operation: 'delete', tableId, recordId },
		input: ids.map((id) => ({ id })),
	};
}

/** Runs one case on a fresh table with every field type; the table is left behind (it is small). */
export async function recordsScenario(
	{ emu }: Bench,
	recordsCase: RecordsCase,
): Promise<RecordsResult> {
	const solution = emu.addSolution();
	const table = emu.addFieldTypesTable(solution.id);
	const { parameters, input } = workload(emu, table, recordsCase);
	emu.resetLog();
	const run = await runNodeInWorkflow(new SmartSuite(), {
		parameters,
		input,
		credentials: credentialsFor(emu),
	});
	if (run.error) throw new Error(`${labelOf(recordsCase)}: ${run.error.message}`);
	const byOperation: Record<string, number> = {};
	for (const request of emu.requests)
		byOperation[request.operation ?? 'unrouted'] =
			(byOperation[request.operation ?? 'unrouted'] ?? 0) + 1;
	const requests = emu.requests.length;
	emu.resetLog();
	const target = issueTarget(recordsCase);
	const expectedOut = recordsCase.kind === 'search' ? recordsCase.records : recordsCase.items;
	// Upsert as the n8n community package does it: a search and a write per item.
	const perItem =
		recordsCase.kind === 'search'
			? Math.ceil(recordsCase.records / 100) + 1
			: recordsCase.items * (recordsCase.kind === 'upsert' ? 2 : 1);
	// Search: issue 21 counts the pages; a structure read (labels for Simplify) shows in byOperation.
	// Writes: Readable People's one members read a run (issue 28: the records' people and First
	// Created's `by`) shows in byOperation beside issue 21's count, but for the e-mail look-up's.
	const outputMembersRead =
		recordsCase.kind === 'createWithUserEmails' ? 0 : (byOperation.ListMembers ?? 0);
	const counted =
		recordsCase.kind === 'search' ? (byOperation.ListRecords ?? 0) : requests - outputMembersRead;
	return {
		scenario: 'records',
		case: recordsCase,
		label: labelOf(recordsCase),
		requests,
		byOperation,
		target,
		perItem,
		itemsOut: run.output.length,
		targets: { requests: counted <= target, output: run.output.length === expectedOut },
	};
}
