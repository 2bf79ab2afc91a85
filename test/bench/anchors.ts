/**
 * The anchors: how two other platforms' SmartSuite triggers read the same events (from their
 * published sources, see ../shared/notes), replayed with undici against the emulator. Both keep
 * the last `next_page_token` between runs. They assume a token is always returned (the
 * emptyPage end), which is how the quota table runs them.
 */
import type { Agent } from 'undici';
import type { Emulator } from '../emulator/types';
import { callWebhooksApi } from './bare';

export interface AnchorState {
	pageToken: string;
}

type Page = { events?: unknown[]; next_page_token?: string };

async function listEvents(emu: Emulator, agent: Agent, body: object): Promise<Page> {
	return (await callWebhooksApi(emu, agent, 'ListEvents', body)) as Page;
}

/** Pipedream's source: one page per run, no page_size (the server's default), the token stored after every call. */
export async function pipedreamRun(
	emu: Emulator,
	agent: Agent,
	webhookId: string,
	state: AnchorState,
): Promise<number> {
	const page = await listEvents(emu, agent, { webhook_id: webhookId, page_token: state.pageToken });
	if (page.next_page_token) state.pageToken = page.next_page_token;
	return page.events?.length ?? 0;
}

/** Activepieces' trigger: pages of 50 until a page without events. */
export async function activepiecesRun(
	emu: Emulator,
	agent: Agent,
	webhookId: string,
	state: AnchorState,
): Promise<number> {
	let events = 0;
	for (;;) {
		const page = await listEvents(emu, agent, {
			webhook_id: webhookId,
			page_size: '50',
			page_token: state.pageToken,
		});
		if (page.next_page_token) state.pageToken = page.next_page_token;
		const count = page.events?.length ?? 0;
		if (count === 0) return events;
		events += count;
	}
}

export type AnchorRun = typeof pipedreamRun;

/** Runs until `events` events have arrived (or a run brings none); requests and runs spent. */
export async function runUntil(
	emu: Emulator,
	run: () => Promise<number>,
	events: number,
): Promise<{ requests: number; polls: number }> {
	emu.resetLog();
	let received = 0;
	let polls = 0;
	do {
		polls++;
		const got = await run();
		received += got;
		if (got === 0) break;
	} while (received < events);
	return { requests: emu.requests.length, polls };
}
