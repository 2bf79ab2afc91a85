/**
 * The yardstick: the least code that reads every stored event of a webhook. It pages ListEvents
 * with undici (keep-alive), parses each JSON answer and keeps the events, ending the walk on the
 * same three end-of-stream signals the nodes accept (empty token, missing token, empty page) and
 * on a page shorter than asked.
 */
import { Agent, request } from 'undici';
import type { Emulator, Operation } from '../emulator/types';

/** One webhooks API call with undici; the parsed JSON answer. */
export async function callWebhooksApi(
	emu: Emulator,
	agent: Agent,
	method: Operation,
	body: object,
): Promise<unknown> {
	const answer = await request(`${emu.webhooksUrl}/service.webhooks.engine.Webhooks/${method}`, {
		method: 'POST',
		headers: {
			authorization: `Token ${emu.apiKey}`,
			'account-id': emu.workspaceId,
			'content-type': 'application/json',
		},
		body: JSON.stringify(body),
		dispatcher: agent,
	});
	if (answer.statusCode !== 200)
		throw new Error(
			`bare loop: ${method} answered ${answer.statusCode}: ${await answer.body.text()}`,
		);
	return await answer.body.json();
}

export async function bareDrain(
	emu: Emulator,
	webhookId: string,
	pageSize: number,
	agent: Agent,
): Promise<unknown[]> {
	const events: unknown[] = [];
	let pageToken = '';
	for (;;) {
		const body = { webhook_id: webhookId, page_size: String(pageSize), page_token: pageToken };
		const page = (await callWebhooksApi(emu, agent, 'ListEvents', body)) as {
			events?: unknown[];
			next_page_token?: string;
		};
		const pageEvents = page.events ?? [];
		for (const event of pageEvents) events.push(event);
		const token = page.next_page_token ?? '';
		// A page shorter than asked: nothing followed it (the bench's server serves what is asked).
		if (token === '' || pageEvents.length < pageSize) return events;
		pageToken = token;
	}
}

/** One keep-alive connection pool for all bare runs, as a long-lived client would have. */
export function bareAgent(): Agent {
	return new Agent({ connections: 1 });
}
