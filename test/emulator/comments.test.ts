/** The emulator's comments and teams routes over real HTTP. */
import { send, start } from './client';
import type { Emulator } from './index';

async function setup() {
	const emu = await start();
	const table = emu.addTable(emu.addSolution().id);
	const recordId = emu.addRecord(table.id, { title: 'Contract' }).id;
	return { emu, table, recordId };
}

const comments = (emu: Emulator, query: string) =>
	send(`${emu.baseUrl}/api/v1/comments/${query}`, emu, { method: 'GET' });
const create = (emu: Emulator, recordId: string, body: unknown) =>
	send(`${emu.baseUrl}/api/v1/comments/?record=${recordId}`, emu, { body });

describe('comments', () => {
	it("creates a comment from html or a SmartDoc, as the reference's comment object", async () => {
		const { emu, table, recordId } = await setup();
		const [alex, sam] = emu.members();
		const html = await create(emu, recordId, {
			message: { html: '<b>A test</b>' },
			application: table.id,
			record: recordId,
			assigned_to: sam.id,
		});
		expect(html.status).toBe(201);
		expect(html.json()).toMatchObject({
			solution: table.solution,
			application: table.id,
			record: recordId,
			member: alex.id,
			message: { html: '<div class="rendered">\n<b>A test</b>\n</div>', preview: 'A test' },
			parent_comment: null,
			assigned_to: sam.id,
			type: 'comment',
			key: 1,
		});
		const doc = {
			type: 'doc',
			content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a < b' }] }],
		};
		const reply = await create(emu, recordId, {
			message: { data: doc },
			application: table.id,
			record: recordId,
			assigned_to: null,
			parent_comment: html.json().id,
		});
		expect(reply.json()).toMatchObject({
			message: {
				data: doc,
				// SmartSuite's preview is HTML too (smartDoc.ts).
				html: '<div class="rendered"><p>a &lt; b</p></div>',
				preview: 'a &lt; b',
			},
			parent_comment: html.json().id,
			key: 2,
		});
		// No webhook event: the reference names none for comments.
		expect(emu.webhooks().flatMap((webhook) => emu.events(webhook.webhook_id))).toEqual([]);
	});

	it('refuses an unknown or deleted record (404), a missing field, an empty message, an unknown assignee, a parent of another record (400)', async () => {
		const { emu, table, recordId } = await setup();
		const base = { message: { html: 'x' }, application: table.id, record: recordId };
		const deleted = emu.addDeletedRecord(table.id).id;
		expect((await create(emu, deleted, { ...base, record: deleted })).status).toBe(404);
		expect((await create(emu, 'nope', { ...base, record: 'nope' })).status).toBe(404);
		const missing = await create(emu, recordId, { message: { html: 'x' }, record: recordId });
		expect([missing.status, missing.json()]).toEqual([
			400,
			{ application: ['This field is required.'] },
		]);
		expect((await create(emu, recordId, { ...base, message: { html: '<p> </p>' } })).status).toBe(
			400,
		);
		expect((await create(emu, recordId, { ...base, message: 'text' })).status).toBe(400);
		const assignee = await create(emu, recordId, { ...base, assigned_to: 'ghost' });
		expect(assignee.json()).toEqual({ assigned_to: ['Member "ghost" does not exist.'] });
		const other = emu.addRecord(table.id).id;
		const foreign = emu.addComment(table.id, other, { message: { html: 'y' } });
		const parent = await create(emu, recordId, { ...base, parent_comment: foreign.id });
		expect(parent.status).toBe(400);
		expect(emu.comments()).toHaveLength(1);
	});

	it("lists a record's comments oldest first, paged with absolute next and previous links", async () => {
		const { emu, table, recordId } = await setup();
		emu.setVariant({ commentsPageSize: 2 });
		for (const text of ['a', 'b', 'c'])
			emu.addComment(table.id, recordId, { message: { html: text } });
		emu.addComment(table.id, emu.addRecord(table.id).id, { message: { html: 'elsewhere' } });
		const first = (await comments(emu, `?record=${recordId}`)).json();
		expect(first.count).toBe(3);
		expect(first.previous).toBeNull();
		expect(first.results.map((c: { message: { preview: string } }) => c.message.preview)).toEqual([
			'a',
			'b',
		]);
		expect(first.next).toBe(`${emu.baseUrl}/api/v1/comments/?record=${recordId}&limit=2&offset=2`);
		const second = (await send(first.next, emu, { method: 'GET' })).json();
		expect(second.results.map((c: { message: { preview: string } }) => c.message.preview)).toEqual([
			'c',
		]);
		expect([second.next, second.previous]).toEqual([
			null,
			`${emu.baseUrl}/api/v1/comments/?record=${recordId}&limit=2&offset=0`,
		]);
		expect((await comments(emu, '')).json().count).toBe(4);
		expect((await comments(emu, `?application=${table.id}`)).json().count).toBe(4);
		expect((await comments(emu, '?record=unknown')).json()).toEqual({
			count: 0,
			next: null,
			previous: null,
			results: [],
		});
		expect((await comments(emu, '?offset=x')).status).toBe(400);
	});
});

describe('teams', () => {
	it('lists teams with offset/limit and filters as the members list; a member lists its teams', async () => {
		const emu = await start();
		const [alex] = emu.members();
		const teams = ['Engineering', 'Sales', 'Support'].map((name) =>
			emu.addTeam({ name, members: name === 'Sales' ? [alex.id] : [] }),
		);
		const page = await send(`${emu.baseUrl}/api/v1/teams/list/?offset=1&limit=1`, emu, {
			body: { sort: [], filter: {} },
		});
		expect(page.json()).toMatchObject({ total: 3, offset: 1, limit: 1, items: [teams[1]] });
		expect(page.json().time).toEqual(expect.any(String));
		const filtered = await send(`${emu.baseUrl}/api/v1/teams/list/`, emu, {
			body: {
				filter: {
					operator: 'and',
					fields: [{ field: 'name', comparison: 'contains', value: 'sup' }],
				},
			},
		});
		expect(filtered.json().items).toEqual([teams[2]]);
		expect(emu.members()[0].teams).toEqual([teams[1].id]);
		const bad = await send(`${emu.baseUrl}/api/v1/teams/list/`, emu, {
			body: {
				filter: { operator: 'and', fields: [{ field: 'nope', comparison: 'is', value: 'x' }] },
			},
		});
		expect(bad.status).toBe(400);
	});
});
