/**
 * Issue 40, point 4: no array from a server is spread into a call (`push(...page)`,
 * `Math.max(...sizes)`, `fn(...list)`, `fn.apply(null, list)`): past about 120,000 elements V8
 * throws "Maximum call stack size exceeded". A check of the source, with the few spreads over
 * arrays of a known small size named and justified, and the two cases the issue found, run
 * through n8n's engine against a hostile server: a ListWebhooks page of 200,000 webhooks at the
 * Instant Trigger's activation, and an upsert whose item matches 300,000 records.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { startInstantTrigger } from '../helpers/instant';
import { runNodeInWorkflow, shutdownN8nCore } from '../helpers/n8n';
import type { Answer, HostileServer, Received } from './server';
import { hostileCredentials, startHostile } from './server';

const REPO_ROOT = join(__dirname, '../..');

/** Spreads into a call over arrays whose size the code bounds, by file and call, each with why. */
const ALLOWED: Record<string, string> = {
	'nodes/SmartSuite/trigger/managed.ts: outputOf(...reads)':
		'one read per webhook a poll reads: at most MAX_WEBHOOKS_PER_POLL + 1 (6)',
	'nodes/SmartSuite/trigger/output.ts: values.push(...valuesOf(event))':
		"valuesOf gives at most two values: an event's record and previous",
};

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sources(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** Every call (or `new`) that spreads an array into its arguments, or passes one to `.apply`. */
function spreadCalls(): string[] {
	const found: string[] = [];
	for (const path of [
		...sources(join(REPO_ROOT, 'nodes')),
		...sources(join(REPO_ROOT, 'credentials')),
	]) {
		const file = ts.createSourceFile(
			path,
			readFileSync(path, 'utf8'),
			ts.ScriptTarget.Latest,
			true,
		);
		const visit = (node: ts.Node): void => {
			const call = ts.isCallExpression(node) || ts.isNewExpression(node) ? node : undefined;
			const spreads = call?.arguments?.some(ts.isSpreadElement);
			const applies =
				ts.isCallExpression(node) &&
				ts.isPropertyAccessExpression(node.expression) &&
				node.expression.name.text === 'apply';
			if (call && (spreads || applies))
				found.push(`${relative(REPO_ROOT, path)}: ${call.getText(file).replace(/\s+/g, ' ')}`);
			ts.forEachChild(node, visit);
		};
		visit(file);
	}
	return [...new Set(found)].sort();
}

describe('the source', () => {
	it('spreads no array into a call but the few whose size the code bounds (each named here)', () => {
		expect(spreadCalls()).toEqual(Object.keys(ALLOWED).sort());
	});
});

let server: HostileServer;
let answer: (request: Received) => Answer;

beforeAll(async () => {
	server = await startHostile((request) => answer(request));
});
beforeEach(() => {
	server.received.length = 0;
});
afterAll(async () => {
	await server.close();
	shutdownN8nCore();
});

const credentials = () => hostileCredentials(server.url);

const methodOf = (request: Received) => request.path.split('/').at(-1);

it("the Instant Trigger's activation reads a ListWebhooks page of 200,000 webhooks and creates its own", async () => {
	const others = JSON.stringify({
		webhooks: Array.from({ length: 200_000 }, (_, n) => ({
			webhook_id: `other-${n}`,
			kinds: ['RECORD_CREATED'],
			locator: { account_id: 'sv25cxf2', solution_id: 's1' },
			filter: { applications: { application_ids: [`t${n}`] } },
		})),
		next_page_token: '',
	});
	answer = (request) => {
		if (methodOf(request) === 'ListWebhooks') return { status: 200, body: others };
		if (methodOf(request) === 'CreateWebhook') {
			const { webhook } = JSON.parse(request.body) as { webhook: object };
			return { status: 200, body: { webhook: { ...webhook, webhook_id: 'mine' } } };
		}
		return { status: 404, body: { code: 'bad_route', msg: 'no such method' } };
	};
	const trigger = await startInstantTrigger({
		parameters: {
			solutionId: { __rl: true, mode: 'id', value: 's1' },
			watch: 'solution',
			events: [],
			options: {},
		},
		credentials: credentials(),
	});
	try {
		await trigger.activate();

		expect(server.received.map(methodOf)).toEqual(['ListWebhooks', 'CreateWebhook']);
		expect(trigger.saved()).toMatchObject({ webhookId: 'mine' });
	} finally {
		await trigger.close();
	}
}, 60_000);

it('Create or Update with Update All Matches: an item matching 300,000 records updates them all, 25 a request', async () => {
	const matches = 300_000;
	const page = JSON.stringify({
		total: matches,
		offset: 0,
		limit: 1000,
		items: Array.from({ length: matches }, (_, n) => ({ id: `r${n}`, title: `R${n}`, code: 'K' })),
	});
	const structure = {
		id: 't1',
		structure: [
			{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
			{ slug: 'code', label: 'Code', field_type: 'textfield', params: {} },
		],
	};
	answer = (request) => {
		const path = request.path.replace(/\?.*/, '');
		// A server that ignores the limit: every match on the first page, none after it.
		if (path.endsWith('/records/list/'))
			return { status: 200, body: request.path.includes('offset=0') ? page : '{"items": []}' };
		if (path.endsWith('/records/bulk/')) {
			// SmartSuite's reference: the records as updated.
			const { items } = JSON.parse(request.body) as { items: object[] };
			return { status: 200, body: items.map((item) => ({ ...item, code: 'K' })) };
		}
		return { status: 200, body: structure };
	};

	const run = await runNodeInWorkflow(new SmartSuite(), {
		parameters: {
			resource: 'record',
			operation: 'upsert',
			tableId: { __rl: true, mode: 'id', value: 't1' },
			columns: {
				mappingMode: 'defineBelow',
				value: { title: 'Changed', code: 'K' },
				matchingColumns: ['code'],
			},
			options: { updateAllMatches: true },
		},
		credentials: credentials(),
		input: [{}],
	});

	expect(run.error).toBeUndefined();
	expect(run.output).toHaveLength(matches);
	expect(run.output[matches - 1].json).toMatchObject({ id: `r${matches - 1}`, Title: 'Changed' });
	const bulk = server.received.filter((request) => request.path.includes('/records/bulk/'));
	expect(bulk).toHaveLength(matches / 25);
}, 300_000);
