/**
 * `npm run emulator`: the emulator with demo data on fixed ports.
 *   --changes-every <seconds>   change the status of a demo record every N seconds (a RECORD_UPDATED event)
 *                               (or env EMULATOR_CHANGES_EVERY)
 *   --variant key=value         override a Variant field, repeatable (e.g. --variant endOfStream=emptyPage);
 *                               a list as JSON (--variant notificationRetryDelaysMs=[1000,5000]), and
 *                               notificationRetryDelaysMs=quick for the tests' 0.7 s of retries (the
 *                               default is SmartSuite's day of them)
 *                               (e.g. --variant notificationCopies=2 --variant notificationCopiesAtOnce=true)
 * Ports: env EMULATOR_RECORDS_PORT (default 4010) and EMULATOR_WEBHOOKS_PORT (default 4011).
 */
import {
	DAY_OF_RETRIES_MS,
	QUICK_RETRIES_MS,
	type Variant,
	startDemoChanges,
	startEmulator,
} from './index';

function parseValue(key: string, raw: string): unknown {
	if (key === 'notificationRetryDelaysMs' && raw === 'day') return DAY_OF_RETRIES_MS;
	if (key === 'notificationRetryDelaysMs' && raw === 'quick') return QUICK_RETRIES_MS;
	if (raw.startsWith('[')) return JSON.parse(raw) as unknown;
	if (raw === 'true' || raw === 'false') return raw === 'true';
	if (raw === 'null') return null;
	if (raw !== '' && !Number.isNaN(Number(raw))) return Number(raw);
	return raw;
}

function parseArgs(argv: string[]): { changesEvery: number; variant: Partial<Variant> } {
	let changesEvery = Number(process.env.EMULATOR_CHANGES_EVERY ?? 0);
	const variant: Record<string, unknown> = {};
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i];
		const value = argv[++i];
		if (value === undefined) throw new Error(`${flag} needs a value`);
		if (flag === '--changes-every') changesEvery = Number(value);
		else if (flag === '--variant' && value.includes('=')) {
			const [key, ...rest] = value.split('=');
			variant[key] = parseValue(key, rest.join('='));
		} else throw new Error(`unknown argument ${flag} ${value}`);
	}
	if (!(changesEvery >= 0)) throw new Error('--changes-every needs a number of seconds');
	return { changesEvery, variant: variant as Partial<Variant> };
}

async function main(): Promise<void> {
	const { changesEvery, variant } = parseArgs(process.argv.slice(2));
	const emulator = await startEmulator({
		recordsPort: Number(process.env.EMULATOR_RECORDS_PORT ?? 4010),
		webhooksPort: Number(process.env.EMULATOR_WEBHOOKS_PORT ?? 4011),
		variant,
		demo: true,
	});
	const { demo } = emulator;
	console.log(`SmartSuite emulator
  records API   ${emulator.baseUrl}
  webhooks API  ${emulator.webhooksUrl}
  API key       ${emulator.apiKey}
  workspace id  ${emulator.workspaceId}
  demo table    ${demo.tableId} (records: ${demo.recordIds.join(', ')}; deleted records: ${demo.deletedRecordIds.join(', ')})
  field types   ${demo.fieldTypesTableId} (a table with one field of every type)
  demo webhook  ${demo.webhookId} (solution ${demo.solutionId}, ${emulator.events(demo.webhookId).length} events)
  variant       ${JSON.stringify(emulator.variant())}
  pings         to each webhook's notification URL after every change (loopback hosts only unless --variant notificationHosts=any)`);
	const stopChanges = changesEvery > 0 ? startDemoChanges(emulator, changesEvery) : () => undefined;
	if (changesEvery > 0) console.log(`appending a RECORD_UPDATED event every ${changesEvery}s`);

	const shutdown = async (signal: string) => {
		console.log(`${signal}: closing`);
		stopChanges();
		await emulator.close();
		process.exit(0);
	};
	process.once('SIGINT', () => void shutdown('SIGINT'));
	process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
