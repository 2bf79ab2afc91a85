/**
 * The SmartSuite Tool through n8n's MCP Server Trigger, end to end: the n8n version E2E_N8N selects
 * (versions.ts) with this package installed as a community package, a published workflow whose MCP
 * Server Trigger has SmartSuite Tool nodes on its Tool input (their parameters `$fromAI()` as the
 * editor saves them), and the official MCP TypeScript SDK as the client. n8n calls a tool there
 * directly (n8n-core runs the node type's `execute` with the client's arguments as the one input
 * item; no engine, so no `customOperations`): every operation must work in that path.
 *
 * What an MCP client sees is checked (the tools listed with their descriptions and argument
 * schemas, each call's answer) and what SmartSuite (the emulator) received and stored.
 */
import { startEmulator, type Emulator } from '../emulator';
import {
	McpSession,
	TABLE_ARGUMENT,
	fromAi,
	idFromAi,
	mcpServerWorkflow,
	smartSuiteTool,
	tableFromAi,
	toolName,
} from './ai-tools';
import {
	N8n,
	ensureN8n,
	installCommunityPackage,
	n8nSuite,
	packPackage,
	smartSuiteCredential,
	stopAll,
} from './harness';
import { selectedVersion } from './versions';

const version = selectedVersion();
jest.setTimeout(3 * 60_000);

const CREDENTIAL = { id: 'smartsuiteMcpCred01', name: 'SmartSuite (emulator)' };
const WORKFLOW = 'e2eMcpServer';
const MCP_PATH = 'smartsuite-e2e';

/** One tool node per operation, as a user would hang them on the trigger (their names name the tools). */
const TOOLS = {
	search: smartSuiteTool('Search records', { tableId: tableFromAi }, CREDENTIAL),
	get: smartSuiteTool(
		'Get record',
		{
			operation: 'get',
			tableId: tableFromAi,
			recordId: idFromAi('record', 'The ID of the record'),
		},
		CREDENTIAL,
	),
	create: smartSuiteTool(
		'Create record',
		{
			operation: 'create',
			tableId: tableFromAi,
			columns: {
				mappingMode: 'defineBelow',
				value: {
					title: fromAi('title', 'The title of the new record'),
					priority: fromAi('priority', 'Low, Medium, High or Urgent'),
				},
			},
		},
		CREDENTIAL,
	),
	comment: smartSuiteTool(
		'Comment on record',
		{
			resource: 'comment',
			operation: 'create',
			tableId: tableFromAi,
			recordId: idFromAi('record', 'The ID of the record'),
			message: fromAi('message', 'The text of the comment'),
		},
		CREDENTIAL,
	),
	table: smartSuiteTool(
		'Get table fields',
		{ resource: 'table', operation: 'get', tableId: tableFromAi, fieldsAsItems: true },
		CREDENTIAL,
	),
	restore: smartSuiteTool(
		'Restore record',
		{
			operation: 'restore',
			tableId: tableFromAi,
			recordId: idFromAi('record', 'The ID of the deleted record'),
		},
		CREDENTIAL,
	),
	webhook: smartSuiteTool(
		'Get webhook',
		{
			resource: 'webhook',
			operation: 'get',
			webhookId: idFromAi('webhook', 'The ID of the SmartSuite webhook'),
		},
		CREDENTIAL,
	),
};
const nameOf = (tool: keyof typeof TOOLS) => toolName(TOOLS[tool].name);

let emu: Emulator;
let n8n: N8n;
let mcp: McpSession;
const suite = n8nSuite(() => n8n);

const mcpUrl = () => `${n8n.url}/mcp/${MCP_PATH}`;
/** The demo table ("Projects"): its live records (not those in the trash), in the order SmartSuite lists them. */
const projects = () => emu.records(emu.demo.tableId, { deleted: false });

beforeAll(async () => {
	await ensureN8n({ version });
	emu = await startEmulator({ demo: true });
	n8n = await N8n.fresh();
	try {
		await installCommunityPackage(
			n8n.options.userFolder,
			await packPackage(n8n.options.userFolder),
		);
		await n8n.importCredentials([smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emu)]);
		await n8n.importWorkflows([
			mcpServerWorkflow({ id: WORKFLOW, path: MCP_PATH, version, tools: Object.values(TOOLS) }),
		]);
		await n8n.publish(WORKFLOW);
		await n8n.start();
		await n8n.waitForWebhook(`mcp/${MCP_PATH}`);
		mcp = await McpSession.connect(mcpUrl(), 'streamable');
	} catch (error) {
		throw suite.fail(error);
	}
}, 25 * 60_000);

afterAll(async () => {
	await mcp?.close();
	await n8n?.stop();
	stopAll();
	await emu?.close();
	suite.finish();
});

describe(`the SmartSuite Tool through the MCP Server Trigger (n8n ${version.n8n}, MCP client SDK over Streamable HTTP)`, () => {
	test(
		'tools/list: every SmartSuite tool, named after its node, with its description and its arguments from $fromAI()',
		suite.wrap(async () => {
			const tools = await mcp.tools();
			const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));

			expect(tools.map((tool) => tool.name).sort()).toEqual(
				Object.keys(TOOLS)
					.map((key) => nameOf(key as keyof typeof TOOLS))
					.sort(),
			);
			expect(
				Object.fromEntries(
					Object.keys(TOOLS).map((key) => [
						key,
						byName[nameOf(key as keyof typeof TOOLS)].description,
					]),
				),
			).toEqual({
				search: 'Search the records of a table by filter in SmartSuite',
				get: 'Get a record by its ID in SmartSuite',
				create: 'Create a record from the fields given in SmartSuite',
				comment: 'Create a comment on a record in SmartSuite',
				table: 'Get a table and its fields in SmartSuite',
				restore: 'Restore a deleted record in SmartSuite',
				webhook: 'Get a webhook in SmartSuite',
			});

			const schemaOf = (tool: keyof typeof TOOLS) => byName[nameOf(tool)].inputSchema;
			const text = (description: string) => ({ type: 'string', description });
			expect(schemaOf('search')).toMatchObject({
				type: 'object',
				properties: { table: text(TABLE_ARGUMENT) },
				required: ['table'],
			});
			expect(schemaOf('create')).toMatchObject({
				type: 'object',
				properties: {
					table: text(TABLE_ARGUMENT),
					title: text('The title of the new record'),
					priority: text('Low, Medium, High or Urgent'),
				},
			});
			expect([...(schemaOf('create').required ?? [])].sort()).toEqual([
				'priority',
				'table',
				'title',
			]);
			expect(schemaOf('comment')).toMatchObject({
				properties: {
					table: text(TABLE_ARGUMENT),
					record: text('The ID of the record'),
					message: text('The text of the comment'),
				},
			});
			expect(Object.keys(schemaOf('table').properties ?? {})).toEqual(['table']);
			expect(Object.keys(schemaOf('webhook').properties ?? {})).toEqual(['webhook']);
		}),
	);

	test(
		"Record → Search answers the table's records, as SmartSuite lists them",
		suite.wrap(async () => {
			emu.resetLog();
			const items = await mcp.items(nameOf('search'), { table: emu.demo.tableId });

			expect(items.map((item) => item.id)).toEqual(projects().map((record) => record.id));
			expect(items.map((item) => item.Title)).toEqual(projects().map((record) => record.title));
			expect(items.map((item) => item.Title)).toContain('Budget forecast FY25');
			expect(
				emu.requests.map((request) => [request.operation, request.path.split('?')[0]]),
			).toContainEqual(['ListRecords', `/api/v1/applications/${emu.demo.tableId}/records/list/`]);
		}),
	);

	test(
		'Record → Get answers the one record asked for',
		suite.wrap(async () => {
			const [, second] = projects();
			const items = await mcp.items(nameOf('get'), { table: emu.demo.tableId, record: second.id });

			expect(items).toHaveLength(1);
			expect(items[0]).toMatchObject({ id: second.id, Title: second.title });
		}),
	);

	test(
		'Record → Create stores the record with the values the client gave (a choice by its label) and answers it',
		suite.wrap(async () => {
			emu.resetLog();
			const before = projects().length;
			const items = await mcp.items(nameOf('create'), {
				table: emu.demo.tableId,
				title: 'Quarterly review (from MCP)',
				priority: 'High',
			});

			const stored = projects();
			expect(stored).toHaveLength(before + 1);
			const created = stored.find((record) => record.title === 'Quarterly review (from MCP)');
			// The priority field's "High" option has the id "3".
			expect(created).toMatchObject({ priority: '3' });
			expect(items).toEqual([
				expect.objectContaining({
					id: created!.id,
					Title: 'Quarterly review (from MCP)',
					Priority: 'High',
				}),
			]);
			expect(emu.requests.filter((request) => request.operation === 'CreateRecord')).toHaveLength(
				1,
			);
		}),
	);

	test(
		'Comment → Create stores the comment on that record and answers it',
		suite.wrap(async () => {
			const [first] = projects();
			const before = emu.comments().length;
			const items = await mcp.items(nameOf('comment'), {
				table: emu.demo.tableId,
				record: first.id,
				message: 'Numbers checked by the assistant.',
			});

			const comments = emu.comments();
			expect(comments).toHaveLength(before + 1);
			const comment = comments.at(-1)!;
			expect(comment).toMatchObject({ record: first.id, application: emu.demo.tableId });
			expect(comment.message.preview).toContain('Numbers checked by the assistant.');
			expect(items).toHaveLength(1);
			expect(items[0]).toMatchObject({ id: comment.id });
		}),
	);

	test(
		"Table → Get (Fields as Items) answers the table's fields, one item each",
		suite.wrap(async () => {
			const items = await mcp.items(nameOf('table'), { table: emu.demo.tableId });

			const structure = emu.getTable(emu.demo.tableId)!.structure;
			expect(items.map((item) => item.label)).toEqual(structure.map((field) => field.label));
			expect(items.find((item) => item.slug === 'priority')).toMatchObject({
				label: 'Priority',
				type: 'singleselectfield',
				choices: expect.arrayContaining([expect.objectContaining({ label: 'High' })]),
			});
		}),
	);

	test(
		'Record → Restore brings a deleted record back',
		suite.wrap(async () => {
			const [deletedId] = emu.demo.deletedRecordIds;
			const items = await mcp.items(nameOf('restore'), {
				table: emu.demo.tableId,
				record: deletedId,
			});

			expect(items).toEqual([expect.objectContaining({ id: deletedId })]);
			expect(projects().map((record) => record.id)).toContain(deletedId);
		}),
	);

	test(
		'Webhook → Get answers the webhook',
		suite.wrap(async () => {
			const items = await mcp.items(nameOf('webhook'), { webhook: emu.demo.webhookId });

			expect(items).toEqual([expect.objectContaining({ webhook_id: emu.demo.webhookId })]);
		}),
	);

	test(
		'an unknown table comes back as a tool error that names it; nothing is written',
		suite.wrap(async () => {
			const before = projects().length;
			const answer = await mcp.call(nameOf('create'), {
				table: 'no-such-table-0001',
				title: 'Lost',
				priority: 'Low',
			});

			expect(answer.isError).toBe(true);
			expect(answer.text).toContain('no-such-table-0001');
			expect(answer.text).toContain('was not found');
			expect(projects()).toHaveLength(before);
		}),
	);

	test(
		'over SSE (older MCP clients): the same tools, and a call answers',
		suite.wrap(async () => {
			const sse = await McpSession.connect(mcpUrl(), 'sse');
			try {
				expect((await sse.tools()).map((tool) => tool.name).sort()).toEqual(
					(await mcp.tools()).map((tool) => tool.name).sort(),
				);
				const items = await sse.items(nameOf('search'), { table: emu.demo.tableId });
				expect(items.map((item) => item.id)).toEqual(projects().map((record) => record.id));
			} finally {
				await sse.close();
			}
		}),
	);
});
