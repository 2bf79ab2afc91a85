/**
 * Peak heap of one "Fetch test event" over a webhook holding N events (issue 10, item 11).
 * node --expose-gc -r ts-node/register/transpile-only test/bench/fetch-test-memory.ts [N]
 */
// Must come first: n8n-core reads N8N_USER_FOLDER when it is loaded.
import '../helpers/setup-env';
import { startEmulator } from '../emulator';
import { shutdownN8nCore } from '../helpers/n8n';
import { triggerPoller } from './clients';

async function main() {
	const count = Number(process.argv[2] ?? 100_000);
	const emu = await startEmulator();
	const { webhook_id: webhookId } = emu.createWebhook();
	emu.appendEvents(webhookId, count);
	const trigger = triggerPoller(emu, webhookId, { startFrom: 'newEvents', pageSize: 1000 });
	(globalThis as { gc?: () => void }).gc?.();
	const base = process.memoryUsage().heapUsed;
	let peak = base;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().heapUsed);
	}, 5);
	const output = await trigger.poll('manual');
	peak = Math.max(peak, process.memoryUsage().heapUsed);
	clearInterval(sampler);
	const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
	console.log(
		`${count} events: peak heap above the stored events ${mb(peak - base)} MB; returned ${output?.[0].length} item`,
	);
	shutdownN8nCore();
	await emu.close();
}

void main();
