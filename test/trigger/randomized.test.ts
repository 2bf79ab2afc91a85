/**
 * Exactly once under chaos: seeded runs of many polls, each preceded by random appends (with a
 * kind no one knows yet, elements that are not events, events whose time stamps are out of stream
 * order), variant switches, faults of every kind (expired tokens among them), slow answers against
 * a short poll budget, polls that overlap (n8n starts the next poll while one still runs), n8n
 * restarts (the static data goes back to what n8n last saved), "Fetch test event" clicks and Page
 * Size edits. At the end the concatenation of everything emitted must be the matching events in
 * the emulator's order, none twice. Run seeds again with TRIGGER_SEED=<seed>[,<seed>…].
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { IDataObject } from 'n8n-workflow';

import { POLL_LIMITS } from '../../nodes/SmartSuite/trigger/limits';
import { isJsonObject } from '../../nodes/SmartSuite/shared/transport';

import type { Emulator, FaultAction, Variant } from '../emulator';
import { DEFAULT_VARIANT, startEmulator } from '../emulator';
import { shutdownN8nCore } from '../helpers/n8n';
import { emitted, idsOf, restoreStaticData, triggerFor } from './helpers';
import type { Random } from './prng';
import { prng } from './prng';

const POLLS = 60;
const SEEDS = process.env.TRIGGER_SEED
	? process.env.TRIGGER_SEED.split(',').map(Number)
	: [1337, 4242, 90210];
const KINDS = ['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED', 'RECORD_COMMENTED'];
const STORED_BEFORE_ACTIVATION = 20;
const DEFAULT_LIMITS = { ...POLL_LIMITS };
const MALFORMED = ['null', '42', '"text"', '[1, 2]', 'true'];

function randomVariant(random: Random): Partial<Variant> {
	return {
		endOfStream: random.pick(['emptyToken', 'omittedToken', 'emptyPage'] as const),
		omitEmpty: random.chance(0.5),
		tokenFormat: random.pick(['numeric', 'opaque'] as const),
		tokens: random.pick(['durable', 'expiring'] as const),
		tokenTtlMs: random.pick([60_000, 50]),
		errorBodies: random.pick(['structured', 'plain'] as const),
	};
}

function randomFault(random: Random): FaultAction {
	return random.pick<() => FaultAction>([
		() => ({ type: 'status', status: random.pick([500, 502, 503] as const) }),
		() => ({ type: 'rateLimit', retryAfterSeconds: random.pick([0, 0, 600]) }),
		() => ({ type: 'delay', ms: 2 }),
		() => ({ type: 'drop' }),
		() => ({ type: 'badJson' }),
		() => ({ type: 'appendEvents', count: 1 + random.integer(5) }),
		() => ({ type: 'repeatEvent' }),
		() => ({ type: 'expireTokens' }),
		() => ({ type: 'expireWebhook' }),
	])();
}

let emu: Emulator;
beforeAll(async () => {
	emu = await startEmulator();
});
afterAll(async () => {
	shutdownN8nCore();
	await emu.close();
});

test.each(SEEDS)(
	`randomized: ${POLLS} polls with faults and restarts, seed %i`,
	async (seed) => {
		const random = prng(seed);
		emu.setVariant(DEFAULT_VARIANT);
		emu.clearFaults();
		const { webhook_id: webhookId } = emu.createWebhook();
		emu.appendEvents(webhookId, STORED_BEFORE_ACTIVATION);
		const events = random.chance(0.5) ? ['RECORD_CREATED', 'RECORD_DELETED'] : [];
		const parametersWithPageSize = (pageSize: number) => ({
			webhookId,
			events,
			options: { pageSize, maxEventsPerPoll: 9 },
		});
		const trigger = triggerFor(emu, webhookId, parametersWithPageSize(4));

		// Activation: n8n saves the state after this poll even though it returns nothing.
		expect(await trigger.poll()).toBeNull();
		let saved = trigger.staticData();
		const received: IDataObject[] = [];
		const history: string[] = [`seed ${seed}, events filter [${events}]`];

		async function pollOnce(step: string) {
			try {
				const output = await trigger.poll();
				received.push(...emitted(output));
				// n8n saves the static data only when a poll emits.
				if (output) saved = trigger.staticData();
				history.push(`${step}: emitted ${emitted(output).length}`);
			} catch (error) {
				history.push(`${step}: threw ${(error as Error).message}`);
			}
		}

		async function pollAndRecord(step: string) {
			await pollOnce(step);
			emu.clearFaults();
			Object.assign(POLL_LIMITS, DEFAULT_LIMITS);
			expect(Buffer.byteLength(JSON.stringify(trigger.staticData()))).toBeLessThan(2048);
		}

		let outOfOrder = 0;
		/** Elements that are not events, and events time-stamped up to an hour before the last one. */
		function appendOddElements() {
			const odd: string[] = [];
			if (random.chance(0.2)) odd.push(random.pick(MALFORMED));
			if (random.chance(0.25)) {
				const event_at = new Date(Date.now() - random.integer(3_600_000)).toISOString();
				odd.push(
					JSON.stringify({
						event_id: `${webhookId}.late${++outOfOrder}`,
						kind: random.pick(KINDS),
						event_at,
					}),
				);
			}
			emu.appendRawElements(webhookId, odd);
			return odd.length;
		}

		for (let step = 1; step <= POLLS; step++) {
			const appended = random.pick([0, 0, 1, 2, 3, 5, 8, 13]);
			emu.appendEvents(
				webhookId,
				Array.from({ length: appended }, () => ({ kind: random.pick(KINDS) })),
			);
			const odd = appendOddElements();
			if (random.chance(0.3)) emu.setVariant(randomVariant(random));
			const faults = random.chance(0.6) ? 1 + random.integer(3) : 0;
			for (let i = 0; i < faults; i++) {
				emu.injectFault({
					operation: 'ListEvents',
					skip: random.integer(4),
					times: random.pick([1, 1, 2]),
					action: randomFault(random),
				});
			}
			if (random.chance(0.15)) {
				restoreStaticData(trigger, saved);
				history.push(`${step}: n8n restarted`);
			}
			if (random.chance(0.1)) {
				const pageSize = random.pick([2, 4, 7, 20]);
				trigger.setParameters(parametersWithPageSize(pageSize));
				history.push(`${step}: Page Size set to ${pageSize}`);
			}
			if (random.chance(0.1)) {
				const before = trigger.staticData();
				await trigger.poll('manual').catch(() => undefined);
				expect(trigger.staticData()).toEqual(before);
			}
			if (random.chance(0.15)) {
				// Slow answers against a short budget: the poll stops early and the next one goes on.
				POLL_LIMITS.budgetMs = random.pick([100, 300]);
				const ms = random.pick([30, 80]);
				emu.injectFault({
					operation: 'ListEvents',
					times: Infinity,
					action: { type: 'delay', ms },
				});
				history.push(`${step}: answers take ${ms} ms, budget ${POLL_LIMITS.budgetMs} ms`);
			}
			history.push(
				`${step}: +${appended} events, +${odd} odd elements, ${faults} faults, variant ${JSON.stringify(emu.variant())}`,
			);
			if (random.chance(0.15)) {
				// n8n starts the next poll on time while this one still waits for its first answer.
				emu.injectFault({ operation: 'ListEvents', action: { type: 'delay', ms: 150 } });
				const slow = pollOnce(`poll ${step} (slow)`);
				await sleep(30);
				await pollOnce(`poll ${step} (overlapping)`);
				await slow;
			}
			await pollAndRecord(`poll ${step}`);
		}

		emu.setVariant(DEFAULT_VARIANT);
		for (let step = 1; step <= 100; step++) {
			const before = received.length;
			await pollAndRecord(`clean poll ${step}`);
			if (received.length === before) break;
		}

		const expected = emu
			.elements(webhookId)
			.slice(STORED_BEFORE_ACTIVATION)
			.filter(isJsonObject)
			.filter((event) => events.length === 0 || events.includes(String(event.kind)));
		const receivedIds = idsOf(received);
		if (JSON.stringify(receivedIds) !== JSON.stringify(idsOf(expected)))
			console.log(history.join('\n'));
		expect(new Set(receivedIds).size).toBe(receivedIds.length);
		expect(receivedIds).toEqual(idsOf(expected));
		expect(expected.length).toBeGreaterThan(20);
	},
	120_000,
);
