/**
 * Issue 29, point 2: a server that quotes the API key in every field of every answer (bodies,
 * `failed_items[].reason`, headers, redirects, error pages, JSON escapes; issue 40: also in
 * base64, as `\uXXXX` escapes in text, and 17 characters of it) against every operation
 * of the SmartSuite node, both triggers and the credential test. The key is nowhere: not in an
 * output item, an error's message, description or JSON (what n8n stores with the execution), nor
 * a log line (info, warn, error).
 */
import { inspect } from 'node:util';
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { startInstantTrigger } from '../helpers/instant';
import { createPoller, runNodeInWorkflow, shutdownN8nCore, testCredential } from '../helpers/n8n';
import type { Answer, HostileServer, Received } from './server';
import { startHostile } from './server';

/** A key whose URL-encoded and JSON-escaped forms differ from it. */
const API_KEY = 'sk+3f9a/7c21=d4e85b60a1f2';
const ENCODED = encodeURIComponent(API_KEY);
/** Issue 40: the key in base64, alone and as an Authorization header's value, and as `\uXXXX` escapes in text. */
const BASE64 = Buffer.from(API_KEY).toString('base64');
const TOKEN_BASE64 = Buffer.from(`Token ${API_KEY}`).toString('base64');
const ESCAPED = Array.from(
	API_KEY,
	(c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
).join('');
/** 17 characters of the key: any run of 16 or more gives it away. */
const PART = API_KEY.slice(4, 21);
/** How the key is quoted in every string of an answer. */
const Q = `Token ${API_KEY} (sent as ${ENCODED}, key=${API_KEY.toUpperCase()}, base64 ${BASE64}, header ${TOKEN_BASE64}, escaped ${ESCAPED}, part "${PART}")`;
/** What must be found nowhere (lower case): each form above, and every run of 16 characters of the key. */
const FORMS = [
	API_KEY,
	ENCODED,
	API_KEY.replace('/', '\\/'),
	BASE64.slice(0, 32),
	TOKEN_BASE64.slice(8, 40),
	ESCAPED,
	JSON.stringify(ESCAPED).slice(1, -1),
	...Array.from({ length: API_KEY.length - 15 }, (_, start) => API_KEY.slice(start, start + 16)),
].map((form) => form.toLowerCase());
const SLUG = 's1text0001';

const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const record = (id: string) => ({ id, title: Q, [SLUG]: Q, note: Q, [Q]: Q });
const webhook = {
	webhook_id: 'w1',
	system_status: {},
	kinds: ['RECORD_CREATED'],
	locator: { account_id: 'sv25cxf2', solution_id: 's1' },
	filter: { solution: {} },
	name: Q,
};

/** A plausible success answer to each path, quoting the key in every string. */
function success(request: Received): Answer {
	const path = request.path.replace(/\?.*/, '');
	const items = path.endsWith('/bulk/')
		? ((JSON.parse(request.body) as { items?: unknown[] }).items ?? [])
		: [];
	const answers: Array<[RegExp, unknown]> = [
		[
			/\/ListEvents$/,
			{
				events: [
					{
						event_id: 'w1.1',
						kind: 'RECORD_CREATED',
						record_id: 'r1',
						application_id: 't1',
						data: record('r1'),
						note: Q,
					},
				],
				next_page_token: '',
			},
		],
		[/\/GetWebhooks?$/, { webhook }],
		[/\/ListWebhooks$/, { webhooks: [webhook], next_page_token: '' }],
		[/\/(Create|Update)Webhook$/, { webhook }],
		[/\/DeleteWebhook$/, { detail: Q }],
		[
			/\/applications\/[^/]+\/$/,
			{
				id: 't1',
				structure: [
					{ slug: 'title', label: `Name ${Q}`, field_type: 'textfield', params: {} },
					{ slug: SLUG, label: 'Code', field_type: 'textfield', params: {} },
					{ slug: 'f', label: Q, field_type: 'filefield', params: {} },
				],
			},
		],
		[/\/records\/list\/$/, { total: 1, offset: 0, limit: 1000, items: [record('r1')] }],
		[
			/\/records\/bulk\/$/,
			request.method === 'PATCH'
				? { successful_items: [record('r1')], failed_items: [{ index: 1, reason: Q }] }
				: items.map((_item, index) => record(`r${index}`)),
		],
		[/\/records\/bulk_delete\/$/, [{ id: 'r1', note: Q }]],
		[/\/recordfiles\//, [{ handle: Q, metadata: { filename: Q } }]],
		[
			/\/members\/list\/$/,
			{
				total: 1,
				items: [{ id: 'm1', email: ['a@b.c'], full_name: { sys_root: Q }, job_title: Q }],
			},
		],
		[/\/teams\/list\/$/, { total: 1, items: [{ id: 't1', name: Q }] }],
		[
			/\/comments\/$/,
			request.method === 'POST'
				? { id: 'c2', member: 'm1', assigned_to: 'm1', message: { html: Q } }
				: {
						count: 1,
						next: null,
						previous: null,
						results: [{ id: 'c1', member: 'm1', message: { preview: Q } }],
					},
		],
		[/\/(solutions|applications)\/$/, [{ id: 's1', name: Q }]],
		[/\/records\//, record('r1')],
	];
	const body = answers.find(([pattern]) => pattern.test(path))?.[1] ?? { detail: Q };
	return { status: 200, headers: HEADERS, body };
}

const HEADERS = { 'x-echo': Q, 'www-authenticate': `Token realm="${API_KEY}"` };
/** Every way an error body may speak, each quoting the key; `\/` writes the key's slash as a JSON escape. */
const ERROR_JSON = JSON.stringify({
	code: 'invalid_argument',
	msg: Q,
	detail: Q,
	message: Q,
	error: { reason: Q },
	[SLUG]: [Q],
	items: [{}, { [SLUG]: [Q] }],
	meta: { key: Q },
}).replaceAll('/', '\\/');

const MODES: Array<[string, (request: Received) => Answer]> = [
	['successes quoting the key', success],
	...[400, 403, 404, 422, 500, 503].map((status): [string, (request: Received) => Answer] => [
		`${status} JSON errors`,
		() => ({ status, headers: HEADERS, body: ERROR_JSON }),
	]),
	[
		'404 HTML error pages',
		() => ({
			status: 404,
			headers: { ...HEADERS, 'content-type': 'text/html' },
			body: `<html><body><h1>Not Found</h1><p>${Q}</p></body></html>`,
		}),
	],
	[
		'400 plain-text errors',
		() => ({ status: 400, headers: { ...HEADERS, 'content-type': 'text/plain' }, body: Q }),
	],
	[
		'redirects to an address quoting the key',
		() => ({
			status: 302,
			headers: { ...HEADERS, location: `http://127.0.0.2:1/?key=${ENCODED}&raw=${API_KEY}` },
		}),
	],
];

const record1 = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'record',
	operation,
	tableId: rl('t1'),
	...extra,
});
const autoMap = { mappingMode: 'autoMapInputData', value: null };

/** Every operation of the SmartSuite node, with input that reaches SmartSuite (two items: bulk requests). */
const OPERATIONS: Array<[string, INodeParameters]> = [
	['Record > Create', record1('create', { columns: autoMap })],
	[
		'Record > Upsert',
		record1('upsert', {
			columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [SLUG] },
		}),
	],
	['Record > Get', record1('get', { recordId: rl('r1') })],
	['Record > Search', record1('search', { returnAll: true })],
	['Record > Update', record1('update', { recordId: rl('={{ $json.id }}'), columns: autoMap })],
	['Record > Delete', record1('delete', { recordId: rl('={{ $json.id }}') })],
	['Record > Restore', record1('restore', { recordId: 'r1' })],
	['Record > Upload File', record1('uploadFile', { recordId: rl('r1'), fieldId: 'f' })],
	[
		'Webhook > Create',
		{ resource: 'webhook', operation: 'create', solutionId: rl('s1'), tableIds: ['t1'] },
	],
	['Webhook > Get', { resource: 'webhook', operation: 'get', webhookId: 'w1' }],
	[
		'Webhook > List',
		{ resource: 'webhook', operation: 'list', solutionId: rl('s1'), returnAll: true },
	],
	[
		'Webhook > List Events',
		{ resource: 'webhook', operation: 'listEvents', webhookId: 'w1', returnAll: true },
	],
	['Webhook > Delete', { resource: 'webhook', operation: 'delete', webhookId: 'w1' }],
	[
		'Comment > Create',
		{
			...record1('create', { recordId: rl('r1'), message: 'Hi', assignedTo: rl('a@b.c') }),
			resource: 'comment',
		},
	],
	['Comment > Get Many', { ...record1('getMany', { recordId: rl('r1') }), resource: 'comment' }],
	['Member > Get', { resource: 'member', operation: 'get', memberId: rl('m1') }],
	['Member > Get Many', { resource: 'member', operation: 'getMany', returnAll: true }],
	['Team > Get', { resource: 'team', operation: 'get', teamId: rl('t1') }],
	['Team > Get Many', { resource: 'team', operation: 'getMany', returnAll: true }],
];

let server: HostileServer;
let answer: (request: Received) => Answer = success;
const logs: string[] = [];

beforeAll(async () => {
	server = await startHostile((request) => answer(request));
});
beforeEach(() => {
	logs.length = 0;
	const logger = Container.get(Logger);
	// n8n's Logger fixes `debug` on the instance when its level leaves debug out: the other levels.
	for (const level of ['info', 'warn', 'error'] as const)
		jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
			logs.push(
				`${level}: ${args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 6 }))).join(' ')}`,
			);
		});
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

const credentials = () => ({
	apiKey: API_KEY,
	workspaceId: 'sv25cxf2',
	baseUrl: server.url,
	webhooksUrl: server.url,
});

/** Everything n8n could show, store or log of a run. */
function expectNoKey(what: string, value: unknown): void {
	const text = [
		typeof value === 'string' ? value : JSON.stringify(value),
		inspect(value, { depth: Infinity }),
		...logs,
	]
		.join('\n')
		.toLowerCase();
	for (const form of FORMS) {
		if (text.includes(form))
			throw new Error(
				`${what}: the key (${form}) was found in:\n${text.slice(Math.max(0, text.indexOf(form) - 300), text.indexOf(form) + 100)}`,
			);
	}
}

const settled = async (promise: Promise<unknown>) =>
	await promise.then(
		(value) => value,
		(error: unknown) => error,
	);

describe.each(MODES)('a server answering %s', (modeName, mode) => {
	beforeEach(() => {
		answer = mode;
	});

	it.each(OPERATIONS)(
		'%s: the key is in no output item, error or log line',
		async (name, parameters) => {
			for (const continueOnFail of [false, true]) {
				const run = await runNodeInWorkflow(new SmartSuite(), {
					parameters,
					credentials: credentials(),
					input: [
						{ id: 'r1', title: Q, [SLUG]: 'a' },
						{ id: 'r2', title: 'b', [SLUG]: 'b' },
					],
					binary: [
						{ data: { data: Buffer.from(Q), fileName: 'a.txt', mimeType: 'text/plain' } },
						undefined,
					],
					continueOnFail,
				});
				expectNoKey(`${name}${continueOnFail ? ' (continue on fail)' : ''}`, run);
				// The key was there, and what surrounded it still reaches the user (an HTML page is not quoted;
				// a delete's and an upload's output do not repeat SmartSuite's answer).
				const quoted =
					!modeName.includes('HTML') &&
					(!modeName.startsWith('successes') || !/Delete|Upload/.test(name));
				if (quoted) expect(JSON.stringify(run)).toContain('***');
			}
		},
		30_000,
	);

	it('the polling trigger (a webhook id, and a webhook of its own) and the credential test: the key is nowhere', async () => {
		const setups: Array<[INodeParameters, number]> = [
			[{ webhookId: 'w1', events: [], options: {} }, 1],
			[{ source: 'managed', solutionId: rl('s1'), watch: 'solution', events: [], options: {} }, 2],
		];
		for (const [parameters, typeVersion] of setups) {
			const poller = createPoller(new SmartSuiteTrigger(), {
				credentials: credentials(),
				parameters,
				typeVersion,
			});
			expectNoKey('polling trigger', await settled(poller.poll()));
			expectNoKey('polling trigger state', poller.staticData());
		}
		expectNoKey('credential test', await testCredential(credentials()));
	});

	it('the instant trigger (activation, a ping, deactivation): the key is nowhere', async () => {
		const trigger = await startInstantTrigger({
			parameters: { solutionId: rl('s1'), watch: 'solution', events: [], options: {} },
			credentials: credentials(),
		});
		try {
			expectNoKey('instant activation', await settled(trigger.activate()));
			const ping = await settled(
				trigger.ping({ webhookId: 'w1', locator: { accountId: 'sv25cxf2', solutionId: 's1' } }),
			);
			expectNoKey('instant ping', ping);
			expectNoKey('instant state', trigger.saved());
			expectNoKey('instant deactivation', await settled(trigger.deactivate()));
		} finally {
			await trigger.close();
		}
	});
});
