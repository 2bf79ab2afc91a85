/** Shared by the trigger's emulator suites: a poller per webhook, and what it emitted. */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import type { Emulator, Operation } from '../emulator';
import { DEFAULT_VARIANT, startEmulator } from '../emulator';
import type { Poller } from '../helpers/n8n';
import { createPoller, credentialsFor, shutdownN8nCore } from '../helpers/n8n';

export const TRIGGER_NAME = 'SmartSuite Polling Trigger';

/** The trigger on a webhook; Simplify off unless `parameters` set options: these suites read events as SmartSuite sends them. */
export function triggerFor(
	emu: Emulator,
	webhookId: string,
	parameters: INodeParameters = {},
): Poller {
	return createPoller(new SmartSuiteTrigger(), {
		name: TRIGGER_NAME,
		credentials: credentialsFor(emu),
		parameters: { webhookId, events: [], options: { simplify: false }, ...parameters },
	});
}

/** A webhook with `stored` events and a trigger that has been activated on it (log cleared). */
export async function activated(emu: Emulator, stored: number, parameters: INodeParameters = {}) {
	const { webhook_id: webhookId } = emu.createWebhook();
	emu.appendEvents(webhookId, stored);
	const trigger = triggerFor(emu, webhookId, parameters);
	if ((await trigger.poll()) !== null) throw new Error('the activation poll emitted events');
	emu.resetLog();
	return { webhookId, trigger };
}

export function emitted(output: INodeExecutionData[][] | null): IDataObject[] {
	return output ? output[0].map((item) => item.json) : [];
}

export const idsOf = (events: ReadonlyArray<{ event_id?: unknown }>) =>
	events.map((event) => event.event_id);

export function requestsTo(emu: Emulator, operation: Operation) {
	return emu.requests.filter((request) => request.operation === operation);
}

/**
 * What n8n does on a restart: the node's static data goes back to what was last saved. The
 * live object is the workflow's observable one, so it is emptied and refilled in place (a
 * poller that never polled gets it as its first static data).
 */
export function restoreStaticData(poller: Poller, saved: IDataObject): void {
	const key = `node:${TRIGGER_NAME}`;
	const live = poller.workflow.staticData[key] as IDataObject | undefined;
	if (!live) {
		poller.workflow.staticData[key] = structuredClone(saved);
		return;
	}
	for (const name of Object.keys(live)) delete live[name];
	Object.assign(live, structuredClone(saved));
}

/** One emulator for the file, clean before each test (variant, faults, log), stopped with n8n-core after. */
export function useTriggerEmulator(): { readonly emu: Emulator } {
	const holder = {} as { emu: Emulator };
	beforeAll(async () => {
		holder.emu = await startEmulator();
	});
	beforeEach(() => {
		holder.emu.setVariant(DEFAULT_VARIANT);
		holder.emu.clearFaults();
		holder.emu.resetLog();
	});
	afterAll(async () => {
		shutdownN8nCore();
		await holder.emu.close();
	});
	return holder;
}
