/**
 * Section 10, a paced bulk job (issue 49): Record > Create of many items through n8n's
 * WorkflowExecute against the emulator with SmartSuite's rate limit on (5 requests a second per
 * key). The package paces its requests (at most 4 in any second): what it sends a second, the
 * 429s it got (none is the target), and its time next to the least the limit allows.
 */
import type { SmartSuite as SmartSuiteClass } from '../../nodes/SmartSuite/SmartSuite.node';
import { PACE } from '../../nodes/SmartSuite/shared/pace';
import { DEFAULT_VARIANT } from '../emulator/types';
import { credentialsFor, runNodeInWorkflow } from '../helpers/n8n';
import type { Bench } from './scenarios';

// Named with .ts: outside jest, Node would load the codex `SmartSuite.node.json` first (clients.ts says why).
const { SmartSuite } = require('../../nodes/SmartSuite/SmartSuite.node.ts') as {
	SmartSuite: typeof SmartSuiteClass;
};

/** The pace's window as shipped. */
const PACED_WINDOW_MS = 1000;

/** SmartSuite's limit per API key. */
export const LIMIT_PER_SECOND = 5;

export interface PacedCase {
	items: number;
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
	targets: { noRateLimit: boolean; output: boolean };
}

export async function pacedScenario({ emu }: Bench, pacedCase: PacedCase): Promise<PacedResult> {
	const table = emu.addTable(emu.addSolution().id);
	const input = Array.from({ length: pacedCase.items }, (_, i) => ({ title: `Item ${i}` }));
	emu.setVariant({ rateLimitPerSecond: LIMIT_PER_SECOND });
	// The other sections run unpaced (run.ts): this one as shipped.
	const unpaced = PACE.windowMs;
	PACE.windowMs = PACED_WINDOW_MS;
	emu.resetLog();
	// A second without requests: the job starts as a run after a pause does.
	await new Promise((resolve) => setTimeout(resolve, 1000));
	const started = Date.now();
	const run = await runNodeInWorkflow(new SmartSuite(), {
		parameters: {
			resource: 'record',
			operation: 'create',
			tableId: { __rl: true, mode: 'id', value: table.id },
			columns: { mappingMode: 'defineBelow', value: { title: '={{ $json.title }}' } },
		},
		input,
		credentials: credentialsFor(emu),
	});
	const seconds = (Date.now() - started) / 1000;
	PACE.windowMs = unpaced;
	emu.setVariant({ rateLimitPerSecond: DEFAULT_VARIANT.rateLimitPerSecond });
	const label = `Create ${pacedCase.items.toLocaleString('en-US')} items`;
	if (run.error) throw new Error(`${label}: ${run.error.message}`);
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
		targets: { noRateLimit: rateLimited === 0, output: run.output.length === pacedCase.items },
	};
}
