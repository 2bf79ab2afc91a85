/**
 * Issue 48: errors that carry what to do, in every path a model reads them by (the node's error,
 * the engine's tool call, the direct call of the MCP Server Trigger, On Error → Continue), and
 * lean, safe answers (no trigger secret, Table → Get Many slim, a comment's text once).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { choicesExpected } from '../../nodes/SmartSuite/shared/fields/values';
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import { credentialsFor } from '../helpers/n8n';
import { runAsTool } from '../helpers/tool';
import { getWebhook, run, runError, uploadFile, useEmulator } from './harness';

const ctx = useEmulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const fromAi = (key: string, description: string) =>
	`={{ $fromAI('${key}', '${description}', 'string') }}`;
const OPTIONS = 'use one of "Red", "Green", "Blue" (a label or its ID)';

function colorTable() {
	const table = ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
	ctx.emu.resetLog();
	return table;
}

describe('a bad choice names the options in the message itself', () => {
	const createParameters = (tableId: string, color: string): INodeParameters => ({
		resource: 'record',
		operation: 'create',
		tableId: byId(tableId),
		columns: {
			mappingMode: 'defineBelow',
			value: { title: 'T', [F.text]: 'C', [F.singleSelect]: color },
		},
	});

	it('in a workflow: the field, the item and the options', async () => {
		const table = colorTable();
		const error = await runError(ctx.emu, { parameters: createParameters(table.id, 'Purple') });
		expect(error.message).toBe(`The field "Color" in item 0 has no option "Purple": ${OPTIONS}`);

		const output = await run(ctx.emu, {
			parameters: createParameters(table.id, 'Purple'),
			continueOnFail: true,
		});
		expect(output[0].json).toEqual({
			error: `The field "Color" in item 0 has no option "Purple": ${OPTIONS}`,
		});
	});

	const toolCall = (call: 'engine' | 'direct', continueOnFail: boolean) => {
		const table = colorTable();
		return runAsTool(new SmartSuite(), {
			parameters: createParameters(table.id, fromAi('color', 'The color')),
			toolArguments: { color: 'Purple' },
			call,
			continueOnFail,
			credentials: credentialsFor(ctx.emu),
		});
	};
	const expectedText = `The field "Color" has no option "Purple": ${OPTIONS}`;

	// Under Stop, the engine (AI Agent 3.x) fails the workflow with the message on n8n 2.8 (on 2.41
	// the model reads it); the direct call (MCP Server Trigger) throws it with "Details:".
	it.each(['engine', 'direct'] as const)(
		'as a tool (%s): the options without "item 0"; nothing is written',
		async (call) => {
			const text = await toolCall(call, false).then(
				(result) => result.error,
				(thrown: Error) => thrown.message,
			);
			expect(text).toContain(expectedText);
			expect(text).not.toMatch(/item 0|mapper/i);
			expect(ctx.emu.requests.map((request) => request.operation)).toEqual(['GetTable']);
		},
	);

	it.each(['engine', 'direct'] as const)(
		'as a tool under On Error → Continue (%s): the error item the model reads holds the options',
		async (call) => {
			const { output } = await toolCall(call, true);
			expect(output).toEqual([{ error: expectedText }]);
		},
	);

	it('lists at most 20 options, then says how many more', () => {
		const choices = Array.from({ length: 25 }, (_x, i) => ({ label: `L${i}`, value: `v${i}` }));
		const text = choicesExpected(choices);
		expect(text).toContain('"L19" and 5 more (a label or its ID)');
		expect(text).not.toContain('"L20"');
	});
});

describe('what a tool call is told names no item', () => {
	it('a required field left empty', async () => {
		const table = colorTable();
		const created = await runAsTool(new SmartSuite(), {
			parameters: {
				resource: 'record',
				operation: 'create',
				tableId: byId(table.id),
				columns: { mappingMode: 'defineBelow', value: { title: fromAi('title', 'The title') } },
			},
			toolArguments: { title: 'No code' },
			continueOnFail: true,
			credentials: credentialsFor(ctx.emu),
		});
		expect(created.output).toEqual([
			{ error: 'The tool call has no value for the required field "Code": give it a value' },
		]);
	});
});

describe('Create or Update’s and Upload File’s errors name no item to a tool call', () => {
	const asTool = async (parameters: INodeParameters, toolArguments: IDataObject = {}) =>
		(
			await runAsTool(new SmartSuite(), {
				parameters,
				toolArguments,
				continueOnFail: true,
				credentials: credentialsFor(ctx.emu),
			})
		).output;
	const upsert = (tableId: string, value: IDataObject): INodeParameters => ({
		resource: 'record',
		operation: 'upsert',
		tableId: byId(tableId),
		columns: {
			mappingMode: 'defineBelow',
			value,
			matchingColumns: [F.text],
		} as unknown as INodeParameters,
	});

	it('a match field without a value', async () => {
		const table = colorTable();
		const output = await asTool(upsert(table.id, { title: fromAi('title', 'The title') }), {
			title: 'No code',
		});
		expect(output).toEqual([{ error: 'The tool call has no value for the match field "Code"' }]);
	});

	it('a match on several records', async () => {
		const table = colorTable();
		const one = ctx.emu.addRecord(table.id, { title: 'One', [F.text]: 'SAME' });
		const two = ctx.emu.addRecord(table.id, { title: 'Two', [F.text]: 'SAME' });
		const output = await asTool(
			upsert(table.id, { title: 'T', [F.text]: fromAi('code', 'The code') }),
			{ code: 'SAME' },
		);
		expect(output).toEqual([{ error: `The tool call matches 2 records: ${one.id}, ${two.id}` }]);
	});

	it('Upload File without the binary field', async () => {
		const table = colorTable();
		const record = ctx.emu.addRecord(table.id, { title: 'R' });
		const output = await asTool(uploadFile(table.id, record.id));
		expect(output).toEqual([{ error: 'The tool call has no binary field "data"' }]);
	});
});

describe('Webhook → List and Get never show the SmartSuite Trigger’s secret', () => {
	const SECRET = 'Zq8WvN3kLp0sXy7RtB2mHc5dJf9gKa1e';
	const url = `https://n8n.example.com/webhook/abc/smartsuite?secret=${SECRET}`;

	function seed() {
		const solution = ctx.emu.addSolution();
		const webhook = ctx.emu.createWebhook({
			locator: { account_id: ctx.emu.workspaceId, solution_id: solution.id },
		});
		ctx.emu.setWebhookStatus(webhook.webhook_id, { notifications: { url } });
		return { solution, webhook };
	}
	const list = (solutionId: string): INodeParameters => ({
		resource: 'webhook',
		operation: 'list',
		solutionId: byId(solutionId),
	});
	const masked = 'https://n8n.example.com/webhook/abc/smartsuite?secret=***';

	it('in a workflow', async () => {
		const { solution, webhook } = seed();
		for (const parameters of [list(solution.id), getWebhook(webhook.webhook_id)]) {
			const output = await run(ctx.emu, { parameters });
			expect(JSON.stringify(output)).not.toContain(SECRET);
			expect(output[0].json.notification_status).toEqual({ enabled: { url: masked } });
		}
	});

	it.each(['engine', 'direct'] as const)('as a tool (%s)', async (call) => {
		const { solution, webhook } = seed();
		for (const parameters of [list(solution.id), getWebhook(webhook.webhook_id)]) {
			const { output, error } = await runAsTool(new SmartSuite(), {
				parameters,
				toolArguments: {},
				call,
				credentials: credentialsFor(ctx.emu),
			});
			expect(error).toBeUndefined();
			expect(JSON.stringify(output)).not.toContain(SECRET);
			expect(JSON.stringify(output)).toContain(masked);
		}
	});

	it('an unknown solution is an error, as in Table → Get Many', async () => {
		const error = await runError(ctx.emu, { parameters: list('64b0c1d2e3f4a5b6c7d8e9f0') });
		expect(error.message).toBe('The solution "64b0c1d2e3f4a5b6c7d8e9f0" was not found');
		// A known solution without webhooks still lists nothing.
		const empty = ctx.emu.addSolution();
		expect(await run(ctx.emu, { parameters: list(empty.id) })).toEqual([]);
	});
});

describe('Table → Get Many', () => {
	const getMany = (solutionId: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'table',
		operation: 'getMany',
		solutionId: byId(solutionId),
		...extra,
	});

	it('answers each table in a few keys, and the whole structure with Include Structure', async () => {
		const table = colorTable();
		const fieldCount = table.structure.length;
		const slim = await run(ctx.emu, { parameters: getMany(table.solution) });
		expect(slim.map((item) => item.json)).toEqual([
			{
				id: table.id,
				name: table.name,
				solution: table.solution,
				slug: table.slug,
				fieldCount,
			},
		]);

		const full = await run(ctx.emu, {
			parameters: getMany(table.solution, { includeStructure: true }),
		});
		expect((full[0].json.structure as IDataObject[]).map((field) => field.slug)).toEqual(
			table.structure.map((field) => field.slug),
		);
	});
});

describe('a comment holds its text once', () => {
	const comments = (tableId: string, recordId: string, extra: INodeParameters = {}) => ({
		resource: 'comment',
		operation: 'getMany',
		tableId: byId(tableId),
		recordId: byId(recordId),
		...extra,
	});

	it('text by default; its HTML with Include HTML', async () => {
		const table = ctx.emu.addTable(ctx.emu.addSolution().id);
		const recordId = ctx.emu.addRecord(table.id, { title: 'Contract' }).id;
		ctx.emu.addComment(table.id, recordId, { message: { html: '<p>Please <b>check</b></p>' } });

		const [lean] = await run(ctx.emu, { parameters: comments(table.id, recordId) });
		expect(lean.json.text).toBe('Please check');
		expect(lean.json).not.toHaveProperty('html');

		const [withHtml] = await run(ctx.emu, {
			parameters: comments(table.id, recordId, { includeHtml: true }),
		});
		expect(withHtml.json.text).toBe('Please check');
		expect(withHtml.json.html).toContain('<p>Please <b>check</b></p>');
	});
});
