/**
 * End to end in n8n's queue mode, the way larger installations run it: Postgres and Redis (Debian
 * packages, run as this test's own processes), one main (`n8n start`: pollers, webhooks, puts
 * executions on the queue) and two workers (`n8n worker`: run them), each n8n process with the
 * packed package installed in its own user folder. Runs on the n8n version E2E_N8N selects
 * (versions.ts); the trigger polls on that version's test schedule (every 10 s on the floor, every
 * minute on the current n8n, where the repeated steps wait for fewer polls).
 *
 * What it shows, read from Postgres and the processes' logs: the action node runs on a worker;
 * n8n's MCP Server Trigger takes an MCP client's tool calls on the main and a worker runs the
 * SmartSuite Tool (n8n's job processor calls the node type's `execute`, the direct path);
 * the trigger delivers every appended event exactly once and in order through steady polling, a
 * main restart (SIGTERM, then SIGKILL) while events are appended, and both workers down while
 * polls enqueue work; executions run on the workers, polls only on the main. With
 * OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true (queue.ts), the editor's manual runs (Fetch Test Event,
 * Execute step, Listen for test event of the Instant Trigger) run once each on a worker, beside
 * an active Instant Trigger whose notifications the main takes.
 */
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startEmulator, type Emulator } from '../emulator';
import {
	type N8n,
	ensureN8n,
	loadWorkflowFile,
	nodeOutput,
	packPackage,
	sleep,
	smartSuiteCredential,
	stopAll,
	waitFor,
} from './harness';
import {
	McpSession,
	createRecordTool,
	mcpServerWorkflow,
	smartSuiteTool,
	tableFromAi,
} from './ai-tools';
import { type QueueCluster, createQueueCluster } from './queue';
import { N8nRest, type RestWorkflow } from './rest';
import { TriggerWatch, instantTriggerWorkflow, withTestPolls } from './trigger-watch';
import { selectedVersion } from './versions';

const version = selectedVersion();
jest.setTimeout(3 * 60_000 + 3 * version.pollPeriodMs);

const CREDENTIAL = { id: 'smartsuiteQueueCred1', name: 'SmartSuite (emulator)' };
const WEBHOOK_WORKFLOW = 'queueWebhookGet1';
const WEBHOOK_PATH = 'smartsuite-queue-e2e';
const MCP_WORKFLOW = 'queueMcpServer1';
const MCP_PATH = 'smartsuite-queue-mcp';
/** The records of the table the MCP client works on. */
const LEADS = ['Acme renewal', 'Globex upsell'];
/** The Instant Trigger: active in one workflow, listened to in another (both on the Tickets table). */
const INSTANT_WORKFLOW = 'queueInstant1';
const LISTEN_WORKFLOW = 'queueInstantListen1';
const INSTANT = 'When a ticket changes';
/** The nodes' webhookIds: n8n's URLs for them are /webhook/<id>/smartsuite and /webhook-test/<id>/smartsuite. */
const INSTANT_NODE_WEBHOOK = '7a3c1e55-2b4d-4f6a-9c8e-0d1f2a3b4c51';
const LISTEN_NODE_WEBHOOK = '7a3c1e55-2b4d-4f6a-9c8e-0d1f2a3b4c52';
/** Manual workflows: the polling trigger on a given webhook, and Manual Trigger → the SmartSuite node. */
const FETCH_WORKFLOW = 'queueTriggerFetch1';
const STEP_WORKFLOW = 'queueExecuteStep1';
/** Longer than one poll period: with no main running, a poller anywhere else would show up. */
const ONE_POLL_PERIOD_MS = version.pollPeriodMs + 1000;

let emu: Emulator;
let root: string;
let cluster: QueueCluster | undefined;
let watch: TriggerWatch;
let actionWebhookId: string;
let leadsTableId: string;
let failed = false;
/** What the manual runs work on (set in beforeAll). */
const manual = { ticketsTableId: '', fetchWebhookId: '', fetchEvents: [] as string[] };
/** Every RECORD_UPDATED event appended after activation, in order: what the trigger must output. */
const expected: string[] = [];

const processes = () => (cluster ? [cluster.main, ...cluster.workers] : []);
const logOf = (n8n: N8n) => readFileSync(n8n.logFile, 'utf8');

/** The error with the tail of every n8n process' log; the folder is kept for inspection. */
function failure(error: unknown): Error {
	failed = true;
	const logs = processes().map((n8n) => `--- ${n8n.logFile} ---\n${n8n.logTail(25)}`);
	return new Error(`${error instanceof Error ? error.message : String(error)}\n${logs.join('\n')}`);
}

/** Runs a test body; on failure the error carries the tail of every n8n process' log. */
function withLogs(body: () => Promise<void>): () => Promise<void> {
	return async () => {
		await body().catch((error: unknown) => {
			throw failure(error);
		});
	};
}

/** A production-webhook workflow: GET /webhook/<path> runs the SmartSuite node and answers with its output. */
function webhookWorkflow(webhookId: string) {
	return {
		id: WEBHOOK_WORKFLOW,
		name: 'SmartSuite: get a webhook (started by a webhook)',
		nodes: [
			{
				id: 'node-webhook',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '0f6b5a52-3c1d-4c8e-9b7a-5e2d1c0a9f31',
				parameters: {
					httpMethod: 'GET',
					path: WEBHOOK_PATH,
					responseMode: 'lastNode',
					options: {},
				},
			},
			{
				id: 'node-get-webhook',
				name: 'Get webhook',
				type: 'n8n-nodes-smartsuite-workspace.smartSuite',
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'webhook', operation: 'get', webhookId },
				credentials: { smartSuiteWorkspaceApi: CREDENTIAL },
			},
		],
		connections: { Webhook: { main: [[{ node: 'Get webhook', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

/** A workflow with the Instant Trigger watching one table (the node's webhookId names its URLs). */
const instantWorkflow = (id: string, webhookId: string, solutionId: string, tableId: string) =>
	instantTriggerWorkflow({
		id,
		name: `SmartSuite: instant (${id})`,
		trigger: { id: `node-${id}`, name: INSTANT, webhookId },
		solutionId,
		tableId,
		credential: CREDENTIAL,
	});

/** Manual Trigger → Webhook → Get: what "Execute step" runs. */
function stepWorkflow(webhookId: string) {
	const get = webhookWorkflow(webhookId).nodes[1];
	return {
		id: STEP_WORKFLOW,
		name: 'SmartSuite: execute step',
		nodes: [
			{
				id: 'node-manual',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			get,
		],
		connections: { Start: { main: [[{ node: get.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

/** An MCP server with two SmartSuite Tools: Record → Search and Record → Create (a title). */
function mcpWorkflow() {
	return mcpServerWorkflow({
		id: MCP_WORKFLOW,
		path: MCP_PATH,
		version,
		tools: [
			smartSuiteTool('Search records', { tableId: tableFromAi }, CREDENTIAL),
			createRecordTool(CREDENTIAL),
		],
	});
}

/** Which n8n processes' logs say they ran this execution (`Worker started execution <id> (job …)`). */
function ranOn(executionId: number): string[] {
	return processes()
		.filter((n8n) => logOf(n8n).includes(`Worker started execution ${executionId} (`))
		.map((n8n) => n8n.options.command ?? 'start');
}

/**
 * Stops the main (SIGTERM or SIGKILL) with an event not yet polled, appends more while it is down,
 * starts it again: the events of the outage arrive. With `watchOutage`, the outage lasts a whole
 * poll period first, and no request may reach SmartSuite then (both workers are up: they never poll).
 */
async function restartMainWhileAppending(
	signal: 'SIGTERM' | 'SIGKILL',
	watchOutage: boolean,
): Promise<void> {
	const main = cluster!.main;
	expected.push(...watch.append(['RECORD_UPDATED']));
	await main.stop(30_000, signal);
	expected.push(...watch.append(['RECORD_UPDATED', 'RECORD_CREATED', 'RECORD_UPDATED']));

	const whileDown = watch.lastRequestNumber();
	if (watchOutage) {
		await sleep(ONE_POLL_PERIOD_MS);
		expect(watch.listCallsSince(whileDown)).toBe(0);
	}
	await main.start();
	await watch.waitForEvents(expected);
	await watch.waitForActivationPoll(whileDown);
}

beforeAll(async () => {
	await ensureN8n({ version });
	emu = await startEmulator();
	root = mkdtempSync(join(tmpdir(), 'n8n-smartsuite-queue-'));
	try {
		cluster = await createQueueCluster({
			root,
			tarball: await packPackage(root),
			workers: 2,
			version,
		});
		const { main } = cluster;

		const triggerWebhookId = emu.createWebhook().webhook_id;
		// Present before the trigger is activated: with the default "new events" start they never arrive.
		emu.appendEvents(triggerWebhookId, 2);
		actionWebhookId = emu.createWebhook().webhook_id;
		watch = new TriggerWatch(
			emu,
			main,
			'smartsuiteTriggerV1',
			'When a record is updated',
			triggerWebhookId,
		);

		// The CLI works on the shared database (the first command creates n8n's tables in Postgres).
		await main.importCredentials([smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emu)]);
		// The trigger on a given webhook (as version 1 saved it), so that the test appends its events.
		const trigger = withTestPolls(
			loadWorkflowFile('test/fixtures/record-updated-trigger.v1.json', {
				YOUR_CREDENTIAL_ID: CREDENTIAL.id,
				YOUR_WEBHOOK_ID: triggerWebhookId,
			}),
			version,
		);
		const leads = emu.addTable(emu.addSolution({ name: 'Sales' }).id, { name: 'Leads' });
		for (const title of LEADS) emu.createRecord(leads.id, { title });
		leadsTableId = leads.id;
		const tickets = emu.addTable(emu.addSolution({ name: 'Support' }).id, { name: 'Tickets' });
		manual.ticketsTableId = tickets.id;
		manual.fetchWebhookId = emu.createWebhook().webhook_id;
		// Both of the kind the trigger watches: a random kind left Fetch Test Event nothing to show at
		// times, and the sample it fell back to read the events' made-up table (404).
		manual.fetchEvents = emu
			.appendEvents(manual.fetchWebhookId, [{ kind: 'RECORD_UPDATED' }, { kind: 'RECORD_UPDATED' }])
			.map((event) => event.event_id);
		await main.importWorkflows([
			trigger,
			webhookWorkflow(actionWebhookId),
			mcpWorkflow(),
			instantWorkflow(INSTANT_WORKFLOW, INSTANT_NODE_WEBHOOK, tickets.solution, tickets.id),
			instantWorkflow(LISTEN_WORKFLOW, LISTEN_NODE_WEBHOOK, tickets.solution, tickets.id),
			{
				...withTestPolls(
					loadWorkflowFile('test/fixtures/record-updated-trigger.v1.json', {
						YOUR_CREDENTIAL_ID: CREDENTIAL.id,
						YOUR_WEBHOOK_ID: manual.fetchWebhookId,
					}),
					version,
				),
				id: FETCH_WORKFLOW,
				name: 'SmartSuite: fetch test event',
			},
			stepWorkflow(actionWebhookId),
		]);
		await main.publish(watch.workflowId);
		await main.publish(WEBHOOK_WORKFLOW);
		await main.publish(MCP_WORKFLOW);
		await main.publish(INSTANT_WORKFLOW);

		const since = watch.lastRequestNumber();
		await cluster.start();
		await watch.waitForActivationPoll(since);
	} catch (error) {
		throw failure(error);
	}
}, 25 * 60_000);

afterAll(async () => {
	await cluster?.stop();
	stopAll();
	await emu?.close();
	// Kept after a failure, for the logs and the database.
	if (root && !failed) rmSync(root, { recursive: true, force: true });
	else if (root)
		console.log(
			`queue-mode folder kept for inspection (n8n logs in main/, worker1/, worker2/): ${root}`,
		);
});

describe(`n8n ${version.n8n} in queue mode (Postgres, Redis, a main and two workers)`, () => {
	test(
		'the SmartSuite node runs on a worker: a webhook-started workflow answers with its output',
		withLogs(async () => {
			const response = await fetch(`${cluster!.main.url}/webhook/${WEBHOOK_PATH}`);
			const body = (await response.json()) as Record<string, unknown>;
			expect(response.status).toBe(200);
			// (fetch's JSON comes from outside jest's realm: compare values, not `expect.any(Array)`.)
			expect(body.webhook_id).toBe(actionWebhookId);
			expect(body.kinds).toEqual(emu.getWebhook(actionWebhookId)?.kinds);

			const [execution] = await cluster!.main.executions(WEBHOOK_WORKFLOW);
			expect(execution).toMatchObject({ mode: 'webhook', status: 'success' });
			expect(nodeOutput(execution.runData, 'Get webhook')).toEqual([body]);
			expect(ranOn(execution.id)).toEqual(['worker']);
		}),
	);

	test(
		'the SmartSuite Tool through the MCP Server Trigger: the main takes the MCP calls, a worker runs each tool call',
		withLogs(async () => {
			const { main } = cluster!;
			await main.waitForWebhook(`mcp/${MCP_PATH}`);
			const mcp = await McpSession.connect(`${main.url}/mcp/${MCP_PATH}`, 'streamable');
			try {
				expect((await mcp.tools()).map((tool) => tool.name).sort()).toEqual([
					'Create_record',
					'Search_records',
				]);
				const found = await mcp.items('Search_records', { table: leadsTableId });
				expect(found.map((item) => item.Title)).toEqual(LEADS);

				const created = await mcp.items('Create_record', {
					table: leadsTableId,
					title: 'Follow-up (queued)',
				});
				const stored = emu.records(leadsTableId).map((record) => record.title);
				expect(stored).toEqual([...LEADS, 'Follow-up (queued)']);
				expect(created).toEqual([
					expect.objectContaining({
						id: emu.records(leadsTableId)[2].id,
						Title: 'Follow-up (queued)',
					}),
				]);

				const failed = await mcp.call('Create_record', {
					table: 'no-such-table-queued',
					title: 'Lost',
				});
				// A worker sends the error back as {error: {message, name}}, which the main hands on as
				// the answer's text. n8n 2.41 flags that answer as an error (isError); 2.8.4 does not.
				expect(JSON.parse(failed.text)).toEqual({
					error: {
						// The node's own error: the worker calls its execute without n8n-core's tool wrapper.
						name: 'NodeApiError',
						message: expect.stringContaining('The table "no-such-table-queued" was not found'),
					},
				});
				expect(failed.isError).toBe(version.name === 'current');
			} finally {
				await mcp.close();
			}

			// One execution per tool call (mode webhook), each run by exactly one worker, never the main.
			const executions = await main.executions(MCP_WORKFLOW);
			expect(executions.map((execution) => execution.mode)).toEqual([
				'webhook',
				'webhook',
				'webhook',
			]);
			for (const execution of executions) expect(ranOn(execution.id)).toEqual(['worker']);
		}),
	);

	test(
		'manual runs offloaded to the workers: Fetch Test Event, Execute step and Listen for test event each run once on a worker, beside an active Instant Trigger whose changes arrive once',
		withLogs(async () => {
			const { main } = cluster!;
			const rest = await N8nRest.signIn(main);
			const ticketEvents = (events: Array<{ webhook_id: string; event_id: string }>, id: string) =>
				events.filter((event) => event.webhook_id === id).map((event) => event.event_id);
			const instantWebhookOf = (nodeWebhookId: string, kind: 'webhook' | 'webhook-test') =>
				emu.webhooks().find((webhook) => {
					const status = webhook.notification_status;
					return 'enabled' in status && status.enabled.url.includes(`/${kind}/${nodeWebhookId}/`);
				});
			/** The one finished execution of a workflow (waits for it), with the process that ran it. */
			const onlyExecution = async (workflowId: string, what: string) => {
				const executions = await waitFor(
					what,
					async () => {
						const all = await main.executions(workflowId);
						return all.some((execution) =>
							['success', 'error', 'crashed'].includes(execution.status),
						)
							? all
							: undefined;
					},
					60_000,
					500,
				);
				expect(executions).toHaveLength(1);
				expect(executions[0]).toMatchObject({ mode: expect.any(String), status: 'success' });
				expect(ranOn(executions[0].id)).toEqual(['worker']);
				return executions[0];
			};

			// The active Instant Trigger: the main takes the ping, a worker runs the execution.
			const production = await waitFor(
				"the active Instant Trigger's webhook",
				() => instantWebhookOf(INSTANT_NODE_WEBHOOK, 'webhook'),
				60_000,
				200,
			);
			const changed = [
				...ticketEvents(
					emu.createRecord(manual.ticketsTableId, { title: 'Printer jam' }).events,
					production.webhook_id,
				),
			];

			// Fetch Test Event of the SmartSuite Polling Trigger: the latest event of its webhook.
			const fetchWorkflow = await rest.workflow(FETCH_WORKFLOW);
			const fetchTrigger = String(fetchWorkflow.nodes[0].name);
			expect(
				await rest.runManually(fetchWorkflow, {
					triggerToStartFrom: { name: fetchTrigger },
					destinationNode: fetchTrigger,
				}),
			).toEqual({ executionId: expect.any(String) });
			const fetched = await onlyExecution(FETCH_WORKFLOW, 'the Fetch Test Event run');
			expect(fetched.mode).toBe('manual');
			expect(nodeOutput(fetched.runData, fetchTrigger).map((item) => item.event_id)).toEqual([
				manual.fetchEvents.at(-1),
			]);

			// Execute step of the SmartSuite node (its Manual Trigger runs first).
			const stepWorkflowSaved = await rest.workflow(STEP_WORKFLOW);
			expect(await rest.runManually(stepWorkflowSaved, { destinationNode: 'Get webhook' })).toEqual(
				{ executionId: expect.any(String) },
			);
			const step = await onlyExecution(STEP_WORKFLOW, 'the Execute step run');
			expect(nodeOutput(step.runData, 'Get webhook')).toEqual([
				expect.objectContaining({ webhook_id: actionWebhookId }),
			]);

			// Listen for test event of the Instant Trigger: the main takes the test ping, a worker runs it.
			const listenWorkflow: RestWorkflow = await rest.workflow(LISTEN_WORKFLOW);
			expect(await rest.listenForTestEvent(listenWorkflow, INSTANT)).toMatchObject({
				waitingForWebhook: true,
			});
			const testWebhook = await waitFor(
				'the test webhook',
				() => instantWebhookOf(LISTEN_NODE_WEBHOOK, 'webhook-test'),
				30_000,
				200,
			);
			const { events } = emu.createRecord(manual.ticketsTableId, { title: 'Broken chair' });
			changed.push(...ticketEvents(events, production.webhook_id));
			const listened = await onlyExecution(LISTEN_WORKFLOW, 'the test event run');
			expect(listened.mode).toBe('manual');
			expect(nodeOutput(listened.runData, INSTANT).map((item) => item.event_id)).toEqual(
				ticketEvents(events, testWebhook.webhook_id),
			);
			await waitFor(
				'the test webhook to be deleted',
				() => (emu.getWebhook(testWebhook.webhook_id) ? undefined : true),
				30_000,
				200,
			);

			// Both changes reached the active trigger, each once, each run by a worker.
			const productionRuns = await waitFor(
				'both changes from the active Instant Trigger',
				async () => {
					const runs = await main.executions(INSTANT_WORKFLOW);
					const ids = runs.flatMap((run) =>
						nodeOutput(run.runData, INSTANT).map((item) => item.event_id),
					);
					return changed.every((id) => ids.includes(id)) ? runs : undefined;
				},
				30_000,
				500,
			);
			expect(
				productionRuns.flatMap((run) =>
					nodeOutput(run.runData, INSTANT).map((item) => item.event_id),
				),
			).toEqual(changed);
			for (const run of productionRuns) {
				expect(run).toMatchObject({ mode: 'webhook', status: 'success' });
				expect(ranOn(run.id)).toEqual(['worker']);
			}
		}),
	);

	test(
		'steady polling: every event once, in order',
		withLogs(async () => {
			const batches = [
				['RECORD_UPDATED', 'RECORD_CREATED', 'RECORD_UPDATED'],
				['RECORD_UPDATED', 'RECORD_UPDATED'],
			];
			for (const kinds of batches.slice(0, version.repeatPolls)) {
				expected.push(...watch.append(kinds));
				await watch.waitForEvents(expected);
			}
		}),
	);

	test(
		'a main restart with SIGTERM while events are appended: no repeat, no gap',
		withLogs(() => restartMainWhileAppending('SIGTERM', false)),
	);

	test(
		'a main killed with SIGKILL while events are appended: no repeat, no gap; with the main down nobody polls',
		withLogs(() => restartMainWhileAppending('SIGKILL', true)),
	);

	test(
		'both workers down: the main keeps polling and queues the work; started again, the workers run it',
		withLogs(async () => {
			const { workers } = cluster!;
			await Promise.all(workers.map((worker) => worker.stop()));
			const doneBefore = (await watch.executions()).filter(
				(execution) => execution.status === 'success',
			).length;

			// Polls find events while no worker runs (two on the floor, one on the current n8n): each
			// leaves a queued execution behind.
			const batches = [
				['RECORD_UPDATED'],
				['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_UPDATED'],
			].slice(0, version.repeatPolls);
			for (const kinds of batches) {
				const since = watch.lastRequestNumber();
				expected.push(...watch.append(kinds));
				await waitFor(
					'a poll while the workers are down',
					() => (watch.listCallsSince(since) > 0 ? true : undefined),
					version.pollPeriodMs + 20_000,
				);
			}
			const queued = await waitFor(
				`${batches.length} executions queued while the workers are down`,
				async () => {
					const waiting = (await watch.executions()).filter(
						(execution) => execution.status === 'new',
					);
					return waiting.length >= batches.length ? waiting : undefined;
				},
				30_000,
				1000,
			);
			expect(queued).toHaveLength(batches.length);
			const executions = await watch.executions();
			expect(executions.filter((execution) => execution.status === 'success')).toHaveLength(
				doneBefore,
			);

			await Promise.all(workers.map((worker) => worker.start()));
			await watch.waitForEvents(expected);
		}),
	);

	test(
		'in the end: exactly the appended events in order, each execution enqueued by the main and run by one worker',
		withLogs(async () => {
			// One more poll: the schedule goes on after the restarts, and anything delivered twice late would show up.
			expected.push(...watch.append(['RECORD_UPDATED']));
			const executions = await watch.waitForEvents(expected);

			expect(watch.triggered(executions).map((item) => item.event_id)).toEqual(expected);
			expect(
				executions.every(
					(execution) => execution.mode === 'trigger' && execution.status === 'success',
				),
			).toBe(true);
			const picked = executions.flatMap((execution) =>
				nodeOutput(execution.runData, 'Pick what changed'),
			);
			expect(picked.map((item) => item.event_id)).toEqual(expected);

			// The main enqueued each execution; exactly one worker ran it, never the main. (That only
			// the main polls is shown by the restarts: with the main down, no request reached SmartSuite.)
			const mainLog = logOf(cluster!.main);
			for (const execution of executions) {
				expect(mainLog).toContain(`Enqueued execution ${execution.id} (`);
				expect(ranOn(execution.id)).toEqual(['worker']);
			}
		}),
	);
});
