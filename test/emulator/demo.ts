/** Demo data (`demo: true`, `npm run emulator`) and a ticker of live changes for `npm run dev`. */
import { hexId } from './fixtures';
import type { Emulator, EventObject } from './types';

export function seedDemo(emulator: Emulator): Emulator['demo'] {
	const tableId = hexId();
	const deletedRecordIds = ['Q3 launch plan', 'Vendor contract review', 'Onboarding checklist'].map(
		(title) => emulator.addDeletedRecord(tableId, { title }).id,
	);
	const webhook = emulator.createWebhook({ filter: { applications: { application_ids: [tableId] } } });
	emulator.appendEvents(webhook.webhook_id, [
		{ kind: 'RECORD_CREATED', data: { title: 'Website refresh' } },
		{ kind: 'RECORD_CREATED', data: { title: 'Partner webinar' } },
		{ kind: 'RECORD_UPDATED' },
		{ kind: 'RECORD_UPDATED' },
		{ kind: 'RECORD_UPDATED' },
	]);
	return { tableId, deletedRecordIds, webhookId: webhook.webhook_id, solutionId: webhook.locator.solution_id };
}

function describeChange(event: EventObject): string {
	const { data, previous, record_id } = event.record_event_data;
	const changes = Object.keys(previous).map((field) => `${field}: ${JSON.stringify(previous[field])} -> ${JSON.stringify(data[field])}`);
	return `${event.event_at} ${event.kind} record ${record_id} ${changes.join(', ')}`;
}

/**
 * Appends one realistic RECORD_UPDATED event to the demo webhook every `seconds` seconds and logs
 * a line per change. Returns a function that stops it. Needs an emulator started with `demo: true`.
 */
export function startDemoChanges(emulator: Emulator, seconds: number, log: (line: string) => void = console.log): () => void {
	const { webhookId } = emulator.demo;
	if (!webhookId) throw new Error('startDemoChanges needs an emulator started with demo: true');
	const timer = setInterval(() => {
		if (!emulator.getWebhook(webhookId)) {
			log(`demo webhook ${webhookId} was deleted: no more changes`);
			clearInterval(timer);
			return;
		}
		const [event] = emulator.appendEvents(webhookId, [{ kind: 'RECORD_UPDATED' }]);
		log(describeChange(event));
	}, seconds * 1000);
	return () => clearInterval(timer);
}
