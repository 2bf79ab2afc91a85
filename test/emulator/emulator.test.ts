import { type Answer, authHeaders, send, start } from './client';
import { TYPED_FIELDS } from './fixtures';
import {
	DEFAULT_API_KEY,
	DEFAULT_WORKSPACE_ID,
	type Emulator,
	type EndOfStream,
	type Operation,
	startDemoChanges,
	startEmulator,
} from './index';

const HEX24 = /^[0-9a-f]{24}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

function twirp(
	emu: Emulator,
	method: string,
	body: unknown = {},
	headers?: Record<string, string | undefined>,
): Promise<Answer> {
	return send(`${emu.webhooksUrl}/service.webhooks.engine.Webhooks/${method}`, emu, {
		body,
		headers,
	});
}

function restore(
	emu: Emulator,
	tableId: string,
	recordId: string,
	headers?: Record<string, string | undefined>,
): Promise<Answer> {
	return send(`${emu.baseUrl}/api/v1/applications/${tableId}/records/${recordId}/restore/`, emu, {
		headers,
	});
}

function listEvents(
	emu: Emulator,
	webhookId: string,
	pageSize?: unknown,
	pageToken?: string,
): Promise<Answer> {
	return twirp(emu, 'ListEvents', {
		webhook_id: webhookId,
		page_size: pageSize,
		page_token: pageToken,
	});
}

/** Follows next_page_token until the page says the stream has ended (by any of the three signals). */
async function walk(
	emu: Emulator,
	webhookId: string,
	pageSize: string,
): Promise<Array<Record<string, any>>> {
	const pages: Array<Record<string, any>> = [];
	let token = '';
	for (let guard = 0; guard < 100; guard++) {
		const answer = await listEvents(emu, webhookId, pageSize, token);
		expect(answer.status).toBe(200);
		const page = answer.json();
		pages.push(page);
		const events = page.events ?? [];
		if (!page.next_page_token || events.length === 0) return pages;
		token = page.next_page_token;
	}
	throw new Error('stream never ended');
}

async function webhookWithEvents(emu: Emulator, count: number) {
	const webhook = emu.createWebhook();
	const events = emu.appendEvents(webhook.webhook_id, count);
	return { webhookId: webhook.webhook_id, events };
}

const eventIds = (page: { events?: Array<{ event_id: string }> }) =>
	(page.events ?? []).map((event) => event.event_id);

describe('restore record', () => {
	it('restores a deleted record with the full record shape and marks it restored', async () => {
		const emu = await start();
		const tableId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
		const seeded = emu.addDeletedRecord(tableId, { title: 'Q3 launch plan' });
		expect(seeded.deleted_date).toEqual({ date: expect.stringMatching(ISO), include_time: true });

		const answer = await restore(emu, tableId, seeded.id);
		expect(answer.status).toBe(200);
		expect(answer.headers['content-type']).toBe('application/json');
		const record = answer.json();
		const timestamp = expect.stringMatching(ISO);
		expect(record).toEqual({
			id: seeded.id,
			title: 'Q3 launch plan (Restored)',
			description: {
				data: {
					type: 'doc',
					content: [{ type: 'paragraph', content: [{ type: 'text', text: expect.any(String) }] }],
				},
				html: expect.any(String),
				preview: expect.any(String),
				yjsData: null,
			},
			assigned_to: [],
			status: { value: expect.any(String), updated_on: timestamp },
			due_date: {
				from_date: { date: null, include_time: false },
				to_date: { date: timestamp, include_time: false },
				is_overdue: false,
				status_is_completed: false,
				status_updated_on: timestamp,
			},
			priority: '',
			first_created: { on: timestamp, by: expect.stringMatching(HEX24) },
			last_updated: { on: timestamp, by: expect.stringMatching(HEX24) },
			followed_by: [],
			comments_count: 0,
			autonumber: 1,
			application_slug: expect.any(String),
			application_id: tableId,
			ranking: { default: expect.any(String) },
			deleted_date: { date: null, include_time: false },
			deleted_by: null,
			sdd4f7a2c1: { date: timestamp, include_time: false },
			s81c0b3e9a: [],
			sa4e19c7d2: [],
		});
		expect(seeded.id).toMatch(HEX24);
		expect(emu.getRecord(tableId, seeded.id)).toEqual(record);
	});

	it('answers 404 for a second restore, an unknown table or record, and a record that is not deleted', async () => {
		const emu = await start();
		const deleted = emu.addDeletedRecord('t1');
		const live = emu.addRecord('t1');
		expect((await restore(emu, 't1', deleted.id)).status).toBe(200);
		for (const [tableId, recordId] of [
			['t1', deleted.id],
			['t2', deleted.id],
			['t1', 'ffffffffffffffffffffffff'],
			['t1', live.id],
		]) {
			const answer = await restore(emu, tableId, recordId);
			expect(answer.status).toBe(404);
			expect(answer.json()).toEqual({ detail: 'Not found.' });
		}
		expect(emu.getRecord('t1', live.id)?.title).not.toMatch(/Restored/);
	});

	it('needs a JSON object body', async () => {
		const emu = await start();
		const { id } = emu.addDeletedRecord('t1');
		const url = `${emu.baseUrl}/api/v1/applications/t1/records/${id}/restore/`;
		expect((await send(url, emu, { rawBody: '' })).status).toBe(400);
		expect((await send(url, emu, { rawBody: '[]' })).status).toBe(400);
		expect(emu.getRecord('t1', id)?.deleted_by).not.toBeNull();
	});
});

describe('get and delete webhook', () => {
	it('GetWebhook wraps the webhook as {webhook}', async () => {
		const emu = await start();
		const webhook = emu.createWebhook();
		const answer = await twirp(emu, 'GetWebhook', { webhook_id: webhook.webhook_id });
		expect(answer.status).toBe(200);
		expect(answer.json()).toEqual({
			webhook: {
				webhook_id: expect.stringMatching(UUID),
				locator: { account_id: DEFAULT_WORKSPACE_ID, solution_id: expect.stringMatching(HEX24) },
				filter: { applications: { application_ids: [expect.stringMatching(HEX24)] } },
				kinds: ['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED'],
				created_at: { by: expect.any(String), at: expect.stringMatching(ISO) },
				updated_at: { by: expect.any(String), at: expect.stringMatching(ISO) },
				notification_status: { disabled: {} },
				system_status: { enabled: { expires_at: expect.stringMatching(ISO) } },
			},
		});
		const expiresAt = Date.parse(answer.json().webhook.system_status.enabled.expires_at);
		expect(expiresAt - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
	});

	it('GetWebhook answers 400 invalid_argument without webhook_id and 404 not_found for an unknown one', async () => {
		const emu = await start();
		for (const body of [{}, { webhook_id: '' }, { webhook_id: 7 }]) {
			const answer = await twirp(emu, 'GetWebhook', body);
			expect(answer.status).toBe(400);
			expect(answer.json()).toEqual({
				code: 'invalid_argument',
				msg: expect.any(String),
				meta: {},
			});
		}
		const unknown = await twirp(emu, 'GetWebhook', { webhook_id: 'nope' });
		expect(unknown.status).toBe(404);
		expect(unknown.json()).toEqual({ code: 'not_found', msg: expect.any(String), meta: {} });
	});

	it('setWebhookStatus switches notification and system status', async () => {
		const emu = await start();
		const { webhook_id } = emu.createWebhook();
		emu.setWebhookStatus(webhook_id, { notifications: 'enabled', system: 'disabled' });
		const { webhook } = (await twirp(emu, 'GetWebhook', { webhook_id })).json();
		expect(webhook.notification_status).toEqual({
			enabled: { url: expect.stringMatching(/^https:\/\//) },
		});
		expect(webhook.system_status).toEqual({ disabled: {} });
	});

	it('DeleteWebhook answers {} and removes the webhook with all its events; unknown id is 404', async () => {
		const emu = await start();
		const { webhookId } = await webhookWithEvents(emu, 3);
		const answer = await twirp(emu, 'DeleteWebhook', { webhook_id: webhookId });
		expect(answer.status).toBe(200);
		expect(answer.json()).toEqual({});
		expect(emu.getWebhook(webhookId)).toBeUndefined();
		expect(emu.events(webhookId)).toEqual([]);
		expect((await twirp(emu, 'GetWebhook', { webhook_id: webhookId })).status).toBe(404);
		expect((await listEvents(emu, webhookId)).status).toBe(404);
		const again = await twirp(emu, 'DeleteWebhook', { webhook_id: webhookId });
		expect(again.status).toBe(404);
		expect(again.json().code).toBe('not_found');
	});
});

describe('list events', () => {
	it('serves pages of realistic events with a numeric cursor token, without consuming them', async () => {
		const emu = await start();
		const { webhookId, events } = await webhookWithEvents(emu, 3);
		const first = await listEvents(emu, webhookId, '2', '');
		expect(first.status).toBe(200);
		const page = first.json();
		expect(Object.keys(page)).toEqual(['events', 'next_page_token']);
		expect(page.events).toEqual(events.slice(0, 2));
		expect(page.next_page_token).toMatch(/^\d+$/);
		expect(page.events[1].event_id).toBe(`${webhookId}.${page.next_page_token}`);

		const event = page.events[0];
		expect(event).toEqual({
			webhook_id: webhookId,
			locator: { account_id: emu.workspaceId, solution_id: expect.stringMatching(HEX24) },
			event_id: expect.stringMatching(new RegExp(`^${webhookId}\\.\\d+$`)),
			kind: 'RECORD_CREATED',
			event_at: expect.stringMatching(ISO),
			record_event_data: {
				record_id: expect.stringMatching(HEX24),
				locator: {
					account_id: emu.workspaceId,
					solution_id: expect.any(String),
					application_id: expect.stringMatching(HEX24),
				},
				data: expect.objectContaining({
					id: event.record_event_data.record_id,
					title: expect.any(String),
					deleted_by: null,
				}),
				previous: {},
			},
			ctx: {
				change_id: expect.any(String),
				change_size: expect.any(Number),
				batch_id: expect.any(String),
				batch_size: 3,
				source: 'ui',
				handler: 'record_created',
			},
		});

		const second = (await listEvents(emu, webhookId, '2', page.next_page_token)).json();
		expect(second).toEqual({ events: events.slice(2), next_page_token: '' });
		expect((await listEvents(emu, webhookId, '2', '')).json().events).toEqual(events.slice(0, 2));
	});

	it('serves raw elements verbatim in stream order, beside the generated events', async () => {
		const emu = await start();
		const { webhookId, events } = await webhookWithEvents(emu, 1);
		emu.appendRawElements(webhookId, [
			'null',
			'{"kind":"NO_ID"}',
			`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
		]);
		const answer = await listEvents(emu, webhookId, '10', '');
		expect(answer.status).toBe(200);
		expect(answer.json().events.slice(0, 3)).toEqual([events[0], null, { kind: 'NO_ID' }]);
		expect(emu.events(webhookId)).toEqual(events);
		expect(emu.elements(webhookId).slice(0, 3)).toEqual([events[0], null, { kind: 'NO_ID' }]);
	});

	it('generates a mix of creations and updates whose previous holds the changed fields', async () => {
		const emu = await start();
		const { events } = await webhookWithEvents(emu, 200);
		const kinds = new Set(events.map((event) => event.kind));
		expect(kinds).toEqual(new Set(['RECORD_CREATED', 'RECORD_UPDATED']));
		const updates = events.filter((event) => event.kind === 'RECORD_UPDATED');
		expect(updates.length).toBeGreaterThan(events.length / 2);
		for (const { record_event_data: change } of updates) {
			const fields = Object.keys(change.previous);
			expect(fields.length === 1 && ['title', 'status'].includes(fields[0])).toBe(true);
			expect(change.data[fields[0]]).not.toEqual(change.previous[fields[0]]);
		}
		const times = events.map((event) => Date.parse(event.event_at));
		expect(times.every((time, i) => i === 0 || time > times[i - 1])).toBe(true);
	});

	it('merges given events into full records and computes previous for updates', async () => {
		const emu = await start();
		const { webhook_id } = emu.createWebhook();
		const [created, updated] = emu.appendEvents(webhook_id, [
			{ kind: 'RECORD_CREATED', recordId: 'r1', applicationId: 'app1', data: { title: 'First' } },
			{ recordId: 'r1', data: { title: 'Second' } },
		]);
		expect(created.record_event_data.data).toMatchObject({
			id: 'r1',
			title: 'First',
			application_id: 'app1',
			autonumber: 1,
		});
		expect(updated.kind).toBe('RECORD_UPDATED');
		expect(updated.record_event_data.data).toMatchObject({
			id: 'r1',
			title: 'Second',
			autonumber: 1,
		});
		expect(updated.record_event_data.previous).toEqual({ title: 'First' });
		expect(updated.record_event_data.locator.application_id).toBe('app1');
	});

	it('rejects page_size that is not a positive integer string with 400 invalid_argument', async () => {
		const emu = await start();
		const { webhookId } = await webhookWithEvents(emu, 1);
		for (const pageSize of [10, 'abc', '0', '-1', '1.5']) {
			const answer = await listEvents(emu, webhookId, pageSize);
			expect(answer.status).toBe(400);
			expect(answer.json().code).toBe('invalid_argument');
		}
		expect((await twirp(emu, 'ListEvents', { page_size: '10' })).json().code).toBe(
			'invalid_argument',
		);
		expect((await listEvents(emu, 'unknown-webhook')).status).toBe(404);
	});

	it('uses defaultPageSize when page_size is absent or "", and clamps to maxPageSize', async () => {
		const emu = await start({ variant: { defaultPageSize: 3, maxPageSize: 5 } });
		const { webhookId } = await webhookWithEvents(emu, 8);
		expect((await listEvents(emu, webhookId)).json().events).toHaveLength(3);
		expect((await listEvents(emu, webhookId, '')).json().events).toHaveLength(3);
		expect((await listEvents(emu, webhookId, '100')).json().events).toHaveLength(5);
		expect((await listEvents(emu, webhookId, '4')).json().events).toHaveLength(4);
	});

	it('with ignorePageSize, serves defaultPageSize whatever page_size asks', async () => {
		const emu = await start({ variant: { defaultPageSize: 3, ignorePageSize: true } });
		const { webhookId } = await webhookWithEvents(emu, 8);
		expect((await listEvents(emu, webhookId, '1')).json().events).toHaveLength(3);
		expect((await listEvents(emu, webhookId, '100')).json().events).toHaveLength(3);
	});

	it.each<[EndOfStream, (last: any, previous: any) => void]>([
		[
			'emptyToken',
			(last) => expect(last).toEqual({ events: [expect.anything()], next_page_token: '' }),
		],
		['omittedToken', (last) => expect(last).toEqual({ events: [expect.anything()] })],
		[
			'emptyPage',
			(last, previous) =>
				expect(last).toEqual({ events: [], next_page_token: previous.next_page_token }),
		],
	])('signals the end of the stream with %s', async (endOfStream, checkLastPage) => {
		const emu = await start({ variant: { endOfStream } });
		const { webhookId, events } = await webhookWithEvents(emu, 5);
		const pages = await walk(emu, webhookId, '2');
		expect(pages.flatMap(eventIds)).toEqual(events.map((event) => event.event_id));
		expect(pages).toHaveLength(endOfStream === 'emptyPage' ? 4 : 3);
		checkLastPage(pages[pages.length - 1], pages[pages.length - 2]);

		// New events after the end are found from the last token (emptyPage) or a fresh walk.
		emu.appendEvents(webhookId, 1);
		if (endOfStream === 'emptyPage') {
			const token = pages[pages.length - 1].next_page_token;
			expect((await listEvents(emu, webhookId, '2', token)).json().events).toHaveLength(1);
		}
	});

	it('ends exactly on a page boundary without an extra page (emptyToken)', async () => {
		const emu = await start();
		const { webhookId } = await webhookWithEvents(emu, 4);
		const pages = await walk(emu, webhookId, '2');
		expect(pages.map((page) => page.events.length)).toEqual([2, 2]);
		expect(pages[1].next_page_token).toBe('');
	});

	it('omitEmpty leaves out empty events and empty tokens (proto3)', async () => {
		const emu = await start({ variant: { omitEmpty: true } });
		const { webhook_id } = emu.createWebhook();
		const empty = await listEvents(emu, webhook_id);
		expect(empty.text).toBe('{}');
		emu.appendEvents(webhook_id, 1);
		expect(Object.keys((await listEvents(emu, webhook_id)).json())).toEqual(['events']);

		emu.setVariant({ endOfStream: 'emptyPage' });
		const first = (await listEvents(emu, webhook_id)).json();
		const last = (await listEvents(emu, webhook_id, undefined, first.next_page_token)).json();
		expect(last).toEqual({ next_page_token: first.next_page_token });
	});

	it('durable tokens stay valid; a token never issued is 400 invalid_argument', async () => {
		const emu = await start();
		const { webhookId } = await webhookWithEvents(emu, 4);
		const token = (await listEvents(emu, webhookId, '1')).json().next_page_token;
		emu.expireTokens();
		expect((await listEvents(emu, webhookId, '1', token)).status).toBe(200);
		for (const garbage of ['garbage', String(Number(token) + 2), '1']) {
			const answer = await listEvents(emu, webhookId, '1', garbage);
			expect(answer.status).toBe(400);
			expect(answer.json().code).toBe('invalid_argument');
		}
		const other = emu.createWebhook().webhook_id;
		emu.appendEvents(other, 4);
		expect((await listEvents(emu, other, '1', token)).status).toBe(400);
	});

	it('expiring tokens end after tokenTtlMs and on expireTokens(); "" still starts over', async () => {
		const emu = await start({ variant: { tokens: 'expiring', tokenTtlMs: 100 } });
		const { webhookId } = await webhookWithEvents(emu, 4);
		const token = (await listEvents(emu, webhookId, '1')).json().next_page_token;
		expect((await listEvents(emu, webhookId, '1', token)).status).toBe(200);
		await new Promise((resolve) => setTimeout(resolve, 150));
		const late = await listEvents(emu, webhookId, '1', token);
		expect(late.status).toBe(400);
		expect(late.json().code).toBe('invalid_argument');

		const fresh = (await listEvents(emu, webhookId, '1')).json().next_page_token;
		emu.expireTokens();
		expect((await listEvents(emu, webhookId, '1', fresh)).json().code).toBe('invalid_argument');
		expect((await listEvents(emu, webhookId, '1', '')).status).toBe(200);
	});

	it('opaque tokens cannot be parsed but page the same way', async () => {
		const emu = await start({ variant: { tokenFormat: 'opaque' } });
		const { webhookId, events } = await webhookWithEvents(emu, 5);
		const pages = await walk(emu, webhookId, '2');
		expect(pages.flatMap(eventIds)).toEqual(events.map((event) => event.event_id));
		const token: string = pages[0].next_page_token;
		expect(token).not.toMatch(/^\d+$/);
		const sequence = events[1].event_id.split('.').pop();
		expect((await listEvents(emu, webhookId, '2', sequence)).status).toBe(400);
	});

	// How fast it serves them is measured by `npm run bench`, not here.
	it('pages through 20,000 events in order', async () => {
		const emu = await start();
		const { webhookId, events } = await webhookWithEvents(emu, 20_000);
		const pages = await walk(emu, webhookId, '1000');
		expect(pages.flatMap(eventIds)).toEqual(events.map((event) => event.event_id));
	}, 60_000);
});

describe('solutions, tables, CreateWebhook and ListWebhooks', () => {
	async function seeded() {
		const emu = await start();
		const solution = emu.addSolution({ name: 'Sales CRM' });
		const other = emu.addSolution();
		const deals = emu.addTable(solution.id, { name: 'Deals' });
		const contacts = emu.addTable(solution.id, { name: 'Contacts' });
		const elsewhere = emu.addTable(other.id);
		return { emu, solution, other, deals, contacts, elsewhere };
	}

	const create = (emu: Emulator, webhook: Record<string, unknown>) =>
		twirp(emu, 'CreateWebhook', { webhook });

	it('lists solutions (GET) and the tables of one solution with their fields', async () => {
		const { emu, solution, other, deals, contacts, elsewhere } = await seeded();
		const solutions = await send(`${emu.baseUrl}/api/v1/solutions/`, emu, { method: 'GET' });
		expect(solutions.status).toBe(200);
		expect(solutions.json()).toEqual([solution, other]);
		expect(solution).toMatchObject({ id: expect.stringMatching(HEX24), name: 'Sales CRM' });
		const tables = await send(`${emu.baseUrl}/api/v1/applications/?solution=${solution.id}`, emu, {
			method: 'GET',
		});
		expect(tables.json()).toEqual([deals, contacts]);
		expect(deals.structure).toContainEqual({
			slug: 'title',
			label: 'Title',
			field_type: 'recordtitlefield',
			params: { required: true, primary: true },
		});
		expect(
			(await send(`${emu.baseUrl}/api/v1/applications/`, emu, { method: 'GET' })).json(),
		).toHaveLength(3);
		expect(elsewhere.solution).toBe(other.id);
		expect((await send(`${emu.baseUrl}/api/v1/solutions/`, emu, { method: 'POST' })).status).toBe(
			405,
		);
		expect(
			(
				await send(`${emu.baseUrl}/api/v1/solutions/`, emu, {
					method: 'GET',
					headers: { authorization: undefined },
				})
			).status,
		).toBe(401);
		expect(emu.requests[1]).toMatchObject({
			operation: 'ListTables',
			method: 'GET',
			path: `/api/v1/applications/?solution=${solution.id}`,
		});
	});

	it('CreateWebhook stores a webhook with each kind of filter; notifications off unless a URL is given', async () => {
		const { emu, solution, deals, contacts } = await seeded();
		const locator = { account_id: emu.workspaceId, solution_id: solution.id };
		const filters = [
			{ solution: {} },
			{ applications: { application_ids: [deals.id, contacts.id] } },
			{ application: { application_id: deals.id, field_ids: ['title', 'status'] } },
		];
		for (const filter of filters) {
			const answer = await create(emu, { filter, kinds: ['RECORD_UPDATED'], locator });
			expect(answer.status).toBe(200);
			const { webhook } = answer.json();
			expect(webhook).toMatchObject({
				webhook_id: expect.stringMatching(UUID),
				filter,
				kinds: ['RECORD_UPDATED'],
				locator,
				notification_status: { disabled: {} },
			});
			expect(webhook.system_status.enabled.expires_at).toMatch(ISO);
			expect(emu.getWebhook(webhook.webhook_id)).toEqual(webhook);
		}
		const notified = await create(emu, {
			filter: { solution: {} },
			kinds: ['RECORD_CREATED'],
			locator,
			notification_status: { enabled: { url: 'https://example.com/x' } },
		});
		expect(notified.json().webhook.notification_status).toEqual({
			enabled: { url: 'https://example.com/x' },
		});
	});

	it('CreateWebhook faults after processing: the webhook is created, then 500 is answered or the connection dropped', async () => {
		const { emu, solution } = await seeded();
		const webhook = {
			filter: { solution: {} },
			kinds: ['RECORD_CREATED'],
			locator: { account_id: emu.workspaceId, solution_id: solution.id },
		};
		emu.injectFault({
			operation: 'CreateWebhook',
			action: { type: 'status', status: 500, afterProcessing: true },
		});
		expect((await create(emu, webhook)).status).toBe(500);
		emu.injectFault({
			operation: 'CreateWebhook',
			action: { type: 'drop', afterProcessing: true },
		});
		await expect(create(emu, webhook)).rejects.toThrow();
		expect(emu.requests.map((request) => request.status)).toEqual([500, 0]);
		expect(emu.webhooks()).toHaveLength(2);
	});

	it('CreateWebhook answers Twirp errors for bad filters, unknown kinds and unknown solutions', async () => {
		const { emu, solution, deals, elsewhere } = await seeded();
		const locator = { account_id: emu.workspaceId, solution_id: solution.id };
		const bad: Array<[Record<string, unknown>, number, string]> = [
			[
				{
					filter: { solution: {}, applications: { application_ids: [deals.id] } },
					kinds: ['RECORD_UPDATED'],
					locator,
				},
				400,
				'exactly one',
			],
			[{ filter: {}, kinds: ['RECORD_UPDATED'], locator }, 400, 'exactly one'],
			[
				{ filter: { applications: { application_ids: [] } }, kinds: ['RECORD_UPDATED'], locator },
				400,
				'at least one',
			],
			[
				{
					filter: { applications: { application_ids: [elsewhere.id] } },
					kinds: ['RECORD_UPDATED'],
					locator,
				},
				400,
				'not in solution',
			],
			[
				{ filter: { solution: {} }, kinds: ['RECORD_MOVED'], locator },
				400,
				'unknown kind RECORD_MOVED',
			],
			[{ filter: { solution: {} }, kinds: [], locator }, 400, 'kinds'],
			[
				{
					filter: { solution: {} },
					kinds: ['RECORD_UPDATED'],
					locator: { ...locator, solution_id: 'nope' },
				},
				404,
				'solution nope not found',
			],
			[
				{
					filter: { solution: {} },
					kinds: ['RECORD_UPDATED'],
					locator: { ...locator, account_id: 'other' },
				},
				403,
				'account_id',
			],
		];
		for (const [webhook, status, msg] of bad) {
			const answer = await create(emu, webhook);
			expect([answer.status, answer.json().msg]).toEqual([status, expect.stringContaining(msg)]);
			expect(answer.json().code).toBe(
				{ 400: 'invalid_argument', 403: 'permission_denied', 404: 'not_found' }[status],
			);
		}
		expect(emu.webhooks()).toEqual([]);
	});

	it('ListWebhooks pages through the webhooks of one solution', async () => {
		const { emu, solution, other, deals } = await seeded();
		const locator = { account_id: emu.workspaceId, solution_id: solution.id };
		const ids: string[] = [];
		for (let i = 0; i < 5; i++)
			ids.push(
				(
					await create(emu, {
						filter: { applications: { application_ids: [deals.id] } },
						kinds: ['RECORD_CREATED'],
						locator,
					})
				).json().webhook.webhook_id,
			);
		emu.createWebhook({ locator: { account_id: emu.workspaceId, solution_id: other.id } });
		const seen: string[] = [];
		let token = '';
		for (let guard = 0; guard < 10; guard++) {
			const page = (
				await twirp(emu, 'ListWebhooks', {
					solution_id: solution.id,
					page_size: '2',
					page_token: token,
				})
			).json();
			seen.push(...page.webhooks.map((webhook: { webhook_id: string }) => webhook.webhook_id));
			token = page.next_page_token;
			if (!token) break;
		}
		expect(seen).toEqual(ids);
		expect((await twirp(emu, 'ListWebhooks', { solution_id: 'none' })).json()).toEqual({
			webhooks: [],
			next_page_token: '',
		});
		expect((await twirp(emu, 'ListWebhooks', {})).json().code).toBe('invalid_argument');
		expect(
			(await twirp(emu, 'ListWebhooks', { solution_id: solution.id, page_token: 'x' })).status,
		).toBe(400);
		emu.setVariant({ omitEmpty: true });
		expect((await twirp(emu, 'ListWebhooks', { solution_id: 'none' })).json()).toEqual({});
	});

	it('recordChanges reaches every webhook that watches the table and the kind', async () => {
		const { emu, solution, deals, contacts } = await seeded();
		const locator = { account_id: emu.workspaceId, solution_id: solution.id };
		const all = emu.createWebhook({ locator, filter: { solution: {} } });
		const dealsOnly = emu.createWebhook({
			locator,
			filter: { applications: { application_ids: [deals.id] } },
			kinds: ['RECORD_UPDATED'],
		});
		const titleOnly = emu.createWebhook({
			locator,
			filter: { application: { application_id: deals.id, field_ids: ['title'] } },
		});
		const contactsOnly = emu.createWebhook({
			locator,
			filter: { applications: { application_ids: [contacts.id] } },
		});
		emu.recordChanges(deals.id, [
			{ kind: 'RECORD_CREATED', recordId: 'r1', data: { title: 'New deal' } },
			{ kind: 'RECORD_UPDATED', recordId: 'r1', data: { status: { value: 'complete' } } },
			{ kind: 'RECORD_UPDATED', recordId: 'r1', data: { title: 'Renamed' } },
		]);
		const kinds = (id: string) =>
			emu
				.events(id)
				.map(
					(event) => `${event.kind}:${event.record_event_data.locator.application_id === deals.id}`,
				);
		expect(kinds(all.webhook_id)).toEqual([
			'RECORD_CREATED:true',
			'RECORD_UPDATED:true',
			'RECORD_UPDATED:true',
		]);
		expect(kinds(dealsOnly.webhook_id)).toEqual(['RECORD_UPDATED:true', 'RECORD_UPDATED:true']);
		expect(kinds(titleOnly.webhook_id)).toEqual(['RECORD_CREATED:true', 'RECORD_UPDATED:true']);
		expect(emu.events(contactsOnly.webhook_id)).toEqual([]);
		expect(emu.events(all.webhook_id)[2].record_event_data.previous).toEqual({ title: 'New deal' });
	});
});

describe('auth, routing and body checks', () => {
	const apis = [
		{
			name: 'webhooks',
			call: (emu: Emulator, headers?: Record<string, string | undefined>) =>
				twirp(emu, 'GetWebhook', { webhook_id: 'x' }, headers),
		},
		{
			name: 'records',
			call: (emu: Emulator, headers?: Record<string, string | undefined>) =>
				restore(emu, 't', 'r', headers),
		},
	];

	it.each(apis)(
		'$name API: 401 without or with a wrong key, never echoing the key',
		async ({ name, call }) => {
			const emu = await start();
			const missing = await call(emu, { authorization: undefined });
			expect(missing.status).toBe(401);
			const wrong = await call(emu, { authorization: 'Token wrong-key-that-should-not-appear' });
			expect(wrong.status).toBe(401);
			expect(wrong.text).not.toContain('wrong-key');
			expect(wrong.json()).toEqual(
				name === 'webhooks'
					? { code: 'unauthenticated', msg: expect.any(String), meta: {} }
					: { detail: expect.any(String) },
			);
			expect((await call(emu, { authorization: emu.apiKey })).status).toBe(401);
			for (const answer of [missing, wrong]) expect(answer.text).not.toContain(emu.apiKey);
		},
	);

	it.each(apis)(
		'$name API: 400 plain text without ACCOUNT-ID, 403 for another workspace',
		async ({ name, call }) => {
			const emu = await start();
			const missing = await call(emu, { 'account-id': undefined });
			expect(missing.status).toBe(400);
			expect(missing.headers['content-type']).toMatch(/^text\/plain/);
			const other = await call(emu, { 'account-id': 'zz99zz99' });
			expect(other.status).toBe(403);
			if (name === 'webhooks') expect(other.json().code).toBe('permission_denied');
		},
	);

	it.each(apis)('$name API: 400 when Content-Type is not application/json', async ({ call }) => {
		const emu = await start();
		expect((await call(emu, { 'content-type': 'text/plain' })).status).toBe(400);
		expect((await call(emu, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(
			404,
		);
	});

	it('uses the default key and workspace, and honours custom ones', async () => {
		const emu = await start();
		expect([emu.apiKey, emu.workspaceId]).toEqual([DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID]);
		const custom = await start({ apiKey: 'k2', workspaceId: 'ws000001' });
		expect((await twirp(custom, 'GetWebhook', { webhook_id: 'x' })).status).toBe(404);
		expect((await twirp(custom, 'GetWebhook', { webhook_id: 'x' }, authHeaders(emu))).status).toBe(
			401,
		);
	});

	it('answers 404 for unknown paths, query strings and a missing trailing slash', async () => {
		const emu = await start();
		const { id } = emu.addDeletedRecord('t1');
		const paths = [
			`${emu.webhooksUrl}/service.webhooks.engine.Webhooks/PatchWebhook`,
			`${emu.baseUrl}/api/v1/solutions/?x=1`,
			`${emu.webhooksUrl}/service.webhooks.engine.Webhooks/GetWebhook/`,
			`${emu.webhooksUrl}/service.webhooks.engine.Webhooks/GetWebhook?x=1`,
			`${emu.baseUrl}/service.webhooks.engine.Webhooks/GetWebhook`,
			`${emu.baseUrl}/api/v1/applications/t1/records/${id}/restore`,
			`${emu.baseUrl}/api/v1/applications/t1/records/${id}/restore/?force=1`,
			`${emu.baseUrl}/api/v2/applications/t1/records/${id}/restore/`,
		];
		for (const url of paths) {
			const answer = await send(url, emu, { body: { webhook_id: 'x' } });
			expect([url, answer.status]).toEqual([url, 404]);
		}
		const twirpAnswer = await send(`${emu.webhooksUrl}/nope`, emu);
		expect(twirpAnswer.json()).toEqual({
			code: 'bad_route',
			msg: 'no handler for path "/nope"',
			meta: { twirp_invalid_route: 'POST /nope' },
		});
		const page = await send(`${emu.baseUrl}/nope/`, emu);
		expect(page.headers['content-type']).toMatch(/^text\/html/);
		expect(page.text).toMatch(/<h1>Not Found<\/h1>/);
		expect(emu.getRecord('t1', id)?.deleted_by).not.toBeNull();
	});

	it("serves the webhooks API under the profile's service name, and bad_route for the other one", async () => {
		const spec = await start();
		const smartsuite = await start({ variant: { profile: 'smartsuite' } });
		const hook = smartsuite.createWebhook();
		const appended = smartsuite.appendEvents(hook.webhook_id, 2);
		const at = (emu: Emulator, service: string, method: string) =>
			send(`${emu.webhooksUrl}/${service}/${method}`, emu, {
				body: { webhook_id: hook.webhook_id },
			});

		const events = await at(smartsuite, 'smartsuite.webhooks.engine.Webhooks', 'ListEvents');
		expect([
			events.status,
			events.json().events.map((event: { event_id: string }) => event.event_id),
		]).toEqual([200, appended.map((event) => event.event_id)]);
		expect(
			(await at(smartsuite, 'smartsuite.webhooks.engine.Webhooks', 'GetWebhook')).json().webhook
				.webhook_id,
		).toBe(hook.webhook_id);
		for (const [emu, service, method] of [
			[smartsuite, 'service.webhooks.engine.Webhooks', 'ListEvents'],
			[smartsuite, 'smartsuite.webhooks.engine.Webhooks', 'GetWebhooks'],
			[smartsuite, 'smartsuite.webhooks.engine.Webhooks', 'Nope'],
			[spec, 'smartsuite.webhooks.engine.Webhooks', 'GetWebhook'],
		] as const) {
			const answer = await at(emu, service, method);
			expect([answer.status, answer.json()]).toEqual([
				404,
				{
					code: 'bad_route',
					msg: `no handler for path "/${service}/${method}"`,
					meta: { twirp_invalid_route: `POST /${service}/${method}` },
				},
			]);
		}
		expect(spec.variant().profile).toBe('spec');
		expect(smartsuite.requests.map((r) => r.operation)).toEqual([
			'ListEvents',
			'GetWebhook',
			null,
			null,
			null,
		]);
	});

	it('routes GetWebhook under the configured spelling only', async () => {
		const emu = await start({
			variant: { profile: 'smartsuite', getWebhookMethod: 'GetWebhooks' },
		});
		const hook = emu.createWebhook();
		const at = (method: string) =>
			send(`${emu.webhooksUrl}/smartsuite.webhooks.engine.Webhooks/${method}`, emu, {
				body: { webhook_id: hook.webhook_id },
			});
		expect((await at('GetWebhooks')).json().webhook.webhook_id).toBe(hook.webhook_id);
		expect((await at('GetWebhook')).json().code).toBe('bad_route');
		emu.setVariant({ getWebhookMethod: null });
		expect([(await at('GetWebhooks')).json().code, (await at('GetWebhook')).json().code]).toEqual([
			'bad_route',
			'bad_route',
		]);
		expect((await at('ListEvents')).status).toBe(200);
	});

	it('answers 405 with Allow: POST for another method on a known path', async () => {
		const emu = await start();
		for (const url of [
			`${emu.webhooksUrl}/service.webhooks.engine.Webhooks/ListEvents`,
			`${emu.baseUrl}/api/v1/applications/t/records/r/restore/`,
		]) {
			for (const method of ['GET', 'PUT'] as const) {
				const answer = await send(url, emu, { method });
				expect(answer.status).toBe(405);
				expect(answer.headers.allow).toBe('POST');
			}
		}
		expect(
			(
				await send(`${emu.webhooksUrl}/service.webhooks.engine.Webhooks/ListEvents`, emu, {
					method: 'GET',
				})
			).json().code,
		).toBe('bad_route');
	});

	it('answers 400 for a body that is not JSON or not a JSON object', async () => {
		const emu = await start();
		const url = `${emu.webhooksUrl}/service.webhooks.engine.Webhooks/GetWebhook`;
		for (const rawBody of ['{not json', '', '"text"', '[1]', 'null']) {
			const answer = await send(url, emu, { rawBody });
			expect(answer.status).toBe(400);
			expect(answer.json().code).toBe('invalid_argument');
		}
	});

	it('keeps encoded hostile ids inside their path segment (404, no other endpoint reached)', async () => {
		const emu = await start();
		emu.addDeletedRecord('t1', { id: 'x' });
		emu.addDeletedRecord('a', { id: 'b' });
		for (const recordId of ['..%2Fx', 'a%2Fb%3Fc%23d', '%2E%2E%2F..%2Fx']) {
			const answer = await restore(emu, 't1', recordId);
			expect(answer.status).toBe(404);
			expect(answer.json()).toEqual({ detail: 'Not found.' });
		}
		expect(
			(await send(`${emu.webhooksUrl}/service.webhooks.engine.Webhooks%2FGetWebhook`, emu)).status,
		).toBe(404);
		expect(
			(await send(`${emu.baseUrl}/api/v1/applications/t1/records/%E0%A4%A/restore/`, emu)).status,
		).toBe(404);
		expect(emu.getRecord('t1', 'x')?.title).not.toMatch(/Restored/);
		expect(emu.getRecord('a', 'b')?.title).not.toMatch(/Restored/);
		const logged = emu.requests[0];
		expect(logged).toMatchObject({
			operation: 'RestoreRecord',
			path: '/api/v1/applications/t1/records/..%2Fx/restore/',
			status: 404,
		});
	});
});

describe('error bodies and rate limit', () => {
	it('plain error bodies on both APIs', async () => {
		const emu = await start({ variant: { errorBodies: 'plain' } });
		for (const answer of [
			await twirp(emu, 'GetWebhook', { webhook_id: 'x' }),
			await restore(emu, 't', 'r'),
		]) {
			expect(answer.status).toBe(404);
			expect(answer.headers['content-type']).toMatch(/^text\/plain/);
			expect(() => JSON.parse(answer.text)).toThrow();
		}
	});

	it('rateLimitPerSecond answers 429 resource_exhausted with Retry-After over the limit', async () => {
		const emu = await start({ variant: { rateLimitPerSecond: 3 } });
		const { webhook_id } = emu.createWebhook();
		const answers = [];
		for (let i = 0; i < 5; i++) answers.push(await twirp(emu, 'GetWebhook', { webhook_id }));
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
		expect(answers[3].json().code).toBe('resource_exhausted');
		expect(Number(answers[3].headers['retry-after'])).toBeGreaterThanOrEqual(1);
		const records = await restore(emu, 't', 'r');
		expect(records.status).toBe(429);
		expect(records.json()).toEqual({ detail: expect.any(String) });
		await new Promise((resolve) => setTimeout(resolve, 1050));
		expect((await twirp(emu, 'GetWebhook', { webhook_id })).status).toBe(200);
	});

	it('rateLimitPenaltySeconds refuses every request until the penalty ends, refusals not lengthening it', async () => {
		const emu = await start({
			variant: { rateLimitPerSecond: 2, rateLimitPenaltySeconds: 2, rateLimitRetryAfter: 'none' },
		});
		const { webhook_id } = emu.createWebhook();
		const answers = [];
		for (let i = 0; i < 4; i++) answers.push(await twirp(emu, 'GetWebhook', { webhook_id }));
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 429]);
		expect(answers[2].headers['retry-after']).toBeUndefined();
		// A rolling second is over, the penalty is not.
		await new Promise((resolve) => setTimeout(resolve, 1100));
		expect((await twirp(emu, 'GetWebhook', { webhook_id })).status).toBe(429);
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect((await twirp(emu, 'GetWebhook', { webhook_id })).status).toBe(200);
	});

	it("rateLimitRetryAfter 'zeroInPenalty': the refusal that starts the penalty says its seconds, the next ones 0", async () => {
		const emu = await start({
			variant: {
				rateLimitPerSecond: 1,
				rateLimitPenaltySeconds: 3,
				rateLimitRetryAfter: 'zeroInPenalty',
			},
		});
		const { webhook_id } = emu.createWebhook();
		const answers = [];
		for (let i = 0; i < 3; i++) answers.push(await twirp(emu, 'GetWebhook', { webhook_id }));
		expect(answers.map((answer) => [answer.status, answer.headers['retry-after']])).toEqual([
			[200, undefined],
			[429, '3'],
			[429, '0'],
		]);
	});

	it('rateLimitOtherClientPerSecond leaves the rest of the rate to the clients under test', async () => {
		const emu = await start({
			variant: { rateLimitPerSecond: 5, rateLimitOtherClientPerSecond: 2 },
		});
		const { webhook_id } = emu.createWebhook();
		const answers = [];
		for (let i = 0; i < 4; i++) answers.push(await twirp(emu, 'GetWebhook', { webhook_id }));
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
	});
});

describe('faults', () => {
	it.each([
		[500, 'internal'],
		[502, 'unavailable'],
		[503, 'unavailable'],
	] as const)('status %i answers Twirp code %s once', async (status, code) => {
		const emu = await start();
		const { webhook_id } = emu.createWebhook();
		emu.injectFault({ action: { type: 'status', status } });
		const failed = await twirp(emu, 'GetWebhook', { webhook_id });
		expect(failed.status).toBe(status);
		expect(failed.json()).toEqual({ code, msg: expect.any(String), meta: {} });
		expect((await twirp(emu, 'GetWebhook', { webhook_id })).status).toBe(200);
	});

	it('status on the records API answers {detail} and does not restore', async () => {
		const emu = await start();
		const { id } = emu.addDeletedRecord('t1');
		emu.injectFault({ operation: 'RestoreRecord', action: { type: 'status', status: 503 } });
		const failed = await restore(emu, 't1', id);
		expect([failed.status, failed.json()]).toEqual([503, { detail: expect.any(String) }]);
		expect((await restore(emu, 't1', id)).status).toBe(200);
	});

	it('rateLimit answers 429 with the given Retry-After', async () => {
		const emu = await start();
		emu.injectFault({ action: { type: 'rateLimit', retryAfterSeconds: 7 } });
		const answer = await twirp(emu, 'GetWebhook', { webhook_id: 'x' });
		expect(answer.status).toBe(429);
		expect(answer.headers['retry-after']).toBe('7');
		expect(answer.json().code).toBe('resource_exhausted');
	});

	it('delay holds the answer back', async () => {
		const emu = await start();
		const { webhook_id } = emu.createWebhook();
		emu.injectFault({ action: { type: 'delay', ms: 300 } });
		const started = Date.now();
		expect((await twirp(emu, 'GetWebhook', { webhook_id })).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
		const again = Date.now();
		await twirp(emu, 'GetWebhook', { webhook_id });
		expect(Date.now() - again).toBeLessThan(290);
	});

	it('drop closes the socket without an answer (logged with status 0)', async () => {
		const emu = await start();
		emu.injectFault({ action: { type: 'drop' } });
		await expect(twirp(emu, 'GetWebhook', { webhook_id: 'x' })).rejects.toThrow();
		expect(emu.requests[0].status).toBe(0);
		expect((await twirp(emu, 'GetWebhook', { webhook_id: 'x' })).status).toBe(404);
	});

	it('badJson answers 200 with a body that does not parse', async () => {
		const emu = await start();
		const { webhookId } = await webhookWithEvents(emu, 2);
		emu.injectFault({ action: { type: 'badJson' } });
		const answer = await listEvents(emu, webhookId);
		expect(answer.status).toBe(200);
		expect(() => answer.json()).toThrow();
	});

	it('appendEvents adds events between two page fetches', async () => {
		const emu = await start();
		const { webhookId } = await webhookWithEvents(emu, 2);
		emu.injectFault({
			operation: 'ListEvents',
			skip: 1,
			action: { type: 'appendEvents', count: 3 },
		});
		const first = (await listEvents(emu, webhookId, '2')).json();
		expect(first.next_page_token).toBe('');
		const lastToken = first.events[1].event_id.split('.').pop();
		expect(emu.events(webhookId)).toHaveLength(2);
		const second = (await listEvents(emu, webhookId, '2')).json();
		expect(emu.events(webhookId)).toHaveLength(5);
		expect(second.events).toHaveLength(2);
		expect(second.next_page_token).toBe(lastToken);
	});

	it('repeatEvent starts the page with the last event of the previous page again', async () => {
		const emu = await start();
		const { webhookId, events } = await webhookWithEvents(emu, 5);
		const first = (await listEvents(emu, webhookId, '2')).json();
		emu.injectFault({ action: { type: 'repeatEvent' } });
		const second = (await listEvents(emu, webhookId, '2', first.next_page_token)).json();
		expect(eventIds(second)).toEqual(
			[events[1], events[2], events[3]].map((event) => event.event_id),
		);
		const third = (await listEvents(emu, webhookId, '2', second.next_page_token)).json();
		expect(eventIds(third)).toEqual([events[4].event_id]);
	});

	it('deleteWebhook removes the webhook and its events before the request', async () => {
		const emu = await start();
		const { webhookId } = await webhookWithEvents(emu, 3);
		emu.injectFault({ operation: 'ListEvents', action: { type: 'deleteWebhook' } });
		const answer = await listEvents(emu, webhookId);
		expect(answer.status).toBe(404);
		expect(emu.events(webhookId)).toEqual([]);
		expect((await twirp(emu, 'GetWebhook', { webhook_id: webhookId })).status).toBe(404);
	});

	it('expireWebhook disables system_status; listing and getting still work', async () => {
		const emu = await start();
		const { webhookId } = await webhookWithEvents(emu, 3);
		emu.injectFault({ action: { type: 'expireWebhook' } });
		expect((await listEvents(emu, webhookId)).json().events).toHaveLength(3);
		const { webhook } = (await twirp(emu, 'GetWebhook', { webhook_id: webhookId })).json();
		expect(webhook.system_status).toEqual({ disabled: {} });
	});

	it('expireTokens ends issued tokens before the request it hits', async () => {
		const emu = await start({ variant: { tokens: 'expiring' } });
		const { webhookId } = await webhookWithEvents(emu, 3);
		const token = (await listEvents(emu, webhookId, '1')).json().next_page_token;
		emu.injectFault({ action: { type: 'expireTokens' } });
		const answer = await listEvents(emu, webhookId, '1', token);
		expect([answer.status, answer.json().code]).toEqual([400, 'invalid_argument']);
	});

	it('matches by operation, request number, skip and times; can be removed or cleared', async () => {
		const emu = await start();
		const { webhook_id } = emu.createWebhook();
		const statuses = async (operation: Operation, count: number) => {
			const result = [];
			for (let i = 0; i < count; i++) {
				const answer =
					operation === 'GetWebhook'
						? await twirp(emu, 'GetWebhook', { webhook_id })
						: await listEvents(emu, webhook_id);
				result.push(answer.status);
			}
			return result;
		};

		emu.injectFault({
			operation: 'ListEvents',
			skip: 1,
			times: 2,
			action: { type: 'status', status: 503 },
		});
		expect(await statuses('GetWebhook', 2)).toEqual([200, 200]);
		expect(await statuses('ListEvents', 4)).toEqual([200, 503, 503, 200]);

		emu.resetLog();
		emu.injectFault({ requestNumber: 2, action: { type: 'status', status: 500 } });
		expect(await statuses('GetWebhook', 3)).toEqual([200, 500, 200]);

		const remove = emu.injectFault({ times: Infinity, action: { type: 'status', status: 502 } });
		expect(await statuses('GetWebhook', 2)).toEqual([502, 502]);
		remove();
		expect(await statuses('GetWebhook', 1)).toEqual([200]);

		emu.injectFault({ times: Infinity, action: { type: 'status', status: 502 } });
		emu.clearFaults();
		expect(await statuses('ListEvents', 1)).toEqual([200]);
	});

	it('hits only requests that passed auth', async () => {
		const emu = await start();
		emu.injectFault({ action: { type: 'status', status: 500 } });
		expect(
			(await twirp(emu, 'GetWebhook', { webhook_id: 'x' }, { authorization: 'Token nope' })).status,
		).toBe(401);
		expect((await twirp(emu, 'GetWebhook', { webhook_id: 'x' })).status).toBe(500);
	});
});

describe('request log, demo data and live changes', () => {
	it('logs every request with lower-cased headers, raw and parsed body and status; resetLog restarts numbering', async () => {
		const emu = await start();
		const log = emu.requests;
		await twirp(emu, 'GetWebhook', { webhook_id: 'w1' }, { 'X-Custom-Header': 'yes' });
		await send(`${emu.baseUrl}/api/v1/applications/t/records/r/restore/`, emu, {
			rawBody: '{oops',
		});
		expect(log).toHaveLength(2);
		expect(log[0]).toEqual({
			n: 1,
			api: 'webhooks',
			method: 'POST',
			path: '/service.webhooks.engine.Webhooks/GetWebhook',
			operation: 'GetWebhook',
			headers: expect.objectContaining({
				authorization: `Token ${emu.apiKey}`,
				'account-id': emu.workspaceId,
				'x-custom-header': 'yes',
			}),
			rawBody: '{"webhook_id":"w1"}',
			body: { webhook_id: 'w1' },
			status: 404,
			receivedAt: expect.any(Number),
		});
		expect(log[1]).toMatchObject({
			n: 2,
			api: 'records',
			operation: 'RestoreRecord',
			rawBody: '{oops',
			body: undefined,
			status: 400,
		});

		emu.resetLog();
		expect(emu.requests).toHaveLength(0);
		await send(`${emu.webhooksUrl}/unknown`, emu);
		expect(log).toEqual([expect.objectContaining({ n: 1, operation: null, status: 404 })]);
	});

	it('demo: true seeds a table with three deleted records and a webhook with events', async () => {
		const emu = await start({ demo: true });
		const { demo } = emu;
		expect(demo.tableId).toMatch(HEX24);
		expect(demo.deletedRecordIds).toHaveLength(3);
		expect(emu.getRecord(demo.tableId, demo.deletedRecordIds[0])?.title).toBe('Q3 launch plan');
		expect((await restore(emu, demo.tableId, demo.deletedRecordIds[0])).json().title).toBe(
			'Q3 launch plan (Restored)',
		);
		const webhook = emu.getWebhook(demo.webhookId);
		expect(webhook?.notification_status).toEqual({ disabled: {} });
		expect(webhook?.locator.solution_id).toBe(demo.solutionId);
		const { events } = (await listEvents(emu, demo.webhookId)).json();
		expect(events).toHaveLength(5);
		expect(
			events.every((event: any) => event.record_event_data.locator.application_id === demo.tableId),
		).toBe(true);
		// The events are changes of the table's live records, which the records API serves.
		expect(events.map((event: any) => event.kind)).toEqual([
			'RECORD_CREATED',
			'RECORD_CREATED',
			'RECORD_UPDATED',
			'RECORD_UPDATED',
			'RECORD_UPDATED',
		]);
		const listed = await send(
			`${emu.baseUrl}/api/v1/applications/${demo.tableId}/records/list/`,
			emu,
			{ body: {} },
		);
		expect(listed.json().items.map((record: any) => record.id)).toEqual([
			demo.deletedRecordIds[0],
			...demo.recordIds,
		]); // the first was restored above
		expect(new Set(events.map((event: any) => event.record_event_data.record_id))).toEqual(
			new Set(demo.recordIds.slice(3)),
		);
		const fieldTypeRecords = emu.records(demo.fieldTypesTableId);
		expect(fieldTypeRecords.map((record) => record.title)).toEqual([
			'Acme Corp',
			'Globex',
			'Initech',
			'Rich text reference',
		]);
		// SmartSuite's shapes: the preview is HTML cut at 500 characters with "…".
		const richText = fieldTypeRecords[3][TYPED_FIELDS.smartDoc] as Record<string, string>;
		expect(richText.preview).toMatch(/^<h1 data-id="vfwvh57er5">\n {2}Launch plan\n<\/h1> Ship/);
		const visible = richText.preview.replace(/<[^>]*>/g, '').replace(/&[a-z]+;/g, '&');
		expect(visible).toHaveLength(500);
		expect(visible.endsWith('…')).toBe(true);
		expect(richText.html).toContain('<a class="mention" mention-id="652ed162190bc68edbdfb458"');

		const plain = await start();
		expect(plain.demo).toEqual({
			tableId: '',
			recordIds: [],
			deletedRecordIds: [],
			webhookId: '',
			solutionId: '',
			fieldTypesTableId: '',
			viewIds: [],
		});
		expect(() => startDemoChanges(plain, 1)).toThrow();
	});

	it('startDemoChanges appends a RECORD_UPDATED event per tick and logs it until stopped', async () => {
		const emu = await start({ demo: true });
		const lines: string[] = [];
		const stop = startDemoChanges(emu, 0.05, (line) => lines.push(line));
		await new Promise((resolve) => setTimeout(resolve, 180));
		stop();
		const added = emu.events(emu.demo.webhookId).slice(5);
		expect(added.length).toBeGreaterThanOrEqual(2);
		expect(
			added.every(
				(event) =>
					event.kind === 'RECORD_UPDATED' &&
					Object.keys(event.record_event_data.previous).length === 1,
			),
		).toBe(true);
		// Each event is a change of the stored record: its status is the one the event carries.
		const last = added[added.length - 1].record_event_data;
		expect(emu.getRecord(emu.demo.tableId, last.record_id)?.status).toEqual(last.data.status);
		expect(lines).toHaveLength(added.length);
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(emu.events(emu.demo.webhookId).length).toBe(5 + added.length);
	});

	it('startDemoChanges deletes a restored demo record again at the next tick, so it can be restored again', async () => {
		const emu = await start({ demo: true });
		const { tableId, deletedRecordIds, webhookId } = emu.demo;
		const lines: string[] = [];
		const stop = startDemoChanges(emu, 0.05, (line) => lines.push(line));
		try {
			expect((await restore(emu, tableId, deletedRecordIds[1])).status).toBe(200);
			await new Promise((resolve) => setTimeout(resolve, 150));
			expect(emu.getRecord(tableId, deletedRecordIds[1])).toMatchObject({
				title: 'Vendor contract review',
				deleted_by: expect.any(String),
			});
			expect(
				emu
					.events(webhookId)
					.filter((event) => event.kind === 'RECORD_DELETED')
					.map((event) => event.record_event_data.record_id),
			).toEqual([deletedRecordIds[1]]);
			expect(lines.filter((line) => line.includes('deleted it again'))).toEqual([
				expect.stringContaining(deletedRecordIds[1]),
			]);
			expect((await restore(emu, tableId, deletedRecordIds[1])).json().title).toBe(
				'Vendor contract review (Restored)',
			);
		} finally {
			stop();
		}
	});

	it('listens on the given ports and fails to start when one is in use', async () => {
		const first = await startEmulator();
		const ports = [first.baseUrl, first.webhooksUrl].map((url) => Number(new URL(url).port));
		await first.close();
		const emu = await start({ recordsPort: ports[0], webhooksPort: ports[1] });
		expect([emu.baseUrl, emu.webhooksUrl]).toEqual(ports.map((port) => `http://127.0.0.1:${port}`));
		await expect(startEmulator({ webhooksPort: ports[1] })).rejects.toThrow(/EADDRINUSE/);
	});
});
