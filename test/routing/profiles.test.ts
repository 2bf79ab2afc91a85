/**
 * SmartSuite's own service name (`smartsuite.webhooks.engine.Webhooks`, the emulator's
 * `smartsuite` profile), reached two ways: through the credential's Webhooks Service Name, and
 * through the automatic choice for the host name webhooks.smartsuite.com, which this test process
 * alone resolves to the emulator (no request leaves the machine). Also GetWebhook's other spelling.
 */
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import type { Emulator } from '../emulator';
import { resolveSmartSuiteHostToLoopback, smartSuiteHostUrl } from '../helpers/dns';
import { captureLogs } from '../helpers/logs';
import type { SmartSuiteCredentialData } from '../helpers/n8n';
import { createPoller, credentialsFor } from '../helpers/n8n';
import { deleteWebhook, getWebhook, listEvents, run, runError, useEmulator } from '../node/harness';
import { emitted, idsOf } from '../trigger/helpers';

/** Simplify (on by default) reads the table structure from the records API: these tests watch the webhooks API's routes only. */
const ROUTING_ONLY = { simplify: false };

const SMARTSUITE_SERVICE = 'smartsuite.webhooks.engine.Webhooks';

const ctx = useEmulator();
const warnings = captureLogs();
let emu: Emulator;
let restoreDns: () => void;
beforeAll(() => {
	restoreDns = resolveSmartSuiteHostToLoopback();
});
afterAll(() => restoreDns());
beforeEach(() => {
	emu = ctx.emu;
	emu.setVariant({ profile: 'smartsuite' });
});

const rl = (value: string) => ({ __rl: true, mode: 'id', value });

const ways: Array<[string, (emu: Emulator) => Partial<SmartSuiteCredentialData>]> = [
	['the Webhooks Service Name field', () => ({ webhooksService: SMARTSUITE_SERVICE })],
	[
		'the automatic choice for webhooks.smartsuite.com',
		(emu) => ({ webhooksUrl: smartSuiteHostUrl(emu.webhooksUrl) }),
	],
];

describe.each(ways)('SmartSuite profile, through %s', (way, credentialsOf) => {
	const automatic = way.startsWith('the automatic');
	const paths = () => emu.requests.map((request) => request.path);

	/** Every request went to SmartSuite's service name (and, automatically, by SmartSuite's host name). */
	function expectSmartSuiteRequests(methods: string[]): void {
		expect(paths()).toEqual(methods.map((method) => `/${SMARTSUITE_SERVICE}/${method}`));
		for (const request of emu.requests) {
			expect(request.status).toBe(200);
			expect(request.headers.host).toBe(
				automatic
					? new URL(smartSuiteHostUrl(emu.webhooksUrl)).host
					: new URL(emu.webhooksUrl).host,
			);
		}
	}

	it('every Webhook operation works', async () => {
		const credentials = credentialsOf(emu);
		const solution = emu.addSolution({ name: 'Sales CRM' });
		const deals = emu.addTable(solution.id, { name: 'Deals' });

		const [created] = await run(emu, {
			parameters: {
				resource: 'webhook',
				operation: 'create',
				solutionId: rl(solution.id),
				tableIds: [deals.id],
			},
			credentials,
		});
		const webhookId = String(created.json.webhook_id);
		const stored = emu.appendEvents(webhookId, 3);
		const listed = await run(emu, {
			parameters: {
				resource: 'webhook',
				operation: 'list',
				solutionId: rl(solution.id),
				returnAll: true,
			},
			credentials,
		});
		const [got] = await run(emu, { parameters: getWebhook(webhookId), credentials });
		const events = await run(emu, {
			parameters: listEvents(webhookId, { returnAll: true }),
			credentials,
		});
		const [deleted] = await run(emu, { parameters: deleteWebhook(webhookId), credentials });

		expect(listed.map((item) => item.json.webhook_id)).toEqual([webhookId]);
		expect(got.json.webhook_id).toBe(webhookId);
		expect(idsOf(events.map((item) => item.json))).toEqual(idsOf(stored));
		expect(deleted.json).toEqual({ deleted: true, webhook_id: webhookId });
		expect(emu.getWebhook(webhookId)).toBeUndefined();
		expectSmartSuiteRequests([
			'CreateWebhook',
			'ListWebhooks',
			'GetWebhook',
			'ListEvents',
			'DeleteWebhook',
		]);
	});

	it('Simplify (the default) reads the events from the webhooks service and the structure from the records API', async () => {
		const solution = emu.addSolution({ name: 'Sales CRM' });
		const deals = emu.addTable(solution.id, { name: 'Deals' });
		const { webhook_id: webhookId } = emu.createWebhook({
			locator: { account_id: emu.workspaceId, solution_id: solution.id },
			filter: { application: { application_id: deals.id } },
		});
		const poller = createPoller(new SmartSuiteTrigger(), {
			credentials: credentialsFor(emu, credentialsOf(emu)),
			parameters: { webhookId, events: [], options: {} },
		});
		expect(await poller.poll()).toBeNull();
		const { id } = emu.createRecord(deals.id, { title: 'Acme renewal' }).record;
		emu.resetLog();

		const [item] = emitted(await poller.poll());
		expect(item).toMatchObject({ record: { id, Title: 'Acme renewal' } });
		// The structure and the members (First Created's `by`) from the records API.
		expect(paths()).toEqual([
			`/${SMARTSUITE_SERVICE}/ListEvents`,
			`/api/v1/applications/${deals.id}/`,
			'/api/v1/members/list/?offset=0&limit=1000',
		]);
		expect(warnings).toEqual([]);
	});

	it('the trigger activates on an existing webhook and emits what comes next', async () => {
		const { webhook_id: webhookId } = emu.createWebhook();
		emu.appendEvents(webhookId, 2);
		const poller = createPoller(new SmartSuiteTrigger(), {
			credentials: credentialsFor(emu, credentialsOf(emu)),
			parameters: { webhookId, events: [], options: ROUTING_ONLY },
		});

		expect(await poller.poll()).toBeNull();
		const appended = emu.appendEvents(webhookId, 3);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(appended));
		expect(paths().every((path) => path.startsWith(`/${SMARTSUITE_SERVICE}/`))).toBe(true);
		expect(paths()[0]).toBe(`/${SMARTSUITE_SERVICE}/GetWebhook`);
		expect(warnings).toEqual([]);
	});

	it('the trigger creates its own webhook ("Create a webhook for me") and emits its events', async () => {
		const solution = emu.addSolution({ name: 'Sales CRM' });
		const poller = createPoller(new SmartSuiteTrigger(), {
			credentials: credentialsFor(emu, credentialsOf(emu)),
			parameters: {
				source: 'managed',
				solutionId: { __rl: true, mode: 'list', value: solution.id },
				watch: 'solution',
				events: [],
				options: ROUTING_ONLY,
			},
			typeVersion: 2,
		});

		expect(await poller.poll()).toBeNull();
		const [webhook] = emu
			.webhooks()
			.filter((candidate) => candidate.locator.solution_id === solution.id);
		const appended = emu.appendEvents(webhook.webhook_id, 2);
		expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(appended));
		expect(paths()).toContain(`/${SMARTSUITE_SERVICE}/CreateWebhook`);
		expect(paths().every((path) => path.startsWith(`/${SMARTSUITE_SERVICE}/`))).toBe(true);
	});

	it('where only GetWebhooks is routed, Get and the trigger ask again with it, each time anew', async () => {
		emu.setVariant({ getWebhookMethod: 'GetWebhooks' });
		const credentials = credentialsOf(emu);
		const { webhook_id: webhookId } = emu.createWebhook();
		const bothSpellings = [
			`/${SMARTSUITE_SERVICE}/GetWebhook`,
			`/${SMARTSUITE_SERVICE}/GetWebhooks`,
		];

		for (let execution = 0; execution < 2; execution++) {
			emu.resetLog();
			const [got] = await run(emu, { parameters: getWebhook(webhookId), credentials });
			expect(got.json.webhook_id).toBe(webhookId);
			expect(paths()).toEqual(bothSpellings);
			expect(emu.requests.map((request) => request.status)).toEqual([404, 200]);
		}

		emu.resetLog();
		const poller = createPoller(new SmartSuiteTrigger(), {
			credentials: credentialsFor(emu, credentials),
			parameters: { webhookId, events: [], options: ROUTING_ONLY },
		});
		expect(await poller.poll()).toBeNull();
		expect(paths().slice(0, 2)).toEqual(bothSpellings);
		expect(warnings).toEqual([]);
	});
});

it('the override wins over the host name: webhooks.smartsuite.com with the spec name reaches a spec server', async () => {
	emu.setVariant({ profile: 'spec' });
	const { webhook_id: webhookId } = emu.createWebhook();

	const [got] = await run(emu, {
		parameters: getWebhook(webhookId),
		credentials: {
			webhooksUrl: smartSuiteHostUrl(emu.webhooksUrl),
			webhooksService: 'service.webhooks.engine.Webhooks',
		},
	});

	expect(got.json.webhook_id).toBe(webhookId);
	expect(emu.requests.map((request) => [request.headers.host, request.path])).toEqual([
		[
			new URL(smartSuiteHostUrl(emu.webhooksUrl)).host,
			'/service.webhooks.engine.Webhooks/GetWebhook',
		],
	]);
});

it('the trigger activates when neither GetWebhook spelling is routed: it warns and relies on ListEvents', async () => {
	emu.setVariant({ getWebhookMethod: null });
	const { webhook_id: webhookId } = emu.createWebhook();
	emu.appendEvents(webhookId, 2);
	const poller = createPoller(new SmartSuiteTrigger(), {
		credentials: credentialsFor(emu, { webhooksService: SMARTSUITE_SERVICE }),
		parameters: { webhookId, events: [], options: ROUTING_ONLY },
	});

	expect(await poller.poll()).toBeNull();
	const appended = emu.appendEvents(webhookId, 2);
	expect(idsOf(emitted(await poller.poll()))).toEqual(idsOf(appended));

	expect(warnings).toEqual([
		`warn: SmartSuite Polling Trigger: the webhooks API routes neither GetWebhook nor GetWebhooks, so the webhook "${webhookId}" was not checked before reading its events`,
	]);
	expect(emu.requests.slice(0, 3).map((request) => [request.path, request.status])).toEqual([
		[`/${SMARTSUITE_SERVICE}/GetWebhook`, 404],
		[`/${SMARTSUITE_SERVICE}/GetWebhooks`, 404],
		[`/${SMARTSUITE_SERVICE}/ListEvents`, 200],
	]);
});

it('outside names do not resolve in this process', async () => {
	const error = await runError(emu, {
		parameters: getWebhook('any'),
		credentials: { webhooksUrl: `http://example.com:${new URL(emu.webhooksUrl).port}` },
	});

	expect(`${error.message} ${error.description}`).toMatch(
		/ENOTFOUND|could not be looked up|incorrect host/,
	);
});
