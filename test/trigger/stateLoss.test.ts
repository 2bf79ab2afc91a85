/**
 * The managed webhook under state loss (issue 19): seeded runs of a few hundred polls where, at
 * random, changes are made, n8n drops the state of polls that returned nothing (by n8n 2.8's rule
 * and by 2.41's durable poll cursors), n8n restarts from what it saved, the webhook is deleted or
 * disabled behind the trigger's back, lists hold elements that are not entries, requests fail,
 * days pass, and "Fetch test event" is clicked. After every poll: no event twice, each webhook's
 * events come out in its order without a gap, and the solution holds at most one enabled webhook
 * of the trigger's scope. At the end: every event of every webhook still there came out.
 * More seeds: STATE_SEED=<seed>[,<seed>…].
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { CHECK_INTERVAL_MS } from '../../nodes/SmartSuite/trigger/managed';
import type { Emulator, FaultAction, Operation } from '../emulator';
import { DEFAULT_VARIANT } from '../emulator';
import { createPoller, credentialsFor } from '../helpers/n8n';
import { TRIGGER_NAME, emitted, restoreStaticData, useTriggerEmulator } from './helpers';
import { prng } from './prng';

const POLLS = 150;
const SEEDS = process.env.STATE_SEED ? process.env.STATE_SEED.split(',').map(Number) : [7, 11, 23];
const KINDS = ['RECORD_CREATED', 'RECORD_UPDATED', 'RECORD_DELETED'];
/** n8n 2.8 ('classic') and n8n 2.41 with durable poll cursors ('durable'). */
const RULES = ['classic', 'durable'] as const;

const ctx = useTriggerEmulator();
let emu: Emulator;
beforeEach(() => {
	emu = ctx.emu;
});
afterEach(() => jest.restoreAllMocks());

const isEnabled = (webhook: { system_status: object }) => 'enabled' in webhook.system_status;

describe.each(RULES)('n8n saving by the %s rule', (rule) => {
	test.each(SEEDS)(
		`${POLLS} polls of the managed trigger, seed %i`,
		async (seed) => {
			const random = prng(seed * 31 + (rule === 'durable' ? 1 : 0));
			const solution = emu.addSolution({ name: `State ${seed}` });
			const table = emu.addTable(solution.id, { name: 'Deals' });
			const parameters: INodeParameters = {
				source: 'managed',
				solutionId: { __rl: true, mode: 'id', value: solution.id },
				watch: 'tables',
				tableIds: [table.id],
				events: [],
				options: { simplify: random.chance(0.5) },
			};
			const poller = createPoller(new SmartSuiteTrigger(), {
				name: TRIGGER_NAME,
				credentials: credentialsFor(emu),
				parameters,
				typeVersion: 2,
			});
			const ofSolution = () =>
				emu.webhooks().filter((webhook) => webhook.locator.solution_id === solution.id);

			// Days pass at random; the emulator (same process) sees the same clock.
			const realNow = Date.now.bind(Date);
			let daysAhead = 0;
			jest.spyOn(Date, 'now').mockImplementation(() => realNow() + daysAhead * CHECK_INTERVAL_MS);

			let saved: IDataObject = {};
			let activation = true;
			const received: string[] = [];
			/** Every webhook's events as last seen, also of webhooks deleted since (by the test or the trigger). */
			const streams = new Map<string, string[]>();
			const snapshot = () => {
				for (const webhook of ofSolution())
					streams.set(
						webhook.webhook_id,
						emu.events(webhook.webhook_id).map((event) => event.event_id),
					);
			};
			const history: string[] = [`${rule}, seed ${seed}`];

			/** One poll as n8n runs it, and what n8n saves of it under the rule. */
			async function poll(step: string) {
				if (rule === 'durable') restoreStaticData(poller, saved);
				snapshot();
				let output;
				try {
					output = await poller.poll();
				} catch (error) {
					history.push(`${step}: threw ${(error as Error).message}`);
					return;
				}
				const items = emitted(output);
				received.push(...items.map((item) => String(item.event_id)));
				const saves = items.length > 0 || activation || rule === 'durable';
				if (
					items.length > 0 ||
					(rule === 'classic' && activation) ||
					(rule === 'durable' && !activation)
				)
					saved = poller.staticData();
				const webhooks = ofSolution().map(
					(webhook) =>
						`${webhook.webhook_id.slice(0, 8)}${isEnabled(webhook) ? '' : ' (disabled)'}`,
				);
				history.push(
					`${step}: emitted ${items.length}${saves ? '' : ' (state not saved)'}; reads ${String(poller.staticData().managedWebhookId).slice(0, 8)}; webhooks ${webhooks.join(', ')}`,
				);
				activation = false;
			}

			function checkInvariants(step: string) {
				const explain = () => `${history.join('\n')}\n(at ${step})`;
				const duplicates = received.filter((id, index) => received.indexOf(id) !== index);
				if (duplicates.length > 0)
					throw new Error(`emitted twice: ${duplicates.join(', ')}\n${explain()}`);
				snapshot();
				const byWebhook = new Map<string, string[]>();
				for (const id of received) {
					const webhookId = id.slice(0, id.lastIndexOf('.'));
					if (!streams.has(webhookId))
						throw new Error(`emitted an event of an unknown webhook: ${id}\n${explain()}`);
					byWebhook.set(webhookId, [...(byWebhook.get(webhookId) ?? []), id]);
				}
				for (const [webhookId, ids] of byWebhook) {
					const stream = streams.get(webhookId)!;
					if (JSON.stringify(ids) !== JSON.stringify(stream.slice(0, ids.length)))
						throw new Error(
							`webhook ${webhookId}: emitted ${ids.join(',')} is not its stream's start ${stream.join(',')}\n${explain()}`,
						);
				}
				const enabled = ofSolution().filter(isEnabled);
				if (enabled.length > 1)
					throw new Error(`${enabled.length} enabled webhooks of the scope\n${explain()}`);
			}

			const faultOn = (operation: Operation, action: FaultAction) =>
				emu.injectFault({ operation, action, skip: random.integer(2) });

			for (let step = 1; step <= POLLS; step++) {
				const changes = random.pick([0, 0, 0, 1, 1, 2, 3]);
				emu.recordChanges(
					table.id,
					Array.from({ length: changes }, () => ({
						kind: random.pick(KINDS),
						data: { title: `step ${step}` },
					})),
				);
				const current = ofSolution().find(isEnabled);
				if (current && random.chance(0.04)) {
					snapshot();
					emu.deleteWebhook(current.webhook_id);
					history.push(`${step}: webhook ${current.webhook_id} deleted behind the trigger's back`);
				} else if (current && random.chance(0.04)) {
					emu.setWebhookStatus(current.webhook_id, { system: 'disabled' });
					history.push(`${step}: webhook ${current.webhook_id} disabled`);
				}
				if (random.chance(0.1)) daysAhead++;
				if (random.chance(0.2))
					emu.setVariant({
						junkInLists: !emu.variant().junkInLists,
						maxPageSize: random.pick([2, 1000]),
					});
				if (random.chance(0.15)) {
					const operation = random.pick<Operation>([
						'ListEvents',
						'ListWebhooks',
						'CreateWebhook',
						'GetWebhook',
						'DeleteWebhook',
					]);
					faultOn(
						operation,
						random.pick<FaultAction>([
							{ type: 'status', status: 500 },
							{ type: 'drop' },
							{ type: 'badJson' },
						]),
					);
					history.push(`${step}: a fault on ${operation}`);
				}
				if (random.chance(0.05)) {
					const before = poller.staticData();
					const webhooks = ofSolution().length;
					await poller.poll('manual').catch(() => undefined);
					expect(poller.staticData()).toEqual(before);
					expect(ofSolution()).toHaveLength(webhooks);
				}
				history.push(`${step}: +${changes} changes`);
				await poll(`poll ${step}`);
				emu.clearFaults();
				checkInvariants(`poll ${step}`);
				if (random.chance(0.12)) {
					restoreStaticData(poller, saved);
					// n8n 2.8 polls at activation after a restart; with durable cursors the next poll is a scheduled one.
					activation = rule === 'classic';
					history.push(`${step}: n8n restarted`);
				}
			}

			// Quiet days at the end: a disabled webhook is noticed and left; then everything is read.
			emu.setVariant(DEFAULT_VARIANT);
			daysAhead += 2;
			for (let step = 1; step <= 5; step++) await poll(`clean poll ${step}`);
			checkInvariants('the end');
			const expected = ofSolution().flatMap((webhook) =>
				emu.events(webhook.webhook_id).map((event) => event.event_id),
			);
			const missing = expected.filter((id) => !received.includes(id));
			if (missing.length > 0)
				throw new Error(
					`webhooks ${JSON.stringify(ofSolution().map((w) => [w.webhook_id, w.system_status, w.created_at, emu.events(w.webhook_id).length]))} state ${JSON.stringify(poller.staticData())} never emitted: ${missing.join(', ')}\n${history.join('\n')}`,
				);
			expect(ofSolution().filter(isEnabled)).toHaveLength(1);
			expect(received.length).toBeGreaterThan(20);
		},
		120_000,
	);
});
