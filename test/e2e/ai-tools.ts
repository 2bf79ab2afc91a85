/**
 * The SmartSuite Tool in workflow JSON (as the n8n editor saves it) and the official MCP client,
 * for the suites that prove the tool through n8n's MCP Server Trigger (mcp.test.ts, queue mode in
 * queue-mode.test.ts) and through n8n's AI Agent (agent.test.ts).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { type N8nVersion } from './versions';

/** The tool variant n8n makes of the `usableAsTool` node (its type name ends in `Tool`). */
export const TOOL_TYPE = 'n8n-nodes-smartsuite-workspace.smartSuiteTool';

/**
 * What the editor saves when a parameter is left to the model ("Let the model define this
 * parameter"): a `$fromAI()` expression whose key, description and type become the tool's argument.
 */
export const fromAi = (key: string, description: string, type = 'string') =>
	`={{ $fromAI('${key}', '${description}', '${type}') }}`;

/** A resource locator in ID mode whose value the model gives. */
export const idFromAi = (key: string, description: string) => ({
	__rl: true,
	mode: 'id',
	value: fromAi(key, description),
});

export const TABLE_ARGUMENT = 'The ID of the SmartSuite table';
export const tableFromAi = idFromAi('table', TABLE_ARGUMENT);

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
}

/** A SmartSuite Tool node (one operation; n8n names the tool after the node). */
export function smartSuiteTool(
	name: string,
	parameters: Record<string, unknown>,
	credential: { id: string; name: string },
	position: [number, number] = [0, 300],
): WorkflowNode {
	return {
		id: `tool-${name.toLowerCase().replace(/\W+/g, '-')}`,
		name,
		type: TOOL_TYPE,
		typeVersion: 1,
		position,
		parameters,
		credentials: { smartSuiteWorkspaceApi: credential },
	};
}

/** Record → Create of a record whose title the model gives. */
export function createRecordTool(
	credential: { id: string; name: string },
	position?: [number, number],
): WorkflowNode {
	return smartSuiteTool(
		'Create record',
		{
			operation: 'create',
			tableId: tableFromAi,
			columns: {
				mappingMode: 'defineBelow',
				value: { title: fromAi('title', 'The title of the new record') },
			},
		},
		credential,
		position,
	);
}

/** The tool name n8n gives a node (n8n-workflow's nodeNameToToolName, both versions). */
export const toolName = (nodeName: string) => nodeName.replace(/[^a-zA-Z0-9_-]+/g, '_');

/** Connections that hang every tool node on `target`'s Tool input. */
export function toolConnections(tools: WorkflowNode[], target: string) {
	return Object.fromEntries(
		tools.map((tool) => [tool.name, { ai_tool: [[{ node: target, type: 'ai_tool', index: 0 }]] }]),
	);
}

/**
 * The MCP Server Trigger version the editor adds on each n8n (2 on 2.8.4, 2.1 on 2.41.1). From
 * version 2 the server answers at `/mcp/<path>` itself: Streamable HTTP (POST) and SSE (GET).
 */
export const mcpTriggerVersion = (version: N8nVersion) => (version.name === 'floor' ? 2 : 2.1);

/** A workflow whose MCP Server Trigger (no authentication) offers `tools` at `/mcp/<path>`. */
export function mcpServerWorkflow(options: {
	id: string;
	path: string;
	version: N8nVersion;
	tools: WorkflowNode[];
}) {
	const trigger: WorkflowNode = {
		id: 'mcp-trigger',
		name: 'MCP Server Trigger',
		type: '@n8n/n8n-nodes-langchain.mcpTrigger',
		typeVersion: mcpTriggerVersion(options.version),
		position: [0, 0],
		parameters: { path: options.path },
		webhookId: '6f1d0b0e-4f0c-4a52-9a43-7b0f2f6b7a11',
	};
	const tools = options.tools.map((tool, i) => ({
		...tool,
		position: [i * 200, 300] as [number, number],
	}));
	return {
		id: options.id,
		name: `MCP server ${options.path}`,
		nodes: [trigger, ...tools],
		connections: toolConnections(tools, trigger.name),
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

/** A tool's answer as an MCP client gets it: the text of its content, and whether it is an error. */
export interface ToolAnswer {
	isError: boolean;
	text: string;
}

/** An MCP client session (the official SDK) with an n8n MCP Server Trigger. */
export class McpSession {
	private constructor(readonly client: Client) {}

	/** Connects over Streamable HTTP (what current MCP clients use) or SSE (older clients). */
	static async connect(url: string, transport: 'streamable' | 'sse'): Promise<McpSession> {
		const client = new Client({ name: 'smartsuite-e2e', version: '1.0.0' });
		await client.connect(
			transport === 'streamable'
				? new StreamableHTTPClientTransport(new URL(url))
				: new SSEClientTransport(new URL(url)),
		);
		return new McpSession(client);
	}

	async tools() {
		return (await this.client.listTools()).tools;
	}

	async call(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
		const result = await this.client.callTool({ name, arguments: args });
		const content = result.content as Array<{ type: string; text?: string }>;
		return {
			isError: result.isError === true,
			text: content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join(''),
		};
	}

	/** The answer's items: n8n sends a tool's output items as one JSON text. */
	async items(
		name: string,
		args: Record<string, unknown>,
	): Promise<Array<Record<string, unknown>>> {
		const answer = await this.call(name, args);
		if (answer.isError) throw new Error(`Tool ${name} answered an error: ${answer.text}`);
		const items = JSON.parse(answer.text) as unknown;
		// n8n 2.8.4 in queue mode hands a tool's error on as an ordinary answer: {"error": {…}}.
		if (!Array.isArray(items)) throw new Error(`Tool ${name} answered no items: ${answer.text}`);
		return items as Array<Record<string, unknown>>;
	}

	async close(): Promise<void> {
		await this.client.close();
	}
}
