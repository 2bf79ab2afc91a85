/**
 * Issue 38: both triggers' Simplify (on by default) shows the record exactly as the SmartSuite
 * node's Record → Get with Simplify shows it, so that an expression written after Get works after
 * the trigger; `previous` the same way and `changed_fields` by label. Through n8n's engine against
 * the emulator.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Emulator, TableObject } from '../emulator';
import { startEmulator } from '../emulator';
import { CUSTOM_FIELDS, STATUS_CHOICES } from '../emulator/fixtures';
import { startInstantTrigger, watchingTable } from '../helpers/instant';
import { credentialsFor, shutdownN8nCore } from '../helpers/n8n';
import { emitted, triggerFor } from '../trigger/helpers';
import { run } from './harness';

let emu: Emulator;
beforeEach(async () => {
	emu = await startEmulator();
});
afterEach(async () => {
	await emu.settleNotifications();
	await emu.close();
});
afterAll(() => shutdownN8nCore());

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

/** A record with people, a status, a select, tags and a date; other fields left empty. */
function values(): IDataObject {
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

describe('SmartSuite Trigger (polling), Simplify by default', () => {
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
		const { record } = emu.createRecord(t.id, values());
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
		const { record } = emu.createRecord(t.id, values());
		const [created] = emitted(await trigger.poll());
		expect(created.record).toEqual(await gotten(t, record.id, false));
	});

	it('with Simplify off, the event exactly as SmartSuite sends it', async () => {
		const { t, trigger, webhookId } = await polled({ simplify: false });
		emu.createRecord(t.id, values());
		expect(emitted(await trigger.poll())).toEqual(emu.events(webhookId));
	});
});

describe('SmartSuite Instant Trigger, Simplify by default', () => {
	it("gives the record as Get's Simplify gives it, and previous and changed_fields by label", async () => {
		const t = emu.addTable(emu.addSolution().id);
		const trigger = await startInstantTrigger({
			credentials: credentialsFor(emu),
			parameters: watchingTable(t),
		});
		try {
			await trigger.activate();
			const { record } = emu.createRecord(t.id, values());
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
