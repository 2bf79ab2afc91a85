/**
 * The SmartSuite Tool under n8n's AI Agent, end to end: the n8n version E2E_N8N selects
 * (versions.ts) with this package installed as a community package, and a chat model that is a
 * script (scripted-model.ts: an OpenAI-compatible server on 127.0.0.1 that n8n's OpenAI Chat Model
 * node talks to through its credential's Base URL). Each agent workflow is Webhook → AI Agent with
 * the chat model and two SmartSuite Tool nodes (Record → Search, Record → Create); a POST to the
 * webhook runs it and answers with the agent's output.
 *
 * The script plays a model: it calls the Search tool on the table named in the question, then the
 * Create tool with a title made from the first record the search answered, then answers in text.
 * So the record is only created right if the tool's answer (SmartSuite's records) reached the model.
 * Asked to "Add" a record, it calls the Create tool at once and repeats what the tool answered.
 *
 * A tool's error, as each agent hands it on: the Search tool node has *On Error: Continue* (what we
 * advise under an agent), so its error is an output item the model reads; the Create tool node keeps
 * the default *Stop*: under the agent 3.1 the error fails the workflow on n8n 2.8.4 and reaches the
 * model as that item on 2.41.1; under 2.2 and 1 n8n's agent (LangChain's AgentExecutor) gives the
 * model an empty answer, and only the execution shows the error.
 *
 * The agents: version 3.1, the newest on both n8n versions (n8n's engine runs the tool node), 2.2,
 * the newest before 3, and 1, the oldest (both call the tool directly, as the MCP Server Trigger
 * does). Version 1's default Conversational Agent refuses structured tools (any tool with
 * `$fromAI()` arguments: "please use Tools Agent instead") and its Tools Agent is offered only from
 * 1.6, so version 1 runs as its OpenAI Functions Agent, which n8n runs as the Tools Agent.
 */
import { randomUUID } from 'node:crypto';

import type { INode } from 'n8n-workflow';

import { tableNotFound } from '../../nodes/SmartSuite/shared/records';
import { startEmulator, type Emulator } from '../emulator';
import {
	TABLE_ARGUMENT,
	type WorkflowNode,
	createRecordTool,
	fromAi,
	idFromAi,
	smartSuiteTool,
	tableFromAi,
	toolConnections,
} from './ai-tools';
import {
	N8n,
	ensureN8n,
	installThisPackage,
	n8nSuite,
	smartSuiteCredential,
	stopAll,
} from './harness';
import { type ChatRequest, ScriptedModel, type ScriptedTurn, textOf } from './scripted-model';
import { selectedVersion } from './versions';

/** How the node's errors word a missing table when it runs as the SmartSuite Tool. */
const TOOL_NODE = { type: 'n8n-nodes-smartsuite-workspace.smartSuiteTool' } as INode;

const version = selectedVersion();
jest.setTimeout(3 * 60_000);

const CREDENTIAL = { id: 'smartsuiteAgentCred1', name: 'SmartSuite (emulator)' };
const OPENAI_CREDENTIAL = { id: 'openAiScriptedCred1', name: 'Scripted model' };
const SEARCH_TOOL = 'Search_records';
const CREATE_TOOL = 'Create_record';
const UPDATE_TOOL = 'Update_record';
/** The records each agent's table starts with, in SmartSuite's order. */
const LEADS = ['Acme renewal', 'Globex upsell'];

interface AgentCase {
	/** What the test calls it, and the webhook path's suffix. */
	tag: string;
	typeVersion: number;
	/** The agent's parameters as the editor saves them (the prompt from the webhook's body). */
	parameters: Record<string, unknown>;
	/** How n8n calls the tools under this agent. */
	path: 'the engine' | 'directly';
	/** What a tool error does with the tool node's default On Error (Stop). */
	stopError:
		| 'fails the workflow'
		| 'reaches the model as its message'
		| 'reaches the model as an empty answer';
}

const PROMPT = '={{ $json.body.question }}';
const AGENTS: AgentCase[] = [
	{
		tag: 'v3',
		typeVersion: 3.1,
		parameters: { promptType: 'define', text: PROMPT, options: {} },
		path: 'the engine',
		stopError: version.name === 'floor' ? 'fails the workflow' : 'reaches the model as its message',
	},
	{
		tag: 'v2',
		typeVersion: 2.2,
		parameters: { promptType: 'define', text: PROMPT, options: {} },
		path: 'directly',
		stopError: 'reaches the model as an empty answer',
	},
	{
		tag: 'v1',
		typeVersion: 1,
		parameters: { agent: 'openAiFunctionsAgent', text: PROMPT, options: {} },
		path: 'directly',
		stopError: 'reaches the model as an empty answer',
	},
];

let emu: Emulator;
let n8n: N8n;
let model: ScriptedModel;
const suite = n8nSuite(() => n8n);
/** Each agent's own table (so that one agent's record cannot show in another's search). */
const tables: Record<string, string> = {};

/** The table id the question names ("… in SmartSuite table <id> …"). */
const tableAskedFor = (request: ChatRequest) =>
	/SmartSuite table (\w+)/.exec(
		request.messages
			.filter((message) => message.role === 'user')
			.map(textOf)
			.join('\n'),
	)?.[1] ?? '';
/** The tools' answers in the conversation, oldest first. */
const toolAnswers = (request: ChatRequest) =>
	request.messages.filter((message) => message.role === 'tool').map(textOf);
/** The record id the question names ("… record <id> …"). */
const recordAskedFor = (request: ChatRequest) =>
	/ record (\w+) /.exec(
		textOf(request.messages.filter((message) => message.role === 'user')[0]),
	)?.[1] ?? '';
/** The first record title in a Search answer (the tool's items, as JSON text). */
const firstTitle = (answer: string) => /"Title":"([^"]+)"/.exec(answer)?.[1];

/**
 * The model's part: search, create a follow-up of the first record found, then say so; asked to
 * "Add", create at once and repeat the tool's answer.
 */
function playModel(request: ChatRequest): ScriptedTurn {
	const table = tableAskedFor(request);
	const [searched, created] = toolAnswers(request);
	const question = textOf(request.messages.filter((message) => message.role === 'user')[0]);
	if (question.startsWith('Set'))
		return searched === undefined
			? {
					toolCalls: [
						{
							name: UPDATE_TOOL,
							arguments: { table, record: recordAskedFor(request), fields: { Priority: 'Purple' } },
						},
					],
				}
			: { text: `The tool answered: ${searched}` };
	if (textOf(request.messages.filter((message) => message.role === 'user')[0]).startsWith('Add'))
		return searched === undefined
			? { toolCalls: [{ name: CREATE_TOOL, arguments: { table, title: 'New lead' } }] }
			: { text: `The tool answered: ${searched}` };
	if (searched === undefined) return { toolCalls: [{ name: SEARCH_TOOL, arguments: { table } }] };
	const lead = firstTitle(searched);
	if (!lead) return { text: `The search found nothing I can use: ${searched}` };
	if (created === undefined)
		return {
			toolCalls: [{ name: CREATE_TOOL, arguments: { table, title: `Follow-up: ${lead}` } }],
		};
	return { text: `Created a follow-up for ${lead}.` };
}

function agentWorkflow(agent: AgentCase) {
	const webhook: WorkflowNode = {
		id: 'webhook',
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		parameters: {
			httpMethod: 'POST',
			path: `smartsuite-agent-${agent.tag}`,
			responseMode: 'lastNode',
			options: {},
		},
		webhookId: randomUUID(),
	};
	const agentNode: WorkflowNode = {
		id: 'agent',
		name: 'AI Agent',
		type: '@n8n/n8n-nodes-langchain.agent',
		typeVersion: agent.typeVersion,
		position: [220, 0],
		parameters: agent.parameters,
	};
	const chatModel: WorkflowNode = {
		id: 'chat-model',
		name: 'OpenAI Chat Model',
		type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
		typeVersion: 1.3,
		position: [100, 300],
		// Chat Completions: an OpenAI-compatible server has no Responses API.
		parameters: {
			model: { __rl: true, mode: 'id', value: 'scripted-model' },
			responsesApiEnabled: false,
			options: {},
		},
		credentials: { openAiApi: OPENAI_CREDENTIAL },
	};
	const tools = [
		{
			...smartSuiteTool('Search records', { tableId: tableFromAi }, CREDENTIAL, [300, 300]),
			// On Error: Continue (using regular output): an error becomes the item {"error": "…"}.
			onError: 'continueRegularOutput',
		},
		createRecordTool(CREDENTIAL, [500, 300]),
		{
			...smartSuiteTool(
				'Update record',
				{
					operation: 'update',
					tableId: tableFromAi,
					recordId: idFromAi('record', 'The ID of the record'),
					fieldsInput: 'json',
					fieldsJson: fromAi(
						'fields',
						'The fields to change as one JSON object keyed by label',
						'json',
					),
				},
				CREDENTIAL,
				[700, 300],
			),
			onError: 'continueRegularOutput',
		},
	];
	return {
		id: `e2eAgent${agent.tag}`,
		name: `AI Agent ${agent.typeVersion} with the SmartSuite Tool`,
		nodes: [webhook, agentNode, chatModel, ...tools],
		connections: {
			Webhook: { main: [[{ node: agentNode.name, type: 'main', index: 0 }]] },
			[chatModel.name]: {
				ai_languageModel: [[{ node: agentNode.name, type: 'ai_languageModel', index: 0 }]],
			},
			...toolConnections(tools, agentNode.name),
		},
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

/** Asks an agent over its webhook; its answer and the model requests of that conversation. */
async function ask(agent: AgentCase, tableId: string, question: string) {
	const response = await fetch(`${n8n.url}/webhook/smartsuite-agent-${agent.tag}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ question }),
		signal: AbortSignal.timeout(120_000),
	});
	return {
		status: response.status,
		answer: (await response.json()) as { output?: string; message?: string },
		conversation: model.requests.filter((request) => tableAskedFor(request) === tableId),
	};
}

beforeAll(async () => {
	await ensureN8n({ version });
	emu = await startEmulator();
	model = await ScriptedModel.start(playModel);
	n8n = await N8n.fresh();
	try {
		await installThisPackage(n8n.options.userFolder);
		const solution = emu.addSolution({ name: 'Sales' });
		for (const agent of AGENTS) {
			const table = emu.addTable(solution.id, { name: `Leads (${agent.tag})` });
			for (const title of LEADS) emu.createRecord(table.id, { title });
			tables[agent.tag] = table.id;
		}
		const choices = emu.addTable(solution.id, { name: 'Leads (choices)' });
		emu.createRecord(choices.id, { title: LEADS[0], priority: '2' });
		tables.choices = choices.id;
		await n8n.importCredentials([
			smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emu),
			{
				...OPENAI_CREDENTIAL,
				type: 'openAiApi',
				data: { apiKey: 'sk-scripted-model', url: model.baseUrl },
			},
		]);
		const workflows = AGENTS.map(agentWorkflow);
		await n8n.importWorkflows(workflows);
		for (const workflow of workflows) await n8n.publish(workflow.id);
		await n8n.start();
		for (const agent of AGENTS) await n8n.waitForWebhook(`webhook/smartsuite-agent-${agent.tag}`);
	} catch (error) {
		throw suite.fail(error);
	}
}, 25 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	stopAll();
	await model?.close();
	await emu?.close();
	suite.finish();
});

describe(`the SmartSuite Tool under the AI Agent (n8n ${version.n8n}, a scripted OpenAI-compatible model)`, () => {
	test.each(AGENTS)(
		'AI Agent $typeVersion (tools called $path): searches, creates a record from what the search answered, and says so',
		(agent) =>
			suite.wrap(async () => {
				const tableId = tables[agent.tag];
				const { status, answer, conversation } = await ask(
					agent,
					tableId,
					`Find the leads in SmartSuite table ${tableId} and add a follow-up for the first one.`,
				);

				expect(status).toBe(200);
				expect(answer.output).toBe(`Created a follow-up for ${LEADS[0]}.`);

				// The model was offered both tools, described, with their $fromAI() arguments.
				const offered = Object.fromEntries(
					(conversation[0].tools ?? []).map(({ function: tool }) => [tool.name, tool]),
				);
				expect(offered[SEARCH_TOOL]).toMatchObject({
					description: 'Search the records of a table by filter in SmartSuite',
					parameters: {
						type: 'object',
						properties: { table: { type: 'string', description: TABLE_ARGUMENT } },
						required: ['table'],
					},
				});
				expect(offered[CREATE_TOOL]).toMatchObject({
					description: 'Create a record from the fields given in SmartSuite',
					parameters: {
						properties: {
							table: { type: 'string', description: TABLE_ARGUMENT },
							title: { type: 'string', description: 'The title of the new record' },
						},
					},
				});

				// Three turns: the search, the create, the answer. The search's answer that reached
				// the model holds the table's records; the create's holds the new record.
				expect(conversation).toHaveLength(3);
				const [searched, created] = toolAnswers(conversation[2]);
				for (const record of emu.records(tableId).slice(0, LEADS.length)) {
					expect(searched).toContain(record.id);
					expect(searched).toContain(record.title);
				}
				const followUps = emu
					.records(tableId)
					.filter((record) => record.title === `Follow-up: ${LEADS[0]}`);
				expect(followUps).toHaveLength(1);
				expect(created).toContain(followUps[0].id);
				expect(emu.records(tableId)).toHaveLength(LEADS.length + 1);
			})(),
	);

	test.each(AGENTS)(
		'AI Agent $typeVersion: a Search of an unknown table, its tool node on Continue: the model reads the error naming the table',
		(agent) =>
			suite.wrap(async () => {
				const tableId = `unknownsearch${agent.tag}`;
				const { status, answer, conversation } = await ask(
					agent,
					tableId,
					`Find the leads in SmartSuite table ${tableId}.`,
				);

				const error = JSON.stringify([{ error: tableNotFound(tableId, TOOL_NODE) }]);
				expect(status).toBe(200);
				expect(conversation).toHaveLength(2);
				expect(toolAnswers(conversation[1])).toEqual([error]);
				expect(answer.output).toBe(`The search found nothing I can use: ${error}`);
			})(),
	);

	test.each(AGENTS)(
		'AI Agent $typeVersion: a Create in an unknown table, its tool node on Stop (the default): the error $stopError',
		(agent) =>
			suite.wrap(async () => {
				const tableId = `unknowncreate${agent.tag}`;
				const { status, answer, conversation } = await ask(
					agent,
					tableId,
					`Add a lead to SmartSuite table ${tableId}.`,
				);

				const [execution] = (await n8n.executions(`e2eAgent${agent.tag}`)).slice(-1);
				const [toolRun] = execution.runData['Create record'];
				expect(toolRun.error).toMatchObject({
					message: expect.stringContaining(`The table "${tableId}" was not found`),
				});
				if (agent.stopError === 'fails the workflow') {
					expect(status).toBe(500);
					expect(answer.message).toBe('Error in workflow');
					expect(execution.status).toBe('error');
					expect(conversation).toHaveLength(1);
				} else {
					const toolAnswer =
						agent.stopError === 'reaches the model as its message'
							? JSON.stringify([{ error: tableNotFound(tableId, TOOL_NODE) }])
							: '';
					expect(status).toBe(200);
					expect(execution.status).toBe('success');
					expect(conversation).toHaveLength(2);
					expect(toolAnswers(conversation[1])).toEqual([toolAnswer]);
					expect(answer.output).toBe(`The tool answered: ${toolAnswer}`);
				}
			})(),
	);

	test(
		"AI Agent 3.1: a choice that is not an option, the tool node on Continue: the tool message in the model's second request lists the options",
		suite.wrap(async () => {
			const agent = AGENTS[0];
			const tableId = tables.choices;
			const record = structuredClone(emu.records(tableId)[0]);
			const { status, conversation } = await ask(
				agent,
				tableId,
				`Set the priority of record ${record.id} in SmartSuite table ${tableId} to Purple.`,
			);

			expect(status).toBe(200);
			expect(conversation).toHaveLength(2);
			expect(conversation[0].messages.map((message) => message.role)).not.toContain('tool');
			const [toolAnswer] = toolAnswers(conversation[1]);
			const items = JSON.parse(toolAnswer) as Array<{ error?: string }>;
			expect(items).toHaveLength(1);
			expect(items[0].error).toContain('Purple');
			for (const option of ['Low', 'Medium', 'High', 'Urgent'])
				expect(items[0].error).toContain(option);
			expect(emu.getRecord(tableId, record.id)).toEqual(record);
		}),
	);
});
