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
import { NAMED_TITLE_STRUCTURE, TABLE_STRUCTURE, TYPED_FIELDS } from '../emulator/fixtures';
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
	installThisPackage,
	n8nSuite,
	smartSuiteCredential,
	stopAll,
} from './harness';
import { selectedVersion } from './versions';

const version = selectedVersion();
jest.setTimeout(3 * 60_000);

const CREDENTIAL = { id: 'smartsuiteMcpCred01', name: 'SmartSuite (emulator)' };
const WORKFLOW = 'e2eMcpServer';
const MCP_PATH = 'smartsuite-e2e';

const FIELDS_ARGUMENT =
	'The fields as one JSON object keyed by field label; a field left out is left as it is';
const FILTER_ARGUMENT = 'The filter and sort of the search as one JSON object';

/**
 * One tool node per operation, as a user would hang them on the trigger (their names name the
 * tools). The writes and one search take their fields and conditions as one JSON argument each,
 * the wiring docs/records.md advises for a model; Update record is on On Error → Continue.
 */
const TOOLS = {
	search: smartSuiteTool('Search records', { tableId: tableFromAi }, CREDENTIAL),
	find: smartSuiteTool(
		'Find records',
		{
			tableId: tableFromAi,
			filterInput: 'json',
			filterJson: fromAi('filter', FILTER_ARGUMENT, 'json'),
		},
		CREDENTIAL,
	),
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
	add: smartSuiteTool(
		'Add record',
		{
			operation: 'create',
			tableId: tableFromAi,
			fieldsInput: 'json',
			fieldsJson: fromAi('fields', FIELDS_ARGUMENT, 'json'),
		},
		CREDENTIAL,
	),
	update: {
		...smartSuiteTool(
			'Update record',
			{
				operation: 'update',
				tableId: tableFromAi,
				recordId: idFromAi('record', 'The ID of the record'),
				fieldsInput: 'json',
				fieldsJson: fromAi('fields', FIELDS_ARGUMENT, 'json'),
			},
			CREDENTIAL,
		),
		// On Error: Continue (using regular output): an error becomes the answer [{"error": "…"}].
		onError: 'continueRegularOutput',
	},
	// The README's Search wiring: limit and cursor optional (a default as $fromAI's fourth argument).
	page: smartSuiteTool(
		'Page records',
		{
			tableId: tableFromAi,
			filterInput: 'json',
			filterJson: fromAi('filter', FILTER_ARGUMENT, 'json'),
			limit: "={{ $fromAI('limit', 'How many records at most', 'number', 20) }}",
			options: {
				cursor:
					"={{ $fromAI('cursor', 'The cursor of the last more item; empty for the first records', 'string', '') }}",
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
	webhooks: smartSuiteTool(
		'List webhooks',
		{
			resource: 'webhook',
			operation: 'list',
			solutionId: idFromAi('solution', 'The ID of the SmartSuite solution'),
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
/** A table of the demo's solution with fewer fields than Projects: Title and Notes. */
let contactsId: string;
/** The text of the one error item an On Error → Continue tool answers. */
const continuedError = (text: string) => {
	const items = JSON.parse(text) as Array<{ error?: unknown }>;
	expect(items).toHaveLength(1);
	return String(items[0].error);
};

beforeAll(async () => {
	await ensureN8n({ version });
	emu = await startEmulator({ demo: true });
	contactsId = emu.addTable(emu.demo.solutionId, {
		name: 'Contacts',
		structure: [TABLE_STRUCTURE[0], ...NAMED_TITLE_STRUCTURE.slice(1)],
	}).id;
	n8n = await N8n.fresh();
	try {
		await installThisPackage(n8n.options.userFolder);
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
				find: 'Search the records of a table by filter in SmartSuite',
				page: 'Search the records of a table by filter in SmartSuite',
				get: 'Get a record by its ID in SmartSuite',
				create: 'Create a record from the fields given in SmartSuite',
				add: 'Create a record from the fields given in SmartSuite',
				update: 'Update the fields given of a record in SmartSuite',
				comment: 'Create a comment on a record in SmartSuite',
				table: 'Get a table and its fields in SmartSuite',
				restore: 'Restore a deleted record in SmartSuite',
				webhook: 'Get a webhook in SmartSuite',
				webhooks: 'List the webhooks of a solution in SmartSuite',
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
			// A `json` $fromAI argument: described, not a string (n8n checks for a non-empty object or
			// list when the tool is called).
			const json = (description: string) => expect.objectContaining({ description });
			for (const [tool, argument] of [
				['find', 'filter'],
				['add', 'fields'],
				['update', 'fields'],
			] as const)
				expect(schemaOf(tool).properties?.[argument]).not.toHaveProperty('type', 'string');
			expect(schemaOf('find')).toMatchObject({
				properties: { table: text(TABLE_ARGUMENT), filter: json(FILTER_ARGUMENT) },
			});
			expect(schemaOf('add')).toMatchObject({
				properties: { table: text(TABLE_ARGUMENT), fields: json(FIELDS_ARGUMENT) },
			});
			expect(schemaOf('update')).toMatchObject({
				properties: {
					table: text(TABLE_ARGUMENT),
					record: text('The ID of the record'),
					fields: json(FIELDS_ARGUMENT),
				},
			});
			expect(Object.keys(schemaOf('page').properties ?? {}).sort()).toEqual([
				'cursor',
				'filter',
				'limit',
				'table',
			]);
			expect([...(schemaOf('page').required ?? [])].sort()).toEqual(['filter', 'table']);
			expect(Object.keys(schemaOf('webhooks').properties ?? {})).toEqual(['solution']);
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
		'Record → Update with the fields as one JSON argument changes the one field given; every other field stays as it was',
		suite.wrap(async () => {
			const recordId = emu.demo.recordIds[2];
			emu.updateRecord(emu.demo.tableId, recordId, {
				status: { value: 'in_progress' },
				priority: '2',
			});
			const before = structuredClone(emu.getRecord(emu.demo.tableId, recordId)!);
			emu.resetLog();

			const items = await mcp.items(nameOf('update'), {
				table: emu.demo.tableId,
				record: recordId,
				fields: { Priority: 'Urgent' },
			});

			// The priority field's "Urgent" option has the id "4"; SmartSuite dates the change.
			expect(emu.getRecord(emu.demo.tableId, recordId)).toEqual({
				...before,
				priority: '4',
				last_updated: expect.objectContaining({ on: expect.any(String) }),
			});
			const updates = emu.requests.filter((request) => request.operation === 'UpdateRecord');
			expect(updates.map((request) => request.body)).toEqual([{ priority: '4' }]);
			expect(items).toEqual([
				expect.objectContaining({
					id: recordId,
					Title: before.title,
					Priority: 'Urgent',
					Status: 'In Progress',
				}),
			]);
		}),
	);

	test(
		'Record → Search with the conditions the model chose (one JSON argument) answers the records that meet them, sorted',
		suite.wrap(async () => {
			const [first, second, third] = emu.demo.recordIds;
			for (const [recordId, priority] of [
				[first, '3'],
				[second, '1'],
				[third, '3'],
			])
				emu.updateRecord(emu.demo.tableId, recordId, { priority });
			emu.resetLog();

			const items = await mcp.items(nameOf('find'), {
				table: emu.demo.tableId,
				filter: {
					filter: {
						operator: 'and',
						fields: [{ field: 'Priority', comparison: 'is', value: 'High' }],
					},
					sort: [{ field: 'Title', direction: 'desc' }],
				},
			});

			const high = projects()
				.filter((record) => record.priority === '3')
				.map((record) => record.title)
				.sort()
				.reverse();
			expect(high).toEqual(
				expect.arrayContaining(['Budget forecast FY25', 'Customer feedback triage']),
			);
			expect(items.map((item) => item.Title)).toEqual(high);
			expect(items.every((item) => item.Priority === 'High')).toBe(true);
			// SmartSuite was asked for exactly that: the option's id, the sort by slug.
			const [list] = emu.requests.filter((request) => request.operation === 'ListRecords');
			expect(list.body).toMatchObject({
				filter: {
					operator: 'and',
					fields: [{ field: 'priority', comparison: 'is', value: '3' }],
				},
				sort: [{ field: 'title', direction: 'desc' }],
			});
		}),
	);

	test(
		'Record → Create into a table without the given fields is a tool error naming them and the table; nothing is stored',
		suite.wrap(async () => {
			emu.resetLog();
			const json = await mcp.call(nameOf('add'), {
				table: contactsId,
				fields: { Title: 'Ada Lovelace', Priority: 'High', Code: 'MCP-1e' },
			});
			// The mapper's columns (Title, Priority) loaded from Projects, the table from the model.
			const mapped = await mcp.call(nameOf('create'), {
				table: contactsId,
				title: 'Ada Lovelace',
				priority: 'High',
			});

			expect(json.isError).toBe(true);
			expect(json.text).toContain('Contacts');
			expect(json.text).toContain('"Priority"');
			expect(json.text).toContain('"Code"');
			// The table's fields, for the model to choose from.
			expect(json.text).toContain('"Title"');
			expect(json.text).toContain('"Notes"');
			expect(mapped.isError).toBe(true);
			expect(mapped.text).toContain('Contacts');
			expect(mapped.text).toContain('"priority"');
			expect(emu.records(contactsId)).toEqual([]);
			expect(emu.requests.filter((request) => request.operation === 'CreateRecord')).toEqual([]);
		}),
	);

	test(
		'a choice that is not an option, the tool on On Error → Continue: the model reads the options; nothing is written',
		suite.wrap(async () => {
			const recordId = emu.demo.recordIds[1];
			const before = structuredClone(emu.getRecord(emu.demo.tableId, recordId)!);
			const answer = await mcp.call(nameOf('update'), {
				table: emu.demo.tableId,
				record: recordId,
				fields: { Priority: 'Purple' },
			});

			expect(answer.isError).toBe(false);
			const error = continuedError(answer.text);
			expect(error).toContain('Priority');
			expect(error).toContain('Purple');
			for (const option of ['Low', 'Medium', 'High', 'Urgent']) expect(error).toContain(option);
			expect(emu.getRecord(emu.demo.tableId, recordId)).toEqual(before);
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
		"Webhook → List and Get show no SmartSuite Trigger's secret",
		suite.wrap(async () => {
			const secret = 'e2eSecretQ7vWm2xK9pLr4tZc';
			const webhook = emu.createWebhook({
				locator: { account_id: emu.workspaceId, solution_id: emu.demo.solutionId },
				filter: { applications: { application_ids: [emu.demo.tableId] } },
				notification_status: {
					enabled: { url: `https://n8n.example.com/webhook/0f3e9a1c/smartsuite?secret=${secret}` },
				},
			});

			const listed = await mcp.call(nameOf('webhooks'), { solution: emu.demo.solutionId });
			const got = await mcp.call(nameOf('webhook'), { webhook: webhook.webhook_id });

			for (const answer of [listed, got]) {
				expect(answer.isError).toBe(false);
				expect(answer.text).toContain(webhook.webhook_id);
				expect(answer.text).not.toContain(secret);
				// Where SmartSuite notifies stays readable; only the secret is masked.
				expect(answer.text).toContain(
					'https://n8n.example.com/webhook/0f3e9a1c/smartsuite?secret=',
				);
			}
			expect(listed.text).toContain(emu.demo.webhookId);
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
			// The step a model can take (issue 58), not an editor operation no tool has.
			expect(answer.text).toContain(
				"give the 24-character ID of a table of this workspace, as this tool's description or the user gives it",
			);
			expect(answer.text).not.toContain('Get Many');
			expect(projects()).toHaveLength(before);
		}),
	);

	test(
		'five parallel Update calls adding links and people to one record: every change kept (issue 58)',
		suite.wrap(async () => {
			const table = emu.addFieldTypesTable(emu.demo.solutionId);
			const titles = ['Acme', 'Globex', 'Initech'];
			const linked = titles.map((title) => emu.addRecord(table.id, { title }).id);
			const [alex, sam] = emu.members();
			const deal = emu.addRecord(table.id, { title: 'Deal' });
			const update = (fields: Record<string, unknown>) =>
				mcp.call(nameOf('update'), { table: table.id, record: deal.id, fields });

			const answers = await Promise.all([
				update({ Related: { add: ['Acme'] } }),
				update({ Owner: { add: ['Alex Morgan'] } }),
				update({ Related: { add: ['Globex'] } }),
				update({ Owner: { add: ['Sam Rivera'] } }),
				update({ Related: { add: ['Initech'] } }),
			]);

			for (const answer of answers) {
				expect(answer.isError).toBe(false);
				expect(answer.text).not.toContain('"error"');
			}
			const stored = emu.getRecord(table.id, deal.id)!;
			expect([...(stored[TYPED_FIELDS.linked] as string[])].sort()).toEqual([...linked].sort());
			expect([...(stored.assigned_to as string[])].sort()).toEqual([alex.id, sam.id].sort());
		}),
	);

	test(
		'a search read page by page with the cursor of its more item: every record once, in order (issue 58)',
		suite.wrap(async () => {
			const table = emu.addFieldTypesTable(emu.demo.solutionId);
			const names = Array.from({ length: 12 }, (_, i) => `Task ${String(i).padStart(2, '0')}`);
			for (const name of names) emu.addRecord(table.id, { title: name });
			const filter = { filter: { fields: [] }, sort: [{ field: 'Name', direction: 'asc' }] };

			const read: unknown[] = [];
			const mores: unknown[] = [];
			let cursor: string | undefined;
			for (let calls = 0; calls < 3; calls++) {
				const items = await mcp.items(nameOf('page'), {
					table: table.id,
					filter,
					limit: 5,
					...(cursor === undefined ? {} : { cursor }),
				});
				const more = items.at(-1)?.more as { count: number; cursor: string } | undefined;
				read.push(...items.filter((item) => !('more' in item)).map((item) => item.Name));
				mores.push(more?.count);
				cursor = more?.cursor;
			}

			expect(read).toEqual(names);
			expect(mores).toEqual([12, 12, undefined]);
			// Another search refuses the cursor, saying what to do.
			const first = await mcp.items(nameOf('page'), { table: table.id, filter, limit: 5 });
			const refused = await mcp.call(nameOf('page'), {
				table: table.id,
				filter: { filter: { fields: [] } },
				cursor: (first.at(-1)!.more as { cursor: string }).cursor,
			});
			expect(refused.isError).toBe(true);
			expect(refused.text).toContain('The cursor was given by another search');
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
