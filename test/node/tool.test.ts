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
	it('defaults to Record → Search, as the node itself does', () => {
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
		expect(resolved(description)).toBe('search');
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
			description: 'Search the records of a table by filter in SmartSuite',
			arguments: ['table', 'limit'],
		});
		expect(result.error).toBeUndefined();
		const output = result.output as IDataObject[];
		expect(output.slice(0, 2).map((record) => [record.Name, record.Quantity])).toEqual([
			['Task 0', 0],
			['Task 1', 1],
		]);
		// A model sees only the items: the last one says how many match (SmartSuite's total) and
		// gives the cursor that continues the search (issue 58).
		expect(output[2]).toEqual({ more: { count: 5, cursor: expect.any(String) } });
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
			'Create a record from the fields given in SmartSuite',
			'Create or update a record matched on key fields in SmartSuite',
			'Delete a record (Restore can bring it back) in SmartSuite',
			'Get a record by its ID in SmartSuite',
			'Restore a deleted record in SmartSuite',
			'Search the records of a table by filter in SmartSuite',
			'Update the fields given of a record in SmartSuite',
			'Get the deleted records of a solution in SmartSuite',
			'Create a webhook in SmartSuite',
			'Delete a webhook and its stored events in SmartSuite',
			'Get a webhook in SmartSuite',
			'List the webhooks of a solution in SmartSuite',
			'List the events of a webhook in SmartSuite',
			'Update the event kinds or notifications of a webhook in SmartSuite',
			'Add a field to a table in SmartSuite',
			'Delete a field and its values from a table in SmartSuite',
			'Rename a field or add options to it in SmartSuite',
			'Get a solution in SmartSuite',
			'Get many solutions in SmartSuite',
			'Create a table in a solution in SmartSuite',
			'Get a table and its fields in SmartSuite',
			'Get many tables of a solution in SmartSuite',
			'Get the views of a table in SmartSuite',
			'Get the records of a view in SmartSuite',
			'Create a comment on a record in SmartSuite',
			'Get many comments of a record in SmartSuite',
			'Get a member in SmartSuite',
			'Get many members in SmartSuite',
			'Get a team in SmartSuite',
			'Get many teams in SmartSuite',
		]);
	});

	it("learns a table's fields with Table → Get (Fields as Items), then writes a correct record with Record → Create", async () => {
		const { emu } = ctx;
		const deals = emu.addTable(emu.addSolution().id, {
			name: 'Deals',
			structure: [
				{
					slug: 'title',
					label: 'Title',
					field_type: 'recordtitlefield',
					params: { primary: true, required: true },
				},
				{
					slug: 'sco7mpany1',
					label: 'Company',
					field_type: 'textfield',
					params: { required: true },
				},
				{
					slug: 'sst4ge0001',
					label: 'Stage',
					field_type: 'singleselectfield',
					params: {
						choices: [
							{ value: 'a1b2', label: 'Lead' },
							{ value: 'c3d4', label: 'Won' },
						],
					},
				},
				{ slug: 'ssize00001', label: 'Deal Size', field_type: 'numberfield', params: {} },
				{
					slug: 'sform00001',
					label: 'Summary',
					field_type: 'formulafield',
					params: { formula: '{title}' },
				},
			],
		});
		emu.resetLog();

		// 1. The model asks for the table's fields.
		const lookup = await toolRun(
			{ resource: 'table', operation: 'get', tableId: tableFromAi, fieldsAsItems: true },
			{ table: deals.id },
		);
		expect(lookup.tool.description).toBe('Get a table and its fields in SmartSuite');
		expect(lookup.error).toBeUndefined();
		type FieldItem = {
			slug: string;
			label: string;
			type: string;
			required: boolean;
			readOnly: boolean;
			choices: Array<{ label: string; id: string }>;
		};
		const fields = lookup.output as FieldItem[];

		// 2. It decides a value for every field it may write, from what the list says of each.
		const writable = fields.filter((field) => !field.readOnly);
		const valueOf = (field: FieldItem) => {
			if (field.choices.length > 0)
				return field.choices.find((choice) => choice.label === 'Won')!.id;
			if (field.type === 'numberfield') return 250000;
			return field.type === 'recordtitlefield' ? 'Acme renewal' : 'Acme Inc.';
		};
		expect(writable.filter((field) => field.required).map((field) => field.label)).toEqual([
			'Title',
			'Company',
		]);

		// 3. Record → Create, each value a $fromAI parameter (as "Let the model define this parameter" saves it).
		const created = await toolRun(
			{
				resource: 'record',
				operation: 'create',
				tableId: tableFromAi,
				columns: {
					mappingMode: 'defineBelow',
					value: Object.fromEntries(
						writable.map((field) => [
							field.slug,
							fromAi(field.slug, field.label, field.type === 'numberfield' ? 'number' : 'string'),
						]),
					),
				},
			},
			{
				table: deals.id,
				...Object.fromEntries(writable.map((field) => [field.slug, valueOf(field)])),
			},
		);

		expect(created.error).toBeUndefined();
		expect(emu.requests.map((request) => request.operation)).toEqual([
			'GetTable',
			'GetTable',
			'CreateRecord',
		]);
		const [record] = emu.records(deals.id);
		expect(record).toMatchObject({
			title: 'Acme renewal',
			sco7mpany1: 'Acme Inc.',
			sst4ge0001: 'c3d4',
			ssize00001: '250000',
		});
		expect(created.output).toEqual([
			expect.objectContaining({ Title: 'Acme renewal', Company: 'Acme Inc.', Stage: 'Won' }),
		]);
	});

	describe("invoked directly (MCP Server Trigger, AI Agent before version 3: n8n calls the node type's execute)", () => {
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
				// Simplified, as Get shows a record (issue 36): fields by label.
				expect.objectContaining({ id: record.id, Name: 'Vendor contract (Restored)' }),
			]);
			expect(ctx.emu.getRecord(table.id, record.id)?.deleted_date).toEqual({
				date: null,
				include_time: false,
			});
		});

		it('Search runs with 20 records at most by default, and says how many more match (it refused before issue 37)', async () => {
			const table = tableWithTasks(25);

			const result = await toolRun({ tableId: tableFromAi }, { table: table.id }, 'direct');

			expect(result.error).toBeUndefined();
			const output = result.output as IDataObject[];
			expect(output).toHaveLength(21);
			expect(output[0]).toMatchObject({ Name: 'Task 0', Quantity: 0 });
			expect(output[20]).toEqual({ more: { count: 25, cursor: expect.any(String) } });
			expect(
				ctx.emu.requests.find((request) => request.path.includes('/records/list/'))?.path,
			).toBe(`/api/v1/applications/${table.id}/records/list/?offset=0&limit=20`);
		});

		it("an unknown table comes back as a tool error in SmartSuite's words, naming it", async () => {
			const result = await toolRun(
				{ tableId: tableFromAi },
				{ table: '64b0c1d2e3f4a5b6c7d8e9ff' },
				'direct',
			);

			expect(result.output).toBeUndefined();
			expect(result.error).toContain('The table "64b0c1d2e3f4a5b6c7d8e9ff" was not found');
			expect(result.error).toContain('Details:');
			expect(result.error).not.toContain(ctx.emu.apiKey);
		});
	});
});
