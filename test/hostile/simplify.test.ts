/**
 * Issue 10, item 14: Simplify's changed_fields compares own properties only. Field slugs such as
 * "constructor" or "__proto__" in `previous` are ordinary names, read through a real poll.
 */
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { createPoller, shutdownN8nCore } from '../helpers/n8n';
import type { HostileServer } from './server';
import { startHostile, webhooksApi } from './server';

let server: HostileServer;
let pageText = '';

beforeAll(async () => {
	server = await startHostile(webhooksApi(() => pageText));
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

/** One RECORD_UPDATED event, written as JSON text, and what Simplify makes of it. */
async function changedFields(data: string, previous: string): Promise<unknown> {
	pageText = `{"events": [{"event_id": "w1.1", "kind": "RECORD_UPDATED", "event_at": "2025-01-01T00:00:00Z",
		"record_event_data": {"record_id": "r1", "data": ${data}, "previous": ${previous}}}], "next_page_token": ""}`;
	const poller = createPoller(new SmartSuiteTrigger(), {
		credentials: {
			apiKey: 'k',
			workspaceId: 'sv25cxf2',
			baseUrl: server.url,
			webhooksUrl: server.url,
		},
		parameters: {
			webhookId: 'w1',
			events: [],
			options: { startFrom: 'allStoredEvents', simplify: true },
		},
	});
	const output = await poller.poll();
	return output?.[0][0].json.changed_fields;
}

it('a field named like an Object.prototype member is unchanged when both sides lack it or it was null', async () => {
	expect(
		await changedFields(
			'{"id": "r1"}',
			'{"constructor": null, "hasOwnProperty": null, "toString": null}',
		),
	).toEqual([]);
});

it('a field named like an Object.prototype member changed when its values differ', async () => {
	expect(await changedFields('{"constructor": "b"}', '{"constructor": "a", "valueOf": 1}')).toEqual(
		['constructor', 'valueOf'],
	);
	expect(await changedFields('{"constructor": "a"}', '{"constructor": "a"}')).toEqual([]);
});

it('"__proto__" is a field like any other, at the top and nested', async () => {
	expect(await changedFields('{"id": "r1"}', '{"__proto__": {}}')).toEqual(['__proto__']);
	expect(await changedFields('{"__proto__": {"a": 1}}', '{"__proto__": {"a": 1}}')).toEqual([]);
	expect(await changedFields('{"f": {"x": 1}}', '{"f": {"x": 1, "constructor": {}}}')).toEqual([
		'f',
	]);
});
