/** Webhook → Update against the emulator (and a stub for a "200 Ok" answer). */
import type { INodeParameters } from 'n8n-workflow';

import { credentialsFor, runNodeMethod } from '../helpers/n8n';
import {
	expectSpecRequest,
	run,
	runError,
	smartSuite,
	startStub,
	useEmulator,
	webhooksPath,
} from './harness';

const ctx = useEmulator();

const update = (webhookId: unknown, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'webhook',
	operation: 'update',
	webhookId:
		typeof webhookId === 'string'
			? { __rl: true, mode: 'id', value: webhookId }
			: (webhookId as INodeParameters),
	events: ['RECORD_CREATED', 'RECORD_UPDATED'],
	...extra,
});

function seed() {
	const { emu } = ctx;
	const solution = emu.addSolution({ name: 'Sales CRM' });
	const deals = emu.addTable(solution.id, { name: 'Deals' });
	const webhook = emu.createWebhook({
		locator: { account_id: emu.workspaceId, solution_id: solution.id },
		filter: { applications: { application_ids: [deals.id] } },
		kinds: ['RECORD_DELETED'],
	});
	emu.appendEvents(webhook.webhook_id, 3);
	return { emu, solution, deals, webhook };
}

describe('Webhook > Update', () => {
	it('sets the kinds and a notification URL, keeping what the webhook watches and its events', async () => {
		const { emu, solution, deals, webhook } = seed();
		const output = await run(emu, {
			parameters: update(webhook.webhook_id, {
				notifications: 'send',
				notificationUrl: ' https://example.com/hooks/ss ',
			}),
		});

		expect(emu.requests.map((request) => request.operation)).toEqual([
			'GetWebhook',
			'UpdateWebhook',
		]);
		expectSpecRequest(emu.requests[1], emu, webhooksPath('UpdateWebhook'));
		expect(emu.requests[1].body).toEqual({
			webhook: {
				webhook_id: webhook.webhook_id,
				locator: { account_id: emu.workspaceId, solution_id: solution.id },
				filter: { applications: { application_ids: [deals.id] } },
				kinds: ['RECORD_CREATED', 'RECORD_UPDATED'],
				notification_status: { enabled: { url: 'https://example.com/hooks/ss' } },
			},
		});
		const stored = emu.getWebhook(webhook.webhook_id);
		expect(stored).toMatchObject({
			kinds: ['RECORD_CREATED', 'RECORD_UPDATED'],
			notification_status: { enabled: { url: 'https://example.com/hooks/ss' } },
		});
		expect(output).toEqual([{ json: stored, pairedItem: { item: 0 } }]);
		expect(emu.events(webhook.webhook_id)).toHaveLength(3);
	});

	it('Switch Off switches notifications off; events are still collected', async () => {
		const { emu, deals, webhook } = seed();
		emu.setWebhookStatus(webhook.webhook_id, { notifications: { url: 'https://example.com/old' } });

		const [item] = await run(emu, {
			parameters: update(webhook.webhook_id, { notifications: 'off' }),
		});

		expect(item.json.notification_status).toEqual({ disabled: {} });
		emu.recordChanges(deals.id, [{ kind: 'RECORD_CREATED' }]);
		expect(emu.events(webhook.webhook_id)).toHaveLength(4);
	});

	it('reads the webhook with GetWebhooks where only that spelling is routed', async () => {
		const { emu, webhook } = seed();
		emu.setVariant({ getWebhookMethod: 'GetWebhooks' });
		const [item] = await run(emu, { parameters: update(webhook.webhook_id) });
		expect(item.json.kinds).toEqual(['RECORD_CREATED', 'RECORD_UPDATED']);
	});

	it('an answer without the webhook ("200 Ok") outputs what was set', async () => {
		const { webhook } = seed();
		const stub = await startStub((_body, _n, path) =>
			path.endsWith('/GetWebhook')
				? { status: 200, body: { webhook } }
				: { status: 200, body: 'Ok' },
		);
		try {
			const output = await run(ctx.emu, {
				parameters: update(webhook.webhook_id),
				credentials: { webhooksUrl: stub.url },
			});
			expect(output).toEqual([
				{
					json: {
						updated: true,
						webhook_id: webhook.webhook_id,
						kinds: ['RECORD_CREATED', 'RECORD_UPDATED'],
						notification_status: { disabled: {} },
					},
					pairedItem: { item: 0 },
				},
			]);
		} finally {
			await stub.close();
		}
	});

	it('an unknown webhook is a clear error, and nothing is updated', async () => {
		const { emu } = seed();
		const error = await runError(emu, { parameters: update('missing') });
		expect(error.message).toBe('The webhook "missing" does not exist or was deleted');
		expect(error.description).toContain('Check the Webhook ID');
		expect(emu.requests.map((request) => request.operation)).toEqual(['GetWebhook']);
	});

	it('Events that are not a list, a Notification URL that is not http(s), an empty Webhook: errors before any request', async () => {
		const { emu, webhook } = seed();
		const notAList = await runError(emu, {
			parameters: update(webhook.webhook_id, { events: '={{ "RECORD_CREATED" }}' }),
		});
		expect(notAList.message).toBe('The Events must be a list of kinds');
		const badUrl = await runError(emu, {
			parameters: update(webhook.webhook_id, {
				notifications: 'send',
				notificationUrl: 'ftp://example.com',
			}),
		});
		expect(badUrl.message).toBe('The Notification URL must be an http(s) address');
		const empty = await runError(emu, { parameters: update('={{ "" }}') });
		expect(empty.message).toBe('The parameter "Webhook" is empty');
		expect(emu.requests).toHaveLength(0);
	});

	it('faults: a kind SmartSuite refuses, a 500 on UpdateWebhook; worded, key never shown', async () => {
		const { emu, webhook } = seed();
		const refused = await runError(emu, {
			parameters: update(webhook.webhook_id, { events: '={{ ["RECORD_MOVED"] }}' }),
		});
		expect(refused.message).toContain('unknown kind RECORD_MOVED');
		emu.injectFault({ operation: 'UpdateWebhook', action: { type: 'status', status: 500 } });
		const failed = await runError(emu, { parameters: update(webhook.webhook_id) });
		expect(failed.httpCode).toBe('500');
		expect(failed.message).toContain('update the webhook');
	});

	it('with Continue on Fail, the failing item gets its error and the others are updated, paired', async () => {
		const { emu, webhook } = seed();
		const output = await run(emu, {
			parameters: update('={{ $json.id }}'),
			input: [{ id: 'missing' }, { id: webhook.webhook_id }],
			continueOnFail: true,
		});
		expect(output[0].error?.message).toBe('The webhook "missing" does not exist or was deleted');
		expect(output[0].json).toEqual({ error: output[0].error?.message });
		expect(output[1]).toMatchObject({
			json: { webhook_id: webhook.webhook_id, kinds: ['RECORD_CREATED', 'RECORD_UPDATED'] },
			pairedItem: { item: 1 },
		});
	});

	// Issue 36: Events started empty and an empty Notification URL switched notifications off, so an
	// Update that changed only the kinds stopped the Instant Trigger's webhook silently.
	it('changes only what the item changes: empty Events keep the kinds, Keep keeps the notification URL', async () => {
		const { emu, webhook } = seed();
		const url = 'https://n8n.example.com/webhook/abc/smartsuite?secret=s3cr3t';
		emu.setWebhookStatus(webhook.webhook_id, { notifications: { url } });

		const [kindsOnly] = await run(emu, {
			parameters: update(webhook.webhook_id, { events: ['RECORD_UPDATED'] }),
		});
		// The URL is kept in SmartSuite; the output masks its secret (issue 48).
		expect(emu.getWebhook(webhook.webhook_id)).toMatchObject({
			kinds: ['RECORD_UPDATED'],
			notification_status: { enabled: { url } },
		});
		expect(kindsOnly.json).toMatchObject({
			kinds: ['RECORD_UPDATED'],
			notification_status: {
				enabled: { url: 'https://n8n.example.com/webhook/abc/smartsuite?secret=***' },
			},
		});

		const [urlOnly] = await run(emu, {
			parameters: update(webhook.webhook_id, {
				events: [],
				notifications: 'send',
				notificationUrl: 'https://example.com/other',
			}),
		});
		expect(urlOnly.json).toMatchObject({
			kinds: ['RECORD_UPDATED'],
			notification_status: { enabled: { url: 'https://example.com/other' } },
		});
	});

	it("lists the kinds with the webhook's current ones marked, and warns before switching notifications off", async () => {
		const { emu, webhook } = seed();

		const kinds = await runNodeMethod(
			smartSuite,
			{ parameters: update(webhook.webhook_id), credentials: credentialsFor(emu) },
			{ loadOptions: 'getWebhookKinds' },
		);

		expect(kinds).toEqual([
			{ name: 'Record Created', value: 'RECORD_CREATED' },
			{ name: 'Record Deleted (collected now)', value: 'RECORD_DELETED' },
			{ name: 'Record Updated', value: 'RECORD_UPDATED' },
		]);
		const notice = smartSuite.description.properties.find(
			(property) => property.name === 'notificationsOffNotice',
		);
		expect(notice?.displayName).toContain(
			'A SmartSuite Trigger that uses this webhook gets no more changes',
		);
		expect(notice?.displayOptions?.show?.notifications).toEqual(['off']);
	});
});
