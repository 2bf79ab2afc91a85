/** The node inside n8n beyond one RoutingNode run: the credential test and a whole workflow. */
import type { IDataObject, IExecuteFunctions, INode, INodeType } from 'n8n-workflow';

import { credentialsFor, runWorkflow, testCredential } from '../helpers/n8n';
import { smartSuite, useEmulator } from './harness';

const ctx = useEmulator();

describe('credential test', () => {
	it('accepts the right key and workspace', async () => {
		const result = await testCredential(credentialsFor(ctx.emu));

		expect(result.status).toBe('OK');
	});

	it('tells to check the API key when it is wrong, without showing it', async () => {
		const result = await testCredential(credentialsFor(ctx.emu, { apiKey: 'wrong-key-123456' }));

		expect(result.status).toBe('Error');
		expect(result.message).toContain('Check the API key');
		expect(result.message).not.toContain('wrong-key-123456');
	});

	it('tells to check the workspace id when it is wrong', async () => {
		const result = await testCredential(credentialsFor(ctx.emu, { workspaceId: 'zz99zz99' }));

		expect(result.status).toBe('Error');
		expect(result.message).toContain('Check the Workspace ID');
	});

	it('is the test the node declares for its credential', () => {
		expect(smartSuite.description.credentials).toEqual([
			{ name: 'smartSuiteToolkitApi', required: true, testedBy: 'smartSuiteToolkitApiTest' },
		]);
		expect(smartSuite.methods?.credentialTest?.smartSuiteToolkitApiTest).toBeDefined();
	});
});

/** A first node that hands the webhook ids to SmartSuite, as a Code or trigger node would. */
function startNodeType(items: IDataObject[]): INodeType {
	return {
		description: {
			displayName: 'Start',
			name: 'start',
			group: ['input'],
			version: 1,
			description: 'Emits the test items',
			defaults: { name: 'Start' },
			inputs: [],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			return [items.map((json) => ({ json }))];
		},
	};
}

const node = (name: string, type: string, parameters: INode['parameters'] = {}): INode => ({
	id: name,
	name,
	type,
	typeVersion: 1,
	position: [0, 0],
	parameters,
	credentials: type === 'smartSuite' ? { smartSuiteToolkitApi: { id: '1', name: 'SmartSuite account' } } : undefined,
});

describe('whole workflow (WorkflowExecute)', () => {
	it('lists the events of the webhooks named by the previous node, paired with their items', async () => {
		const { emu } = ctx;
		const webhooks = [emu.createWebhook(), emu.createWebhook()];
		emu.appendEvents(webhooks[0].webhook_id, 2);
		emu.appendEvents(webhooks[1].webhook_id, 1);
		const nodes = [
			node('Start', 'start'),
			node('SmartSuite', 'smartSuite', {
				resource: 'webhook',
				operation: 'listEvents',
				webhookId: '={{ $json.webhook }}',
				returnAll: true,
			}),
		];

		const run = await runWorkflow(
			{ start: startNodeType(webhooks.map((w) => ({ webhook: w.webhook_id }))), smartSuite },
			nodes,
			{ Start: { main: [[{ node: 'SmartSuite', type: 'main', index: 0 }]] } },
			credentialsFor(emu),
		);

		expect(run.data.resultData.error).toBeUndefined();
		const output = run.data.resultData.runData.SmartSuite[0].data!.main[0]!;
		expect(output.map((item) => [item.json.webhook_id, item.pairedItem])).toEqual([
			[webhooks[0].webhook_id, { item: 0 }],
			[webhooks[0].webhook_id, { item: 0 }],
			[webhooks[1].webhook_id, { item: 1 }],
		]);
	});

	it('stops the workflow with the node’s error', async () => {
		const { emu } = ctx;
		const nodes = [node('Start', 'start'), node('SmartSuite', 'smartSuite', { resource: 'webhook', operation: 'get', webhookId: 'w404' })];

		const run = await runWorkflow(
			{ start: startNodeType([{}]), smartSuite },
			nodes,
			{ Start: { main: [[{ node: 'SmartSuite', type: 'main', index: 0 }]] } },
			credentialsFor(emu),
		);

		expect(run.data.resultData.error?.message).toBe('The webhook "w404" does not exist or was deleted');
		expect(run.data.resultData.lastNodeExecuted).toBe('SmartSuite');
	});
});
