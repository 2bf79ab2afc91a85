/** The parameters users' workflows store: renaming any of them breaks saved workflows. */
import type { INodeProperties } from 'n8n-workflow';

import codex from '../../nodes/SmartSuite/SmartSuite.node.json';
import { smartSuite } from './harness';

const { description } = smartSuite;

/** Names of the parameters shown for one operation. */
function parametersOf(resource: string, operation: string): string[] {
	const shown = (property: INodeProperties) => {
		const show = property.displayOptions?.show;
		return show?.resource?.includes(resource) && (!show.operation || show.operation.includes(operation));
	};
	return description.properties.filter((p) => p.name !== 'operation' && shown(p)).map((p) => p.name);
}

const operationsOf = (resource: string) =>
	description.properties
		.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))
		?.options?.map((option) => (option as { value: string }).value);

it('is the smartSuite node, usable as a tool, with light and dark icons', () => {
	expect(description).toMatchObject({
		name: 'smartSuite',
		displayName: 'SmartSuite',
		usableAsTool: true,
		version: 1,
		icon: { light: 'file:smartsuite.svg', dark: 'file:smartsuite.dark.svg' },
	});
	expect(codex.node).toBe('n8n-nodes-smartsuite.smartSuite');
});

it('keeps its resources, operations and parameter names', () => {
	expect(description.properties[0].options?.map((option) => (option as { value: string }).value)).toEqual(['record', 'webhook']);
	expect(operationsOf('record')).toEqual(['restore']);
	expect(operationsOf('webhook')).toEqual(['delete', 'get', 'listEvents']);
	expect(parametersOf('record', 'restore')).toEqual(['tableId', 'recordId']);
	expect(parametersOf('webhook', 'get')).toEqual(['webhookId']);
	expect(parametersOf('webhook', 'delete')).toEqual(['webhookId']);
	expect(parametersOf('webhook', 'listEvents')).toEqual(['webhookId', 'returnAll', 'limit', 'options']);
	const listOptions = description.properties.find((p) => p.name === 'options');
	expect(listOptions?.options?.map((option) => option.name)).toEqual(['pageSize']);
});

it('takes the table as an id or a table URL', () => {
	const table = description.properties.find((p) => p.name === 'tableId');
	expect(table?.type).toBe('resourceLocator');
	expect(table?.modes?.map((mode) => mode.name)).toEqual(['id', 'url']);
});
