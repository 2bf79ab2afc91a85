/**
 * Records end to end in a real n8n (issue 21's and issue 22's proof): the n8n version E2E_N8N selects
 * (versions.ts), this package packed and installed as a community package. While a published
 * SmartSuite Trigger ("Create a webhook for me" on one table, every kind of record event, Simplify
 * on) polls in `n8n start`, `n8n execute` runs a workflow whose SmartSuite nodes create 60 records
 * from 60 items, search them, update them, upload a file to one of them, create-or-update 60
 * items of which 30 exist, and delete all 90. The test checks what a user sees: each node's output, the requests SmartSuite received,
 * the records left, and every event of those changes emitted by the trigger exactly once.
 */
import { startEmulator, type Emulator, type EventObject, type ReceivedRequest } from '../emulator';
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import {
	N8n,
	ensureN8n,
	installCommunityPackage,
	n8nSuite,
	nodeOutput,
	packPackage,
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
const seed = { solutionId: '', tableId: '', otherRecordIds: [] as string[] };

type WorkflowNode = {
	name: string;
	type: string;
	typeVersion: number;
	parameters: object;
	[setting: string]: unknown;
};

const table = () => ({ __rl: true, mode: 'id', value: seed.tableId });
const smartSuite = (name: string, parameters: object, settings: object = {}): WorkflowNode => ({
	name,
	type: 'n8n-nodes-smartsuite-workspace.smartSuite',
	typeVersion: 1,
	parameters: { resource: 'record', tableId: table(), ...parameters },
	credentials,
	...settings,
});
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
			binaryPropertyName: 'data',
		}),
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
			options: { simplify: true },
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
		await installCommunityPackage(
			n8n.options.userFolder,
			await packPackage(n8n.options.userFolder),
		);
		seed.solutionId = emu.addSolution({ name: 'Inventory' }).id;
		seed.tableId = emu.addFieldTypesTable(seed.solutionId, { name: 'Items' }).id;
		seed.otherRecordIds = ['OTHER-1', 'OTHER-2', 'OTHER-3'].map(
			(other) => emu.addRecord(seed.tableId, { title: other, [F.text]: other }).id,
		);
		await n8n.importCredentials([smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emu)]);
		await n8n.importWorkflows([
			triggerWorkflow(),
			chained(RECORDS_WORKFLOW, recordsWorkflowSteps()),
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

			// Requests: bulk writes of at most 25 records, one structure read per node, one search per 25 upserted keys.
			const requests = recordRequests(beforeRun);
			expect(requests.map((request) => request.operation)).toEqual(
				repeated([
					['GetTable', 1],
					['BulkCreateRecords', bulkRequests(COUNT)], // Create
					['GetTable', 1],
					['ListRecords', 1], // Search
					['GetTable', 1],
					['BulkUpdateRecords', bulkRequests(COUNT)], // Update
					['GetTable', 1],
					['UploadRecordFile', 1], // Upload File
					['GetTable', 1],
					['ListRecords', bulkRequests(COUNT)],
					['BulkUpdateRecords', bulkRequests(EXISTING)],
					['BulkCreateRecords', bulkRequests(COUNT - EXISTING)], // Upsert
					['GetTable', 1],
					['ListRecords', 1], // Find all
					['BulkDeleteRecords', bulkRequests(allIds.length)], // Delete
				]),
			);
			expect(bulkSizes(requests, 'BulkCreateRecords')).toEqual([25, 25, 10, 25, 5]);
			expect(bulkSizes(requests, 'BulkUpdateRecords')).toEqual([25, 25, 10, 25, 5]);
			expect(bulkSizes(requests, 'BulkDeleteRecords')).toEqual([25, 25, 25, 15]);
			expect(requests.every((request) => request.status === 200)).toBe(true);

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
			// Simplified events name the record and its table: the creations are the records created, in order.
			const createdEvents = emitted.filter((item) => item.kind === 'RECORD_CREATED');
			expect(createdEvents.map((item) => item.record_id)).toEqual([
				...createdIds,
				...upsertCreatedIds,
			]);
			expect(createdEvents[0]).toMatchObject({
				application_id: seed.tableId,
				record: { [F.text]: code(0) },
			});
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
