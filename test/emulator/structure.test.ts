/** Get a solution and create a table on the emulator over real HTTP (test/emulator/structure.ts). */
import { send, start } from './client';

const field = (slug: string, field_type = 'textfield') => ({ slug, label: slug, field_type });

describe('solutions and tables', () => {
	it('GET solutions/<id>/ answers the solution; an unknown id 404', async () => {
		const emu = await start();
		const solution = emu.addSolution({ name: 'Sales CRM' });

		const found = await send(`${emu.baseUrl}/api/v1/solutions/${solution.id}/`, emu, {
			method: 'GET',
		});
		const missing = await send(`${emu.baseUrl}/api/v1/solutions/nope/`, emu, { method: 'GET' });

		expect([found.status, found.json()]).toEqual([200, solution]);
		expect([missing.status, missing.json()]).toEqual([404, { detail: 'Not found.' }]);
	});

	it("POST applications/ creates the table (201), listed and served with its structure: SmartSuite's Title field (primary), then the fields given", async () => {
		const emu = await start();
		const solution = emu.addSolution();

		const created = await send(`${emu.baseUrl}/api/v1/applications/`, emu, {
			body: {
				name: 'Clients',
				solution: solution.id,
				structure: [
					{ ...field('name'), params: { primary: true } },
					field('stage', 'singleselectfield'),
				],
			},
		});

		expect(created.status).toBe(201);
		const table = created.json();
		expect(table).toMatchObject({
			name: 'Clients',
			solution: solution.id,
			primary_field: 'title',
			structure: [
				{
					slug: 'title',
					label: 'Title',
					field_type: 'recordtitlefield',
					params: { primary: true, required: true },
				},
				{ slug: 'name', label: 'name', field_type: 'textfield', params: {} },
				{ slug: 'stage', field_type: 'singleselectfield', params: { choices: [] } },
			],
		});
		const read = await send(`${emu.baseUrl}/api/v1/applications/${table.id}/`, emu, {
			method: 'GET',
		});
		expect(read.json()).toMatchObject({ id: table.id, primary_field: 'title' });
		// `structure: []` (SmartSuite's own client): the Title field only.
		const bare = await send(`${emu.baseUrl}/api/v1/applications/`, emu, {
			body: { name: 'Bare', solution: solution.id, structure: [] },
		});
		expect(bare.status).toBe(201);
		expect(bare.json().structure.map((entry: { slug: string }) => entry.slug)).toEqual(['title']);
		const listed = await send(`${emu.baseUrl}/api/v1/applications/?solution=${solution.id}`, emu, {
			method: 'GET',
		});
		expect(listed.json().map((entry: { id: string }) => entry.id)).toEqual([
			table.id,
			bare.json().id,
		]);
	});

	type Body = { name?: string; solution?: string; structure?: unknown[] };
	it.each<[string, (body: Body) => Body, object]>([
		['no name', ({ name: _name, ...body }) => body, { name: ['This field is required.'] }],
		[
			'a blank name',
			(body) => ({ ...body, name: ' ' }),
			{ name: ['This field may not be blank.'] },
		],
		['no solution', ({ solution: _s, ...body }) => body, { solution: ['This field is required.'] }],
		[
			'an unknown solution',
			(body) => ({ ...body, solution: 'nope' }),
			{ solution: ['Invalid pk "nope" - object does not exist.'] },
		],
		[
			'no structure',
			({ structure: _s, ...body }) => body,
			{ structure: ['This field is required.'] },
		],
		[
			"a field with the Title field's slug",
			(body) => ({ ...body, structure: [field('title')] }),
			{ structure: ['The slug "title" is used twice.'] },
		],
		[
			'a slug twice',
			(body) => ({ ...body, structure: [field('a'), field('a')] }),
			{ structure: ['The slug "a" is used twice.'] },
		],
		[
			'a system field',
			(body) => ({ ...body, structure: [field('a', 'recordtitlefield')] }),
			{ structure: ['"recordtitlefield" is not a field type that can be added.'] },
		],
		[
			'a linked record field without its table',
			(body) => ({ ...body, structure: [field('a', 'linkedrecordfield')] }),
			{ structure: ['The field "a" needs params.linked_application.'] },
		],
		[
			'a field without label',
			(body) => ({ ...body, structure: [{ slug: 'a', field_type: 'textfield' }] }),
			{ structure: ['The field "a" needs a label.'] },
		],
	])('POST applications/ refuses %s with 400, creating nothing', async (_case, change, answer) => {
		const emu = await start();
		const solution = emu.addSolution();
		const body = change({ name: 'Clients', solution: solution.id, structure: [field('name')] });

		const refused = await send(`${emu.baseUrl}/api/v1/applications/`, emu, { body });

		expect([refused.status, refused.json()]).toEqual([400, answer]);
		const listed = await send(`${emu.baseUrl}/api/v1/applications/`, emu, { method: 'GET' });
		expect(listed.json()).toEqual([]);
	});
});
