/**
 * `npm run bench`: what a poll costs, against a bare HTTP loop, what the Record operations
 * cost in requests, and what the instant trigger costs and how fast it reacts. Prints Markdown tables and writes the same figures to bench-results.json at the
 * repo root. BENCH_QUICK=1 runs small N; BENCH_ONLY=records (a comma-separated list of drain, idle,
 * steady, listEvents, quota, records, instant, batching, readable, paced) runs only those sections. A case that fails
 * (even by an error no promise carries) is reported among the results and the run goes on.
 */
// Must come first: n8n-core reads N8N_USER_FOLDER when it is loaded.
import '../helpers/setup-env';

import { join } from 'node:path';
import { shutdownN8nCore } from '../helpers/n8n';
import { finishMeta, missedTargets, renderReport, runMeta, writeResults } from './report';
import { closeBench, openBench } from './scenarios';
import { FULL, QUICK, failCaseUnderWay, onlySections, repetitionsOf, runSuite } from './suite';

const RESULTS_FILE = join(__dirname, '..', '..', 'bench-results.json');

// An error no promise carries (a socket's ECONNRESET under load) fails the case under way, not the run.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
	process.on(event, (error: unknown) => {
		if (failCaseUnderWay(error)) return;
		console.error(`${event} outside any case:`, error);
		process.exitCode = 1;
	});
}

async function main(): Promise<void> {
	const quick = process.env.BENCH_QUICK === '1';
	const config = onlySections(quick ? QUICK : FULL, process.env.BENCH_ONLY);
	if (!(globalThis as { gc?: unknown }).gc)
		console.warn('global.gc is missing (run with node --expose-gc): peak memory is less precise');
	const meta = runMeta(quick, repetitionsOf(config));
	const started = Date.now();
	const bench = await openBench();
	try {
		const results = await runSuite(bench, config, (result) => {
			const label =
				'n' in result
					? `${result.scenario} N=${result.n} page=${result.pageSize}`
					: 'label' in result
						? result.label
						: result.scenario;
			const end = 'endOfStream' in result ? ` end=${result.endOfStream}` : '';
			console.error(`done: ${label}${end} (${Math.round((Date.now() - started) / 1000)} s)`);
		});
		finishMeta(meta, started);
		writeResults(RESULTS_FILE, meta, results);
		console.log(`\n${renderReport(meta, results)}\n`);
		const missed = missedTargets(results);
		console.log(
			missed.length
				? `Targets missed:\n${missed.map((line) => `- ${line}`).join('\n')}`
				: 'All targets met.',
		);
		console.log(`\nFigures written to ${RESULTS_FILE}`);
	} finally {
		await closeBench(bench);
		shutdownN8nCore();
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
