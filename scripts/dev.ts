/**
 * `npm run dev`: this package inside the pinned real n8n on http://127.0.0.1:5678, working against
 * the SmartSuite emulator with demo data, so it runs on a fresh machine without a SmartSuite account.
 *
 * Expects a fresh build in dist/ (`npm run dev` builds first). Installs n8n once (test/e2e/n8n),
 * installs the packed package into .n8n-dev/ as a community package, imports a credential for the
 * emulator and the workflows of examples/, publishes the trigger workflow, starts n8n and creates
 * the owner account. The emulator appends a record change every few seconds, so the trigger
 * workflow fires at each one-minute poll. Ctrl-C stops everything this started.
 *
 * .n8n-dev/ persists (account, your own workflows); the emulator's data is new at each start, so
 * the example workflows and the credential are imported again each time.
 */
import { join } from 'node:path';

import { startDemoChanges, startEmulator, type Emulator } from '../test/emulator';
import {
	N8n,
	REPO_ROOT,
	ensureN8n,
	installCommunityPackage,
	loadExample,
	packPackage,
	smartSuiteCredential,
	stopAll,
} from '../test/e2e/harness';

const N8N_PORT = 5678;
// Fixed, so that the saved credential keeps pointing at the emulator.
const EMULATOR_PORTS = { recordsPort: 4010, webhooksPort: 4011 };
const CHANGE_EVERY_SECONDS = 5;
const CREDENTIAL = { id: 'smartsuiteDemoCred1', name: 'SmartSuite (emulator)' };
const OWNER = { email: 'demo@example.com', password: 'SmartSuite-demo1', firstName: 'Demo', lastName: 'User' };
const TRIGGER_WORKFLOW_ID = 'smartsuiteTrigger1';

function exampleWorkflows(emulator: Emulator): object[] {
	const { tableId, deletedRecordIds, webhookId } = emulator.demo;
	const values = {
		YOUR_CREDENTIAL_ID: CREDENTIAL.id,
		YOUR_TABLE_ID: tableId,
		YOUR_DELETED_RECORD_ID: deletedRecordIds[0],
		YOUR_WEBHOOK_ID: webhookId,
	};
	return ['record-updated-trigger.json', 'restore-and-read-events.json'].map((file) => loadExample(file, values));
}

async function main(): Promise<void> {
	const log = (line: string) => console.log(`[dev] ${line}`);
	let emulator: Emulator | undefined;
	let stopChanges = () => {};
	const n8n = new N8n({
		userFolder: join(REPO_ROOT, '.n8n-dev'),
		port: N8N_PORT,
		// The editor is served over plain http on 127.0.0.1.
		env: { N8N_SECURE_COOKIE: 'false' },
	});

	let stopping = false;
	const shutdown = async (exitCode: number) => {
		if (stopping) return;
		stopping = true;
		log('stopping n8n and the emulator...');
		stopChanges();
		await n8n.stop();
		await emulator?.close();
		stopAll();
		process.exit(exitCode);
	};
	process.once('SIGINT', () => void shutdown(0));
	process.once('SIGTERM', () => void shutdown(0));

	let ownerCreated = false;
	try {
		log('checking the pinned n8n (installs it the first time, about 3 minutes)...');
		await ensureN8n({ echo: true });

		emulator = await startEmulator({ ...EMULATOR_PORTS, demo: true });
		log(`emulator: records API ${emulator.baseUrl}, webhooks API ${emulator.webhooksUrl}`);

		log('installing this package into n8n as a community package...');
		await installCommunityPackage(n8n.options.userFolder, await packPackage(n8n.options.userFolder));

		log('importing the emulator credential and the example workflows...');
		await n8n.importCredentials([smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emulator)]);
		await n8n.importWorkflows(exampleWorkflows(emulator));
		await n8n.publish(TRIGGER_WORKFLOW_ID);

		log(`starting n8n (log: ${n8n.logFile})...`);
		await n8n.start();
		ownerCreated = await n8n.ensureOwner(OWNER);
	} catch (error) {
		console.error(`\n${n8n.failure(error).message}`);
		await shutdown(1);
		return;
	}

	const { demo } = emulator;
	console.log(`
  n8n with n8n-nodes-smartsuite is running: ${n8n.url}
  Sign in with  ${OWNER.email}  /  ${OWNER.password}${ownerCreated ? '' : '  (account made by an earlier run)'}

  Workflows (menu: Overview):
    "SmartSuite: when a record is updated"  published; polls every minute, see its Executions tab
    "SmartSuite: restore a record and read webhook events"  open it and press "Execute workflow"
  Credential "${CREDENTIAL.name}" points at the SmartSuite emulator:
    records API ${emulator.baseUrl}  webhooks API ${emulator.webhooksUrl}
    table ${demo.tableId}, deleted records ${demo.deletedRecordIds.join(', ')}, webhook ${demo.webhookId}

  The emulator changes a record every ${CHANGE_EVERY_SECONDS}s (lines below). Ctrl-C stops everything.
`);
	void n8n.exited?.then(() => {
		if (stopping) return;
		console.error(n8n.failure('n8n stopped unexpectedly').message);
		void shutdown(1);
	});
	stopChanges = startDemoChanges(emulator, CHANGE_EVERY_SECONDS, (line) => console.log(`[emulator] ${line}`));
}

void main();
