/**
 * The SmartSuite Trigger end to end in a real n8n (the version E2E_N8N selects): this
 * package packed and installed as a community package, a workflow with the trigger published, and
 * the emulator pinging n8n's production webhook URL over real HTTP (n8n listens on 127.0.0.1, so
 * its own URL is a loopback one the emulator sends to). What a user sees is asserted: the webhook
 * SmartSuite holds, the executions n8n stored, what n8n answered SmartSuite.
 *
 * The tests run in order on one n8n: activation, duplicate pings, a failed read, a re-publish and
 * a restart, deactivation, "Listen for test event".
 */
import { QUICK_RETRIES_MS, startEmulator, type Emulator, type EventObject } from '../emulator';
import {
	N8n,
	type StoredExecution,
	ensureN8n,
	installThisPackage,
	n8nSuite,
	nodeOutput,
	smartSuiteCredential,
	stopAll,
	waitFor,
	sleep,
} from './harness';
import { N8nRest } from './rest';
import { TriggerWatch, instantTriggerWorkflow } from './trigger-watch';
import { selectedVersion } from './versions';

const version = selectedVersion();
jest.setTimeout(4 * 60_000);

const CREDENTIAL = { id: 'smartsuiteInstCred1', name: 'SmartSuite (emulator)' };
const WORKFLOW_ID = 'smartsuiteInstant1';
const CREATE_WORKFLOW_ID = 'smartsuiteInstCreate';
const TRIGGER = 'When a record changes';
/** The node's webhookId: n8n's production URL for it is /webhook/<this>/smartsuite. */
const NODE_WEBHOOK_ID = '5d0c5a52-8a0e-4d43-9c1b-6a3f2b1e7c11';
/** The daily keep-alive's cron (SmartSuiteInstantTrigger's dailyAt): seconds, minutes, hours. */
const DAILY_CRON = /^\d+ \d+ \d+ \* \* \*$/;
/** The minute tick that checks after a failure (SmartSuiteInstantTrigger's everyMinuteAt). */
const MINUTE_CRON = /^\d+ \* \* \* \* \*$/;

let emu: Emulator;
let n8n: N8n;
/**
 * n8n's environment, read at each command: debug lines carry n8n's metadata (the crons it
 * registers and deregisters).
 */
const n8nEnv = { N8N_LOG_LEVEL: 'debug', NO_COLOR: '1' };
let rest: N8nRest;
let watch: TriggerWatch;

const suite = n8nSuite(() => n8n);
const withN8nLog = suite.wrap;

const seed = { solutionId: '', tableId: '' };
const productionUrl = () => `${n8n.url}/webhook/${NODE_WEBHOOK_ID}/smartsuite`;
/** The URL SmartSuite is given: the node's URL with the trigger's secret (32 letters and digits). */
const SECRET = /\?secret=[A-Za-z0-9]{32}$/;
const secretUrl = (url: string) =>
	expect.stringMatching(
		new RegExp(`^${url.replace(/[.?*+^$()[\]{}|\\/]/g, '\\$&')}${SECRET.source}`),
	);
const solutionWebhooks = () =>
	emu.webhooks().filter((webhook) => webhook.locator.solution_id === seed.solutionId);
const requests = (operation: string, since = 0) =>
	emu.requests.filter((request) => request.n > since && request.operation === operation);
const lastRequestNumber = () => emu.requests.at(-1)?.n ?? 0;
/** Every event the trigger's webhook holds, in stream order. */
const allEvents = () => emu.events(watch.webhookId).map((event) => event.event_id);
const ofTrigger = (events: EventObject[]) =>
	events.filter((event) => event.webhook_id === watch.webhookId).map((event) => event.event_id);

/** Creates records in the table through the emulator's API; returns the trigger's events. */
function createRecords(titles: string[]): string[] {
	return titles.flatMap((title) => ofTrigger(emu.createRecord(seed.tableId, { title }).events));
}

/**
 * The metadata of n8n's log lines (debug, no colours: `time   level   message {metadata}`) whose
 * message matches `message`.
 */
function logged(message: RegExp): Array<Record<string, unknown>> {
	return n8n
		.logTail(100_000)
		.split('\n')
		.flatMap((line) => {
			const found = line.match(/^\S+\s+\w+\s+(.*?) (\{.*\})$/);
			if (!found || !message.test(found[1])) return [];
			return [JSON.parse(found[2]) as Record<string, unknown>];
		});
}

/** What n8n logs when a workflow's activation or its triggers fail (2.8 and 2.41). */
const ACTIVATION_TROUBLE =
	/Issue on initial workflow activation|did fail with error|failed with the error|reported the error|Could not remove (webhooks|durable jobs)|Failed to remove|Isolate error activating/;

/** The executions the production webhook started (not "Listen for test event"'s). */
async function productionExecutions(): Promise<StoredExecution[]> {
	return (await watch.executions()).filter((execution) => execution.mode === 'webhook');
}

/** The trigger's items over the production executions, by event id. */
async function triggeredIds(): Promise<string[]> {
	return watch.triggered(await productionExecutions()).map((item) => String(item.event_id));
}

/** Exactly once: every event of the webhook, none twice, none missing (in any order across executions). */
async function expectEachEventOnce(): Promise<void> {
	await watch.waitForEvents(allEvents());
	const ids = await triggeredIds();
	expect([...ids].sort()).toEqual([...allEvents()].sort());
}

const instantWorkflow = (solutionId: string, tableId: string) =>
	instantTriggerWorkflow({
		id: WORKFLOW_ID,
		name: 'SmartSuite: instant',
		trigger: {
			id: 'b6c1d0e2-3f4a-4b5c-8d6e-7f8091a2b3c4',
			name: TRIGGER,
			webhookId: NODE_WEBHOOK_ID,
		},
		solutionId,
		tableId,
		credential: CREDENTIAL,
		options: { simplify: true },
	});

/**
 * A manual workflow whose SmartSuite nodes each create one record in the table, one after the
 * other (one branch, so that a run up to the last node runs them all).
 */
const createWorkflow = (tableId: string, titles: string[]) => ({
	id: CREATE_WORKFLOW_ID,
	name: 'SmartSuite: create records',
	nodes: [
		{
			id: 'node-start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		...titles.map((title, i) => ({
			id: `node-create-${i}`,
			name: `Create ${title}`,
			type: 'n8n-nodes-smartsuite-workspace.smartSuite',
			typeVersion: 1,
			position: [300, i * 200],
			parameters: {
				resource: 'record',
				operation: 'create',
				tableId: { __rl: true, mode: 'id', value: tableId },
				columns: { mappingMode: 'defineBelow', value: { title } },
			},
			credentials: { smartSuiteWorkspaceApi: CREDENTIAL },
		})),
	],
	connections: Object.fromEntries(
		['Start', ...titles.map((title) => `Create ${title}`)]
			.slice(0, -1)
			.map((from, i) => [
				from,
				{ main: [[{ node: `Create ${titles[i]}`, type: 'main', index: 0 }]] },
			]),
	),
	settings: { executionOrder: 'v1' },
	active: false,
});
const NODE_TITLES = ['Acme', 'Globex', 'Initech'];

beforeAll(async () => {
	await ensureN8n({ version });
	emu = await startEmulator();
	n8n = await N8n.fresh(n8nEnv);
	try {
		await installThisPackage(n8n.options.userFolder);
		seed.solutionId = emu.addSolution({ name: 'Sales CRM' }).id;
		seed.tableId = emu.addTable(seed.solutionId, { name: 'Deals' }).id;
		await n8n.importCredentials([smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emu)]);
		await n8n.importWorkflows([
			instantWorkflow(seed.solutionId, seed.tableId),
			createWorkflow(seed.tableId, NODE_TITLES),
		]);
	} catch (error) {
		throw suite.fail(error);
	}
}, 25 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	stopAll();
	await emu?.settleNotifications().catch(() => undefined);
	await emu?.close();
	suite.finish();
});

describe(`SmartSuite Trigger in n8n ${version.n8n}`, () => {
	test(
		"activation creates one webhook notifying n8n's production URL; records created by the node and the API arrive once each, within seconds",
		withN8nLog(async () => {
			await n8n.publish(WORKFLOW_ID);
			await n8n.start();
			const webhook = await waitFor(
				'the webhook created at activation',
				() => solutionWebhooks()[0],
				60_000,
				200,
			);
			watch = new TriggerWatch(emu, n8n, WORKFLOW_ID, TRIGGER, webhook.webhook_id);
			expect(solutionWebhooks()).toEqual([
				expect.objectContaining({
					filter: { applications: { application_ids: [seed.tableId] } },
					notification_status: { enabled: { url: secretUrl(productionUrl()) } },
					system_status: { enabled: expect.any(Object) },
				}),
			]);
			rest = await N8nRest.signIn(n8n);
			expect((await rest.workflow(WORKFLOW_ID)).active).toBe(true);

			// The SmartSuite node creates records: n8n runs it while the trigger's workflow is active.
			// Run by the n8n that runs the trigger (as the editor's Execute does): `n8n execute`, a second
			// process on the same SQLite file, failed once to save its run (SQLITE_BUSY) while the
			// trigger's executions were saved.
			const last = `Create ${NODE_TITLES.at(-1)}`;
			expect(
				await rest.runManually(await rest.workflow(CREATE_WORKFLOW_ID), { destinationNode: last }),
			).toEqual({ executionId: expect.any(String) });
			const created = await waitFor(
				'the run of the workflow that creates records',
				async () =>
					(await n8n.executions(CREATE_WORKFLOW_ID)).find((execution) =>
						['success', 'error', 'crashed'].includes(execution.status),
					),
				60_000,
				500,
			);
			expect(created.status).toBe('success');
			const createdIds = NODE_TITLES.map((title) =>
				String(nodeOutput(created.runData, `Create ${title}`)[0]?.id),
			);
			expect(createdIds.map((id) => emu.getRecord(seed.tableId, id)?.title)).toEqual(NODE_TITLES);
			await watch.waitForEvents(allEvents());
			expect(allEvents()).toHaveLength(NODE_TITLES.length);

			// One change at a time through the API: the time from the change to the execution's start.
			const latencies: number[] = [];
			for (const title of ['Umbrella', 'Hooli', 'Vandelay']) {
				const changedAt = Date.now();
				const [eventId] = createRecords([title]);
				const execution = await waitFor(
					`the execution with ${eventId}`,
					async () =>
						(await watch.executions()).find((candidate) =>
							nodeOutput(candidate.runData, TRIGGER).some((item) => item.event_id === eventId),
						),
					30_000,
					100,
				);
				latencies.push(execution.startedAt!.getTime() - changedAt);
			}
			console.log(
				`n8n ${version.n8n}: change to execution start ${latencies.map((ms) => `${ms} ms`).join(', ')}`,
			);
			expect(Math.max(...latencies)).toBeLessThan(10_000);

			await expectEachEventOnce();
			const executions = await watch.executions();
			expect(
				executions.every(
					(execution) => execution.status === 'success' && execution.mode === 'webhook',
				),
			).toBe(true);
			const [item] = nodeOutput(executions[0].runData, TRIGGER);
			expect(item).toMatchObject({
				kind: 'RECORD_CREATED',
				application_id: seed.tableId,
				record: expect.objectContaining({ Title: NODE_TITLES[0] }),
			});
		}),
	);

	test(
		"(5a) n8n ran the trigger's keep-alive registration beside the webhook: no activation error, a daily cron and the minute tick registered",
		withN8nLog(async () => {
			expect(n8n.logTail(100_000)).not.toMatch(ACTIVATION_TROUBLE);
			// 2.8 activates the workflow; 2.41's publication service its trigger nodes.
			const activated = logged(/^Activated (workflow|trigger node) /).map(
				(metadata) => metadata.workflowId ?? (metadata.workflow as { id?: string } | undefined)?.id,
			);
			expect(activated).toEqual([WORKFLOW_ID]);
			expect(logged(/^Registered cron/).map((metadata) => metadata.cron)).toEqual([
				expect.stringMatching(DAILY_CRON),
				expect.stringMatching(MINUTE_CRON),
			]);
		}),
	);

	test(
		'each ping sent five times at once: every event still once; pings that start nothing leave no execution',
		withN8nLog(async () => {
			const executionsBefore = (await watch.executions()).length;
			emu.resetNotifications();
			// 20 requests at once: a loaded n8n (2.41.1 on the fresh-clone CI, beside other suites)
			// answered them after the emulator's 10 s, and the retries doubled the count. This step is
			// about the copies, not a slow n8n: SmartSuite's timeout is not documented.
			const { notificationTimeoutMs } = emu.variant();
			emu.setVariant({
				notificationCopies: 5,
				notificationCopiesAtOnce: true,
				notificationTimeoutMs: 60_000,
			});
			try {
				createRecords(['Stark', 'Wayne', 'Tyrell', 'Cyberdyne']);
				await emu.settleNotifications(120_000);
			} finally {
				emu.setVariant({
					notificationCopies: 1,
					notificationCopiesAtOnce: false,
					notificationTimeoutMs,
				});
			}
			await expectEachEventOnce();
			// 4 pings, 5 copies each, all answered 200.
			expect(emu.notifications).toHaveLength(20);
			const notified = emu.notifications[0].url;
			expect(
				emu.notifications.every(
					(attempt) =>
						attempt.status === 200 && attempt.url === notified && SECRET.test(attempt.url),
				),
			).toBe(true);

			// Pings that name another webhook, or name this one without the URL's secret: answered 200 with nothing, no request, nothing started.
			const since = lastRequestNumber();
			/** The answer of the node: a request n8n answered itself while its database ping failed (a loaded machine) is sent again. */
			const post = async (url: string, webhookId: string) => {
				for (let attempt = 1; ; attempt++) {
					const answer = await fetch(url, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ webhookId, locator: {} }),
					});
					const text = await answer.text();
					if (answer.status !== 503 || !text.includes('Database is not ready') || attempt === 5)
						return { status: answer.status, text };
					await sleep(1000);
				}
			};
			const forged = [
				await post(notified, 'someone-else'),
				...(await Promise.all(
					Array.from({ length: 20 }, async () => await post(productionUrl(), watch.webhookId)),
				)),
			];
			expect(forged.map((answer) => answer.status)).toEqual(forged.map(() => 200));
			expect(forged.map((answer) => answer.text)).toEqual(forged.map(() => ''));
			await sleep(1500);
			expect(requests('ListEvents', since)).toHaveLength(0);

			// Every stored execution carries events: the copies that found nothing new left no record.
			const executions = await watch.executions();
			expect(executions.length - executionsBefore).toBeLessThanOrEqual(4);
			expect(
				executions.every((execution) => nodeOutput(execution.runData, TRIGGER).length > 0),
			).toBe(true);
		}),
	);

	test(
		'(5c) a ping whose ListEvents fails is answered 503, SmartSuite retries it, and the event arrives once',
		withN8nLog(async () => {
			emu.resetNotifications();
			const executionsBefore = (await watch.executions()).length;
			emu.injectFault({
				operation: 'ListEvents',
				action: { type: 'status', status: 500 },
				times: 1,
			});
			const [eventId] = createRecords(['Soylent']);
			await emu.settleNotifications();
			expect(emu.notifications.map(({ attempt, status }) => ({ attempt, status }))).toEqual([
				{ attempt: 1, status: 503 },
				{ attempt: 2, status: 200 },
			]);
			await expectEachEventOnce();
			const executions = (await watch.executions()).slice(executionsBefore);
			expect(
				executions.map((execution) => ({
					status: execution.status,
					ids: nodeOutput(execution.runData, TRIGGER).map((item) => item.event_id),
				})),
			).toEqual([{ status: 'success', ids: [eventId] }]);
		}),
	);

	test(
		"a re-publish and a restart keep one webhook notifying n8n's URL; changes made around them arrive once",
		withN8nLog(async () => {
			const [{ webhook_id: webhookId }] = solutionWebhooks();
			const before = createRecords(['Before re-publish']);
			await watch.waitForEvents(before);

			// Re-publish a change to the trigger (n8n runs delete, then checkExists and create).
			const since = lastRequestNumber();
			const saved = await rest.workflow(WORKFLOW_ID);
			const nodes = saved.nodes.map((node) =>
				node.name === TRIGGER
					? {
							...node,
							parameters: {
								...node.parameters,
								options: { simplify: true, maxEventsPerPoll: 100 },
							},
						}
					: node,
			);
			const updated = await rest.save({ ...saved, nodes });
			await rest.publish(WORKFLOW_ID, updated.versionId);
			// delete switched notifications off, create back on.
			await waitFor(
				'the re-publish to switch notifications off and on',
				() =>
					requests('UpdateWebhook', since).length >= 2 &&
					'enabled' in emu.getWebhook(webhookId)!.notification_status
						? true
						: undefined,
				60_000,
				200,
			);
			expect(
				requests('UpdateWebhook', since).map(
					(request) =>
						(request.body as { webhook?: { notification_status?: unknown } }).webhook
							?.notification_status,
				),
			).toEqual([{ disabled: {} }, { enabled: { url: secretUrl(productionUrl()) } }]);
			const afterRepublish = createRecords(['After re-publish']);
			await watch.waitForEvents(afterRepublish);

			// A restart, with changes while n8n is down: SmartSuite retries their pings until n8n answers.
			emu.setVariant({ notificationRetryDelaysMs: Array<number>(60).fill(1000) });
			await n8n.stop();
			emu.resetNotifications();
			const whileDown = createRecords(['While n8n is down']);
			await n8n.start();
			await emu.settleNotifications(60_000);
			// Its ping found no n8n at first; a retry reached the restarted one.
			expect(emu.notifications[0]).toMatchObject({
				attempt: 1,
				status: null,
				error: 'ECONNREFUSED',
			});
			expect(emu.notifications.filter((attempt) => attempt.ok)).toEqual([
				expect.objectContaining({ copy: 1, url: secretUrl(productionUrl()) }),
			]);
			// n8n answers every request 200 between opening its port and its database being ready
			// (AbstractServer: "n8n is starting up"): a retry that lands there ends the delivery, and
			// the change comes out with the next notification. Hence both changes, in one wait.
			const afterRestart = createRecords(['After restart']);
			await watch.waitForEvents([...whileDown, ...afterRestart]);
			await emu.settleNotifications(60_000);

			expect(solutionWebhooks()).toEqual([
				expect.objectContaining({
					webhook_id: webhookId,
					notification_status: { enabled: { url: secretUrl(productionUrl()) } },
				}),
			]);
			expect(requests('CreateWebhook')).toHaveLength(1);
			expect(requests('DeleteWebhook')).toHaveLength(0);
			await expectEachEventOnce();
		}),
	);

	test(
		'a wrong key since fixed: SmartSuite gave up and switched notifications off; the change made meanwhile arrives within minutes, once, without a re-publish',
		withN8nLog(async () => {
			const [{ webhook_id: webhookId }] = solutionWebhooks();
			const credential = (apiKey: string) => {
				const { name, type, data } = smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, {
					...emu,
					apiKey,
				}) as { name: string; type: string; data: Record<string, unknown> };
				return { name, type, data };
			};
			emu.setVariant({ notificationRetryDelaysMs: QUICK_RETRIES_MS });
			await emu.settleNotifications(60_000);
			await rest.updateCredential(CREDENTIAL.id, credential('a-wrong-key'));
			emu.resetNotifications();
			const whileWrong = createRecords(['While the key is wrong']);
			await emu.settleNotifications();
			// Each delivery answered 503 (the read failed); SmartSuite gave up after its retries.
			expect(emu.notifications.map((attempt) => attempt.status)).toEqual([503, 503, 503, 503]);
			expect(emu.getWebhook(webhookId)!.notification_status).toEqual({ disabled: {} });

			await rest.updateCredential(CREDENTIAL.id, credential(emu.apiKey));
			const fixedAt = Date.now();
			// The minute tick; one more wait when a tick fell between the failure and the fix.
			await waitFor(
				'the change made while the key was wrong',
				async () =>
					watch
						.triggered(await productionExecutions())
						.some((item) => item.event_id === whileWrong[0])
						? true
						: undefined,
				4 * 60_000,
				1000,
			);
			console.log(`n8n ${version.n8n}: back ${Date.now() - fixedAt} ms after the key was fixed`);
			expect(emu.getWebhook(webhookId)!.notification_status).toEqual({
				enabled: { url: secretUrl(productionUrl()) },
			});
			const afterFix = createRecords(['After the fix']);
			await watch.waitForEvents(afterFix);
			await expectEachEventOnce();
			expect(requests('CreateWebhook')).toHaveLength(1);
		}),
		6 * 60_000,
	);

	test(
		'deactivation: no webhook notifies n8n any more, the webhook is kept',
		withN8nLog(async () => {
			const [{ webhook_id: webhookId }] = solutionWebhooks();
			await rest.unpublish(WORKFLOW_ID);
			await waitFor(
				'notifications switched off',
				() => ('disabled' in emu.getWebhook(webhookId)!.notification_status ? true : undefined),
				60_000,
				200,
			);
			const executionsBefore = (await watch.executions()).length;
			emu.resetNotifications();
			const [eventId] = createRecords(['After deactivation']);
			await sleep(2000);

			expect(solutionWebhooks()).toEqual([
				expect.objectContaining({ webhook_id: webhookId, notification_status: { disabled: {} } }),
			]);
			expect(
				emu
					.webhooks()
					.filter(
						(webhook) =>
							'enabled' in webhook.notification_status &&
							webhook.notification_status.enabled.url.startsWith(n8n.url),
					),
			).toEqual([]);
			expect(emu.notifications).toEqual([]);
			expect(allEvents()).toContain(eventId); // still collected, read at the next activation
			expect(await watch.executions()).toHaveLength(executionsBefore);
			// n8n stopped the keep-alive with the workflow.
			expect(logged(/^Deregistered (all )?crons/).at(-1)?.crons).toEqual([
				expect.stringMatching(DAILY_CRON),
				expect.stringMatching(MINUTE_CRON),
			]);
			expect(n8n.logTail(100_000)).not.toMatch(ACTIVATION_TROUBLE);
		}),
	);

	/**
	 * "Listen for test event", as the editor asks n8n's REST API for it, on the inactive workflow
	 * (last: what it leaves behind stays out of the tests above).
	 */
	const listen = { testWebhookId: '', productionState: undefined as unknown };

	test(
		'(5d) "Listen for test event": a webhook notifying the test URL; its first ping runs a manual execution with the event; production untouched',
		withN8nLog(async () => {
			const [production] = solutionWebhooks();
			const saved = await rest.workflow(WORKFLOW_ID);
			listen.productionState = saved.staticData;
			expect(saved.staticData).toMatchObject({
				[`node:${TRIGGER}`]: { webhookId: production.webhook_id },
			});
			expect(await rest.listenForTestEvent(saved, TRIGGER)).toMatchObject({
				waitingForWebhook: true,
			});
			const testWebhook = await waitFor(
				'the test webhook',
				() => solutionWebhooks().find((webhook) => webhook.webhook_id !== production.webhook_id),
				30_000,
				200,
			);
			expect(testWebhook.notification_status).toEqual({
				enabled: { url: secretUrl(`${n8n.url}/webhook-test/${NODE_WEBHOOK_ID}/smartsuite`) },
			});
			listen.testWebhookId = testWebhook.webhook_id;

			const { events } = emu.createRecord(seed.tableId, { title: 'Test event' });
			const [testEvent] = events
				.filter((event) => event.webhook_id === testWebhook.webhook_id)
				.map((event) => event.event_id);
			const finished = await waitFor(
				'the test execution to end',
				async () =>
					(await watch.executions()).find(
						(execution) =>
							execution.mode === 'manual' &&
							execution.status !== 'running' &&
							execution.status !== 'new',
					),
				30_000,
				200,
			);
			expect(finished.status).toBe('success');
			expect(nodeOutput(finished.runData, TRIGGER).map((item) => item.event_id)).toEqual([
				testEvent,
			]);
			// The production webhook was not touched: its notifications are still off.
			expect(emu.getWebhook(production.webhook_id)).toEqual(production);
		}),
	);

	test(
		'(5d) "Listen for test event": the webhook made for the test URL is deleted after the test execution (n8n runs delete in mode internal)',
		withN8nLog(async () => {
			await waitFor(
				'the test webhook to be deleted',
				() => (emu.getWebhook(listen.testWebhookId) ? undefined : true),
				10_000,
				200,
			);
			expect(
				requests('DeleteWebhook').map(
					(request) => (request.body as { webhook_id?: string }).webhook_id,
				),
			).toEqual([listen.testWebhookId]);
			expect((await rest.workflow(WORKFLOW_ID)).staticData).toEqual(listen.productionState);
		}),
	);
	test(
		"Download Files (issue 51): a file added to a record comes out as the trigger item's binary, and Extract from File reads its rows in n8n's own binary store",
		withN8nLog(async () => {
			const table = emu.addTable(seed.solutionId, {
				name: 'Scans',
				structure: [
					{
						slug: 'title',
						label: 'Title',
						field_type: 'recordtitlefield',
						params: { primary: true },
					},
					{ slug: 'sscans0001', label: 'Scans', field_type: 'filefield', params: {} },
				],
			});
			const workflow = instantTriggerWorkflow({
				id: 'smartsuiteInstFiles',
				name: 'SmartSuite: files from the trigger',
				trigger: {
					id: 'c7d2e1f3-4a5b-4c6d-9e7f-8091a2b3c4d5',
					name: 'When a scan is added',
					webhookId: '6e1d6b63-9b1f-4e54-8d7c-7b4f3c2f8d22',
				},
				solutionId: seed.solutionId,
				tableId: table.id,
				credential: CREDENTIAL,
				options: { downloadFiles: true },
			});
			const created = await rest.createWorkflow({
				...workflow,
				nodes: [
					...workflow.nodes,
					{
						id: 'node-extract',
						name: 'Rows of the scan',
						type: 'n8n-nodes-base.extractFromFile',
						typeVersion: 1.1,
						position: [300, 0],
						parameters: { operation: 'csv', binaryPropertyName: 'file_0', options: {} },
					},
				],
				connections: {
					'When a scan is added': {
						main: [[{ node: 'Rows of the scan', type: 'main', index: 0 }]],
					},
				},
			});
			await rest.publish(created.id, created.versionId);
			await waitFor(
				"the scans table's webhook notifying n8n",
				() =>
					emu
						.webhooks()
						.find(
							(webhook) =>
								JSON.stringify(webhook.filter).includes(table.id) &&
								'enabled' in webhook.notification_status,
						),
				60_000,
				200,
			);

			const record = emu.addRecord(table.id, { title: 'Inventory' });
			emu.addFile(table.id, record.id, 'sscans0001', {
				filename: 'inventory.csv',
				mimetype: 'text/csv',
				bytes: Buffer.from('sku,count\nA-1,4\nB-2,7\n'),
			});
			const execution = await waitFor(
				'the execution with the file',
				async () =>
					(await n8n.executions(created.id)).find((candidate) =>
						['success', 'error', 'crashed'].includes(candidate.status),
					),
				60_000,
				500,
			);
			expect(execution.status).toBe('success');
			const [item] = nodeOutput(execution.runData, 'When a scan is added');
			expect(item).toMatchObject({
				record_id: record.id,
				fileCount: 1,
				files: [{ binaryField: 'file_0', field: 'Scans', fileName: 'inventory.csv' }],
			});
			expect(nodeOutput(execution.runData, 'Rows of the scan')).toEqual([
				{ sku: 'A-1', count: '4' },
				{ sku: 'B-2', count: '7' },
			]);
			await rest.unpublish(created.id);
		}),
	);
});
