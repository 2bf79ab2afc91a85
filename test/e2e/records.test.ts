/**
 * Records end to end in a real n8n (the proof of issues 21, 22, 28 and 30): the n8n version E2E_N8N
 * selects (versions.ts), this package packed and installed as a community package. While a
 * published SmartSuite Polling Trigger ("Create a webhook for me" on one table, every kind of record event,
 * Simplify on) polls in `n8n start`, `n8n execute` runs a workflow whose SmartSuite nodes create 60
 * records from 60 items, search them, update them, upload a file to one of them, comment on that
 * record and list its comments, download its file (the bytes compared), create-or-update 60 items
 * of which 30 exist, and delete all 90. Then `n8n execute` runs a second workflow: the deleted
 * records listed and one restored; a new table, a select and a text field in it, records, a choice
 * added to the select (the records keep their values); the records of a view seeded on the first
 * table. The tests check what a user sees: each node's output, the requests SmartSuite received,
 * the records, fields and comments stored, and every event of the first workflow's changes emitted
 * by the trigger exactly once.
 */
import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator, type EventObject, type ReceivedRequest } from '../emulator';
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import {
	N8n,
	ensureN8n,
	installThisPackage,
	n8nSuite,
	nodeOutput,
	smartSuiteCredential,
	stopAll,
} from './harness';
import { TriggerWatch, withTestPolls } from './trigger-watch';
import { selectedVersion } from './versions';

const version = selectedVersion();
jest.setTimeout(6 * 60_000);

const CREDENTIAL = { id: 'smartsuiteRecordsCred', name: 'SmartSuite (emulator)' };
const TRIGGER_WORKFLOW = 'e2eRecordEvents';
const TRIGGER_NODE = 'On record changes';
const RECORDS_WORKFLOW = 'e2eRecords';
const TABLES_WORKFLOW = 'e2eTablesAndTrash';
const credentials = { smartSuiteWorkspaceApi: CREDENTIAL };

/** How many records the workflow creates, and how many of the upserted items exist by then. */
const COUNT = 60;
const EXISTING = 30;
/** SmartSuite's bulk limit: records per bulk request. */
const BULK = 25;
const bulkRequests = (records: number) => Math.ceil(records / BULK);

/** Codes of the workflow's records ("E2E-00"…); records of the table with other codes stay untouched. */
const code = (n: number) => `E2E-${String(n).padStart(2, '0')}`;

let emu: Emulator;
let n8n: N8n;
const suite = n8nSuite(() => n8n);
const seed = { solutionId: '', tableId: '', otherRecordIds: [] as string[], viewId: '' };

type WorkflowNode = {
	name: string;
	type: string;
	typeVersion: number;
	parameters: object;
	[setting: string]: unknown;
};

const table = () => ({ __rl: true, mode: 'id', value: seed.tableId });
/** A SmartSuite node of any resource (no table unless given). */
const anySmartSuite = (name: string, parameters: object, settings: object = {}): WorkflowNode => ({
	name,
	type: 'n8n-nodes-smartsuite-workspace.smartSuite',
	typeVersion: 1,
	parameters,
	credentials,
	...settings,
});
/** A SmartSuite node on the seeded table (a Record operation unless `resource` says otherwise). */
const smartSuite = (name: string, parameters: object, settings: object = {}): WorkflowNode =>
	anySmartSuite(name, { resource: 'record', tableId: table(), ...parameters }, settings);
/** A Code node that outputs `count` items whatever it gets: `json` is an expression of the item's number `n`. */
const items = (name: string, count: number, json: string): WorkflowNode => ({
	name,
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: {
		jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: ((n) => (${json}))(i) }));`,
	},
});
/** Search runs once (`executeOnce`), not once per input item: every record whose code starts "E2E-". */
const findWorkflowRecords = (name: string) =>
	smartSuite(
		name,
		{
			operation: 'search',
			match: 'and',
			filters: { rule: [{ field: F.text, comparison: 'contains', value: 'E2E-' }] },
			sort: { rule: [{ field: F.text, direction: 'asc' }] },
			returnAll: true,
		},
		{ executeOnce: true },
	);
const eachRecord = { __rl: true, mode: 'id', value: '={{ $json.id }}' };

/**
 * Where polls are 10 s apart (the floor), the workflow waits a poll period after each kind of
 * write, so that their events reach the trigger over several polls, each going on from where the
 * last one stopped. With one-minute polls (2.41) it does not wait (CI time): the events arrive in
 * one or two polls.
 */
const quickPolls = version.pollPeriodMs <= 10_000;
const pause = (name: string): WorkflowNode[] =>
	quickPolls
		? [
				{
					name,
					type: 'n8n-nodes-base.wait',
					typeVersion: 1.1,
					parameters: {
						resume: 'timeInterval',
						amount: version.pollPeriodMs / 1000,
						unit: 'seconds',
					},
				},
			]
		: [];

/** The file the workflow uploads to the first record (issue 22), as a Code node's binary gives it. */
const UPLOAD = {
	fileName: 'delivery note.txt',
	mimeType: 'text/plain',
	text: 'Delivered: 60 items, checked by the e2e workflow.\n',
};
const uploadItem: WorkflowNode = {
	name: 'A file for the first record',
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: {
		jsCode: `return [{ json: { id: $('Update records').first().json.id }, binary: { data: { data: '${Buffer.from(UPLOAD.text).toString('base64')}', mimeType: '${UPLOAD.mimeType}', fileName: '${UPLOAD.fileName}' } } }];`,
	},
};

/** The record the file went to, as an expression (Upload File's output). */
const firstWithFile = { __rl: true, mode: 'id', value: "={{ $('Upload file').first().json.id }}" };
const COMMENT = 'Checked by the e2e workflow';
/** What a user does with a downloaded file: reads its bytes (n8n's binary store) as text. */
const downloadedText: WorkflowNode = {
	name: 'Read the downloaded file',
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: {
		jsCode: `const bytes = await this.helpers.getBinaryDataBuffer(0, 'file_0');
return [{ json: { base64: bytes.toString('base64'), fileName: $input.first().binary.file_0.fileName, mimeType: $input.first().binary.file_0.mimeType } }];`,
	},
};

/**
 * The records workflow, one node after the other (each SmartSuite node gets the previous node's
 * items; the Code nodes make their own).
 */
function recordsWorkflowSteps(): WorkflowNode[] {
	return [
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		// Keys are field labels: Map Automatically matches them (any case).
		items(
			'60 items',
			COUNT,
			`{ name: 'Item ' + n, CODE: 'E2E-' + String(n).padStart(2, '0'), quantity: n }`,
		),
		smartSuite('Create records', {
			operation: 'create',
			columns: { mappingMode: 'autoMapInputData', value: null },
		}),
		...pause('Wait for a poll (created)'),
		findWorkflowRecords('Search records'),
		// PATCH of one field, mapped below by slug.
		smartSuite('Update records', {
			operation: 'update',
			recordId: eachRecord,
			columns: {
				mappingMode: 'defineBelow',
				value: { [F.number]: '={{ $json.Quantity + 1000 }}' },
			},
		}),
		...pause('Wait for a poll (updated)'),
		uploadItem,
		smartSuite('Upload file', {
			operation: 'uploadFile',
			recordId: eachRecord,
			fieldId: F.files,
			inputDataFieldName: 'data',
		}),
		// Issue 28: a comment on that record, its comments, and its file downloaded again.
		smartSuite('Comment on the first record', {
			resource: 'comment',
			operation: 'create',
			recordId: eachRecord,
			message: COMMENT,
		}),
		smartSuite('Get comments', {
			resource: 'comment',
			operation: 'getMany',
			recordId: firstWithFile,
			returnAll: true,
		}),
		smartSuite('Download files', {
			operation: 'downloadFiles',
			recordId: firstWithFile,
			fieldId: F.files,
		}),
		downloadedText,
		// Codes E2E-30 to E2E-89: the first 30 exist, the others are new.
		items(
			'Upsert items',
			COUNT,
			`{ name: 'Upserted ' + (n + ${COUNT - EXISTING}), code: 'E2E-' + (n + ${COUNT - EXISTING}), quantity: 2000 + n }`,
		),
		smartSuite('Create or update records', {
			operation: 'upsert',
			columns: {
				mappingMode: 'defineBelow',
				value: {
					title: '={{ $json.name }}',
					[F.text]: '={{ $json.code }}',
					[F.number]: '={{ $json.quantity }}',
				},
				matchingColumns: [F.text],
			},
		}),
		...pause('Wait for a poll (upserted)'),
		findWorkflowRecords('Find all records'),
		smartSuite('Delete records', { operation: 'delete', recordId: eachRecord }),
	];
}

/** The table the second workflow creates, as an expression (Table → Create's output). */
const newTable = { __rl: true, mode: 'id', value: "={{ $('Create table').first().json.id }}" };
const solution = () => ({ __rl: true, mode: 'id', value: seed.solutionId });
const once = { executeOnce: true };
/** The orders the second workflow creates in its new table: keys are the new fields' labels. */
const ORDERS = [
	{ Title: 'Order 1', Size: 'Small', Note: 'first' },
	{ Title: 'Order 2', Size: 'Large', Note: 'second' },
];

/**
 * The second workflow (issues 28 and 30), run after the records workflow: the seeded table's
 * deleted records listed and the first restored; a new table with a select and a text field,
 * records in it, a choice added to the select; the records read back, and the seeded view's.
 */
function tablesWorkflowSteps(): WorkflowNode[] {
	return [
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		smartSuite(
			'Get deleted records',
			{ operation: 'getDeleted', solutionId: solution(), returnAll: true },
			once,
		),
		smartSuite('Restore a record', { operation: 'restore', recordId: '={{ $json.id }}' }, once),
		anySmartSuite(
			'Create table',
			{ resource: 'table', operation: 'create', solutionId: solution(), name: 'Orders' },
			once,
		),
		anySmartSuite(
			'Add a select',
			{
				resource: 'field',
				operation: 'create',
				tableId: newTable,
				label: 'Size',
				fieldType: 'singleselectfield',
				choices: 'Small, Large',
			},
			once,
		),
		anySmartSuite(
			'Add a text field',
			{ resource: 'field', operation: 'create', tableId: newTable, label: 'Note' },
			once,
		),
		{
			name: 'Orders',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: { jsCode: `return ${JSON.stringify(ORDERS.map((json) => ({ json })))};` },
		},
		smartSuite('Create orders', {
			operation: 'create',
			tableId: newTable,
			columns: { mappingMode: 'autoMapInputData', value: null },
		}),
		anySmartSuite(
			'Add a choice',
			{
				resource: 'field',
				operation: 'update',
				tableId: newTable,
				fieldId: { __rl: true, mode: 'id', value: "={{ $('Add a select').first().json.slug }}" },
				addChoices: 'Medium',
			},
			once,
		),
		smartSuite('Read orders', { operation: 'search', tableId: newTable, returnAll: true }, once),
		anySmartSuite(
			'Read the view',
			{
				resource: 'view',
				operation: 'getRecords',
				tableId: table(),
				viewId: { __rl: true, mode: 'id', value: seed.viewId },
				returnAll: true,
			},
			once,
		),
	];
}

function chained(id: string, steps: WorkflowNode[]) {
	const nodes = steps.map((step, i) => ({ id: `${id}-${i}`, position: [i * 220, 0], ...step }));
	const connections = Object.fromEntries(
		steps
			.slice(0, -1)
			.map((step, i) => [
				step.name,
				{ main: [[{ node: steps[i + 1].name, type: 'main', index: 0 }]] },
			]),
	);
	return { id, name: id, nodes, connections, settings: { executionOrder: 'v1' }, active: false };
}

function triggerWorkflow() {
	const trigger: WorkflowNode = {
		name: TRIGGER_NODE,
		type: 'n8n-nodes-smartsuite-workspace.smartSuiteTrigger',
		typeVersion: 2,
		parameters: {
			source: 'managed',
			solutionId: { __rl: true, mode: 'id', value: seed.solutionId },
			watch: 'tables',
			tableIds: [seed.tableId],
			events: ['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED'],
			// Simplify off: its structure read (for the labels) would interleave with the workflow's
			// requests, whose order the test checks; test/e2e/smartsuite.test.ts has it on.
			options: { simplify: false },
		},
		credentials,
	};
	return withTestPolls(chained(TRIGGER_WORKFLOW, [trigger]), version);
}

beforeAll(async () => {
	await ensureN8n({ version });
	emu = await startEmulator();
	n8n = await N8n.fresh();
	try {
		await installThisPackage(n8n.options.userFolder);
		seed.solutionId = emu.addSolution({ name: 'Inventory' }).id;
		seed.tableId = emu.addFieldTypesTable(seed.solutionId, { name: 'Items' }).id;
		seed.otherRecordIds = ['OTHER-1', 'OTHER-2', 'OTHER-3'].map(
			(other) => emu.addRecord(seed.tableId, { title: other, [F.text]: other }).id,
		);
		// A view of the seeded table: the other records (Code contains "OTHER"), last code first.
		seed.viewId = emu.addView(seed.tableId, {
			label: 'Others',
			filter: {
				operator: 'and',
				fields: [{ field: F.text, comparison: 'contains', value: 'OTHER' }],
			},
			sort: [{ field: F.text, direction: 'desc' }],
		}).id;
		await n8n.importCredentials([smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emu)]);
		await n8n.importWorkflows([
			triggerWorkflow(),
			chained(RECORDS_WORKFLOW, recordsWorkflowSteps()),
			chained(TABLES_WORKFLOW, tablesWorkflowSteps()),
		]);
	} catch (error) {
		throw suite.fail(error);
	}
}, 25 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	stopAll();
	await emu?.close();
	suite.finish();
});

/** The records API's requests after request number `since`, in order (the trigger uses only the webhooks API). */
function recordRequests(since: number): ReceivedRequest[] {
	return emu.requests.filter((request) => request.n > since && request.api === 'records');
}
const bulkSizes = (requests: ReceivedRequest[], operation: string) =>
	requests
		.filter((request) => request.operation === operation)
		.map((request) => (request.body as { items: unknown[] }).items.length);
/** `[['GetTable', 1], ['BulkCreateRecords', 3]]` → each operation repeated that many times. */
const repeated = (operations: Array<[string, number]>) =>
	operations.flatMap(([operation, times]) => Array<string>(times).fill(operation));

describe(`Records in n8n ${version.n8n}: a workflow writes, the trigger sees every change once`, () => {
	test(
		'create 60, search, update, upload a file, upsert 60 (30 existing), delete 90, while the trigger polls',
		suite.wrap(async () => {
			const watch = new TriggerWatch(emu, n8n, TRIGGER_WORKFLOW, TRIGGER_NODE, '');
			await n8n.publish(TRIGGER_WORKFLOW);
			const beforeStart = watch.lastRequestNumber();
			await n8n.start();
			await watch.waitForManagedActivation(beforeStart);
			const [webhook] = emu.webhooks();
			expect(emu.webhooks()).toHaveLength(1);
			expect(webhook).toMatchObject({
				locator: { solution_id: seed.solutionId },
				kinds: expect.arrayContaining(['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED']),
			});

			const beforeRun = watch.lastRequestNumber();
			const { run: result, error } = await n8n.execute(RECORDS_WORKFLOW);
			expect(error).toBeUndefined();
			const runData = result!.data.resultData.runData;
			const output = (node: string) => nodeOutput(runData, node);

			// Create: one record per item, in input order, each paired with its item.
			const created = output('Create records');
			expect(created.map((record) => [record.Code, record.Name, record.Quantity])).toEqual(
				Array.from({ length: COUNT }, (_, n) => [code(n), `Item ${n}`, n]),
			);
			expect(
				runData['Create records'][0].data!.main![0]!.map(
					(item) => (item as { pairedItem?: unknown }).pairedItem,
				),
			).toEqual(Array.from({ length: COUNT }, (_, n) => ({ item: n })));
			const createdIds = created.map((record) => String(record.id));
			expect(new Set(createdIds).size).toBe(COUNT);
			expect(Object.keys(created[0])[0]).toBe('id');

			// Search: exactly those 60 (Return All, a filter on the code), sorted by it.
			expect(output('Search records').map((record) => record.id)).toEqual(createdIds);

			// Update: each record's Quantity, nothing else.
			const updated = output('Update records');
			expect(
				updated.map((record) => [record.id, record.Code, record.Name, record.Quantity]),
			).toEqual(
				created.map((record) => [
					record.id,
					record.Code,
					record.Name,
					Number(record.Quantity) + 1000,
				]),
			);

			// Upload File: the binary reached the first record's file field byte for byte, with its name and type.
			const [withFile] = output('Upload file');
			expect(withFile.id).toBe(createdIds[0]);
			const files = emu
				.records(seed.tableId, { deleted: true })
				.find((record) => record.id === createdIds[0])?.[F.files] as Array<{
				handle: string;
				metadata: { filename: string; mimetype: string; size: number };
			}>;
			expect(files.map((file) => file.metadata)).toEqual([
				expect.objectContaining({
					filename: UPLOAD.fileName,
					mimetype: UPLOAD.mimeType,
					size: Buffer.byteLength(UPLOAD.text),
				}),
			]);
			expect(emu.uploadedFile(files[0].handle)?.bytes.toString('utf8')).toBe(UPLOAD.text);

			// Comment → Create on that record, then Comment → Get Many: the comment as a person reads it, stored once.
			const comments = output('Comment on the first record');
			expect(comments).toEqual([
				expect.objectContaining({
					text: COMMENT,
					record: createdIds[0],
					table: seed.tableId,
					author: expect.objectContaining({ id: emu.members()[0].id }),
					assignedTo: null,
					parentCommentId: null,
				}),
			]);
			expect(output('Get comments')).toEqual(comments);
			expect(
				emu
					.comments()
					.filter((comment) => comment.record === createdIds[0])
					.map((comment) => [comment.id, comment.message.preview]),
			).toEqual([[comments[0].id, COMMENT]]);

			// Download Files: the uploaded file again, described, its bytes exactly those uploaded (read
			// from n8n's binary data by a Code node).
			expect(output('Download files')).toEqual([
				{
					id: createdIds[0],
					tableId: seed.tableId,
					fileCount: 1,
					files: [
						{
							binaryField: 'file_0',
							field: 'Attachments',
							fieldId: F.files,
							fileName: UPLOAD.fileName,
							mimeType: UPLOAD.mimeType,
							size: Buffer.byteLength(UPLOAD.text),
							handle: files[0].handle,
						},
					],
				},
			]);
			const [downloaded] = output('Read the downloaded file');
			expect(downloaded).toMatchObject({ fileName: UPLOAD.fileName, mimeType: UPLOAD.mimeType });
			expect(Buffer.from(String(downloaded.base64), 'base64')).toEqual(Buffer.from(UPLOAD.text));
			expect(emu.fileRequests.map((request) => request.method)).toEqual(['GET']);

			// Upsert: the 30 existing codes update their records, the 30 new ones are created, in input order.
			const upserted = output('Create or update records');
			expect(upserted.map((record) => [record.Code, record.Name, record.Quantity])).toEqual(
				Array.from({ length: COUNT }, (_, n) => [
					`E2E-${n + COUNT - EXISTING}`,
					`Upserted ${n + COUNT - EXISTING}`,
					2000 + n,
				]),
			);
			expect(upserted.slice(0, EXISTING).map((record) => record.id)).toEqual(
				createdIds.slice(COUNT - EXISTING),
			);
			const upsertCreatedIds = upserted.slice(EXISTING).map((record) => String(record.id));
			expect(upsertCreatedIds.filter((id) => createdIds.includes(id))).toEqual([]);

			// Delete: every record of the workflow, 90, found by a second search.
			const allIds = [...createdIds, ...upsertCreatedIds];
			expect(output('Find all records')).toHaveLength(allIds.length);
			expect(output('Delete records')).toEqual(
				output('Find all records').map((record) => ({ id: record.id, deleted: true })),
			);
			expect(
				output('Delete records')
					.map((item) => item.id)
					.sort(),
			).toEqual([...allIds].sort());

			// Requests: bulk writes of at most 25 records, one structure read per node, one search per 25
			// upserted keys; each node that outputs records reads the members once (First Created's `by`).
			const requests = recordRequests(beforeRun);
			expect(requests.map((request) => request.operation)).toEqual(
				repeated([
					['GetTable', 1],
					['BulkCreateRecords', 1],
					['ListMembers', 1],
					['BulkCreateRecords', bulkRequests(COUNT) - 1], // Create
					['GetTable', 1],
					['ListRecords', 1],
					['ListMembers', 1], // Search
					['GetTable', 1],
					['BulkUpdateRecords', 1],
					['ListMembers', 1],
					['BulkUpdateRecords', bulkRequests(COUNT) - 1], // Update
					['GetTable', 1],
					['UploadRecordFile', 1],
					['ListMembers', 1], // Upload File
					['CreateComment', 1],
					['ListMembers', 1], // Comment → Create (Simplify: the member directory, once)
					['ListComments', 1],
					['ListMembers', 1], // Comment → Get Many
					['GetTable', 1],
					['GetRecord', 1],
					['GetFileUrl', 1], // Download Files (the bytes from the file host)
					['GetTable', 1],
					['ListRecords', bulkRequests(COUNT)],
					['BulkUpdateRecords', 1],
					['ListMembers', 1],
					['BulkUpdateRecords', bulkRequests(EXISTING) - 1],
					['BulkCreateRecords', bulkRequests(COUNT - EXISTING)], // Upsert
					['GetTable', 1],
					['ListRecords', 1],
					['ListMembers', 1], // Find all
					['BulkDeleteRecords', bulkRequests(allIds.length)], // Delete
				]),
			);
			expect(bulkSizes(requests, 'BulkCreateRecords')).toEqual([25, 25, 10, 25, 5]);
			expect(bulkSizes(requests, 'BulkUpdateRecords')).toEqual([25, 25, 10, 25, 5]);
			expect(bulkSizes(requests, 'BulkDeleteRecords')).toEqual([25, 25, 25, 15]);
			expect(
				requests
					.filter((request) => request.status !== 200)
					.map((request) => [request.operation, request.status]),
			).toEqual([['CreateComment', 201]]);

			// SmartSuite: the workflow's records are in the trash, the table's others untouched.
			expect(emu.records(seed.tableId, { deleted: false }).map((record) => record.id)).toEqual(
				seed.otherRecordIds,
			);
			const trashed = emu.records(seed.tableId, { deleted: true });
			expect(trashed.map((record) => record.id).sort()).toEqual([...allIds].sort());
			// Their last values: Update's Quantity on the first 30, Create or Update's name and Quantity on the others.
			expect(
				Object.fromEntries(
					trashed.map((record) => [record[F.text], [record.title, Number(record[F.number])]]),
				),
			).toEqual(
				Object.fromEntries(
					Array.from({ length: allIds.length }, (_, n) => [
						code(n),
						n < COUNT - EXISTING
							? [`Item ${n}`, n + 1000]
							: [`Upserted ${n}`, 2000 + n - (COUNT - EXISTING)],
					]),
				),
			);

			// The trigger: every event of these changes exactly once, over its executions, in order.
			const stored = emu.events(webhook.webhook_id);
			// Updates: Update's 60, Upload File's 1, Create or Update's 30.
			const expectedKinds = {
				RECORD_CREATED: COUNT + COUNT - EXISTING,
				RECORD_UPDATED: COUNT + 1 + EXISTING,
				RECORD_DELETED: allIds.length,
			};
			expect(countKinds(stored)).toEqual(expectedKinds);
			let executions = await watch.waitForEvents(stored.map((event) => event.event_id));
			// Where polls are quick, one more poll must bring nothing again.
			if (quickPolls) {
				await watch.waitForPoll(watch.lastRequestNumber());
				executions = await watch.executions();
			}
			await n8n.stop();
			const emitted = watch.triggered(executions);
			const emittedIds = emitted.map((item) => String(item.event_id));
			const storedIds = stored.map((event) => event.event_id);
			expect(emittedIds.filter((id, position) => emittedIds.indexOf(id) !== position)).toEqual([]); // none twice
			expect(storedIds.filter((id) => !emittedIds.includes(id))).toEqual([]); // none missing
			expect(emittedIds).toEqual(storedIds); // nothing else, in order
			expect(countKinds(emitted)).toEqual(expectedKinds);
			if (quickPolls)
				expect(
					executions.filter((execution) => nodeOutput(execution.runData, TRIGGER_NODE).length > 0)
						.length,
				).toBeGreaterThan(1);
			// Events as SmartSuite sends them name the record and its table: the creations are the records created, in order.
			const createdEvents = emitted.filter((item) => item.kind === 'RECORD_CREATED');
			expect(
				createdEvents.map((item) => (item.record_event_data as IDataObject).record_id),
			).toEqual([...createdIds, ...upsertCreatedIds]);
			expect(createdEvents[0].record_event_data).toMatchObject({
				locator: { application_id: seed.tableId },
				data: { [F.text]: code(0) },
			});
		}),
	);

	test(
		'then: the deleted records listed and one restored; a new table, its fields and records, a choice added; a view read',
		suite.wrap(async () => {
			const trashed = emu.records(seed.tableId, { deleted: true }).map((record) => record.id);
			const before = emu.requests.at(-1)?.n ?? 0;
			const { run: result, error } = await n8n.execute(TABLES_WORKFLOW);
			expect(error).toBeUndefined();
			const runData = result!.data.resultData.runData;
			const output = (node: string) => nodeOutput(runData, node);

			// Get Deleted: the solution's trash, the records the first workflow deleted; Restore: the first of them.
			const listed = output('Get deleted records');
			expect(listed.map((record) => record.id).sort()).toEqual([...trashed].sort());
			expect(listed[0]).toMatchObject({
				tableId: seed.tableId,
				table: 'Items',
				solutionId: seed.solutionId,
				// Readable People, on by default (issue 50): the member as a person.
				deletedBy: expect.objectContaining({ id: emu.members()[0].id }),
				deletedOn: expect.any(String),
			});
			const restoredId = String(listed[0].id);
			expect(output('Restore a record')).toEqual([
				// Simplified, as Get shows a record (issue 36); the field types table's title is "Name".
				expect.objectContaining({ id: restoredId, Name: `${String(listed[0].title)} (Restored)` }),
			]);
			expect(emu.records(seed.tableId, { deleted: false }).map((record) => record.id)).toEqual([
				...seed.otherRecordIds,
				restoredId,
			]);
			expect(emu.records(seed.tableId, { deleted: true })).toHaveLength(trashed.length - 1);

			// Table → Create, then Field → Create twice: the select with its two choices, the text field.
			const [created] = output('Create table');
			expect(created).toMatchObject({ name: 'Orders', solution: seed.solutionId });
			const tableId = String(created.id);
			const [select] = output('Add a select');
			expect(select).toMatchObject({
				tableId,
				label: 'Size',
				field_type: 'singleselectfield',
				params: { choices: [{ label: 'Small' }, { label: 'Large' }] },
			});
			expect(output('Add a text field')).toEqual([
				expect.objectContaining({ tableId, label: 'Note', field_type: 'textfield' }),
			]);
			const [small, large] = (select.params as { choices: Array<{ value: string }> }).choices;

			// Record → Create in the new table, by label; Field → Update adds a choice, the others kept as they were.
			expect(output('Create orders').map(({ id, ...values }) => values)).toEqual(ORDERS);
			const [changed] = output('Add a choice');
			expect(
				(changed.params as { choices: Array<{ label: string; value: string }> }).choices,
			).toEqual([
				small,
				large,
				expect.objectContaining({ label: 'Medium', value: expect.any(String) }),
			]);
			const stored = emu.getTable(tableId)!.structure;
			// SmartSuite's own Title field first (issue 39: Table → Create sends `structure: []`).
			expect(stored.map((field) => [field.label, field.field_type])).toEqual([
				['Title', 'recordtitlefield'],
				['Size', 'singleselectfield'],
				['Note', 'textfield'],
			]);
			expect(stored[1].params.choices).toEqual((changed.params as { choices: unknown[] }).choices);
			// The records keep their select values: in SmartSuite (the choices' ids) and read back (labels).
			const slug = String(select.slug);
			expect(emu.records(tableId).map((record) => [record.title, record[slug]])).toEqual([
				['Order 1', small.value],
				['Order 2', large.value],
			]);
			expect(output('Read orders')).toEqual(output('Create orders'));

			// View → Get Records: the view's records only (its filter: the three others, not the restored
			// record), in its order (Code, last first).
			expect(output('Read the view').map((record) => record.id)).toEqual(
				[...seed.otherRecordIds].reverse(),
			);
			expect(output('Read the view').map((record) => record.Code)).toEqual([
				'OTHER-3',
				'OTHER-2',
				'OTHER-1',
			]);

			// Requests: one each, structure reads where records are written or read.
			const requests = recordRequests(before);
			expect(requests.map((request) => request.operation)).toEqual([
				'ListDeletedRecordsPaged', // issue 50: the trash page by page
				'ListMembers', // Get Deleted (Simplify: who deleted them)
				'RestoreRecord',
				'GetTable', // Restore (Simplify: the fields by label)
				'ListMembers', // Restore (its First Created's and Last Updated's `by`)
				'CreateTable',
				'AddField',
				'AddField',
				'GetTable',
				'BulkCreateRecords', // Create
				'GetTable',
				'ChangeField', // Field → Update
				'GetTable',
				'ListRecords', // Search
				'GetTable',
				'ListViews', // issue 50: a form or dashboard is refused before its records are read
				'ListViewRecords', // View → Get Records
				'ListMembers', // its records' `by` (the new table has no First Created: Create and Search read none)
			]);
			expect(
				requests
					.filter((request) => request.status !== 200)
					.map((request) => [request.operation, request.status]),
			).toEqual([['CreateTable', 201]]);
			expect(requests.at(-2)?.path).toContain(`report=${seed.viewId}`);
		}),
	);
});

function countKinds(
	events: Array<Pick<EventObject, 'kind'> | Record<string, unknown>>,
): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const { kind } of events) counts[String(kind)] = (counts[String(kind)] ?? 0) + 1;
	return counts;
}
