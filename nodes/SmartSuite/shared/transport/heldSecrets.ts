/**
 * The secrets a node holds besides the API key (the Instant Trigger's secret and its notification
 * URL), kept per node in this process, and n8n's log for a node without them.
 */
import type { Logger } from 'n8n-workflow';

import type { RequestContext } from './credentials';
import type { Secret } from './redaction';
import { redacted } from './redaction';

/**
 * The secrets each node holds besides the key, by workflow and node id, in this process: the
 * Instant Trigger's secret and notification URL. Bounded: the nodes that held one last.
 */
const heldByNode = new Map<string, Secret[]>();
const MAX_HOLDING_NODES = 1000;
const MAX_HELD_PER_NODE = 8;
const holderOf = (context: RequestContext) =>
	`${context.getWorkflow().id ?? ''}|${context.getNode().id}`;

/**
 * Makes `secret` one of the node's: from now on every quote of an answer its requests receive
 * loses it as it loses the key, and so do its output items where it passes them through
 * `scrubbed` with heldSecrets.
 */
export function holdSecret(context: RequestContext, secret: Secret): void {
	if (secret.text === '') return;
	const holder = holderOf(context);
	const kept = (heldByNode.get(holder) ?? []).filter((known) => known.text !== secret.text);
	kept.push(secret);
	heldByNode.delete(holder);
	heldByNode.set(holder, kept.slice(-MAX_HELD_PER_NODE));
	const oldest = heldByNode.keys().next().value;
	if (heldByNode.size > MAX_HOLDING_NODES && oldest !== undefined) heldByNode.delete(oldest);
}

/** The secrets the node of `context` holds besides the key (see holdSecret). */
export function heldSecrets(context: RequestContext): Secret[] {
	return heldByNode.get(holderOf(context)) ?? [];
}

/**
 * n8n's log for the node: each line without the secrets the node holds (ids and labels in a line
 * come from answers, which keep them; the key never reaches a line: see `received`).
 */
export function logOf(context: RequestContext): Logger {
	const { logger } = context;
	const clean = (message: string) => redacted(message, heldSecrets(context));
	return {
		error: (message, metadata) => logger.error(clean(message), metadata),
		warn: (message, metadata) => logger.warn(clean(message), metadata),
		info: (message, metadata) => logger.info(clean(message), metadata),
		debug: (message, metadata) => logger.debug(clean(message), metadata),
	};
}
