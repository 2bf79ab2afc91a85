/**
 * Scenario 5: requests spent (SmartSuite's monthly quota), each next to its minimum, the target
 * of issue 11 and the anchors (Pipedream's and Activepieces' way of reading the same events).
 * Request counts only: nothing here is timed.
 */
import type { EndOfStream } from '../emulator/types';
import { DEFAULT_VARIANT } from '../emulator/types';
import { type AnchorState, activepiecesRun, pipedreamRun, runUntil } from './anchors';
import { pollOnce, stateBytes, triggerDefaultPageSize, triggerPoller } from './clients';
import type { Bench } from './scenarios';
import { TARGETS, minimumRequests } from './scenarios';
import { seededRandom } from './measure';

export type QuotaCase =
	| { kind: 'activation'; events: number; servedMax: number; endOfStream: EndOfStream }
	| { kind: 'backlog'; events: number; servedMax: number; endOfStream: EndOfStream }
	| { kind: 'burst'; events: number; endOfStream: EndOfStream }
	| { kind: 'busy'; polls: number; maxNewPerPoll: number; seed: number; endOfStream: EndOfStream };

interface Spent {
	requests: number;
	polls: number;
}

export interface QuotaResult {
	scenario: 'quota';
	case: QuotaCase;
	label: string;
	endOfStream: EndOfStream;
	/** Every request the trigger made (GetWebhook on its first poll included), and in how many polls. */
	trigger: Spent & { maxPerPoll: number };
	minimum: number;
	/** Issue 11's target for this case. */
	target: number;
	/** The next poll once nothing is new (activation and backlog): requests. */
	idleAfter: number | null;
	/** The same events read as the anchors do (emptyPage only: what they assume). */
	pipedream: Spent | null;
	activepieces: Spent | null;
	stateBytes: number;
	targets: { requests: boolean; idle: boolean | null; state: boolean };
}

/** What a trigger run measured, before the anchors and the verdicts are added. */
type Measured = Omit<
	QuotaResult,
	'scenario' | 'case' | 'label' | 'endOfStream' | 'pipedream' | 'activepieces' | 'targets'
>;

const GET_WEBHOOK = 1;
/** Polls given to an activation or a backlog to reach the end. */
const MAX_POLLS = 50;

/** Runs fn on a fresh webhook holding `stored` events with the server's limit, then removes it. */
async function onWebhook<T>(
	bench: Bench,
	variant: { endOfStream: EndOfStream; maxPageSize?: number },
	stored: number,
	fn: (webhookId: string) => Promise<T>,
): Promise<T> {
	bench.emu.setVariant({
		...DEFAULT_VARIANT,
		endOfStream: variant.endOfStream,
		maxPageSize: variant.maxPageSize ?? DEFAULT_VARIANT.maxPageSize,
	});
	const { webhook_id: webhookId } = bench.emu.createWebhook();
	bench.emu.appendEvents(webhookId, stored);
	try {
		return await fn(webhookId);
	} finally {
		bench.emu.setVariant(DEFAULT_VARIANT);
		bench.emu.resetLog();
	}
}

async function triggerPolls(
	bench: Bench,
	polls: Array<() => Promise<unknown>>,
): Promise<Spent & { maxPerPoll: number }> {
	let requests = 0;
	let maxPerPoll = 0;
	for (const poll of polls) {
		bench.emu.resetLog();
		await poll();
		requests += bench.emu.requests.length;
		maxPerPoll = Math.max(maxPerPoll, bench.emu.requests.length);
	}
	return { requests, polls: polls.length, maxPerPoll };
}

/** The anchors reading `events` stored events from the start of the stream. */
async function anchorsReading(bench: Bench, quotaCase: QuotaCase, events: number) {
	if (quotaCase.endOfStream !== 'emptyPage') return { pipedream: null, activepieces: null };
	const read = async (run: typeof pipedreamRun) =>
		await onWebhook(
			bench,
			{
				endOfStream: 'emptyPage',
				maxPageSize: 'servedMax' in quotaCase ? quotaCase.servedMax : undefined,
			},
			events,
			async (webhookId) => {
				const state: AnchorState = { pageToken: '' };
				return await runUntil(
					bench.emu,
					() => run(bench.emu, bench.agent, webhookId, state),
					events,
				);
			},
		);
	return { pipedream: await read(pipedreamRun), activepieces: await read(activepiecesRun) };
}

function labelOf(quotaCase: QuotaCase): string {
	const n = (value: number) => value.toLocaleString('en-US');
	switch (quotaCase.kind) {
		case 'activation':
			return `activation (New Events) over ${n(quotaCase.events)} stored, server max ${n(quotaCase.servedMax)}`;
		case 'backlog':
			return `backlog of ${n(quotaCase.events)} (All Stored Events), server max ${n(quotaCase.servedMax)}`;
		case 'burst':
			return `burst of ${n(quotaCase.events)} new events on an active trigger`;
		case 'busy':
			return `${n(quotaCase.polls)} busy polls of 1–${quotaCase.maxNewPerPoll} new events`;
	}
}

export async function quotaScenario(bench: Bench, quotaCase: QuotaCase): Promise<QuotaResult> {
	const pageSize = triggerDefaultPageSize();
	const { endOfStream } = quotaCase;
	let result: Measured;

	if (quotaCase.kind === 'activation' || quotaCase.kind === 'backlog') {
		const { events, servedMax } = quotaCase;
		const startFrom = quotaCase.kind === 'activation' ? 'newEvents' : 'allStoredEvents';
		result = await onWebhook(
			bench,
			{ endOfStream, maxPageSize: servedMax },
			events,
			async (webhookId) => {
				const poller = triggerPoller(bench.emu, webhookId, { startFrom });
				// A poll reads at most 200 pages (and 30 s): a long history takes several polls.
				let received = 0;
				const done = () =>
					startFrom === 'newEvents'
						? poller.staticData().activationScan === false
						: received >= events;
				const trigger = { requests: 0, polls: 0, maxPerPoll: 0 };
				while (trigger.polls === 0 || (!done() && trigger.polls < MAX_POLLS)) {
					const poll = await triggerPolls(bench, [
						async () => (received += (await pollOnce(poller)).length),
					]);
					trigger.requests += poll.requests;
					trigger.polls++;
					trigger.maxPerPoll = Math.max(trigger.maxPerPoll, poll.maxPerPoll);
				}
				const idle = await triggerPolls(bench, [() => pollOnce(poller)]);
				const pages = Math.ceil(events / servedMax);
				return {
					trigger,
					minimum: minimumRequests(events, servedMax, endOfStream) + GET_WEBHOOK,
					target:
						quotaCase.kind === 'activation'
							? pages + Math.ceil(servedMax / pageSize) + 2
							: Math.max(1, pages) + 1 + GET_WEBHOOK,
					idleAfter: idle.requests,
					stateBytes: stateBytes(poller),
				};
			},
		);
	} else if (quotaCase.kind === 'burst') {
		result = await onWebhook(bench, { endOfStream }, 0, async (webhookId) => {
			const poller = triggerPoller(bench.emu, webhookId, { startFrom: 'newEvents' });
			await pollOnce(poller);
			bench.emu.appendEvents(webhookId, quotaCase.events);
			const trigger = await triggerPolls(bench, [() => pollOnce(poller)]);
			return {
				trigger,
				minimum: minimumRequests(quotaCase.events, 1000, endOfStream),
				// The first page at the user's Page Size, the rest in pages of 1,000 (+1 to learn the end).
				target: 1 + Math.ceil(Math.max(0, quotaCase.events - pageSize) / 1000) + 1,
				idleAfter: null,
				stateBytes: stateBytes(poller),
			};
		});
	} else {
		const { polls, maxNewPerPoll, seed } = quotaCase;
		const counts = Array.from({ length: polls }, seededRandom(seed)).map(
			(r) => 1 + Math.floor(r * maxNewPerPoll),
		);
		result = await onWebhook(bench, { endOfStream }, 1000, async (webhookId) => {
			const poller = triggerPoller(bench.emu, webhookId, { startFrom: 'newEvents' });
			await pollOnce(poller);
			// A stream that ends without a token gives none for the page holding the last event:
			// new events that do not fit on that page (at most what the server serves) need a
			// second request, for the token that page then carries.
			let overflows = 0;
			const trigger = await triggerPolls(
				bench,
				counts.map((count) => async () => {
					const state = poller.staticData();
					if (
						state.pageHoldsLastEvent === true &&
						Number(state.heldCount) + count > DEFAULT_VARIANT.maxPageSize
					)
						overflows++;
					bench.emu.appendEvents(webhookId, count);
					bench.emu.resetLog();
					await pollOnce(poller);
				}),
			);
			const minimum = polls + overflows;
			return { trigger, minimum, target: minimum, idleAfter: null, stateBytes: stateBytes(poller) };
		});
		const anchors =
			endOfStream === 'emptyPage'
				? await busyAnchors(bench, counts)
				: { pipedream: null, activepieces: null };
		return finish(quotaCase, result, anchors);
	}
	return finish(quotaCase, result, await anchorsReading(bench, quotaCase, quotaCase.events));
}

/** The anchors polling after the same appends as the trigger. */
async function busyAnchors(bench: Bench, counts: number[]) {
	const poll = async (run: typeof pipedreamRun): Promise<Spent> =>
		await onWebhook(bench, { endOfStream: 'emptyPage' }, 1000, async (webhookId) => {
			const state: AnchorState = { pageToken: '' };
			while ((await run(bench.emu, bench.agent, webhookId, state)) > 0);
			let requests = 0;
			for (const count of counts) {
				bench.emu.appendEvents(webhookId, count);
				bench.emu.resetLog();
				await run(bench.emu, bench.agent, webhookId, state);
				requests += bench.emu.requests.length;
			}
			return { requests, polls: counts.length };
		});
	return { pipedream: await poll(pipedreamRun), activepieces: await poll(activepiecesRun) };
}

function finish(
	quotaCase: QuotaCase,
	result: Measured,
	anchors: { pipedream: Spent | null; activepieces: Spent | null },
): QuotaResult {
	return {
		scenario: 'quota',
		case: quotaCase,
		label: labelOf(quotaCase),
		...result,
		endOfStream: quotaCase.endOfStream,
		...anchors,
		targets: {
			requests: result.trigger.requests <= result.target,
			idle: result.idleAfter === null ? null : result.idleAfter <= TARGETS.idleRequests,
			state: result.stateBytes < TARGETS.maxStateBytes,
		},
	};
}
