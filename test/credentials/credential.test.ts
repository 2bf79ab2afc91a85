import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

import { SmartSuiteWorkspaceApi } from '../../credentials/SmartSuiteWorkspaceApi.credentials';
import {
	SMARTSUITE_SERVICE,
	SMARTSUITE_WEBHOOKS_HOST,
	SPEC_SERVICE,
	webhooksService,
} from '../../nodes/SmartSuite/shared/webhooksRoute';
import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteInstantTrigger } from '../../nodes/SmartSuite/SmartSuiteInstantTrigger.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { startEmulator } from '../emulator';
import type { Emulator } from '../emulator/types';
import { credentialsFor, runNodeOnce, shutdownN8nCore, testCredential } from '../helpers/n8n';

const nodeRequire = createRequire(__filename);
// The first run loads n8n-core's routing and expression code (over a second on a busy machine).
jest.setTimeout(20_000);

/**
 * What n8n shows for a refused credential. n8n 2.8's errors drop their cause (a class field
 * resets it), so its CredentialsTester never reaches the credential's `responseCode` rules and
 * shows the NodeApiError's words for the status; n8n 2.41 shows the rule's message.
 */
const RULES_APPLY = !nodeRequire('n8n-workflow/package.json').version.startsWith('2.8.');
const shown = (ours: RegExp, n8nWords: string) =>
	RULES_APPLY ? expect.stringMatching(ours) : n8nWords;

describe('SmartSuite Workspace API credential', () => {
	let emu: Emulator;

	beforeAll(async () => {
		emu = await startEmulator();
	});
	beforeEach(() => emu.resetLog());
	afterAll(async () => {
		await emu.close();
		shutdownN8nCore();
	});

	it('declares the fields a user fills in, with the public hosts as defaults', () => {
		const fields = Object.fromEntries(
			new SmartSuiteWorkspaceApi().properties.map((p) => [p.name, p]),
		);
		expect(Object.keys(fields)).toEqual([
			'apiKey',
			'workspaceId',
			'baseUrl',
			'webhooksUrl',
			'webhooksService',
			'requestsPerSecond',
		]);
		expect(fields.apiKey.typeOptions?.password).toBe(true);
		expect(fields.apiKey.required).toBe(true);
		expect(fields.workspaceId.required).toBe(true);
		expect(fields.workspaceId.hint).toMatch(/8 characters after the host/);
		expect(fields.baseUrl.default).toBe('https://app.smartsuite.com');
		expect(fields.webhooksUrl.default).toBe('https://webhooks.smartsuite.com');
		expect(fields.webhooksService.default).toBe('');
		expect(fields.requestsPerSecond.default).toBe(4);
	});

	// The placeholder shows in the empty field whatever the address: it must not name a service
	// that the automatic choice does not make for some address (issue 32: it showed SmartSuite's
	// name beside a local address, where the spec's name is chosen).
	it("Webhooks Service Name: placeholder and description hold for SmartSuite's host and any other", () => {
		const field = new SmartSuiteWorkspaceApi().properties.find(
			(p) => p.name === 'webhooksService',
		)!;
		const addresses = [
			'https://webhooks.smartsuite.com',
			'http://127.0.0.1:8081',
			'https://proxy.example.com',
		];
		const chosen = addresses.map((webhooksUrl) => webhooksService({ webhooksUrl }));
		expect(new Set(chosen)).toEqual(new Set([SMARTSUITE_SERVICE, SPEC_SERVICE]));
		for (const name of chosen) expect(field.placeholder).not.toContain(name);
		expect(field.placeholder).toBe('Automatic: chosen from the Webhooks API Base URL');
		expect(field.description).toContain(
			`${SMARTSUITE_SERVICE} on ${SMARTSUITE_WEBHOOKS_HOST}, ${SPEC_SERVICE} (the interface spec) on any other host`,
		);
	});

	it('is a declarative test n8n runs itself: no node code, nothing the scanner flags', () => {
		const credential = new SmartSuiteWorkspaceApi();
		expect(credential.test?.request).toMatchObject({
			method: 'POST',
			url: '/api/v1/members/list/',
			disableFollowRedirect: true,
		});
		for (const node of [
			new SmartSuite(),
			new SmartSuiteTrigger(),
			new SmartSuiteInstantTrigger(),
		]) {
			expect(node.description.credentials).toEqual([
				{ name: 'smartSuiteWorkspaceApi', required: true },
			]);
			expect(node.methods).not.toHaveProperty('credentialTest');
		}
	});

	it('passes for the right key: one member of the members list, with the spec headers', async () => {
		const result = await testCredential(credentialsFor(emu));

		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(emu.requests).toHaveLength(1);
		const [request] = emu.requests;
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/v1/members/list/?offset=0&limit=1',
			status: 200,
		});
		expect(request.headers.authorization).toBe(`Token ${emu.apiKey}`);
		expect(request.headers['account-id']).toBe(emu.workspaceId);
	});

	it('passes for a workspace whose members list is empty', async () => {
		const empty = await startEmulator();
		try {
			expect(await testCredential(credentialsFor(empty))).toEqual({
				status: 'OK',
				message: 'Connection successful!',
			});
		} finally {
			await empty.close();
		}
	});

	it('accepts a base address with a trailing slash and values with stray spaces', async () => {
		const result = await testCredential(
			credentialsFor(emu, {
				baseUrl: `${emu.baseUrl}/`,
				apiKey: ` ${emu.apiKey} `,
				workspaceId: `${emu.workspaceId} `,
			}),
		);

		expect(result.status).toBe('OK');
		expect(emu.requests[0].path).toMatch(/^\/api\/v1\/members\/list\//);
	});

	it('a wrong key: a message about the API key, without echoing it', async () => {
		const wrongKey = 'wrong-key-5f1e2d3c4b5a69788796a5b4c3d2e1f0';
		const result = await testCredential(credentialsFor(emu, { apiKey: wrongKey }));

		expect(result).toEqual({
			status: 'Error',
			message: shown(
				/^SmartSuite did not accept the API key \(401\)\. Check the API Key/,
				'Authorization failed - please check your credentials',
			),
		});
		expect(result.message).not.toContain(wrongKey);
		expect(emu.requests[0].status).toBe(401);
	});

	it('a wrong workspace id: a message about the Workspace ID', async () => {
		const result = await testCredential(credentialsFor(emu, { workspaceId: 'zz99zz99' }));

		expect(result).toEqual({
			status: 'Error',
			message: shown(
				/\(403\)\. Check the Workspace ID/,
				'Forbidden - perhaps check your credentials?',
			),
		});
		const missing = await testCredential(credentialsFor(emu, { workspaceId: ' ' }));
		expect(missing).toEqual({
			status: 'Error',
			message: shown(
				/\(400\).*Check the Workspace ID/,
				'Bad request - please check your parameters',
			),
		});
	});

	it('a wrong records address: a 404, a 200 page that is not the API, a redirect (not followed), or nothing listening', async () => {
		const notTheApi = await testCredential(credentialsFor(emu, { baseUrl: emu.webhooksUrl }));
		expect(notTheApi).toEqual({
			status: 'Error',
			message: shown(
				/\(404\).*Check the Records API Base URL/,
				'The resource you are requesting could not be found',
			),
		});

		for (const [type, body] of [
			['text/html', '<html><body>Sign in</body></html>'],
			['application/json', '{"ok":true}'],
		]) {
			const page = http.createServer((_req, res) =>
				res.writeHead(200, { 'content-type': type }).end(body),
			);
			await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
			try {
				const answered = await testCredential(
					credentialsFor(emu, {
						baseUrl: `http://127.0.0.1:${(page.address() as AddressInfo).port}`,
					}),
				);
				expect(answered).toEqual({
					status: 'Error',
					message: expect.stringMatching(
						/not as SmartSuite's records API.*Check the Records API Base URL/,
					),
				});
			} finally {
				page.close();
			}
		}

		const redirecting = http.createServer((_req, res) =>
			res.writeHead(302, { location: `${emu.baseUrl}/api/v1/solutions/` }).end(),
		);
		await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
		try {
			emu.resetLog();
			const redirected = await testCredential(
				credentialsFor(emu, {
					baseUrl: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`,
				}),
			);
			expect(redirected).toEqual({
				status: 'Error',
				message: shown(
					/redirects elsewhere \(302\).*Check the Records API Base URL/,
					'Request failed with status code 302',
				),
			});
			expect(emu.requests).toHaveLength(0);
		} finally {
			redirecting.close();
		}

		const closed = await startEmulator();
		const unreachable = closed.baseUrl;
		await closed.close();
		expect(await testCredential(credentialsFor(emu, { baseUrl: unreachable }))).toEqual({
			status: 'Error',
			message: RULES_APPLY
				? 'ECONNREFUSED'
				: 'The service refused the connection - perhaps it is offline',
		});
	});

	it('does not read the webhooks address: a wrong one is reported by the first webhooks call, which names the setting', async () => {
		const closed = await startEmulator();
		const unreachable = closed.webhooksUrl;
		await closed.close();

		expect((await testCredential(credentialsFor(emu, { webhooksUrl: unreachable }))).status).toBe(
			'OK',
		);
		const wrongService = await runNodeOnce(new SmartSuite(), {
			parameters: {
				resource: 'webhook',
				operation: 'list',
				solutionId: { __rl: true, mode: 'id', value: 'x' },
			},
			credentials: credentialsFor(emu, { webhooksUrl: emu.baseUrl }),
			continueOnFail: true,
		});
		expect(wrongService[0].error?.description).toMatch(/Webhooks API Base URL/);
	});
});
