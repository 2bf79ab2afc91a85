/**
 * Switching operations in the editor keeps a value when the next operation shows a parameter of
 * the same name (n8n's editor: NodeHelpers.getNodeParameters over the node's own description with
 * the new operation). So a parameter name must mean the same thing in every operation of a
 * resource: Field → Create's "Label" carried into Field → Update's "New Label" renamed a field
 * (issue 36).
 */
import type { INode, INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { run, useEmulator } from './harness';

const { description } = new SmartSuite();
const node = { typeVersion: 1, parameters: {} } as unknown as INode;

const resources = (
	description.properties.find((p) => p.name === 'resource')!.options as INodePropertyOptions[]
).map((option) => String(option.value));

const operationsOf = (resource: string) =>
	description.properties
		.filter(
			(p) =>
				p.name === 'operation' &&
				p.displayOptions?.show?.resource?.includes(resource) &&
				p.displayOptions.show['@tool']?.[0] !== true,
		)
		.flatMap((p) => (p.options as INodePropertyOptions[]).map((option) => String(option.value)));

const shown = (parameters: INodeParameters) =>
	description.properties.filter(
		(p) =>
			!['resource', 'operation'].includes(p.name) &&
			NodeHelpers.displayParameter(parameters, p, node, description),
	);

/** A value a person could have typed, unlike the default; undefined for types not typed in one box. */
function typed(property: INodeProperties): unknown {
	const text = `typed into ${property.displayName}`;
	switch (property.type) {
		case 'string':
			return text;
		case 'number':
			return 7;
		case 'boolean':
			return !property.default;
		case 'resourceLocator':
			return { __rl: true, mode: 'id', value: text };
		case 'options':
			// Options from a list SmartSuite fills (a field of the table) hold what the list gave.
			if (!property.options) return text;
			return (property.options as INodePropertyOptions[]).find(
				(option) => option.value !== property.default,
			)?.value;
		default:
			return undefined;
	}
}

/** The editor's switch from one operation to another, with every parameter of the first filled in. */
function switchOperation(resource: string, from: string, to: string) {
	const filled: INodeParameters = { resource, operation: from };
	for (let round = 0; round < 3; round++) {
		// Parameters shown only once another one is set (Send Notifications → Notification URL).
		for (const property of shown(filled)) {
			const value = typed(property);
			if (value !== undefined && !(property.name in filled))
				filled[property.name] = value as INodeParameters[string];
		}
	}
	const fromShown = shown(filled);
	const switched =
		NodeHelpers.getNodeParameters(
			description.properties,
			{ ...filled, operation: to },
			false,
			false,
			node,
			description,
		) ?? {};
	// The editor saves no value equal to its default (Resource, Operation): they still hold.
	const toShown = shown({ ...switched, resource, operation: to });
	const meaning = (properties: INodeProperties[], name: string) =>
		properties
			.filter((p) => p.name === name)
			.map((p) => `${p.displayName} (${p.type})`)
			.join(' or ');
	return (
		Object.keys(switched)
			.filter((name) => !['resource', 'operation'].includes(name) && name in filled)
			.filter((name) => JSON.stringify(switched[name]) === JSON.stringify(filled[name]))
			.map((name) => ({ name, meant: meaning(fromShown, name), means: meaning(toShown, name) }))
			// A value kept but not shown is not read by the operation.
			.filter((carried) => carried.means !== '')
	);
}

it.each(resources)('%s: a value carried to another operation means the same there', (resource) => {
	const differing = [];
	for (const from of operationsOf(resource))
		for (const to of operationsOf(resource))
			if (from !== to)
				for (const carried of switchOperation(resource, from, to))
					if (carried.meant !== carried.means) differing.push({ from, to, ...carried });
	expect(differing).toEqual([]);
});

describe('Field → Create, then switched to Update as a person does', () => {
	const ctx = useEmulator();

	it('adds the choices and keeps the name (before: renamed the field with the Label typed in Create)', async () => {
		const { emu } = ctx;
		const table = emu.addTable(emu.addSolution().id);
		const created: INodeParameters = {
			resource: 'field',
			operation: 'create',
			tableId: { __rl: true, mode: 'id', value: table.id },
			label: 'Call Length',
			fieldType: 'numberfield',
		};
		const update =
			NodeHelpers.getNodeParameters(
				description.properties,
				{
					...created,
					operation: 'update',
					fieldId: { __rl: true, mode: 'id', value: 'status' },
					addChoices: 'Lead, Negotiation, Won',
				},
				false,
				false,
				node,
				description,
			) ?? {};

		await run(emu, { parameters: update });

		const status = emu.getTable(table.id)!.structure.find((field) => field.slug === 'status')!;
		expect(status.label).toBe('Status');
		expect(
			(status.params.choices as Array<{ label: string }>).map((choice) => choice.label),
		).toEqual(expect.arrayContaining(['Lead', 'Negotiation', 'Won']));
	});
});
