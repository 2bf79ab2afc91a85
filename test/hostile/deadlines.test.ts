/**
 * Issue 49, point 1: every deadline is a deadline. A server that keeps the connection busy (a
 * byte of the body every 0.8 s, endless `102 Processing`, headers a byte a second) holds n8n's
 * idle-socket timeout open for ever; the package's deadlines are aborts from the request's start:
 * a request's timeout, a poll's budget, Download Files' Max Time per File. Against a
 * purpose-built server on 127.0.0.1 that plays SmartSuite's two APIs and a file host, whose slow
 * answers end after about 30 s (so that the code before the fix ends too, late).
 */
import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { REQUEST_LIMITS } from '../../nodes/SmartSuite/shared/transport';
import { POLL_LIMITS } from '../../nodes/SmartSuite/trigger/limits';
import { createPoller, runNodeInWorkflow, runNodeOnce, shutdownN8nCore } from '../helpers/n8n';
import type { SlowServer, Slowness } from './server';
import { failure, startSlowServer, timed } from './server';

let server: SlowServer;
let url = '';

const STRUCTURE = {
	id: 't1',
	structure: [
		{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
		{ slug: 'files', label: 'Attachments', field_type: 'filefield', params: {} },
	],
};
const RECORD = {
	id: 'r1',
	title: 'Slow',
	files: [{ handle: 'h1', metadata: { filename: 'slow.bin', mimetype: 'text/plain', size: 5 } }],
};
const PAGE = { events: [], next_page_token: '' };

/** The answer of each path, when it comes. */
function answerOf(path: string): unknown {
	if (path === '/api/v1/applications/t1/') return STRUCTURE;
	if (path === '/api/v1/applications/t1/records/r1/') return RECORD;
	if (path === '/api/v1/shared-files/h1/url/') return { url: `${url}/files/h1` };
	if (path.endsWith('/GetWebhook')) return { webhook_id: 'w1', system_status: {} };
	if (path.endsWith('/ListEvents')) return PAGE;
	return 'hello';
}

beforeAll(async () => {
	server = await startSlowServer(answerOf);
	url = server.url;
});
const DEFAULT_REQUEST_LIMITS = { ...REQUEST_LIMITS };
const DEFAULT_POLL_LIMITS = { ...POLL_LIMITS };
afterEach(() => {
	Object.assign(REQUEST_LIMITS, DEFAULT_REQUEST_LIMITS);
	Object.assign(POLL_LIMITS, DEFAULT_POLL_LIMITS);
	server.reset();
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

const credentials = () => ({
	apiKey: 'k'.repeat(40),
	workspaceId: 'sv25cxf2',
	baseUrl: url,
	webhooksUrl: url,
});
const rl = (value: string) => ({ __rl: true, mode: 'id', value });

it("an action's request: Record > Get against a body a byte every 0.8 s fails at its timeout, each attempt", async () => {
	REQUEST_LIMITS.deadlineMs = 2000;
	server.slow = { '/api/v1/applications/t1/records/r1/': 'body' };

	const { result: error, seconds } = await timed(
		async () =>
			await failure(
				runNodeOnce(new SmartSuite(), {
					parameters: {
						resource: 'record',
						operation: 'get',
						tableId: rl('t1'),
						recordId: rl('r1'),
					},
					credentials: credentials(),
				}),
			),
	);

	expect(error.message).toBe('SmartSuite did not answer within 2 s');
	// A read is sent again after a request without an answer, as after a network failure: 4 attempts.
	const reads = server.received.filter((path) => path === '/api/v1/applications/t1/records/r1/');
	expect(reads).toHaveLength(4);
	expect(seconds).toBeLessThan(4 * 2 + 3 * 1 + 5);
}, 90_000);

it("a poll's budget: the polling trigger against endless 102 Processing ends within its budget", async () => {
	POLL_LIMITS.budgetMs = 3000;
	server.slow = { '/service.webhooks.engine.Webhooks/ListEvents': 'processing' };
	const trigger = createPoller(new SmartSuiteTrigger(), {
		credentials: credentials(),
		parameters: { webhookId: 'w1', events: [], options: { simplify: false } },
	});

	const { result: error, seconds } = await timed(async () => await failure(trigger.poll()));

	// The last request had what was left of the budget (n8n 2.41 has its own, a little shorter).
	expect(error.message).toMatch(/^SmartSuite did not answer within (3|2\.\d) s$/);
	expect(seconds).toBeLessThan(3 + 2);
}, 90_000);

describe('Max Time per File', () => {
	const download = async () =>
		await runNodeInWorkflow(new SmartSuite(), {
			parameters: {
				resource: 'record',
				operation: 'downloadFiles',
				tableId: rl('t1'),
				recordId: rl('r1'),
				fieldId: 'files',
				// A Timeout between bytes longer than Max Time per File: only the deadline can end it.
				options: { timeout: 10_000, fileDeadline: 2000 },
			},
			credentials: credentials(),
			continueOnFail: true,
		});

	it.each<[string, Slowness]>([
		['endless 102 Processing', 'processing'],
		['headers a byte a second', 'headers'],
	])(
		'holds against %s',
		async (_name, slowness) => {
			server.slow = { '/files/h1': slowness };

			const { result: run, seconds } = await timed(download);

			expect(run.output).toHaveLength(1);
			expect(run.output[0].binary).toBeUndefined();
			expect(run.output[0].json.error).toBe(
				'Could not download the file "slow.bin": it took longer than Max Time per File (2000 ms)',
			);
			expect(seconds).toBeLessThan(2 + 3);
		},
		90_000,
	);
});
