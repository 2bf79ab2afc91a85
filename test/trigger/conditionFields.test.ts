/**
 * The triggers' rules builder (Only Records That, issue 59) as n8n's editor asks for its lists
 * (LoadOptionsContext): a rule's Field from the watched tables' fields (once per label, only what
 * a condition can name and the trigger can decide), its Comparison from its field's type, for one
 * table, several, a whole solution and an existing webhook's tables.
 */
import type { INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';

import { SmartSuiteInstantTrigger } from '../../nodes/SmartSuite/SmartSuiteInstantTrigger.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import type { Emulator } from '../emulator';
import { startEmulator } from '../emulator';
import { credentialsFor, runNodeMethod, shutdownN8nCore } from '../helpers/n8n';

let emu: Emulator;
beforeEach(async () => {
	emu = await startEmulator();
});
afterEach(async () => await emu.close());
afterAll(() => shutdownN8nCore());

const polling = new SmartSuiteTrigger();
const instant = new SmartSuiteInstantTrigger();
const TRIGGERS: Array<[string, INodeType, INodeParameters, number]> = [
	['SmartSuite Polling Trigger', polling, { source: 'managed' }, 2],
	['SmartSuite Trigger', instant, {}, 1],
];

interface Listed {
	name: string;
	value: string;
	description?: string;
}

/** A solution with Tasks (the usual fields), Deals (its Status a text field, an Amount) and Field Types. */
function seed() {
	const solution = emu.addSolution({ name: 'Projects' });
	const tasks = emu.addTable(solution.id, { name: 'Tasks' });
	const deals = emu.addTable(solution.id, {
		name: 'Deals',
		structure: [
			{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
			{ slug: 'stage', label: 'status', field_type: 'textfield', params: {} },
			{ slug: 'amount', label: 'Amount', field_type: 'numberfield', params: {} },
			{ slug: 'summary', label: 'Summary', field_type: 'formulafield', params: {} },
		],
	});
	const types = emu.addFieldTypesTable(solution.id);
	emu.resetLog();
	return { solution, tasks, deals, types };
}

const locator = (value: string) => ({ __rl: true, mode: 'list', value });

/** The trigger's parameters with a rule on `field`, watching what `watch` says. */
function parameters(scope: INodeParameters, field = ''): INodeParameters {
	return { ...scope, events: [], options: { conditionRules: { rule: [{ field }] } } };
}

async function fields(
	trigger: INodeType,
	scope: INodeParameters,
	typeVersion: number,
): Promise<Listed[]> {
	return (await runNodeMethod(
		trigger,
		{ parameters: parameters(scope), credentials: credentialsFor(emu), typeVersion },
		{ loadOptions: 'getConditionFields', path: 'options.conditionRules.rule[0].field' },
	)) as Listed[];
}

async function comparisons(
	trigger: INodeType,
	scope: INodeParameters,
	typeVersion: number,
	field: string,
): Promise<string[]> {
	const listed = (await runNodeMethod(
		trigger,
		{ parameters: parameters(scope, field), credentials: credentialsFor(emu), typeVersion },
		{ loadOptions: 'getConditionComparisons', path: 'options.conditionRules.rule[0].comparison' },
	)) as Listed[];
	return listed.map((option) => option.value);
}

const TASKS_FIELDS = [
	'Title',
	'Description',
	'Status',
	'Priority',
	'Due Date',
	'Assigned To',
	'Launch Date',
	'Tags',
	'Linked Tasks',
	'First Created',
	'Last Updated',
	'Auto Number',
];

describe.each(TRIGGERS)('%s: the rules builder’s lists', (_name, trigger, source, version) => {
	const watching = (
		solutionId: string,
		watch: 'tables' | 'solution' | 'fields',
		tables: string[] = [],
	): INodeParameters => ({
		...source,
		solutionId: locator(solutionId),
		watch,
		...(watch === 'tables' ? { tableIds: tables } : {}),
		...(watch === 'fields' ? { tableId: locator(tables[0]), fieldIds: ['status'] } : {}),
	});

	it('one table: its fields by label, with their type; only those a condition can name and the trigger decide', async () => {
		const { solution, tasks, types } = seed();
		const listed = await fields(trigger, watching(solution.id, 'tables', [tasks.id]), version);
		expect(listed.map((option) => option.value)).toEqual(TASKS_FIELDS);
		expect(listed.map((option) => option.name)).toEqual(TASKS_FIELDS);
		expect(listed.find((option) => option.value === 'Status')).toEqual({
			name: 'Status',
			value: 'Status',
			description: 'Status',
		});
		expect(listed.find((option) => option.value === 'Priority')?.description).toBe('Single Select');
		// One list of the solution's tables, which carries their structures.
		expect(emu.requests.map((request) => request.operation)).toEqual(['ListTables']);

		// The Field Types table: no formula, rollup or time (SmartSuite cannot filter by them).
		const typed = (await fields(trigger, watching(solution.id, 'tables', [types.id]), version)).map(
			(option) => option.value,
		);
		expect(typed).toContain('Quantity');
		expect(typed).not.toContain('Summary');
		expect(typed).not.toContain('Related Quantity');
		expect(typed).not.toContain('Opens');
		// Watching some fields of one table: the table's fields.
		expect(
			(await fields(trigger, watching(solution.id, 'fields', [tasks.id]), version)).map(
				(option) => option.value,
			),
		).toEqual(TASKS_FIELDS);
	});

	it('a field’s comparisons are those of its type the trigger can decide: a linked record field without contains', async () => {
		const { solution, tasks } = seed();
		const scope = watching(solution.id, 'tables', [tasks.id]);
		expect(await comparisons(trigger, scope, version, 'Status')).toEqual([
			'is',
			'is_not',
			'is_any_of',
			'is_none_of',
			'is_empty',
			'is_not_empty',
		]);
		expect(await comparisons(trigger, scope, version, 'Linked Tasks')).toEqual([
			'has_any_of',
			'has_all_of',
			'is_exactly',
			'has_none_of',
			'is_empty',
			'is_not_empty',
		]);
		expect(await comparisons(trigger, scope, version, '')).toEqual([]);
		expect(await comparisons(trigger, scope, version, 'Stage')).toEqual([]);
	});

	it('several tables: each label once (in any case), what only some tables have said so, the comparisons every table takes', async () => {
		const { solution, tasks, deals } = seed();
		const scope = watching(solution.id, 'tables', [tasks.id, deals.id]);
		const listed = await fields(trigger, scope, version);
		expect(listed.map((option) => option.value)).toEqual([...TASKS_FIELDS, 'Amount']);
		expect(listed.find((option) => option.value === 'Status')?.description).toBe('Status / Text');
		expect(listed.find((option) => option.value === 'Amount')?.description).toBe(
			'Number · only in Deals',
		);
		expect(listed.find((option) => option.value === 'Priority')?.description).toBe(
			'Single Select · only in Tasks',
		);
		// A status field and a text field (Deals' "status") take these both.
		expect(await comparisons(trigger, scope, version, 'Status')).toEqual([
			'is',
			'is_not',
			'is_empty',
			'is_not_empty',
		]);
		expect(await comparisons(trigger, scope, version, 'Amount')).toContain('is_greater_than');
	});

	it('a whole solution: the fields of all its tables, each label once', async () => {
		const { solution } = seed();
		const listed = (await fields(trigger, watching(solution.id, 'solution'), version)).map(
			(option) => option.value,
		);
		expect(listed.slice(0, TASKS_FIELDS.length)).toEqual(TASKS_FIELDS);
		expect(listed).toContain('Amount');
		expect(listed).toContain('Quantity');
		expect(listed).not.toContain('Summary');
		expect(new Set(listed.map((label) => label.toLowerCase())).size).toBe(listed.length);
		expect(emu.requests.map((request) => request.operation)).toEqual(['ListTables']);
	});

	it('nothing watched yet (no solution, no table): no field, no request', async () => {
		const { solution } = seed();
		expect(await fields(trigger, { ...source, watch: 'tables', tableIds: [] }, version)).toEqual(
			[],
		);
		expect(await fields(trigger, watching(solution.id, 'tables', []), version)).toEqual([]);
		expect(emu.requests).toEqual([]);
	});

	it('the rule’s lists reload when the watched tables change, and the trigger registers them', () => {
		const options = trigger.description.properties.find((property) => property.name === 'options')!
			.options as INodeProperties[];
		const rules = options.find((option) => option.name === 'conditionRules')!;
		const [field, comparison] = (rules.options as Array<{ values: INodeProperties[] }>)[0].values;
		for (const [property, method] of [
			[field, 'getConditionFields'],
			[comparison, 'getConditionComparisons'],
		] as const) {
			expect(property.typeOptions?.loadOptionsMethod).toBe(method);
			expect(property.typeOptions?.loadOptionsDependsOn).toEqual(
				expect.arrayContaining(['solutionId.value', 'watch', 'tableIds', 'tableId.value']),
			);
			expect(trigger.methods?.loadOptions?.[method]).toBeInstanceOf(Function);
		}
		expect(comparison.typeOptions?.loadOptionsDependsOn).toContain('&field');
	});
});

describe('SmartSuite Polling Trigger reading an existing webhook', () => {
	it('lists the fields of the tables the webhook watches', async () => {
		const { solution, deals } = seed();
		const webhook = emu.createWebhook({
			locator: { account_id: emu.workspaceId, solution_id: solution.id },
			filter: { applications: { application_ids: [deals.id] } },
		});
		emu.resetLog();
		const scope = { source: 'existing', webhookId: locator(webhook.webhook_id) };
		expect((await fields(polling, scope, 2)).map((option) => option.value)).toEqual([
			'Title',
			'status',
			'Amount',
		]);
		expect(emu.requests.map((request) => request.operation)).toEqual(['GetWebhook', 'ListTables']);
		// Version 1 reads an existing webhook, its id a plain string.
		expect(
			(await fields(polling, { webhookId: webhook.webhook_id }, 1)).map((option) => option.value),
		).toEqual(['Title', 'status', 'Amount']);
	});
});
