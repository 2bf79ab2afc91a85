/** The records API of the emulator over real HTTP: structure, records, search, bulk, members, events, faults. */
import { type Answer, type Method, send, start } from './client';
import { CHANNEL_CHOICES, COLOR_CHOICES, EMULATOR_USER_ID, TYPED_FIELDS as F } from './fixtures';
import type { Emulator, EmulatorOptions, TableObject } from './index';

const HEX24 = /^[0-9a-f]{24}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

interface Setup {
	emu: Emulator;
	table: TableObject;
	solutionId: string;
}

async function setup(options?: EmulatorOptions): Promise<Setup> {
	const emu = await start(options);
	const solution = emu.addSolution();
	const table = emu.addFieldTypesTable(solution.id);
	return { emu, table, solutionId: solution.id };
}

function api(emu: Emulator, method: Method, path: string, body?: unknown): Promise<Answer> {
	return send(`${emu.baseUrl}/api/v1/${path}`, emu, { method, body });
}

const records = (table: TableObject) => `applications/${table.id}/records`;

function list(emu: Emulator, table: TableObject, body: unknown = {}, query = ''): Promise<Answer> {
	return api(emu, 'POST', `${records(table)}/list/${query}`, body);
}

function create(emu: Emulator, table: TableObject, values: Record<string, unknown>): Promise<Answer> {
	return api(emu, 'POST', `${records(table)}/`, values);
}

/** Creates records through the API (title and the required text field), returns their ids. */
async function createMany(emu: Emulator, table: TableObject, count: number, values: (i: number) => Record<string, unknown> = () => ({})): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const answer = await create(emu, table, { title: `Record ${i + 1}`, [F.text]: `C-${i + 1}`, ...values(i) });
		expect(answer.status).toBe(200);
		ids.push(answer.json().id);
	}
	return ids;
}

describe('tables and structure', () => {
	it('GET applications/<id>/ serves the table with its structure and primary field; ?fields= trims it', async () => {
		const { emu, table, solutionId } = await setup();
		const answer = await api(emu, 'GET', `applications/${table.id}/`);
		expect(answer.status).toBe(200);
		const served = answer.json();
		expect(served).toMatchObject({ id: table.id, name: 'Field Types', solution: solutionId, primary_field: 'title' });
		const types = served.structure.map((field: { field_type: string }) => field.field_type);
		for (const type of [
			'recordtitlefield', 'textfield', 'textareafield', 'numberfield', 'currencyfield', 'yesnofield', 'singleselectfield',
			'multipleselectfield', 'statusfield', 'datefield', 'daterangefield', 'duedatefield', 'linkedrecordfield', 'userfield',
			'emailfield', 'phonefield', 'linkfield', 'fullnamefield', 'addressfield', 'richtextareafield', 'filefield', 'tagsfield',
			'formulafield', 'rollupfield', 'countfield', 'autonumberfield', 'firstcreatedfield', 'lastupdatedfield',
		]) {
			expect(types).toContain(type);
		}
		expect(served.structure).toContainEqual({ slug: F.text, label: 'Code', field_type: 'textfield', params: { required: true, unique: false } });
		expect(served.structure).toContainEqual({
			slug: F.singleSelect,
			label: 'Color',
			field_type: 'singleselectfield',
			params: { choices: COLOR_CHOICES.map((choice) => ({ value: expect.stringMatching(/^[0-9a-f-]{36}$/), label: choice.label, value_color: expect.any(String) })) },
		});
		expect(served.structure.find((field: { slug: string }) => field.slug === F.linked).params.linked_application).toBe(table.id);

		const trimmed = await send(`${emu.baseUrl}/api/v1/applications/${table.id}/?fields=structure&fields=name`, emu, { method: 'GET' });
		expect(Object.keys(trimmed.json()).sort()).toEqual(['name', 'structure']);
		expect((await api(emu, 'GET', 'applications/ffffffffffffffffffffffff/')).status).toBe(404);
	});

	it('the usual tables have choices for status and priority, and required title', async () => {
		const emu = await start();
		const solution = emu.addSolution();
		const table = emu.addTable(solution.id);
		const { structure } = (await api(emu, 'GET', `applications/${table.id}/`)).json();
		expect(structure.find((field: { slug: string }) => field.slug === 'status').params.choices.map((c: { value: string }) => c.value)).toEqual([
			'backlog', 'in_progress', 'ready_for_review', 'complete',
		]);
		expect(structure[0]).toEqual({ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { required: true, primary: true } });
	});
});

describe('create, get and list', () => {
	it('creates a record from slug-keyed values and serves it without empty values; get answers the same', async () => {
		const { emu, table } = await setup();
		const answer = await create(emu, table, { title: 'Acme', [F.text]: 'A-1', [F.number]: 12 });
		expect(answer.status).toBe(200);
		const record = answer.json();
		expect(record).toEqual({
			id: expect.stringMatching(HEX24),
			title: 'Acme',
			[F.text]: 'A-1',
			[F.number]: '12',
			status: { value: 'backlog', updated_on: expect.stringMatching(ISO) },
			[F.date]: { date: null, include_time: false },
			[F.dateRange]: { from_date: { date: null, include_time: false }, to_date: { date: null, include_time: false } },
			due_date: {
				from_date: { date: null, include_time: false },
				to_date: { date: null, include_time: false },
				is_overdue: false,
				status_is_completed: false,
				status_updated_on: null,
			},
			[F.formula]: 'Acme (1)',
			[F.rollup]: '0',
			[F.count]: 0,
			comments_count: 0,
			first_created: { on: expect.stringMatching(ISO), by: EMULATOR_USER_ID },
			last_updated: { on: expect.stringMatching(ISO), by: EMULATOR_USER_ID },
			autonumber: 1,
			application_slug: expect.any(String),
			application_id: table.id,
			ranking: { default: expect.any(String) },
			deleted_date: { date: null, include_time: false },
		});
		const got = await api(emu, 'GET', `${records(table)}/${record.id}/`);
		expect(got.status).toBe(200);
		expect(got.json()).toEqual(record);
		expect(emu.getRecord(table.id, record.id)).toMatchObject({ [F.yesNo]: false, [F.email]: [], comments_count: 0 });
	});

	it('get answers 404 for an unknown record or table, and for a deleted record', async () => {
		const { emu, table } = await setup();
		const deleted = emu.addDeletedRecord(table.id, { title: 'Gone' });
		for (const path of [`${records(table)}/ffffffffffffffffffffffff/`, `applications/ffffffffffffffffffffffff/records/${deleted.id}/`, `${records(table)}/${deleted.id}/`]) {
			const answer = await api(emu, 'GET', path);
			expect(answer.status).toBe(404);
			expect(answer.json()).toEqual({ detail: 'Not found.' });
		}
	});

	it('lists with offset paging: {total, offset, limit, items}, total counts every match, limit at most 1000', async () => {
		const { emu, table } = await setup();
		const ids = await createMany(emu, table, 7);
		const first = (await list(emu, table, {}, '?offset=0&limit=3')).json();
		expect(first).toEqual({ total: 7, offset: 0, limit: 3, items: expect.any(Array) });
		expect(first.items.map((record: { id: string }) => record.id)).toEqual(ids.slice(0, 3));
		const last = (await list(emu, table, { sort: [], filter: {} }, '?offset=6&limit=3')).json();
		expect(last).toMatchObject({ total: 7, offset: 6, limit: 3 });
		expect(last.items.map((record: { id: string }) => record.id)).toEqual(ids.slice(6));
		expect((await list(emu, table, {}, '?offset=9&limit=3')).json()).toEqual({ total: 7, offset: 9, limit: 3, items: [] });
		expect((await list(emu, table, {}, '?limit=5000')).json().limit).toBe(1000);
		expect((await list(emu, table, {}, '?limit=abc')).status).toBe(400);
	});

	it('limit defaults to 100 (listDefaultLimit); null serves everything', async () => {
		const { emu, table } = await setup();
		for (let i = 0; i < 105; i++) emu.addRecord(table.id, { title: `Seeded ${i}`, [F.text]: 'x' });
		const page = (await list(emu, table)).json();
		expect(page).toMatchObject({ total: 105, offset: 0, limit: 100 });
		expect(page.items).toHaveLength(100);
		emu.setVariant({ listDefaultLimit: null });
		expect((await list(emu, table)).json().items).toHaveLength(105);
	});

	it("listTotal 'page' makes total the number of records in the answer", async () => {
		const { emu, table } = await setup({ variant: { listTotal: 'page' } });
		await createMany(emu, table, 5);
		expect((await list(emu, table, {}, '?limit=2')).json()).toMatchObject({ total: 2, offset: 0, limit: 2 });
		expect((await list(emu, table, {}, '?offset=4&limit=2')).json()).toMatchObject({ total: 1, offset: 4 });
	});

	it('all=true also lists deleted records; ids restricts the list', async () => {
		const { emu, table } = await setup();
		const [a, b] = await createMany(emu, table, 2);
		const deleted = emu.addDeletedRecord(table.id, { title: 'Gone' });
		expect((await list(emu, table)).json().total).toBe(2);
		const all = (await list(emu, table, {}, '?all=true')).json();
		expect(all.items.map((record: { id: string }) => record.id)).toEqual([a, b, deleted.id]);
		expect((await list(emu, table, { ids: [b] })).json().items.map((record: { id: string }) => record.id)).toEqual([b]);
	});

	it('answers 404 for a table it does not know, on every record endpoint', async () => {
		const emu = await start();
		const fake = { id: 'ffffffffffffffffffffffff' } as TableObject;
		expect((await list(emu, fake)).status).toBe(404);
		expect((await create(emu, fake, { title: 'x' })).status).toBe(404);
		expect((await api(emu, 'POST', `${records(fake)}/bulk/`, { items: [] })).status).toBe(404);
	});
});

describe('bulk create', () => {
	it('creates up to 25 records in one request, answers them in order, and skips the required check', async () => {
		const { emu, table } = await setup();
		const items = Array.from({ length: 25 }, (_, i) => ({ title: `Bulk ${i}`, [F.number]: i }));
		const answer = await api(emu, 'POST', `${records(table)}/bulk/`, { items });
		expect(answer.status).toBe(200);
		const created = answer.json();
		expect(created.map((record: { title: string }) => record.title)).toEqual(items.map((item) => item.title));
		expect(created[3]).toMatchObject({ id: expect.stringMatching(HEX24), [F.number]: '3', autonumber: 4 });
		expect(created[0][F.text]).toBeUndefined();
		expect((await list(emu, table)).json().total).toBe(25);
	});

	it('answers 422 above 25 records and creates none', async () => {
		const { emu, table } = await setup();
		const items = Array.from({ length: 26 }, (_, i) => ({ title: `Bulk ${i}` }));
		const answer = await api(emu, 'POST', `${records(table)}/bulk/`, { items });
		expect(answer.status).toBe(422);
		expect(answer.json()).toEqual({ items: ['Ensure this field has no more than 25 elements.'] });
		expect(emu.records(table.id)).toEqual([]);
	});

	it('a bad value in one item answers 422 with one error object per item, naming the field; nothing is created', async () => {
		const { emu, table } = await setup();
		const items = [{ title: 'Good' }, { title: 'Bad', [F.number]: 'twelve' }];
		const answer = await api(emu, 'POST', `${records(table)}/bulk/`, { items });
		expect(answer.status).toBe(422);
		expect(answer.json()).toEqual({ items: [{}, { [F.number]: ['A valid number is required (got "twelve").'] }] });
		expect(emu.records(table.id)).toEqual([]);
	});
});
