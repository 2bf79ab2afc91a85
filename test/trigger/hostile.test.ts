/**
 * The trigger against a hostile or broken server and against n8n's own scheduler (issue 10):
 * no lost or doubled event, no poll that stalls or runs forever. Through n8n-core's PollContext
 * with static data carried across polls, against the emulator over HTTP.
 */
import type { Emulator } from '../emulator';
import { DEFAULT_VARIANT, startEmulator } from '../emulator';
import { shutdownN8nCore } from '../helpers/n8n';
import { emitted, triggerFor } from './helpers';

let emu: Emulator;
beforeAll(async () => {
	emu = await startEmulator();
});
afterAll(async () => {
	shutdownN8nCore();
	await emu.close();
});
beforeEach(() => {
	emu.setVariant(DEFAULT_VARIANT);
	emu.clearFaults();
	emu.resetLog();
});

/** A webhook with `stored` events and a trigger that has been activated on it. */
async function activated(stored: number, parameters = {}) {
	const { webhook_id: webhookId } = emu.createWebhook();
	emu.appendEvents(webhookId, stored);
	const trigger = triggerFor(emu, webhookId, parameters);
	expect(await trigger.poll()).toBeNull();
	emu.resetLog();
	return { webhookId, trigger };
}

/** JSON text of `{"a":{"a":…leaf…}}`, nested `depth` times. */
const nested = (depth: number, leaf: string) => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
const DEEP = 100_000;

describe('building the items', () => {
	test('Simplify does not throw on legal JSON nested 100,000 deep: the event is emitted', async () => {
		const { webhookId, trigger } = await activated(1, { options: { simplify: true } });
		const record = `{"id":"r1","title":"Deep","nested":${nested(DEEP, '1')}}`;
		const previous = `{"title":"Deep","nested":${nested(DEEP, '2')}}`;
		emu.appendRawElements(webhookId, [
			`{"event_id":"${webhookId}.deep","kind":"RECORD_UPDATED","event_at":"2026-01-01T00:00:00Z","record_event_data":{"record_id":"r1","data":${record},"previous":${previous}}}`,
		]);
		const [item] = emitted(await trigger.poll());
		expect(item).toMatchObject({ event_id: `${webhookId}.deep`, record_id: 'r1', changed_fields: ['nested'] });
		expect(await trigger.poll()).toBeNull();
	});

	test('events with top-level keys json, binary and pairedItem: each item holds the whole event', async () => {
		const { webhookId, trigger } = await activated(0);
		const events = [
			{ event_id: `${webhookId}.1`, kind: 'RECORD_CREATED', json: { a: 1 } },
			{ event_id: `${webhookId}.2`, kind: 'RECORD_UPDATED', binary: { data: 'x' }, pairedItem: 3 },
		];
		emu.appendRawElements(webhookId, events.map((event) => JSON.stringify(event)));
		expect(await trigger.poll()).toEqual([events.map((event) => ({ json: event }))]);
	});
});
