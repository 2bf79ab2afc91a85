/**
 * Record → Search with Specify Filter: Using JSON (issue 48): the conditions and the sort as one
 * JSON value, as a model fills one `$fromAI(…, 'json')` argument, in both paths n8n calls a tool
 * by, and as a node in a workflow. Fields by label or slug, values in the forms of the fixed
 * rules' Value; checked against the table before anything is searched.
 */
import type { IDataObject } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { COLOR_CHOICES, TYPED_FIELDS as F } from '../emulator/fixtures';
import { credentialsFor } from '../helpers/n8n';
import { runAsTool } from '../helpers/tool';
import { run, runError, useEmulator } from './harness';

const ctx = useEmulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const colorId = (label: string) => COLOR_CHOICES.find((choice) => choice.label === label)!.value;
const operations = () => ctx.emu.requests.map((request) => request.operation);
/** The searches' bodies (not Linked Record Titles' reads by id). */
const searchBodies = () =>
	ctx.emu.requests
		.filter((request) => request.operation === 'ListRecords')
		.map((request) => request.body as IDataObject)
		.filter((body) => !('ids' in body));

/** A Field Types table: Red 3, Green 5, Red 7, Blue 1 (Name, Color, Quantity). */
function tasks() {
	const table = ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
	for (const [title, color, quantity] of [
		['Alpha', 'Red', 3],
		['Beta', 'Green', 5],
		['Gamma', 'Red', 7],
		['Delta', 'Blue', 1],
	] as const)
		ctx.emu.addRecord(table.id, {
			title,
			[F.singleSelect]: colorId(color),
			[F.number]: quantity,
		} as never);
	ctx.emu.resetLog();
	return table;
}

const jsonSearch = (tableId: string, filterJson: unknown) => ({
	resource: 'record',
	operation: 'search',
	tableId: byId(tableId),
	filterInput: 'json',
	filterJson: filterJson as string,
	returnAll: true,
});

const redByQuantityDown = {
	filter: { operator: 'and', fields: [{ field: 'Color', comparison: 'is', value: 'red' }] },
	sort: [{ field: 'Quantity', direction: 'desc' }],
};

describe.each(['engine', 'direct'] as const)('the SmartSuite Tool (%s)', (call) => {
	const toolSearch = (toolArguments: IDataObject) =>
		runAsTool(new SmartSuite(), {
			parameters: {
				tableId: byId("={{ $fromAI('table', 'The ID of the SmartSuite table') }}"),
				filterInput: 'json',
				filterJson: "={{ $fromAI('filter', 'The filter and sort', 'json') }}",
			},
			toolArguments,
			call,
			credentials: credentialsFor(ctx.emu),
		});
	/** What the model reads: the tool's error directly, the workflow's error through the engine (On Error: Stop). */
	const toolError = (toolArguments: IDataObject) =>
		toolSearch(toolArguments).then(
			(result) => result.error,
			(thrown: Error) => thrown.message.replace(/^The workflow failed: /, ''),
		);

	it('finds the records whose choice the model named by label, sorted, the fields by label', async () => {
		const table = tasks();

		const result = await toolSearch({ table: table.id, filter: redByQuantityDown });

		expect(result.error).toBeUndefined();
		expect((result.output as IDataObject[]).map((record) => [record.Name, record.Color])).toEqual([
			['Gamma', 'Red'],
			['Alpha', 'Red'],
		]);
		expect(searchBodies()).toEqual([
			{
				filter: {
					operator: 'and',
					fields: [{ field: F.singleSelect, comparison: 'is', value: colorId('Red') }],
				},
				sort: [{ field: F.number, direction: 'desc' }],
			},
		]);
	});

	it('names the unknown field and the fields of the table, and searches nothing', async () => {
		const table = tasks();

		const error = await toolError({
			table: table.id,
			filter: {
				filter: { operator: 'and', fields: [{ field: 'Colour', comparison: 'is', value: 'Red' }] },
			},
		});

		expect(error).toContain('The filter names no field of the table: "Colour"');
		expect(error).toContain('"Color" (s1sing0006)');
		expect(error).toContain('"Quantity" (s1numb0003)');
		expect(operations()).toEqual(['GetTable']);
	});

	it("names a comparison the field's type does not have and the ones it has, and searches nothing", async () => {
		const table = tasks();

		const error = await toolError({
			table: table.id,
			filter: {
				filter: {
					operator: 'or',
					fields: [{ field: 'Quantity', comparison: 'contains', value: 3 }],
				},
			},
		});

		expect(error).toBe(
			'The comparison "contains" cannot be used on the field "Quantity" (numberfield); its comparisons: is_equal_to, is_not_equal_to, is_greater_than, is_less_than, is_equal_or_greater_than, is_equal_or_less_than, is_empty, is_not_empty',
		);
		expect(operations()).toEqual(['GetTable']);
	});

	it('names the options of a choice in the message when the model gives one the field does not have', async () => {
		const table = tasks();

		const error = await toolError({
			table: table.id,
			filter: { filter: { fields: [{ field: 'Color', comparison: 'is', value: 'Purple' }] } },
		});

		// Directly, n8n adds the description after "Details:"; through the engine, the message alone.
		expect(error?.split('\n')[0]).toBe(
			'The filter rule on "Color" cannot be used: is "Purple". Expected: one of "Red", "Green", "Blue" (a label or its ID)',
		);
		expect(operations()).toEqual(['GetTable']);
	});
});

describe('Search with Specify Filter: Using JSON, in a workflow', () => {
	const names = (output: Array<{ json: IDataObject }>) => output.map((item) => item.json.Name);

	it('sorts by several fields in order, by label or slug, with no filter', async () => {
		const table = tasks();

		const output = await run(ctx.emu, {
			parameters: jsonSearch(table.id, {
				sort: [
					{ field: 'color', direction: 'asc' },
					{ field: F.number, direction: 'DESC' },
				],
			}),
		});

		expect(searchBodies().map((body) => body.sort)).toEqual([
			[
				{ field: F.singleSelect, direction: 'asc' },
				{ field: F.number, direction: 'desc' },
			],
		]);
		expect(output).toHaveLength(4);
	});

	it.each([
		[
			'a list of rules',
			[
				{ field: 'Color', comparison: 'is_any_of', value: ['Red', 'Blue'] },
				{ field: 'Quantity', comparison: 'is_greater_than', value: 2 },
			],
			['Alpha', 'Gamma'],
		],
		[
			'{"operator", "fields"} with a sort',
			{
				operator: 'or',
				fields: [
					{ field: 'Color', comparison: 'is', value: 'Blue' },
					{ field: 'Quantity', comparison: 'is_equal_to', value: 5 },
				],
				sort: [{ field: 'Name', direction: 'desc' }],
			},
			['Delta', 'Beta'],
		],
		['one rule', { field: 'Name', comparison: 'contains', value: 'mm' }, ['Gamma']],
		['JSON text', JSON.stringify(redByQuantityDown), ['Gamma', 'Alpha']],
	])('reads %s', async (_shape, filterJson, expected) => {
		const table = tasks();

		const output = await run(ctx.emu, { parameters: jsonSearch(table.id, filterJson) });

		expect(names(output)).toEqual(expected);
	});

	it('takes values as the rules do: a list of labels as one text, no value for a valueless comparison', async () => {
		const table = tasks();

		const output = await run(ctx.emu, {
			parameters: jsonSearch(table.id, [
				{ field: 'Color', comparison: 'is_none_of', value: 'Red, Green' },
				{ field: 'Start', comparison: 'is_empty' },
			]),
		});

		expect(names(output)).toEqual(['Delta']);
		expect(searchBodies()[0].filter).toEqual({
			operator: 'and',
			fields: [
				{
					field: F.singleSelect,
					comparison: 'is_none_of',
					value: [colorId('Red'), colorId('Green')],
				},
				{ field: F.date, comparison: 'is_empty', value: null },
			],
		});
	});

	it('finds people by name and linked records by title, the fields by label, as the rules do', async () => {
		const table = tasks();
		const sam = ctx.emu.members().find((member) => member.full_name.sys_root === 'Sam Rivera')!;
		const alpha = ctx.emu.records(table.id).find((record) => record.title === 'Alpha')!;
		const wanted = ctx.emu.addRecord(table.id, {
			title: 'Wanted',
			assigned_to: [sam.id],
			[F.linked]: [alpha.id],
		} as never);
		ctx.emu.addRecord(table.id, { title: 'Sam’s other', assigned_to: [sam.id] } as never);
		ctx.emu.resetLog();

		const output = await run(ctx.emu, {
			parameters: jsonSearch(table.id, {
				filter: {
					fields: [
						{ field: 'owner', comparison: 'has_any_of', value: 'sam rivera' },
						{ field: 'Related', comparison: 'has_any_of', value: ['Alpha'] },
					],
				},
			}),
		});

		expect(names(output)).toEqual([wanted.title]);
		expect(searchBodies().at(-1)!.filter).toEqual({
			operator: 'and',
			fields: [
				{ field: 'assigned_to', comparison: 'has_any_of', value: [sam.id] },
				{ field: F.linked, comparison: 'has_any_of', value: [alpha.id] },
			],
		});
	});

	it.each([
		[
			'a misspelt key, which would widen the search',
			{ filters: [{ field: 'Color', comparison: 'is', value: 'Red' }] },
			'The JSON has the key "filters", which it cannot have (its keys: filter, sort). Expected: {"filter": {"operator": "and" or "or", "fields"',
		],
		[
			'a rule without a comparison',
			[{ field: 'Color', operator: 'is', value: 'Red' }],
			'The filter rule has the key "operator", which it cannot have (its keys: field, comparison, value)',
		],
		[
			'an operator other than and/or',
			{ filter: { operator: 'xor', fields: [] } },
			'The filter\'s operator is "xor", not "and" or "or"',
		],
		['a sort direction', { sort: [{ field: 'Name', direction: 'up' }] }, 'has the direction "up"'],
		['text that is not JSON', '{"filter": ', 'The filter is not valid JSON'],
		[
			'a sort by an unknown field',
			{ sort: [{ field: 'Size' }] },
			'The sort names no field of the table: "Size". The fields it can name (label or slug): "Name" (title)',
		],
	])('refuses %s before searching', async (_case, filterJson, message) => {
		const table = tasks();

		const error = await runError(ctx.emu, { parameters: jsonSearch(table.id, filterJson) });

		expect(error.message).toContain(message);
		// n8n's toast reads the message as HTML: anything in angle brackets would vanish (issue 56).
		expect(error.message).not.toMatch(/[<>]/);
		expect(operations().filter((operation) => operation === 'ListRecords')).toEqual([]);
	});

	it('shows Match, Filter Rules and Sort only for the rules, and Filter (JSON) only for JSON', () => {
		const { properties } = new SmartSuite().description;
		const shownFor = (name: string) =>
			properties
				.filter((property) => property.name === name)
				.map((property) => property.displayOptions?.show?.filterInput);
		expect(shownFor('match')).toEqual([['rules']]);
		expect(shownFor('filters')).toEqual([['rules']]);
		expect(shownFor('sort')).toEqual([['rules']]);
		expect(shownFor('filterJson')).toEqual([['json']]);
		expect(properties.find((property) => property.name === 'filterInput')).toMatchObject({
			displayName: 'Specify Filter',
			default: 'rules',
			options: [
				{ name: 'Using Rules Below', value: 'rules' },
				{ name: 'Using JSON', value: 'json' },
			],
		});
	});
});
