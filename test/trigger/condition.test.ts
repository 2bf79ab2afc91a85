/**
 * Only Records That and Emit When (issue 59) in both triggers, through n8n-core's PollContext and
 * the Instant Trigger's webhook against the emulator: five changes of a Tasks table, and which of
 * them each Emit When emits, with the requests of the same poll or notifications without the
 * condition.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import type { Emulator } from '../emulator';
import { startEmulator } from '../emulator';
import { startInstantTrigger, watchingTable } from '../helpers/instant';
import { createPoller, credentialsFor, shutdownN8nCore } from '../helpers/n8n';
import { TRIGGER_NAME, emitted, restoreStaticData } from './helpers';

let emu: Emulator;
beforeEach(async () => {
	emu = await startEmulator();
});
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
	await emu.settleNotifications();
	await Promise.all(closers.splice(0).map((close) => close()));
	await emu.close();
});
afterAll(() => shutdownN8nCore());

const IS_COMPLETE = {
	operator: 'and',
	fields: [{ field: 'Status', comparison: 'is', value: 'Complete' }],
};
const status = (value: string) => ({ status: { value } });
/** The same condition in the rules builder (Only Records That, Only Records That Match). */
const IS_COMPLETE_RULES = {
	conditionRules: { rule: [{ field: 'Status', comparison: 'is', value: 'Complete' }] },
};

/** A new solution with a Tasks table (the usual fields). */
function tasksTable() {
	const solution = emu.addSolution({ name: 'Projects' });
	return emu.addTable(solution.id, { name: 'Tasks' });
}

/** The polling trigger (version 2) creating its webhook on `table` (or its whole solution), with these options. */
const managedParameters = (
	table: { id: string; solution: string },
	options: INodeParameters,
	watch: 'tables' | 'solution' = 'tables',
): INodeParameters => ({ source: 'managed', ...watchingTable(table, options), watch });

const managedPoller = (parameters: INodeParameters) =>
	createPoller(new SmartSuiteTrigger(), {
		name: TRIGGER_NAME,
		credentials: credentialsFor(emu),
		parameters,
		typeVersion: 2,
	});

/** A trigger of either kind on one table: `start` activates it, `after` makes a change and returns what it emitted. */
interface Driven {
	start(): Promise<void>;
	after(change: () => void): Promise<IDataObject[]>;
}

function polling(table: { id: string; solution: string }, options: INodeParameters): Driven {
	const poller = managedPoller(managedParameters(table, options));
	let changes: Array<() => void> = [];
	return {
		async start() {
			expect(await poller.poll()).toBeNull();
		},
		// The changes are polled together, as a poll finds them: the last change polls.
		async after(change) {
			changes.push(change);
			if (changes.length < 5) return [];
			for (const made of changes) made();
			changes = [];
			return emitted(await poller.poll());
		},
	};
}

async function instant(
	table: { id: string; solution: string },
	options: INodeParameters,
): Promise<Driven> {
	const trigger = await startInstantTrigger({
		credentials: credentialsFor(emu),
		parameters: watchingTable(table, options),
	});
	closers.push(trigger.close);
	return {
		start: async () => await trigger.activate(),
		// Each change notifies n8n; its execution holds what it emitted.
		async after(change) {
			const before = trigger.executions.length;
			change();
			await emu.settleNotifications();
			return trigger.executions.slice(before).flat();
		},
	};
}

/**
 * Tasks A (backlog), B and C (complete) and D (backlog); once the trigger is active: A becomes
 * Complete (1), B's title changes (2), C goes back to In Progress (3), E is created Complete (4),
 * D's title changes (5). Returns the titles emitted and the requests made after activation.
 */
async function fiveChanges(
	kind: 'polling' | 'instant',
	options: INodeParameters,
): Promise<{ titles: unknown[]; requests: string[] }> {
	const table = tasksTable();
	const id = (title: string, value: string) =>
		emu.createRecord(table.id, { title, ...status(value) }).record.id;
	const [a, b, c, d] = [
		id('A', 'backlog'),
		id('B', 'complete'),
		id('C', 'complete'),
		id('D', 'backlog'),
	];
	const trigger = kind === 'polling' ? polling(table, options) : await instant(table, options);
	await trigger.start();
	emu.resetLog();
	const changes = [
		() => emu.updateRecord(table.id, a, status('complete')),
		() => emu.updateRecord(table.id, b, { title: 'B renamed' }),
		() => emu.updateRecord(table.id, c, status('in_progress')),
		() => emu.createRecord(table.id, { title: 'E', ...status('complete') }),
		() => emu.updateRecord(table.id, d, { title: 'D renamed' }),
	];
	const items: IDataObject[] = [];
	for (const change of changes) items.push(...(await trigger.after(change)));
	return {
		titles: items.map((item) => (item.record as IDataObject).Title),
		requests: emu.requests.map((request) => String(request.operation)).sort(),
	};
}

describe.each(['polling', 'instant'] as const)('%s trigger: Only Records That', (kind) => {
	let without: { titles: unknown[]; requests: string[] };
	beforeEach(async () => {
		without = await fiveChanges(kind, {});
		expect(without.titles).toEqual(['A', 'B renamed', 'C', 'E', 'D renamed']);
		await restartEmulator();
	});

	test.each([
		['enters', ['A', 'E']],
		['matches', ['A', 'B renamed', 'E']],
		['leaves', ['C']],
	])(
		'Emit When %s emits %j of five changes, with the requests of the same run without it',
		async (conditionChange, titles) => {
			const run = await fiveChanges(kind, {
				condition: JSON.stringify(IS_COMPLETE),
				conditionChange,
			});
			expect(run.titles).toEqual(titles);
			expect(run.requests).toEqual(without.requests);
		},
	);

	test.each(['enters', 'matches', 'leaves'])(
		'Emit When %s with the rules builder emits what it emits with the same condition in JSON',
		async (conditionChange) => {
			const json = await fiveChanges(kind, {
				condition: JSON.stringify(IS_COMPLETE),
				conditionChange,
			});
			await restartEmulator();
			const rules = await fiveChanges(kind, { ...IS_COMPLETE_RULES, conditionChange });
			expect(rules).toEqual(json);
		},
	);

	test.each([
		['and', ['B renamed']],
		['or', ['A', 'B renamed', 'E', 'D renamed']],
	])('rules with Only Records That Match %s', async (conditionMatch, titles) => {
		const run = await fiveChanges(kind, {
			conditionRules: {
				rule: [
					{ field: 'Status', comparison: 'is', value: 'Complete' },
					{ field: 'title', comparison: 'contains', value: 'renamed' },
				],
			},
			conditionMatch,
		});
		expect(run.titles).toEqual(titles);
	});
});

/** A new emulator, as a test that runs two triggers one after the other needs. */
async function restartEmulator(): Promise<void> {
	await emu.settleNotifications();
	await Promise.all(closers.splice(0).map((close) => close()));
	await emu.close();
	emu = await startEmulator();
}

describe('the rules and the JSON both given', () => {
	const BOTH =
		'Only Records That: the rules (Only Records That) and the JSON (Only Records That (JSON)) are both given; remove one of them from the options';
	const both = { ...IS_COMPLETE_RULES, condition: JSON.stringify(IS_COMPLETE) };

	test('the polling trigger refuses them before any request, Fetch Test Event too', async () => {
		const poller = managedPoller(managedParameters(tasksTable(), both));
		await expect(poller.poll()).rejects.toThrow(BOTH);
		await expect(poller.poll('manual')).rejects.toThrow(BOTH);
		expect(emu.requests).toEqual([]);
	});

	test('the SmartSuite Trigger refuses them at activation, Match alone named too', async () => {
		const trigger = await startInstantTrigger({
			credentials: credentialsFor(emu),
			parameters: watchingTable(tasksTable(), {
				condition: JSON.stringify(IS_COMPLETE),
				conditionMatch: 'or',
			}),
		});
		closers.push(trigger.close);
		await expect(trigger.activate()).rejects.toThrow(
			'Only Records That: the rules (Only Records That Match) and the JSON (Only Records That (JSON)) are both given',
		);
		expect(emu.webhooks()).toEqual([]);
	});
});

describe('polling trigger: events the condition leaves out', () => {
	/**
	 * A poller of a Tasks table with this condition (JSON, or the options of the rules builder; Emit
	 * When enters), watching the table or its whole solution.
	 */
	function tasksPoller(
		condition: string | INodeParameters,
		watch: 'tables' | 'solution' = 'tables',
	) {
		const table = tasksTable();
		const given = typeof condition === 'string' ? { condition } : condition;
		const poller = managedPoller(
			managedParameters(table, { ...given, conditionChange: 'enters' }, watch),
		);
		/** The condition made right: the events the refused polls did not pass over are judged. */
		const fixed = () =>
			poller.setParameters(
				managedParameters(table, { condition: JSON.stringify(IS_COMPLETE) }, watch),
			);
		return { table, poller, fixed };
	}

	test('are never emitted later, even when n8n drops the state of a poll that emitted nothing', async () => {
		const { table, poller } = tasksPoller(JSON.stringify(IS_COMPLETE));
		const a = emu.createRecord(table.id, { title: 'A', ...status('backlog') }).record.id;
		expect(await poller.poll()).toBeNull();
		const saved = structuredClone(poller.staticData());
		emu.updateRecord(table.id, a, { title: 'A renamed' });
		expect(await poller.poll()).toBeNull();
		// n8n may keep no state of a poll that returned nothing: the same events are read again.
		restoreStaticData(poller, saved);
		expect(await poller.poll()).toBeNull();
		emu.updateRecord(table.id, a, status('complete'));
		const titles = emitted(await poller.poll()).map((item) => (item.record as IDataObject).Title);
		expect(titles).toEqual(['A renamed']);
		expect(await poller.poll()).toBeNull();
	});

	test.each([
		[
			{ fields: [{ field: 'Stage', comparison: 'is', value: 'Complete' }] },
			'The filter names no field of the table: "Stage"',
		],
		[
			{ fields: [{ field: 'Status', comparison: 'is', value: 'Finished' }] },
			'The filter rule on "Status" cannot be used: is "Finished"',
		],
		[
			'{"fields": [',
			'Only Records That: The filter is not valid JSON: "{\\"fields\\": [". Expected: {"operator": "and" or "or", "fields": [{"field"',
		],
		[
			{ fields: [{ field: 'Status', comparison: 'is' }], sort: [{ field: 'Title' }] },
			'Only Records That: a condition has no sort',
		],
	])(
		'%j is refused with Search’s error when the trigger is activated (its webhook deleted)',
		async (condition, message) => {
			const given = typeof condition === 'string' ? condition : JSON.stringify(condition);
			const { table, poller, fixed } = tasksPoller(given);
			await expect(poller.poll()).rejects.toThrow(message);
			expect(emu.webhooks()).toEqual([]);
			fixed();
			expect(await poller.poll()).toBeNull();
			emu.createRecord(table.id, { title: 'A', ...status('complete') });
			const titles = emitted(await poller.poll()).map((item) => (item.record as IDataObject).Title);
			expect(titles).toEqual(['A']);
		},
	);

	test('rules whose value the field cannot take are refused with the JSON’s error when the trigger is activated', async () => {
		const { poller } = tasksPoller({
			conditionRules: { rule: [{ field: 'Status', comparison: 'is', value: 'Finished' }] },
		});
		await expect(poller.poll()).rejects.toThrow(
			'The filter rule on "Status" cannot be used: is "Finished"',
		);
		expect(emu.webhooks()).toEqual([]);
	});

	test('watching a whole solution, a table is checked at its first event: the poll fails and passes over nothing', async () => {
		const message = 'The filter names no field of the table: "Stage"';
		const { table, poller, fixed } = tasksPoller(
			JSON.stringify({ fields: [{ field: 'Stage', comparison: 'is', value: 'Complete' }] }),
			'solution',
		);
		expect(await poller.poll()).toBeNull();
		emu.createRecord(table.id, { title: 'A', ...status('complete') });
		await expect(poller.poll()).rejects.toThrow(message);
		await expect(poller.poll()).rejects.toThrow(message);
		fixed();
		const titles = emitted(await poller.poll()).map((item) => (item.record as IDataObject).Title);
		expect(titles).toEqual(['A']);
	});
});

test('instant trigger: a condition naming no field of the watched table fails the activation', async () => {
	const table = tasksTable();
	const trigger = await startInstantTrigger({
		credentials: credentialsFor(emu),
		parameters: watchingTable(table, {
			condition: JSON.stringify({ fields: [{ field: 'Stage', comparison: 'is', value: 'Done' }] }),
		}),
	});
	closers.push(trigger.close);
	await expect(trigger.activate()).rejects.toThrow(
		'The filter names no field of the table: "Stage"',
	);
	expect(emu.webhooks()).toEqual([]);
});

test('polling trigger with Simplify off: the events as SmartSuite sends them, and one structure read for the condition', async () => {
	const run = async (options: INodeParameters) => {
		const table = tasksTable();
		const poller = managedPoller(managedParameters(table, { simplify: false, ...options }));
		expect(await poller.poll()).toBeNull();
		emu.resetLog();
		emu.createRecord(table.id, { title: 'Open', ...status('backlog') });
		emu.createRecord(table.id, { title: 'Done', ...status('complete') });
		const events = emitted(await poller.poll());
		return {
			titles: events.map(
				(event) => ((event.record_event_data as IDataObject).data as IDataObject).title,
			),
			requests: emu.requests.map((request) => String(request.operation)).sort(),
		};
	};
	expect(await run({})).toEqual({ titles: ['Open', 'Done'], requests: ['ListEvents'] });
	expect(await run({ condition: JSON.stringify(IS_COMPLETE), conditionChange: 'enters' })).toEqual({
		titles: ['Done'],
		requests: ['GetTable', 'ListEvents'],
	});
});

test('Fetch Test Event shows the latest change whatever the condition, and says so when the condition cannot be read', async () => {
	const table = tasksTable();
	emu.addRecord(table.id, { title: 'Draft the plan' });
	const fetch = (condition: string) =>
		managedPoller(managedParameters(table, { condition })).poll('manual');

	await expect(fetch('{"fields": [')).rejects.toThrow('Only Records That:');
	const sample = emitted(await fetch(JSON.stringify(IS_COMPLETE)));
	// The record does not pass the condition (it is not Complete): shown all the same, as a sample.
	expect(sample).toMatchObject([{ sample: true, record: { Title: 'Draft the plan' } }]);
});

test.each([
	[
		'the JSON',
		{
			condition: JSON.stringify({
				fields: [{ field: 'Status', comparison: 'is', value: 'Finished' }],
			}),
		},
	],
	[
		'the rules',
		{ conditionRules: { rule: [{ field: 'Status', comparison: 'is', value: 'Finished' }] } },
	],
])(
	'Fetch Test Event shows the error of a condition a watched table refuses, given in %s, as activation would',
	async (_form, options) => {
		const table = tasksTable();
		emu.addRecord(table.id, { title: 'Draft the plan' });
		const poller = managedPoller(managedParameters(table, options as INodeParameters));
		await expect(poller.poll('manual')).rejects.toThrow(
			'The filter rule on "Status" cannot be used: is "Finished"',
		);
		expect(emu.webhooks()).toEqual([]);
	},
);
