/** The records API of the emulator over real HTTP: structure, records, search, bulk, members, events, faults. */
import { type Answer, type Method, send, start } from './client';
import {
	CHANNEL_CHOICES,
	COLOR_CHOICES,
	EMULATOR_USER_ID,
	EMPTIED_COMPOSITES,
	NAMED_TITLE_STRUCTURE,
	TYPED_FIELDS as F,
} from './fixtures';
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

function create(
	emu: Emulator,
	table: TableObject,
	values: Record<string, unknown>,
): Promise<Answer> {
	return api(emu, 'POST', `${records(table)}/`, values);
}

/** Creates records through the API (title and the required text field), returns their ids. */
async function createMany(
	emu: Emulator,
	table: TableObject,
	count: number,
	values: (i: number) => Record<string, unknown> = () => ({}),
): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const answer = await create(emu, table, {
			title: `Record ${i + 1}`,
			[F.text]: `C-${i + 1}`,
			...values(i),
		});
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
		expect(served).toMatchObject({
			id: table.id,
			name: 'Field Types',
			solution: solutionId,
			primary_field: 'title',
		});
		const types = served.structure.map((field: { field_type: string }) => field.field_type);
		for (const type of [
			'recordtitlefield',
			'textfield',
			'textareafield',
			'numberfield',
			'currencyfield',
			'yesnofield',
			'singleselectfield',
			'multipleselectfield',
			'statusfield',
			'datefield',
			'daterangefield',
			'duedatefield',
			'linkedrecordfield',
			'userfield',
			'emailfield',
			'phonefield',
			'linkfield',
			'fullnamefield',
			'addressfield',
			'richtextareafield',
			'filefield',
			'tagsfield',
			'formulafield',
			'rollupfield',
			'countfield',
			'autonumberfield',
			'firstcreatedfield',
			'lastupdatedfield',
		]) {
			expect(types).toContain(type);
		}
		expect(served.structure).toContainEqual({
			slug: F.text,
			label: 'Code',
			field_type: 'textfield',
			params: { required: true, unique: false },
		});
		expect(served.structure).toContainEqual({
			slug: F.singleSelect,
			label: 'Color',
			field_type: 'singleselectfield',
			params: {
				choices: COLOR_CHOICES.map((choice) => ({
					value: expect.stringMatching(/^[0-9a-f-]{36}$/),
					label: choice.label,
					value_color: expect.any(String),
				})),
			},
		});
		expect(
			served.structure.find((field: { slug: string }) => field.slug === F.linked).params
				.linked_application,
		).toBe(table.id);

		const trimmed = await send(
			`${emu.baseUrl}/api/v1/applications/${table.id}/?fields=structure&fields=name`,
			emu,
			{ method: 'GET' },
		);
		expect(Object.keys(trimmed.json()).sort()).toEqual(['name', 'structure']);
		expect((await api(emu, 'GET', 'applications/ffffffffffffffffffffffff/')).status).toBe(404);
	});

	it('the usual tables have choices for status and priority, and required title', async () => {
		const emu = await start();
		const solution = emu.addSolution();
		const table = emu.addTable(solution.id);
		const { structure } = (await api(emu, 'GET', `applications/${table.id}/`)).json();
		expect(
			structure
				.find((field: { slug: string }) => field.slug === 'status')
				.params.choices.map((c: { value: string }) => c.value),
		).toEqual(['backlog', 'in_progress', 'ready_for_review', 'complete']);
		expect(structure[0]).toEqual({
			slug: 'title',
			label: 'Title',
			field_type: 'recordtitlefield',
			params: { required: true, primary: true },
		});
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
			[F.dateRange]: {
				from_date: { date: null, include_time: false },
				to_date: { date: null, include_time: false },
			},
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
		expect(emu.getRecord(table.id, record.id)).toMatchObject({
			[F.yesNo]: false,
			[F.email]: [],
			comments_count: 0,
		});
	});

	it('get answers 404 for an unknown record or table, and for a deleted record', async () => {
		const { emu, table } = await setup();
		const deleted = emu.addDeletedRecord(table.id, { title: 'Gone' });
		for (const path of [
			`${records(table)}/ffffffffffffffffffffffff/`,
			`applications/ffffffffffffffffffffffff/records/${deleted.id}/`,
			`${records(table)}/${deleted.id}/`,
		]) {
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
		expect((await list(emu, table, {}, '?offset=9&limit=3')).json()).toEqual({
			total: 7,
			offset: 9,
			limit: 3,
			items: [],
		});
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
		expect((await list(emu, table, {}, '?limit=2')).json()).toMatchObject({
			total: 2,
			offset: 0,
			limit: 2,
		});
		expect((await list(emu, table, {}, '?offset=4&limit=2')).json()).toMatchObject({
			total: 1,
			offset: 4,
		});
	});

	it('all=true also lists deleted records; ids restricts the list', async () => {
		const { emu, table } = await setup();
		const [a, b] = await createMany(emu, table, 2);
		const deleted = emu.addDeletedRecord(table.id, { title: 'Gone' });
		expect((await list(emu, table)).json().total).toBe(2);
		const all = (await list(emu, table, {}, '?all=true')).json();
		expect(all.items.map((record: { id: string }) => record.id)).toEqual([a, b, deleted.id]);
		expect(
			(await list(emu, table, { ids: [b] }))
				.json()
				.items.map((record: { id: string }) => record.id),
		).toEqual([b]);
	});

	it('list and members take no body at all (all of it is optional); other writes need a JSON object', async () => {
		const { emu, table } = await setup();
		await createMany(emu, table, 2);
		const bare = (path: string) =>
			send(`${emu.baseUrl}/api/v1/${path}`, emu, {
				rawBody: '',
				headers: { 'content-type': undefined },
			});
		expect((await bare(`${records(table)}/list/?limit=1`)).json()).toMatchObject({
			total: 2,
			limit: 1,
		});
		expect((await bare('members/list/?offset=0&limit=1000')).json()).toMatchObject({ total: 3 });
		expect((await bare(`${records(table)}/bulk/`)).status).toBe(400);
		expect((await bare(`${records(table)}/`)).status).toBe(400);
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
		expect(created.map((record: { title: string }) => record.title)).toEqual(
			items.map((item) => item.title),
		);
		expect(created[3]).toMatchObject({
			id: expect.stringMatching(HEX24),
			[F.number]: '3',
			autonumber: 4,
		});
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
		expect(answer.json()).toEqual({
			items: [{}, { [F.number]: ['A valid number is required (got "twelve").'] }],
		});
		expect(emu.records(table.id)).toEqual([]);
	});
});

describe('values per field type', () => {
	it('stores every writable type in SmartSuite shape', async () => {
		const { emu, table } = await setup();
		const [linkedId] = await createMany(emu, table, 1, () => ({ [F.number]: '5' }));
		const [red] = COLOR_CHOICES;
		const [email, , chat] = CHANNEL_CHOICES;
		const member = emu.members()[1];
		const tag = emu.addTag('Q2');
		const values = {
			title: 'All types',
			[F.text]: 'T-1',
			[F.textArea]: 'line 1\nline 2',
			[F.number]: 7,
			[F.currency]: '19.99',
			[F.yesNo]: true,
			[F.singleSelect]: red.value,
			[F.multipleSelect]: [email.value, chat.value],
			status: { value: 'in_progress' },
			[F.date]: { date: '2026-03-01T00:00:00Z', include_time: false },
			[F.dateRange]: {
				from_date: { date: '2026-03-01T09:30:00+02:00', include_time: true },
				to_date: { date: '2026-03-02T17:00:00Z', include_time: true },
			},
			due_date: { from_date: null, to_date: { date: '2020-01-01T00:00:00Z', include_time: false } },
			[F.linked]: [linkedId],
			assigned_to: [member.id],
			[F.email]: ['a@example.com'],
			[F.phone]: [{ phone_number: '+1 555 0100', phone_country: 'US' }],
			[F.link]: ['https://example.com'],
			[F.fullName]: { first_name: 'Ada', last_name: 'Lovelace', salutation: 'Dr.' },
			[F.address]: {
				location_address: '1 Main St',
				location_city: 'Springfield',
				location_country: 'US',
			},
			[F.smartDoc]: {
				data: {
					type: 'doc',
					content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }],
				},
			},
			[F.files]: ['https://files.example.com/brief.pdf'],
			[F.tags]: [tag.id],
		};
		const answer = await create(emu, table, values);
		expect(answer.status).toBe(200);
		expect(answer.json()).toMatchObject({
			[F.textArea]: 'line 1\nline 2',
			[F.number]: '7',
			[F.currency]: '19.99',
			[F.yesNo]: true,
			[F.singleSelect]: red.value,
			[F.multipleSelect]: [email.value, chat.value],
			status: { value: 'in_progress', updated_on: expect.stringMatching(ISO) },
			[F.date]: { date: '2026-03-01T00:00:00Z', include_time: false },
			// include_time false although a time was set, as SmartSuite reports ranges and due dates.
			[F.dateRange]: {
				from_date: { date: '2026-03-01T07:30:00Z', include_time: false },
				to_date: { date: '2026-03-02T17:00:00Z', include_time: false },
			},
			due_date: {
				from_date: { date: null, include_time: false },
				to_date: { date: '2020-01-01T00:00:00Z', include_time: false },
				is_overdue: true,
			},
			[F.linked]: [linkedId],
			assigned_to: [member.id],
			[F.email]: ['a@example.com'],
			[F.phone]: [
				{
					phone_country: 'US',
					phone_number: '+1 555 0100',
					phone_extension: '',
					phone_type: 2,
					sys_root: '15550100',
					sys_title: '+1 555 0100',
				},
			],
			[F.link]: ['https://example.com'],
			[F.fullName]: {
				title: 'Dr.',
				first_name: 'Ada',
				middle_name: '',
				last_name: 'Lovelace',
				sys_root: 'Ada Lovelace',
			},
			[F.address]: expect.objectContaining({
				location_address: '1 Main St',
				location_city: 'Springfield',
				sys_root: '1 Main St, Springfield, US',
			}),
			[F.smartDoc]: {
				data: values[F.smartDoc].data,
				html: expect.stringContaining('Hello'),
				preview: 'Hello',
				yjsData: null,
			},
			[F.files]: [
				expect.objectContaining({
					handle: expect.any(String),
					metadata: expect.objectContaining({ filename: 'brief.pdf', mimetype: 'application/pdf' }),
					file_type: 'pdf',
				}),
			],
			[F.tags]: [tag.id],
			[F.count]: 1,
			[F.rollup]: '5',
			[F.formula]: 'All types (2)',
		});
	});

	it.each([
		['number from words', F.number, 'twelve', 'A valid number is required (got "twelve").'],
		['boolean from text', F.yesNo, 'yes', 'Must be a valid boolean.'],
		['select by label', F.singleSelect, 'Red', '"Red" is not a valid choice.'],
		[
			'multiple select as one id',
			F.multipleSelect,
			CHANNEL_CHOICES[0].value,
			`Expected a list of option ids but got "${CHANNEL_CHOICES[0].value}".`,
		],
		['status as a bare id', 'status', 'complete', 'Expected {"value": "<option id>"}.'],
		['status with an unknown id', 'status', { value: 'done' }, '"done" is not a valid choice.'],
		[
			'date as a string',
			F.date,
			'2026-03-01',
			'Expected {"date": "<ISO 8601>", "include_time": <boolean>}.',
		],
		[
			'date that is no date',
			F.date,
			{ date: 'March 1st', include_time: false },
			'Date has wrong format: "March 1st". Use ISO 8601.',
		],
		[
			'linked record as one id',
			F.linked,
			'ffffffffffffffffffffffff',
			'Expected a list of record ids but got "ffffffffffffffffffffffff".',
		],
		[
			'linked record that does not exist',
			F.linked,
			['ffffffffffffffffffffffff'],
			'Record "ffffffffffffffffffffffff" does not exist.',
		],
		[
			'user that is not a member',
			'assigned_to',
			['ffffffffffffffffffffffff'],
			'Member "ffffffffffffffffffffffff" does not exist.',
		],
		['email that is no address', F.email, ['nope'], 'Enter a valid email address (got "nope").'],
		[
			'phone without a number',
			F.phone,
			[{ phone_country: 'US' }],
			'Each phone needs a "phone_number".',
		],
		[
			'full name as a string',
			F.fullName,
			'Ada Lovelace',
			'Expected an object with title, first_name, middle_name, last_name.',
		],
		[
			'address with an unknown key',
			F.address,
			{ city: 'Springfield' },
			'Unknown key "city"; expected location_* keys.',
		],
		[
			'SmartDoc as plain text',
			F.smartDoc,
			'Hello',
			'Expected {"data": {"type": "doc", ...}} or {"html": "..."}.',
		],
		[
			'file that is no URL',
			F.files,
			['brief.pdf'],
			'Expected a public http(s) URL (got "brief.pdf").',
		],
		['read-only formula', F.formula, 'x', 'This field is read-only.'],
		['read-only auto number', 'autonumber', 3, 'This field is read-only.'],
	])('refuses a %s with 422 naming the field', async (_name, slug, value, message) => {
		const { emu, table } = await setup();
		const answer = await create(emu, table, { title: 'x', [F.text]: 'y', [slug]: value });
		expect(answer.status).toBe(422);
		expect(answer.json()).toEqual({ [slug]: [message] });
		expect(emu.records(table.id)).toEqual([]);
	});

	it('a missing required field is 422 on create (one record), not on bulk create', async () => {
		const { emu, table } = await setup();
		const answer = await create(emu, table, { title: 'No code' });
		expect(answer.status).toBe(422);
		expect(answer.json()).toEqual({ [F.text]: ['This field is required.'] });
		expect((await create(emu, table, { title: 'Empty code', [F.text]: '' })).json()).toEqual({
			[F.text]: ['This field is required.'],
		});
		expect(
			(await api(emu, 'POST', `${records(table)}/bulk/`, { items: [{ title: 'No code' }] })).status,
		).toBe(200);
	});

	it('variants: read-only and unknown fields dropped or refused; SmartDoc from html; numbers as strings only', async () => {
		const { emu, table } = await setup({ variant: { readOnlyWrites: 'ignore' } });
		const ignored = await create(emu, table, {
			title: 'x',
			[F.text]: 'y',
			[F.formula]: 'z',
			nope: 1,
		});
		expect(ignored.status).toBe(200);
		expect(ignored.json()).not.toHaveProperty('nope');
		emu.setVariant({ unknownFieldWrites: 'reject' });
		expect((await create(emu, table, { title: 'x', [F.text]: 'y', nope: 1 })).json()).toEqual({
			nope: ['Unknown field.'],
		});

		const fromHtml = await create(emu, table, {
			title: 'x',
			[F.text]: 'y',
			[F.smartDoc]: { html: '<p>Hi &amp; bye</p>' },
		});
		expect(fromHtml.json()[F.smartDoc]).toMatchObject({
			html: '<p>Hi &amp; bye</p>',
			preview: 'Hi &amp; bye',
			data: { type: 'doc' },
		});
		emu.setVariant({ smartDocWrites: 'dataOnly' });
		expect(
			(await create(emu, table, { title: 'x', [F.text]: 'y', [F.smartDoc]: { html: '<p>Hi</p>' } }))
				.status,
		).toBe(422);

		emu.setVariant({ numberWrites: 'string' });
		expect((await create(emu, table, { title: 'x', [F.text]: 'y', [F.number]: 3 })).status).toBe(
			422,
		);
		expect((await create(emu, table, { title: 'x', [F.text]: 'y', [F.number]: '3' })).status).toBe(
			200,
		);
		emu.setVariant({ numberWrites: 'number' });
		expect((await create(emu, table, { title: 'x', [F.text]: 'y', [F.number]: '3' })).status).toBe(
			422,
		);
	});
});

describe('tags, the title field, clearing', () => {
	it("a tags field takes ids of its tag pool only: the workspace's public tags, or its solution's private ones", async () => {
		const { emu, table, solutionId } = await setup();
		const [publicTag, privateTag, otherSolutionTag] = [
			emu.addTag('Q2'),
			emu.addTag('Internal', { solutionId }),
			emu.addTag('Elsewhere', { solutionId: 'ffffffffffffffffffffffff' }),
		];
		const ok = await create(emu, table, { title: 'x', [F.text]: 'y', [F.tags]: [publicTag.id] });
		expect(ok.json()[F.tags]).toEqual([publicTag.id]);
		// A label is no tag id, and a private tag is not in a public field's pool.
		for (const refused of ['Q2', privateTag.id]) {
			const answer = await create(emu, table, { title: 'x', [F.text]: 'y', [F.tags]: [refused] });
			expect(answer.status).toBe(422);
			expect(answer.json()).toEqual({ [F.tags]: [`"${refused}" is not a valid tag.`] });
		}
		const privateTable = emu.addTable(solutionId, {
			structure: [
				{
					slug: 'title',
					label: 'Title',
					field_type: 'recordtitlefield',
					params: { primary: true },
				},
				{ slug: 'tags', label: 'Tags', field_type: 'tagsfield', params: { private: true } },
			],
		});
		expect((await create(emu, privateTable, { title: 'p', tags: [privateTag.id] })).status).toBe(
			200,
		);
		expect(
			(await create(emu, privateTable, { title: 'p', tags: [otherSolutionTag.id] })).status,
		).toBe(422);
		expect((await create(emu, privateTable, { title: 'p', tags: [publicTag.id] })).status).toBe(
			422,
		);
	});

	it('a table whose title field is `name`: primary_field says so, records carry it, filters and linked-record searches use it', async () => {
		const emu = await start();
		const solution = emu.addSolution();
		const table = emu.addTable(solution.id, { structure: NAMED_TITLE_STRUCTURE });
		expect((await api(emu, 'GET', `applications/${table.id}/`)).json().primary_field).toBe('name');
		const created = await create(emu, table, { name: 'Acme' });
		expect(created.json()).toMatchObject({ name: 'Acme' });
		expect(created.json()).not.toHaveProperty('title');
		expect(
			(
				await list(emu, table, {
					filter: {
						operator: 'and',
						fields: [{ field: 'name', comparison: 'contains', value: 'acm' }],
					},
				})
			).json().items,
		).toHaveLength(1);
		// SmartSuite knows no field `title` in this table.
		const byTitle = await list(emu, table, {
			filter: {
				operator: 'and',
				fields: [{ field: 'title', comparison: 'contains', value: 'acm' }],
			},
		});
		expect(byTitle.status).toBe(400);
		const { table: linking } = {
			table: emu.addTable(solution.id, {
				structure: [
					{
						slug: 'title',
						label: 'Title',
						field_type: 'recordtitlefield',
						params: { primary: true },
					},
					{
						slug: 'client',
						label: 'Client',
						field_type: 'linkedrecordfield',
						params: { linked_application: table.id },
					},
				],
			}),
		};
		await create(emu, linking, { title: 'Deal', client: [created.json().id] });
		const found = await list(emu, linking, {
			filter: {
				operator: 'and',
				fields: [{ field: 'client', comparison: 'contains', value: 'acme' }],
			},
		});
		expect(found.json().items.map((record: { title: string }) => record.title)).toEqual(['Deal']);
	});

	it('clears an address, a full name and a SmartDoc with their empty shapes, and with null', async () => {
		const { emu, table } = await setup();
		const full = {
			[F.address]: { location_city: 'Paris' },
			[F.fullName]: { first_name: 'Ada' },
			[F.smartDoc]: { html: '<p>Hi</p>' },
		};
		const [id] = await createMany(emu, table, 2, () => full);
		const emptied = await api(emu, 'PATCH', `${records(table)}/${id}/`, EMPTIED_COMPOSITES);
		expect(emptied.status).toBe(200);
		for (const slug of [F.address, F.fullName, F.smartDoc])
			expect(emptied.json()).not.toHaveProperty(slug);
		const [, other] = emu.records(table.id).map((record) => record.id);
		const nulls = await api(emu, 'PATCH', `${records(table)}/${other}/`, {
			[F.address]: null,
			[F.fullName]: null,
			[F.smartDoc]: null,
		});
		for (const slug of [F.address, F.fullName, F.smartDoc])
			expect(nulls.json()).not.toHaveProperty(slug);
		for (const slug of [F.address, F.fullName, F.smartDoc])
			expect((await api(emu, 'PATCH', `${records(table)}/${id}/`, { [slug]: '' })).status).toBe(
				422,
			);
	});
});

describe('update and delete one record', () => {
	it('PATCH changes only the fields given; PUT clears the others; both answer the record', async () => {
		const { emu, table } = await setup();
		const [id] = await createMany(emu, table, 1, () => ({
			[F.number]: 4,
			[F.textArea]: 'keep me',
		}));
		const patched = await api(emu, 'PATCH', `${records(table)}/${id}/`, { [F.number]: '5' });
		expect(patched.status).toBe(200);
		expect(patched.json()).toMatchObject({
			id,
			title: 'Record 1',
			[F.number]: '5',
			[F.textArea]: 'keep me',
		});
		expect(Date.parse(patched.json().last_updated.on)).toBeGreaterThanOrEqual(
			Date.parse(patched.json().first_created.on),
		);

		const put = await api(emu, 'PUT', `${records(table)}/${id}/`, {
			title: 'Replaced',
			[F.text]: 'R',
		});
		expect(put.status).toBe(200);
		expect(put.json()).toMatchObject({ title: 'Replaced', [F.text]: 'R' });
		expect(put.json()).not.toHaveProperty(F.textArea);
		expect(put.json()).not.toHaveProperty(F.number);

		expect(
			(await api(emu, 'PUT', `${records(table)}/${id}/`, { title: 'No code' })).json(),
		).toEqual({ [F.text]: ['This field is required.'] });
		expect((await api(emu, 'PATCH', `${records(table)}/${id}/`, { [F.text]: '' })).json()).toEqual({
			[F.text]: ['This field is required.'],
		});
		expect((await api(emu, 'PATCH', `${records(table)}/${id}/`, { [F.yesNo]: 'no' })).status).toBe(
			422,
		);
		expect(
			(await api(emu, 'PATCH', `${records(table)}/ffffffffffffffffffffffff/`, {})).status,
		).toBe(404);
	});

	it('DELETE is a soft delete: gone from get and list, listed with all=true, restorable with Restore', async () => {
		const { emu, table } = await setup();
		const [id, other] = await createMany(emu, table, 2);
		const answer = await api(emu, 'DELETE', `${records(table)}/${id}/`);
		expect(answer.status).toBe(200);
		expect(answer.json()).toEqual({
			application_id: table.id,
			id,
			application_slug: expect.any(String),
			deleted_date: expect.stringMatching(ISO),
		});
		expect((await api(emu, 'GET', `${records(table)}/${id}/`)).status).toBe(404);
		expect((await api(emu, 'DELETE', `${records(table)}/${id}/`)).status).toBe(404);
		expect(
			(await list(emu, table)).json().items.map((record: { id: string }) => record.id),
		).toEqual([other]);
		expect((await list(emu, table, {}, '?all=true')).json().total).toBe(2);

		const restored = await api(emu, 'POST', `${records(table)}/${id}/restore/`, {});
		expect(restored.status).toBe(200);
		expect(restored.json()).toMatchObject({ id, title: 'Record 1 (Restored)', deleted_by: null });
		expect((await api(emu, 'GET', `${records(table)}/${id}/`)).status).toBe(200);
	});

	it('deleteAnswer variants: the whole record, or 204 without a body', async () => {
		const { emu, table } = await setup({ variant: { deleteAnswer: 'record' } });
		const [a, b] = await createMany(emu, table, 2);
		expect((await api(emu, 'DELETE', `${records(table)}/${a}/`)).json()).toMatchObject({
			id: a,
			title: 'Record 1',
			deleted_by: EMULATOR_USER_ID,
		});
		emu.setVariant({ deleteAnswer: 'noContent' });
		const noContent = await api(emu, 'DELETE', `${records(table)}/${b}/`);
		expect(noContent.status).toBe(204);
		expect(noContent.text).toBe('');
	});

	it('answers 405 with the allowed methods, and keeps encoded ids inside their segment', async () => {
		const { emu, table } = await setup();
		const [id] = await createMany(emu, table, 1);
		const post = await api(emu, 'POST', `${records(table)}/${id}/`, {});
		expect(post.status).toBe(405);
		expect(post.headers.allow).toBe('GET, PATCH, PUT, DELETE');
		expect((await api(emu, 'GET', `${records(table)}/list/`)).headers.allow).toBe(undefined);
		expect((await api(emu, 'GET', `${records(table)}/..%2F..%2F/`)).status).toBe(404);
		expect((await api(emu, 'GET', `${records(table)}/${id}/?hydrated=true&unknown=1`)).status).toBe(
			200,
		);
		expect(
			(await api(emu, 'DELETE', `${records(table)}/${encodeURIComponent(`${id}/`)}/`)).status,
		).toBe(404);
		expect(emu.getRecord(table.id, id)?.deleted_by).toBeNull();
	});
});

describe('bulk update and delete', () => {
	it('PATCH bulk/ updates up to 25 records by id and answers them as an array', async () => {
		const { emu, table } = await setup();
		const ids = await createMany(emu, table, 3);
		const answer = await api(emu, 'PATCH', `${records(table)}/bulk/`, {
			items: ids.map((id, i) => ({ id, [F.number]: i * 10 })),
		});
		expect(answer.status).toBe(200);
		expect(
			answer
				.json()
				.map((record: Record<string, unknown>) => [record.id, record[F.number], record.title]),
		).toEqual([
			[ids[0], '0', 'Record 1'],
			[ids[1], '10', 'Record 2'],
			[ids[2], '20', 'Record 3'],
		]);
		const tooMany = await api(emu, 'PATCH', `${records(table)}/bulk/`, {
			items: Array.from({ length: 26 }, () => ({ id: ids[0], title: 'x' })),
		});
		expect(tooMany.status).toBe(422);
		expect(tooMany.json()).toEqual({ items: ['Ensure this field has no more than 25 elements.'] });
	});

	it('a refused item fails the whole bulk update (array answer) or only itself (envelope answer)', async () => {
		const { emu, table } = await setup();
		const [a, b] = await createMany(emu, table, 2);
		const items = [
			{ id: a, title: 'A2' },
			{ id: b, [F.yesNo]: 'no' },
			{ title: 'no id' },
			{ id: 'ffffffffffffffffffffffff', title: 'x' },
		];
		const refused = await api(emu, 'PATCH', `${records(table)}/bulk/`, { items });
		expect(refused.status).toBe(422);
		expect(refused.json()).toEqual({
			items: [
				{},
				{ [F.yesNo]: ['Must be a valid boolean.'] },
				{ id: ['This field is required.'] },
				{ id: ['Record "ffffffffffffffffffffffff" not found.'] },
			],
		});
		expect(emu.getRecord(table.id, a)?.title).toBe('Record 1');

		emu.setVariant({ bulkUpdateAnswer: 'envelope' });
		const envelope = (await api(emu, 'PATCH', `${records(table)}/bulk/`, { items })).json();
		expect(envelope.successful_items.map((record: { title: string }) => record.title)).toEqual([
			'A2',
		]);
		expect(envelope.failed_items.map((failure: { index: number }) => failure.index)).toEqual([
			1, 2, 3,
		]);
		expect(envelope.failed_items[0].reason).toContain(F.yesNo);
	});

	it('PUT bulk/ replaces records', async () => {
		const { emu, table } = await setup();
		const [id] = await createMany(emu, table, 1, () => ({ [F.textArea]: 'gone' }));
		const answer = await api(emu, 'PUT', `${records(table)}/bulk/`, {
			items: [{ id, title: 'New', [F.text]: 'N' }],
		});
		expect(answer.status).toBe(200);
		expect(answer.json()[0]).not.toHaveProperty(F.textArea);
	});

	it('deletes in bulk by PATCH bulk_delete/?fields=id with ids, or DELETE bulk/ with {id} objects', async () => {
		const { emu, table } = await setup();
		const ids = await createMany(emu, table, 4);
		const reference = await api(emu, 'PATCH', `${records(table)}/bulk_delete/?fields=id`, {
			items: [ids[0], ids[1], 'ffffffffffffffffffffffff'],
		});
		expect(reference.status).toBe(200);
		expect(reference.json()).toEqual(
			[ids[0], ids[1]].map((id) => ({
				application_id: table.id,
				id,
				application_slug: expect.any(String),
				deleted_date: expect.stringMatching(ISO),
			})),
		);
		const mcp = await send(`${emu.baseUrl}/api/v1/${records(table)}/bulk/`, emu, {
			method: 'DELETE',
			body: { items: [{ id: ids[2] }] },
		});
		expect(mcp.json().map((item: { id: string }) => item.id)).toEqual([ids[2]]);
		expect(emu.records(table.id, { deleted: false }).map((record) => record.id)).toEqual([ids[3]]);
		const tooMany = await api(emu, 'PATCH', `${records(table)}/bulk_delete/?fields=id`, {
			items: Array.from({ length: 26 }, () => ids[3]),
		});
		expect(tooMany.status).toBe(422);
		expect(emu.getRecord(table.id, ids[3])?.deleted_by).toBeNull();
		expect(
			(await api(emu, 'PATCH', `${records(table)}/bulk_delete/?fields=id`, { items: [42] })).status,
		).toBe(422);
	});
});

describe('search: filter and sort', () => {
	/** Five records with distinct values; returns their ids in creation order. */
	async function seeded(emu: Emulator, table: TableObject): Promise<string[]> {
		const [red, green] = COLOR_CHOICES;
		const [mail, phone, chat] = CHANNEL_CHOICES;
		const today = new Date().toISOString().slice(0, 10);
		const rows: Array<Record<string, unknown>> = [
			{
				title: 'Alpha',
				[F.number]: 5,
				[F.yesNo]: true,
				[F.singleSelect]: red.value,
				[F.multipleSelect]: [mail.value],
				[F.date]: { date: `${today}T00:00:00Z` },
				[F.email]: ['alpha@example.com'],
			},
			{
				title: 'Beta',
				[F.number]: 15,
				[F.singleSelect]: green.value,
				[F.multipleSelect]: [mail.value, phone.value],
				status: { value: 'complete' },
				[F.date]: { date: '2020-05-01T00:00:00Z' },
			},
			{
				title: 'Gamma',
				[F.number]: '25.5',
				[F.multipleSelect]: [chat.value],
				due_date: { to_date: { date: '2001-01-01T00:00:00Z' } },
				[F.fullName]: { first_name: 'Grace', last_name: 'Hopper' },
			},
			{
				title: 'Delta',
				[F.yesNo]: false,
				[F.files]: ['https://x.example.com/photo.png'],
				assigned_to: [EMULATOR_USER_ID],
			},
			{ title: 'alpha two', [F.number]: -1, [F.address]: { location_city: 'Paris' } },
		];
		const ids = await createMany(emu, table, rows.length, (i) => rows[i]);
		const [alpha, , gamma] = ids;
		await api(emu, 'PATCH', `${records(table)}/${alpha}/`, { [F.linked]: [gamma] });
		return ids;
	}

	async function titles(emu: Emulator, table: TableObject, body: unknown): Promise<string[]> {
		const answer = await list(emu, table, body);
		expect(answer.status).toBe(200);
		return answer.json().items.map((record: { title: string }) => record.title);
	}

	const where = (field: string, comparison: string, value?: unknown) => ({
		filter: { operator: 'and', fields: [{ field, comparison, value }] },
	});

	it.each([
		['text is (case-insensitive)', 'title', 'is', 'alpha', ['Alpha']],
		['text contains', 'title', 'contains', 'ALPHA', ['Alpha', 'alpha two']],
		['text not_contains', 'title', 'not_contains', 'a', []],
		['text is_not', 'title', 'is_not', 'Beta', ['Alpha', 'Gamma', 'Delta', 'alpha two']],
		['number greater', F.number, 'is_greater_than', 10, ['Beta', 'Gamma']],
		['number equal from a string', F.number, 'is_equal_to', '25.5', ['Gamma']],
		['number at most', F.number, 'is_equal_or_less_than', 5, ['Alpha', 'alpha two']],
		['number empty', F.number, 'is_empty', null, ['Delta']],
		['number not empty', F.number, 'is_not_empty', null, ['Alpha', 'Beta', 'Gamma', 'alpha two']],
		['yes/no is true', F.yesNo, 'is', true, ['Alpha']],
		['yes/no is false', F.yesNo, 'is', false, ['Beta', 'Gamma', 'Delta', 'alpha two']],
		['select by id', F.singleSelect, 'is', COLOR_CHOICES[0].value, ['Alpha']],
		['select by label', F.singleSelect, 'is', 'green', ['Beta']],
		[
			'select any of',
			F.singleSelect,
			'is_any_of',
			[COLOR_CHOICES[0].value, COLOR_CHOICES[1].value],
			['Alpha', 'Beta'],
		],
		[
			'select none of',
			F.singleSelect,
			'is_none_of',
			[COLOR_CHOICES[0].value],
			['Beta', 'Gamma', 'Delta', 'alpha two'],
		],
		['select empty', F.singleSelect, 'is_empty', null, ['Gamma', 'Delta', 'alpha two']],
		['status is', 'status', 'is', 'complete', ['Beta']],
		['status is by label', 'status', 'is', 'Backlog', ['Alpha', 'Gamma', 'Delta', 'alpha two']],
		[
			'multiple has any of',
			F.multipleSelect,
			'has_any_of',
			[CHANNEL_CHOICES[0].value],
			['Alpha', 'Beta'],
		],
		[
			'multiple has all of',
			F.multipleSelect,
			'has_all_of',
			[CHANNEL_CHOICES[0].value, CHANNEL_CHOICES[1].value],
			['Beta'],
		],
		['multiple is exactly', F.multipleSelect, 'is_exactly', [CHANNEL_CHOICES[0].value], ['Alpha']],
		[
			'multiple has none of',
			F.multipleSelect,
			'has_none_of',
			[CHANNEL_CHOICES[0].value],
			['Gamma', 'Delta', 'alpha two'],
		],
		['user has any of', 'assigned_to', 'has_any_of', [EMULATOR_USER_ID], ['Delta']],
		['linked contains a title', F.linked, 'contains', 'gam', ['Alpha']],
		['linked has any of', F.linked, 'is_not_empty', null, ['Alpha']],
		['date is today', F.date, 'is', { date_mode: 'today' }, ['Alpha']],
		[
			'date is one day (a range of it)',
			F.date,
			'is',
			{
				date_mode: 'date_range',
				date_mode_value: { from_date: '2020-05-01', to_date: '2020-05-01' },
			},
			['Beta'],
		],
		[
			'date is not one day',
			F.date,
			'is_not',
			{
				date_mode: 'date_range',
				date_mode_value: { from_date: '2020-05-01', to_date: '2020-05-01' },
			},
			['Alpha', 'Gamma', 'Delta', 'alpha two'],
		],
		[
			'date before an exact day',
			F.date,
			'is_before',
			{ date_mode: 'exact_date', date_mode_value: '2020-05-02' },
			['Beta'],
		],
		['date before', F.date, 'is_before', { date_mode: 'today' }, ['Beta']],
		[
			'date on or after',
			F.date,
			'is_on_or_after',
			{ date_mode: 'exact_date', date_mode_value: '2020-05-01' },
			['Alpha', 'Beta'],
		],
		[
			'date in the past days',
			F.date,
			'is',
			{ date_mode: 'past_number_of_days', date_mode_value: 3 },
			['Alpha'],
		],
		['date empty', F.date, 'is_empty', null, ['Gamma', 'Delta', 'alpha two']],
		['due date overdue', 'due_date', 'is_overdue', null, ['Gamma']],
		['email contains', F.email, 'contains', 'alpha@', ['Alpha']],
		['full name contains', F.fullName, 'contains', 'hopper', ['Gamma']],
		['address contains', F.address, 'contains', 'paris', ['alpha two']],
		['file name contains', F.files, 'file_name_contains', 'photo', ['Delta']],
		['file type is', F.files, 'file_type_is', 'image', ['Delta']],
		['auto number', 'autonumber', 'is_greater_than', 3, ['Delta', 'alpha two']],
		['count', F.count, 'is_equal_to', 1, ['Alpha']],
		['formula', F.formula, 'contains', '(2)', ['Beta']],
		[
			'first created today',
			'first_created',
			'is',
			{ date_mode: 'today' },
			['Alpha', 'Beta', 'Gamma', 'Delta', 'alpha two'],
		],
	])('%s', async (_name, field, comparison, value, expected) => {
		const { emu, table } = await setup();
		await seeded(emu, table);
		expect(await titles(emu, table, where(field, comparison, value))).toEqual(expected);
	});

	it('and / or, nested groups, sort rules in order with empty values last', async () => {
		const { emu, table } = await setup();
		await seeded(emu, table);
		const fields = [
			{ field: F.number, comparison: 'is_greater_than', value: 0 },
			{ field: 'title', comparison: 'contains', value: 'a' },
		];
		expect(await titles(emu, table, { filter: { operator: 'and', fields } })).toEqual([
			'Alpha',
			'Beta',
			'Gamma',
		]);
		expect(
			await titles(emu, table, {
				filter: {
					operator: 'or',
					fields: [fields[0], { field: F.yesNo, comparison: 'is', value: false }],
				},
			}),
		).toHaveLength(5);
		const nested = {
			operator: 'and',
			fields: [fields[1]],
			filters: [
				{
					operator: 'or',
					fields: [
						{ field: F.number, comparison: 'is_less_than', value: 0 },
						{ field: F.yesNo, comparison: 'is', value: true },
					],
				},
			],
		};
		expect(await titles(emu, table, { filter: nested })).toEqual(['Alpha', 'alpha two']);

		expect(await titles(emu, table, { sort: [{ field: F.number, direction: 'desc' }] })).toEqual([
			'Gamma',
			'Beta',
			'Alpha',
			'alpha two',
			'Delta',
		]);
		expect(await titles(emu, table, { sort: [{ field: F.number, direction: 'asc' }] })).toEqual([
			'alpha two',
			'Alpha',
			'Beta',
			'Gamma',
			'Delta',
		]);
		expect(await titles(emu, table, { sort: [{ field: 'title', direction: 'asc' }] })).toEqual([
			'Alpha',
			'alpha two',
			'Beta',
			'Delta',
			'Gamma',
		]);
		expect(
			await titles(emu, table, {
				sort: [
					{ field: F.yesNo, direction: 'desc' },
					{ field: 'title', direction: 'desc' },
				],
			}),
		).toEqual(['Alpha', 'Gamma', 'Delta', 'Beta', 'alpha two']);
		expect(
			await titles(emu, table, { sort: [{ field: F.singleSelect, direction: 'asc' }] }),
		).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta', 'alpha two']);
	});

	it.each([
		[
			'a comparison the type does not allow',
			where(F.number, 'contains', '5'),
			{ [F.number]: 'Not allowed comparison.' },
		],
		[
			'is_after, which does not exist',
			where(F.date, 'is_after', { date_mode: 'today' }),
			{ [F.date]: 'Not allowed comparison.' },
		],
		['yes/no is_not', where(F.yesNo, 'is_not', true), { [F.yesNo]: 'Not allowed comparison.' }],
		[
			'empty checks on auto number',
			where('autonumber', 'is_empty', null),
			{ autonumber: 'Not allowed comparison.' },
		],
		[
			'a number that is no number',
			where(F.number, 'is_equal_to', 'five'),
			{ [F.number]: ['Expected a number (got "five").'] },
		],
		[
			'a date without date_mode',
			where(F.date, 'is', '2026-01-01'),
			{ [F.date]: ['Expected {"date_mode": ..., "date_mode_value": ...}.'] },
		],
		[
			'a value for is_not_empty (it takes null or "")',
			where(F.number, 'is_not_empty', 'x'),
			{ [F.number]: ["x' is not allowed for the 'is_not_empty' comparison"] },
		],
		[
			'a value for is_overdue',
			where('due_date', 'is_overdue', 'x'),
			{ due_date: ["x' is not allowed for the 'is_overdue' comparison"] },
		],
		[
			'exact_date for is (it takes date_range)',
			where(F.date, 'is', { date_mode: 'exact_date', date_mode_value: '2020-05-01' }),
			{ [F.date]: ["'exact_date' is not allowed for the 'is' comparison"] },
		],
		[
			'exact_date for is_not',
			where(F.date, 'is_not', { date_mode: 'exact_date', date_mode_value: '2020-05-01' }),
			{ [F.date]: ["'exact_date' is not allowed for the 'is_not' comparison"] },
		],
		[
			'date_range for is_before',
			where(F.date, 'is_before', {
				date_mode: 'date_range',
				date_mode_value: { from_date: '2020-05-01', to_date: '2020-05-01' },
			}),
			{ [F.date]: ["'date_range' is not allowed for the 'is_before' comparison"] },
		],
		[
			'past_number_of_days for is_on_or_after',
			where(F.date, 'is_on_or_after', { date_mode: 'past_number_of_days', date_mode_value: 3 }),
			{ [F.date]: ["'past_number_of_days' is not allowed for the 'is_on_or_after' comparison"] },
		],
		['an unknown field', where('nope', 'is', 'x'), { filter: ['Unknown field "nope".'] }],
		[
			'a filter without operator',
			{ filter: { fields: [{ field: 'title', comparison: 'is', value: 'x' }] } },
			{ filter: ['operator must be "and" or "or".'] },
		],
		[
			'a sort that is no list',
			{ sort: { field: 'title', direction: 'asc' } },
			{ sort: ['Expected a list of items but got type "dict".'] },
		],
		[
			'a sort direction',
			{ sort: [{ field: 'title', direction: 'up' }] },
			{ sort: ['direction must be "asc" or "desc".'] },
		],
	])('answers 400 for %s, even on an empty table', async (_name, body, expected) => {
		const { emu, table } = await setup();
		const answer = await list(emu, table, body);
		expect(answer.status).toBe(400);
		expect(answer.json()).toEqual(expected);
	});

	it('takes "" as well as null for the empty checks, as the sort-filter reference’s example sends it', async () => {
		const { emu, table } = await setup();
		await seeded(emu, table);
		const withNull = await titles(emu, table, where('title', 'is_not_empty', null));
		expect(withNull.length).toBeGreaterThan(0);
		expect(await titles(emu, table, where('title', 'is_not_empty', ''))).toEqual(withNull);
		expect(await titles(emu, table, where('title', 'is_empty', ''))).toEqual([]);
	});

	it("selectFilterValues 'id' no longer matches labels, 'label' no longer matches ids", async () => {
		const { emu, table } = await setup({ variant: { selectFilterValues: 'id' } });
		await seeded(emu, table);
		expect(await titles(emu, table, where('status', 'is', 'Complete'))).toEqual([]);
		emu.setVariant({ selectFilterValues: 'label' });
		expect(await titles(emu, table, where('status', 'is', 'complete'))).toEqual(['Beta']);
		expect(await titles(emu, table, where(F.singleSelect, 'is', COLOR_CHOICES[0].value))).toEqual(
			[],
		);
	});
});

describe('members', () => {
	it('POST members/list/ pages the members with {items, total, offset, limit, time}; filter by e-mail', async () => {
		const emu = await start();
		emu.addMember({
			email: ['dana@example.com'],
			full_name: { first_name: 'Dana', last_name: 'Scully', sys_root: 'Dana Scully' },
		});
		const all = await api(emu, 'POST', 'members/list/?offset=0&limit=2', {});
		expect(all.status).toBe(200);
		expect(all.json()).toEqual({
			total: 4,
			offset: 0,
			limit: 2,
			items: [
				expect.objectContaining({ id: EMULATOR_USER_ID, email: ['alex.morgan@example.com'] }),
				expect.any(Object),
			],
			time: expect.stringMatching(ISO),
		});
		const found = await api(emu, 'POST', 'members/list/', {
			filter: {
				operator: 'and',
				fields: [{ field: 'email', comparison: 'is', value: 'DANA@example.com' }],
			},
		});
		expect(
			found
				.json()
				.items.map((member: { full_name: { sys_root: string } }) => member.full_name.sys_root),
		).toEqual(['Dana Scully']);
		emu.setVariant({ memberEmail: 'string' });
		expect((await api(emu, 'POST', 'members/list/', {})).json().items[0].email).toBe(
			'alex.morgan@example.com',
		);
	});
});

describe('webhook events of API changes', () => {
	function watchers(emu: Emulator, table: TableObject, solutionId: string) {
		const locator = { account_id: emu.workspaceId, solution_id: solutionId };
		const other = emu.addTable(solutionId, { name: 'Other' });
		return {
			other,
			solution: emu.createWebhook({ locator, filter: { solution: {} } }),
			tables: emu.createWebhook({
				locator,
				filter: { applications: { application_ids: [table.id] } },
			}),
			numberField: emu.createWebhook({
				locator,
				filter: { application: { application_id: table.id, field_ids: [F.number] } },
			}),
			createdOnly: emu.createWebhook({
				locator,
				filter: { applications: { application_ids: [table.id] } },
				kinds: ['RECORD_CREATED'],
			}),
			otherTable: emu.createWebhook({
				locator,
				filter: { applications: { application_ids: [other.id] } },
			}),
			otherSolution: emu.createWebhook({
				locator: { ...locator, solution_id: 'ffffffffffffffffffffffff' },
				filter: { solution: {} },
			}),
		};
	}

	it('create, update and delete raise RECORD_CREATED, RECORD_UPDATED (previous = prior values of changed fields) and RECORD_DELETED', async () => {
		const { emu, table, solutionId } = await setup();
		const hooks = watchers(emu, table, solutionId);
		const created = (
			await create(emu, table, { title: 'Acme', [F.text]: 'A', [F.number]: 1 })
		).json();
		await api(emu, 'PATCH', `${records(table)}/${created.id}/`, {
			title: 'Acme Inc',
			[F.number]: 1,
		});
		await api(emu, 'PATCH', `${records(table)}/${created.id}/`, { title: 'Acme Inc' });
		await api(emu, 'DELETE', `${records(table)}/${created.id}/`);

		const events = emu.events(hooks.tables.webhook_id);
		expect(events.map((event) => event.kind)).toEqual([
			'RECORD_CREATED',
			'RECORD_UPDATED',
			'RECORD_DELETED',
		]);
		const [creation, update, deletion] = events;
		expect(creation).toEqual({
			webhook_id: hooks.tables.webhook_id,
			locator: { account_id: emu.workspaceId, solution_id: solutionId },
			event_id: expect.stringMatching(new RegExp(`^${hooks.tables.webhook_id}\\.\\d+$`)),
			kind: 'RECORD_CREATED',
			event_at: expect.stringMatching(ISO),
			record_event_data: {
				record_id: created.id,
				locator: { account_id: emu.workspaceId, solution_id: solutionId, application_id: table.id },
				data: expect.objectContaining({
					id: created.id,
					title: 'Acme',
					[F.text]: 'A',
					[F.number]: '1',
					[F.email]: [],
					[F.formula]: 'Acme (1)',
				}),
				previous: {},
			},
			ctx: {
				change_id: expect.any(String),
				change_size: 3,
				batch_id: expect.any(String),
				batch_size: 1,
				source: 'api',
				handler: 'record_created',
			},
		});
		expect(update.record_event_data.data).toMatchObject({ title: 'Acme Inc', [F.number]: '1' });
		expect(update.record_event_data.previous).toEqual({ title: 'Acme' });
		expect(deletion.record_event_data).toMatchObject({
			record_id: created.id,
			data: { deleted_by: EMULATOR_USER_ID, deleted_date: { date: expect.stringMatching(ISO) } },
			previous: {},
		});

		expect(emu.events(hooks.solution.webhook_id).map((event) => event.kind)).toEqual([
			'RECORD_CREATED',
			'RECORD_UPDATED',
			'RECORD_DELETED',
		]);
		expect(emu.events(hooks.createdOnly.webhook_id).map((event) => event.kind)).toEqual([
			'RECORD_CREATED',
		]);
		// The number field never changed after creation: only creation and deletion reach a field-level webhook.
		expect(emu.events(hooks.numberField.webhook_id).map((event) => event.kind)).toEqual([
			'RECORD_CREATED',
			'RECORD_DELETED',
		]);
		expect(emu.events(hooks.otherTable.webhook_id)).toEqual([]);
		expect(emu.events(hooks.otherSolution.webhook_id)).toEqual([]);
		const times = emu.events(hooks.tables.webhook_id).map((event) => Date.parse(event.event_at));
		expect(times).toEqual([...times].sort((a, b) => a - b));
	});

	it('a field-level webhook gets updates of its fields; a PATCH that changes nothing raises nothing', async () => {
		const { emu, table, solutionId } = await setup();
		const hooks = watchers(emu, table, solutionId);
		const [id] = await createMany(emu, table, 1, () => ({ [F.number]: 1 }));
		await api(emu, 'PATCH', `${records(table)}/${id}/`, { [F.number]: 2 });
		await api(emu, 'PATCH', `${records(table)}/${id}/`, { [F.number]: '2' });
		const updates = emu
			.events(hooks.numberField.webhook_id)
			.filter((event) => event.kind === 'RECORD_UPDATED');
		expect(updates).toHaveLength(1);
		expect(updates[0].record_event_data.previous).toEqual({ [F.number]: '1' });
		expect(emu.events(hooks.tables.webhook_id)).toHaveLength(2);
	});

	it('a bulk request is one event batch per webhook; refused requests raise nothing', async () => {
		const { emu, table, solutionId } = await setup();
		const hooks = watchers(emu, table, solutionId);
		const created = (
			await api(emu, 'POST', `${records(table)}/bulk/`, {
				items: [{ title: 'a' }, { title: 'b' }, { title: 'c' }],
			})
		).json();
		await api(emu, 'PATCH', `${records(table)}/bulk/`, {
			items: created.map((record: { id: string }) => ({ id: record.id, [F.number]: 9 })),
		});
		await api(emu, 'PATCH', `${records(table)}/bulk_delete/?fields=id`, {
			items: created.map((record: { id: string }) => record.id),
		});
		await api(emu, 'POST', `${records(table)}/bulk/`, {
			items: [{ title: 'd' }, { title: 'e', [F.number]: 'x' }],
		});
		await create(emu, table, { title: 'no code' });

		const events = emu.events(hooks.tables.webhook_id);
		expect(events.map((event) => event.kind)).toEqual([
			...Array(3).fill('RECORD_CREATED'),
			...Array(3).fill('RECORD_UPDATED'),
			...Array(3).fill('RECORD_DELETED'),
		]);
		const batches = [0, 3, 6].map((start) => events.slice(start, start + 3));
		for (const batch of batches) {
			expect(new Set(batch.map((event) => event.ctx.batch_id)).size).toBe(1);
			expect(batch.every((event) => event.ctx.batch_size === 3)).toBe(true);
		}
		expect(new Set(batches.map((batch) => batch[0].ctx.batch_id)).size).toBe(3);
		expect(
			emu.events(hooks.numberField.webhook_id).filter((event) => event.kind === 'RECORD_UPDATED'),
		).toHaveLength(3);
	});

	it('the events are served by ListEvents like any other', async () => {
		const { emu, table, solutionId } = await setup();
		const { tables } = watchers(emu, table, solutionId);
		const [id] = await createMany(emu, table, 1);
		const page = await send(`${emu.webhooksUrl}/service.webhooks.engine.Webhooks/ListEvents`, emu, {
			body: { webhook_id: tables.webhook_id, page_size: '10' },
		});
		expect(
			page
				.json()
				.events.map(
					(event: { record_event_data: { record_id: string } }) =>
						event.record_event_data.record_id,
				),
		).toEqual([id]);
	});
});

describe('faults on the records API', () => {
	const bulkBody = (n: number) => ({ items: [{ title: `batch ${n}` }] });

	it('fails the Nth bulk request with 500 or 422 (before anything is written), others go through', async () => {
		const { emu, table } = await setup();
		emu.injectFault({
			operation: ['BulkCreateRecords', 'BulkUpdateRecords'],
			skip: 1,
			action: { type: 'status', status: 500 },
		});
		emu.injectFault({
			operation: 'BulkCreateRecords',
			skip: 2,
			action: { type: 'status', status: 422 },
		});
		const statuses: number[] = [];
		for (let n = 1; n <= 4; n++)
			statuses.push((await api(emu, 'POST', `${records(table)}/bulk/`, bulkBody(n))).status);
		expect(statuses).toEqual([200, 500, 422, 200]);
		expect(emu.records(table.id).map((record) => record.title)).toEqual(['batch 1', 'batch 4']);
		const failed = emu.requests.filter((request) => request.status >= 400);
		expect(failed.map((request) => request.operation)).toEqual([
			'BulkCreateRecords',
			'BulkCreateRecords',
		]);
	});

	it('afterProcessing: the records are written and their events raised, then 500 is answered', async () => {
		const { emu, table, solutionId } = await setup();
		const webhook = emu.createWebhook({
			locator: { account_id: emu.workspaceId, solution_id: solutionId },
			filter: { applications: { application_ids: [table.id] } },
		});
		emu.injectFault({
			operation: 'BulkCreateRecords',
			action: { type: 'status', status: 500, afterProcessing: true },
		});
		const answer = await api(emu, 'POST', `${records(table)}/bulk/`, bulkBody(1));
		expect(answer.status).toBe(500);
		expect(emu.records(table.id).map((record) => record.title)).toEqual(['batch 1']);
		expect(emu.events(webhook.webhook_id)).toHaveLength(1);
	});

	it('hang never answers (the client times out); afterProcessing writes first', async () => {
		const { emu, table } = await setup();
		emu.injectFault({ operation: 'CreateRecord', action: { type: 'hang', afterProcessing: true } });
		emu.injectFault({ operation: 'ListRecords', action: { type: 'hang' } });
		const { request } = await import('undici');
		const url = `${emu.baseUrl}/api/v1/${records(table)}/`;
		const headers = {
			authorization: `Token ${emu.apiKey}`,
			'account-id': emu.workspaceId,
			'content-type': 'application/json',
		};
		await expect(
			request(url, {
				method: 'POST',
				headers,
				body: JSON.stringify({ title: 'x', [F.text]: 'y' }),
				headersTimeout: 300,
			}),
		).rejects.toThrow(/timeout/i);
		expect(emu.records(table.id)).toHaveLength(1);
		await expect(
			request(`${url}list/`, { method: 'POST', headers, body: '{}', headersTimeout: 300 }),
		).rejects.toThrow(/timeout/i);
		expect(emu.requests.map((entry) => entry.status)).toEqual([0, 0]);
	});

	it('429 with a Retry-After header, or without one (SmartSuite documents none)', async () => {
		const { emu, table } = await setup();
		emu.injectFault({
			operation: 'BulkCreateRecords',
			action: { type: 'rateLimit', retryAfterSeconds: 2 },
		});
		emu.injectFault({
			operation: 'BulkCreateRecords',
			skip: 1,
			action: { type: 'rateLimit', retryAfterSeconds: null },
		});
		const first = await api(emu, 'POST', `${records(table)}/bulk/`, bulkBody(1));
		expect(first.status).toBe(429);
		expect(first.headers['retry-after']).toBe('2');
		const second = await api(emu, 'POST', `${records(table)}/bulk/`, bulkBody(2));
		expect(second.status).toBe(429);
		expect(second.headers['retry-after']).toBeUndefined();
		expect((await api(emu, 'POST', `${records(table)}/bulk/`, bulkBody(3))).status).toBe(200);
		expect(emu.records(table.id).map((record) => record.title)).toEqual(['batch 3']);
	});

	it("endlessList 'growingTotal': real pages, total always beyond them", async () => {
		const { emu, table } = await setup();
		await createMany(emu, table, 3);
		emu.injectFault({
			operation: 'ListRecords',
			times: Infinity,
			action: { type: 'endlessList', mode: 'growingTotal' },
		});
		for (const offset of [0, 2, 4, 100]) {
			const page = (await list(emu, table, {}, `?offset=${offset}&limit=2`)).json();
			expect(page.total).toBeGreaterThan(offset + page.items.length);
		}
		expect((await list(emu, table, {}, '?offset=2&limit=2')).json().items).toHaveLength(1);
	});

	it("endlessList 'fullPages': every page is full, with distinct made-up records", async () => {
		const { emu, table } = await setup();
		await createMany(emu, table, 3);
		emu.injectFault({
			operation: 'ListRecords',
			times: Infinity,
			action: { type: 'endlessList', mode: 'fullPages' },
		});
		const seen = new Set<string>();
		for (let offset = 0; offset < 5000; offset += 1000) {
			const page = (await list(emu, table, {}, `?offset=${offset}&limit=1000`)).json();
			expect(page.items).toHaveLength(1000);
			expect(page.total).toBeGreaterThan(offset + 1000);
			for (const record of page.items) seen.add(record.id);
		}
		expect(seen.size).toBe(5000);
	});
});
