/**
 * The SmartSuite Polling Trigger in the current n8n with its durable poll cursors on (n8n 2.41: the flags in
 * DURABLE_CURSORS). There n8n keeps a copy of the node's static data per workflow and node, commits
 * it with the execution of a poll that emits items, commits it alone after a scheduled poll that
 * emits nothing, and drops the changes of an activation poll that emits nothing; every scheduled
 * poll starts from the committed copy, and a restart runs no activation poll.
 *
 * One n8n, two workflows polled once a minute, half a minute apart (so that a fault aimed at one
 * poll cannot hit the other's requests):
 * - "Create a webhook for me" (the example workflow), at second 0: (a) events stored after
 *   activation, also those stored before the first scheduled poll, are each emitted exactly once;
 *   (b) the same across a restart of n8n; (c) its webhook deleted on the server and replaced by the
 *   trigger: events stored on the replacement are all emitted exactly once.
 * - An existing webhook with Start From = New Events (as version 1 saved it), at second 30: (d) the
 *   proven bound. n8n drops what an activation poll that emits nothing saved, so the first
 *   scheduled poll that finds no saved position passes over every event stored until it reaches
 *   the end of the stream (as if stored before activation): what was stored between activation and
 *   that poll may be lost; every event stored after it is emitted exactly once, nothing stored
 *   before activation ever, and nothing twice.
 */
import { startEmulator, type Emulator } from '../emulator';
import {
	N8n,
	ensureN8n,
	installThisPackage,
	loadExample,
	loadWorkflowFile,
	n8nSuite,
	smartSuiteCredential,
	stopAll,
	waitFor,
} from './harness';
import { TriggerWatch, recordUpdates, withTestPolls } from './trigger-watch';
import { CURRENT } from './versions';

// (a) waits for up to four polls (each up to 110 s) when events do not arrive.
jest.setTimeout(8 * 60_000);

/** n8n 2.41's durable poll cursors and what they need (the scheduler and the publication service). */
const DURABLE_CURSORS = {
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
};
const CREDENTIAL = { id: 'smartsuiteDurable01', name: 'SmartSuite (emulator)' };
const TRIGGER_NODE = 'When a record is updated';
/** The existing-webhook workflow polls at second 30 of each minute, the managed one at second 0. */
const AT_SECOND_30 = { item: [{ mode: 'custom', cronExpression: '30 * * * * *' }] };
/** How long the replacement webhook's first read is held, while the test stores changes on it. */
const REPLACEMENT_READ_DELAY_MS = 8000;

let emu: Emulator;
let n8n: N8n;
let managed: TriggerWatch;
let existing: TriggerWatch;
const seed = { solutionId: '', tableId: 'b1c2d3e4f5a60718293a4b5c' };
/** Event ids stored before activation on the existing webhook: never emitted. */
let storedBeforeActivation: string[] = [];
/** Stored on the existing webhook after activation, before its first scheduled poll: passed over. */
let passedOver: string[] = [];
/** What each workflow must emit, in order, across the tests. */
const expectedManaged: string[] = [];
const expectedExisting: string[] = [];

const suite = n8nSuite(() => n8n);
const withN8nLog = suite.wrap;

/** RECORD_UPDATED changes in the managed webhook's table; returns the events its webhooks got. */
const change = (count: number) => recordUpdates(emu, seed.tableId, count);

const solutionWebhooks = () =>
	emu.webhooks().filter((webhook) => webhook.locator.solution_id === seed.solutionId);
const lastRequest = () => emu.requests.at(-1)?.n ?? 0;

/** ListEvents requests that read `webhookId` after request number `since`. */
const readsOf = (webhookId: string, since: number) =>
	emu.requests.filter(
		(request) =>
			request.n > since &&
			request.operation === 'ListEvents' &&
			(request.body as { webhook_id?: string } | undefined)?.webhook_id === webhookId,
	);

/** Waits for a poll that reads `webhookId` after request `since`, then until it has been quiet for 1.5 s. */
async function waitForPollOf(webhookId: string, since: number): Promise<void> {
	await waitFor(
		`a poll of the webhook ${webhookId}`,
		() => (readsOf(webhookId, since).length > 0 ? true : undefined),
		CURRENT.pollPeriodMs + 30_000,
	);
	let before = -1;
	await waitFor(
		'that poll to finish',
		() => {
			const now = readsOf(webhookId, since).length;
			if (now === before) return true;
			before = now;
			return undefined;
		},
		30_000,
		1500,
	);
}

/** The trigger's output over all of the workflow's executions, oldest first. */
async function emittedBy(watch: TriggerWatch): Promise<string[]> {
	return watch.triggered(await watch.executions()).map((item) => String(item.event_id));
}

/** Each of `ids` was emitted exactly once, in this order (whatever else was emitted). */
async function expectEachOnce(watch: TriggerWatch, ids: string[]): Promise<void> {
	expect((await emittedBy(watch)).filter((id) => ids.includes(id))).toEqual(ids);
}

beforeAll(async () => {
	await ensureN8n({ version: CURRENT });
	emu = await startEmulator();
	n8n = await N8n.fresh(DURABLE_CURSORS, CURRENT);
	try {
		await installThisPackage(n8n.options.userFolder);
		seed.solutionId = emu.addSolution({ name: 'Sales CRM' }).id;
		emu.addTable(seed.solutionId, { id: seed.tableId, name: 'Deals' });
		const existingWebhookId = emu.createWebhook().webhook_id;
		storedBeforeActivation = emu
			.appendEvents(existingWebhookId, [{ kind: 'RECORD_UPDATED' }, { kind: 'RECORD_UPDATED' }])
			.map((event) => event.event_id);

		managed = new TriggerWatch(emu, n8n, 'smartsuiteTrigger1', TRIGGER_NODE, '');
		existing = new TriggerWatch(emu, n8n, 'smartsuiteTriggerV1', TRIGGER_NODE, existingWebhookId);
		await n8n.importCredentials([smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emu)]);
		const placeholders = {
			YOUR_CREDENTIAL_ID: CREDENTIAL.id,
			YOUR_SOLUTION_ID: seed.solutionId,
			YOUR_TABLE_ID: seed.tableId,
			YOUR_WEBHOOK_ID: existingWebhookId,
		};
		const existingWorkflow = loadWorkflowFile(
			'test/fixtures/record-updated-trigger.v1.json',
			placeholders,
		);
		await n8n.importWorkflows([
			withTestPolls(loadExample('record-updated-trigger.json', placeholders), CURRENT),
			{
				...existingWorkflow,
				nodes: (existingWorkflow.nodes as Array<Record<string, unknown>>).map((node) =>
					withSchedule(node, AT_SECOND_30),
				),
			},
		]);
		await n8n.publish(managed.workflowId);
		await n8n.publish(existing.workflowId);
	} catch (error) {
		throw suite.fail(error);
	}
}, 25 * 60_000);

function withSchedule(node: Record<string, unknown>, pollTimes: object): Record<string, unknown> {
	return String(node.type).endsWith('.smartSuiteTrigger')
		? { ...node, parameters: { ...(node.parameters as object), pollTimes } }
		: node;
}

afterAll(async () => {
	await n8n?.stop();
	stopAll();
	await emu?.close();
	// Kept after a failure, for its log and database.
	suite.finish();
});

describe(`SmartSuite Polling Trigger in n8n ${CURRENT.n8n} with durable poll cursors`, () => {
	// Each test waits for and checks its own events, so that one failing does not fail the next.
	test(
		'(a) "Create a webhook for me": events stored after activation, also before the first scheduled poll, each arrive once',
		withN8nLog(async () => {
			const since = lastRequest();
			await n8n.start();
			await managed.waitForManagedActivation(since);
			const activated = lastRequest();
			expect(solutionWebhooks()).toHaveLength(1);
			// Between activation and the first scheduled poll of each workflow.
			const beforeFirstPoll = change(2);
			passedOver = existing.append(['RECORD_UPDATED']);
			// (d) The existing webhook's first scheduled poll passes over what was stored before it;
			// what is stored after it arrives.
			await waitForPollOf(existing.webhookId, activated);
			const later = change(1);
			expectedExisting.push(
				...existing.append(['RECORD_UPDATED', 'RECORD_CREATED', 'RECORD_UPDATED']),
			);
			await existing.waitForEvents(expectedExisting);

			const ids = [...beforeFirstPoll, ...later];
			expectedManaged.push(...ids);
			await managed.waitForEvents(ids);
			await expectEachOnce(managed, ids);
		}),
	);

	test(
		'(b) across a restart of n8n: events stored while it was down arrive once, the webhook is kept',
		withN8nLog(async () => {
			const [webhook] = solutionWebhooks();
			await n8n.stop();
			const whileDown = change(2);
			expectedManaged.push(...whileDown);
			const whileDownExisting = existing.append(['RECORD_UPDATED']);
			expectedExisting.push(...whileDownExisting);
			await n8n.start();
			await managed.waitForEvents(whileDown);
			await existing.waitForEvents(whileDownExisting);
			await expectEachOnce(managed, whileDown);
			await expectEachOnce(existing, whileDownExisting);
			expect(solutionWebhooks()).toEqual([webhook]);
		}),
	);

	test(
		'(c) the managed webhook deleted on the server: the trigger replaces it, and every event stored on the replacement arrives once',
		withN8nLog(async () => {
			const [deleted] = solutionWebhooks();
			// Between the existing webhook's poll (second 30) and the managed one's (second 0), so
			// these faults hit only the managed webhook's poll: its read of the webhook deletes it
			// there, and its first read of the replacement is held while records change.
			await waitForPollOf(existing.webhookId, lastRequest());
			const since = lastRequest();
			emu.injectFault({ operation: 'ListEvents', action: { type: 'deleteWebhook' } });
			emu.injectFault({
				operation: 'ListEvents',
				skip: 1,
				action: { type: 'delay', ms: REPLACEMENT_READ_DELAY_MS },
			});
			const replacement = await waitFor(
				'the first read of a replacement webhook',
				() =>
					solutionWebhooks().find(
						(webhook) =>
							webhook.webhook_id !== deleted.webhook_id &&
							readsOf(webhook.webhook_id, since).length > 0,
					)?.webhook_id,
				CURRENT.pollPeriodMs + 30_000,
				100,
			);
			// Stored on the replacement before the trigger's first read of it returns, then after it.
			const onReplacement = change(2);
			expectedManaged.push(...onReplacement);
			await managed.waitForEvents(onReplacement);
			const next = change(1);
			expectedManaged.push(...next);
			await managed.waitForEvents(next);

			await expectEachOnce(managed, [...onReplacement, ...next]);
			expect(solutionWebhooks().map((webhook) => webhook.webhook_id)).toEqual([replacement]);
		}),
	);

	test(
		'(d) an existing webhook with Start From = New Events: nothing stored before its first scheduled poll, everything after it once; nothing ever twice',
		withN8nLog(async () => {
			expect(
				emu
					.events(existing.webhookId)
					.map((event) => event.event_id)
					.slice(0, 2),
			).toEqual(storedBeforeActivation);
			expect(passedOver).toHaveLength(1);
			const emitted = await emittedBy(existing);
			// The bound: what was stored between activation and the first scheduled poll may be passed
			// over (it is when n8n dropped the activation poll's state), never anything stored later.
			expect(emitted.filter((id) => !passedOver.includes(id))).toEqual(expectedExisting);
			expect(new Set(emitted).size).toBe(emitted.length);
			const executions = await existing.executions();
			expect(
				executions.every(
					(execution) => execution.mode === 'trigger' && execution.status === 'success',
				),
			).toBe(true);
		}),
	);

	test(
		'in the end, "Create a webhook for me" emitted exactly the events stored on its webhooks after activation, each once, in order',
		withN8nLog(async () => {
			expect(await emittedBy(managed)).toEqual(expectedManaged);
		}),
	);
});
