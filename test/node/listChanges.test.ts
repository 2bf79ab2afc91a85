/**
 * Links and people added and removed without touching the others (issue 51): Fields (JSON) takes
 * {"add": [...], "remove": [...]} for a linked record or people field, Update's option Linked
 * Records and People (`listChange`) makes the mapper's values adds or removes, and Create or
 * Update takes the objects too. The current lists are read right before each batch is written,
 * with one list read by id for the whole batch. Before issue 51 an object was refused as a value
 * and the option did not exist: every value replaced the whole list.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import type { TableObject } from '../emulator';
import { credentialsFor } from '../helpers/n8n';
import { runAsTool } from '../helpers/tool';
import { run, runError, useEmulator } from './harness';

const ctx = useEmulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const operations = () => ctx.emu.requests.map((request) => request.operation);
/** The list reads by record id (not the title searches). */
const idReads = () =>
	ctx.emu.requests
		.filter((request) => request.operation === 'ListRecords')
		.map((request) => request.body as IDataObject)
		.filter((body) => Array.isArray(body.ids));

const update = (tableId: string, recordId: string, extra: INodeParameters): INodeParameters => ({
	resource: 'record',
	operation: 'update',
	tableId: byId(tableId),
	recordId: byId(recordId),
	simplify: false,
	...extra,
});
const json = (fieldsJson: IDataObject): INodeParameters => ({
	fieldsInput: 'json',
	fieldsJson: fieldsJson as INodeParameters[string],
});
const mapped = (value: IDataObject, listChange: string): INodeParameters => ({
	columns: { mappingMode: 'defineBelow', value } as INodeParameters[string],
	options: { listChange },
});

/** A table (linking to itself) with Acme, Globex, Initech and Umbrella, and a Deal linked to Acme and Umbrella. */
function seeded() {
	const t: TableObject = ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
	const [acme, globex, initech, umbrella] = ['Acme', 'Globex', 'Initech', 'Umbrella'].map((title) =>
		ctx.emu.addRecord(t.id, { title }),
	);
	const [alex, sam, jordan] = ctx.emu.members();
	const deal = ctx.emu.addRecord(t.id, {
		title: 'Deal',
		[F.text]: 'D-1',
		[F.linked]: [acme.id, umbrella.id],
		assigned_to: [alex.id, sam.id],
	});
	ctx.emu.resetLog();
	return { t, acme, globex, initech, umbrella, alex, sam, jordan, deal };
}

const stored = (t: TableObject, id: string) => ctx.emu.getRecord(t.id, id)!;

describe('Fields (JSON): {"add", "remove"} on a linked record field', () => {
	it('adds by title and by id and removes by title, the other links kept in order', async () => {
		const { t, acme, globex, initech, umbrella, deal } = seeded();

		const [output] = await run(ctx.emu, {
			parameters: update(
				t.id,
				deal.id,
				json({ Related: { add: ['Globex', initech.id, 'umbrella'], remove: ['Acme'] } }),
			),
		});

		expect(stored(t, deal.id)[F.linked]).toEqual([umbrella.id, globex.id, initech.id]);
		expect(output.json[F.linked]).toEqual([umbrella.id, globex.id, initech.id]);
		expect(stored(t, deal.id)[F.text]).toBe('D-1');
		expect(idReads()).toEqual([{ ids: [deal.id], sort: [] }]);
		// The table, the title search, the read of the current lists, the write.
		expect(operations()).toEqual(['GetTable', 'ListRecords', 'ListRecords', 'UpdateRecord']);
		expect(ctx.emu.requests[3].body).toEqual({ [F.linked]: [umbrella.id, globex.id, initech.id] });
		expect(acme.id).not.toBe(umbrella.id);
	});

	it('removing a link that is not there is no error, and a list still replaces', async () => {
		const { t, acme, globex, umbrella, deal } = seeded();

		await run(ctx.emu, {
			parameters: update(t.id, deal.id, json({ Related: { remove: [globex.id] } })),
		});
		expect(stored(t, deal.id)[F.linked]).toEqual([acme.id, umbrella.id]);

		await run(ctx.emu, { parameters: update(t.id, deal.id, json({ Related: [globex.id] })) });
		expect(stored(t, deal.id)[F.linked]).toEqual([globex.id]);
	});

	it('an object with another key is refused before anything is sent, naming the two keys', async () => {
		const { t, globex, deal } = seeded();

		const error = await runError(ctx.emu, {
			parameters: update(t.id, deal.id, json({ Related: { adds: [globex.id] } })),
		});

		expect(error.message).toBe(
			'The field "Related" in item 0 cannot take the key "adds": an object for it takes only "add" and "remove"',
		);
		expect(operations()).toEqual(['GetTable']);
	});
});

describe('people fields', () => {
	it('adds by e-mail and removes by name, the other people kept', async () => {
		const { t, alex, sam, jordan, deal } = seeded();

		await run(ctx.emu, {
			parameters: update(
				t.id,
				deal.id,
				json({ Owner: { add: ['jordan.lee@example.com'], remove: ['Alex Morgan'] } }),
			),
		});

		expect(stored(t, deal.id).assigned_to).toEqual([sam.id, jordan.id]);
		expect(alex.id).not.toBe(sam.id);
	});

	it('Update’s option removes every person the mapper gives, by id', async () => {
		const { t, alex, sam, deal } = seeded();

		await run(ctx.emu, {
			parameters: update(t.id, deal.id, mapped({ assigned_to: sam.id }, 'remove')),
		});

		expect(stored(t, deal.id).assigned_to).toEqual([alex.id]);
	});
});

describe('Update’s option Linked Records and People over several items', () => {
	it('adds to each record with one read for the batch and one bulk write', async () => {
		const { t, acme, globex, initech, umbrella, deal } = seeded();
		const other = ctx.emu.addRecord(t.id, { title: 'Other', [F.linked]: [initech.id] });
		ctx.emu.resetLog();

		const output = await run(ctx.emu, {
			parameters: update(
				t.id,
				'={{ $json.id }}',
				mapped({ [F.linked]: '={{ $json.add }}' }, 'add'),
			),
			input: [
				{ id: deal.id, add: 'Globex' },
				{ id: other.id, add: `${acme.id}, Initech` },
				{ id: deal.id, add: 'Initech' },
			],
		});

		expect(stored(t, deal.id)[F.linked]).toEqual([acme.id, umbrella.id, globex.id, initech.id]);
		expect(stored(t, other.id)[F.linked]).toEqual([initech.id, acme.id]);
		// Both of Deal's items show it as the bulk answer holds it, with both changes.
		expect(output.map((item) => item.json[F.linked])).toEqual([
			[acme.id, umbrella.id, globex.id, initech.id],
			[initech.id, acme.id],
			[acme.id, umbrella.id, globex.id, initech.id],
		]);
		expect(idReads()).toEqual([{ ids: [deal.id, other.id], sort: [] }]);
		expect(operations()).toEqual(['GetTable', 'ListRecords', 'ListRecords', 'BulkUpdateRecords']);
	});

	it('a record that does not exist fails as Update fails it; the others are written', async () => {
		const { t, globex, deal } = seeded();
		const missing = 'ffffffffffffffffffffffff';

		const output = await run(ctx.emu, {
			parameters: update(t.id, '={{ $json.id }}', mapped({ [F.linked]: globex.id }, 'add')),
			input: [{ id: missing }, { id: deal.id }],
			continueOnFail: true,
		});

		expect(output[0].json.error).toBe(`Record "${missing}" was not found in table "${t.id}"`);
		expect(output[1].json.id).toBe(deal.id);
		expect(stored(t, deal.id)[F.linked]).toContain(globex.id);
		expect(operations()).toEqual(['GetTable', 'ListRecords', 'UpdateRecord']);
	});

	it('a server that reads no records by id writes nothing, and says to replace the lists', async () => {
		const { t, globex, deal } = seeded();
		ctx.emu.setVariant({ listByIds: false });

		const error = await runError(ctx.emu, {
			parameters: update(t.id, deal.id, mapped({ [F.linked]: globex.id }, 'add')),
		});

		expect(error.message).toBe(
			'SmartSuite answered the read of the records to change with other records',
		);
		expect(operations()).not.toContain('UpdateRecord');
	});

	it('a failed read fails the batch without writing', async () => {
		const { t, globex, deal } = seeded();
		ctx.emu.injectFault({
			operation: 'ListRecords',
			action: { type: 'status', status: 503 },
			times: Infinity,
		});

		const output = await run(ctx.emu, {
			parameters: update(t.id, deal.id, mapped({ [F.linked]: globex.id }, 'add')),
			continueOnFail: true,
		});

		expect(output[0].json.error).toBe(
			'SmartSuite failed to read the current links and people of the records to change (503)',
		);
		expect(operations()).not.toContain('UpdateRecord');
	});
});

describe('Create or Update with {"add", "remove"}', () => {
	it('adds to the record found, and a created record gets the links added', async () => {
		const { t, acme, globex, umbrella, deal } = seeded();

		const output = await run(ctx.emu, {
			parameters: {
				resource: 'record',
				operation: 'upsert',
				tableId: byId(t.id),
				fieldsInput: 'json',
				matchOn: 'Code',
				fieldsJson: '={{ JSON.stringify($json.fields) }}',
				simplify: false,
			},
			input: [
				{ fields: { Code: 'D-1', Related: { add: ['Globex'], remove: ['Umbrella'] } } },
				{ fields: { Code: 'D-2', Name: 'New', Related: { add: ['Globex'], remove: ['Acme'] } } },
			],
		});

		expect(stored(t, deal.id)[F.linked]).toEqual([acme.id, globex.id]);
		expect(output.map((item) => [item.json['@upsert'], item.json[F.linked]])).toEqual([
			['updated', [acme.id, globex.id]],
			['created', [globex.id]],
		]);
		expect(umbrella.id).not.toBe(globex.id);
		// The update path reads the found record's lists right before its write; the created one needs no read.
		expect(idReads()).toEqual([{ ids: [deal.id], sort: [] }]);
	});
});

describe('Create or Update: items of one record', () => {
	it('apply their changes one after the other, and a later list replaces an earlier change', async () => {
		const { t, acme, globex, initech, umbrella, deal } = seeded();
		const upsert = (fields: IDataObject[]) =>
			run(ctx.emu, {
				parameters: {
					resource: 'record',
					operation: 'upsert',
					tableId: byId(t.id),
					fieldsInput: 'json',
					matchOn: 'Code',
					fieldsJson: '={{ JSON.stringify($json.fields) }}',
				},
				input: fields.map((entry) => ({ fields: { Code: 'D-1', ...entry } })),
			});

		await upsert([
			{ Related: { add: ['Globex'] } },
			{ Related: { add: ['Initech'], remove: ['Acme', 'Globex'] } },
			{ Related: { add: ['Globex'] } },
		]);
		expect(stored(t, deal.id)[F.linked]).toEqual([umbrella.id, initech.id, globex.id]);

		await upsert([{ Related: { add: ['Acme'] } }, { Related: [acme.id] }]);
		expect(stored(t, deal.id)[F.linked]).toEqual([acme.id]);
	});
});

describe.each(['engine', 'direct'] as const)('as an AI tool (%s path)', (call) => {
	it('a model adds a link by title and the other links stay', async () => {
		const { t, acme, globex, umbrella, deal } = seeded();

		const result = await runAsTool(new SmartSuite(), {
			parameters: {
				resource: 'record',
				operation: 'update',
				tableId: byId(t.id),
				recordId: byId(deal.id),
				fieldsInput: 'json',
				fieldsJson: "={{ $fromAI('fields', 'The fields to change', 'json') }}",
			},
			toolArguments: { fields: { Related: { add: ['Globex'] } } },
			call,
			credentials: credentialsFor(ctx.emu),
		});

		expect(result.error).toBeUndefined();
		expect(stored(t, deal.id)[F.linked]).toEqual([acme.id, umbrella.id, globex.id]);
	});
});
