/**
 * Runs our nodes with n8n's real engine (n8n-core's RoutingNode, ExecuteContext, PollContext,
 * WorkflowExecute) against the emulator over real HTTP. Only the credential store is ours: it
 * hands out the credential and applies the credential type's declarative `authenticate`, as
 * n8n's CredentialsHelper does.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from '@n8n/di';
import {
	BinaryDataService,
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IWorkflowExecuteAdditionalData,
	IWorkflowSettings,
	NodeExecutionHint,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow, createRunExecutionData } from 'n8n-workflow';

import { SmartSuiteWorkspaceApi } from '../../credentials/SmartSuiteWorkspaceApi.credentials';
import type { SmartSuiteCredentials } from '../../nodes/SmartSuite/shared/transport';
import type { Emulator } from '../emulator/types';

/** The credential's data as a user saves it (the nodes' own type of it). */
export type SmartSuiteCredentialData = SmartSuiteCredentials;

/** The credential a user would enter to reach this emulator. */
export function credentialsFor(emu: Emulator, overrides: Partial<SmartSuiteCredentialData> = {}) {
	return {
		apiKey: emu.apiKey,
		workspaceId: emu.workspaceId,
		baseUrl: emu.baseUrl,
		webhooksUrl: emu.webhooksUrl,
		...overrides,
	};
}

const credentialType: ICredentialType = new SmartSuiteWorkspaceApi();

export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: ICredentialDataDecryptedObject) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		if (typeName !== credentialType.name) throw new Error(`Unknown credential type ${typeName}`);
		const authenticate = credentialType.authenticate;
		if (!authenticate || typeof authenticate === 'function')
			throw new Error('Expected generic authenticate');
		const headers: IDataObject = { ...(requestOptions.headers ?? {}) };
		for (const [name, value] of Object.entries(authenticate.properties.headers ?? {})) {
			headers[name] = workflow.expression.getParameterValue(
				value as string,
				null,
				0,
				0,
				node.name,
				[],
				'internal',
				{ $credentials: credentials },
			) as string;
		}
		return { ...requestOptions, headers };
	}

	async preAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used');
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		return { ...this.data };
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties() {
		return credentialType.properties;
	}

	/**
	 * Asked by n8n-core 2.41 before every getCredentials (not in 2.8): n8n's own helper refuses a
	 * credential type that lists `supportedNodes` to other nodes. Ours lists none.
	 */
	isCredentialUsableByNode(type: string, nodeType: string): boolean {
		const { supportedNodes } = credentialType as { supportedNodes?: string[] };
		return type !== credentialType.name || !supportedNodes || supportedNodes.includes(nodeType);
	}
}

export function additionalDataFor(credentials: object, hooks?: ExecutionLifecycleHooks) {
	return {
		credentialsHelper: new TestCredentialsHelper(credentials as ICredentialDataDecryptedObject),
		hooks,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		// What n8n sets (its base URL and endpoints): n8n-core 2.41 parses the waiting URLs when the
		// run data carries a resume token, which 2.41's createRunExecutionData always adds.
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		variables: {},
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

function nodeTypesOf(nodeTypes: Record<string, INodeType>): INodeTypes {
	return {
		getByName: (type: string) => nodeTypes[type],
		getByNameAndVersion: (type: string) => nodeTypes[type],
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
}

export function makeNode(
	type: string,
	parameters: INodeParameters,
	extra: Partial<INode> = {},
): INode {
	return {
		id: `${type}-id`,
		name: extra.name ?? 'SmartSuite',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { smartSuiteWorkspaceApi: { id: '1', name: 'SmartSuite account' } },
		...extra,
	};
}

export interface RunNodeOptions {
	parameters: INodeParameters;
	credentials: object;
	/** The json of each input item (default: one empty item). */
	input?: IDataObject[];
	/** The binary files of each input item, by binary property name (runNodeInWorkflow only). */
	binary?: Array<Record<string, TestFile> | undefined>;
	continueOnFail?: boolean;
	/** The workflow's time zone (its settings; runNodeInWorkflow only): what the node's getTimezone() gives. */
	timezone?: string;
	/** The node's version (default 1, as the workflows saved before version 2 hold it). */
	typeVersion?: number;
}

/** A file an input item carries, stored by n8n's prepareBinaryData as a node that reads files would. */
export interface TestFile {
	data: Buffer;
	fileName?: string;
	mimeType?: string;
}

/**
 * Runs a node once over its input items, as n8n does for one node execution: its `execute`, or
 * for a declarative node without one (the credential test's) its routes through RoutingNode.
 */
export async function runNodeOnce(
	nodeType: INodeType,
	{
		parameters,
		credentials,
		input = [{}],
		continueOnFail = false,
		typeVersion = 1,
	}: RunNodeOptions,
): Promise<INodeExecutionData[]> {
	const node = makeNode(nodeType.description.name, parameters, {
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		typeVersion,
	});
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesOf({ [node.type]: nodeType }),
	});
	const items: INodeExecutionData[] = input.map((json) => ({ json }));
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataFor(credentials),
		'manual',
		createRunExecutionData(),
		0,
		items,
		{ main: [items] },
		{ node, data: { main: [items] }, source: null },
		[],
	);
	const output = nodeType.execute
		? ((await nodeType.execute.call(context)) as INodeExecutionData[][])
		: await new RoutingNode(context, nodeType).runNode();
	return output?.[0] ?? [];
}

export interface Poller {
	/** One poll, as n8n's scheduler (mode 'trigger') or the editor's "Fetch test event" ('manual') runs it. */
	poll(mode?: WorkflowExecuteMode): Promise<INodeExecutionData[][] | null>;
	/** The node's static data as n8n would save it. */
	staticData(): IDataObject;
	setParameters(parameters: INodeParameters): void;
	readonly workflow: Workflow;
}

/** A trigger inside one Workflow whose static data is carried across polls. */
export function createPoller(
	nodeType: INodeType,
	{
		parameters,
		credentials,
		name = 'SmartSuite Polling Trigger',
		typeVersion = 1,
	}: { parameters: INodeParameters; credentials: object; name?: string; typeVersion?: number },
): Poller {
	const node = makeNode(nodeType.description.name, parameters, { name, typeVersion });
	const workflow = new Workflow({
		id: 'wf-trigger',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: nodeTypesOf({ [node.type]: nodeType }),
		staticData: {},
	});
	return {
		workflow,
		async poll(mode: WorkflowExecuteMode = 'trigger') {
			const context = new PollContext(
				workflow,
				node,
				additionalDataFor(credentials),
				mode,
				'activate',
			);
			return (await nodeType.poll!.call(context)) ?? null;
		},
		staticData() {
			return JSON.parse(JSON.stringify(workflow.staticData[`node:${node.name}`] ?? {}));
		},
		/** An edit of the active workflow: n8n resolves the parameters' defaults as it loads it again. */
		setParameters(newParameters: INodeParameters) {
			const { properties } = nodeType.description;
			node.parameters =
				NodeHelpers.getNodeParameters(
					properties,
					newParameters,
					true,
					false,
					node,
					nodeType.description,
				) ?? {};
		},
	};
}

/**
 * Runs a "From list" search or an options list of the node being edited, as n8n's editor asks
 * for it: the node's current parameters reach the method through `additionalData`.
 */
export async function runNodeMethod(
	nodeType: INodeType,
	{
		parameters,
		credentials,
		typeVersion = 1,
	}: { parameters: INodeParameters; credentials: object; typeVersion?: number },
	call:
		| { listSearch: string; filter?: string; paginationToken?: string }
		| { loadOptions: string; path?: string }
		| { resourceMapping: string },
): Promise<unknown> {
	const node = makeNode(nodeType.description.name, parameters, { typeVersion });
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesOf({ [node.type]: nodeType }),
	});
	const additionalData = {
		...additionalDataFor(credentials),
		currentNodeParameters: node.parameters,
	} as IWorkflowExecuteAdditionalData;
	// The parameter being edited: `&name` in a method means a parameter beside it.
	const path = 'path' in call && call.path ? `parameters.${call.path}` : 'parameters.x';
	const context = new LoadOptionsContext(workflow, node, additionalData, path);
	const methods = nodeType.methods as Record<
		string,
		Record<string, (...args: unknown[]) => Promise<unknown>>
	>;
	if ('listSearch' in call)
		return await methods.listSearch[call.listSearch].call(
			context,
			call.filter,
			call.paginationToken,
		);
	if ('resourceMapping' in call)
		return await methods.resourceMapping[call.resourceMapping].call(context);
	return await methods.loadOptions[call.loadOptions].call(context);
}

/**
 * Runs a whole workflow with n8n's WorkflowExecute, as `n8n execute` would. `settings`: the
 * workflow's settings (n8n's editor gives new workflows `executionOrder: 'v1'`).
 */
export async function runWorkflow(
	nodeTypes: Record<string, INodeType>,
	nodes: INode[],
	connections: Workflow['connectionsBySourceNode'],
	credentials: object,
	settings?: IWorkflowSettings,
): Promise<IRun> {
	const workflow = new Workflow({
		id: 'wf',
		nodes,
		connections,
		active: false,
		nodeTypes: nodeTypesOf(nodeTypes),
		settings,
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'exec-1', {
		id: 'wf',
		name: 'wf',
		nodes,
		connections,
		active: false,
	} as never);
	const execute = new WorkflowExecute(additionalDataFor(credentials, hooks), 'manual');
	return await execute.run({ workflow, startNode: nodes[0] });
}

/** Runs the credential test the way n8n's CredentialsTester does for `testedBy` functions. */
/**
 * n8n's credential test of a credential type with a declarative `test` (CredentialsTester's
 * request test, the same in n8n 2.8 and 2.41, ported here because it lives in the n8n package):
 * the request runs through n8n-core's RoutingNode as a one-property node with the credential
 * applied; a thrown answer is judged by the `responseCode` rules, then by its status; a network
 * failure gives its code; a 2xx answer is judged by the `responseSuccessBody` rules.
 */
export async function testCredential(credentials: object): Promise<INodeCredentialTestResult> {
	const decrypted: ICredentialsDecrypted = {
		id: '1',
		name: 'SmartSuite account',
		type: credentialType.name,
		data: credentials as ICredentialDataDecryptedObject,
	};
	const test = credentialType.test;
	if (!test) return { status: 'Error', message: 'No testing function found for this credential.' };
	const nodeType = {
		description: {
			displayName: 'Temp',
			name: 'temp',
			group: [],
			version: 1,
			description: '',
			defaults: {},
			inputs: [],
			outputs: [],
			credentials: [{ name: credentialType.name, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	} as unknown as INodeType;
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'temp',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [credentialType.name]: { id: '1', name: 'SmartSuite account' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesOf({ temp: nodeType }),
	});
	const items: INodeExecutionData[] = [{ json: {} }];
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataFor(credentials),
		'internal',
		createRunExecutionData(),
		0,
		[],
		{ main: [items] },
		{ node, data: {}, source: null },
		[],
	);
	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await new RoutingNode(context, nodeType, decrypted).runNode();
	} catch (thrown) {
		const error = thrown as {
			message: string;
			cause?: { code?: string; response?: { status: number; statusText?: string } };
		};
		if (error.cause?.response) {
			const { status, statusText } = error.cause.response;
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === status)
					return { status: 'Error', message: rule.properties.message };
			}
			if (status < 199 || status > 299)
				return { status: 'Error', message: statusText || `Received HTTP status code: ${status}` };
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: error.message.toString() };
	}
	for (const rule of test.rules ?? []) {
		if (
			rule.type === 'responseSuccessBody' &&
			getPath(response?.[0]?.[0]?.json, rule.properties.key) === rule.properties.value
		) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}

function getPath(value: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>(
			(at, key) =>
				typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined,
			value,
		);
}

/** Stops n8n-core's background interval so jest can exit (call in afterAll). */
export function shutdownN8nCore(): void {
	Container.get(SSHClientsManager).onShutdown();
}

/** A first node that hands the test items to the node under test, as a trigger or Code node would. */
export const START_TYPE: INodeType = {
	description: {
		displayName: 'Start',
		name: 'testStart',
		group: ['input'],
		version: 1,
		description: 'Emits the test items',
		defaults: { name: 'Start' },
		inputs: [],
		outputs: ['main'],
		properties: [
			{ displayName: 'Items', name: 'items', type: 'json', default: '[]' },
			{ displayName: 'Files', name: 'files', type: 'json', default: '[]' },
		],
	},
	async execute(this: IExecuteFunctions) {
		const files = this.getNodeParameter('files', 0, []) as Array<Record<
			string,
			IDataObject
		> | null>;
		const items = this.getNodeParameter('items', 0) as IDataObject[];
		return [
			await Promise.all(
				items.map(async (json, index): Promise<INodeExecutionData> => {
					if (!files[index]) return { json };
					const binary = Object.fromEntries(
						await Promise.all(
							Object.entries(files[index]).map(async ([name, file]) => {
								const data = Buffer.from(String(file.base64), 'base64');
								return [
									name,
									await this.helpers.prepareBinaryData(
										data,
										file.fileName as string,
										file.mimeType as string,
									),
								];
							}),
						),
					);
					return { json, binary };
				}),
			),
		];
	},
};

/** n8n's binary store on disk, as n8n runs by default (binary data gets an id and is read as a stream); call before any node runs. */
export async function useFilesystemBinaryStore(): Promise<void> {
	process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';
	process.env.N8N_BINARY_DATA_STORAGE_PATH = mkdtempSync(join(tmpdir(), 'n8n-binary-'));
	await Container.get(BinaryDataService).init();
}

export interface WorkflowNodeRun {
	output: INodeExecutionData[];
	/** The execution hints the node added (n8n shows them above the output). */
	hints: NodeExecutionHint[];
	/** The node's error as n8n records it, when the run stopped on it. */
	error?: IDataObject & { message: string; description?: string; httpCode?: string };
	/** The name of the node n8n ran last. */
	lastNodeExecuted?: string;
}

/**
 * Runs the node after a start node with n8n's WorkflowExecute, as a workflow runs it: this is how
 * `customOperations` are reached (RoutingNode alone only knows the routes).
 */
export async function runNodeInWorkflow(
	nodeType: INodeType,
	{
		parameters,
		credentials,
		input = [{}],
		binary = [],
		continueOnFail = false,
		timezone,
		typeVersion = 1,
	}: RunNodeOptions,
): Promise<WorkflowNodeRun> {
	const files = binary.map((item) =>
		item
			? Object.fromEntries(
					Object.entries(item).map(([name, { data, ...rest }]) => [
						name,
						{ base64: data.toString('base64'), ...rest },
					]),
				)
			: null,
	);
	const start = makeNode(
		'testStart',
		{
			items: input as unknown as INodeParameters['items'],
			files: files as unknown as INodeParameters['files'],
		},
		{ name: 'Start', credentials: undefined },
	);
	const node = makeNode(nodeType.description.name, parameters, {
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		typeVersion,
	});
	const connections = { Start: { main: [[{ node: node.name, type: 'main' as const, index: 0 }]] } };
	const run = await runWorkflow(
		{ testStart: START_TYPE, [node.type]: nodeType },
		[start, node],
		connections,
		credentials,
		timezone ? { timezone } : undefined,
	);
	const task = run.data.resultData.runData[node.name]?.[0];
	return {
		output: task?.data?.main?.[0] ?? [],
		hints: task?.hints ?? [],
		error: run.data.resultData.error as WorkflowNodeRun['error'],
		lastNodeExecuted: run.data.resultData.lastNodeExecuted,
	};
}
