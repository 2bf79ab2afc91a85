/**
 * Issue 49: labels and slugs that are names of JavaScript's own properties ("__proto__",
 * "toString", "constructor", "valueOf") are fields like any other: shown under their label by
 * Record > Get, Record > Search and both triggers, with no prototype changed and no function in
 * any item.
 */
import type { IDataObject } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import type { Emulator } from '../emulator';
import { startEmulator } from '../emulator';
import { startInstantTrigger } from '../helpers/instant';
import { createPoller, credentialsFor, runNodeOnce, shutdownN8nCore } from '../helpers/n8n';

let emu: Emulator;
beforeAll(async () => {
	emu = await startEmulator();
});
afterAll(async () => {
	await emu.settleNotifications();
	await emu.close();
	shutdownN8nCore();
});

const text = (slug: string, label: string) => ({
	slug,
	label,
	field_type: 'textfield',
	params: {},
});

/** A table whose fields are named like Object.prototype's members, by label and by slug. */
function hostileTable() {
	const solution = emu.addSolution();
	const table = emu.addTable(solution.id, {
		structure: [
			{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
			text('sproto0001', '__proto__'),
			text('toString', 'Notes'),
			text('constructor', 'Owner'),
			text('svalueof01', 'valueOf'),
		],
	});
	return { solution, table };
}

/** Every value of `json`, deep: none may be a function, no object may have another prototype. */
function expectPlain(json: unknown): void {
	const pending = [json];
	while (pending.length > 0) {
		const value = pending.pop();
		expect(typeof value).not.toBe('function');
		if (value === null || typeof value !== 'object') continue;
		if (!Array.isArray(value)) expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
		pending.push(...Object.values(value));
	}
}

/** The fields a record shows, own keys only, in order. */
const shown = (json: IDataObject) =>
	Object.fromEntries(Object.keys(json).map((key) => [key, json[key]]));

const FULL = {
	title: 'Full',
	sproto0001: 'p',
	toString: 'n',
	constructor: 'o',
	svalueof01: 'v',
};
/** The record by label, with `id` first (JSON: a literal's "__proto__" would set its prototype). */
const fullByLabel = (id: string) =>
	JSON.parse(
		`{"id": "${id}", "Title": "Full", "__proto__": "p", "Notes": "n", "Owner": "o", "valueOf": "v"}`,
	) as IDataObject;

const run = async (parameters: IDataObject) =>
	await runNodeOnce(new SmartSuite(), {
		credentials: credentialsFor(emu),
		parameters: { resource: 'record', simplify: true, ...parameters },
	});
const tableLocator = (id: string) => ({ __rl: true, mode: 'id', value: id });

it('Record > Get: each field under its label, a record without them shows none', async () => {
	const { table } = hostileTable();
	const full = emu.createRecord(table.id, FULL).record;
	const bare = emu.createRecord(table.id, { title: 'Bare' }).record;
	for (const [record, expected] of [
		[full, fullByLabel(full.id)],
		[bare, { id: bare.id, Title: 'Bare' }],
	] as const) {
		const [item] = await run({
			operation: 'get',
			tableId: tableLocator(table.id),
			recordId: tableLocator(record.id),
		});
		expectPlain(item.json);
		expect(shown(item.json)).toEqual(expected);
		expect(JSON.parse(JSON.stringify(item.json))).toEqual(expected);
	}
});

it('Record > Search: each field under its label', async () => {
	const { table } = hostileTable();
	const full = emu.createRecord(table.id, FULL).record;
	const bare = emu.createRecord(table.id, { title: 'Bare' }).record;
	const items = await run({
		operation: 'search',
		tableId: tableLocator(table.id),
		returnAll: true,
	});
	items.forEach((item) => expectPlain(item.json));
	expect(items.map((item) => JSON.parse(JSON.stringify(item.json)))).toEqual([
		fullByLabel(full.id),
		{ id: bare.id, Title: 'Bare' },
	]);
});

it('the polling trigger, with Simplify: the record, its previous values and the changed fields by label', async () => {
	const { solution, table } = hostileTable();
	const { webhook_id: webhookId } = emu.createWebhook({
		locator: { account_id: emu.workspaceId, solution_id: solution.id },
		filter: { applications: { application_ids: [table.id] } },
	});
	const record = emu.createRecord(table.id, { title: 'Bare' }).record;
	emu.updateRecord(table.id, record.id, FULL);
	const poller = createPoller(new SmartSuiteTrigger(), {
		credentials: credentialsFor(emu),
		parameters: {
			webhookId,
			events: [],
			options: { startFrom: 'allStoredEvents', simplify: true, readableValues: false },
		},
	});
	const items = (await poller.poll())?.[0] ?? [];
	items.forEach((item) => expectPlain(item.json));
	const [created, updated] = items.map((item) => JSON.parse(JSON.stringify(item.json)));
	expect(created.record).toEqual({ id: record.id, Title: 'Bare' });
	expect(updated.record).toEqual(fullByLabel(record.id));
	expect(updated.changed_fields).toEqual(
		expect.arrayContaining(['Title', '__proto__', 'Notes', 'Owner', 'valueOf']),
	);
});

it('the instant trigger, with Simplify: the record by label', async () => {
	const { solution, table } = hostileTable();
	const trigger = await startInstantTrigger({
		credentials: credentialsFor(emu),
		parameters: {
			solutionId: tableLocator(solution.id),
			watch: 'tables',
			tableIds: [table.id],
			events: ['RECORD_CREATED'],
			options: { simplify: true },
		},
	});
	try {
		await trigger.activate();
		const record = emu.createRecord(table.id, FULL).record;
		await emu.settleNotifications();
		const items = trigger.executions.flat();
		items.forEach(expectPlain);
		expect(items.map((json) => JSON.parse(JSON.stringify(json)).record)).toEqual([
			fullByLabel(record.id),
		]);
	} finally {
		await trigger.close();
	}
});
