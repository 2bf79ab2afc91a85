/**
 * The SmartSuite node as an AI tool (`usableAsTool`): the tool built as n8n builds it
 * (test/helpers/tool.ts), connected to an agent that calls it once, run by n8n-core's
 * WorkflowExecute against the emulator. The model's arguments reach the node's `$fromAI()`
 * expressions the way n8n hands them over.
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import { credentialsFor } from '../helpers/n8n';
import { runAsTool, toolDescriptionOf } from '../helpers/tool';
import { useEmulator } from './harness';

const ctx = useEmulator();

function tableWithTasks(count: number) {
	const table = ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
	for (let i = 0; i < count; i++)
		ctx.emu.addRecord(table.id, { title: `Task ${i}`, [F.number]: i } as never);
	ctx.emu.resetLog();
	return table;
}

const fromAi = (key: string, description: string, type = 'string') =>
	`={{ $fromAI('${key}', '${description}', '${type}') }}`;
const tableFromAi = {
	__rl: true,
	mode: 'id',
	value: fromAi('table', 'The ID of the SmartSuite table'),
};
const toolRun = (
	parameters: IDataObject,
	toolArguments: IDataObject,
	call: 'engine' | 'direct' = 'engine',
) =>
	runAsTool(new SmartSuite(), {
		parameters,
		toolArguments,
		call,
		credentials: credentialsFor(ctx.emu),
	});

describe('the SmartSuite Tool', () => {
	it('defaults to Record → Search, while the node itself keeps Restore', () => {
		const { description } = new SmartSuite();
		const resolved = (type: typeof description) =>
			NodeHelpers.getNodeParameters(
				type.properties,
				{},
				true,
				false,
				{ typeVersion: 1 } as never,
				type,
			)?.operation;
		expect(resolved(toolDescriptionOf(description))).toBe('search');
		expect(resolved(description)).toBe('restore');
	});

	it('runs Search through the engine with the table and limit from $fromAI (the parameters as the editor saves them: no operation)', async () => {
		const table = tableWithTasks(5);

		const result = await toolRun(
			{ tableId: tableFromAi, limit: fromAi('limit', 'How many records at most', 'number') },
			{ table: table.id, limit: 2 },
		);

		expect(result.parameters).toMatchObject({
			resource: 'record',
			operation: 'search',
			returnAll: false,
		});
		expect(result.tool).toEqual({
			name: 'SmartSuite',
			description: 'Search the records of a table in SmartSuite',
			arguments: ['table', 'limit'],
		});
		expect(result.error).toBeUndefined();
		expect(
			(result.output as IDataObject[]).map((record) => [record.Name, record.Quantity]),
		).toEqual([
			['Task 0', 0],
			['Task 1', 1],
		]);
		const list = ctx.emu.requests.find((request) => request.path.includes('/records/list/'));
		expect(list?.path).toBe(`/api/v1/applications/${table.id}/records/list/?offset=0&limit=2`);
	});

	it('gives each operation an action that reads as a tool description', () => {
		const { description } = new SmartSuite();
		const descriptions = description.properties
			.filter(
				(property) =>
					property.name === 'operation' && property.displayOptions?.show?.['@tool']?.[0] !== false,
			)
			.flatMap((property) =>
				(property.options as INodePropertyOptions[]).map((option) =>
					NodeHelpers.getToolDescriptionForNode(
						{
							parameters: {
								descriptionType: 'auto',
								resource: property.displayOptions!.show!.resource![0],
								operation: option.value,
							},
						} as never,
						{ description: toolDescriptionOf(description) } as never,
					),
				),
			);
		expect(descriptions).toEqual([
			'Create records in SmartSuite',
			'Create or update records in SmartSuite',
			'Delete records in SmartSuite',
			'Get a record by its ID in SmartSuite',
			'Restore a deleted record in SmartSuite',
			'Search the records of a table in SmartSuite',
			'Update records in SmartSuite',
			'Upload a file to a record in SmartSuite',
			'Download the files of a record in SmartSuite',
			'Get the deleted records of a solution in SmartSuite',
			'Create a webhook in SmartSuite',
			'Delete a webhook in SmartSuite',
			'Get a webhook in SmartSuite',
			'List the webhooks of a solution in SmartSuite',
			'List the events of a webhook in SmartSuite',
		]);
	});

	describe('invoked directly (MCP Server Trigger, AI Agent before version 3: n8n runs only the routes)', () => {
		it('Restore runs, with the record from $fromAI', async () => {
			const table = tableWithTasks(0);
			const record = ctx.emu.addDeletedRecord(table.id, { title: 'Vendor contract' } as never);

			const result = await toolRun(
				{
					operation: 'restore',
					tableId: tableFromAi,
					recordId: fromAi('record', 'The ID of the deleted record'),
				},
				{ table: table.id, record: record.id },
				'direct',
			);

			expect(result.error).toBeUndefined();
			expect(result.output).toEqual([
				expect.objectContaining({ id: record.id, title: 'Vendor contract (Restored)' }),
			]);
			expect(ctx.emu.getRecord(table.id, record.id)?.deleted_date).toEqual({
				date: null,
				include_time: false,
			});
		});

		it('Search says it cannot run there, and sends nothing', async () => {
			const table = tableWithTasks(1);

			const result = await toolRun(
				{ tableId: tableFromAi, limit: 1 },
				{ table: table.id },
				'direct',
			);

			expect(result.output).toBeUndefined();
			expect(result.error).toContain(
				'Record → search cannot run when n8n calls the SmartSuite Tool directly',
			);
			expect(result.error).toContain('AI Agent of version 3 or later');
			expect(ctx.emu.requests).toEqual([]);
		});
	});
});
