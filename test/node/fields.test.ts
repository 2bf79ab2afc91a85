/** Field > Create, Update, Delete through n8n's WorkflowExecute against the emulator. */
import type { INode, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';

import type { Emulator, TableObject } from '../emulator';
import { credentialsFor, runNodeMethod } from '../helpers/n8n';
import { run, runError, runInWorkflow, smartSuite, useEmulator } from './harness';

const ctx = useEmulator();

const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });

const field = (
	operation: string,
	tableId: string,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'field',
	operation,
	tableId: locator(tableId),
	...extra,
});
const create = (tableId: string, extra: INodeParameters) => field('create', tableId, extra);
const update = (tableId: string, fieldId: string, extra: INodeParameters) =>
	field('update', tableId, { fieldId: locator(fieldId), ...extra });
const remove = (tableId: string, fieldId: string) =>
	field('delete', tableId, { fieldId: locator(fieldId) });

const operations = (emu: Emulator) => emu.requests.map((request) => request.operation);

/** A table with the usual fields: title, status, priority (options Low, Medium, High, Urgent: ids 1-4)… */
function table(emu: Emulator = ctx.emu): TableObject {
	return emu.addTable(emu.addSolution().id);
}

const fieldOf = (emu: Emulator, tableId: string, slug: string) =>
	emu.getTable(tableId)!.structure.find((candidate) => candidate.slug === slug);

describe('Choices in the editor (issue 36: shown for Text and Time, missing in Table → Create)', () => {
	const { description } = new SmartSuite();
	const node = { typeVersion: 1, parameters: {} } as unknown as INode;
	const shownFor = (parameter: INodeProperties, values: INodeParameters) =>
		['textfield', 'timefield', 'singleselectfield', 'multipleselectfield', 'statusfield'].filter(
			(fieldType) =>
				NodeHelpers.displayParameter({ ...values, fieldType }, parameter, node, description),
		);
	const selects = ['singleselectfield', 'multipleselectfield', 'statusfield'];

	it('Field → Create shows Choices for the select types only', () => {
		const choices = description.properties.find(
			(p) => p.name === 'choices' && p.displayOptions?.show?.operation?.includes('create'),
		)!;
		expect(shownFor(choices, { resource: 'field', operation: 'create' })).toEqual(selects);
	});

	it('Table → Create shows each field’s Choices for the select types only', () => {
		const fields = description.properties.find(
			(p) => p.name === 'fields' && p.displayOptions?.show?.resource?.includes('table'),
		)!;
		const [field] = fields.options as Array<{ values: INodeProperties[] }>;
		const choices = field.values.find((p) => p.name === 'choices')!;
		expect(shownFor(choices, {})).toEqual(selects);
	});
});

describe('Field > Create', () => {
	it('adds a text field as the reference shows: a random 10-character slug, label, type, params, is_new', async () => {
		const { emu } = ctx;
		const t = table();

		const output = await run(emu, {
			parameters: create(t.id, { label: 'Supplier', fieldType: 'textfield' }),
		});

		expect(operations(emu)).toEqual(['AddField']);
		const sent = emu.requests[0];
		expect(sent.method).toBe('POST');
		expect(sent.path).toBe(`/api/v1/applications/${t.id}/add_field/`);
		const body = sent.body as { field: { slug: string } };
		expect(body).toEqual({
			field: {
				slug: expect.stringMatching(/^[a-z][a-z0-9]{9}$/),
				label: 'Supplier',
				field_type: 'textfield',
				params: {},
				is_new: true,
			},
			auto_fill_structure_layout: true,
		});
		const { slug } = body.field;
		expect(fieldOf(emu, t.id, slug)).toMatchObject({ label: 'Supplier', field_type: 'textfield' });
		expect(output).toEqual([
			{
				json: { tableId: t.id, slug, label: 'Supplier', field_type: 'textfield', params: {} },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('adds a single select and a status with their choices (each with its own id), and a required field', async () => {
		const { emu } = ctx;
		const t = table();

		const output = await run(emu, {
			parameters: create(t.id, {
				label: '={{ $json.label }}',
				fieldType: '={{ $json.type }}',
				choices: '={{ $json.choices }}',
				required: '={{ $json.required }}',
			}),
			input: [
				{
					label: 'Size',
					type: 'singleselectfield',
					choices: 'Small, Medium ,, Large, small',
					required: false,
				},
				{ label: 'Stage', type: 'statusfield', choices: 'New,Won,Lost', required: false },
				{ label: 'Code', type: 'textfield', choices: '', required: true },
			],
		});

		expect(operations(emu)).toEqual(['AddField', 'AddField', 'AddField']);
		const [size, stage, code] = output.map((item) => item.json as { slug: string });
		const labels = (slug: string) =>
			fieldOf(emu, t.id, slug)!.params.choices!.map((choice) => choice.label);
		expect(labels(size.slug)).toEqual(['Small', 'Medium', 'Large']);
		expect(labels(stage.slug)).toEqual(['New', 'Won', 'Lost']);
		// Each option with a colour (SmartSuite's default ones, in order) and the keys SmartSuite's client sends.
		expect(fieldOf(emu, t.id, size.slug)!.params.choices).toEqual([
			{
				value: expect.any(String),
				label: 'Small',
				value_color: '#0C41F3',
				value_order: 0,
				value_help_text: '',
				weight: 1,
			},
			expect.objectContaining({ label: 'Medium', value_color: '#00B3FA', value_order: 1 }),
			expect.objectContaining({ label: 'Large', value_color: '#199A27', value_order: 2 }),
		]);
		expect(fieldOf(emu, t.id, stage.slug)!.params.choices![2]).toEqual({
			value: expect.any(String),
			label: 'Lost',
			value_color: '#199A27',
			value_order: 2,
		});
		const ids = fieldOf(emu, t.id, size.slug)!.params.choices!.map((choice) => choice.value);
		expect(new Set(ids).size).toBe(3);
		expect(fieldOf(emu, t.id, code.slug)!.params).toEqual({ required: true });
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);

		// The new options are usable at once: a record takes the select by its option id.
		const record = emu.createRecord(t.id, {
			title: 'T-shirt',
			[size.slug]: ids[1],
			[code.slug]: 'TS-1',
		}).record;
		expect(record[size.slug]).toBe(ids[1]);
	});

	it('adds a linked record field to another table', async () => {
		const { emu } = ctx;
		const t = table();
		const other = emu.addTable(t.solution);

		const output = await run(emu, {
			parameters: create(t.id, {
				label: 'Supplier',
				fieldType: 'linkedrecordfield',
				linkedTableId: locator(other.id),
			}),
		});

		const { slug } = output[0].json as { slug: string };
		expect(fieldOf(emu, t.id, slug)!.params).toEqual({
			linked_application: other.id,
			entries_allowed: 'multiple',
		});
	});

	it.each([
		[{ label: '  ', fieldType: 'textfield' }, 'The parameter "Label" is empty'],
		[
			{ label: 'Name', fieldType: 'recordtitlefield' },
			'"recordtitlefield" is not a field type SmartSuite can add',
		],
		[
			// Choices show for a Field Type given by an expression only.
			{ label: 'Size', fieldType: '={{ "textfield" }}', choices: 'S, M' },
			'Choices are only for Single Select, Multiple Select and Status, not for textfield',
		],
		[
			{ label: 'Supplier', fieldType: 'linkedrecordfield', linkedTableId: locator('') },
			'The parameter "Linked Table" is empty',
		],
	])('refuses %j before sending anything', async (extra, message) => {
		const { emu } = ctx;
		const t = table();
		const error = await runError(emu, { parameters: create(t.id, extra as INodeParameters) });
		expect(error.message).toBe(message);
		expect(emu.requests).toEqual([]);
	});

	it('words SmartSuite’s refusals: a table that does not exist, a linked table that does not exist', async () => {
		const { emu } = ctx;
		const t = table();
		const unknownTable = await runError(emu, {
			parameters: create('64b0c1d2e3f4a5b6c7d8e9ff', { label: 'A', fieldType: 'textfield' }),
		});
		expect(unknownTable.message).toContain('The table "64b0c1d2e3f4a5b6c7d8e9ff" was not found');

		const unknownLinked = await runError(emu, {
			parameters: create(t.id, {
				label: 'Supplier',
				fieldType: 'linkedrecordfield',
				linkedTableId: locator('64b0c1d2e3f4a5b6c7d8e9ff'),
			}),
		});
		expect(`${unknownLinked.message} ${unknownLinked.description}`).toContain(
			'Table "64b0c1d2e3f4a5b6c7d8e9ff" does not exist.',
		);
		expect(emu.getTable(t.id)!.structure.some((f) => f.label === 'Supplier')).toBe(false);
	});

	it('after a 5xx on add_field says the field may have been created and never sends it again', async () => {
		const { emu } = ctx;
		const t = table();
		emu.injectFault({
			operation: 'AddField',
			action: { type: 'status', status: 502, afterProcessing: true },
		});

		const error = await runError(emu, {
			parameters: create(t.id, { label: 'Supplier', fieldType: 'textfield' }),
		});

		expect(error.message).toBe(
			'The field may have been created: SmartSuite answered 502 after the request to add the field "Supplier" was sent',
		);
		expect(operations(emu)).toEqual(['AddField']);
	});

	it('with Continue on Fail gives the bad item its error and creates the others', async () => {
		const { emu } = ctx;
		const t = table();

		const result = await runInWorkflow(emu, {
			parameters: create(t.id, { label: '={{ $json.label }}', fieldType: 'textfield' }),
			input: [{ label: 'Supplier' }, { label: '' }, { label: 'Origin' }],
			continueOnFail: true,
		});

		expect(result.error).toBeUndefined();
		expect(
			result.output.map((item) => [item.json.label ?? item.json.error, item.pairedItem]),
		).toEqual([
			['Supplier', { item: 0 }],
			['The parameter "Label" is empty', { item: 1 }],
			['Origin', { item: 2 }],
		]);
		expect(operations(emu)).toEqual(['AddField', 'AddField']);
		expect(JSON.stringify(result.output)).not.toContain(emu.apiKey);
	});
});

describe('Field > Update', () => {
	it('renames a field with the whole field, as change_field takes it, after one structure read', async () => {
		const { emu } = ctx;
		const t = table();

		const output = await run(emu, {
			parameters: update(t.id, 'priority', { newLabel: 'Importance' }),
		});

		expect(operations(emu)).toEqual(['GetTable', 'ChangeField']);
		const sent = emu.requests[1];
		expect(sent.method).toBe('PUT');
		expect(sent.path).toBe(`/api/v1/applications/${t.id}/change_field/`);
		expect(sent.body).toEqual({
			slug: 'priority',
			label: 'Importance',
			field_type: 'singleselectfield',
			params: expect.objectContaining({ choices: expect.any(Array) }),
		});
		expect(fieldOf(emu, t.id, 'priority')!.label).toBe('Importance');
		expect(output[0].json).toMatchObject({ slug: 'priority', label: 'Importance', changed: true });
	});

	it('adds choices after the existing ones, whose ids stay: a record keeps its value and its label still resolves', async () => {
		const { emu } = ctx;
		const t = table();
		const before = fieldOf(emu, t.id, 'priority')!.params.choices!;
		const { record } = emu.createRecord(t.id, { title: 'Widget', priority: '2' });

		const output = await run(emu, {
			parameters: update(t.id, 'Priority', { addChoices: 'medium, Critical, Blocker' }),
		});

		const after = fieldOf(emu, t.id, 'priority')!.params.choices!;
		expect(after.slice(0, before.length)).toEqual(before);
		// New options continue the field's palette (its last colour, #FFB938, is SmartSuite's 16th).
		expect(after.slice(before.length)).toEqual([
			{
				value: expect.any(String),
				label: 'Critical',
				value_color: '#883CD0',
				value_order: 4,
				value_help_text: '',
				weight: 1,
			},
			expect.objectContaining({ label: 'Blocker', value_color: '#EC506E', value_order: 5 }),
		]);
		expect(output[0].json).toMatchObject({ slug: 'priority', label: 'Priority', changed: true });

		const read = await run(emu, {
			parameters: {
				resource: 'record',
				operation: 'get',
				tableId: locator(t.id),
				recordId: locator(record.id),
			},
		});
		expect(read[0].json).toMatchObject({ Priority: 'Medium' });
		expect(emu.getRecord(t.id, record.id)!.priority).toBe('2');
	});

	it('two items adding choices to one field in one run keep both (one structure read)', async () => {
		const { emu } = ctx;
		const t = table();

		await run(emu, {
			parameters: update(t.id, 'status', { addChoices: '={{ $json.product }}' }),
			input: [{ product: 'On Hold' }, { product: 'Cancelled' }],
		});

		expect(operations(emu)).toEqual(['GetTable', 'ChangeField', 'ChangeField']);
		const labels = fieldOf(emu, t.id, 'status')!.params.choices!.map((choice) => choice.label);
		expect(labels.slice(-2)).toEqual(['On Hold', 'Cancelled']);
	});

	it('sends nothing when every choice is there already', async () => {
		const { emu } = ctx;
		const t = table();

		const output = await run(emu, {
			parameters: update(t.id, 'priority', { addChoices: 'Low, HIGH' }),
		});

		expect(operations(emu)).toEqual(['GetTable']);
		expect(output[0].json).toMatchObject({ slug: 'priority', changed: false });
	});

	it.each([
		['nope', { label: 'X' }, 'has no field "nope"'],
		[
			'title',
			{ addChoices: 'A' },
			'The field "Title" is a recordtitlefield: it has no choices to add to',
		],
		['priority', {}, 'Nothing to change'],
	])('refuses field %s with %j after the structure read only', async (fieldId, extra, message) => {
		const { emu } = ctx;
		const t = table();
		const error = await runError(emu, { parameters: update(t.id, fieldId, extra) });
		expect(error.message).toContain(message);
		expect(operations(emu)).toEqual(['GetTable']);
	});

	it('retries a change_field answered 503 (the same whole field, so nothing is added twice)', async () => {
		const { emu } = ctx;
		const t = table();
		emu.injectFault({
			operation: 'ChangeField',
			action: { type: 'status', status: 503, afterProcessing: true },
		});

		await run(emu, { parameters: update(t.id, 'priority', { addChoices: 'Critical' }) });

		expect(operations(emu)).toEqual(['GetTable', 'ChangeField', 'ChangeField']);
		const labels = fieldOf(emu, t.id, 'priority')!.params.choices!.map((choice) => choice.label);
		expect(labels.filter((label) => label === 'Critical')).toHaveLength(1);
	});
});

describe('Field > Delete', () => {
	it("deletes a field: every record loses the field's values", async () => {
		const { emu } = ctx;
		const t = table();
		const { record } = emu.createRecord(t.id, { title: 'Widget', priority: '3' });

		const output = await run(emu, { parameters: remove(t.id, 'priority') });

		expect(operations(emu)).toEqual(['GetTable', 'DeleteField']);
		expect(emu.requests[1].path).toBe(`/api/v1/applications/${t.id}/delete_field/`);
		expect(emu.requests[1].body).toEqual({ slug: 'priority' });
		expect(fieldOf(emu, t.id, 'priority')).toBeUndefined();
		expect('priority' in emu.getRecord(t.id, record.id)!).toBe(false);
		expect(output).toEqual([
			{
				json: { tableId: t.id, slug: 'priority', label: 'Priority', deleted: true },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('refuses the title (primary) field and an unknown field without a delete request', async () => {
		const { emu } = ctx;
		const t = table();
		const primary = await runError(emu, { parameters: remove(t.id, 'title') });
		expect(primary.message).toBe(
			'The field "Title" is the table\'s title (primary) field and cannot be deleted',
		);
		const unknown = await runError(emu, { parameters: remove(t.id, 'nope') });
		expect(unknown.message).toBe(`The table "${t.id}" has no field "nope"`);
		expect(operations(emu)).not.toContain('DeleteField');
	});

	it('with Continue on Fail: the unknown table fails its item, the others are deleted once', async () => {
		const { emu } = ctx;
		const t = table();

		const result = await runInWorkflow(emu, {
			parameters: field('delete', '={{ $json.table }}', { fieldId: locator('={{ $json.field }}') }),
			input: [
				{ table: t.id, field: 'priority' },
				{ table: '64b0c1d2e3f4a5b6c7d8e9ff', field: 'priority' },
				{ table: t.id, field: 'priority' },
			],
			continueOnFail: true,
		});

		expect(
			result.output.map((item) => [item.json.deleted ?? item.json.error, item.pairedItem]),
		).toEqual([
			[true, { item: 0 }],
			[expect.stringContaining('The table "64b0c1d2e3f4a5b6c7d8e9ff" was not found'), { item: 1 }],
			[true, { item: 2 }],
		]);
		expect(operations(emu).filter((operation) => operation === 'DeleteField')).toHaveLength(1);
	});
});

describe('Field picker', () => {
	it("lists the chosen table's fields as label (type), filtered by label or slug; asks for a table first", async () => {
		const { emu } = ctx;
		const t = table();
		const search = async (parameters: INodeParameters, filter?: string) =>
			(await runNodeMethod(
				smartSuite,
				{ parameters, credentials: credentialsFor(emu) },
				{ listSearch: 'searchFields', filter },
			)) as { results: Array<{ name: string; value: string }> };

		const found = await search(update(t.id, '', {}), 'prio');
		expect(found.results).toEqual([{ name: 'Priority (Single Select)', value: 'priority' }]);
		const all = await search(update(t.id, '', {}));
		expect(all.results).toHaveLength(t.structure.length);
		await expect(search({ resource: 'field', operation: 'update' })).rejects.toThrow(
			'Choose a Table first',
		);
	});
});
