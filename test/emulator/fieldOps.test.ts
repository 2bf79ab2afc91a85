/** The emulator's add_field, change_field and delete_field over HTTP (fieldOps.ts). */
import { send, start } from './client';
import type { Emulator, TableObject } from './index';

async function setup(): Promise<{ emu: Emulator; table: TableObject }> {
	const emu = await start();
	return { emu, table: emu.addTable(emu.addSolution().id) };
}

const call = (
	emu: Emulator,
	table: string,
	action: string,
	body: unknown,
	method: 'POST' | 'PUT' = 'POST',
) => send(`${emu.baseUrl}/api/v1/applications/${table}/${action}/`, emu, { method, body });

const newField = (field: Record<string, unknown>) => ({
	field: {
		slug: 'sabcdefghi',
		label: 'Size',
		field_type: 'textfield',
		params: {},
		is_new: true,
		...field,
	},
	auto_fill_structure_layout: true,
});

const slugs = (emu: Emulator, table: TableObject) =>
	emu.getTable(table.id)!.structure.map((f) => f.slug);

describe('emulator: fields', () => {
	it('adds a field at the end, or after prev_sibling_slug, answering the field; records get its empty value', async () => {
		const { emu, table } = await setup();
		const record = emu.addRecord(table.id);
		const added = await call(
			emu,
			table.id,
			'add_field',
			newField({ field_type: 'singleselectfield', params: { choices: [{ label: 'S' }] } }),
		);
		expect(added.status).toBe(200);
		expect(added.json()).toMatchObject({
			slug: 'sabcdefghi',
			params: { choices: [{ label: 'S', value: expect.any(String) }] },
		});
		expect(slugs(emu, table).at(-1)).toBe('sabcdefghi');
		expect(emu.getRecord(table.id, record.id)!.sabcdefghi).toBe('');

		await call(emu, table.id, 'add_field', {
			...newField({ slug: 'sbbbbbbbbb' }),
			field_position: { prev_sibling_slug: 'title' },
		});
		expect(slugs(emu, table)[1]).toBe('sbbbbbbbbb');
	});

	it.each([
		[{ field_type: 'recordtitlefield' }, 'field_type', 'cannot be added via API'],
		[{ field_type: 'nosuchfield' }, 'field_type', 'is not a valid choice'],
		[{ label: '' }, 'label', 'may not be blank'],
		[{ slug: 'title' }, 'slug', 'already exists'],
		[{ field_type: 'linkedrecordfield' }, 'params', 'linked_application is required'],
		[
			{ field_type: 'linkedrecordfield', params: { linked_application: 'nope' } },
			'params',
			'does not exist',
		],
		[
			{
				field_type: 'statusfield',
				params: {
					choices: [
						{ value: 'a', label: 'A' },
						{ value: 'a', label: 'B' },
					],
				},
			},
			'params',
			'used twice',
		],
	])('refuses %j with 400 naming %s', async (field, key, words) => {
		const { emu, table } = await setup();
		const answer = await call(emu, table.id, 'add_field', newField(field));
		expect(answer.status).toBe(400);
		expect(answer.json()[key][0]).toContain(words);
	});

	it('answers 404 for a table that does not exist', async () => {
		const { emu } = await setup();
		expect((await call(emu, 'nope', 'add_field', newField({}))).status).toBe(404);
		expect((await call(emu, 'nope', 'change_field', {}, 'PUT')).status).toBe(404);
		expect((await call(emu, 'nope', 'delete_field', { slug: 'x' })).status).toBe(404);
	});

	it('change_field keeps the values of kept option ids and clears those of removed ones', async () => {
		const { emu, table } = await setup();
		const priority = emu.getTable(table.id)!.structure.find((f) => f.slug === 'priority')!;
		const keeps = emu.createRecord(table.id, { title: 'A', priority: '2' }).record;
		const loses = emu.createRecord(table.id, { title: 'B', priority: '4' }).record;
		const choices = [...priority.params.choices!.slice(0, 3), { value: 'x9', label: 'Critical' }];

		const answer = await call(
			emu,
			table.id,
			'change_field',
			{ slug: 'priority', label: 'Priority', field_type: 'singleselectfield', params: { choices } },
			'PUT',
		);

		expect(answer.status).toBe(200);
		expect(emu.getRecord(table.id, keeps.id)!.priority).toBe('2');
		expect(emu.getRecord(table.id, loses.id)!.priority).toBe('');
		const unknown = await call(
			emu,
			table.id,
			'change_field',
			{ slug: 'nope', label: 'X', field_type: 'textfield', params: {} },
			'PUT',
		);
		expect(unknown.status).toBe(400);
		expect(unknown.json().slug[0]).toContain('no field "nope"');
	});

	it('delete_field answers the field and removes its values; the primary field is refused', async () => {
		const { emu, table } = await setup();
		const record = emu.createRecord(table.id, { title: 'A', priority: '2' }).record;
		const answer = await call(emu, table.id, 'delete_field', { slug: 'priority' });
		expect(answer.json()).toMatchObject({ slug: 'priority', label: 'Priority' });
		expect('priority' in emu.getRecord(table.id, record.id)!).toBe(false);
		const primary = await call(emu, table.id, 'delete_field', { slug: 'title' });
		expect(primary.status).toBe(400);
		expect(primary.json().slug[0]).toBe('The primary field cannot be deleted.');
	});
});
