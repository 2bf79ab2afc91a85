/** What n8n's editor shows of the nodes besides their parameters: canvas subtitles and documentation links. */
import type { INode, INodePropertyOptions, INodeType, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { SmartSuiteWorkspaceApi } from '../../credentials/SmartSuiteWorkspaceApi.credentials';
import actionCodex from '../../nodes/SmartSuite/SmartSuite.node.json';
import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import instantCodex from '../../nodes/SmartSuite/SmartSuiteInstantTrigger.node.json';
import triggerCodex from '../../nodes/SmartSuite/SmartSuiteTrigger.node.json';

const nodeType: INodeType = new SmartSuite();
const { description } = nodeType;

/** The subtitle as n8n evaluates it for a node with these parameters. */
function subtitle(parameters: Record<string, string>): unknown {
	const nodeTypes: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	};
	const node: INode = {
		id: 'n1',
		name: 'SmartSuite',
		type: 'n8n-nodes-smartsuite-workspace.smartSuite',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, description.subtitle, 'internal', {});
}

const optionsOf = (name: string, resource?: string) =>
	description.properties.find(
		(p) => p.name === name && (!resource || p.displayOptions?.show?.resource?.includes(resource)),
	)!.options as INodePropertyOptions[];

it('shows "<Operation>: <Resource>" in the display names on the canvas, for every operation', () => {
	expect(subtitle({ resource: 'record', operation: 'restore' })).toBe('Restore: Record');
	expect(subtitle({ resource: 'webhook', operation: 'listEvents' })).toBe('List Events: Webhook');
	for (const resource of optionsOf('resource')) {
		for (const operation of optionsOf('operation', String(resource.value))) {
			expect(
				subtitle({ resource: String(resource.value), operation: String(operation.value) }),
			).toBe(`${operation.name}: ${resource.name}`);
		}
	}
});

it("shows no subtitle for n8n's Custom API Call", () => {
	expect(subtitle({ resource: '__CUSTOM_API_CALL__' })).toBe('');
	expect(subtitle({ resource: 'webhook', operation: '__CUSTOM_API_CALL__' })).toBe('');
});

it('links documentation without a #fragment (n8n appends ?utm_… to node links, which breaks fragments)', () => {
	const links = [
		...actionCodex.resources.primaryDocumentation.map((doc) => doc.url),
		...triggerCodex.resources.primaryDocumentation.map((doc) => doc.url),
		...instantCodex.resources.primaryDocumentation.map((doc) => doc.url),
		String(new SmartSuiteWorkspaceApi().documentationUrl),
	];
	for (const link of links) {
		expect(link).toMatch(/^https:\/\//);
		expect(link).not.toContain('#');
	}
});
