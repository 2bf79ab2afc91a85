/**
 * Issue 50: every field type written from what a person types and read back as a person reads it
 * (Colour Picker, IP Address, Checklist, Social Network, Time Tracking Log, a one-day Due Date, a
 * numbers rollup), types people fill only in SmartSuite's app refused and not offered, Due Date
 * fields created linked to a Status field, removed teams left out. Through n8n's engine against
 * the emulator, which holds SmartSuite's shapes (field-types reference, a live client's sample).
 */
import type { IDataObject, INodeParameters, INodePropertyCollection } from 'n8n-workflow';

import { APP_ONLY_TYPES, FIELD_TYPES } from '../../nodes/SmartSuite/shared/fields';
import type { Emulator, FieldObject } from '../emulator';
import { startEmulator } from '../emulator';
import { smartDocValue } from '../emulator/smartDoc';
import { SAMPLE_MEMBER } from '../emulator/smartDocSample';
import {
	restore,
	run,
	runError,
	runInWorkflow,
	smartSuite,
	startStub,
	useEmulator,
} from './harness';

const ctx = useEmulator();

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const operations = (emu: Emulator) => emu.requests.map((request) => request.operation);

const FIELDS: FieldObject[] = [
	{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
	{ slug: 'colour', label: 'Colour', field_type: 'colorpickerfield', params: {} },
	{ slug: 'ip', label: 'IP', field_type: 'ipaddressfield', params: {} },
	{ slug: 'todo', label: 'To Do', field_type: 'checklistfield', params: {} },
	{ slug: 'social', label: 'Social', field_type: 'socialnetworkfield', params: {} },
	{ slug: 'spent', label: 'Time Spent', field_type: 'timetrackingfield', params: {} },
	{ slug: 'due', label: 'Due', field_type: 'duedatefield', params: {} },
	{ slug: 'votes', label: 'Votes', field_type: 'votefield', params: {} },
	{ slug: 'total', label: 'Total', field_type: 'rollupfield', params: { function: 'sum' } },
	{ slug: 'names', label: 'Names', field_type: 'rollupfield', params: { function: 'concatenate' } },
	{ slug: 'note', label: 'Note', field_type: 'textfield', params: {} },
	{ slug: 'length', label: 'Length', field_type: 'durationfield', params: {} },
];

function shapesTable(emu: Emulator = ctx.emu) {
	return emu.addTable(emu.addSolution().id, { structure: structuredClone(FIELDS) });
}

const create = (tableId: string, value: IDataObject): INodeParameters => ({
	resource: 'record',
	operation: 'create',
	tableId: locator(tableId),
	columns: { mappingMode: 'defineBelow', value } as unknown as INodeParameters['columns'],
});

describe('Field types as a person types and reads them', () => {
	it('writes colours, IP addresses, a checklist, social handles and a time log in SmartSuite’s shapes, and Simplify shows them as typed', async () => {
		const { emu } = ctx;
		const table = shapesTable();

		const [created] = await run(emu, {
			parameters: create(table.id, {
				title: 'Launch',
				colour: '#715E5E, 00ff00',
				ip: '192.121.0.0 GB, 2001:db8::1',
				todo: '[x] Buy milk, [ ] Call Bob',
				social: 'facebook: myuser, LinkedIn: my-name',
				spent: '1h 30m, 45',
			}),
		});

		const body = emu.requests.find((request) => request.operation === 'CreateRecord')!
			.body as IDataObject;
		expect(body.colour).toEqual([{ value: '#715E5E' }, { value: '#00ff00' }]);
		expect(body.ip).toEqual([
			{ address: '192.121.0.0', country_code: 'gb' },
			{ address: '2001:db8::1' },
		]);
		expect(body.todo).toMatchObject({
			items: [
				{ content: { preview: 'Buy milk' }, completed: true },
				{ content: { preview: 'Call Bob' }, completed: false },
			],
			total_items: 2,
			completed_items: 1,
		});
		expect(body.social).toEqual({
			facebook_username: 'myuser',
			twitter_username: '',
			instagram_username: '',
			linkedin_username: 'my-name',
		});
		expect(body.spent).toMatchObject({
			time_track_logs: [{ duration: 5400 }, { duration: 45 }],
			total_duration: 5445,
		});
		// An entry typed without a date is logged at the moment of the run, as SmartSuite's app logs it.
		const logged = (body.spent as IDataObject).time_track_logs as IDataObject[];
		expect(created.json).toMatchObject({
			Colour: ['#715E5E', '#00ff00'],
			IP: ['192.121.0.0 gb', '2001:db8::1'],
			'To Do': ['[x] Buy milk', '[ ] Call Bob'],
			Social: { facebook: 'myuser', linkedin: 'my-name' },
			'Time Spent': [
				{ duration: 5400, note: '', date: logged[0].date_time, user: null },
				{ duration: 45, note: '', date: logged[0].date_time, user: null },
			],
		});
	});

	it('takes SmartSuite’s own shapes too (a record read with Simplify off), and what Simplify showed', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		const stored = {
			colour: [{ name: 'reddish', value: '#814C4C' }],
			ip: [{ address: '10.0.0.1', country_code: 'us' }],
			spent: { time_track_logs: [{ duration: 60, note: 'call' }], total_duration: 60 },
		};
		await run(emu, {
			parameters: create(table.id, {
				title: 'Copy',
				colour: JSON.stringify(stored.colour),
				ip: JSON.stringify(stored.ip),
				spent: JSON.stringify(stored.spent),
				social: '{"twitter": "me"}',
				todo: '["[x] Done", "Open"]',
			}),
		});
		const body = emu.requests.find((request) => request.operation === 'CreateRecord')!
			.body as IDataObject;
		expect(body.colour).toEqual(stored.colour);
		expect(body.ip).toEqual(stored.ip);
		expect(body.spent).toMatchObject({ time_track_logs: [{ duration: 60, note: 'call' }] });
		expect(body.social).toMatchObject({ twitter_username: 'me', facebook_username: '' });
		expect(body.todo).toMatchObject({ total_items: 2, completed_items: 1 });
	});

	it.each([
		['colour', 'red', 'a colour in hex such as "#715E5E"'],
		['ip', '999.1.1.1', 'an IPv4 or IPv6 address'],
		['social', 'myspace: me', 'handles by network'],
		['spent', 'a while', 'time entries'],
	])(
		'a %s value that cannot be used (%s) fails before anything is sent',
		async (slug, value, said) => {
			const { emu } = ctx;
			const table = shapesTable();
			const error = await runError(emu, {
				parameters: create(table.id, { title: 'x', [slug]: value }),
			});
			expect(error.message).toContain('cannot take');
			expect(`${error.message} ${error.description}`).toContain(said);
			expect(operations(emu)).toEqual(['GetTable']);
		},
	);

	it('a time entry’s user is a member found by e-mail address or name, its date read as a Date field reads one (the workflow’s time zone); text entries are logged now', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		const [me] = emu.members();
		const before = Date.now();
		await runInWorkflow(emu, {
			parameters: create(table.id, {
				title: 'Logged',
				spent: JSON.stringify([
					{ user: me.email[0], date: '2026-12-01', duration: '1h', note: 'plan' },
					{ user: me.full_name.sys_root, date: '2026-12-01 14:30', duration: 60 },
					{ user_id: me.id, date_time: '2026-12-02T08:00:00Z', duration: 30 },
				]),
			}),
			timezone: 'Europe/Berlin',
		});
		const logs = (
			(emu.requests.find((request) => request.operation === 'CreateRecord')!.body as IDataObject)
				.spent as IDataObject
		).time_track_logs as IDataObject[];
		expect(logs.map((log) => [log.user_id, log.date_time, log.duration])).toEqual([
			[me.id, '2026-11-30T23:00:00Z', 3600],
			[me.id, '2026-12-01T13:30:00Z', 60],
			[me.id, '2026-12-02T08:00:00Z', 30],
		]);
		expect(operations(emu)).toEqual(['GetTable', 'ListMembers', 'CreateRecord']);

		emu.resetLog();
		await run(emu, { parameters: create(table.id, { title: 'Typed', spent: '1h 30m' }) });
		const [typed] = (
			(emu.requests.find((request) => request.operation === 'CreateRecord')!.body as IDataObject)
				.spent as IDataObject
		).time_track_logs as IDataObject[];
		expect(typed).toMatchObject({ user_id: null, duration: 5400 });
		expect(Date.parse(String(typed.date_time))).toBeGreaterThanOrEqual(before - 1000);
		expect(Date.parse(String(typed.date_time))).toBeLessThanOrEqual(Date.now());
	});

	it.each([
		[
			'a user no member has',
			{ user: 'Nobody Known', date: '2026-12-01', duration: 60 },
			'time entries whose "user" is a member\'s e-mail address, full name or id; no member of the workspace is named "Nobody Known"',
		],
		[
			'an e-mail address no member has',
			{ user: 'nobody@example.com', duration: 60 },
			'no member of the workspace has the e-mail address "nobody@example.com"',
		],
		[
			'a date that is none',
			{ date: 'whenever', duration: 60 },
			'time entries whose "date" is a date such as "2024-05-01"',
		],
	])(
		'a time entry with %s fails naming the field and what it takes; nothing is sent',
		async (_case, entry, said) => {
			const { emu } = ctx;
			const table = shapesTable();
			const error = await runError(emu, {
				parameters: create(table.id, { title: 'x', spent: JSON.stringify([entry]) }),
			});
			expect(error.message).toContain('The field "Time Spent"');
			expect(error.message).toContain(said);
			expect(operations(emu)).not.toContain('CreateRecord');
		},
	);

	it('a checklist item’s assignee is a member, its due date a day (the workflow’s time zone), a completed item says when', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		const [me] = emu.members();
		const before = Date.now();
		await runInWorkflow(emu, {
			parameters: create(table.id, {
				title: 'Plan',
				todo: JSON.stringify([
					{ content: 'Call Bob', assignee: me.email[0], due_date: '2026-12-10' },
					{
						content: 'Book room',
						assignee: me.full_name.sys_root,
						due_date: '2026-12-10T23:30:00Z',
					},
					{ content: 'Ship', completed: true },
				]),
			}),
			timezone: 'Europe/Berlin',
		});
		const items = (
			(emu.requests.find((request) => request.operation === 'CreateRecord')!.body as IDataObject)
				.todo as IDataObject
		).items as IDataObject[];
		expect(items.map((item) => [item.assignee, item.due_date, item.completed_at])).toEqual([
			[me.id, '2026-12-10', null],
			[me.id, '2026-12-11', null],
			[null, null, expect.any(String)],
		]);
		const completedAt = Date.parse(String(items[2].completed_at));
		expect(completedAt).toBeGreaterThanOrEqual(before - 1000);
		expect(completedAt).toBeLessThanOrEqual(Date.now());
	});

	it('a checklist item’s "completed" and a time entry’s note are read as typed ("yes", a number), not dropped', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		await run(emu, {
			parameters: create(table.id, {
				title: 'x',
				todo: JSON.stringify([{ content: 'Call', completed: 'yes' }]),
				spent: JSON.stringify([{ duration: 60, note: 42 }]),
			}),
		});
		const body = emu.requests.find((request) => request.operation === 'CreateRecord')!
			.body as IDataObject;
		expect(body.todo).toMatchObject({ items: [{ completed: true }], completed_items: 1 });
		expect(body.spent).toMatchObject({ time_track_logs: [{ note: '42' }] });
	});

	it('new checklist items get random UUIDs, as SmartSuite’s own; items marked [x] say when they were completed', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		const marks = Array.from({ length: 40 }, (_, index) => `[x] Item ${index}`).join(', ');
		await run(emu, { parameters: create(table.id, { title: 'Many', todo: marks }) });
		const many = (
			(emu.requests.find((request) => request.operation === 'CreateRecord')!.body as IDataObject)
				.todo as IDataObject
		).items as IDataObject[];
		const ids = many.map((item) => String(item.id));
		expect(new Set(ids).size).toBe(40);
		for (const id of ids)
			expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		// A random hex digit is "0" one time in 16: these 760 digits hold about 48 zeros.
		const digits = ids.map((id) => id.replace(/-/g, '').slice(13)).join('');
		expect(digits.split('').filter((digit) => digit === '0').length).toBeLessThan(
			digits.length / 8,
		);
		expect(many.every((item) => typeof item.completed_at === 'string')).toBe(true);
	});

	it.each([
		[
			'an assignee no member has',
			{ content: 'Call', assignee: 'sam.rivera@nowhere.example' },
			'checklist items whose "assignee" is a member\'s e-mail address, full name or id; no member of the workspace has the e-mail address "sam.rivera@nowhere.example"',
		],
		[
			'a due date that is none',
			{ content: 'Call', due_date: 'tomorrow' },
			'checklist items whose "due_date" is a date such as "2024-05-01"',
		],
	])(
		'a checklist item with %s fails naming the field and what it takes; nothing is sent',
		async (_case, item, said) => {
			const { emu } = ctx;
			const table = shapesTable();
			const error = await runError(emu, {
				parameters: create(table.id, { title: 'x', todo: JSON.stringify([item]) }),
			});
			expect(error.message).toContain('The field "To Do"');
			expect(error.message).toContain(said);
			expect(operations(emu)).not.toContain('CreateRecord');
		},
	);

	it.each(['face:b00c, :::::', '1::2::3', '2001:db8:0:0:0:0:0:0:1', '12345::1', 'fe80::1%eth0'])(
		'an IPv6 address that is none (%s) fails before anything is sent',
		async (value) => {
			const { emu } = ctx;
			const table = shapesTable();
			const error = await runError(emu, {
				parameters: create(table.id, { title: 'x', ip: value }),
			});
			expect(error.message).toMatch(/^The field "IP"( in item 0)? cannot take/);
			expect(operations(emu)).toEqual(['GetTable']);
		},
	);

	it('IPv6 addresses in every text form are kept as typed', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		const addresses = [
			'::1',
			'fe80::',
			'2001:0db8:11a3:09d7:1f34:8a2e:07a0:765d',
			'::ffff:192.0.2.1',
		];
		await run(emu, { parameters: create(table.id, { title: 'x', ip: addresses.join(', ') }) });
		const body = emu.requests.find((request) => request.operation === 'CreateRecord')!
			.body as IDataObject;
		expect(body.ip).toEqual(addresses.map((address) => ({ address })));
	});

	it('durations in words are taken wherever "2h" is', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		await run(emu, {
			parameters: create(table.id, {
				title: 'x',
				spent: '2 hours, 1 hour 30 minutes, 1 hour and 5 mins, 1.5h',
				length: '1 day 2 hours',
			}),
		});
		const body = emu.requests.find((request) => request.operation === 'CreateRecord')!
			.body as IDataObject;
		expect(body.spent).toMatchObject({
			time_track_logs: [
				{ duration: 7200 },
				{ duration: 5400 },
				{ duration: 3900 },
				{ duration: 5400 },
			],
			total_duration: 21900,
		});
		expect(body.length).toBe('93600');
	});

	it('the demo’s Field Types table holds a field of every type the node writes, and its first record a value in each (Attachments: scripts/dev.ts)', async () => {
		const emu = await startEmulator({ demo: true });
		try {
			const tableId = emu.demo.fieldTypesTableId;
			const structure = emu.getTable(tableId)!.structure;
			const written = Object.keys(FIELD_TYPES).filter(
				(type) => FIELD_TYPES[type].write && !APP_ONLY_TYPES.includes(type),
			);
			expect(structure.map((field) => field.field_type)).toEqual(expect.arrayContaining(written));
			const [first] = emu.records(tableId);
			const [got] = await run(emu, {
				parameters: {
					resource: 'record',
					operation: 'get',
					tableId: locator(tableId),
					recordId: locator(first.id),
				},
			});
			// Attachments aside: `npm run dev` attaches the files example's CSV there.
			const empty = structure
				.filter((field) => written.includes(field.field_type) && field.field_type !== 'filefield')
				.map((field) => field.label)
				.filter((label) => !(label in got.json));
			expect(empty).toEqual([]);
		} finally {
			await emu.close();
		}
	});

	it('a Due Date typed as one day is that day (the start left empty, as SmartSuite’s app fills it)', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		const [created] = await run(emu, {
			parameters: create(table.id, { title: 'Ship', due: '2026-12-10' }),
		});
		const body = emu.requests.find((request) => request.operation === 'CreateRecord')!
			.body as IDataObject;
		expect(body.due).toEqual({
			from_date: { date: null, include_time: false },
			to_date: { date: '2026-12-10T00:00:00Z', include_time: false },
		});
		expect(created.json.Due).toEqual({ from: null, to: '2026-12-10' });
	});

	it('a rollup of numbers is a number (SmartSuite sends it as text), a rollup that concatenates stays text', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		// The emulator sums a rollup's linked values and sends the sum as text: "0" without links.
		const record = emu.addRecord(table.id, { title: 'R' });
		const [got] = await run(emu, {
			parameters: {
				resource: 'record',
				operation: 'get',
				tableId: locator(table.id),
				recordId: locator(record.id),
			},
		});
		expect(got.json).toMatchObject({ Total: 0, Names: '0' });
	});

	it('First Created’s and Last Updated’s `by` is a readable person, with or without people in the record: one members read; off, the id and none', async () => {
		const { emu } = ctx;
		const table = emu.addTable(emu.addSolution().id);
		const [me] = emu.members();
		const assigned = emu.addRecord(table.id, { title: 'Mine', assigned_to: [me.id] });
		const alone = emu.addRecord(table.id, { title: 'Nobody’s' });
		const get = (recordId: string, extra: INodeParameters = {}): INodeParameters => ({
			resource: 'record',
			operation: 'get',
			tableId: locator(table.id),
			recordId: locator(recordId),
			...extra,
		});
		const person = { id: me.id, name: me.full_name.sys_root, email: me.email[0] };

		const [withPeople] = await run(emu, { parameters: get(assigned.id) });
		expect(withPeople.json['First Created']).toMatchObject({ by: person });
		expect(withPeople.json['Last Updated']).toMatchObject({ by: person });

		// No person in a user field: `by` alone is shown as the person, for one members read.
		emu.resetLog();
		const [without] = await run(emu, { parameters: get(alone.id) });
		expect(without.json['First Created']).toMatchObject({ by: person });
		expect(without.json['Last Updated']).toMatchObject({ by: person });
		expect(operations(emu)).toEqual(['GetTable', 'GetRecord', 'ListMembers']);

		emu.resetLog();
		const [off] = await run(emu, { parameters: get(alone.id, { readableValues: false }) });
		expect(off.json['First Created']).toMatchObject({ by: me.id });
		expect(operations(emu)).toEqual(['GetTable', 'GetRecord']);
	});

	it('a Time Tracking Log’s user is a readable person with Readable People (one members read); off, the id', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		const [me] = emu.members();
		const stranger = 'a0a0a0a0a0a0a0a0a0a0a0a0';
		const record = emu.addRecord(table.id, {
			title: 'Logged',
			spent: {
				time_track_logs: [
					{ user_id: me.id, date_time: '2026-12-01T09:00:00Z', duration: 60, note: 'call' },
					{ user_id: stranger, date_time: null, duration: 30, note: '' },
				],
				total_duration: 90,
			},
		} as never);
		const get = (extra: INodeParameters = {}): INodeParameters => ({
			resource: 'record',
			operation: 'get',
			tableId: locator(table.id),
			recordId: locator(record.id),
			...extra,
		});

		const [on] = await run(emu, { parameters: get() });
		expect(on.json['Time Spent']).toEqual([
			{
				duration: 60,
				note: 'call',
				date: '2026-12-01T09:00:00Z',
				user: { id: me.id, name: me.full_name.sys_root, email: me.email[0] },
			},
			{ duration: 30, note: '', date: null, user: { id: stranger, name: null, email: null } },
		]);
		expect(operations(emu)).toEqual(['GetTable', 'GetRecord', 'ListMembers']);

		emu.resetLog();
		const [off] = await run(emu, { parameters: get({ readableValues: false }) });
		expect((off.json['Time Spent'] as IDataObject[]).map((log) => log.user)).toEqual([
			me.id,
			stranger,
		]);
		expect(operations(emu)).toEqual(['GetTable', 'GetRecord']);
	});

	it('Restore’s output leaves out empty values, as Get’s does', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		const record = emu.addDeletedRecord(table.id, { title: 'Gone', note: '' });
		const [restored] = await run(emu, {
			parameters: { ...restore(table.id, record.id), simplify: true },
		});
		expect(restored.json).toMatchObject({ id: record.id, Title: 'Gone (Restored)' });
		expect(restored.json).not.toHaveProperty('Note');
		expect(restored.json).not.toHaveProperty('Colour');
	});
});

describe('A checklist item holding rich text as a live record does (issue 55)', () => {
	it('shows the text of its document: the mention as @Name, no tags from its HTML preview', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		const content = smartDocValue({
			type: 'doc',
			content: [
				{
					type: 'paragraph',
					content: [
						{ type: 'text', text: 'Call ' },
						{
							type: 'mention',
							attrs: {
								id: SAMPLE_MEMBER.id,
								application: { id: 'members0000000000000000', name: 'Members', slug: 'members' },
								title: SAMPLE_MEMBER.name,
								prefix: '@',
							},
						},
						{ type: 'text', text: ' about the ' },
						{ type: 'text', text: 'old price', marks: [{ type: 'strikethrough' }] },
					],
				},
			],
		});
		const { id } = emu.addRecord(table.id, {
			title: 'Launch',
			todo: {
				items: [{ id: 'item-1', content, completed: true }],
				total_items: 1,
				completed_items: 1,
			},
		});
		const [record] = await run(emu, {
			parameters: {
				resource: 'record',
				operation: 'get',
				tableId: locator(table.id),
				recordId: locator(id),
			},
		});
		expect(record.json['To Do']).toEqual([`[x] Call @${SAMPLE_MEMBER.name} about the old price`]);
	});
});

describe('Types people fill only in SmartSuite’s app', () => {
	const optionsOf = (name: string, resource: string) => {
		const property = smartSuite.description.properties.find(
			(candidate) =>
				candidate.name === name && candidate.displayOptions?.show?.resource?.includes(resource),
		)!;
		const options =
			property.type === 'fixedCollection'
				? (property.options as INodePropertyCollection[])[0].values.find(
						(value) => value.name === 'fieldType',
					)!.options
				: property.options;
		return (options as Array<{ value: string }>).map((option) => option.value);
	};

	it('are not offered by Field → Create nor Table → Create; the five new writers are', () => {
		for (const offered of [optionsOf('fieldType', 'field'), optionsOf('fields', 'table')]) {
			expect(offered).not.toEqual(expect.arrayContaining(['votefield']));
			expect(offered).not.toContain('signaturefield');
			expect(offered).not.toContain('subitemsfield');
			expect(offered).toEqual(
				expect.arrayContaining([
					'colorpickerfield',
					'ipaddressfield',
					'checklistfield',
					'socialnetworkfield',
					'timetrackingfield',
				]),
			);
		}
	});
});

describe('A new Due Date is linked to a Status field', () => {
	const fieldCreate = (tableId: string, extra: INodeParameters): INodeParameters => ({
		resource: 'field',
		operation: 'create',
		tableId: locator(tableId),
		label: 'Deadline',
		fieldType: 'duedatefield',
		...extra,
	});

	it('Field → Create links it to the table’s Status field, or to the one named', async () => {
		const { emu } = ctx;
		const table = emu.addTable(emu.addSolution().id);
		await run(emu, { parameters: fieldCreate(table.id, {}) });
		const added = emu.requests.find((request) => request.operation === 'AddField')!
			.body as IDataObject;
		expect((added.field as IDataObject).params).toMatchObject({ status_field: 'status' });

		emu.resetLog();
		const second = emu.addTable(emu.addSolution().id, {
			structure: [
				...structuredClone(FIELDS).slice(0, 1),
				{ slug: 'stage', label: 'Stage', field_type: 'statusfield', params: { choices: [] } },
				{ slug: 'review', label: 'Review', field_type: 'statusfield', params: { choices: [] } },
			],
		});
		await run(emu, { parameters: fieldCreate(second.id, { statusField: 'review' }) });
		const linked = emu.getTable(second.id)!.structure.find((field) => field.label === 'Deadline');
		expect(linked?.params).toMatchObject({ status_field: 'review' });
	});

	it('Field → Create: a hint when SmartSuite answers the Due Date without the link sent (its parameter name is unconfirmed)', async () => {
		const { emu } = ctx;
		const table = emu.addTable(emu.addSolution().id);
		// The emulator keeps `status_field`: no hint.
		const kept = await runInWorkflow(emu, { parameters: fieldCreate(table.id, {}) });
		expect(kept.hints).toEqual([]);

		// A SmartSuite that ignores `status_field`: its answer's params do not carry it.
		const structure = emu.getTable(table.id)!.structure;
		const ignoring = await startStub((body, _n, path) =>
			path.includes('add_field')
				? {
						status: 200,
						body: { ...(body.field as IDataObject), params: { display_format: 'usa' } },
					}
				: { status: 200, body: { id: table.id, name: 'T', structure } },
		);
		try {
			const result = await runInWorkflow(emu, {
				parameters: fieldCreate(table.id, {}),
				credentials: { baseUrl: ignoring.url, webhooksUrl: ignoring.url },
			});
			expect(result.output[0].json).toMatchObject({ label: 'Deadline' });
			expect(result.hints.map((hint) => hint.message)).toEqual([
				`SmartSuite's answer does not show the Due Date "Deadline" linked to the Status field "status": check its Linked Status Field in SmartSuite`,
			]);
		} finally {
			await ignoring.close();
		}
	});

	it('Field → Create: a clear error before sending when the table has no Status field, or not the one named', async () => {
		const { emu } = ctx;
		const table = shapesTable();
		const none = await runError(emu, { parameters: fieldCreate(table.id, {}) });
		expect(none.message).toBe('The table has no Status field to link the Due Date to');
		expect(none.description).toContain('Add a Status field first');
		const withStatus = emu.addTable(emu.addSolution().id);
		const unknown = await runError(emu, {
			parameters: fieldCreate(withStatus.id, { statusField: 'Phase' }),
		});
		expect(unknown.message).toBe('The table has no Status field "Phase" to link the Due Date to');
		expect(operations(emu)).not.toContain('AddField');
	});

	it('Table → Create links it to a Status field of the new table; without one, nothing is sent', async () => {
		const { emu } = ctx;
		const solution = emu.addSolution();
		const tableCreate = (fields: IDataObject[]): INodeParameters => ({
			resource: 'table',
			operation: 'create',
			solutionId: locator(solution.id),
			name: 'Tasks',
			fields: { field: fields } as unknown as INodeParameters['fields'],
		});
		const [created] = await run(emu, {
			parameters: tableCreate([
				{ label: 'Stage', fieldType: 'statusfield', choices: 'Open, Done' },
				{ label: 'Due', fieldType: 'duedatefield', statusField: 'Stage' },
			]),
		});
		const structure = created.json.structure as FieldObject[];
		const stage = structure.find((field) => field.label === 'Stage')!;
		expect(structure.find((field) => field.label === 'Due')!.params).toMatchObject({
			status_field: stage.slug,
		});

		emu.resetLog();
		const error = await runError(emu, {
			parameters: tableCreate([{ label: 'Due', fieldType: 'duedatefield' }]),
		});
		expect(error.message).toBe(
			'The field "Due": the new table has no Status field to link the Due Date to',
		);
		expect(emu.requests).toHaveLength(0);
	});
});

describe('Removed teams', () => {
	it('are left out of Team → Get Many and the team list, as removed members are; Get names one as removed', async () => {
		const { emu } = ctx;
		const kept = emu.addTeam({ name: 'Design' });
		const removed = emu.addTeam({
			name: 'Old Guard',
			deleted_date: { date: '2026-01-01T00:00:00Z', include_time: true },
		});
		const listed = await run(emu, {
			parameters: { resource: 'team', operation: 'getMany', returnAll: true },
		});
		const ids = listed.map((item) => item.json.id);
		expect(ids).toContain(kept.id);
		expect(ids).not.toContain(removed.id);

		const [got] = await run(emu, {
			parameters: { resource: 'team', operation: 'get', teamId: locator(removed.id) },
		});
		expect(got.json).toMatchObject({ id: removed.id, name: 'Old Guard', removed: true });
	});
});
