/**
 * Record > Create, Update and Create or Update filled by hand ("Map Each Column Manually"), as
 * n8n's editor saves them: each field's value as typed in its input, with the mapper's schema.
 * Every value first passes n8n's own check of the mapper (n8n-workflow's getNodeParametersIssues,
 * which the editor runs and which keeps a node with issues from running), then the node runs
 * through n8n-core's engine against the emulator, and the test reads what the emulator stored.
 * Under `npm run test:current` both are n8n 2.41's.
 */
import type {
	IDataObject,
	INode,
	INodeParameters,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import type { TableObject } from '../emulator';
import {
	CHANNEL_CHOICES,
	COLOR_CHOICES,
	fieldTypesStructure,
	hexId,
	TYPED_FIELDS as F,
} from '../emulator/fixtures';
import { credentialsFor, runNodeMethod } from '../helpers/n8n';
import { runInWorkflow, savedMapper, smartSuite, useEmulator } from './harness';

const ctx = useEmulator();

/** Tags are ids of the workspace's tag pool (SmartSuite's reference documents no way to look up a label). */
const TAG = {
	q2: 'a0000000000000000000aa02',
	renewal: 'a0000000000000000000aa03',
	old: 'a0000000000000000000aa01',
};
beforeAll(() => {
	ctx.emu.addTag('Old', { id: TAG.old });
	ctx.emu.addTag('Q2', { id: TAG.q2 });
	ctx.emu.addTag('Renewal', { id: TAG.renewal });
});

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

/** Field types the shared field-types table lacks. */
const EXTRA = {
	rating: 'x1rate0001',
	slider: 'x1slid0002',
	complete: 'x1comp0003',
	duration: 'x1dura0004',
	time: 'x1time0005',
};

function table(): TableObject {
	const { emu } = ctx;
	const id = hexId();
	return emu.addFieldTypesTable(emu.addSolution().id, {
		id,
		structure: [
			...fieldTypesStructure(id),
			{ slug: EXTRA.rating, label: 'Score', field_type: 'ratingfield', params: {} },
			{ slug: EXTRA.slider, label: 'Effort', field_type: 'numbersliderfield', params: {} },
			{ slug: EXTRA.complete, label: 'Done', field_type: 'percentcompletefield', params: {} },
			{ slug: EXTRA.duration, label: 'Length', field_type: 'durationfield', params: {} },
			{ slug: EXTRA.time, label: 'Opens', field_type: 'timefield', params: {} },
		],
	});
}

type Mode = 'create' | 'update' | 'upsert';
const METHOD = { create: 'getColumns', update: 'getUpdateColumns', upsert: 'getUpsertColumns' };

/** The mapper's fields, asked for as the editor asks (its schema is saved with the values). */
async function schemaOf(mode: Mode, tableId: string): Promise<ResourceMapperField[]> {
	const { fields } = (await runNodeMethod(
		smartSuite,
		{
			parameters: { resource: 'record', operation: mode, tableId: locator(tableId) } as never,
			credentials: credentialsFor(ctx.emu),
		},
		{ resourceMapping: METHOD[mode] },
	)) as ResourceMapperFields;
	return fields;
}

/**
 * What the editor saves for text typed into a field of the mapper (its input per mapper type, in
 * n8n's MappingFields/ParameterInput on 2.8 and 2.41): a date picker for `dateTime`
 * (value-format "YYYY-MM-DDTHH:mm:ss": a typed day becomes midnight without an offset), a
 * number input for `number`, the option's value for `options`, text for the rest (`array` and
 * `object` are JSON editors holding the text).
 */
function typedInEditor(field: ResourceMapperField, typed: unknown): unknown {
	if (typeof typed !== 'string') return typed;
	if (field.type === 'dateTime')
		return /^\d{4}-\d\d-\d\d$/.test(typed) ? `${typed}T00:00:00` : typed;
	if (field.type === 'number') return Number(typed);
	return typed;
}

/** The node's parameters as the editor saves a hand-filled mapper. */
async function byHand(
	mode: Mode,
	t: TableObject,
	typed: Record<string, unknown>,
	extra: INodeParameters = {},
): Promise<INodeParameters> {
	const schema = await schemaOf(mode, t.id);
	const value = Object.fromEntries(
		Object.entries(typed).map(([slug, text]) => [
			slug,
			typedInEditor(
				schema.find((field) => field.id === slug)!,
				text,
			),
		]),
	);
	return {
		resource: 'record',
		operation: mode,
		tableId: locator(t.id),
		columns: savedMapper(value, schema) as unknown as INodeParameters['columns'],
		...extra,
	};
}

/** n8n's issues for the mapper, as its editor computes them (the node does not run with any). */
function editorIssues(parameters: INodeParameters): Record<string, string[]> {
	const node: INode = {
		id: 'n1',
		name: 'SmartSuite',
		type: smartSuite.description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const issues = NodeHelpers.getNodeParametersIssues(
		smartSuite.description.properties,
		node,
		smartSuite.description,
	);
	return Object.fromEntries(
		Object.entries(issues?.parameters ?? {}).filter(([key]) => key.startsWith('columns')),
	);
}

/** Runs the node as n8n would, after checking that the editor lets it run. */
async function runByHand(parameters: INodeParameters, input: IDataObject[] = [{}]) {
	expect(editorIssues(parameters)).toEqual({});
	const result = await runInWorkflow(ctx.emu, { parameters, input });
	if (result.error) throw new Error(`${result.error.message} — ${result.error.description}`);
	return result.output;
}

const stored = (t: TableObject, id: unknown) => ctx.emu.getRecord(t.id, String(id)) as IDataObject;
const optionId = (choices: typeof COLOR_CHOICES, label: string) =>
	choices.find((choice) => choice.label === label)!.value;
const day = (date: string) => ({ date: `${date}T00:00:00Z`, include_time: false });

interface Case {
	field: string;
	slug: string;
	/** What a user types (the README's form), or what the input gives (a switch, a dropdown). */
	typed: unknown;
	/** What the emulator must have stored. */
	stored: (t: TableObject) => unknown;
}

const member = () => ctx.emu.members()[1];

/** Every field type the API writes, in the form the README shows for it. */
const README_FORMS: Case[] = [
	{ field: 'Text Area', slug: F.textArea, typed: 'Two\nlines', stored: () => 'Two\nlines' },
	{
		field: 'SmartDoc',
		slug: F.smartDoc,
		typed: 'Hello',
		stored: () => expect.objectContaining({ preview: 'Hello' }),
	},
	{ field: 'Number', slug: F.number, typed: '12', stored: () => '12' },
	{ field: 'Currency', slug: F.currency, typed: '9.5', stored: () => '9.5' },
	{ field: 'Rating', slug: EXTRA.rating, typed: '4', stored: () => '4' },
	{ field: 'Number Slider', slug: EXTRA.slider, typed: '30', stored: () => '30' },
	{ field: 'Percent Complete', slug: EXTRA.complete, typed: '75', stored: () => '75' },
	{ field: 'Duration', slug: EXTRA.duration, typed: '3600', stored: () => '3600' },
	{ field: 'Yes/No', slug: F.yesNo, typed: true, stored: () => true },
	{
		field: 'Single Select',
		slug: F.singleSelect,
		typed: optionId(COLOR_CHOICES, 'Green'),
		stored: () => optionId(COLOR_CHOICES, 'Green'),
	},
	{
		field: 'Status',
		slug: 'status',
		typed: 'in_progress',
		stored: () => expect.objectContaining({ value: 'in_progress' }),
	},
	{ field: 'Time', slug: EXTRA.time, typed: '9:30', stored: () => '09:30:00' },
	{ field: 'Date (a day)', slug: F.date, typed: '2024-05-01', stored: () => day('2024-05-01') },
	{
		field: 'Date (a moment)',
		slug: F.date,
		typed: '2024-05-01T14:30:00+02:00',
		stored: () => ({ date: '2024-05-01T12:30:00Z', include_time: true }),
	},
	{
		field: 'Date Range',
		slug: F.dateRange,
		typed: '2026-12-01/2026-12-15',
		stored: () => ({ from_date: day('2026-12-01'), to_date: day('2026-12-15') }),
	},
	{
		field: 'Due Date',
		slug: 'due_date',
		typed: '2026-12-01/2026-12-15',
		stored: () =>
			expect.objectContaining({ from_date: day('2026-12-01'), to_date: day('2026-12-15') }),
	},
	{
		field: 'Due Date as a {from, to} object',
		slug: 'due_date',
		typed: '{"from": "2026-12-01", "to": "2026-12-15"}',
		stored: () =>
			expect.objectContaining({ from_date: day('2026-12-01'), to_date: day('2026-12-15') }),
	},
	{
		field: 'Multiple Select',
		slug: F.multipleSelect,
		typed: 'Email, Chat',
		stored: () => [optionId(CHANNEL_CHOICES, 'Email'), optionId(CHANNEL_CHOICES, 'Chat')],
	},
	{
		field: 'Tags',
		slug: F.tags,
		typed: `${TAG.q2}, ${TAG.renewal}`,
		stored: () => [TAG.q2, TAG.renewal],
	},
	{
		field: 'Assigned To',
		slug: 'assigned_to',
		typed: '<email>, <id>',
		stored: () => [member().id, ctx.emu.members()[2].id],
	},
	{
		field: 'Email',
		slug: F.email,
		typed: 'ada@example.com, bo@example.com',
		stored: () => ['ada@example.com', 'bo@example.com'],
	},
	{
		field: 'Link',
		slug: F.link,
		typed: 'https://a.example, https://b.example',
		stored: () => ['https://a.example', 'https://b.example'],
	},
	{
		field: 'Phone',
		slug: F.phone,
		typed: '+1 555 0100, +44 20 7946 0000',
		stored: () => [
			expect.objectContaining({ phone_number: '+1 555 0100' }),
			expect.objectContaining({ phone_number: '+44 20 7946 0000' }),
		],
	},
	{
		field: 'Full Name',
		slug: F.fullName,
		typed: 'Ada King Lovelace',
		stored: () =>
			expect.objectContaining({ first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace' }),
	},
	{
		field: 'Full Name as an object',
		slug: F.fullName,
		typed: '{"first_name": "Ada", "last_name": "Lovelace", "title": "Dr."}',
		stored: () =>
			expect.objectContaining({
				title: 'Dr.',
				first_name: 'Ada',
				middle_name: '',
				last_name: 'Lovelace',
			}),
	},
	{
		field: 'Address',
		slug: F.address,
		typed: '1 Main St',
		stored: () => expect.objectContaining({ location_address: '1 Main St' }),
	},
	{
		field: 'Address as an object',
		slug: F.address,
		typed: '{"address": "1 Main St", "city": "Springfield", "zip": "12345"}',
		stored: () =>
			expect.objectContaining({
				location_address: '1 Main St',
				location_city: 'Springfield',
				location_zip: '12345',
			}),
	},
	{
		field: 'Files by URL',
		slug: F.files,
		typed: 'https://a.example/x.pdf, https://b.example/y.png',
		stored: () => [
			expect.objectContaining({ metadata: expect.objectContaining({ filename: 'x.pdf' }) }),
			expect.objectContaining({ metadata: expect.objectContaining({ filename: 'y.png' }) }),
		],
	},
];

/** The lists again, as JSON arrays typed into the same inputs. */
const JSON_LISTS: Case[] = [
	{
		field: 'Multiple Select',
		slug: F.multipleSelect,
		typed: '["Email", "Chat"]',
		stored: () => [optionId(CHANNEL_CHOICES, 'Email'), optionId(CHANNEL_CHOICES, 'Chat')],
	},
	{
		field: 'Tags',
		slug: F.tags,
		typed: `["${TAG.q2}", "${TAG.renewal}"]`,
		stored: () => [TAG.q2, TAG.renewal],
	},
	{
		field: 'Assigned To',
		slug: 'assigned_to',
		typed: '["<email>", "<id>"]',
		stored: () => [member().id, ctx.emu.members()[2].id],
	},
	{
		field: 'Email',
		slug: F.email,
		typed: '["ada@example.com", "bo@example.com"]',
		stored: () => ['ada@example.com', 'bo@example.com'],
	},
	{
		field: 'Link',
		slug: F.link,
		typed: '["https://a.example/?q=1,2", "https://b.example"]',
		stored: () => ['https://a.example/?q=1,2', 'https://b.example'],
	},
	{
		field: 'Phone',
		slug: F.phone,
		typed: '["+1 555 0100", {"phone_number": "+44 20 7946 0000", "phone_type": 4}]',
		stored: () => [
			expect.objectContaining({ phone_number: '+1 555 0100' }),
			expect.objectContaining({ phone_number: '+44 20 7946 0000', phone_type: 4 }),
		],
	},
	{
		field: 'Files by URL',
		slug: F.files,
		typed: '["https://a.example/x.pdf", "https://b.example/y.png"]',
		stored: () => [
			expect.objectContaining({ metadata: expect.objectContaining({ filename: 'x.pdf' }) }),
			expect.objectContaining({ metadata: expect.objectContaining({ filename: 'y.png' }) }),
		],
	},
];

/** Member e-mails and ids, and linked record ids, are known only once the emulator runs. */
function fill(typed: unknown): unknown {
	if (typeof typed !== 'string') return typed;
	return typed
		.replace('<email>', [member().email].flat()[0])
		.replace('<id>', ctx.emu.members()[2].id);
}

describe('Record > Create, every field type typed by hand (Map Each Column Manually)', () => {
	const cases = [
		...README_FORMS.map((c) => [c.field, 'as the README shows it', c] as const),
		...JSON_LISTS.map((c) => [c.field, 'as a JSON array', c] as const),
	];
	it.each(cases)('%s, %s', async (_field, _form, { slug, typed, stored: expected }) => {
		const t = table();
		const parameters = await byHand('create', t, {
			title: 'By hand',
			[F.text]: 'C-1',
			[slug]: fill(typed),
		});

		const [created] = await runByHand(parameters);

		expect(stored(t, created.json.id)).toMatchObject({ title: 'By hand', [F.text]: 'C-1' });
		expect(stored(t, created.json.id)[slug]).toEqual(expected(t));
	});

	it('Linked Record: ids separated by commas, and a JSON array of ids', async () => {
		const t = table();
		const [a, b] = [
			ctx.emu.addRecord(t.id, { title: 'A' }),
			ctx.emu.addRecord(t.id, { title: 'B' }),
		];

		for (const typed of [`${a.id}, ${b.id}`, JSON.stringify([a.id, b.id])]) {
			const [created] = await runByHand(
				await byHand('create', t, { title: 'Linked', [F.text]: 'C-2', [F.linked]: typed }),
			);
			expect(stored(t, created.json.id)[F.linked]).toEqual([a.id, b.id]);
		}
	});

	it('offers every list, range, object, date and time field as text, so the editor takes each form above', async () => {
		const t = table();
		const schema = await schemaOf('create', t.id);
		const typeOf = (slug: string) => schema.find((field) => field.id === slug)!.type;

		for (const slug of [
			F.multipleSelect,
			F.tags,
			F.linked,
			'assigned_to',
			F.email,
			F.link,
			F.phone,
			F.files,
			F.date,
			F.dateRange,
			'due_date',
			F.fullName,
			F.address,
			EXTRA.time,
		])
			expect([slug, typeOf(slug)]).toEqual([slug, 'string']);
	});

	it('a value that cannot be used fails its item before anything is sent, naming the field by its label, the item and a form that works', async () => {
		const t = table();
		const cases: Array<[string, string, string]> = [
			['due_date', 'next week', '"2024-05-01/2024-05-07"'],
			[F.tags, '["Q2", "Renewal"', 'a JSON array such as ["a", "b"]'],
			[F.address, '{"city": "Paris"', 'an object (or its JSON) with address'],
			[EXTRA.time, 'half past nine', '"09:30"'],
		];
		for (const [slug, typed, form] of cases) {
			const parameters = await byHand('create', t, {
				title: 'Bad',
				[F.text]: 'C-3',
				[slug]: typed,
			});
			expect(editorIssues(parameters)).toEqual({});
			ctx.emu.resetLog();

			const { error } = await runInWorkflow(ctx.emu, { parameters, input: [{}] });

			const label = t.structure.find((field) => field.slug === slug)!.label;
			expect(error?.message).toContain(
				`The field "${label}" in item 0 cannot take ${JSON.stringify(typed)}: use `,
			);
			expect(error?.message).toContain(form);
			expect(ctx.emu.requests.map((request) => request.operation)).toEqual(['GetTable']);
		}
	});
});

describe('Record > Update by hand', () => {
	it('offers the writable fields, none required, none to match on, as mode "map" (the editor shows the fields of mode "update" only beside a field to match on)', async () => {
		const t = table();
		const columns = smartSuite.description.properties.find(
			(property) =>
				property.name === 'columns' && property.displayOptions?.show?.operation?.includes('update'),
		)!;
		const schema = await schemaOf('update', t.id);

		expect(columns.typeOptions?.resourceMapper).toMatchObject({
			resourceMapperMethod: 'getUpdateColumns',
			mode: 'map',
		});
		expect(schema.filter((field) => field.display).map((field) => field.id)).toEqual(
			t.structure
				.filter(
					(field) =>
						![
							'formulafield',
							'rollupfield',
							'countfield',
							'autonumberfield',
							'firstcreatedfield',
							'lastupdatedfield',
						].includes(field.field_type),
				)
				.map((field) => field.slug),
		);
		expect(
			schema.filter((field) => field.required || field.canBeUsedToMatch || field.defaultMatch),
		).toEqual([]);
	});

	it('changes the one field given and nothing else', async () => {
		const t = table();
		const record = ctx.emu.addRecord(t.id, {
			title: 'Keep',
			[F.text]: 'C-9',
			[F.tags]: [TAG.old],
			[F.number]: '3',
		});
		const before = structuredClone(stored(t, record.id));

		await runByHand(
			await byHand(
				'update',
				t,
				{ [F.tags]: `${TAG.q2}, ${TAG.renewal}` },
				{ recordId: locator(record.id) },
			),
		);

		const patch = ctx.emu.requests.find((request) => request.operation === 'UpdateRecord')!;
		expect(patch.body).toEqual({ [F.tags]: [TAG.q2, TAG.renewal] });
		const after = stored(t, record.id);
		expect(after[F.tags]).toEqual([TAG.q2, TAG.renewal]);
		expect({ ...after, [F.tags]: before[F.tags], last_updated: before.last_updated }).toEqual(
			before,
		);
	});

	it('changes a Due Date typed as "from/to"', async () => {
		const t = table();
		const record = ctx.emu.addRecord(t.id, { title: 'Due', [F.text]: 'C-8' });

		await runByHand(
			await byHand(
				'update',
				t,
				{ due_date: '2026-12-01/2026-12-15' },
				{ recordId: locator(record.id) },
			),
		);

		expect(stored(t, record.id).due_date).toMatchObject({
			from_date: day('2026-12-01'),
			to_date: day('2026-12-15'),
		});
	});
});

describe('Record > Create or Update by hand', () => {
	it('matches on a field and writes the others as typed: updates the record found, creates the one missing', async () => {
		const t = table();
		const existing = ctx.emu.addRecord(t.id, { title: 'Old', [F.text]: 'C-1' });
		const schema = await schemaOf('upsert', t.id);
		expect(schema.filter((field) => field.required)).toEqual([]);
		expect(schema.find((field) => field.id === F.text)).toMatchObject({ canBeUsedToMatch: true });

		for (const code of ['C-1', 'C-NEW']) {
			const parameters = await byHand('upsert', t, {
				title: `Upserted ${code}`,
				[F.text]: code,
				[F.tags]: `["${TAG.q2}", "${TAG.renewal}"]`,
				[F.dateRange]: '2026-12-01/2026-12-15',
			});
			(parameters.columns as IDataObject).matchingColumns = [F.text];
			await runByHand(parameters);
		}

		const records = ctx.emu.records(t.id, { deleted: false });
		expect(records).toHaveLength(2);
		for (const record of records) {
			expect(record[F.tags]).toEqual([TAG.q2, TAG.renewal]);
			expect(record[F.dateRange]).toEqual({
				from_date: day('2026-12-01'),
				to_date: day('2026-12-15'),
			});
		}
		expect(stored(t, existing.id)).toMatchObject({ title: 'Upserted C-1' });
	});
});

describe('the Columns mapper in the editor', () => {
	it('shows no red "No fields found" before a table is chosen, and reloads when the operation changes', () => {
		const mappers = smartSuite.description.properties.filter(
			(property) => property.type === 'resourceMapper',
		);

		expect(mappers).toHaveLength(3);
		for (const mapper of mappers) {
			expect(mapper.typeOptions?.resourceMapper).toMatchObject({ hideNoDataError: true });
			expect(mapper.typeOptions?.loadOptionsDependsOn).toEqual(['tableId.value', 'operation']);
		}
	});
});
