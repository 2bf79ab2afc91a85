/** The node inside n8n beyond one RoutingNode run: the credential test and a whole workflow. */
import { credentialsFor, runNodeInWorkflow, testCredential } from '../helpers/n8n';
import { smartSuite, useEmulator } from './harness';

const ctx = useEmulator();

describe('credential test', () => {
	it('accepts the right key and workspace', async () => {
		const result = await testCredential(credentialsFor(ctx.emu));

		expect(result.status).toBe('OK');
	});

	it('fails for a wrong key, without showing it (the messages: test/credentials)', async () => {
		const result = await testCredential(credentialsFor(ctx.emu, { apiKey: 'wrong-key-123456' }));

		expect(result.status).toBe('Error');
		expect(result.message).not.toContain('wrong-key-123456');
	});

	it('fails for a wrong workspace id', async () => {
		const result = await testCredential(credentialsFor(ctx.emu, { workspaceId: 'zz99zz99' }));

		expect(result.status).toBe('Error');
	});

	it('is the credential type\'s own test: the node declares none', () => {
		expect(smartSuite.description.credentials).toEqual([{ name: 'smartSuiteWorkspaceApi', required: true }]);
	});
});

describe('whole workflow (WorkflowExecute)', () => {
	it('lists the events of the webhooks named by the previous node, paired with their items', async () => {
		const { emu } = ctx;
		const webhooks = [emu.createWebhook(), emu.createWebhook()];
		emu.appendEvents(webhooks[0].webhook_id, 2);
		emu.appendEvents(webhooks[1].webhook_id, 1);

		const run = await runNodeInWorkflow(smartSuite, {
			parameters: { resource: 'webhook', operation: 'listEvents', webhookId: '={{ $json.webhook }}', returnAll: true },
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
