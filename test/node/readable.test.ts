/**
 * Readable People and Choices (issue 28): every record output (Get, Search, Create, Update,
 * Upsert, both triggers' Simplify) through n8n's engine against the emulator, on and off, with
 * the requests it costs. Issue 38: both triggers' Simplify (on by default) shows the record
 * exactly as Record → Get's Simplify does, so an expression written after Get works after the
 * trigger; `previous` the same way and `changed_fields` by label.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Emulator, MemberObject, TableObject } from '../emulator';
import { startEmulator } from '../emulator';
import { CUSTOM_FIELDS, STATUS_CHOICES, TABLE_STRUCTURE } from '../emulator/fixtures';
import { startInstantTrigger, watchingTable } from '../helpers/instant';
import { captureLogs } from '../helpers/logs';
import { credentialsFor, shutdownN8nCore } from '../helpers/n8n';
import { emitted, triggerFor } from '../trigger/helpers';
import { run, runInWorkflow } from './harness';

let emu: Emulator;
beforeEach(async () => {
	emu = await startEmulator();
});
afterEach(async () => {
	await emu.settleNotifications();
	await emu.close();
});
afterAll(() => shutdownN8nCore());
const logs = captureLogs();

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const autoMap = { mappingMode: 'autoMapInputData', value: null };
const count = (operation: string) =>
	emu.requests.filter((request) => request.operation === operation).length;

const person = (member: MemberObject) => ({
	id: member.id,
	name: member.full_name.sys_root,
	email: [member.email].flat()[0],
});
const statusId = STATUS_CHOICES[1].value;
const statusLabel = STATUS_CHOICES[1].label;

/** A table with status, priority (single select), Assigned To and tags, in a solution of its own. */
function table(): TableObject {
	return emu.addTable(emu.addSolution().id);
}

const record = (
	tableId: string,
	operation: string,
	extra: INodeParameters = {},
): INodeParameters => ({ resource: 'record', operation, tableId: locator(tableId), ...extra });

describe('Record outputs', () => {
	it('Get shows people as {id, name, email} (null for an id the directory lacks) and a status as {value, label, updated_on}; off, as before', async () => {
		const t = table();
		const [, sam] = emu.members();
		const stored = emu.addRecord(t.id, {
			assigned_to: [sam.id, 'a0a0a0a0a0a0a0a0a0a0a0a0'],
			status: { value: statusId, updated_on: '2026-01-01T00:00:00Z' },
			priority: '3',
		});

		const [item] = await run(emu, {
			parameters: record(t.id, 'get', { recordId: locator(stored.id) }),
		});

		expect(item.json['Assigned To']).toEqual([
			person(sam),
			{ id: 'a0a0a0a0a0a0a0a0a0a0a0a0', name: null, email: null },
		]);
		// A status is its label, as Simplify always showed it.
		expect(item.json.Status).toBe(statusLabel);
		expect(item.json.Priority).toBe('High');
		expect(count('ListMembers')).toBe(1);

		// Off: exactly what Simplify showed before (ids, the status label), no members read.
		emu.resetLog();
		const [off] = await run(emu, {
			parameters: record(t.id, 'get', { recordId: locator(stored.id), readableValues: false }),
		});
		expect(off.json['Assigned To']).toEqual([sam.id, 'a0a0a0a0a0a0a0a0a0a0a0a0']);
		expect(off.json.Status).toBe(statusLabel);
		expect(off.json.Priority).toBe('High');
		expect(count('ListMembers')).toBe(0);
	});

	it('a member removed from the workspace who appears in a record is still named, marked removed', async () => {
		const t = table();
		const [, sam, third] = emu.members();
		emu.removeMember(third.id);
		const stored = emu.addRecord(t.id, { assigned_to: [sam.id, third.id] });

		const [item] = await run(emu, {
			parameters: record(t.id, 'get', { recordId: locator(stored.id) }),
		});

		expect(item.json['Assigned To']).toEqual([person(sam), { ...person(third), removed: true }]);
		expect(count('ListMembers')).toBe(1);
	});

	it('a deleted choice id is shown as the id (status and select)', async () => {
		const t = table();
		const stored = emu.addRecord(t.id, {
			status: { value: 'gone_status', updated_on: '2026-01-01T00:00:00Z' },
			priority: 'gone_option',
		});

		const [item] = await run(emu, {
			parameters: record(t.id, 'get', { recordId: locator(stored.id) }),
		});

		expect(item.json.Status).toBe('gone_status');
		expect(item.json.Priority).toBe('gone_option');
		// The members for First Created's and Last Updated's `by`.
		expect(count('ListMembers')).toBe(1);
	});

	it('Search reads the members once for many records with people, never for records that show no member or with the option off', async () => {
		const withPeople = table();
		const [alex, sam, jordan] = emu.members();
		for (let i = 0; i < 30; i++)
			emu.addRecord(withPeople.id, {
				title: `R${i}`,
				assigned_to: [[alex, sam, jordan][i % 3].id],
			});
		const output = await run(emu, {
			parameters: record(withPeople.id, 'search', { returnAll: true }),
			input: [{}, {}],
		});
		expect(output).toHaveLength(60);
		expect(output[4].json['Assigned To']).toEqual([person(sam)]);
		expect(count('ListMembers')).toBe(1);
		expect(count('GetTable')).toBe(1);

		// A table without First Created, Last Updated or people: its records show no member.
		emu.resetLog();
		const without = emu.addTable(emu.addSolution().id, {
			structure: TABLE_STRUCTURE.filter(
				(field) =>
					!['userfield', 'firstcreatedfield', 'lastupdatedfield'].includes(field.field_type),
			),
		});
		for (let i = 0; i < 5; i++) emu.addRecord(without.id, { title: `R${i}` });
		const plain = await run(emu, { parameters: record(without.id, 'search', { returnAll: true }) });
		expect(plain).toHaveLength(5);
		expect(plain[0].json).not.toHaveProperty('First Created');
		expect(count('ListMembers')).toBe(0);

		// Off: the ids, no members read.
		emu.resetLog();
		const off = await run(emu, {
			parameters: record(withPeople.id, 'search', { returnAll: true, readableValues: false }),
		});
		expect(off[4].json['Assigned To']).toEqual([sam.id]);
		expect(count('ListMembers')).toBe(0);
	});

	it('Create (bulk), Update and Upsert show readable people and statuses, members read once; off keeps ids', async () => {
		const t = table();
		const [alex, sam] = emu.members();
		const input = [0, 1, 2].map((i) => ({
			title: `New ${i}`,
			assigned_to: [sam.id],
			status: statusId,
		}));

		const created = await run(emu, {
			parameters: record(t.id, 'create', { columns: autoMap }),
			input,
		});
		expect(created.map((item) => item.json['Assigned To'])).toEqual([
			[person(sam)],
			[person(sam)],
			[person(sam)],
		]);
		expect(created[0].json.Status).toBe(statusLabel);
		expect(count('ListMembers')).toBe(1);

		emu.resetLog();
		const updated = await run(emu, {
			parameters: record(t.id, 'update', {
				recordId: locator('={{ $json.id }}'),
				columns: autoMap,
			}),
			input: created.map((item) => ({ id: item.json.id, assigned_to: [alex.id] })),
		});
		expect(updated.map((item) => item.json['Assigned To'])).toEqual([
			[person(alex)],
			[person(alex)],
			[person(alex)],
		]);
		expect(count('ListMembers')).toBe(1);

		emu.resetLog();
		const upserted = await run(emu, {
			parameters: record(t.id, 'upsert', {
				columns: { ...autoMap, matchingColumns: ['title'] },
			}),
			input: [
				{ title: 'New 0', assigned_to: [sam.id] },
				{ title: 'Brand new', assigned_to: [alex.id] },
			],
		});
		expect(upserted.map((item) => item.json['Assigned To'])).toEqual([
			[person(sam)],
			[person(alex)],
		]);
		expect(count('ListMembers')).toBe(1);

		for (const operation of ['update', 'upsert', 'create']) {
			emu.resetLog();
			const [item] = await run(emu, {
				parameters: record(t.id, operation, {
					recordId: locator(String(created[0].json.id)),
					columns: { ...autoMap, matchingColumns: ['title'] },
					readableValues: false,
				}),
				input: [{ title: 'New 0', assigned_to: [sam.id], status: statusId }],
			});
			expect(item.json['Assigned To']).toEqual([sam.id]);
			expect(item.json.Status).toBe(statusLabel);
			expect(count('ListMembers')).toBe(0);
		}
	});

	it('a members list that fails shows people by id with null name and e-mail, and says so in a hint: the write is not reported as failed', async () => {
		const t = table();
		const [, sam] = emu.members();
		emu.injectFault({ operation: 'ListMembers', action: { type: 'status', status: 403 } });

		const result = await runInWorkflow(emu, {
			parameters: record(t.id, 'create', { columns: autoMap }),
			input: [
				{ title: 'A', assigned_to: [sam.id] },
				{ title: 'B', assigned_to: [sam.id] },
			],
		});

		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => item.json['Assigned To'])).toEqual([
			[{ id: sam.id, name: null, email: null }],
			[{ id: sam.id, name: null, email: null }],
		]);
		expect(count('BulkCreateRecords')).toBe(1);
		expect(count('ListMembers')).toBe(1);
		const hints = result.hints.map((hint) => hint.message);
		expect(hints).toHaveLength(1);
		expect(hints[0]).toMatch(
			/^People are shown by ID without name and e-mail: the members list could not be read \(.*403/,
		);
		expect(hints[0]).not.toContain(emu.apiKey);
	});
});

describe('SmartSuite Polling Trigger, Simplify', () => {
	/** A webhook on the table and a trigger activated on it; `changes` records created after. */
	async function polled(options: INodeParameters, changes: number) {
		const t = table();
		const [, sam] = emu.members();
		const webhook = emu.createWebhook({
			locator: { account_id: emu.workspaceId, solution_id: t.solution },
			filter: { applications: { application_ids: [t.id] } },
		});
		const trigger = triggerFor(emu, webhook.webhook_id, { options });
		expect(await trigger.poll()).toBeNull();
		for (let i = 0; i < changes; i++)
			emu.createRecord(t.id, {
				title: `Deal ${i}`,
				assigned_to: [sam.id],
				status: { value: statusId },
				priority: '2',
			});
		emu.resetLog();
		return { items: emitted(await trigger.poll()), sam };
	}

	it('shows people, selects and statuses readable, with one structure and one members read for many events; off, as SmartSuite sends them', async () => {
		const { items, sam } = await polled({ simplify: true }, 20);
		expect(items).toHaveLength(20);
		expect(items[7].record).toMatchObject({
			'Assigned To': [person(sam)],
			Status: statusLabel,
			Priority: 'Medium',
			Title: 'Deal 7',
		});
		expect(count('GetTable')).toBe(1);
		expect(count('ListMembers')).toBe(1);

		// Off: people by id, as Get shows them; the structure is still read for the labels.
		const off = await polled({ simplify: true, readableValues: false }, 3);
		expect(off.items[0].record).toMatchObject({
			'Assigned To': [sam.id],
			Status: statusLabel,
			Priority: 'Medium',
		});
		expect(count('GetTable')).toBe(1);
		expect(count('ListMembers')).toBe(0);
	});

	it("keeps nothing across SmartSuite addresses: the same table and webhook ids on another server show that server's labels", async () => {
		const ids = { solution: 'a1a1a1a1a1a1a1a1a1a1a1a1', table: 'b2b2b2b2b2b2b2b2b2b2b2b2' };
		const priorityOn = async (server: Emulator, label: string) => {
			server.addSolution({ id: ids.solution });
			const t = server.addTable(ids.solution, {
				id: ids.table,
				structure: TABLE_STRUCTURE.map((field) =>
					field.slug === 'priority'
						? { ...field, params: { choices: [{ value: '2', label }] } }
						: field,
				),
			});
			server.createWebhook({
				webhook_id: 'c3c3c3c3-0000-4000-8000-000000000001',
				locator: { account_id: server.workspaceId, solution_id: ids.solution },
				filter: { applications: { application_ids: [t.id] } },
			});
			const trigger = triggerFor(server, 'c3c3c3c3-0000-4000-8000-000000000001', {
				options: { simplify: true },
			});
			expect(await trigger.poll()).toBeNull();
			server.createRecord(t.id, { title: 'Deal', priority: '2' });
			return emitted(await trigger.poll())[0].record;
		};
		const other = await startEmulator();
		try {
			expect(await priorityOn(emu, 'Medium')).toMatchObject({ Priority: 'Medium' });
			expect(await priorityOn(other, 'Urgent')).toMatchObject({ Priority: 'Urgent' });
		} finally {
			await other.close();
		}
	});

	it('a table whose structure cannot be read leaves the values as they are, with a warning', async () => {
		const t = table();
		const webhook = emu.createWebhook({
			locator: { account_id: emu.workspaceId, solution_id: t.solution },
			filter: { applications: { application_ids: [t.id] } },
		});
		const trigger = triggerFor(emu, webhook.webhook_id, { options: { simplify: true } });
		await trigger.poll();
		emu.createRecord(t.id, { title: 'X', priority: '2' });
		emu.injectFault({ operation: 'GetTable', action: { type: 'status', status: 403 } });
		const [item] = emitted(await trigger.poll());
		expect(item.record).toMatchObject({ priority: '2' });
		expect(logs.join('\n')).toMatch(
			/SmartSuite Polling Trigger: values of table .* could not be read/,
		);
	});
});

describe('SmartSuite Trigger, Simplify (on by default)', () => {
	async function notified(options: INodeParameters) {
		const deals = emu.addTable(emu.addSolution({ name: 'Sales CRM' }).id, { name: 'Deals' });
		const trigger = await startInstantTrigger({
			credentials: credentialsFor(emu),
			parameters: watchingTable(deals, options),
		});
		try {
			await trigger.activate();
			const [, sam] = emu.members();
			emu.resetLog();
			emu.createRecord(deals.id, {
				title: 'Deal',
				assigned_to: [sam.id],
				status: { value: statusId },
			});
			await emu.settleNotifications();
			return { items: trigger.executions.flat(), sam };
		} finally {
			await trigger.close();
		}
	}

	it('shows people and statuses readable; off, the ids', async () => {
		const { items, sam } = await notified({});
		expect(items).toHaveLength(1);
		expect(items[0].record).toMatchObject({
			'Assigned To': [person(sam)],
			Status: statusLabel,
		});
		expect(count('ListMembers')).toBe(1);
		expect(count('GetTable')).toBe(1);

		// Off: people by id, no members read; the structure is read for the labels.
		const off = await notified({ readableValues: false });
		expect(off.items[0].record).toMatchObject({
			'Assigned To': [sam.id],
			Status: statusLabel,
		});
		expect(count('ListMembers')).toBe(0);
		expect(count('GetTable')).toBe(1);
	});

	it('keeps the structure and the members between notifications; a new choice or member reads them again at once', async () => {
		const deals = emu.addTable(emu.addSolution().id);
		const trigger = await startInstantTrigger({
			credentials: credentialsFor(emu),
			parameters: watchingTable(deals),
		});
		const changed = async (values: Record<string, unknown>) => {
			emu.createRecord(deals.id, { title: 'Deal', ...values });
			await emu.settleNotifications();
			return trigger.executions.at(-1)![0].record as Record<string, unknown>;
		};
		try {
			await trigger.activate();
			const [, sam] = emu.members();
			emu.resetLog();
			for (let i = 0; i < 3; i++)
				expect(await changed({ assigned_to: [sam.id], status: { value: statusId } })).toMatchObject(
					{ 'Assigned To': [person(sam)], Status: statusLabel },
				);
			// Three notifications, three executions: one structure and one members read.
			expect(trigger.executions).toHaveLength(3);
			expect([count('ListEvents'), count('GetTable'), count('ListMembers')]).toEqual([3, 1, 1]);

			// An option added to Priority: the structure is read again, once.
			const table = emu.getTable(deals.id)!;
			table.structure = table.structure.map((field) =>
				field.slug === 'priority'
					? { ...field, params: { choices: [{ value: '9', label: 'Urgent' }] } }
					: field,
			);
			emu.resetLog();
			expect(await changed({ priority: '9' })).toMatchObject({ Priority: 'Urgent' });
			expect(await changed({ priority: '9' })).toMatchObject({ Priority: 'Urgent' });
			expect([count('GetTable'), count('ListMembers')]).toEqual([1, 0]);

			// A member who joined since: the members are read again, once.
			const newcomer = emu.addMember();
			emu.resetLog();
			expect(await changed({ assigned_to: [newcomer.id] })).toMatchObject({
				'Assigned To': [person(newcomer)],
			});
			expect(await changed({ assigned_to: [newcomer.id] })).toMatchObject({
				'Assigned To': [person(newcomer)],
			});
			expect([count('GetTable'), count('ListMembers')]).toEqual([0, 1]);
		} finally {
			await trigger.close();
		}
	});

	it('a change every 40 minutes for a day costs one request each: the kept reads last a day (issue 39: 2-3 each)', async () => {
		const deals = emu.addTable(emu.addSolution().id);
		const trigger = await startInstantTrigger({
			credentials: credentialsFor(emu),
			parameters: watchingTable(deals),
		});
		const start = Date.now();
		const clock = jest.spyOn(Date, 'now');
		try {
			await trigger.activate();
			const [, sam] = emu.members();
			emu.resetLog();
			const changes = 36; // 24 hours
			for (let i = 0; i < changes; i++) {
				clock.mockReturnValue(start + i * 40 * 60_000);
				emu.createRecord(deals.id, {
					title: `Deal ${i}`,
					assigned_to: [sam.id],
					status: { value: statusId },
				});
				await emu.settleNotifications();
			}
			expect(trigger.executions).toHaveLength(changes);
			expect(trigger.executions.at(-1)![0].record).toMatchObject({
				'Assigned To': [person(sam)],
				Status: statusLabel,
			});
			// One structure read and one members read for the day, beside one ListEvents per change.
			expect([count('ListEvents'), count('GetTable'), count('ListMembers')]).toEqual([
				changes,
				1,
				1,
			]);
		} finally {
			clock.mockRestore();
			await trigger.close();
		}
	});
});

/** A record with people, a status, a select, tags and a date; other fields left empty. */
function recordValues(): IDataObject {
	const [, sam] = emu.members();
	return {
		title: 'Renewal',
		assigned_to: [sam.id],
		status: { value: STATUS_CHOICES[1].value },
		priority: '3',
		[CUSTOM_FIELDS.launchDate]: { date: '2026-05-01T00:00:00Z', include_time: false },
	};
}

/** Get's output of the record, Simplify and Readable People and Choices as the user leaves them. */
async function gotten(table: TableObject, recordId: string, readable = true) {
	const [item] = await run(emu, {
		parameters: {
			resource: 'record',
			operation: 'get',
			tableId: locator(table.id),
			recordId: locator(recordId),
			...(readable ? {} : { readableValues: false }),
		},
	});
	return item.json;
}

describe('SmartSuite Polling Trigger, Simplify by default', () => {
	async function polled(options: INodeParameters = {}) {
		const t = emu.addTable(emu.addSolution().id);
		const webhook = emu.createWebhook({
			locator: { account_id: emu.workspaceId, solution_id: t.solution },
			filter: { applications: { application_ids: [t.id] } },
		});
		const trigger = triggerFor(emu, webhook.webhook_id, { options });
		expect(await trigger.poll()).toBeNull();
		return { t, trigger, webhookId: webhook.webhook_id };
	}

	it("gives the record as Get's Simplify gives it, and previous and changed_fields by label", async () => {
		const { t, trigger } = await polled();
		const { record } = emu.createRecord(t.id, recordValues());
		const [created] = emitted(await trigger.poll());
		expect(created.record).toEqual(await gotten(t, record.id));
		expect(Object.keys(created.record as IDataObject)[0]).toBe('id');

		emu.updateRecord(t.id, record.id, { priority: '1', title: 'Renewal 2' });
		const [updated] = emitted(await trigger.poll());
		expect(updated.record).toEqual(await gotten(t, record.id));
		expect(updated.previous).toEqual({ Title: 'Renewal', Priority: 'High' });
		expect(updated.changed_fields).toEqual(expect.arrayContaining(['Title', 'Priority']));
		expect(updated.changed_fields).toHaveLength(2);
	});

	it("with Readable People and Choices off, as Get's with it off", async () => {
		const { t, trigger } = await polled({ readableValues: false });
		const { record } = emu.createRecord(t.id, recordValues());
		const [created] = emitted(await trigger.poll());
		expect(created.record).toEqual(await gotten(t, record.id, false));
	});

	it('with Simplify off, the event exactly as SmartSuite sends it', async () => {
		const { t, trigger, webhookId } = await polled({ simplify: false });
		emu.createRecord(t.id, recordValues());
		expect(emitted(await trigger.poll())).toEqual(emu.events(webhookId));
	});
});

describe('SmartSuite Trigger, Simplify by default', () => {
	it("gives the record as Get's Simplify gives it, and previous and changed_fields by label", async () => {
		const t = emu.addTable(emu.addSolution().id);
		const trigger = await startInstantTrigger({
			credentials: credentialsFor(emu),
			parameters: watchingTable(t),
		});
		try {
			await trigger.activate();
			const { record } = emu.createRecord(t.id, recordValues());
			await emu.settleNotifications();
			const afterCreate = await gotten(t, record.id);
			emu.updateRecord(t.id, record.id, { priority: '1' });
			await emu.settleNotifications();
			const [[created], [updated]] = trigger.executions;
			expect(created.record).toEqual(afterCreate);
			expect(Object.keys(created.record as IDataObject)[0]).toBe('id');
			expect(updated.record).toEqual(await gotten(t, record.id));
			expect(updated.previous).toEqual({ Priority: 'High' });
			expect(updated.changed_fields).toEqual(['Priority']);
		} finally {
			await trigger.close();
		}
	});
});

describe('First Created’s and Last Updated’s `by` in both triggers (issue 50 item 8)', () => {
	const me = () => emu.members()[0];
	const noPeople = { title: 'Deal', priority: '2' };

	it('the Polling Trigger shows `by` as the person for a change without people: one members read, kept for the next polls; off, the id', async () => {
		const t = table();
		const webhook = emu.createWebhook({
			locator: { account_id: emu.workspaceId, solution_id: t.solution },
			filter: { applications: { application_ids: [t.id] } },
		});
		const trigger = triggerFor(emu, webhook.webhook_id, { options: { simplify: true } });
		expect(await trigger.poll()).toBeNull();
		emu.createRecord(t.id, noPeople);
		emu.resetLog();
		const [item] = emitted(await trigger.poll());
		expect(item.record).toMatchObject({
			'First Created': { by: person(me()) },
			'Last Updated': { by: person(me()) },
		});
		expect(count('ListMembers')).toBe(1);

		// The next poll's change shows the same member: the kept members show it.
		emu.createRecord(t.id, noPeople);
		emu.resetLog();
		const [next] = emitted(await trigger.poll());
		expect(next.record).toMatchObject({ 'Last Updated': { by: person(me()) } });
		expect(count('ListMembers')).toBe(0);

		const offTrigger = triggerFor(emu, webhook.webhook_id, {
			options: { simplify: true, readableValues: false },
		});
		expect(await offTrigger.poll()).toBeNull();
		emu.createRecord(t.id, noPeople);
		emu.resetLog();
		const [off] = emitted(await offTrigger.poll());
		expect(off.record).toMatchObject({ 'Last Updated': { by: me().id } });
		expect(count('ListMembers')).toBe(0);
	});

	it('the SmartSuite Trigger shows `by` as the person for a change without people: one members read', async () => {
		const deals = emu.addTable(emu.addSolution().id);
		const trigger = await startInstantTrigger({
			credentials: credentialsFor(emu),
			parameters: watchingTable(deals),
		});
		try {
			await trigger.activate();
			emu.resetLog();
			emu.createRecord(deals.id, noPeople);
			await emu.settleNotifications();
			const [item] = trigger.executions.flat();
			expect(item.record).toMatchObject({
				'First Created': { by: person(me()) },
				'Last Updated': { by: person(me()) },
			});
			expect(count('ListMembers')).toBe(1);
		} finally {
			await trigger.close();
		}
	});
});
