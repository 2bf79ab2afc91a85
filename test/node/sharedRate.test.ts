/**
 * Issue 57: a key whose rate is lower than the pace's (past the plan's quota SmartSuite allows 2
 * requests a second), or shared with another client. A 429 holds every request of the key for its
 * wait and lowers the key's rate, so the key is refused once, not after each penalty again, and
 * the next run not at all. Against the emulator's rate limit with SmartSuite's penalty (short
 * here: 3 s in place of 30 s); asserted on the answers the emulator gave. Each test has an
 * emulator of its own and a key of its own: the pace keeps what it learned per key.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PACE } from '../../nodes/SmartSuite/shared/transport/pace';
import { type Emulator, type ReceivedRequest, type Variant, startEmulator } from '../emulator';
import { credentialsFor, shutdownN8nCore } from '../helpers/n8n';
import { emitted } from '../trigger/helpers';
import { createPoller } from '../helpers/n8n';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { run } from './harness';

// The pace as shipped (the other suites run without it: test/helpers/setup-env.ts).
const UNPACED = { ...PACE };
beforeAll(() => (PACE.windowMs = 1000));
afterAll(() => {
	Object.assign(PACE, UNPACED);
	shutdownN8nCore();
});

let emu: Emulator;
let keys = 0;
/** An emulator with its own key (what the pace learned of another test's key does not apply). */
async function limited(variant: Partial<Variant>): Promise<Emulator> {
	keys += 1;
	emu = await startEmulator({
		apiKey: `shared-rate-key-${keys}-`.padEnd(40, '0'),
		variant: { rateLimitPenaltySeconds: 3, ...variant },
	});
	return emu;
}
afterEach(async () => await emu.close());

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const getEach = (tableId: string): INodeParameters => ({
	resource: 'record',
	operation: 'get',
	tableId: locator(tableId),
	recordId: locator('={{ $json.id }}'),
});

function tableWithRecords(count: number): { tableId: string; ids: IDataObject[] } {
	const table = emu.addTable(emu.addSolution().id);
	const ids = Array.from({ length: count }, (_x, i) => ({
		id: emu.addRecord(table.id, { title: `Record ${i}` }).id,
	}));
	return { tableId: table.id, ids };
}

/** The runs of 429s the emulator answered, each ended by a request it let through. */
function refusedBursts(requests: ReceivedRequest[]): number[] {
	const bursts: number[] = [];
	let last = 200;
	for (const { status } of requests) {
		if (status === 429) {
			if (last === 429) bursts[bursts.length - 1] += 1;
			else bursts.push(1);
		}
		last = status;
	}
	return bursts;
}

/** 30 reads one by one, twice: at most one burst refused in the first run, none in the second. */
async function readTwice(): Promise<{ first: number[]; second: number[] }> {
	const { tableId, ids } = tableWithRecords(30);
	const firstRun = await run(emu, { parameters: getEach(tableId), input: ids });
	expect(firstRun).toHaveLength(30);
	const first = refusedBursts(emu.requests);
	emu.resetLog();
	const secondRun = await run(emu, { parameters: getEach(tableId), input: ids });
	expect(secondRun).toHaveLength(30);
	return { first, second: refusedBursts(emu.requests) };
}

it('a key past its quota (2 a second): 30 reads one by one are refused once, the next run never', async () => {
	await limited({ rateLimitPerSecond: 2 });

	const { first, second } = await readTwice();

	expect(first.length).toBeLessThanOrEqual(1);
	expect(second).toEqual([]);
}, 120_000);

it('a key with another client spending 2 of its 5 a second: refused once, the next run never', async () => {
	await limited({ rateLimitPerSecond: 5, rateLimitOtherClientPerSecond: 2 });

	const { first, second } = await readTwice();

	expect(first.length).toBeLessThanOrEqual(1);
	expect(second).toEqual([]);
}, 120_000);

it('a Retry-After of 0 within a penalty sends nothing into it: three runs and a poll at once', async () => {
	await limited({
		rateLimitPerSecond: 3,
		rateLimitRetryAfter: 'zeroInPenalty',
		maxPageSize: 50,
	});
	const { webhook_id: webhookId } = emu.createWebhook();
	emu.appendEvents(webhookId, 300);
	const trigger = createPoller(new SmartSuiteTrigger(), {
		name: 'SmartSuite Polling Trigger',
		credentials: credentialsFor(emu),
		parameters: {
			webhookId,
			events: [],
			options: { simplify: false, startFrom: 'allStoredEvents' },
		},
	});
	const { tableId, ids } = tableWithRecords(24);

	const [events, ...outputs] = await Promise.all([
		trigger.poll(),
		...[0, 1, 2].map(
			async (part) =>
				await run(emu, { parameters: getEach(tableId), input: ids.slice(part * 8, part * 8 + 8) }),
		),
	]);

	expect(emitted(events)).toHaveLength(300);
	expect(outputs.map((output) => output.length)).toEqual([8, 8, 8]);
	// The requests already under way when the first 429 came back: none was sent after it within the penalty.
	const refused = emu.requests.filter((request) => request.status === 429);
	expect(refused.length).toBeLessThanOrEqual(4);
	expect(refusedBursts(emu.requests).length).toBeLessThanOrEqual(1);
}, 120_000);

it('keeps to the Requests per Second the credential sets: 2 where the key has room for 3', async () => {
	await limited({ rateLimitPerSecond: 3 });
	const { tableId, ids } = tableWithRecords(12);

	const output = await run(emu, {
		parameters: getEach(tableId),
		input: ids,
		credentials: { requestsPerSecond: 2 },
	});

	expect(output).toHaveLength(12);
	expect(emu.requests).toHaveLength(14); // and a structure read and a members read
	expect(emu.requests.filter((request) => request.status === 429)).toEqual([]);
}, 60_000);
