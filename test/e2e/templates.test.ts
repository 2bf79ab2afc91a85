/**
 * The ready-made workflows of examples/ (issue 51), each imported as a user imports it (the file,
 * its placeholders filled in) into the real n8n that E2E_N8N selects (versions.ts), and run there
 * against the emulator: one n8n start for all of them. The workflows started by a request (the
 * webhook, the MCP Server Trigger) are published and called over HTTP; the others are run as the
 * editor's Execute Workflow runs them (n8n's REST API), the polling trigger's as its Fetch Test
 * Event, so no test waits for a poll. Each test checks what a user sees: the items of the last
 * node (or the answer to the request) and the records SmartSuite (the emulator) stores.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startEmulator, type Emulator } from '../emulator';
import { TYPED_FIELDS } from '../emulator/fixtures';
import { McpSession } from './ai-tools';
import {
	N8n,
	type StoredExecution,
	ensureN8n,
	installThisPackage,
	loadExample,
	n8nSuite,
	nodeOutput,
	smartSuiteCredential,
	stopAll,
	waitFor,
} from './harness';
import { N8nRest } from './rest';
import { TriggerWatch } from './trigger-watch';
import { selectedVersion } from './versions';

const version = selectedVersion();
jest.setTimeout(3 * 60_000);

const CREDENTIAL = { id: 'smartsuiteTplCred01', name: 'SmartSuite (emulator)' };
/** The workflows' ids, as their files give them. */
const WEBHOOK_UPSERT = 'smartsuiteWebhookUp1';
const CHANGES = 'smartsuiteChanges1';
const MCP_TOOLS = 'smartsuiteMcpAgent1';
const NIGHTLY_CSV = 'smartsuiteNightlyCsv1';
const FILES_CSV = 'smartsuiteFilesCsv1';
const TASK_DONE = 'smartsuiteTaskDone1';
const WEBHOOK_PATH = 'webhook/smartsuite-create-or-update';
const MCP_PATH = 'mcp/smartsuite';

/** The nightly file: one row for a record that exists (updated), one for a new one (created). */
const NIGHTLY_ROWS = [
	{ Title: 'Release notes 2.4', Priority: 'Urgent', Description: 'Checked by the nightly import' },
	{ Title: 'Supplier audit', Priority: 'Low', Description: 'Added by the nightly import' },
];
/** The CSV attached to a record, which Extract from File reads. */
const PRICE_LIST = 'Product,Price\nDesk,240\nChair,95\n';

let emu: Emulator;
let n8n: N8n;
let rest: N8nRest;
let csvServer: Server;
const csvRequests: string[] = [];
const suite = n8nSuite(() => n8n);
const seed = { fileRecordId: '' };

const projects = () => emu.records(emu.demo.tableId, { deleted: false });
const projectTitled = (title: string) => projects().filter((record) => record.title === title);

/** A local server of the nightly CSV (what a spreadsheet's or a database's export would be). */
async function startCsvServer(): Promise<string> {
	const header = Object.keys(NIGHTLY_ROWS[0]).join(',');
	const body = [header, ...NIGHTLY_ROWS.map((row) => Object.values(row).join(','))].join('\n');
	csvServer = createServer((request, response) => {
		csvRequests.push(String(request.url));
		response.writeHead(200, { 'content-type': 'text/csv' }).end(`${body}\n`);
	});
	await new Promise<void>((done) => csvServer.listen(0, '127.0.0.1', done));
	return `http://127.0.0.1:${(csvServer.address() as AddressInfo).port}/export/projects.csv`;
}

/**
 * The editor's run of the whole workflow (to `lastNode`, from `trigger` when it is a polling
 * trigger's Fetch Test Event); resolves with the finished execution.
 */
async function runInEditor(
	workflowId: string,
	lastNode: string,
	trigger?: string,
): Promise<StoredExecution> {
	const manualRuns = async () =>
		(await n8n.executions(workflowId)).filter((execution) => execution.mode === 'manual');
	const before = (await manualRuns()).length;
	await rest.runManually(await rest.workflow(workflowId), {
		...(trigger ? { triggerToStartFrom: { name: trigger } } : {}),
		destinationNode: lastNode,
	});
	const execution = await waitFor(
		`the run of ${workflowId}`,
		async () =>
			(await manualRuns())
				.slice(before)
				.find((run) => ['success', 'error', 'crashed'].includes(run.status)),
		60_000,
	);
	expect(execution.status).toBe('success');
	return execution;
}

beforeAll(async () => {
	await ensureN8n({ version });
	emu = await startEmulator({ demo: true });
	n8n = await N8n.fresh();
	try {
		const csvUrl = await startCsvServer();
		const [fileRecord] = emu.records(emu.demo.fieldTypesTableId);
		seed.fileRecordId = fileRecord.id;
		emu.addFile(emu.demo.fieldTypesTableId, fileRecord.id, TYPED_FIELDS.files, {
			filename: 'price list.csv',
			mimetype: 'text/csv',
			bytes: Buffer.from(PRICE_LIST),
		});
		// The tasks whose changes the completed-task example judges, not complete before.
		for (const recordId of emu.demo.recordIds.slice(2, 4))
			emu.updateRecord(emu.demo.tableId, recordId, { status: { value: 'backlog' } });
		// The record whose change the message tells, as it was before.
		emu.updateRecord(emu.demo.tableId, emu.demo.recordIds[0], {
			status: { value: 'backlog' },
			priority: '1',
		});

		await installThisPackage(n8n.options.userFolder);
		await n8n.importCredentials([smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emu)]);
		const placeholders = {
			YOUR_CREDENTIAL_ID: CREDENTIAL.id,
			YOUR_SOLUTION_ID: emu.demo.solutionId,
			YOUR_TABLE_ID: emu.demo.tableId,
			YOUR_TABLE_NAME: 'Projects',
			YOUR_CSV_URL: csvUrl,
		};
		await n8n.importWorkflows([
			loadExample('webhook-create-or-update.json', placeholders),
			loadExample('record-changed-message.json', placeholders),
			loadExample('task-completed-comment.json', placeholders),
			loadExample('mcp-server-tools.json', placeholders),
			loadExample('nightly-csv-create-or-update.json', placeholders),
			loadExample('files-to-extract-from-file.json', {
				...placeholders,
				YOUR_TABLE_ID: emu.demo.fieldTypesTableId,
				YOUR_RECORD_ID: fileRecord.id,
			}),
		]);
		await n8n.start();
		rest = await N8nRest.signIn(n8n);
		// Published as the editor's Publish does (one n8n CLI command each would boot n8n again).
		for (const workflowId of [WEBHOOK_UPSERT, CHANGES, MCP_TOOLS, TASK_DONE])
			await rest.publish(workflowId, (await rest.workflow(workflowId)).versionId);
		await n8n.waitForWebhook(WEBHOOK_PATH);
		await n8n.waitForWebhook(MCP_PATH);
	} catch (error) {
		throw suite.fail(error);
	}
}, 25 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	stopAll();
	await emu?.close();
	await new Promise((done) => csvServer?.close(done));
	suite.finish();
});

describe(`the example workflows in n8n ${version.n8n}`, () => {
	test(
		'a form or webhook → Create or Update: the first request creates the record, the second updates it (matched on Title)',
		suite.wrap(async () => {
			const send = async (body: object) => {
				const response = await fetch(`${n8n.url}/${WEBHOOK_PATH}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(body),
				});
				expect(response.status).toBe(200);
				return (await response.json()) as Record<string, unknown>;
			};
			const title = 'Trade fair booth';

			const created = await send({ name: title, priority: 'High', notes: 'Hall 3, stand 12' });
			const updated = await send({ name: title, priority: 'Urgent', notes: 'Hall 3, stand 14' });

			expect(created).toMatchObject({ '@upsert': 'created', Title: title, Priority: 'High' });
			expect(updated).toMatchObject({
				'@upsert': 'updated',
				id: created.id,
				Title: title,
				Priority: 'Urgent',
			});
			// One record, with the values of the second request (the priority "Urgent" is option "4").
			const stored = projectTitled(title);
			expect(stored).toEqual([expect.objectContaining({ id: created.id, priority: '4' })]);
			expect(JSON.stringify(stored[0].description)).toContain('Hall 3, stand 14');
		}),
	);

	test(
		'a record changed → a message that says what changed from what (the polling trigger, Fetch Test Event)',
		suite.wrap(async () => {
			// Activation created the trigger's webhook on the table; changes from now on reach it.
			const watch = new TriggerWatch(emu, n8n, CHANGES, 'When a record is updated', '');
			await watch.waitForManagedActivation(0);
			const recordId = emu.demo.recordIds[0];
			emu.updateRecord(emu.demo.tableId, recordId, {
				status: { value: 'in_progress' },
				priority: '4',
			});

			const execution = await runInEditor(
				CHANGES,
				'Compose the message',
				'When a record is updated',
			);

			const [item] = nodeOutput(execution.runData, 'Compose the message');
			expect(item.record_id).toBe(recordId);
			const lines = String(item.message).split('\n');
			expect(lines[0]).toBe('Budget forecast FY25 was updated:');
			expect(lines.slice(1).sort()).toEqual([
				'- Priority: Low → Urgent',
				'- Status: Backlog → In Progress',
			]);
		}),
	);

	test(
		'a task is completed → a comment on it (the published polling trigger, Only Records That), and none for a change of a task never completed',
		suite.wrap(async () => {
			const watch = new TriggerWatch(emu, n8n, TASK_DONE, 'When a task is completed', '');
			await watch.waitForManagedActivation(0);
			const [completed, untouched] = emu.demo.recordIds.slice(2, 4);
			const commentsOn = (recordId: string) =>
				emu.comments().filter((comment) => comment.record === recordId);
			// Read first by the same poll: passed over, never commented.
			emu.updateRecord(emu.demo.tableId, untouched, { priority: '3' });
			emu.updateRecord(emu.demo.tableId, completed, { status: { value: 'complete' } });

			const [comment] = await waitFor(
				'the comment on the completed task',
				async () => (commentsOn(completed).length > 0 ? commentsOn(completed) : undefined),
				n8n.version.pollPeriodMs + 50_000,
				1000,
			);
			const title = emu.getRecord(emu.demo.tableId, completed)!.title;
			// The preview is HTML, as SmartSuite renders it (the title in bold).
			expect(comment.message.preview.replace(/<[^>]*>/g, '')).toContain(
				`${title} is complete. Thank you!`,
			);
			expect(commentsOn(untouched)).toEqual([]);
			// The comment is posted before n8n has saved the execution that posted it.
			const emitted = await waitFor(
				'the execution that posted it',
				async () => {
					const items = watch.triggered(await watch.executions());
					return items.length > 0 ? items : undefined;
				},
				30_000,
				1000,
			);
			expect(emitted.map((item) => item.record_id)).toEqual([completed]);
		}),
	);

	test(
		"an AI agent's tools over MCP: an MCP client lists the eight SmartSuite tools with their descriptions, searches, creates, updates, comments, deletes and restores",
		suite.wrap(async () => {
			const mcp = await McpSession.connect(`${n8n.url}/${MCP_PATH}`, 'streamable');
			try {
				const tools = await mcp.tools();
				// Every tool of the README's table (issue 58: Delete and Restore were missing).
				expect(tools.map((tool) => tool.name).sort()).toEqual([
					'comment_on_record',
					'create_record',
					'delete_record',
					'get_record',
					'list_fields',
					'restore_record',
					'search_records',
					'update_record',
				]);
				for (const tool of tools) expect(tool.description).toContain('Projects table');
				// Output Fields, Limit and Cursor are the model's to give or leave out: arguments, not required ones.
				const search = tools.find((tool) => tool.name === 'search_records')!;
				expect(Object.keys(search.inputSchema.properties ?? {}).sort()).toEqual([
					'cursor',
					'fields',
					'filter',
					'limit',
				]);
				expect(search.inputSchema.required ?? []).toEqual(['filter']);

				const found = await mcp.items('search_records', {
					filter: {
						filter: {
							operator: 'and',
							fields: [{ field: 'Title', comparison: 'is', value: 'Website refresh' }],
						},
					},
				});
				const [record] = projectTitled('Website refresh');
				expect(found).toEqual([
					expect.objectContaining({ id: record.id, Title: 'Website refresh' }),
				]);
				expect(await mcp.items('get_record', { record: record.id })).toEqual([
					expect.objectContaining({ id: record.id, Title: 'Website refresh' }),
				]);
				// Fields named: only they come back beside the id.
				expect(
					await mcp.items('get_record', { record: record.id, fields: 'Title, Status' }),
				).toEqual([{ id: record.id, Title: 'Website refresh', Status: expect.any(String) }]);

				const [created] = await mcp.items('create_record', {
					fields: { Title: 'Press kit', Priority: 'Medium' },
				});
				expect(projectTitled('Press kit')).toEqual([
					expect.objectContaining({ id: created.id, priority: '2' }),
				]);
				await mcp.items('update_record', { record: created.id, fields: { Priority: 'High' } });
				expect(emu.getRecord(emu.demo.tableId, String(created.id))).toMatchObject({
					title: 'Press kit',
					priority: '3',
				});
				await mcp.items('comment_on_record', {
					record: created.id,
					message: 'Draft is **ready**.',
				});
				// Markdown, as a model writes it: bold in SmartSuite's document, not asterisks.
				const comment = emu.comments().at(-1)!;
				expect(comment).toMatchObject({ record: created.id });
				expect(JSON.stringify(comment.message)).toContain('"strong"');
				expect(JSON.stringify(comment.message)).not.toContain('**');

				expect(await mcp.items('delete_record', { record: created.id })).toEqual([
					{ id: created.id, deleted: true },
				]);
				expect(await mcp.items('restore_record', { record: created.id })).toEqual([
					expect.objectContaining({ id: created.id, Title: 'Press kit (Restored)' }),
				]);

				const fields = await mcp.items('list_fields', {});
				expect(fields.map((field) => field.label)).toEqual(
					emu.getTable(emu.demo.tableId)!.structure.map((field) => field.label),
				);
			} finally {
				await mcp.close();
			}
		}),
	);

	test(
		'nightly Create or Update from a CSV: the existing record is updated, the new one created',
		suite.wrap(async () => {
			const execution = await runInEditor(NIGHTLY_CSV, 'Create or update the records');

			const output = nodeOutput(execution.runData, 'Create or update the records');
			expect(output).toEqual([
				expect.objectContaining({ '@upsert': 'updated', Title: 'Release notes 2.4' }),
				expect.objectContaining({ '@upsert': 'created', Title: 'Supplier audit' }),
			]);
			expect(csvRequests).toEqual(['/export/projects.csv']);
			const [existing] = projectTitled('Release notes 2.4');
			expect(existing).toMatchObject({ id: output[0].id, priority: '4' });
			expect(projectTitled('Supplier audit')).toEqual([
				expect.objectContaining({ id: output[1].id, priority: '1' }),
			]);
		}),
	);

	test(
		"a record's CSV file → Extract from File: the file's rows as items",
		suite.wrap(async () => {
			const execution = await runInEditor(FILES_CSV, 'Rows of the first file');

			expect(nodeOutput(execution.runData, "Download the record's files")).toEqual([
				expect.objectContaining({
					id: seed.fileRecordId,
					fileCount: 1,
					files: [expect.objectContaining({ binaryField: 'file_0', fileName: 'price list.csv' })],
				}),
			]);
			expect(nodeOutput(execution.runData, 'Rows of the first file')).toEqual([
				{ Product: 'Desk', Price: '240' },
				{ Product: 'Chair', Price: '95' },
			]);
		}),
	);
});
