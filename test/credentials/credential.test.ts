import { SmartSuiteWorkspaceApi } from '../../credentials/SmartSuiteWorkspaceApi.credentials';
import { PROBE_WEBHOOK_ID } from '../../nodes/SmartSuite/shared/credentialTest';
import { SMARTSUITE_SERVICE, SMARTSUITE_WEBHOOKS_HOST, SPEC_SERVICE, webhooksService } from '../../nodes/SmartSuite/shared/webhooksRoute';
import { startEmulator } from '../emulator';
import type { Emulator } from '../emulator/types';
import { credentialsFor, shutdownN8nCore, testCredential } from '../helpers/n8n';

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
		const fields = Object.fromEntries(new SmartSuiteWorkspaceApi().properties.map((p) => [p.name, p]));
		expect(Object.keys(fields)).toEqual(['apiKey', 'workspaceId', 'baseUrl', 'webhooksUrl', 'webhooksService']);
		expect(fields.apiKey.typeOptions?.password).toBe(true);
		expect(fields.apiKey.required).toBe(true);
		expect(fields.workspaceId.required).toBe(true);
		expect(fields.workspaceId.hint).toMatch(/8 characters after the host/);
		expect(fields.baseUrl.default).toBe('https://app.smartsuite.com');
		expect(fields.webhooksUrl.default).toBe('https://webhooks.smartsuite.com');
		expect(fields.webhooksService.default).toBe('');
	});

	// The placeholder shows in the empty field whatever the address: it must not name a service
	// that the automatic choice does not make for some address (issue 32: it showed SmartSuite's
	// name beside a local address, where the spec's name is chosen).
	it("Webhooks Service Name: placeholder and description hold for SmartSuite's host and any other", () => {
		const field = new SmartSuiteWorkspaceApi().properties.find((p) => p.name === 'webhooksService')!;
		const addresses = ['https://webhooks.smartsuite.com', 'http://127.0.0.1:8081', 'https://proxy.example.com'];
		const chosen = addresses.map((webhooksUrl) => webhooksService({ webhooksUrl }));
		expect(new Set(chosen)).toEqual(new Set([SMARTSUITE_SERVICE, SPEC_SERVICE]));
		for (const name of chosen) expect(field.placeholder).not.toContain(name);
		expect(field.placeholder).toBe('Automatic: chosen from the Webhooks API Base URL');
		expect(field.description).toContain(`${SMARTSUITE_SERVICE} on ${SMARTSUITE_WEBHOOKS_HOST}, ${SPEC_SERVICE} (the interface spec) on any other host`);
	});

	it('passes for the right key, probing GetWebhook with the spec headers', async () => {
		const result = await testCredential(credentialsFor(emu));

		expect(result).toEqual({ status: 'OK', message: expect.stringMatching(/accepted the API key/) });
		expect(emu.requests).toHaveLength(1);
		const [request] = emu.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/service.webhooks.engine.Webhooks/GetWebhook');
		expect(request.headers.authorization).toBe(`Token ${emu.apiKey}`);
		expect(request.headers['account-id']).toBe(emu.workspaceId);
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual({ webhook_id: PROBE_WEBHOOK_ID });
		expect(request.status).toBe(404);
	});

	it('accepts base addresses with a trailing slash and values with stray spaces', async () => {
		const result = await testCredential(
			credentialsFor(emu, {
				webhooksUrl: `${emu.webhooksUrl}/`,
				apiKey: ` ${emu.apiKey} `,
				workspaceId: `${emu.workspaceId} `,
			}),
		);

		expect(result.status).toBe('OK');
		expect(emu.requests[0].path).toBe('/service.webhooks.engine.Webhooks/GetWebhook');
	});

	it('fails for a wrong key with a message that says to check the key, without echoing it', async () => {
		const wrongKey = 'wrong-key-5f1e2d3c4b5a69788796a5b4c3d2e1f0';
		const result = await testCredential(credentialsFor(emu, { apiKey: wrongKey }));

		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/API key/);
		expect(result.message).not.toContain(wrongKey);
		expect(emu.requests[0].status).toBe(401);
	});

	it('fails for a wrong workspace id with a message that points at the workspace id', async () => {
		const result = await testCredential(credentialsFor(emu, { workspaceId: 'zz99zz99' }));

		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/Workspace ID/);
		expect(result.message).not.toContain(emu.apiKey);
	});

	it('fails with the address to check when the webhooks API cannot be reached', async () => {
		const closed = await startEmulator();
		const unreachable = closed.webhooksUrl;
		await closed.close();

		const result = await testCredential(credentialsFor(emu, { webhooksUrl: unreachable }));

		expect(result.status).toBe('Error');
		expect(result.message).toContain(unreachable);
		expect(result.message).toMatch(/Webhooks API Base URL/);
	});
});
