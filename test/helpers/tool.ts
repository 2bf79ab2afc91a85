/**
 * The SmartSuite node as an AI tool, built and run the way n8n builds and runs it.
 *
 * n8n makes `<node>Tool` of every `usableAsTool` node twice, with the same function
 * (`convertNodeToAiTool`, packages/cli/src/tool-generation/ai-tools.ts, identical in n8n 2.8.4 and
 * 2.41.1): once for the editor (`createAiTools`, which also applies `usableAsTool.replacements`)
 * and once when a workflow runs (`NodeTypes.getByNameAndVersion`, which does NOT apply the
 * replacements, and first gives a declarative node an `execute` that runs RoutingNode). The
 * editor saves no parameter that equals its default, so anything the tool's defaults need must be
 * in the node's own description: `toolNodeType` builds the tool as a run does.
 *
 * An AI Agent (V3, the default in both versions) gets the tool from `getInputConnectionData` and
 * has the engine run it: it returns an `EngineRequest` whose action carries the model's tool-call
 * arguments, WorkflowExecute runs the tool node with them (its `$fromAI()` expressions read them),
 * and calls the agent again with the tool's output (`EngineResponse`). Older agents and the MCP
 * Server Trigger call the tool directly instead (`tool.invoke`: n8n-core runs the node's
 * `execute` with the arguments as its input). `AGENT_TYPE` does either, once.
 */
import type { StructuredTool } from '@langchain/core/tools';
import type { ExecuteContext } from 'n8n-core';
import { RoutingNode } from 'n8n-core';
import type {
	EngineRequest,
	EngineResponse,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { START_TYPE, makeNode, runWorkflow } from './n8n';

/** n8n's convertNodeToAiTool on a copy of the description (what the editor and a run both get). */
export function toolDescriptionOf(base: INodeTypeDescription): INodeTypeDescription {
	const description: INodeTypeDescription = { ...base, properties: [...base.properties] };
	description.name += 'Tool';
	description.inputs = [];
	description.outputs = [NodeConnectionTypes.AiTool];
	description.displayName += ' Tool';
	delete description.usableAsTool;
	const hasResourceOrOperation = description.properties.some(
		(property) => property.name === 'resource' || property.name === 'operation',
	);
	if (!description.properties.some((property) => property.name === 'toolDescription')) {
		const toolDescription: INodeProperties = {
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			default: base.description,
			required: true,
			typeOptions: { rows: 2 },
			description:
				'Explain to the LLM what this tool does, a good, specific description would allow LLMs to produce expected results much more often',
		};
		let lastCallout = -1;
		description.properties.forEach((property, index) => {
			if (property.type === 'callout') lastCallout = index;
		});
		description.properties.splice(lastCallout + 1, 0, toolDescription);
		if (hasResourceOrOperation) {
			description.properties.splice(lastCallout + 1, 0, {
				displayName: 'Tool Description',
				name: 'descriptionType',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Set Automatically',
						value: 'auto',
						description: 'Automatically set based on resource and operation',
					},
					{ name: 'Set Manually', value: 'manual', description: 'Manually set the description' },
				],
				default: 'auto',
			});
			toolDescription.displayOptions = { show: { descriptionType: ['manual'] } };
		}
	}
	description.codex = {
		categories: ['AI'],
		subcategories: { AI: ['Tools'], Tools: ['Other Tools'] },
		resources: base.codex?.resources ?? {},
	};
	return description;
}

/** The tool's node type as n8n's NodeTypes hands it to a run (n8n 2.8.4 and 2.41.1, node-types.ts). */
export function toolNodeType(base: INodeType): INodeType {
	const { description } = base;
	const isDeclarative = description.requestDefaults !== undefined;
	// shouldAssignExecuteMethod (packages/cli/src/utils.ts)
	if (
		!base.execute &&
		!base.poll &&
		!base.trigger &&
		(!base.webhook || isDeclarative) &&
		(!base.methods || isDeclarative)
	) {
		base.execute = async function (this: IExecuteFunctions) {
			return (await new RoutingNode(this as unknown as ExecuteContext, base).runNode()) ?? [];
		};
	}
	return Object.create(base, {
		description: { value: toolDescriptionOf(description) },
	}) as INodeType;
}

type AgentOutput = {
	tool: { name: string; description: string; arguments: string[] };
	/** The tool's output items (engine) or its answer as the agent reads it (direct). */
	output?: unknown;
	error?: string;
};

/**
 * An agent that makes one tool call with the arguments given, as a model would (checked against
 * the tool's schema), either through the engine (AI Agent V3) or by invoking the tool directly.
 */
const AGENT_TYPE: INodeType = {
	description: {
		displayName: 'Agent',
		name: 'testAgent',
		group: ['transform'],
		version: 1,
		description: "Makes one tool call, as n8n's AI Agent does",
		defaults: { name: 'Agent' },
		inputs: [
			NodeConnectionTypes.Main,
			{ type: NodeConnectionTypes.AiTool, displayName: 'Tools', required: true },
		],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Arguments', name: 'toolArguments', type: 'json', default: '{}' },
			{ displayName: 'Call', name: 'call', type: 'string', default: 'engine' },
		],
	},
	async execute(
		this: IExecuteFunctions,
		response?: EngineResponse,
	): Promise<INodeExecutionData[][] | EngineRequest> {
		const [tool] = (await this.getInputConnectionData(
			NodeConnectionTypes.AiTool,
			0,
		)) as StructuredTool[];
		const schema = tool.schema as unknown as {
			parse(value: unknown): IDataObject;
			shape: IDataObject;
		};
		const args = schema.parse(JSON.parse(this.getNodeParameter('toolArguments', 0) as string));
		const about = {
			name: tool.name,
			description: tool.description,
			arguments: Object.keys(schema.shape),
		};
		const answer = (json: Omit<AgentOutput, 'tool'>) => [
			[{ json: { tool: about, ...json } as IDataObject }],
		];
		if (this.getNodeParameter('call', 0) === 'direct') {
			try {
				return answer({ output: JSON.parse((await tool.invoke(args)) as string) });
			} catch (error) {
				return answer({ error: (error as Error).message });
			}
		}
		if (!response?.actionResponses.length) {
			const nodeName = tool.metadata?.sourceNodeName as string;
			return {
				actions: [
					{
						actionType: 'ExecutionNodeAction',
						nodeName,
						input: args,
						type: NodeConnectionTypes.AiTool,
						id: 'call_1',
						metadata: { itemIndex: 0 },
					},
				],
				metadata: {},
			};
		}
		const { data } = response.actionResponses[0];
		return answer({
			output: data.data?.[NodeConnectionTypes.AiTool]?.[0]?.map((item) => item.json),
			error: data.error?.message,
		});
	},
};

export interface ToolRun extends AgentOutput {
	/** The parameters the tool node ran with (defaults resolved, as n8n resolves them). */
	parameters: IDataObject;
}

/**
 * Runs a workflow Start → Agent with the SmartSuite Tool connected to the agent: the agent calls
 * the tool once with `toolArguments` (what the model would send) through the engine or directly.
 */
export async function runAsTool(
	base: INodeType,
	{
		parameters,
		toolArguments,
		call = 'engine',
		credentials,
		timezone,
		continueOnFail = false,
	}: {
		parameters: IDataObject;
		toolArguments: IDataObject;
		call?: 'engine' | 'direct';
		credentials: object;
		/** The workflow's time zone (its settings). */
		timezone?: string;
		/** The tool node's Settings → On Error → Continue (its failing item is `{"error": message}`). */
		continueOnFail?: boolean;
	},
): Promise<ToolRun> {
	const tool = toolNodeType(base);
	const start = makeNode(
		'testStart',
		{ items: [{ chatInput: 'Find the tasks' }], files: [] } as never,
		{ name: 'Start', credentials: undefined },
	);
	const agent = makeNode(
		'testAgent',
		{ toolArguments: JSON.stringify(toolArguments), call },
		{ name: 'Agent', credentials: undefined },
	);
	const toolNode = makeNode(tool.description.name, parameters as never, {
		name: 'SmartSuite',
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	});
	const connections = {
		Start: { main: [[{ node: 'Agent', type: NodeConnectionTypes.Main, index: 0 }]] },
		SmartSuite: {
			[NodeConnectionTypes.AiTool]: [
				[{ node: 'Agent', type: NodeConnectionTypes.AiTool, index: 0 }],
			],
		},
	};
	const run = await runWorkflow(
		{ testStart: START_TYPE, testAgent: AGENT_TYPE, [tool.description.name]: tool },
		[start, agent, toolNode],
		connections as never,
		credentials,
		{ executionOrder: 'v1', ...(timezone ? { timezone } : {}) },
	);
	if (run.data.resultData.error)
		throw new Error(`The workflow failed: ${run.data.resultData.error.message}`);
	const json = run.data.resultData.runData.Agent?.at(-1)?.data?.main?.[0]?.[0]
		?.json as unknown as AgentOutput;
	return { ...json, parameters: toolNode.parameters as IDataObject };
}
