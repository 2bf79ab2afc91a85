/**
 * Our nodes as n8n runs them: the trigger through n8n-core's PollContext (state carried across
 * polls), the action node's listEvents through its execute. Both hit the emulator over HTTP.
 */
import type {
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import type { SmartSuite as SmartSuiteClass } from '../../nodes/SmartSuite/SmartSuite.node';
import type { SmartSuiteTrigger as SmartSuiteTriggerClass } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import type { Emulator } from '../emulator/types';
import { type Poller, createPoller, credentialsFor, runNodeOnce } from '../helpers/n8n';

// Named with .ts: outside jest, Node tries `X.node.json` (the codex beside each node) before
// ts-node's `.ts`, so `require('…/X.node')` would load the codex instead of the class.
const { SmartSuite } = require('../../nodes/SmartSuite/SmartSuite.node.ts') as {
	SmartSuite: typeof SmartSuiteClass;
};
const { SmartSuiteTrigger } = require('../../nodes/SmartSuite/SmartSuiteTrigger.node.ts') as {
	SmartSuiteTrigger: typeof SmartSuiteTriggerClass;
};

export interface TriggerOptions {
	startFrom: 'newEvents' | 'allStoredEvents';
	pageSize?: number;
	maxEventsPerPoll?: number;
}

export function triggerPoller(emu: Emulator, webhookId: string, options: TriggerOptions): Poller {
	// Unset options stay out of the parameters, as the editor leaves them out.
	const set = Object.fromEntries(
		Object.entries(options).filter(([, value]) => value !== undefined),
	) as INodeParameters;
	// Simplify off: these scenarios measure reading events; scenario 9 (readable.ts) measures Simplify's reads.
	return createPoller(new SmartSuiteTrigger(), {
		parameters: { webhookId, events: [], options: { simplify: false, ...set } },
		credentials: credentialsFor(emu),
	});
}

/** The trigger's Page Size when the option is not set, as its description declares it. */
export function triggerDefaultPageSize(): number {
	const options = new SmartSuiteTrigger().description.properties.find(
		(property) => property.name === 'options',
	);
	const pageSize = (options?.options ?? []).find(
		(option) => 'name' in option && option.name === 'pageSize',
	);
	const value = pageSize && 'default' in pageSize ? pageSize.default : undefined;
	if (typeof value !== 'number')
		throw new Error('SmartSuiteTrigger: no numeric default for options.pageSize');
	return value;
}

/** One scheduled poll; the items it emitted (none when it returned null). */
export async function pollOnce(poller: Poller): Promise<INodeExecutionData[]> {
	const output = await poller.poll('trigger');
	return output?.flat() ?? [];
}

/** Size of the trigger's saved state, as n8n would store it (bytes of its JSON). */
export function stateBytes(poller: Poller): number {
	return Buffer.byteLength(JSON.stringify(poller.staticData()));
}

export async function listEventsNode(
	emu: Emulator,
	webhookId: string,
	pageSize: number,
): Promise<INodeExecutionData[]> {
	return await runNodeOnce(new SmartSuite(), {
		parameters: {
			resource: 'webhook',
			operation: 'listEvents',
			webhookId,
			returnAll: true,
			options: { pageSize },
		},
		credentials: credentialsFor(emu),
	});
}

/**
 * The floor for a community node: n8n's own request helper (`httpRequestWithAuthentication`,
 * which a community node must use) making the trigger's requests (GetWebhook, as its first poll
 * does, then the same ListEvents pages) in a poll run by n8n-core's PollContext, with no trigger
 * logic (no cursor, dedupe or state).
 */
class HelperLoop implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Helper Loop',
		name: 'helperLoop',
		group: ['trigger'],
		version: 1,
		description: "ListEvents pages through n8n's request helper",
		defaults: { name: 'Helper Loop' },
		polling: true,
		inputs: [],
		outputs: ['main'],
		credentials: [{ name: 'smartSuiteWorkspaceApi', required: true }],
		properties: [
			{ displayName: 'Webhook ID', name: 'webhookId', type: 'string', default: '' },
			{ displayName: 'Page Size', name: 'pageSize', type: 'number', default: 100 },
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const { webhooksUrl } = await this.getCredentials<{ webhooksUrl: string }>(
			'smartSuiteWorkspaceApi',
		);
		const webhookId = this.getNodeParameter('webhookId') as string;
		const pageSize = this.getNodeParameter('pageSize') as number;
		const call = async (method: string, body: IDataObject) =>
			(await this.helpers.httpRequestWithAuthentication.call(this, 'smartSuiteWorkspaceApi', {
				method: 'POST',
				url: `${webhooksUrl}/service.webhooks.engine.Webhooks/${method}`,
				body,
				json: true,
			})) as IDataObject;
		await call('GetWebhook', { webhook_id: webhookId });
		const items: INodeExecutionData[] = [];
		let pageToken = '';
		for (;;) {
			const page = (await call('ListEvents', {
				webhook_id: webhookId,
				page_size: String(pageSize),
				page_token: pageToken,
			})) as {
				events?: IDataObject[];
				next_page_token?: string;
			};
			const events = page.events ?? [];
			for (const event of events) items.push({ json: event });
			pageToken = page.next_page_token ?? '';
			if (pageToken === '' || events.length < pageSize) return [items];
		}
	}
}

export function helperLoopPoller(emu: Emulator, webhookId: string, pageSize: number): Poller {
	return createPoller(new HelperLoop(), {
		parameters: { webhookId, pageSize },
		credentials: credentialsFor(emu),
		name: 'Helper Loop',
	});
}
