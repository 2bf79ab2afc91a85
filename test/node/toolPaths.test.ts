/**
 * Every operation of the SmartSuite Tool in both paths n8n calls a tool by (issue 37): through the
 * engine (AI Agent 3 and later) and directly (the MCP Server Trigger, AI Agent before 3: n8n-core
 * runs the node type's `execute` with the model's arguments as the one input item). Each runs on
 * its own demo emulator per path, so writes start from the same data: the outputs and the requests
 * must be the same, ids and times aside. Before issue 37 every operation but Restore and the
 * Webhook ones failed directly ("cannot run when n8n calls the SmartSuite Tool directly").
 */
import type { IDataObject, INodeParameters, INodePropertyOptions } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { type Emulator, startEmulator } from '../emulator';
import { TYPED_FIELDS } from '../emulator/fixtures';
import { credentialsFor, shutdownN8nCore } from '../helpers/n8n';
import { runAsTool, toolDescriptionOf } from '../helpers/tool';

const fromAi = (key: string, description: string, type = 'string') =>
	`={{ $fromAI('${key}', '${description}', '${type}') }}`;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const tableFromAi = byId(fromAi('table', 'The ID of the SmartSuite table'));
const recordFromAi = byId(fromAi('record', 'The ID of the record'));

interface ToolCase {
	resource: string;
	operation: string;
	/** The tool node's parameters and the model's arguments, on the demo data. */
	call(emu: Emulator): { parameters: INodeParameters; toolArguments: IDataObject };
	/** The demo's items tie on what orders them (deleted in the same millisecond): compared by title. */
	unordered?: boolean;
}

const cases: ToolCase[] = [
	{
		resource: 'record',
		operation: 'search',
		call: ({ demo }) => ({
			parameters: { tableId: tableFromAi, limit: 2 },
			toolArguments: { table: demo.tableId },
		}),
	},
	{
		resource: 'record',
		operation: 'get',
		call: ({ demo }) => ({
			parameters: { tableId: tableFromAi, recordId: recordFromAi },
			toolArguments: { table: demo.tableId, record: demo.recordIds[0] },
		}),
	},
	{
		resource: 'record',
		operation: 'create',
		call: ({ demo }) => ({
			parameters: {
				tableId: tableFromAi,
				columns: {
					mappingMode: 'defineBelow',
					value: { title: fromAi('title', 'The title of the project') },
				},
			},
			toolArguments: { table: demo.tableId, title: 'Agent-made project' },
		}),
	},
	{
		resource: 'record',
		operation: 'update',
		call: ({ demo }) => ({
			parameters: {
				tableId: tableFromAi,
				recordId: recordFromAi,
				columns: { mappingMode: 'defineBelow', value: { title: fromAi('title', 'The new title') } },
			},
			toolArguments: { table: demo.tableId, record: demo.recordIds[1], title: 'Renamed' },
		}),
	},
	{
		resource: 'record',
		operation: 'upsert',
		call: ({ demo }) => ({
			parameters: {
				tableId: tableFromAi,
				columns: {
					mappingMode: 'defineBelow',
					value: { title: fromAi('title', 'The title to match on') },
					matchingColumns: ['title'],
				},
			},
			toolArguments: { table: demo.tableId, title: 'Release notes 2.4' },
		}),
	},
	{
		resource: 'record',
		operation: 'delete',
		call: ({ demo }) => ({
			parameters: { tableId: tableFromAi, recordId: recordFromAi },
			toolArguments: { table: demo.tableId, record: demo.recordIds[2] },
		}),
	},
	{
		resource: 'record',
		operation: 'restore',
		call: ({ demo }) => ({
			parameters: { tableId: tableFromAi, recordId: fromAi('record', 'The deleted record') },
			toolArguments: { table: demo.tableId, record: demo.deletedRecordIds[0] },
		}),
	},
	{
		resource: 'record',
		operation: 'getDeleted',
		call: ({ demo }) => ({
			parameters: { solutionId: byId(fromAi('solution', 'The ID of the solution')) },
			toolArguments: { solution: demo.solutionId },
		}),
		unordered: true,
	},
	{
		resource: 'comment',
		operation: 'create',
		call: ({ demo }) => ({
			parameters: {
				tableId: tableFromAi,
				recordId: recordFromAi,
				message: fromAi('message', 'The comment'),
			},
			toolArguments: { table: demo.tableId, record: demo.recordIds[0], message: 'Checked by AI' },
		}),
	},
	{
		resource: 'comment',
		operation: 'getMany',
		call: ({ demo }) => ({
			parameters: { tableId: tableFromAi, recordId: recordFromAi },
			toolArguments: { table: demo.tableId, record: demo.recordIds[0] },
		}),
	},
	{
		resource: 'member',
		operation: 'get',
		call: () => ({
			parameters: {
				memberId: { __rl: true, mode: 'email', value: fromAi('email', 'The e-mail address') },
			},
			toolArguments: { email: 'sam.rivera@example.com' },
		}),
	},
	{
		resource: 'member',
		operation: 'getMany',
		call: () => ({
			parameters: { limit: fromAi('limit', 'How many', 'number') },
			toolArguments: { limit: 2 },
		}),
	},
	{
		resource: 'team',
		operation: 'get',
		call: (emu) => ({
			parameters: { teamId: byId(fromAi('team', 'The ID of the team')) },
			toolArguments: { team: emu.teams()[0].id },
		}),
	},
	{
		resource: 'team',
		operation: 'getMany',
		call: () => ({ parameters: { returnAll: true }, toolArguments: {} }),
	},
	{
		resource: 'solution',
		operation: 'get',
		call: ({ demo }) => ({
			parameters: { solutionId: byId(fromAi('solution', 'The ID of the solution')) },
			toolArguments: { solution: demo.solutionId },
		}),
	},
	{
		resource: 'solution',
		operation: 'getMany',
		call: () => ({ parameters: { returnAll: true }, toolArguments: {} }),
	},
	{
		resource: 'table',
		operation: 'get',
		call: ({ demo }) => ({
			parameters: { tableId: tableFromAi, fieldsAsItems: true },
			toolArguments: { table: demo.tableId },
		}),
	},
	{
		resource: 'table',
		operation: 'getMany',
		call: ({ demo }) => ({
			parameters: {
				solutionId: byId(fromAi('solution', 'The ID of the solution')),
				returnAll: true,
			},
			toolArguments: { solution: demo.solutionId },
		}),
	},
	{
		resource: 'table',
		operation: 'create',
		call: ({ demo }) => ({
			parameters: {
				solutionId: byId(demo.solutionId),
				name: fromAi('name', 'The name of the table'),
			},
			toolArguments: { name: 'Leads' },
		}),
	},
	{
		resource: 'field',
		operation: 'create',
		call: ({ demo }) => ({
			parameters: {
				tableId: tableFromAi,
				label: fromAi('label', 'The label'),
				fieldType: 'textfield',
			},
			toolArguments: { table: demo.tableId, label: 'Owner notes' },
		}),
	},
	{
		resource: 'field',
		operation: 'update',
		call: ({ demo }) => ({
			parameters: {
				tableId: tableFromAi,
				fieldId: byId('title'),
				newLabel: fromAi('label', 'The label'),
			},
			toolArguments: { table: demo.tableId, label: 'Project' },
		}),
	},
	{
		resource: 'field',
		operation: 'delete',
		call: ({ demo }) => ({
			parameters: { tableId: tableFromAi, fieldId: byId(fromAi('field', 'The field slug')) },
			toolArguments: { table: demo.fieldTypesTableId, field: TYPED_FIELDS.text },
		}),
	},
	{
		resource: 'view',
		operation: 'getMany',
		call: ({ demo }) => ({
			parameters: { tableId: tableFromAi },
			toolArguments: { table: demo.tableId },
		}),
	},
	{
		resource: 'view',
		operation: 'getRecords',
		call: ({ demo }) => ({
			parameters: { tableId: tableFromAi, viewId: byId(fromAi('view', 'The ID of the view')) },
			toolArguments: { table: demo.tableId, view: demo.viewIds[0] },
		}),
	},
	{
		resource: 'webhook',
		operation: 'get',
		call: ({ demo }) => ({
			parameters: { webhookId: byId(fromAi('webhook', 'The ID of the webhook')) },
			toolArguments: { webhook: demo.webhookId },
		}),
	},
	{
		resource: 'webhook',
		operation: 'list',
		call: ({ demo }) => ({
			parameters: { solutionId: byId(fromAi('solution', 'The ID of the solution')) },
			toolArguments: { solution: demo.solutionId },
		}),
	},
	{
		resource: 'webhook',
		operation: 'listEvents',
		call: ({ demo }) => ({
			parameters: { webhookId: byId(fromAi('webhook', 'The ID of the webhook')), returnAll: true },
			toolArguments: { webhook: demo.webhookId },
		}),
	},
	{
		resource: 'webhook',
		operation: 'create',
		call: ({ demo }) => ({
			parameters: {
				solutionId: byId(fromAi('solution', 'The ID of the solution')),
				watch: 'solution',
			},
			toolArguments: { solution: demo.solutionId },
		}),
	},
	{
		resource: 'webhook',
		operation: 'update',
		call: ({ demo }) => ({
			parameters: {
				webhookId: byId(fromAi('webhook', 'The ID of the webhook')),
				events: ['RECORD_CREATED'],
			},
			toolArguments: { webhook: demo.webhookId },
		}),
	},
	{
		resource: 'webhook',
		operation: 'delete',
		call: ({ demo }) => ({
			parameters: { webhookId: byId(fromAi('webhook', 'The ID of the webhook')) },
			toolArguments: { webhook: demo.webhookId },
		}),
	},
];

/**
 * Ids, slugs and times differ between two emulators: each id becomes a placeholder, in order of
 * appearance. A Search cursor holds a fingerprint of its table's id.
 */
function comparable(value: unknown): unknown {
	const ids = new Map<string, string>();
	const text = JSON.stringify(value, (key, inner: unknown) =>
		/slug$|^event_id$|^cursor$/.test(key) ? '<generated>' : inner,
	)
		.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z?/g, '<time>')
		.replace(/\b[0-9a-f]{24}\b|\b[0-9a-f]{8}-[0-9a-f-]{27}\b/g, (id) => {
			if (!ids.has(id)) ids.set(id, `<id ${ids.size}>`);
			return ids.get(id)!;
		});
	return JSON.parse(text);
}

async function runBothWays(toolCase: ToolCase) {
	const results = [];
	for (const call of ['engine', 'direct'] as const) {
		const emu = await startEmulator({ demo: true });
		try {
			const { parameters, toolArguments } = toolCase.call(emu);
			emu.resetLog();
			const run = await runAsTool(new SmartSuite(), {
				parameters: { resource: toolCase.resource, operation: toolCase.operation, ...parameters },
				toolArguments,
				call,
				credentials: credentialsFor(emu),
			});
			const requests = emu.requests.map((request) => `${request.method} ${request.path}`);
			results.push({ run, requests: comparable(requests) });
		} finally {
			await emu.close();
		}
	}
	return { engine: results[0], direct: results[1] };
}

afterAll(() => shutdownN8nCore());

it('covers every operation the SmartSuite Tool offers', () => {
	const offered = toolDescriptionOf(new SmartSuite().description)
		.properties.filter(
			(property) =>
				property.name === 'operation' && property.displayOptions?.show?.['@tool']?.[0] !== false,
		)
		.flatMap((property) =>
			(property.options as INodePropertyOptions[]).map(
				(option) => `${property.displayOptions!.show!.resource![0]} ${option.value}`,
			),
		);
	expect(cases.map((toolCase) => `${toolCase.resource} ${toolCase.operation}`).sort()).toEqual(
		offered.sort(),
	);
});

it.each(cases.map((toolCase) => [`${toolCase.resource} → ${toolCase.operation}`, toolCase]))(
	'%s runs directly with the same answer and requests as through the engine',
	async (_name, given) => {
		const toolCase = given as ToolCase;
		const { engine, direct } = await runBothWays(toolCase);

		expect(engine.run.error).toBeUndefined();
		expect(direct.run.error).toBeUndefined();
		expect(engine.requests).not.toEqual([]);
		expect(direct.requests).toEqual(engine.requests);
		const output = engine.run.output as IDataObject[];
		expect(output.length).toBeGreaterThan(0);
		expect(output.some((item) => 'error' in item)).toBe(false);
		const shown = (items: unknown) =>
			comparable(
				toolCase.unordered
					? [...(items as IDataObject[])].sort((a, b) =>
							String(a.title).localeCompare(String(b.title)),
						)
					: items,
			);
		expect(shown(direct.run.output)).toEqual(shown(output));
	},
);

describe('values as a person writes them, called directly (the MCP path)', () => {
	let emu: Emulator;
	beforeEach(async () => {
		emu = await startEmulator({ demo: true });
	});
	afterEach(() => emu.close());

	/** Record → Create called directly with each mapper field from the model; the record stored. */
	async function createdDirectly(
		tableId: string,
		said: Record<string, { field: string; value: string }>,
		timezone?: string,
	): Promise<IDataObject> {
		const value = Object.fromEntries(
			Object.entries(said).map(([key, { field }]) => [field, fromAi(key, `The ${key}`)]),
		);
		const run = await runAsTool(new SmartSuite(), {
			call: 'direct',
			timezone,
			credentials: credentialsFor(emu),
			parameters: {
				resource: 'record',
				operation: 'create',
				tableId: tableFromAi,
				columns: { mappingMode: 'defineBelow', value },
			},
			toolArguments: {
				table: tableId,
				...Object.fromEntries(Object.entries(said).map(([key, { value }]) => [key, value])),
			},
		});
		expect(run.error).toBeUndefined();
		const title = said.title.value;
		return emu.records(tableId).find((record) => record.title === title) as IDataObject;
	}

	it('a linked record by title, a time without an offset in the workflow’s time zone, HTML with bold', async () => {
		const { fieldTypesTableId } = emu.demo;
		const globex = emu.records(fieldTypesTableId).find((record) => record.title === 'Globex');
		const stored = await createdDirectly(
			fieldTypesTableId,
			{
				title: { field: 'title', value: 'Made by a model' },
				code: { field: TYPED_FIELDS.text, value: 'C-9' },
				linked: { field: TYPED_FIELDS.linked, value: 'Globex' },
				when: { field: TYPED_FIELDS.date, value: '2026-12-01 14:30' },
				notes: { field: TYPED_FIELDS.smartDoc, value: '<p>Hello <b>bold</b> world</p>' },
			},
			'Europe/Berlin',
		);
		expect(stored[TYPED_FIELDS.linked]).toEqual([globex?.id]);
		expect(stored[TYPED_FIELDS.date]).toMatchObject({ date: '2026-12-01T13:30:00Z' });
		expect(JSON.stringify(stored[TYPED_FIELDS.smartDoc])).toContain('"marks":[{"type":"strong"}]');
	});

	it('a member by full name', async () => {
		const sam = emu.members()[1]; // Sam Rivera
		const stored = await createdDirectly(emu.demo.tableId, {
			title: { field: 'title', value: 'Assigned by a model' },
			people: { field: 'assigned_to', value: 'Sam Rivera' },
		});
		expect(stored.assigned_to).toEqual([sam.id]);
	});

	it('Search filtered by a member’s full name', async () => {
		const sam = emu.members()[1]; // Sam Rivera
		emu.createRecord(emu.demo.tableId, { title: 'Sam’s project', assigned_to: [sam.id] });
		const run = await runAsTool(new SmartSuite(), {
			call: 'direct',
			credentials: credentialsFor(emu),
			parameters: {
				resource: 'record',
				operation: 'search',
				tableId: tableFromAi,
				filters: {
					rule: [
						{
							field: 'assigned_to',
							comparison: 'has_any_of',
							value: fromAi('person', 'People, by full name or e-mail'),
						},
					],
				},
			},
			toolArguments: { table: emu.demo.tableId, person: 'Sam Rivera' },
		});
		expect(run.error).toBeUndefined();
		expect((run.output as IDataObject[]).map((item) => item.title ?? item.Title)).toEqual([
			'Sam’s project',
		]);
		const [search] = emu.requests.filter((request) => request.path.includes('/records/list/'));
		expect(JSON.stringify(search.body)).toContain(sam.id);
	});
});
