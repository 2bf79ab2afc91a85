/** The node inside n8n beyond one RoutingNode run: a whole workflow (the credential test: test/credentials). */
import { credentialsFor, runNodeInWorkflow } from '../helpers/n8n';
import { smartSuite, useEmulator } from './harness';

const ctx = useEmulator();

describe('whole workflow (WorkflowExecute)', () => {
	it('lists the events of the webhooks named by the previous node, paired with their items', async () => {
		const { emu } = ctx;
		const webhooks = [emu.createWebhook(), emu.createWebhook()];
		emu.appendEvents(webhooks[0].webhook_id, 2);
		emu.appendEvents(webhooks[1].webhook_id, 1);

		const run = await runNodeInWorkflow(smartSuite, {
			parameters: {
				resource: 'webhook',
				operation: 'listEvents',
				webhookId: '={{ $json.webhook }}',
				returnAll: true,
			},
			credentials: credentialsFor(emu),
			input: webhooks.map((w) => ({ webhook: w.webhook_id })),
		});

		expect(run.error).toBeUndefined();
		expect(run.output.map((item) => [item.json.webhook_id, item.pairedItem])).toEqual([
			[webhooks[0].webhook_id, { item: 0 }],
			[webhooks[0].webhook_id, { item: 0 }],
			[webhooks[1].webhook_id, { item: 1 }],
		]);
	});

	it('stops the workflow with the node’s error', async () => {
		const run = await runNodeInWorkflow(smartSuite, {
			parameters: { resource: 'webhook', operation: 'get', webhookId: 'w404' },
			credentials: credentialsFor(ctx.emu),
		});

		expect(run.error?.message).toBe('The webhook "w404" does not exist or was deleted');
		expect(run.lastNodeExecuted).toBe('SmartSuite');
	});
});
