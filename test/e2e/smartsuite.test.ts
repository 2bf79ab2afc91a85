/**
 * End to end in a real n8n: the n8n version E2E_N8N selects (versions.ts; jest.config.js runs the
 * floor, jest.current.config.js the current n8n) with this package built, packed and installed as
 * a community package into a fresh user folder, a credential pointing at the emulator, and
 * workflows run by n8n itself: `n8n execute` for the action node, `n8n start` for the polling
 * trigger (on the version's test schedule: every 10 s on the floor, every minute on the current
 * n8n). Slow by nature: every n8n command boots n8n.
 */
import { startEmulator, type Emulator } from '../emulator';
import {
	N8n,
	ensureN8n,
	installThisPackage,
	loadExample,
	loadWorkflowFile,
	n8nSuite,
	nodeOutput,
	smartSuiteCredential,
	stopAll,
} from './harness';
import { TriggerWatch, recordUpdates, withTestPolls } from './trigger-watch';
import { selectedVersion } from './versions';

const version = selectedVersion();
jest.setTimeout(6 * 60_000);

const CREDENTIAL = { id: 'smartsuiteE2eCred01', name: 'SmartSuite (emulator)' };
const UNKNOWN_WEBHOOK = 'no-such-webhook';

let emu: Emulator;
let n8n: N8n;

const suite = n8nSuite(() => n8n);
const withN8nLog = suite.wrap;

const smartSuite = (name: string, parameters: object, extra: object = {}) => ({
	id: `node-${name.toLowerCase().replace(/\W+/g, '-')}`,
	name,
	type: 'n8n-nodes-smartsuite-workspace.smartSuite',
	typeVersion: 1,
	position: [300, 0],
	parameters,
	credentials: { smartSuiteWorkspaceApi: CREDENTIAL },
	...extra,
});

/** A workflow whose manual trigger feeds each of `nodes` (independent branches). */
function manualWorkflow(id: string, nodes: Array<ReturnType<typeof smartSuite>>) {
	const trigger = {
		id: 'node-start',
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	return {
		id,
		name: id,
		nodes: [trigger, ...nodes],
		connections: {
			Start: { main: [nodes.map((node) => ({ node: node.name, type: 'main', index: 0 }))] },
		},
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

// Emulator data, seeded in beforeAll.
const seed = {
	solutionId: '',
	tableId: 'a1b2c3d4e5f60718293a4b5c',
	restoreId: '',
	webhookId: '',
	doomedWebhookId: '',
	triggerWebhookId: '',
};

beforeAll(async () => {
	await ensureN8n({ version });
	emu = await startEmulator();
	n8n = await N8n.fresh();
	try {
		await installThisPackage(n8n.options.userFolder);

		seed.solutionId = emu.addSolution({ name: 'Sales CRM' }).id;
		emu.addTable(seed.solutionId, { id: seed.tableId, name: 'Deals' });
		seed.restoreId = emu.addDeletedRecord(seed.tableId, { title: 'Quarterly report' }).id;
		seed.webhookId = emu.createWebhook().webhook_id;
		emu.appendEvents(seed.webhookId, 5);
		seed.doomedWebhookId = emu.createWebhook().webhook_id;
		emu.appendEvents(seed.doomedWebhookId, 2);
		seed.triggerWebhookId = emu.createWebhook().webhook_id;
		// Present before the trigger is activated: with the default "new events" start they never arrive.
		emu.appendEvents(seed.triggerWebhookId, 2);

		await n8n.importCredentials([smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emu)]);
		const placeholders = {
			YOUR_CREDENTIAL_ID: CREDENTIAL.id,
			YOUR_SOLUTION_ID: seed.solutionId,
			YOUR_TABLE_ID: seed.tableId,
			YOUR_DELETED_RECORD_ID: seed.restoreId,
		};
		await n8n.importWorkflows([
			loadExample('restore-and-read-events.json', {
				...placeholders,
				YOUR_WEBHOOK_ID: seed.webhookId,
			}),
			// The trigger as version 1 saved it (an existing webhook, a plain-string id), and the example ("Create a webhook for me").
			withTestPolls(
				loadWorkflowFile('test/fixtures/record-updated-trigger.v1.json', {
					...placeholders,
					YOUR_WEBHOOK_ID: seed.triggerWebhookId,
				}),
				version,
			),
			withTestPolls(loadExample('record-updated-trigger.json', placeholders), version),
			manualWorkflow('e2eOperations', [
				smartSuite('Get webhook', {
					resource: 'webhook',
					operation: 'get',
					webhookId: seed.webhookId,
				}),
				smartSuite('List 3 events', {
					resource: 'webhook',
					operation: 'listEvents',
					webhookId: seed.webhookId,
					returnAll: false,
					limit: 3,
					options: { pageSize: 2 },
				}),
				smartSuite('Delete webhook', {
					resource: 'webhook',
					operation: 'delete',
					webhookId: seed.doomedWebhookId,
				}),
				smartSuite(
					'Get unknown webhook, continue',
					{ resource: 'webhook', operation: 'get', webhookId: UNKNOWN_WEBHOOK },
					{ onError: 'continueRegularOutput' },
				),
			]),
			manualWorkflow('e2eFailure', [
				smartSuite('Get unknown webhook', {
					resource: 'webhook',
					operation: 'get',
					webhookId: UNKNOWN_WEBHOOK,
				}),
			]),
		]);
	} catch (error) {
		throw suite.fail(error);
	}
}, 25 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	stopAll();
	await emu?.close();
	// Kept after a failure, for its log and database.
	suite.finish();
});

describe(`SmartSuite node in n8n ${version.n8n} (n8n execute)`, () => {
	test(
		'the example workflow restores a record and reads all events of a webhook',
		withN8nLog(async () => {
			const { run: result, error } = await n8n.execute('smartsuiteRestore1');
			expect(error).toBeUndefined();
			const runData = result!.data.resultData.runData;

			const [restored] = nodeOutput(runData, 'Restore deleted record');
			// Simplified, as Get shows a record (issue 36).
			expect(restored).toMatchObject({ id: seed.restoreId, Title: 'Quarterly report (Restored)' });
			expect(emu.getRecord(seed.tableId, seed.restoreId)?.deleted_date).toMatchObject({
				date: null,
			});

			const events = nodeOutput(runData, 'Read webhook events');
			expect(events.map((event) => event.event_id)).toEqual(
				emu.events(seed.webhookId).map((event) => event.event_id),
			);

			// The credential n8n stored (encrypted) is what reached SmartSuite.
			const restoreRequest = emu.requests.find((request) => request.operation === 'RestoreRecord');
			expect(restoreRequest?.headers).toMatchObject({
				authorization: `Token ${emu.apiKey}`,
				'account-id': emu.workspaceId,
			});
		}),
	);

	test(
		'get, list with a limit, delete, and a failing node that continues',
		withN8nLog(async () => {
			const { run: result, error } = await n8n.execute('e2eOperations');
			expect(error).toBeUndefined();
			const runData = result!.data.resultData.runData;

			expect(nodeOutput(runData, 'Get webhook')).toEqual([
				expect.objectContaining({ webhook_id: seed.webhookId, kinds: expect.any(Array) }),
			]);
			const firstThree = emu
				.events(seed.webhookId)
				.slice(0, 3)
				.map((event) => event.event_id);
			expect(nodeOutput(runData, 'List 3 events').map((event) => event.event_id)).toEqual(
				firstThree,
			);
			expect(nodeOutput(runData, 'Delete webhook')).toEqual([
				{ deleted: true, webhook_id: seed.doomedWebhookId },
			]);
			expect(emu.getWebhook(seed.doomedWebhookId)).toBeUndefined();

			const [failedItem] = nodeOutput(runData, 'Get unknown webhook, continue');
			expect(String(failedItem.error)).toContain(
				`The webhook "${UNKNOWN_WEBHOOK}" does not exist or was deleted`,
			);
		}),
	);

	test(
		'a failing node fails the execution with our message',
		withN8nLog(async () => {
			const { error } = await n8n.execute('e2eFailure');
			expect(error).toContain(`The webhook "${UNKNOWN_WEBHOOK}" does not exist or was deleted`);
		}),
	);
});

describe(`SmartSuite Polling Trigger in n8n ${version.n8n} (n8n start)`, () => {
	test(
		'events arrive exactly once each over the polls, and continue after a restart with no repeat and no gap',
		withN8nLog(async () => {
			const watch = new TriggerWatch(
				emu,
				n8n,
				'smartsuiteTriggerV1',
				'When a record is updated',
				seed.triggerWebhookId,
			);
			await n8n.publish(watch.workflowId);

			let since = watch.lastRequestNumber();
			await n8n.start();
			await watch.waitForActivationPoll(since);

			// Polls of the running n8n (two on the floor, one a minute apart on the current n8n), each
			// with new executions; a RECORD_CREATED is not among the workflow's events.
			const batches = [
				['RECORD_UPDATED', 'RECORD_CREATED', 'RECORD_UPDATED'],
				['RECORD_UPDATED', 'RECORD_UPDATED'],
			];
			const steady: string[] = [];
			let executionsBefore = 0;
			for (const kinds of batches.slice(0, version.repeatPolls)) {
				const updated = watch.append(kinds);
				steady.push(...updated);
				const executions = await watch.waitForEvents(updated);
				expect(executions.length).toBeGreaterThan(executionsBefore);
				executionsBefore = executions.length;
			}

			// Stopped, events keep coming; started again, the trigger goes on from where it was.
			await n8n.stop();
			const whileStopped = watch.append(['RECORD_UPDATED', 'RECORD_UPDATED']);
			since = watch.lastRequestNumber();
			await n8n.start();
			await watch.waitForEvents(whileStopped);
			await watch.waitForActivationPoll(since);
			const afterRestart = watch.append(['RECORD_UPDATED']);
			const executions = await watch.waitForEvents(afterRestart);
			await n8n.stop();

			// Exactly these, in order: none of the events stored before activation, none twice, none lost.
			const items = watch.triggered(executions);
			expect(items.map((item) => item.event_id)).toEqual([
				...steady,
				...whileStopped,
				...afterRestart,
			]);
			expect(executions.every((execution) => execution.mode === 'trigger')).toBe(true);

			// The example's Set node sees the simplified event.
			const picked = executions.flatMap((execution) =>
				nodeOutput(execution.runData, 'Pick what changed'),
			);
			expect(picked.map((item) => item.event_id)).toEqual(items.map((item) => item.event_id));
			expect(picked.every((item) => typeof item.title === 'string' && item.title !== '')).toBe(
				true,
			);
		}),
	);

	test(
		'"Create a webhook for me" (the example workflow): activation creates the webhook, events arrive exactly once, a restart reuses it',
		withN8nLog(async () => {
			const watch = new TriggerWatch(
				emu,
				n8n,
				'smartsuiteTrigger1',
				'When a record is updated',
				'',
			);
			const solutionWebhooks = () =>
				emu.webhooks().filter((webhook) => webhook.locator.solution_id === seed.solutionId);
			// Record changes in the table: they reach the webhooks that watch it, once there is one.
			const change = (count: number) => recordUpdates(emu, seed.tableId, count);

			expect(change(1)).toEqual([]); // before activation no webhook watches the table
			await n8n.publish(watch.workflowId);
			let since = watch.lastRequestNumber();
			await n8n.start();
			await watch.waitForManagedActivation(since);
			expect(solutionWebhooks()).toEqual([
				expect.objectContaining({
					notification_status: { disabled: {} },
					kinds: ['RECORD_UPDATED'],
				}),
			]);
			const [webhook] = solutionWebhooks();

			const first = change(2);
			await watch.waitForEvents(first);
			await n8n.stop();
			since = watch.lastRequestNumber();
			await n8n.start();
			await watch.waitForActivationPoll(since);
			const second = change(1);
			const executions = await watch.waitForEvents(second);
			await n8n.stop();

			expect(watch.triggered(executions).map((item) => item.event_id)).toEqual([
				...first,
				...second,
			]);
			expect(solutionWebhooks()).toEqual([webhook]);
			expect(emu.requests.filter((request) => request.operation === 'CreateWebhook')).toHaveLength(
				1,
			);
		}),
	);
});
