/**
 * Section 10, a paced bulk job (issues 49 and 57): Record > Create of many items through n8n's
 * WorkflowExecute against the emulator with SmartSuite's rate limit on (5 requests a second per
 * key, then 30 s refused, no Retry-After). The package paces its requests (4 a second as shipped):
 * what it sends a second, the 429s it got (none is the target alone), its time next to the least
 * the limit allows. With `processes: 2`, two processes on one key at once (two copies of the
 * package, each with its own pace, as two n8n workers): refused once, then each at half the rate.
 */
import { join } from 'node:path';

import type { SmartSuite as SmartSuiteClass } from '../../nodes/SmartSuite/SmartSuite.node';
import type { PACE } from '../../nodes/SmartSuite/shared/transport/pace';
import { DEFAULT_VARIANT } from '../emulator/types';
import { credentialsFor, runNodeInWorkflow } from '../helpers/n8n';
import type { Bench } from './scenarios';

interface ProcessCopy {
	SmartSuite: typeof SmartSuiteClass;
	pace: typeof PACE;
}

/**
 * A copy of the SmartSuite node with a pace of its own, as another process would load it. Named
 * with .ts: outside jest, Node would load the codex `SmartSuite.node.json` first (clients.ts says
 * why). Under jest (the smoke test), which keeps no require.cache, it is the one copy.
 */
function processCopy(): ProcessCopy {
	const nodes = join(__dirname, '..', '..', 'nodes');
	const loaded = Object.entries(require.cache).filter(([id]) => id.startsWith(nodes));
	for (const [id] of loaded) delete require.cache[id];
	try {
		const { SmartSuite } = require('../../nodes/SmartSuite/SmartSuite.node.ts') as {
			SmartSuite: typeof SmartSuiteClass;
		};
		const { PACE: pace } = require('../../nodes/SmartSuite/shared/transport/pace.ts') as {
			PACE: typeof PACE;
		};
		return { SmartSuite, pace };
	} finally {
		// The rest of the bench goes on with its own copy.
		for (const [id] of Object.entries(require.cache))
			if (id.startsWith(nodes)) delete require.cache[id];
		for (const [id, module] of loaded) require.cache[id] = module;
	}
}

/** The pace's window as shipped (the bench's own copy runs unpaced: run.ts). */
const PACED_WINDOW_MS = 1000;

/** SmartSuite's limit per API key. */
export const LIMIT_PER_SECOND = 5;

export interface PacedCase {
	items: number;
	/** Processes on the key at once, each creating `items` (default 1). */
	processes?: number;
	/** The credential's Requests per Second (default: unset, the 4 a credential has as shipped). */
	requestsPerSecond?: number;
}

export interface PacedResult {
	scenario: 'paced';
	case: PacedCase;
	label: string;
	requests: number;
	/** Answers 429 (the emulator's limit). */
	rateLimited: number;
	seconds: number;
	perSecond: number;
	/** The most requests the emulator received within one second. */
	mostInASecond: number;
	/** The least time the limit allows for these requests: requests ÷ 5 a second. */
	limitSeconds: number;
	/** Requests a second against the limit's 5, in %. */
	percentOfLimit: number;
	targets: { noRateLimit: boolean; output: boolean };
}

export async function pacedScenario({ emu }: Bench, pacedCase: PacedCase): Promise<PacedResult> {
	const processes = pacedCase.processes ?? 1;
	const table = emu.addTable(emu.addSolution().id);
	const input = Array.from({ length: pacedCase.items }, (_, i) => ({ title: `Item ${i}` }));
	emu.setVariant({
		rateLimitPerSecond: LIMIT_PER_SECOND,
		rateLimitPenaltySeconds: 30,
		rateLimitRetryAfter: 'none',
	});
	const copies = Array.from({ length: processes }, processCopy);
	const unpaced = copies.map(({ pace }) => pace.windowMs);
	for (const { pace } of copies) pace.windowMs = PACED_WINDOW_MS;
	emu.resetLog();
	// A second without requests: the job starts as a run after a pause does.
	await new Promise((resolve) => setTimeout(resolve, 1000));
	const started = Date.now();
	const runs = await Promise.all(
		copies.map(
			async ({ SmartSuite }) =>
				await runNodeInWorkflow(new SmartSuite(), {
					parameters: {
						resource: 'record',
						operation: 'create',
						tableId: { __rl: true, mode: 'id', value: table.id },
						columns: { mappingMode: 'defineBelow', value: { title: '={{ $json.title }}' } },
					},
					input,
					credentials: credentialsFor(
						emu,
						pacedCase.requestsPerSecond === undefined
							? {}
							: { requestsPerSecond: pacedCase.requestsPerSecond },
					),
				}),
		),
	);
	const seconds = (Date.now() - started) / 1000;
	copies.forEach(({ pace }, index) => (pace.windowMs = unpaced[index]));
	const { rateLimitPerSecond, rateLimitPenaltySeconds, rateLimitRetryAfter } = DEFAULT_VARIANT;
	emu.setVariant({ rateLimitPerSecond, rateLimitPenaltySeconds, rateLimitRetryAfter });
	const items = pacedCase.items.toLocaleString('en-US');
	const rate =
		pacedCase.requestsPerSecond === undefined
			? ''
			: `, Requests per Second ${pacedCase.requestsPerSecond}`;
	const label =
		processes === 1
			? `Create ${items} items${rate}`
			: `${processes} processes on one key, Create ${items} items each${rate}`;
	const failed = runs.find((run) => run.error);
	if (failed?.error) throw new Error(`${label}: ${failed.error.message}`);
	const times = emu.requests.map((request) => request.receivedAt);
	const requests = times.length;
	const rateLimited = emu.requests.filter((request) => request.status === 429).length;
	emu.resetLog();
	return {
		scenario: 'paced',
		case: pacedCase,
		label,
		requests,
		rateLimited,
		seconds,
		perSecond: requests / seconds,
		mostInASecond: Math.max(
			...times.map((at) => times.filter((t) => t >= at && t < at + 1000).length),
		),
		limitSeconds: requests / LIMIT_PER_SECOND,
		percentOfLimit: (requests / seconds / LIMIT_PER_SECOND) * 100,
		targets: {
			// Alone: none; sharing the key: one burst at most (each process's first refusal).
			noRateLimit: rateLimited <= (processes === 1 ? 0 : 2 * processes),
			output: runs.every((run) => run.output.length === pacedCase.items),
		},
	};
}
