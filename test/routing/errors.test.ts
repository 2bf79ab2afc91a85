/**
 * Answers from a server that does not serve the path (Twirp bad_route, a 404 that is not the
 * service's own not_found, a 405, a page instead of the records API's JSON) are errors about the
 * address, never "the webhook (or record) does not exist"; the credential test is not fooled by them.
 */
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import type { Emulator } from '../emulator';
import { captureLogs } from '../helpers/logs';
import { createPoller, credentialsFor } from '../helpers/n8n';
import type { StubServer } from '../node/harness';
import {
	deleteWebhook,
	getWebhook,
	listEvents,
	restore,
	run,
	runError,
	startStub,
	useEmulator,
} from '../node/harness';

const SPEC = '/service.webhooks.engine.Webhooks';
const CHECK_WEBHOOKS_SETTINGS =
	'Check the Webhooks API Base URL and the Webhooks Service Name in the SmartSuite credential';

const ctx = useEmulator();
const warnings = captureLogs();
let emu: Emulator;
beforeEach(() => {
	emu = ctx.emu;
});

const rl = (value: string) => ({ __rl: true, mode: 'id', value });

/** What a user reads when the webhooks API at the emulator does not route `method`. */
const noMethod = (url: string, method: string, status = 404) =>
	`The webhooks API at ${url} has no method ${SPEC}/${method} (${status})`;

describe("SmartSuite's service name only (every spec path answers bad_route)", () => {
	beforeEach(() => emu.setVariant({ profile: 'smartsuite' }));

	it.each([
		['Get', () => getWebhook('w1'), ['GetWebhook', 'GetWebhooks']],
		['Delete', () => deleteWebhook('w1'), ['DeleteWebhook']],
		['List Events', () => listEvents('w1'), ['ListEvents']],
		[
			'List',
			() => ({ resource: 'webhook', operation: 'list', solutionId: rl('s1') }),
			['ListWebhooks'],
		],
		[
			'Create',
			() => ({ resource: 'webhook', operation: 'create', solutionId: rl('s1'), watch: 'solution' }),
			['CreateWebhook'],
		],
	])(
		'%s says the address is wrong, not that the webhook is missing',
		async (_name, parameters, methods) => {
			const error = await runError(emu, { parameters: parameters() });

			expect(error.message).toBe(noMethod(emu.webhooksUrl, methods[0]));
			expect(error.message).not.toMatch(/does not exist|not found/i);
			expect(error.description).toMatch(/^The address is wrong, not the webhook\./);
			expect(error.description).toContain(
				"SmartSuite's host webhooks.smartsuite.com serves smartsuite.webhooks.engine.Webhooks",
			);
			expect(error.description).toContain(CHECK_WEBHOOKS_SETTINGS);
			expect(error.description).toContain(
				`The server said: "no handler for path "${SPEC}/${methods[0]}""`,
			);
			expect(error.httpCode).toBe('404');
			expect(emu.requests.map((request) => [request.path, request.status])).toEqual(
				methods.map((method) => [`${SPEC}/${method}`, 404]),
			);
		},
	);

	it('with Continue On Fail, the item carries the same error', async () => {
		const output = await run(emu, { parameters: getWebhook('w1'), continueOnFail: true });

		expect(output).toEqual([
			expect.objectContaining({
				json: { error: noMethod(emu.webhooksUrl, 'GetWebhook') },
				error: expect.objectContaining({ message: noMethod(emu.webhooksUrl, 'GetWebhook') }),
			}),
		]);
	});

	it('the trigger fails its activation with the same error, from ListEvents, after a warning about GetWebhook', async () => {
		const { webhook_id: webhookId } = emu.createWebhook();
		const poller = createPoller(new SmartSuiteTrigger(), {
			credentials: credentialsFor(emu),
			parameters: { webhookId, events: [], options: {} },
		});

		const error = (await poller.poll().then(
			() => undefined,
			(thrown: Error & { description?: string }) => thrown,
		))!;

		expect(error.message).toBe(noMethod(emu.webhooksUrl, 'ListEvents'));
		expect(error.description).toContain(CHECK_WEBHOOKS_SETTINGS);
		expect(warnings).toEqual([
			expect.stringMatching(/^warn: .*routes neither GetWebhook nor GetWebhooks/),
		]);
		expect(emu.requests.map((request) => request.path)).toEqual([
			`${SPEC}/GetWebhook`,
			`${SPEC}/GetWebhooks`,
			`${SPEC}/ListEvents`,
		]);
		expect(poller.staticData()).toEqual({});
	});

	it('the managed trigger fails with the same error and does not take it for a webhook that is gone', async () => {
		const poller = createPoller(new SmartSuiteTrigger(), {
			credentials: credentialsFor(emu),
			parameters: {
				source: 'managed',
				solutionId: { __rl: true, mode: 'list', value: 's1' },
				watch: 'solution',
				events: [],
				options: {},
			},
			typeVersion: 2,
		});

		await expect(poller.poll()).rejects.toThrow(noMethod(emu.webhooksUrl, 'ListWebhooks'));
		expect(emu.requests.map((request) => request.path)).toEqual([`${SPEC}/ListWebhooks`]);
	});
});

describe('answers that are not the API', () => {
	let stub: StubServer | undefined;
	afterEach(async () => {
		await stub?.close();
		stub = undefined;
	});

	it('Get: a 405 is about the address', async () => {
		stub = await startStub(() => ({
			status: 405,
			body: { code: 'bad_route', msg: 'unsupported method "POST"' },
			headers: { allow: 'GET' },
		}));

		const error = await runError(emu, {
			parameters: getWebhook('w1'),
			credentials: { webhooksUrl: stub.url },
		});

		expect(error.message).toBe(noMethod(stub.url, 'GetWebhook', 405));
		expect(error.description).toContain(CHECK_WEBHOOKS_SETTINGS);
	});

	it.each([
		['a 404 JSON body without Twirp not_found', { detail: 'Not Found' }, {}],
		['a 404 plain-text page', '404 page not found', { 'content-type': 'text/plain' }],
	])('Get: %s is "not found" (issue 27)', async (_name, body, headers) => {
		stub = await startStub(() => ({ status: 404, body, headers }));

		const error = await runError(emu, {
			parameters: getWebhook('w1'),
			credentials: { webhooksUrl: stub.url },
		});

		expect(error.message).toBe('The webhook "w1" does not exist or was deleted');
	});

	it("a Twirp not_found is still the webhook's own answer", async () => {
		stub = await startStub(() => ({
			status: 404,
			body: { code: 'not_found', msg: 'webhook not found', meta: {} },
		}));

		const error = await runError(emu, {
			parameters: getWebhook('w1'),
			credentials: { webhooksUrl: stub.url },
		});

		expect(error.message).toBe('The webhook "w1" does not exist or was deleted');
		expect(stub.requests).toHaveLength(1);
	});

	// Issue 27: a 404 whose body is a page is "not found" (SmartSuite's answers for missing things are not all documented), with a hint at the address.
	it("Restore: the records host's HTML 404 is about the record, hinting at the address, without the markup", async () => {
		const baseUrl = `${emu.baseUrl}/smartsuite`;
		const { id } = emu.addDeletedRecord('t1');

		const error = await runError(emu, { parameters: restore('t1', id), credentials: { baseUrl } });

		expect(error.message).toBe(`Record "${id}" was not found in table "t1", or it is not deleted`);
		expect(error.description).toContain(
			"The answer was not SmartSuite's JSON: if the id is right, check the Records API Base URL",
		);
		expect(error.description).not.toContain('<');
		expect(emu.requests[0].headers['content-type']).toBe('application/json');
	});

	it('Restore: the webhooks host answering bad_route (base URLs swapped) is about the address', async () => {
		const { id } = emu.addDeletedRecord('t1');

		const error = await runError(emu, {
			parameters: restore('t1', id),
			credentials: { baseUrl: emu.webhooksUrl },
		});

		expect(error.message).toBe(
			`The records API at ${emu.webhooksUrl} does not serve /api/v1/applications/t1/records/${id}/restore/ (404)`,
		);
	});

	it("Restore: the records API's own JSON 404 is still about the record", async () => {
		const error = await runError(emu, { parameters: restore('t1', 'r404') });

		expect(error.message).toBe('Record "r404" was not found in table "t1", or it is not deleted');
	});
});

describe('where GetWebhook is not routed and GetWebhooks answers with a wrong-address error', () => {
	/** GetWebhook: Twirp bad_route; GetWebhooks: 405, an address error of its own. */
	async function stub() {
		return await startStub((_body, n) =>
			n === 1
				? {
						status: 404,
						body: { code: 'bad_route', msg: `no handler for path "${SPEC}/GetWebhook"` },
					}
				: { status: 405, body: { msg: 'method not allowed' } },
		);
	}

	it('Get names the path that failed (GetWebhooks), not the one that is not routed', async () => {
		const server = await stub();
		try {
			const error = await runError(emu, {
				parameters: getWebhook('w1'),
				credentials: { webhooksUrl: server.url },
			});
			expect(server.requests.map((request) => request.path)).toEqual([
				`${SPEC}/GetWebhook`,
				`${SPEC}/GetWebhooks`,
			]);
			expect(error.message).toBe(
				`The webhooks API at ${server.url} has no method ${SPEC}/GetWebhooks (405)`,
			);
		} finally {
			await server.close();
		}
	});

	it('the trigger names the path that failed too', async () => {
		const server = await stub();
		try {
			const poller = createPoller(new SmartSuiteTrigger(), {
				credentials: credentialsFor(emu, { webhooksUrl: server.url }),
				parameters: { webhookId: 'w1', events: [], options: {} },
			});
			const error = (await poller.poll().then(
				() => undefined,
				(thrown: Error & { description?: string }) => thrown,
			))!;
			expect(server.requests.map((request) => request.path)).toEqual([
				`${SPEC}/GetWebhook`,
				`${SPEC}/GetWebhooks`,
			]);
			expect(error.message).toBe(
				`The webhooks API at ${server.url} has no method ${SPEC}/GetWebhooks (405)`,
			);
		} finally {
			await server.close();
		}
	});
});
