/**
 * Create, Update and Create or Update with Specify Fields → Using JSON (issue 48): one object keyed
 * by label or slug, a key left out left as it is, null clearing; keys that name no field of the
 * table refused before anything is sent, in a plain run and as an AI tool called both ways; the
 * mapper's own columns checked against the table the run reads; Upsert's created/updated marker.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { COLOR_CHOICES, TYPED_FIELDS as F } from '../emulator/fixtures';
import type { TableObject } from '../emulator';
import { credentialsFor } from '../helpers/n8n';
import { runAsTool } from '../helpers/tool';
import { run, runError, runInWorkflow, useEmulator } from './harness';

const ctx = useEmulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const fromAi = (key: string, description: string, type = 'string') =>
	`={{ $fromAI('${key}', '${description}', '${type}') }}`;
const FIELDS_FROM_AI = fromAi(
	'fields',
	'The fields to write, keyed by field label; a key left out is left as it is, null clears',
	'json',
);

const jsonWrite = (
	operation: 'create' | 'update' | 'upsert',
	tableId: string,
	fieldsJson: unknown,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'record',
	operation,
	tableId: byId(tableId),
	fieldsInput: 'json',
	fieldsJson: fieldsJson as INodeParameters[string],
	...extra,
});

const fieldTypesTable = (): TableObject => ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
const operations = () => ctx.emu.requests.map((request) => request.operation);
const [red, green] = COLOR_CHOICES.map((choice) => choice.value);

/** A record with Code, Notes, Quantity and Color, the log reset. */
function seeded(t: TableObject) {
	const record = ctx.emu.addRecord(t.id, {
		title: 'Widget',
		[F.text]: 'MCP-1',
		[F.textArea]: 'Keep me',
		[F.number]: '42',
		[F.singleSelect]: red,
	} as never);
	ctx.emu.resetLog();
	return { record, before: structuredClone(ctx.emu.getRecord(t.id, record.id)!) as IDataObject };
}

/** The stored fields that differ from `before` (SmartSuite's own update stamps aside). */
function changed(tableId: string, recordId: string, before: IDataObject): IDataObject {
	const after = ctx.emu.getRecord(tableId, recordId) as unknown as IDataObject;
	return Object.fromEntries(
		Object.keys({ ...before, ...after })
			.filter((key) => key !== 'last_updated')
			.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
			.map((key) => [key, after[key]]),
	);
}

const UNKNOWN_KEYS_MESSAGE =
	'The table "Field Types" has no field "Colour", "Size". Fields that can be written: "Name", "Code", "Notes", "Quantity", "Price", "Active", "Color", "Channels", "Status", "Start", "Campaign", "Due Date", "Related", "Owner", "Email", "Phone", "Website", "Contact", "Address", "Brief", "Attachments", "Labels". Nothing was sent for this record.';

describe('Specify Fields → Using JSON', () => {
	it('Update changes the one field given and leaves every other field as it was (keys by label, any case; an object or its JSON text)', async () => {
		const t = fieldTypesTable();
		const { record, before } = seeded(t);

		const output = await run(ctx.emu, {
			parameters: jsonWrite('update', t.id, { code: 'MCP-1e' }, { recordId: byId(record.id) }),
		});

		expect(output[0].json).toMatchObject({ id: record.id, Code: 'MCP-1e', Color: 'Red' });
		expect(operations()).toEqual(['GetTable', 'UpdateRecord', 'ListMembers']);
		expect(ctx.emu.requests[1].body).toEqual({ [F.text]: 'MCP-1e' });
		expect(changed(t.id, record.id, before)).toEqual({ [F.text]: 'MCP-1e' });

		await run(ctx.emu, {
			parameters: jsonWrite('update', t.id, '{"Quantity": 44}', { recordId: byId(record.id) }),
		});
		expect(changed(t.id, record.id, before)).toEqual({ [F.text]: 'MCP-1e', [F.number]: '44' });
	});

	it('Update: null clears a field, values take the mapper’s forms (a choice by label)', async () => {
		const t = fieldTypesTable();
		const { record, before } = seeded(t);

		await run(ctx.emu, {
			parameters: jsonWrite(
				'update',
				t.id,
				{ Notes: null, Color: 'Green' },
				{ recordId: byId(record.id) },
			),
		});

		expect(ctx.emu.requests[1].body).toEqual({ [F.textArea]: '', [F.singleSelect]: green });
		expect(changed(t.id, record.id, before)).toEqual({
			[F.textArea]: '',
			[F.singleSelect]: green,
		});
	});

	it.each(['create', 'update'] as const)(
		'%s: keys that name no field of the table are an error naming them, the table and its writable fields; nothing is sent',
		async (operation) => {
			const t = fieldTypesTable();
			const { record, before } = seeded(t);

			const error = await runError(ctx.emu, {
				parameters: jsonWrite(
					operation,
					t.id,
					{ Name: 'Gadget', Code: 'MCP-2', Colour: 'Red', Size: 3 },
					operation === 'update' ? { recordId: byId(record.id) } : {},
				),
			});

			expect(error.message).toBe(UNKNOWN_KEYS_MESSAGE);
			expect(operations()).toEqual(['GetTable']);
			expect(ctx.emu.records(t.id)).toHaveLength(1);
			expect(changed(t.id, record.id, before)).toEqual({});
		},
	);

	it('a read-only field given is an error naming it', async () => {
		const t = fieldTypesTable();

		const error = await runError(ctx.emu, {
			parameters: jsonWrite('create', t.id, { Name: 'Gadget', Code: 'X', Summary: 'mine' }),
		});

		expect(error.message).toMatch(
			/^SmartSuite fills in "Summary" itself in the table "Field Types": leave it out\. Fields that can be written: "Name", /,
		);
		expect(ctx.emu.records(t.id)).toHaveLength(0);
	});

	it.each([
		['an array', '[{"Name": "a"}]', 'it is not an object: [{"Name":"a"}]'],
		['text that is not JSON', 'Name: a', 'it is not valid JSON: "Name: a"'],
		['a number', '={{ 42 }}', 'it is not an object: 42'],
	])('a value that is not a JSON object (%s) is an error', async (_name, given, why) => {
		const t = fieldTypesTable();

		const error = await runError(ctx.emu, { parameters: jsonWrite('create', t.id, given) });

		expect(error.message).toBe(
			`Fields (JSON) cannot be used, ${why}. Give one JSON object keyed by field label or slug, e.g. {"Status": "Done", "Due Date": "2026-12-01"}.`,
		);
		expect(operations()).toEqual(['GetTable']);
	});

	it('Create: values converted as the mapper’s (a choice by label, a number), null left empty', async () => {
		const t = fieldTypesTable();

		const output = await run(ctx.emu, {
			parameters: jsonWrite(
				'create',
				t.id,
				'={{ { "Name": "Gadget", "code": "G-1", "Quantity": 3, "Color": "Green", "Notes": null } }}',
			),
		});

		expect(ctx.emu.requests[1].body).toEqual({
			title: 'Gadget',
			[F.text]: 'G-1',
			[F.number]: '3',
			[F.singleSelect]: green,
		});
		expect(output[0].json).toMatchObject({ Name: 'Gadget', Code: 'G-1', Color: 'Green' });
	});
});

describe('the mapper’s keys', () => {
	it('a Define Below column that is not in the table the run reads is an error; nothing is sent', async () => {
		const t = fieldTypesTable();

		const error = await runError(ctx.emu, {
			parameters: {
				resource: 'record',
				operation: 'create',
				tableId: byId(t.id),
				columns: {
					mappingMode: 'defineBelow',
					value: { title: 'Gadget', [F.text]: 'X', s9gone0001: 'from another table' },
				},
			},
		});

		expect(error.message).toMatch(
			/^The table "Field Types" has no field "s9gone0001"\. Fields that can be written: "Name", "Code", /,
		);
		expect(error.description).toContain('refresh the fields in Columns');
		expect(operations()).toEqual(['GetTable']);
		expect(ctx.emu.records(t.id)).toHaveLength(0);
	});

	it('Map Automatically still leaves an item’s extra keys to the hints, where JSON refuses them', async () => {
		const t = fieldTypesTable();
		const input = [{ Name: 'Gadget', Code: 'X', nickname: 'z' }];

		const automatic = await runInWorkflow(ctx.emu, {
			parameters: {
				resource: 'record',
				operation: 'create',
				tableId: byId(t.id),
				columns: { mappingMode: 'autoMapInputData', value: null },
			},
			input,
		});
		const json = await runInWorkflow(ctx.emu, {
			parameters: jsonWrite('create', t.id, '={{ $json }}'),
			input,
		});

		expect(automatic.error).toBeUndefined();
		expect(automatic.hints.map((hint) => hint.message)).toEqual([
			'Not sent, because no field of the table has this name or ID: "nickname"',
		]);
		expect(json.error?.message).toMatch(/^The table "Field Types" has no field "nickname"\./);
		expect(ctx.emu.records(t.id).map((record) => record.title)).toEqual(['Gadget']);
	});
});

describe('Create or Update with JSON', () => {
	it('matches on Match On (labels), says per item whether it created or updated, null clears', async () => {
		const t = fieldTypesTable();
		const { record, before } = seeded(t);

		const output = await run(ctx.emu, {
			parameters: jsonWrite('upsert', t.id, '={{ $json.fields }}', { matchOn: 'code' }),
			input: [
				{ fields: { Code: 'mcp-1', Quantity: 7, Notes: null } },
				{ fields: { Name: 'New', Code: 'MCP-9' } },
			],
		});

		expect(output.map((item) => [item.json['@upsert'], item.json.Code])).toEqual([
			['updated', 'mcp-1'],
			['created', 'MCP-9'],
		]);
		expect(output[0].json.id).toBe(record.id);
		expect(changed(t.id, record.id, before)).toEqual({
			[F.text]: 'mcp-1',
			[F.number]: '7',
			[F.textArea]: '',
		});
		expect(ctx.emu.records(t.id)).toHaveLength(2);
	});

	it('a Match On that names no field is an error listing the fields that can be matched on', async () => {
		const t = fieldTypesTable();

		const error = await runError(ctx.emu, {
			parameters: jsonWrite('upsert', t.id, { Code: 'X' }, { matchOn: 'Reference' }),
		});

		expect(error.message).toBe(
			'The table has no field "Reference" to match on. Fields that can be matched on: "Name", "Code", "Notes", "Quantity", "Price", "Color", "Status", "Email", "Website".',
		);
		expect(operations()).toEqual(['GetTable']);
	});

	it('a field labelled like the marker shows as "label (slug)": the marker is never hidden', async () => {
		const t = ctx.emu.addTable(ctx.emu.addSolution().id, {
			name: 'Marked',
			structure: [
				{
					slug: 'title',
					label: 'Title',
					field_type: 'recordtitlefield',
					params: { primary: true },
				},
				{ slug: 's0upsert01', label: '@upsert', field_type: 'textfield', params: {} },
			],
		});

		const output = await run(ctx.emu, {
			parameters: jsonWrite(
				'upsert',
				t.id,
				{ Title: 'A', '@upsert': 'mine' },
				{ matchOn: 'Title' },
			),
		});

		expect(output[0].json).toMatchObject({
			'@upsert': 'created',
			Title: 'A',
			'@upsert (s0upsert01)': 'mine',
		});
	});
});

describe.each(['engine', 'direct'] as const)(
	'as an AI tool, fields from one $fromAI json argument (%s path)',
	(call) => {
		const toolRun = (parameters: IDataObject, toolArguments: IDataObject) =>
			runAsTool(new SmartSuite(), {
				parameters,
				toolArguments,
				call,
				credentials: credentialsFor(ctx.emu),
			});

		it('a partial update changes one field and leaves the others', async () => {
			const t = fieldTypesTable();
			const { record, before } = seeded(t);

			const result = await toolRun(
				{
					resource: 'record',
					operation: 'update',
					tableId: byId(t.id),
					recordId: byId(fromAi('record', 'The ID of the record')),
					fieldsInput: 'json',
					fieldsJson: FIELDS_FROM_AI,
				},
				{ record: record.id, fields: { Code: 'MCP-1e' } },
			);

			expect(result.tool.arguments).toEqual(['record', 'fields']);
			expect(result.error).toBeUndefined();
			expect(result.output).toEqual([expect.objectContaining({ Code: 'MCP-1e', Color: 'Red' })]);
			expect(changed(t.id, record.id, before)).toEqual({ [F.text]: 'MCP-1e' });
		});

		it.each(['create', 'update'] as const)(
			'%s with keys the table lacks: the error names them, nothing is stored',
			async (operation) => {
				const t = fieldTypesTable();
				const { record, before } = seeded(t);

				// Through the engine the tool node's error ends the run (the agent reads its message).
				const error = await toolRun(
					{
						resource: 'record',
						operation,
						tableId: byId(t.id),
						...(operation === 'update' ? { recordId: byId(record.id) } : {}),
						fieldsInput: 'json',
						fieldsJson: FIELDS_FROM_AI,
					},
					{ fields: { Name: 'Gadget', Code: 'MCP-2', Colour: 'Red', Size: 3 } },
				).then(
					(result) => result.error,
					(thrown: Error) => thrown.message,
				);

				expect(error).toContain(UNKNOWN_KEYS_MESSAGE);
				expect(operations()).toEqual(['GetTable']);
				expect(ctx.emu.records(t.id)).toHaveLength(1);
				expect(changed(t.id, record.id, before)).toEqual({});
			},
		);

		it('fields as JSON text (a string argument) work too', async () => {
			const t = fieldTypesTable();

			const result = await toolRun(
				{
					resource: 'record',
					operation: 'create',
					tableId: byId(t.id),
					fieldsInput: 'json',
					fieldsJson: fromAi('fields', 'The fields as a JSON object'),
				},
				{ fields: '{"Name": "Gadget", "Code": "G-1"}' },
			);

			expect(result.error).toBeUndefined();
			expect(ctx.emu.records(t.id).map((record) => record[F.text])).toEqual(['G-1']);
		});
	},
);
