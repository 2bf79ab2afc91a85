/**
 * The instant trigger as n8n runs it, with n8n-core's own contexts (HookContext, WebhookContext,
 * TriggerContext): the node's static data lives in a "database" (a saved JSON copy); activation
 * runs checkExists, then create when it says false, and saves the state (as addWebhooks does);
 * each ping runs webhook() with the state loaded from the database, and the execution it starts
 * saves that state when it ends (at once, or later: `ping(..., { saveLater: true })`); a ping
 * that starts no execution saves nothing. "Listen for test event" keeps its own state, apart.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, TriggerContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeTypes,
	IWebhookData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { SmartSuiteInstantTrigger } from '../../nodes/SmartSuite/SmartSuiteInstantTrigger.node';
import { keepAlive, recoverAfterFailure } from '../../nodes/SmartSuite/trigger/instant';
import { additionalDataFor } from './n8n';

// Named with .ts: outside jest (npm run bench), Node tries the codex `X.node.json` beside the node
// before ts-node's `.ts`, so `require('…/X.node')` would load the codex instead of the class.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SmartSuiteInstantTrigger: InstantTriggerNode } =
	require('../../nodes/SmartSuite/SmartSuiteInstantTrigger.node.ts') as {
		SmartSuiteInstantTrigger: typeof SmartSuiteInstantTrigger;
	};

export const INSTANT_NAME = 'SmartSuite Trigger';
const STATE_KEY = `node:${INSTANT_NAME}`;

/** What n8n answered SmartSuite, and what the ping started. */
export interface PingAnswer {
	status?: number;
	/** The items of the execution the ping started (none: no execution). */
	items: IDataObject[];
	/** The same items whole (json and binary). */
	data: INodeExecutionData[];
	/** Saves the execution's state now (for `saveLater`); a no-op otherwise. */
	save(): void;
}

export interface InstantTrigger {
	readonly nodeType: SmartSuiteInstantTrigger;
	readonly node: INode;
	/** n8n's production URL of the node, which the webhook notifies. */
	readonly url: string;
	readonly testUrl: string;
	/** The saved static data of the node. */
	saved(): IDataObject;
	/** Replaces the saved static data (a restore, a loss: `{}`). */
	setSaved(state: IDataObject): void;
	setParameters(parameters: INodeParameters): void;
	/** Activation: checkExists, create when it says false; the state saved when both succeed. */
	activate(activation?: WorkflowActivateMode): Promise<void>;
	/** n8n's delete with the saved state (deactivation, re-publish, failed activation). */
	deactivate(): Promise<boolean>;
	/**
	 * A request to the production URL. `query`: its query (default: that of the URL the saved state
	 * gave SmartSuite, secret included, as SmartSuite's pings carry it). `withResponse: false`: n8n
	 * hands webhook() no response object (webhook() must not need one).
	 */
	ping(
		body: unknown,
		options?: {
			saveLater?: boolean;
			mode?: WorkflowExecuteMode;
			withResponse?: boolean;
			query?: IDataObject;
		},
	): Promise<PingAnswer>;
	/** A restart of n8n: the node's module is loaded anew (its memory is gone), the database stays. */
	restart(): void;
	/** "Listen for test event": create with a fresh state of its own. */
	listen(): Promise<IDataObject>;
	/** A ping of the test registration; n8n runs delete after one that started an execution. */
	pingTest(body: unknown, query?: IDataObject): Promise<PingAnswer>;
	/** Runs trigger() as activation does and returns the keep-alive n8n would schedule. */
	keepAlive(): Promise<ScheduledTick>;
	/** Runs trigger() as `activation` does and returns the minute tick n8n would schedule. */
	minuteTick(activation?: WorkflowActivateMode): Promise<ScheduledTick>;
}

/** A cron trigger() registered: its expression, and what its tick runs, awaited (n8n runs it in the background). */
export interface ScheduledTick {
	expression: string;
	tick: () => Promise<void>;
	/** What the trigger reported with emitError. */
	errors: Error[];
	/** The trigger's closeFunction, as n8n runs it when the workflow stops. */
	close(): Promise<void>;
}

function nodeTypesOf(nodeType: SmartSuiteInstantTrigger): INodeTypes {
	return {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
/** The query of the URL a state gave SmartSuite (its secret). */
const queryOf = (state: IDataObject): IDataObject =>
	Object.fromEntries(new URL(String(state.notificationUrl || 'http://x/')).searchParams);

/** The parameters of a trigger watching one table of its solution, with these Options. */
export function watchingTable(
	table: { id: string; solution: string },
	options: INodeParameters = {},
): INodeParameters {
	return {
		solutionId: { __rl: true, mode: 'list', value: table.solution },
		watch: 'tables',
		tableIds: [table.id],
		events: [],
		options,
	};
}

/**
 * The trigger with n8n's webhook endpoint on 127.0.0.1: the emulator's pings to `url` and
 * `testUrl` run the trigger's webhook() as n8n does; `executions` lists what each started.
 */
export async function startInstantTrigger(options: {
	parameters: INodeParameters;
	credentials: object;
}): Promise<
	InstantTrigger & {
		executions: IDataObject[][];
		/** The executions' items whole (json and binary). */
		runs: INodeExecutionData[][];
		answers: number[];
		close(): Promise<void>;
	}
> {
	const executions: IDataObject[][] = [];
	const runs: INodeExecutionData[][] = [];
	const answers: number[] = [];
	let trigger: InstantTrigger | undefined;
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			let body: unknown;
			try {
				body = text === '' ? undefined : JSON.parse(text);
			} catch {
				// n8n refuses a body that is not JSON before webhook() runs.
				res.writeHead(422).end();
				return;
			}
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const query = Object.fromEntries(url.searchParams);
			const isTest = url.pathname.startsWith('/webhook-test/');
			(isTest ? trigger!.pingTest(body, query) : trigger!.ping(body, { query })).then(
				(answer) => {
					if (answer.items.length > 0) executions.push(answer.items);
					if (answer.data.length > 0) runs.push(answer.data);
					answers.push(answer.status ?? 0);
					res.writeHead(answer.status ?? 500).end();
				},
				() => {
					answers.push(500);
					res.writeHead(500).end();
				},
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	trigger = createInstantTrigger({ ...options, baseUrl: base });
	return Object.assign(trigger, {
		executions,
		runs,
		answers,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	});
}

export function createInstantTrigger({
	parameters,
	credentials,
	baseUrl = 'http://127.0.0.1:5678',
}: {
	parameters: INodeParameters;
	credentials: object;
	baseUrl?: string;
}): InstantTrigger {
	const additionalData = () =>
		({
			...additionalDataFor(credentials),
			webhookBaseUrl: `${baseUrl}/webhook`,
			webhookTestBaseUrl: `${baseUrl}/webhook-test`,
		}) as IWorkflowExecuteAdditionalData;
	let nodeType = new InstantTriggerNode();
	const node: INode = {
		id: 'instant-node-id',
		name: INSTANT_NAME,
		type: nodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		webhookId: 'f7f1a1f0-0000-4000-8000-000000000001',
		parameters,
		credentials: { smartSuiteWorkspaceApi: { id: '1', name: 'SmartSuite account' } },
	};
	let database: IDataObject = {};
	let testState: IDataObject | undefined;
	const description = nodeType.description.webhooks![0];

	const workflowWith = (state: IDataObject) =>
		new Workflow({
			id: 'wf-instant',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes: nodeTypesOf(nodeType),
			staticData: clone(state),
		});
	const stateOf = (workflow: Workflow) => (workflow.staticData[STATE_KEY] ?? {}) as IDataObject;
	const webhookData = (workflow: Workflow, isTest: boolean) =>
		({
			webhookDescription: description,
			node: node.name,
			workflowId: workflow.id,
			httpMethod: 'POST',
			path: description.path,
			isTest,
		}) as unknown as IWebhookData;
	const hook = (
		workflow: Workflow,
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
		isTest = false,
	) =>
		new HookContext(
			workflow,
			node,
			additionalData(),
			mode,
			activation,
			webhookData(workflow, isTest),
		);

	async function runWebhook(
		state: IDataObject,
		body: unknown,
		mode: WorkflowExecuteMode,
		query: IDataObject,
		withResponse = true,
	) {
		const workflow = workflowWith(state);
		const answer = { status: undefined as number | undefined };
		const response = {
			status(code: number) {
				answer.status = code;
				return response;
			},
			end() {
				return response;
			},
		};
		const withRequest = {
			...additionalData(),
			httpRequest: { body, headers: {}, params: {}, query },
			...(withResponse ? { httpResponse: response } : {}),
		};
		const context = new WebhookContext(
			workflow,
			node,
			withRequest as unknown as IWorkflowExecuteAdditionalData,
			mode,
			webhookData(workflow, mode === 'manual'),
			[],
			null,
		);
		const result = await nodeType.webhook.call(context);
		const data = result.workflowData?.[0] ?? [];
		const items = data.map((item: INodeExecutionData) => item.json);
		return { workflow, answer, items, data, started: result.workflowData !== undefined };
	}

	/**
	 * Runs trigger() as activation does; the cron of `expression`'s shape runs `run` at each tick,
	 * which must never emit nor write the state (n8n would save this copy over the pings' cursors).
	 */
	async function scheduled(
		activation: WorkflowActivateMode,
		expression: RegExp,
		run: (context: TriggerContext) => Promise<void>,
	): Promise<ScheduledTick> {
		const workflow = workflowWith(database);
		const errors: Error[] = [];
		const context = new TriggerContext(
			workflow,
			node,
			additionalData(),
			'trigger',
			activation,
			() => {
				throw new Error('the trigger emitted from its schedule');
			},
			(error: Error) => errors.push(error),
		);
		const crons: string[] = [];
		(context.helpers as { registerCron: unknown }).registerCron = (cron: { expression: string }) =>
			crons.push(cron.expression);
		const response = await nodeType.trigger.call(context);
		const found = crons.find((candidate) => expression.test(candidate));
		if (!found) throw new Error(`trigger() scheduled no cron like ${String(expression)}`);
		const before = JSON.stringify(workflow.staticData);
		return {
			expression: found,
			errors,
			async tick() {
				await run(context);
				if (JSON.stringify(workflow.staticData) !== before)
					throw new Error('the scheduled tick wrote the static data');
			},
			close: async () => await response.closeFunction?.(),
		};
	}

	const trigger: InstantTrigger = {
		get nodeType() {
			return nodeType;
		},
		node,
		url: `${baseUrl}/webhook/${node.webhookId}/${description.path}`,
		testUrl: `${baseUrl}/webhook-test/${node.webhookId}/${description.path}`,
		saved: () => clone((database[STATE_KEY] ?? {}) as IDataObject),
		setSaved(state) {
			database = { [STATE_KEY]: clone(state) };
		},
		setParameters(newParameters) {
			node.parameters = newParameters;
		},
		async activate(activation = 'activate') {
			const workflow = workflowWith(database);
			const context = hook(workflow, 'trigger', activation);
			const methods = nodeType.webhookMethods.default;
			if (!(await methods.checkExists.call(context))) await methods.create.call(context);
			database = clone(workflow.staticData);
		},
		async deactivate() {
			return await nodeType.webhookMethods.default.delete.call(
				hook(workflowWith(database), 'trigger', 'update'),
			);
		},
		async ping(body, { saveLater = false, mode = 'webhook', withResponse = true, query } = {}) {
			const { workflow, answer, items, data, started } = await runWebhook(
				database,
				body,
				mode,
				query ?? queryOf((database[STATE_KEY] ?? {}) as IDataObject),
				withResponse,
			);
			const save = () => {
				if (started) database = clone(workflow.staticData);
			};
			if (!saveLater) save();
			return { status: answer.status, items, data, save };
		},
		restart() {
			jest.isolateModules(() => {
				// eslint-disable-next-line @typescript-eslint/no-require-imports
				const fresh = require('../../nodes/SmartSuite/SmartSuiteInstantTrigger.node') as {
					SmartSuiteInstantTrigger: typeof SmartSuiteInstantTrigger;
				};
				nodeType = new fresh.SmartSuiteInstantTrigger();
			});
		},
		async listen() {
			const workflow = workflowWith({});
			await nodeType.webhookMethods.default.create.call(hook(workflow, 'manual', 'manual', true));
			testState = clone(workflow.staticData);
			return clone(stateOf(workflow));
		},
		async pingTest(body, query) {
			const state = testState ?? {};
			const { workflow, answer, items, data, started } = await runWebhook(
				state,
				body,
				'manual',
				query ?? queryOf((state[STATE_KEY] ?? {}) as IDataObject),
			);
			testState = clone(workflow.staticData);
			if (started) {
				// n8n's TestWebhooks.deactivateWebhooks: mode internal, activation update, as a production deactivation.
				await nodeType.webhookMethods.default.delete.call(
					hook(workflowWith(testState), 'internal', 'update', true),
				);
				testState = undefined;
			}
			return { status: answer.status, items, data, save: () => {} };
		},
		async keepAlive() {
			return await scheduled('activate', /^\d+ \d+ \d+ \* \* \*$/, keepAlive);
		},
		async minuteTick(activation = 'activate') {
			return await scheduled(activation, /^\d+ \* \* \* \* \*$/, recoverAfterFailure);
		},
	};
	return trigger;
}
