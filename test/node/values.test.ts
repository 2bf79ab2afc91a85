/**
 * Record values a person types (issue 36) through n8n-core's engine against the emulator: a time
 * without an offset in the workflow's time zone, SmartDoc from HTML with its formatting, a field
 * left empty in the mapper (as n8n's editor stores it: null) cleared by Update, people by full
 * name, linked records by title (one search per linked table for all items), tags refused by
 * label before anything is sent. Under `npm run test:current` the engine is n8n 2.41's.
 */
import type { IDataObject, INodeParameters, ResourceMapperFields } from 'n8n-workflow';

import type { TableObject } from '../emulator';
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import { credentialsFor, runNodeMethod } from '../helpers/n8n';
import { runInWorkflow, savedMapper, smartSuite, useEmulator } from './harness';

const ctx = useEmulator();

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const operations = () => ctx.emu.requests.map((request) => request.operation);
const table = (): TableObject => ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
const stored = (t: TableObject, id: unknown) => ctx.emu.getRecord(t.id, String(id)) as IDataObject;

/**
 * The mapper as n8n's editor (2.8.4 and 2.41.1) saves it in Fixed mode, with the schema it loaded.
 * Update's mapper adds no field by itself: every field starts `removed`, a field added is not; an
 * empty input's null is deleted from the value before saving (its ResourceMapper's pruneParamValues).
 */
async function columns(mode: 'create' | 'update', t: TableObject, given: IDataObject) {
	const method = mode === 'create' ? 'getColumns' : 'getUpdateColumns';
	const { fields } = (await runNodeMethod(
		smartSuite,
		{
			parameters: { resource: 'record', operation: mode, tableId: locator(t.id) } as never,
			credentials: credentialsFor(ctx.emu),
		},
		{ resourceMapping: method },
	)) as ResourceMapperFields;
	const value = Object.fromEntries(Object.entries(given).filter(([, entry]) => entry !== null));
	const schema =
		mode === 'update'
			? fields.map((field) => ({ ...field, removed: !(field.id in given) }))
			: fields;
	return savedMapper(value, schema);
}

interface Extra {
	parameters?: INodeParameters;
	input?: IDataObject[];
	timezone?: string;
}

async function write(
	mode: 'create' | 'update',
	t: TableObject,
	value: IDataObject,
	{ parameters = {}, input, timezone }: Extra = {},
) {
	return await runInWorkflow(ctx.emu, {
		parameters: {
			resource: 'record',
			operation: mode,
			tableId: locator(t.id),
			columns: (await columns(mode, t, value)) as never,
			...parameters,
		},
		input,
		timezone,
	});
}

async function created(t: TableObject, value: IDataObject, extra: Extra = {}) {
	const result = await write('create', t, { title: 'Deal', [F.text]: 'C', ...value }, extra);
	if (result.error) throw new Error(`${result.error.message} — ${result.error.description}`);
	return result.output;
}

describe('a date and time without an offset is read in the workflow’s time zone', () => {
	it.each([
		['Europe/Berlin', '2026-12-01 14:30', '2026-12-01T13:30:00Z'],
		['America/New_York', '2026-07-01T09:00', '2026-07-01T13:00:00Z'],
		// Clocks set forward at 02:00 (Berlin): 02:30 does not exist and moves to 03:30, as Luxon does.
		['Europe/Berlin', '2026-03-29 02:30', '2026-03-29T01:30:00Z'],
		// Clocks set back at 03:00 (Berlin): 02:30 happens twice, the first is taken.
		['Europe/Berlin', '2026-10-25 02:30', '2026-10-25T00:30:00Z'],
	])('in %s, %s is stored as %s; a day and an offset are kept', async (timezone, typed, utc) => {
		const t = table();
		const [record] = await created(
			t,
			{ [F.date]: typed, [F.dateRange]: `2026-12-01/${typed}` },
			{ timezone },
		);
		expect(stored(t, record.json.id)[F.date]).toEqual({ date: utc, include_time: true });
		expect(stored(t, record.json.id)[F.dateRange]).toMatchObject({
			from_date: { date: '2026-12-01T00:00:00Z' },
			to_date: { date: utc },
		});
		const [other] = await created(t, { [F.date]: '2026-12-01T14:30:00+05:00' }, { timezone });
		expect(stored(t, other.json.id)[F.date]).toEqual({
			date: '2026-12-01T09:30:00Z',
			include_time: true,
		});
	});

	it('an error for a date says a time is read in the workflow’s time zone', async () => {
		const result = await write('create', table(), { title: 'D', [F.text]: 'C', [F.date]: 'soon' });
		expect(result.error?.message).toContain(
			'a date and time such as "2024-05-01 14:30" (in the workflow\'s time zone)',
		);
	});
});

describe('SmartDoc from HTML keeps its formatting in the document', () => {
	it('paragraphs, heading, bold, italic, underline, link, list and line break are stored in `data`', async () => {
		const t = table();
		const html =
			'<h2>Plan</h2><p>Hello <b>bold</b> <i>it</i> <u>u</u> <a href="https://example.com">link</a><br>next</p><ul><li>one</li></ul><marquee>kept</marquee>';
		const [record] = await created(t, { [F.smartDoc]: html });
		const doc = stored(t, record.json.id)[F.smartDoc] as IDataObject;
		expect(doc.html).toBe(html);
		expect(doc.data).toEqual({
			type: 'doc',
			content: [
				{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Plan' }] },
				{
					type: 'paragraph',
					content: [
						{ type: 'text', text: 'Hello ' },
						{ type: 'text', text: 'bold', marks: [{ type: 'strong' }] },
						{ type: 'text', text: ' ' },
						{ type: 'text', text: 'it', marks: [{ type: 'em' }] },
						{ type: 'text', text: ' ' },
						{ type: 'text', text: 'u', marks: [{ type: 'underline' }] },
						{ type: 'text', text: ' ' },
						{
							type: 'text',
							text: 'link',
							marks: [{ type: 'link', attrs: { href: 'https://example.com' } }],
						},
						{ type: 'hard_break' },
						{ type: 'text', text: 'next' },
					],
				},
				{
					type: 'bullet_list',
					content: [
						{
							type: 'list_item',
							content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }],
						},
					],
				},
				{ type: 'paragraph', content: [{ type: 'text', text: 'kept' }] },
			],
		});
	});
});

describe('Update: a field left empty in the mapper clears it; a field removed from it is left alone', () => {
	it('a field added and left empty (no value; shown in the schema) clears text, a list and a date; other fields keep their values', async () => {
		const t = table();
		const [record] = await created(t, {
			[F.textArea]: 'Notes',
			[F.email]: 'a@example.com',
			[F.date]: '2026-12-01',
			[F.number]: '5',
		});
		ctx.emu.resetLog();
		const result = await write(
			'update',
			t,
			{ [F.textArea]: null, [F.email]: null, [F.date]: null },
			{ parameters: { recordId: locator(String(record.json.id)) } },
		);
		expect(result.error).toBeUndefined();
		const request = ctx.emu.requests.find((entry) => entry.operation === 'UpdateRecord')!;
		expect(request.body).toEqual({
			[F.textArea]: '',
			[F.email]: [],
			[F.date]: { date: null, include_time: false },
		});
		const after = stored(t, record.json.id);
		expect(after[F.textArea] ?? '').toBe('');
		expect(after[F.email] ?? []).toEqual([]);
		expect(after[F.number]).toBe('5');
		expect(after[F.text]).toBe('C');
	});

	it('Create leaves an empty field out', async () => {
		const t = table();
		const [record] = await created(t, { [F.textArea]: null });
		const request = ctx.emu.requests.find((entry) => entry.operation === 'CreateRecord')!;
		expect(request.body).not.toHaveProperty(F.textArea);
		expect(stored(t, record.json.id)[F.textArea] ?? '').toBe('');
	});
});

describe('people by e-mail address or full name', () => {
	it('a full name (any case) is the member with it; the members list is read once for all items', async () => {
		const t = table();
		const sam = ctx.emu.members().find((member) => member.full_name.sys_root === 'Sam Rivera')!;
		const [ada] = ctx.emu.members();
		const output = await created(
			t,
			{ assigned_to: '={{ $json.who }}' },
			{ input: [{ who: 'sam rivera' }, { who: `Sam Rivera, ${ada.email[0]}` }] },
		);
		expect(output.map((item) => stored(t, item.json.id).assigned_to)).toEqual([
			[sam.id],
			[sam.id, ada.id],
		]);
		expect(operations().filter((operation) => operation === 'ListMembers')).toHaveLength(1);
	});

	it('a name two members share is an error naming both; a removed member is not matched', async () => {
		const t = table();
		const first = ctx.emu.addMember({
			full_name: { first_name: 'Jo', last_name: 'Twin', sys_root: 'Jo Twin' },
			email: ['jo1@example.com'],
		});
		const second = ctx.emu.addMember({
			full_name: { first_name: 'Jo', last_name: 'Twin', sys_root: 'Jo Twin' },
			email: ['jo2@example.com'],
		});
		const gone = ctx.emu.addMember({
			full_name: { first_name: 'Gone', last_name: 'Person', sys_root: 'Gone Person' },
		});
		ctx.emu.removeMember(gone.id);
		const twin = await write('create', t, { title: 'D', [F.text]: 'C', assigned_to: 'Jo Twin' });
		expect(twin.error?.message).toContain(
			'The field "Owner" in item 0 cannot take "Jo Twin": use one member; ',
		);
		expect(twin.error?.message).toContain(
			`2 members are named "Jo Twin": jo1@example.com (id ${first.id}), jo2@example.com (id ${second.id}). Give the e-mail address or id`,
		);
		const removed = await write('create', t, {
			title: 'D',
			[F.text]: 'C',
			assigned_to: 'Gone Person',
		});
		expect(removed.error?.message).toContain(
			'the member named "Gone Person" was removed from the workspace',
		);
		expect(operations()).not.toContain('CreateRecord');
	});
});

describe('linked records by title or id', () => {
	it('titles (any case) are looked up in the linked table with one search for all items', async () => {
		const t = table();
		const acme = ctx.emu.addRecord(t.id, { title: 'Acme' });
		const globex = ctx.emu.addRecord(t.id, { title: 'Globex' });
		const initech = ctx.emu.addRecord(t.id, { title: 'Initech' });
		ctx.emu.resetLog();
		const output = await created(
			t,
			{ [F.linked]: '={{ $json.related }}' },
			{ input: [{ related: 'acme' }, { related: `Globex, ${initech.id}` }, { related: ['Acme'] }] },
		);
		expect(output.map((item) => stored(t, item.json.id)[F.linked])).toEqual([
			[acme.id],
			[globex.id, initech.id],
			[acme.id],
		]);
		// One title search; the other list read is Linked Record Titles' read by id of the output.
		const lists = ctx.emu.requests.filter((request) => request.operation === 'ListRecords');
		expect(lists.filter((request) => !('ids' in (request.body as object)))).toHaveLength(1);
	});

	it('a title no record has, or several have, fails the item before anything is sent', async () => {
		const t = table();
		const one = ctx.emu.addRecord(t.id, { title: 'Twin' });
		const two = ctx.emu.addRecord(t.id, { title: 'Twin' });
		const missing = await write('create', t, { title: 'D', [F.text]: 'C', [F.linked]: 'Nope' });
		expect(missing.error?.message).toContain('the linked table has no record titled "Nope"');
		const twins = await write('create', t, { title: 'D', [F.text]: 'C', [F.linked]: 'Twin' });
		expect(twins.error?.message).toContain(
			`2 records of the linked table are titled "Twin" (ids ${one.id}, ${two.id}): give the id`,
		);
		expect(operations()).not.toContain('CreateRecord');
	});
});

describe('tags', () => {
	it('a label is refused before sending, saying where the tag ids are; ids are written and shown', async () => {
		const t = table();
		const tag = ctx.emu.addTag('Urgent');
		const byLabel = await write('create', t, { title: 'D', [F.text]: 'C', [F.tags]: 'Urgent' });
		expect(byLabel.error?.message).toContain(
			'The field "Labels" in item 0 cannot take "Urgent": use tag ids',
		);
		expect(byLabel.error?.message).toContain(
			'"Urgent" is not a tag id. SmartSuite\'s API cannot find a tag by its label: a Get or Search of a record that has the tag shows its tag ids under the field\'s label',
		);
		expect(operations()).not.toContain('CreateRecord');
		const [record] = await created(t, { [F.tags]: tag.id });
		expect(record.json.Labels).toEqual([tag.id]);
	});
});
