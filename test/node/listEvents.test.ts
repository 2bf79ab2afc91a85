import type { EndOfStream, Variant } from '../emulator';
import {
	expectSpecRequest,
	listEvents,
	run,
	runError,
	startStub,
	useEmulator,
	webhooksPath,
} from './harness';

const ctx = useEmulator();

/** A webhook holding `count` events; returns its id and the events' ids, oldest first. */
function seedWebhook(count: number) {
	const { webhook_id: webhookId } = ctx.emu.createWebhook();
	const eventIds = ctx.emu.appendEvents(webhookId, count).map((event) => event.event_id);
	return { webhookId, eventIds };
}

const sentBodies = () => ctx.emu.requests.map((request) => request.body as Record<string, unknown>);

describe('Webhook > List Events', () => {
	it('sends the spec request, page_size as a string, and returns one item per event, oldest first', async () => {
		const { emu } = ctx;
		const { webhookId } = seedWebhook(3);

		const output = await run(emu, { parameters: listEvents(webhookId, { returnAll: true }) });

		expect(emu.requests).toHaveLength(1);
		expectSpecRequest(emu.requests[0], emu, webhooksPath('ListEvents'));
		expect(emu.requests[0].body).toEqual({
			webhook_id: webhookId,
			page_size: '100',
			page_token: '',
		});
		expect(output).toEqual(
			emu.events(webhookId).map((event) => ({ json: event, pairedItem: { item: 0 } })),
		);
	});

	it('asks for no more events than the default limit of 50 needs', async () => {
		const { emu } = ctx;
		const { webhookId, eventIds } = seedWebhook(60);

		const output = await run(emu, { parameters: listEvents(webhookId) });

		expect(sentBodies()).toEqual([{ webhook_id: webhookId, page_size: '50', page_token: '' }]);
		expect(output.map((item) => item.json.event_id)).toEqual(eventIds.slice(0, 50));
	});

	const variants: Array<[EndOfStream, boolean]> = [
		['emptyToken', false],
		['emptyToken', true],
		['omittedToken', false],
		['omittedToken', true],
		['emptyPage', false],
		['emptyPage', true],
	];

	describe.each(variants)(
		'when the stream ends with %s (omitEmpty %s)',
		(endOfStream, omitEmpty) => {
			beforeEach(() => ctx.emu.setVariant({ endOfStream, omitEmpty } satisfies Partial<Variant>));
			// The empty-page variant only tells the end with one more, empty, page.
			const endPage = endOfStream === 'emptyPage' ? 1 : 0;

			it.each([
				[7, 3, 3 + endPage],
				[6, 3, 2 + endPage],
				[0, 3, 1],
			])(
				'returns all %i events with page size %i in %i requests, following the tokens',
				async (count, pageSize, requests) => {
					const { emu } = ctx;
					const { webhookId, eventIds } = seedWebhook(count);

					const output = await run(emu, {
						parameters: listEvents(webhookId, { returnAll: true, options: { pageSize } }),
					});

					expect(output.map((item) => item.json.event_id)).toEqual(eventIds);
					expect(emu.requests).toHaveLength(requests);
					const tokens = sentBodies().map((body) => body.page_token);
					expect(tokens[0]).toBe('');
					expect(new Set(tokens).size).toBe(tokens.length);
					expect(sentBodies().every((body) => body.page_size === String(pageSize))).toBe(true);
				},
			);

			it.each([
				// limit, events stored, page sizes requested
				[3, 7, ['3']],
				[5, 7, ['3', '2']],
				[6, 7, ['3', '3']],
				[7, 7, ['3', '3', '1']],
				[20, 7, ['3', '3', '3', ...(endPage ? ['3'] : [])]],
			])(
				'with a limit of %i out of %i events requests only the pages it needs: %j',
				async (limit, count, pageSizes) => {
					const { emu } = ctx;
					const { webhookId, eventIds } = seedWebhook(count);

					const output = await run(emu, {
						parameters: listEvents(webhookId, { limit, options: { pageSize: 3 } }),
					});

					expect(output.map((item) => item.json.event_id)).toEqual(eventIds.slice(0, limit));
					expect(sentBodies().map((body) => body.page_size)).toEqual(pageSizes);
				},
			);
		},
	);

	it('lists what the server clamps to a smaller page size', async () => {
		const { emu } = ctx;
		emu.setVariant({ maxPageSize: 2 });
		const { webhookId, eventIds } = seedWebhook(5);

		const output = await run(emu, {
			parameters: listEvents(webhookId, { limit: 4, options: { pageSize: 10 } }),
		});

		expect(output.map((item) => item.json.event_id)).toEqual(eventIds.slice(0, 4));
		expect(sentBodies().map((body) => body.page_size)).toEqual(['4', '2']);
	});

	it.each([[0], [1001], [2.5]])('rejects the page size %p before any request', async (pageSize) => {
		const { emu } = ctx;
		const { webhookId } = seedWebhook(1);

		const error = await runError(emu, {
			parameters: listEvents(webhookId, { options: { pageSize } }),
		});

		expect(error.message).toBe('The parameter "Page Size" must be a whole number from 1 to 1000');
		expect(emu.requests).toHaveLength(0);
	});

	it('rejects a limit below 1 from an expression before any request', async () => {
		const { emu } = ctx;
		const { webhookId } = seedWebhook(1);

		const error = await runError(emu, { parameters: listEvents(webhookId, { limit: '={{ 0 }}' }) });

		expect(error.message).toMatch(/^The parameter "Limit" must be a whole number from 1 to/);
		expect(emu.requests).toHaveLength(0);
	});

	it('names the empty Webhook ID and sends nothing', async () => {
		const { emu } = ctx;

		const error = await runError(emu, { parameters: listEvents('', { returnAll: true }) });

		expect(error.message).toBe('The parameter "Webhook" is empty');
		expect(emu.requests).toHaveLength(0);
	});

	it('says that an unknown webhook does not exist or was deleted', async () => {
		const error = await runError(ctx.emu, { parameters: listEvents('gone', { returnAll: true }) });

		expect(error.message).toBe('The webhook "gone" does not exist or was deleted');
	});

	it.each([[500], [502], [503]] as const)(
		'fails on a %i in the middle of the walk instead of returning part of the events',
		async (status) => {
			const { emu } = ctx;
			const { webhookId } = seedWebhook(7);
			emu.injectFault({ operation: 'ListEvents', skip: 1, action: { type: 'status', status } });

			const error = await runError(emu, {
				parameters: listEvents(webhookId, { returnAll: true, options: { pageSize: 3 } }),
			});

			expect(error.message).toBe(`SmartSuite failed to list the events (${status})`);
			expect(error.description).toContain('Try again');
			expect(emu.requests).toHaveLength(2);
		},
	);

	it('fails when a page token expires in the middle of the walk (400)', async () => {
		const { emu } = ctx;
		emu.setVariant({ tokens: 'expiring' });
		const { webhookId } = seedWebhook(7);
		emu.injectFault({ operation: 'ListEvents', skip: 1, action: { type: 'expireTokens' } });

		const error = await runError(emu, {
			parameters: listEvents(webhookId, { returnAll: true, options: { pageSize: 3 } }),
		});

		expect(error.message).toBe(
			'SmartSuite rejected the request to list the events (400): page_token has expired',
		);
		expect(error.description).toContain('SmartSuite said: "page_token has expired"');
	});

	it('fails on a connection dropped in the middle of the walk', async () => {
		const { emu } = ctx;
		const { webhookId } = seedWebhook(7);
		emu.injectFault({ operation: 'ListEvents', skip: 1, action: { type: 'drop' } });

		const error = await runError(emu, {
			parameters: listEvents(webhookId, { returnAll: true, options: { pageSize: 3 } }),
		});

		expect(error.message).toMatch(/connection .* closed/);
	});

	it('stops with a clear error when the server repeats a page token with more events', async () => {
		const event = (n: number) => ({ event_id: `w1.${n}`, kind: 'RECORD_UPDATED' });
		// Token "t1" first, then "t1" again for ever: a server bug that would loop a naive walk.
		const stub = await startStub((_body, n) => ({
			status: 200,
			body: { events: [event(n)], next_page_token: 't1' },
		}));
		try {
			const error = await runError(ctx.emu, {
				parameters: listEvents('w1', { returnAll: true }),
				credentials: { baseUrl: stub.url, webhooksUrl: stub.url },
			});

			expect(error.message).toBe(
				'SmartSuite repeated a page token, so reading the events stopped to avoid looping',
			);
			expect(error.description).toMatch(/pointed back to a page already read/);
			expect(error.description).not.toContain('t1');
			expect(stub.requests.map((request) => request.body.page_token)).toEqual(['', 't1']);
		} finally {
			await stub.close();
		}
	});

	it('fails on an answer that is not a page of events', async () => {
		const stub = await startStub(() => ({ status: 200, body: { events: 'none' } }));
		try {
			const error = await runError(ctx.emu, {
				parameters: listEvents('w1', { returnAll: true }),
				credentials: { baseUrl: stub.url, webhooksUrl: stub.url },
			});

			expect(error.message).toBe('SmartSuite sent an answer that is not a page of events');
		} finally {
			await stub.close();
		}
	});

	it('lists the events of each item’s webhook and pairs every event with its item', async () => {
		const { emu } = ctx;
		const first = seedWebhook(2);
		const second = seedWebhook(3);

		const output = await run(emu, {
			parameters: listEvents('={{ $json.webhook }}', { returnAll: true, options: { pageSize: 2 } }),
			input: [{ webhook: first.webhookId }, { webhook: second.webhookId }],
		});

		expect(output.map((item) => [item.json.event_id, item.pairedItem])).toEqual([
			...first.eventIds.map((id) => [id, { item: 0 }]),
			...second.eventIds.map((id) => [id, { item: 1 }]),
		]);
	});

	it('with Continue On Fail, gives the failing item an error and lists the others', async () => {
		const { emu } = ctx;
		const { webhookId, eventIds } = seedWebhook(2);

		const output = await run(emu, {
			parameters: listEvents('={{ $json.webhook }}', { returnAll: true }),
			input: [{ webhook: 'gone' }, { webhook: webhookId }],
			continueOnFail: true,
		});

		expect(output[0].error?.message).toBe('The webhook "gone" does not exist or was deleted');
		expect(output.slice(1).map((item) => [item.json.event_id, item.pairedItem])).toEqual(
			eventIds.map((id) => [id, { item: 1 }]),
		);
	});
});
