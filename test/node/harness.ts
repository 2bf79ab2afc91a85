/** Shared by the SmartSuite node suites: one emulator per file, the node run by n8n's WorkflowExecute. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { DEFAULT_VARIANT, type Emulator, type ReceivedRequest, startEmulator } from '../emulator';
import { TYPED_FIELDS } from '../emulator/fixtures';
import {
	credentialsFor,
	runNodeOnce,
	runNodeInWorkflow,
	shutdownN8nCore,
	type RunNodeOptions,
	type SmartSuiteCredentialData,
	type WorkflowNodeRun,
} from '../helpers/n8n';

export const smartSuite = new SmartSuite();

/** Starts an emulator for the file, cleans it before each test, and stops it and n8n-core after. */
export function useEmulator(): { readonly emu: Emulator } {
	const holder = {} as { emu: Emulator };
	beforeAll(async () => {
		holder.emu = await startEmulator();
	});
	beforeEach(() => {
		holder.emu.clearFaults();
		holder.emu.setVariant(DEFAULT_VARIANT);
		holder.emu.resetLog();
	});
	afterAll(async () => {
		await holder.emu.close();
		shutdownN8nCore();
	});
	return holder;
}

export interface Run {
	parameters: INodeParameters;
	input?: IDataObject[];
	/** Binary files per input item, by property name (operations that run as code). */
	binary?: RunNodeOptions['binary'];
	continueOnFail?: boolean;
	credentials?: Partial<SmartSuiteCredentialData>;
	/** The workflow's time zone (runInWorkflow only). */
	timezone?: string;
	/** The node's version (default 1). */
	typeVersion?: number;
}

/**
 * Runs the node's `execute` once over the input, as n8n's WorkflowExecute calls it (with files:
 * inside a workflow, which stores them). Throws the node's error. Unlike a whole workflow, it
 * reaches the node's own checks of empty required parameters (n8n refuses to start a workflow
 * whose parameters it sees empty: runInWorkflow).
 */
export async function run(emu: Emulator, options: Run): Promise<INodeExecutionData[]> {
	if (options.binary) {
		const result = await runInWorkflow(emu, options);
		if (result.error) throw Object.assign(new Error(result.error.message), result.error);
		return result.output;
	}
	const { credentials, ...rest } = options;
	return await runNodeOnce(smartSuite, { ...rest, credentials: credentialsFor(emu, credentials) });
}

/** Runs the node inside a workflow, with its hints and error. */
export async function runInWorkflow(
	emu: Emulator,
	{ credentials, ...options }: Run,
): Promise<WorkflowNodeRun> {
	return await runNodeInWorkflow(smartSuite, {
		...options,
		credentials: credentialsFor(emu, credentials),
	});
}

/** Runs the node and returns what it threw; fails when it did not throw. */
export async function runError(
	emu: Emulator,
	options: Run,
): Promise<Error & { description?: string; httpCode?: string }> {
	const error = await run(emu, options).then(
		() => undefined,
		(thrown: Error) => thrown,
	);
	if (!error) throw new Error('expected the node to throw');
	expect(JSON.stringify(error)).not.toContain(emu.apiKey);
	expect(`${error.message} ${(error as { description?: string }).description}`).not.toContain(
		emu.apiKey,
	);
	return error as Error & { description?: string; httpCode?: string };
}

/** Record → Restore with the record as SmartSuite answers it (Simplify off). */
/** A Fixed-mode resource mapper as n8n's editor saves it: the values typed and the schema shown. */
export const savedMapper = (value: Record<string, unknown>, schema: unknown[]) => ({
	mappingMode: 'defineBelow',
	value,
	matchingColumns: [],
	schema,
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

export const restore = (tableId: string | INodeParameters, recordId: string): INodeParameters => ({
	resource: 'record',
	operation: 'restore',
	tableId: typeof tableId === 'string' ? { __rl: true, mode: 'id', value: tableId } : tableId,
	recordId,
	simplify: false,
});

/** Record > Upload File to the Attachments field of the field types table. */
export const uploadFile = (
	tableId: string,
	recordId: string,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'record',
	operation: 'uploadFile',
	tableId: { __rl: true, mode: 'id', value: tableId },
	recordId: { __rl: true, mode: 'id', value: recordId },
	fieldId: TYPED_FIELDS.files,
	...extra,
});

/** `size` bytes holding every byte value: no encoding step can pass unnoticed. */
export const bytes = (size: number) => {
	const data = Buffer.alloc(size);
	for (let i = 0; i < size; i++) data[i] = (i * 7 + (i >> 8)) % 256;
	return data;
};

export const getWebhook = (webhookId: string): INodeParameters => ({
	resource: 'webhook',
	operation: 'get',
	webhookId,
});

export const deleteWebhook = (webhookId: string): INodeParameters => ({
	resource: 'webhook',
	operation: 'delete',
	webhookId,
});

export const listEvents = (webhookId: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'webhook',
	operation: 'listEvents',
	webhookId,
	...extra,
});

/** What every request of the node must carry (spec section 5). */
export function expectSpecRequest(request: ReceivedRequest, emu: Emulator, path: string): void {
	expect(request.method).toBe('POST');
	expect(request.path).toBe(path);
	expect(request.headers.authorization).toBe(`Token ${emu.apiKey}`);
	expect(request.headers['account-id']).toBe(emu.workspaceId);
	expect(request.headers['content-type']).toBe('application/json');
}

export const webhooksPath = (method: string) => `/service.webhooks.engine.Webhooks/${method}`;

export interface StubServer {
	/** Use as both base URLs of the credential. */
	url: string;
	requests: Array<{ path: string; body: IDataObject }>;
	close(): Promise<void>;
}

/** A minimal server for answers the emulator never gives (422, a repeated page token, odd shapes). */
export async function startStub(
	answer: (
		body: IDataObject,
		n: number,
		path: string,
	) => { status: number; body: unknown; headers?: Record<string, string> },
): Promise<StubServer> {
	const requests: StubServer['requests'] = [];
	const server = http.createServer(async (req, res) => {
		let raw = '';
		for await (const chunk of req) raw += chunk;
		const body = JSON.parse(raw || '{}') as IDataObject;
		requests.push({ path: req.url ?? '', body });
		const reply = answer(body, requests.length, req.url ?? '');
		res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
		res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		requests,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
