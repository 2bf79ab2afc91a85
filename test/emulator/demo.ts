/** Demo data (`demo: true`, `npm run emulator`) and a ticker of live changes for `npm run dev`. */
import { STATUS_VALUES, pickRandom } from './fixtures';
import type { Emulator, EventObject } from './types';

export function seedDemo(emulator: Emulator): Emulator['demo'] {
	const solution = emulator.addSolution({ name: 'Project Management' });
	const { id: tableId } = emulator.addTable(solution.id, { name: 'Projects' });
	emulator.addTable(solution.id, { name: 'Tasks' });
	const deletedRecordIds = ['Q3 launch plan', 'Vendor contract review', 'Onboarding checklist'].map(
		(title) => emulator.addDeletedRecord(tableId, { title }).id,
	);
	const webhook = emulator.createWebhook({
		locator: { account_id: emulator.workspaceId, solution_id: solution.id },
		filter: { applications: { application_ids: [tableId] } },
	});
	emulator.appendEvents(webhook.webhook_id, [
		{ kind: 'RECORD_CREATED', data: { title: 'Website refresh' } },
		{ kind: 'RECORD_CREATED', data: { title: 'Partner webinar' } },
		{ kind: 'RECORD_UPDATED' },
		{ kind: 'RECORD_UPDATED' },
		{ kind: 'RECORD_UPDATED' },
	]);
	return { tableId, deletedRecordIds, webhookId: webhook.webhook_id, solutionId: solution.id };
}

function describeChange(event: EventObject): string {
	const { data, previous, record_id } = event.record_event_data;
	const changes = Object.keys(previous).map((field) => `${field}: ${JSON.stringify(previous[field])} -> ${JSON.stringify(data[field])}`);
	return `${event.event_at} ${event.kind} record ${record_id} ${changes.join(', ')}`;
}

/**
 * Every `seconds` seconds, changes the status of one of the demo table's records: every webhook
 * watching the table (the demo webhook, and any webhook created since, e.g. by the trigger's
 * "Create a webhook for me") gets the RECORD_UPDATED event. A demo record that was restored is
 * deleted again at the next tick (with its RECORD_DELETED event), so the restore example can run
 * again and again. Logs a line per change. Returns a function that stops it. Needs an emulator
 * started with `demo: true`.
 */
export function startDemoChanges(emulator: Emulator, seconds: number, log: (line: string) => void = console.log): () => void {
	const { webhookId, tableId } = emulator.demo;
	if (!webhookId) throw new Error('startDemoChanges needs an emulator started with demo: true');
	const recordIds = emulator
		.events(webhookId)
		.filter((event) => event.kind === 'RECORD_CREATED')
		.map((event) => event.record_event_data.record_id);
	const timer = setInterval(() => {
		for (const line of deleteRestoredDemoRecords(emulator)) log(line);
		const status = { value: pickRandom(STATUS_VALUES), updated_on: new Date().toISOString() };
		const appended = emulator.recordChanges(tableId, [{ kind: 'RECORD_UPDATED', recordId: pickRandom(recordIds), data: { status } }]);
		if (appended.length > 0) log(`${describeChange(appended[0])} (${appended.length} webhook${appended.length === 1 ? '' : 's'})`);
	}, seconds * 1000);
	return () => clearInterval(timer);
}

/** Deletes again the demo's deleted records that were restored; one log line each. */
function deleteRestoredDemoRecords(emulator: Emulator): string[] {
	const { tableId, deletedRecordIds } = emulator.demo;
	return deletedRecordIds
		.filter((recordId) => emulator.getRecord(tableId, recordId)?.deleted_by === null)
		.map((recordId) => {
			emulator.deleteRecord(tableId, recordId);
			emulator.recordChanges(tableId, [{ kind: 'RECORD_DELETED', recordId }]);
			return `record ${recordId} was restored; deleted it again, so the restore workflow can run again`;
		});
}
