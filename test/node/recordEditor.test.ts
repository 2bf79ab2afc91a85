/** What the editor asks of the Record operations: the mapper's fields, the record list, the search rule lists. */
import type { ResourceMapperFields } from 'n8n-workflow';

import {
	TYPED_FIELDS as F,
	MORE_TYPED_FIELDS,
	fieldTypesStructure,
	hexId,
} from '../emulator/fixtures';
import { credentialsFor, runNodeMethod } from '../helpers/n8n';
import { smartSuite, useEmulator } from './harness';

const ctx = useEmulator();

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

function ask(parameters: Record<string, unknown>, call: Parameters<typeof runNodeMethod>[2]) {
	return runNodeMethod(
		smartSuite,
		{ parameters: parameters as never, credentials: credentialsFor(ctx.emu) },
		call,
	);
}

describe('the Columns mapper', () => {
	it('shows the fields of the table with their label, the form of their value, type and required flag; read-only ones not offered (issue 36: they looked editable)', async () => {
		const { emu } = ctx;
		const t = emu.addFieldTypesTable(emu.addSolution().id);

		const { fields } = (await ask(
			{ resource: 'record', operation: 'create', tableId: locator(t.id) },
			{ resourceMapping: 'getColumns' },
		)) as ResourceMapperFields;

		expect(fields).toHaveLength(t.structure.length);
		expect(fields.find((f) => f.id === 'title')).toMatchObject({
			displayName: 'Name',
			type: 'string',
			required: true,
			readOnly: false,
			display: true,
		});
		expect(fields.find((f) => f.id === F.number)).toMatchObject({
			displayName: 'Quantity',
			type: 'number',
			required: false,
		});
		expect(fields.find((f) => f.id === F.date)).toMatchObject({
			displayName: 'Start (date)',
			type: 'string',
		});
		expect(fields.find((f) => f.id === F.yesNo)).toMatchObject({ type: 'boolean' });
		expect(fields.find((f) => f.id === F.singleSelect)).toMatchObject({
			type: 'options',
			options: [{ name: 'Red' }, { name: 'Green' }, { name: 'Blue' }].map((o) =>
				expect.objectContaining(o),
			),
		});
		for (const readOnly of [
			F.formula,
			F.rollup,
			F.count,
			'autonumber',
			'first_created',
			'last_updated',
		]) {
			expect(fields.find((f) => f.id === readOnly)).toMatchObject({
				readOnly: true,
				display: false,
				required: false,
			});
		}
		expect(fields.find((f) => f.id === F.files)).toMatchObject({
			displayName: 'Attachments (file URLs)',
			type: 'string',
			readOnly: false,
		});
		expect(emu.requests.map((r) => r.operation)).toEqual(['GetTable']);
	});

	it('hints the form of a duration and of the five newer types after their label; the notice above the mapper gives each in full (issue 56)', async () => {
		const { emu } = ctx;
		const id = hexId();
		const t = emu.addFieldTypesTable(emu.addSolution().id, {
			id,
			structure: [...fieldTypesStructure(id), ...MORE_TYPED_FIELDS],
		});

		const { fields } = (await ask(
			{ resource: 'record', operation: 'create', tableId: locator(t.id) },
			{ resourceMapping: 'getColumns' },
		)) as ResourceMapperFields;

		expect(fields.filter((f) => f.id.startsWith('x1')).map((f) => [f.displayName, f.type])).toEqual(
			[
				['Share', 'number'],
				['Score', 'number'],
				['Effort', 'number'],
				['Done', 'number'],
				['Length (duration)', 'string'],
				['Opens (time)', 'string'],
				['Brand Colour (hex colours)', 'string'],
				['Server IP (IP addresses)', 'string'],
				['Checklist ([x] items)', 'string'],
				['Social (network: handle)', 'string'],
				['Time Spent (durations)', 'string'],
			],
		);
		const notice = smartSuite.description.properties.find(
			(property) => property.name === 'formsNotice',
		)!.displayName;
		for (const form of [
			'a duration as 1h 30m or 2 hours',
			'colours as #715E5E',
			'IP addresses as 192.121.0.0 gb',
			'a checklist as [x] done item, [ ] open item',
			'social handles as facebook: myuser',
			'time entries as 1h 30m',
		])
			expect(notice).toContain(form);
		expect(notice).not.toMatch(/[<>]/);
	});

	it('Upsert’s mapper offers the fields whose type can identify a record to match on', async () => {
		const { emu } = ctx;
		const t = emu.addFieldTypesTable(emu.addSolution().id);

		const { fields } = (await ask(
			{ resource: 'record', operation: 'upsert', tableId: locator(t.id) },
			{ resourceMapping: 'getUpsertColumns' },
		)) as ResourceMapperFields;

		expect(fields).toHaveLength(t.structure.length);
		expect(fields.filter((f) => f.canBeUsedToMatch).map((f) => f.displayName)).toEqual([
			'Name',
			'Code',
			'Notes',
			'Quantity',
			'Price',
			'Color',
			'Status',
			'Email',
			'Website',
		]);
	});

	it('has no field and no notice before a table is chosen (n8n’s editor would keep a notice once one is chosen)', async () => {
		for (const method of ['getColumns', 'getUpdateColumns', 'getUpsertColumns']) {
			const result = await ask(
				{ resource: 'record', operation: 'create', tableId: locator('') },
				{ resourceMapping: method },
			);

			expect(result).toEqual({ fields: [] });
		}
		expect(ctx.emu.requests).toEqual([]);
	});
});

describe('the record list (From List)', () => {
	it('lists records by title, searchable, 100 a page', async () => {
		const { emu } = ctx;
		const t = emu.addFieldTypesTable(emu.addSolution().id);
		for (let i = 0; i < 150; i++) emu.addRecord(t.id, { title: `Deal ${i}` });

		const first = (await ask(
			{ resource: 'record', operation: 'get', tableId: locator(t.id) },
			{ listSearch: 'searchRecords' },
		)) as { results: unknown[]; paginationToken?: string };
		const next = (await ask(
			{ resource: 'record', operation: 'get', tableId: locator(t.id) },
			{ listSearch: 'searchRecords', paginationToken: first.paginationToken },
		)) as { results: unknown[]; paginationToken?: string };
		const found = (await ask(
			{ resource: 'record', operation: 'get', tableId: locator(t.id) },
			{ listSearch: 'searchRecords', filter: 'Deal 14' },
		)) as { results: Array<{ name: string }> };

		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('100');
		expect(next.results).toHaveLength(50);
		expect(next.paginationToken).toBeUndefined();
		expect(found.results.map((r) => r.name).sort()).toEqual([
			'Deal 14',
			'Deal 140',
			'Deal 141',
			'Deal 142',
			'Deal 143',
			'Deal 144',
			'Deal 145',
			'Deal 146',
			'Deal 147',
			'Deal 148',
			'Deal 149',
		]);
	});

	it('tells records titled alike apart by their ids (issue 36: two "Acme" read the same)', async () => {
		const { emu } = ctx;
		const t = emu.addFieldTypesTable(emu.addSolution().id);
		const [one, two] = [
			emu.addRecord(t.id, { title: 'Acme' }),
			emu.addRecord(t.id, { title: 'Acme' }),
		];
		emu.addRecord(t.id, { title: 'Globex' });

		const { results } = (await ask(
			{ resource: 'record', operation: 'get', tableId: locator(t.id) },
			{ listSearch: 'searchRecords', filter: 'e' },
		)) as { results: Array<{ name: string; value: string }> };

		expect(results.map((r) => r.name).sort()).toEqual(
			[`Acme (${one.id})`, `Acme (${two.id})`, 'Globex'].sort(),
		);
	});
});

describe('search rules', () => {
	it('offers the comparisons of the rule’s own field type, and only fields SmartSuite can filter by', async () => {
		const { emu } = ctx;
		const t = emu.addFieldTypesTable(emu.addSolution().id);
		const parameters = (field: string) => ({
			resource: 'record',
			operation: 'search',
			tableId: locator(t.id),
			filters: { rule: [{ field }] },
		});

		const number = (await ask(parameters(F.number), {
			loadOptions: 'getComparisons',
			path: 'filters.rule[0].comparison',
		})) as Array<{ value: string }>;
		const yesNo = (await ask(parameters(F.yesNo), {
			loadOptions: 'getComparisons',
			path: 'filters.rule[0].comparison',
		})) as Array<{ value: string }>;
		const fields = (await ask(parameters(''), { loadOptions: 'getSearchFields' })) as Array<{
			value: string;
		}>;

		expect(number.map((o) => o.value)).toEqual([
			'is_equal_to',
			'is_not_equal_to',
			'is_greater_than',
			'is_less_than',
			'is_equal_or_greater_than',
			'is_equal_or_less_than',
			'is_empty',
			'is_not_empty',
		]);
		expect(yesNo.map((o) => o.value)).toEqual(['is']);
		expect(fields.map((o) => o.value)).toContain(F.number);
		expect(fields.map((o) => o.value)).not.toContain(F.formula);
	});
});

describe('Upload File’s field list', () => {
	it('offers only the table’s file fields, by label, and nothing before a table is chosen', async () => {
		const { emu } = ctx;
		const t = emu.addFieldTypesTable(emu.addSolution().id, {
			structure: [
				...emu.addFieldTypesTable(emu.addSolution().id).structure,
				{ slug: 's1file0099', label: 'Scans', field_type: 'filefield', params: {} },
			],
		});
		const parameters = (tableId: string) => ({
			resource: 'record',
			operation: 'uploadFile',
			tableId: locator(tableId),
		});

		const fields = await ask(parameters(t.id), { loadOptions: 'getFileFields', path: 'fieldId' });
		const none = await ask(parameters(''), { loadOptions: 'getFileFields', path: 'fieldId' });

		expect(fields).toEqual([
			{ name: 'Attachments', value: F.files, description: 'Files and Images' },
			{ name: 'Scans', value: 's1file0099', description: 'Files and Images' },
		]);
		expect(none).toEqual([]);
	});
});

describe('Download Files’ field list (issue 36: its empty default was shown in red, "not supported")', () => {
	it('starts with All File Fields, the default, then the table’s file fields', async () => {
		const { emu } = ctx;
		const t = emu.addFieldTypesTable(emu.addSolution().id);
		const fieldId = smartSuite.description.properties.find(
			(p) => p.name === 'fieldId' && p.displayOptions?.show?.operation?.includes('downloadFiles'),
		)!;

		const options = await ask(
			{ resource: 'record', operation: 'downloadFiles', tableId: locator(t.id) },
			{ loadOptions: String(fieldId.typeOptions!.loadOptionsMethod), path: 'fieldId' },
		);

		expect(options).toEqual([
			{
				name: 'All File Fields',
				value: fieldId.default,
				description: 'Every Files and Images field',
			},
			{ name: 'Attachments', value: F.files, description: 'Files and Images' },
		]);
	});
});
