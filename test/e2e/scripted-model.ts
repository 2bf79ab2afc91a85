/**
 * A small OpenAI-compatible chat model for the AI Agent suite: node:http on 127.0.0.1 (port 0),
 * `POST /v1/chat/completions`, answered as OpenAI does (a `chat.completion`, or `chat.completion.chunk`
 * server-sent events when the request asks to stream). What it answers is a script: a function of
 * the request (the conversation so far and the tools offered) that returns either tool calls or a
 * final text. Every request is kept, so a test can read what n8n sent the model, the tools' answers
 * included.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: Array<{
		id: string;
		type: 'function';
		function: { name: string; arguments: string };
	}>;
	tool_call_id?: string;
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: Array<{
		type: 'function';
		function: { name: string; description?: string; parameters?: Record<string, unknown> };
	}>;
	stream?: boolean;
	[option: string]: unknown;
}

/** The model's next turn: call these tools, or answer with this text. */
export type ScriptedTurn =
	{ toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> } | { text: string };

/** A message's text, whether n8n sent it as a string or as content parts. */
export function textOf(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	return (message.content ?? []).map((part) => part.text ?? '').join('');
}

export class ScriptedModel {
	/** Every chat completion request received, in order. */
	readonly requests: ChatRequest[] = [];
	private calls = 0;

	private constructor(
		private readonly server: Server,
		/** The API's base URL, as the OpenAI credential's Base URL takes it (`http://127.0.0.1:<port>/v1`). */
		readonly baseUrl: string,
	) {}

	static async start(script: (request: ChatRequest) => ScriptedTurn): Promise<ScriptedModel> {
		let model: ScriptedModel | undefined;
		const server = createServer((request, response) => {
			void model!.answer(request, response, script).catch((error: unknown) => {
				if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
				response.end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }));
			});
		});
		await new Promise<void>((done, fail) =>
			server.once('error', fail).listen(0, '127.0.0.1', done),
		);
		const { port } = server.address() as { port: number };
		model = new ScriptedModel(server, `http://127.0.0.1:${port}/v1`);
		return model;
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise((done) => this.server.close(done));
	}

	private async answer(
		request: IncomingMessage,
		response: ServerResponse,
		script: (request: ChatRequest) => ScriptedTurn,
	): Promise<void> {
		let text = '';
		for await (const chunk of request) text += String(chunk);
		if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
			response.writeHead(404, { 'content-type': 'application/json' });
			response.end(
				JSON.stringify({
					error: {
						message: `No ${request.method} ${request.url} here`,
						type: 'invalid_request_error',
					},
				}),
			);
			return;
		}
		const body = JSON.parse(text) as ChatRequest;
		this.requests.push(body);
		const turn = script(body);
		const id = `chatcmpl-scripted-${++this.calls}`;
		const toolCalls =
			'toolCalls' in turn
				? turn.toolCalls.map((call, index) => ({
						id: `call_${this.calls}_${index}`,
						type: 'function' as const,
						function: { name: call.name, arguments: JSON.stringify(call.arguments) },
					}))
				: undefined;
		const content = 'text' in turn ? turn.text : null;
		const finishReason = toolCalls ? 'tool_calls' : 'stop';
		const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
		const base = { id, created: Math.floor(Date.now() / 1000), model: body.model };

		if (!body.stream) {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(
				JSON.stringify({
					...base,
					object: 'chat.completion',
					choices: [
						{
							index: 0,
							message: {
								role: 'assistant',
								content,
								...(toolCalls ? { tool_calls: toolCalls } : {}),
							},
							finish_reason: finishReason,
							logprobs: null,
						},
					],
					usage,
				}),
			);
			return;
		}
		response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
		const send = (choices: unknown[], extra: object = {}) =>
			response.write(
				`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices, ...extra })}\n\n`,
			);
		send([
			{
				index: 0,
				delta: { role: 'assistant', content: toolCalls ? null : '' },
				finish_reason: null,
			},
		]);
		if (toolCalls)
			send([
				{
					index: 0,
					delta: { tool_calls: toolCalls.map((call, index) => ({ index, ...call })) },
					finish_reason: null,
				},
			]);
		else send([{ index: 0, delta: { content }, finish_reason: null }]);
		send([{ index: 0, delta: {}, finish_reason: finishReason }]);
		if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage)
			send([], { usage });
		response.end('data: [DONE]\n\n');
	}
}
