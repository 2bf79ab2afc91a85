import { TestCredentialsHelper } from '../helpers/n8n';
import {
	deleteWebhook,
	expectSpecRequest,
	getWebhook,
	run,
	runError,
	smartSuite,
	startStub,
	useEmulator,
	webhooksPath,
} from './harness';

const ctx = useEmulator();

describe('Webhook > Get', () => {
	it('returns the webhook itself, out of its wrapper', async () => {
		const { emu } = ctx;
		const webhook = emu.createWebhook();

		const output = await run(emu, { parameters: getWebhook(webhook.webhook_id) });

		expect(emu.requests).toHaveLength(1);
		expectSpecRequest(emu.requests[0], emu, webhooksPath('GetWebhook'));
		expect(emu.requests[0].body).toEqual({ webhook_id: webhook.webhook_id });
		expect(output).toEqual([{ json: webhook, pairedItem: { item: 0 } }]);
	});

	it.each([
		['another wrapper name', (webhook: object) => ({ item: webhook })],
		['no wrapper', (webhook: object) => webhook],
	])('unwraps whatever the wrapper: %s', async (_name, wrap) => {
		const webhook = { webhook_id: 'w1', kinds: ['RECORD_CREATED'] };
		const stub = await startStub(() => ({ status: 200, body: wrap(webhook) }));
		try {
			const output = await run(ctx.emu, {
				parameters: getWebhook('w1'),
				credentials: { baseUrl: stub.url, webhooksUrl: stub.url },
			});
			expect(output[0].json).toEqual(webhook);
		} finally {
			await stub.close();
		}
	});

	it('takes the webhook from its picker (a resource locator) or as the plain string workflows saved before', async () => {
		const { emu } = ctx;
		const webhook = emu.createWebhook();
		for (const mode of ['list', 'id']) {
			const parameters = {
				...getWebhook(''),
				webhookId: { __rl: true, mode, value: webhook.webhook_id },
			};
			expect((await run(emu, { parameters }))[0].json).toEqual(webhook);
		}
		expect((await run(emu, { parameters: getWebhook(webhook.webhook_id) }))[0].json).toEqual(
			webhook,
		);
		expect(emu.requests.map((request) => request.body)).toEqual(
			Array(3).fill({ webhook_id: webhook.webhook_id }),
		);
	});

	it('says that an unknown webhook does not exist or was deleted (404)', async () => {
		const { emu } = ctx;

		const error = await runError(emu, { parameters: getWebhook('nope') });

		expect(error.message).toBe('The webhook "nope" does not exist or was deleted');
		expect(error.description).toContain('SmartSuite said: "webhook not found"');
		expect(error.httpCode).toBe('404');
	});

	it('trims the id and sends it as given', async () => {
		const { emu } = ctx;
		const webhook = emu.createWebhook();

		await run(emu, { parameters: getWebhook(`  ${webhook.webhook_id}\n`) });

		expect(emu.requests[0].body).toEqual({ webhook_id: webhook.webhook_id });
	});

	it.each([[''], ['   ']])('names the empty Webhook ID %j and sends nothing', async (id) => {
		const { emu } = ctx;

		const error = await runError(emu, { parameters: getWebhook(id) });

		expect(error.message).toBe('The parameter "Webhook" is empty');
		expect(emu.requests).toHaveLength(0);
	});

	it('sends a hostile id in the body only, never in the path', async () => {
		const { emu } = ctx;

		const error = await runError(emu, { parameters: getWebhook('../DeleteWebhook?x#y') });

		expect(emu.requests[0].path).toBe(webhooksPath('GetWebhook'));
		expect(emu.requests[0].body).toEqual({ webhook_id: '../DeleteWebhook?x#y' });
		expect(error.message).toBe('The webhook "../DeleteWebhook?x#y" does not exist or was deleted');
	});

	it('runs once per item with per-item expressions and pairs the outputs', async () => {
		const { emu } = ctx;
		const webhooks = [emu.createWebhook(), emu.createWebhook(), emu.createWebhook()];

		const output = await run(emu, {
			parameters: getWebhook('={{ $json.id }}'),
			input: webhooks.map((webhook) => ({ id: webhook.webhook_id })),
		});

		expect(emu.requests.map((r) => (r.body as { webhook_id: string }).webhook_id).sort()).toEqual(
			webhooks.map((w) => w.webhook_id).sort(),
		);
		expect(output.map((item) => [item.json.webhook_id, item.pairedItem])).toEqual(
			webhooks.map((webhook, index) => [webhook.webhook_id, { item: index }]),
		);
	});
});

describe('Webhook > Delete', () => {
	it('deletes the webhook with its events and says so', async () => {
		const { emu } = ctx;
		const webhook = emu.createWebhook();
		emu.appendEvents(webhook.webhook_id, 3);

		const output = await run(emu, { parameters: deleteWebhook(webhook.webhook_id) });

		expectSpecRequest(emu.requests[0], emu, webhooksPath('DeleteWebhook'));
		expect(emu.requests[0].body).toEqual({ webhook_id: webhook.webhook_id });
		expect(output).toEqual([
			{ json: { deleted: true, webhook_id: webhook.webhook_id }, pairedItem: { item: 0 } },
		]);
		expect(emu.getWebhook(webhook.webhook_id)).toBeUndefined();
		expect(emu.events(webhook.webhook_id)).toEqual([]);
	});

	it('says the webhook does not exist when it was already deleted', async () => {
		const { emu } = ctx;
		const webhook = emu.createWebhook();
		await run(emu, { parameters: deleteWebhook(webhook.webhook_id) });

		const error = await runError(emu, { parameters: deleteWebhook(webhook.webhook_id) });

		expect(error.message).toBe(`The webhook "${webhook.webhook_id}" does not exist or was deleted`);
	});

	it('names the empty Webhook ID and sends nothing', async () => {
		const { emu } = ctx;

		const error = await runError(emu, { parameters: deleteWebhook(' ') });

		expect(error.message).toBe('The parameter "Webhook" is empty');
		expect(emu.requests).toHaveLength(0);
	});

	it('warns in the Webhook ID hint that the stored events go with it', () => {
		const field = smartSuite.description.properties.find(
			(p) => p.name === 'webhookId' && p.displayOptions?.show?.operation?.includes('delete'),
		);
		expect(field?.hint).toMatch(/events .* deleted with it/);
	});

	it('with Continue On Fail, gives the failing item an error and deletes the others', async () => {
		const { emu } = ctx;
		const webhooks = [emu.createWebhook(), emu.createWebhook()];

		const output = await run(emu, {
			parameters: deleteWebhook('={{ $json.id }}'),
			input: [{ id: webhooks[0].webhook_id }, { id: 'missing' }, { id: webhooks[1].webhook_id }],
			continueOnFail: true,
		});

		expect(output[0]).toEqual({
			json: { deleted: true, webhook_id: webhooks[0].webhook_id },
			pairedItem: { item: 0 },
		});
		expect(output[1].json).toEqual({ error: output[1].error?.message });
		expect(output[1].error?.message).toBe('The webhook "missing" does not exist or was deleted');
		expect(output[2]).toEqual({
			json: { deleted: true, webhook_id: webhooks[1].webhook_id },
			pairedItem: { item: 2 },
		});
	});
});

describe('credential reads', () => {
	it("one Get reads the credential three times: the run's client, the webhook's address and n8n's authentication (it was four as a route, five before)", async () => {
		const { emu } = ctx;
		const webhook = emu.createWebhook();
		// n8n decrypts the credential again on every read.
		const reads = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
		try {
			await run(emu, { parameters: getWebhook(webhook.webhook_id) });
			expect(reads).toHaveBeenCalledTimes(3);
		} finally {
			reads.mockRestore();
		}
	});
});
