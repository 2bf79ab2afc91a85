/**
 * Scenario 9: what Readable People and Choices (issue 28) costs in requests, on and off: a Search
 * with Return All over N records whose Assigned To holds a member, a SmartSuite Polling Trigger poll
 * (Simplify on) of N record changes, and N changes one at a time to the SmartSuite Trigger
 * (a drain each); and Linked Record Titles (issue 58): a Search over N records each linked to a
 * record of another table, titles on and off. Request counts only: nothing here is timed.
 */
import type { INodeParameters } from 'n8n-workflow';
import type { SmartSuite as SmartSuiteClass } from '../../nodes/SmartSuite/SmartSuite.node';
import type { SmartSuiteTrigger as SmartSuiteTriggerClass } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { startInstantTrigger, watchingTable } from '../helpers/instant';
import { createPoller, credentialsFor, runNodeInWorkflow } from '../helpers/n8n';
import { TYPED_FIELDS, fieldTypesStructure } from '../emulator/fixtures';
import type { Bench } from './scenarios';

// Named with .ts: outside jest, Node would load the codex `.node.json` first (clients.ts says why).
const { SmartSuite } = require('../../nodes/SmartSuite/SmartSuite.node.ts') as {
	SmartSuite: typeof SmartSuiteClass;
};
const { SmartSuiteTrigger } = require('../../nodes/SmartSuite/SmartSuiteTrigger.node.ts') as {
	SmartSuiteTrigger: typeof SmartSuiteTriggerClass;
};

export interface ReadableCase {
	/** instantDay, pollDay: a day of sparse changes, one every 40 minutes on a moved clock. */
	kind: 'search' | 'searchLinks' | 'poll' | 'instant' | 'instantDay' | 'pollDay';
	/** Records found (search) or changes read (poll, instant, a day's: one at a time). */
	n: number;
	/** Readable People and Choices on (searchLinks: Linked Record Titles on, Readable on either way). */
	readable: boolean;
}

export interface ReadableResult {
	scenario: 'readable';
	case: ReadableCase;
	label: string;
	requests: number;
	byOperation: Record<string, number>;
	/** Requests beyond reading the records or events: structure and members reads. */
	extra: number;
	/**
	 * Extra requests at most: on, one structure read and one members read (the instant trigger
	 * keeps them between its drains); off, the structure read Simplify's labels need. A day of
	 * sparse changes (issue 39): the same, i.e. on at most 1.1 requests per change.
	 */
	target: number;
	itemsOut: number;
	targets: { requests: boolean; output: boolean; perChange?: boolean };
}

function labelOf({ kind, n, readable }: ReadableCase): string {
	const count = n.toLocaleString('en-US');
	if (kind === 'searchLinks')
		return `Search, Return All over ${count} records each linked to one of ${LINKED} records of another table, link titles ${readable ? 'on' : 'off'}`;
	const what =
		kind === 'search'
			? `Search, Return All over ${count} records with a user`
			: kind === 'poll'
				? `Trigger poll (Simplify) of ${count} changes with a user`
				: kind === 'instant'
					? `Instant Trigger, ${count} changes with a user one at a time`
					: `${kind === 'instantDay' ? 'Instant Trigger' : 'Trigger (a poll after each)'}, a day of ${count} changes with a user and a select, one every 40 minutes`;
	return `${what}, readable ${readable ? 'on' : 'off'}`;
}

/** The records of the other table that searchLinks' records link to. */
const LINKED = 50;

/** searchLinks: the Search's requests, and its reads of the records searched (not the titles' read). */
async function searchLinks(
	emu: Bench['emu'],
	n: number,
	linkTitles: boolean,
	label: string,
): Promise<{ itemsOut: number; reads: number }> {
	const solution = emu.addSolution().id;
	const other = emu.addTable(solution);
	const linked = Array.from({ length: LINKED }, (_, i) =>
		emu.addRecord(other.id, { title: `Company ${i}` }),
	);
	const table = emu.addFieldTypesTable(solution, { structure: fieldTypesStructure(other.id) });
	for (let i = 0; i < n; i++)
		emu.addRecord(table.id, { title: `Deal ${i}`, [TYPED_FIELDS.linked]: [linked[i % LINKED].id] });
	emu.resetLog();
	const run = await runNodeInWorkflow(new SmartSuite(), {
		parameters: {
			resource: 'record',
			operation: 'search',
			tableId: { __rl: true, mode: 'id', value: table.id },
			returnAll: true,
			linkTitles,
		},
		input: [{}],
		credentials: credentialsFor(emu),
	});
	if (run.error) throw new Error(`${label}: ${run.error.message}`);
	const related = run.output[0]?.json.Related as Array<{ title?: unknown }> | undefined;
	if (linkTitles && related?.[0]?.title !== 'Company 0')
		throw new Error(`${label}: the first record's link has no title`);
	const reads = emu.requests.filter(
		(request) =>
			request.operation === 'ListRecords' && !('ids' in ((request.body as object) ?? {})),
	).length;
	return { itemsOut: run.output.length, reads };
}

export async function readableScenario(
	{ emu }: Bench,
	readableCase: ReadableCase,
): Promise<ReadableResult> {
	const { kind, n, readable } = readableCase;
	const table = emu.addTable(emu.addSolution().id);
	const members = emu.members();
	const valuesOf = (i: number) => ({
		title: `Record ${i}`,
		assigned_to: [members[i % members.length].id],
		status: { value: 'in_progress' },
		...(kind === 'instantDay' || kind === 'pollDay' ? { priority: '3' } : {}),
	});
	let itemsOut: number;
	let reads: number;
	if (kind === 'searchLinks') {
		({ itemsOut, reads } = await searchLinks(emu, n, readable, labelOf(readableCase)));
	} else if (kind === 'instantDay' || kind === 'pollDay') {
		({ itemsOut, reads } = await sparseDay(emu, table, readable, kind, valuesOf, n));
	} else if (kind === 'search') {
		for (let i = 0; i < n; i++) emu.addRecord(table.id, valuesOf(i));
		const parameters: INodeParameters = {
			resource: 'record',
			operation: 'search',
			tableId: { __rl: true, mode: 'id', value: table.id },
			returnAll: true,
			readableValues: readable,
		};
		emu.resetLog();
		const run = await runNodeInWorkflow(new SmartSuite(), {
			parameters,
			input: [{}],
			credentials: credentialsFor(emu),
		});
		if (run.error) throw new Error(`${labelOf(readableCase)}: ${run.error.message}`);
		itemsOut = run.output.length;
		reads = emu.requests.filter((request) => request.operation === 'ListRecords').length;
	} else if (kind === 'instant') {
		const trigger = await startInstantTrigger({
			credentials: credentialsFor(emu),
			parameters: watchingTable(table, { readableValues: readable }),
		});
		try {
			await trigger.activate();
			emu.resetLog();
			for (let i = 0; i < n; i++) {
				emu.createRecord(table.id, valuesOf(i));
				await emu.settleNotifications();
			}
			itemsOut = trigger.executions.flat().length;
		} finally {
			await trigger.close();
		}
		reads = emu.requests.filter((request) => request.operation === 'ListEvents').length;
	} else {
		const webhook = emu.createWebhook({
			locator: { account_id: emu.workspaceId, solution_id: table.solution },
			filter: { applications: { application_ids: [table.id] } },
		});
		const poller = createPoller(new SmartSuiteTrigger(), {
			parameters: {
				webhookId: webhook.webhook_id,
				events: [],
				options: { simplify: true, readableValues: readable, maxEventsPerPoll: 0 },
			},
			credentials: credentialsFor(emu),
		});
		await poller.poll('trigger');
		for (let i = 0; i < n; i++) emu.createRecord(table.id, valuesOf(i));
		emu.resetLog();
		const output = await poller.poll('trigger');
		itemsOut = output ? output[0].length : 0;
		reads = emu.requests.filter((request) => request.operation === 'ListEvents').length;
	}
	const byOperation: Record<string, number> = {};
	for (const request of emu.requests)
		byOperation[request.operation ?? 'unrouted'] =
			(byOperation[request.operation ?? 'unrouted'] ?? 0) + 1;
	const requests = emu.requests.length;
	emu.resetLog();
	// searchLinks (Readable on, the records show their creator): the structure and the members;
	// titles on, also the linked table's structure and one read of its titles.
	const target = kind === 'searchLinks' ? (readable ? 4 : 2) : readable ? 2 : 1;
	return {
		scenario: 'readable',
		case: readableCase,
		label: labelOf(readableCase),
		requests,
		byOperation,
		extra: requests - reads,
		target,
		itemsOut,
		targets: {
			requests: requests - reads <= target,
			output: itemsOut === n,
			// Issue 39: a day of sparse changes, at most 1.1 requests a change with Readable on.
			...(kind === 'instantDay' || kind === 'pollDay' ? { perChange: requests / n <= 1.1 } : {}),
		},
	};
}

/** Between two sparse changes: 40 minutes. */
const SPARSE_MS = 40 * 60_000;

/**
 * `n` changes one every 40 minutes on a moved clock (`Date.now`): each pings the Instant Trigger,
 * or is followed by one poll of the SmartSuite Trigger (as a 40-minute schedule would run it).
 */
async function sparseDay(
	emu: Bench['emu'],
	table: { id: string; solution: string },
	readable: boolean,
	kind: 'instantDay' | 'pollDay',
	valuesOf: (i: number) => Record<string, unknown>,
	n: number,
): Promise<{ itemsOut: number; reads: number }> {
	const realNow = Date.now;
	const start = realNow.call(Date);
	const options = { readableValues: readable };
	let itemsOut = 0;
	try {
		if (kind === 'instantDay') {
			const trigger = await startInstantTrigger({
				credentials: credentialsFor(emu),
				parameters: watchingTable(table, options),
			});
			try {
				await trigger.activate();
				emu.resetLog();
				for (let i = 0; i < n; i++) {
					Date.now = () => start + i * SPARSE_MS;
					emu.createRecord(table.id, valuesOf(i));
					await emu.settleNotifications();
				}
				itemsOut = trigger.executions.flat().length;
			} finally {
				await trigger.close();
			}
		} else {
			const webhook = emu.createWebhook({
				locator: { account_id: emu.workspaceId, solution_id: table.solution },
				filter: { applications: { application_ids: [table.id] } },
			});
			const poller = createPoller(new SmartSuiteTrigger(), {
				parameters: { webhookId: webhook.webhook_id, events: [], options },
				credentials: credentialsFor(emu),
			});
			await poller.poll('trigger');
			emu.resetLog();
			for (let i = 0; i < n; i++) {
				Date.now = () => start + i * SPARSE_MS;
				emu.createRecord(table.id, valuesOf(i));
				const output = await poller.poll('trigger');
				itemsOut += output ? output[0].length : 0;
			}
		}
	} finally {
		Date.now = realNow;
	}
	const reads = emu.requests.filter((request) => request.operation === 'ListEvents').length;
	return { itemsOut, reads };
}
