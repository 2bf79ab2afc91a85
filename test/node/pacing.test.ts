/**
 * Issues 49 and 57: requests are paced under SmartSuite's 5 a second per API key, across items and runs,
 * against the emulator with its rate limit on. Asserted on the 429s and the spacing the emulator
 * saw; the bounds on time are loose (twice what the limit allows).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PACE } from '../../nodes/SmartSuite/shared/transport/pace';
import type { Emulator, ReceivedRequest } from '../emulator';
import { emitted, triggerFor } from '../trigger/helpers';
import { run, useEmulator } from './harness';

const ctx = useEmulator();
// The pace as shipped (the other suites run without it: test/helpers/setup-env.ts).
const SHIPPED = { ...PACE, windowMs: 1000 };
const UNPACED = { ...PACE };
beforeAll(() => Object.assign(PACE, SHIPPED));
afterAll(() => Object.assign(PACE, UNPACED));
beforeEach(() => ctx.emu.setVariant({ rateLimitPerSecond: 5 }));

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const op = (operation: string, tableId: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'record',
	operation,
	tableId: locator(tableId),
	...extra,
});
const create = (tableId: string) =>
	op('create', tableId, {
		columns: { mappingMode: 'defineBelow', value: { title: '={{ $json.title }}' } },
	});
const getEach = (tableId: string) => op('get', tableId, { recordId: locator('={{ $json.id }}') });

function tableWithRecords(emu: Emulator, count: number): { tableId: string; ids: IDataObject[] } {
	const table = emu.addTable(emu.addSolution().id);
	const ids = Array.from({ length: count }, (_x, i) => ({
		id: emu.addRecord(table.id, { title: `Record ${i}` }).id,
	}));
	return { tableId: table.id, ids };
}

/** The most requests the emulator received within any one second. */
function mostInASecond(requests: ReceivedRequest[]): number {
	const times = requests.map((request) => request.receivedAt);
	return Math.max(...times.map((at) => times.filter((t) => t >= at && t < at + 1000).length));
}

/** What SmartSuite's limit allows at best for n requests: 5 a second. */
const limitMs = (requests: number) => (requests / 5) * 1000;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
	const started = Date.now();
	const result = await work();
	return { result, ms: Date.now() - started };
}

it('creates 500 items without a 429, in well under twice the time the limit allows', async () => {
	const { emu } = ctx;
	const table = emu.addTable(emu.addSolution().id);
	const input = Array.from({ length: 500 }, (_x, i) => ({ title: `Record ${i}` }));

	const { result: output, ms } = await timed(
		async () => await run(emu, { parameters: create(table.id), input }),
	);

	expect(output).toHaveLength(500);
	// One structure read, 20 bulk creates of 25, the members read for the records' `by`.
	expect(emu.requests).toHaveLength(22);
	expect(emu.requests.filter((request) => request.status === 429)).toEqual([]);
	expect(mostInASecond(emu.requests)).toBeLessThanOrEqual(5);
	expect(ms).toBeLessThan(2 * limitMs(22));
}, 60_000);

it('reads 40 records one by one without a 429, in well under twice the time the limit allows', async () => {
	const { emu } = ctx;
	const { tableId, ids } = tableWithRecords(emu, 40);

	const { result: output, ms } = await timed(
		async () => await run(emu, { parameters: getEach(tableId), input: ids }),
	);

	expect(output).toHaveLength(40);
	expect(emu.requests).toHaveLength(42); // and a structure read and a members read
	expect(emu.requests.filter((request) => request.status === 429)).toEqual([]);
	expect(mostInASecond(emu.requests)).toBeLessThanOrEqual(5);
	expect(ms).toBeLessThan(2 * limitMs(42));
}, 60_000);

it('paces two runs at once with one key together: no 429', async () => {
	const { emu } = ctx;
	const { tableId, ids } = tableWithRecords(emu, 24);

	const outputs = await Promise.all([
		run(emu, { parameters: getEach(tableId), input: ids.slice(0, 12) }),
		run(emu, { parameters: getEach(tableId), input: ids.slice(12) }),
	]);

	expect(outputs.map((output) => output.length)).toEqual([12, 12]);
	expect(emu.requests).toHaveLength(28); // each run: a structure read and a members read
	expect(emu.requests.filter((request) => request.status === 429)).toEqual([]);
	expect(mostInASecond(emu.requests)).toBeLessThanOrEqual(5);
}, 60_000);

it('does not delay the first request of a run that starts after a pause; the next go a quarter second apart', async () => {
	const { emu } = ctx;
	const { tableId, ids } = tableWithRecords(emu, 3);
	// Whatever an earlier test sent, a second without requests lets the next one go at once.
	await new Promise((resolve) => setTimeout(resolve, 1100));

	const started = Date.now();
	await run(emu, { parameters: getEach(tableId), input: ids });

	// A structure read, three Gets and the members read, evenly spaced (not in a burst, which a
	// slow first request would join: the 429 of issue 49).
	expect(emu.requests).toHaveLength(5);
	expect(emu.requests[0].receivedAt - started).toBeLessThan(500);
	expect(emu.requests[3].receivedAt - emu.requests[0].receivedAt).toBeLessThan(1000);
});

it("paces a trigger's poll and the node's run at once on one key together: no 429", async () => {
	const { emu } = ctx;
	emu.setVariant({ rateLimitPerSecond: 5, maxPageSize: 100 });
	const { webhook_id: webhookId } = emu.createWebhook();
	emu.appendEvents(webhookId, 1_200);
	const trigger = triggerFor(emu, webhookId, {
		options: { simplify: false, startFrom: 'allStoredEvents' },
	});
	const { tableId, ids } = tableWithRecords(emu, 12);

	const [events, output] = await Promise.all([
		trigger.poll(),
		run(emu, { parameters: getEach(tableId), input: ids }),
	]);

	expect(emitted(events)).toHaveLength(1_200);
	expect(output).toHaveLength(12);
	expect(emu.requests.filter((request) => request.api === 'webhooks').length).toBeGreaterThan(12);
	expect(emu.requests.filter((request) => request.status === 429)).toEqual([]);
	expect(mostInASecond(emu.requests)).toBeLessThanOrEqual(5);
}, 60_000);
