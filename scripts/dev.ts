/**
 * `npm run dev`: this package inside the current n8n (2.41.1 on Node 24, test/e2e/versions.ts: the
 * one a newcomer installs; the floor, 2.8.4, is tested in CI) on http://127.0.0.1:5678, working against
 * the SmartSuite emulator with demo data, so it runs on a fresh machine without a SmartSuite account.
 *
 * Expects a fresh build in dist/ (`npm run dev` builds first). Installs Node 24 and n8n once (runtimes/),
 * installs the packed package into .n8n-dev/ as a community package, imports a credential and the
 * workflows of examples/, publishes the trigger workflows and those a request starts (the webhook,
 * the MCP server), starts n8n and creates the owner account. A CSV attached to a Field Types record
 * feeds the files example, and its public link on the emulator's file host the nightly CSV example.
 * The trigger uses "Create a webhook for me": at activation it creates its webhook on the demo
 * table. The emulator changes a record of that table every few seconds, so the trigger workflow
 * fires at each one-minute poll, and the instant-trigger workflow within seconds (the emulator
 * notifies n8n's webhook URL); records created, updated or deleted there with the SmartSuite
 * node's Record operations reach both triggers the same way. Ctrl-C stops everything this started.
 *
 * With SMARTSUITE_API_KEY and SMARTSUITE_WORKSPACE_ID set, the same setup works against that real
 * workspace instead (no emulator); SMARTSUITE_SOLUTION_ID and SMARTSUITE_TABLE_ID (the trigger's
 * table), SMARTSUITE_RECORD_ID and SMARTSUITE_WEBHOOK_ID fill the example workflows.
 *
 * .n8n-dev/ persists (account, your own workflows); the credential and the example workflows are
 * imported again at each start, because the emulator's data is new each time.
 *
 * `npm run dev -- --queue` runs the same in n8n's queue mode instead (test/e2e/queue.ts): Postgres
 * and Redis as processes of its own, a main on port 5678 and two workers, each n8n process with
 * the package installed in its own user folder, all kept in .n8n-dev-queue/.
 */
import { join } from 'node:path';

import { startDemoChanges, startEmulator, type Emulator } from '../test/emulator';
import { TYPED_FIELDS } from '../test/emulator/fixtures';
import {
	type N8n,
	N8n as SingleN8n,
	REPO_ROOT,
	ensureN8n,
	installCommunityPackage,
	loadExample,
	packPackage,
	smartSuiteCredential,
	stopAll,
	type SmartSuiteTarget,
} from '../test/e2e/harness';
import { type QueueCluster, createQueueCluster } from '../test/e2e/queue';
import { CURRENT } from '../test/e2e/versions';

const N8N_PORT = 5678;
// Fixed, so that the saved credential keeps pointing at the emulator.
const EMULATOR_PORTS = { recordsPort: 4010, webhooksPort: 4011 };
const CHANGE_EVERY_SECONDS = 5;
const OWNER = {
	email: 'demo@example.com',
	password: 'SmartSuite-demo1',
	firstName: 'Demo',
	lastName: 'User',
};
const TRIGGER_WORKFLOW_ID = 'smartsuiteTrigger1';
const INSTANT_WORKFLOW_ID = 'smartsuiteInstant1';
const CHANGES_WORKFLOW_ID = 'smartsuiteChanges1';
const TASK_DONE_WORKFLOW_ID = 'smartsuiteTaskDone1';
/** Started by a request to n8n, so published whatever SmartSuite is: the webhook and the MCP server. */
const REQUEST_WORKFLOW_IDS = ['smartsuiteWebhookUp1', 'smartsuiteMcpAgent1'];
const FILES_EXAMPLE = 'files-to-extract-from-file.json';
/**
 * A CSV attached to a record of "Field Types" (the files example reads it); its public link on the
 * emulator's file host is the nightly example's CSV URL (its rows create or update Projects).
 */
const DEMO_CSV = {
	filename: 'projects.csv',
	mimetype: 'text/csv',
	bytes: Buffer.from(
		'Title,Priority,Description\nBudget forecast FY25,High,Numbers from the nightly file\nOffice move,Low,Added by the nightly file\n',
	),
};
const QUEUE_WORKERS = 2;
// Credentials stay in .n8n-dev-queue's Postgres between runs, encrypted with this key (local only).
const QUEUE_ENCRYPTION_KEY = 'n8n-nodes-smartsuite-workspace-dev-queue-mode';

/** What the credential and the example workflows point at. */
interface Target {
	credential: { id: string; name: string };
	api: SmartSuiteTarget;
	ids: {
		solution?: string;
		table?: string;
		tableName?: string;
		record?: string;
		webhook?: string;
		csvUrl?: string;
		/** The record whose file the files example reads, and its table. */
		file?: { table: string; record: string };
	};
}

function realWorkspace(env: NodeJS.ProcessEnv): Target | undefined {
	const { SMARTSUITE_API_KEY: apiKey, SMARTSUITE_WORKSPACE_ID: workspaceId } = env;
	if (!apiKey && !workspaceId) return undefined;
	if (!apiKey || !workspaceId)
		throw new Error(
			'Set both SMARTSUITE_API_KEY and SMARTSUITE_WORKSPACE_ID to use a real workspace',
		);
	return {
		credential: { id: 'smartsuiteRealCred1', name: `SmartSuite ${workspaceId}` },
		api: {
			apiKey,
			workspaceId,
			baseUrl: env.SMARTSUITE_BASE_URL ?? 'https://app.smartsuite.com',
			webhooksUrl: env.SMARTSUITE_WEBHOOKS_URL ?? 'https://webhooks.smartsuite.com',
			webhooksService: env.SMARTSUITE_WEBHOOKS_SERVICE,
		},
		ids: {
			solution: env.SMARTSUITE_SOLUTION_ID,
			table: env.SMARTSUITE_TABLE_ID,
			record: env.SMARTSUITE_RECORD_ID,
			webhook: env.SMARTSUITE_WEBHOOK_ID,
		},
	};
}

async function emulatorTarget(emulator: Emulator): Promise<Target> {
	const { solutionId, tableId, deletedRecordIds, webhookId, fieldTypesTableId } = emulator.demo;
	const [record] = emulator.records(fieldTypesTableId);
	const withFile = emulator.addFile(fieldTypesTableId, record.id, TYPED_FIELDS.files, DEMO_CSV);
	const [{ handle }] = withFile[TYPED_FIELDS.files] as Array<{ handle: string }>;
	const answer = await fetch(`${emulator.baseUrl}/api/v1/shared-files/${handle}/url/`, {
		headers: { authorization: `Token ${emulator.apiKey}`, 'account-id': emulator.workspaceId },
	});
	const { url: csvUrl } = (await answer.json()) as { url: string };
	return {
		credential: { id: 'smartsuiteDemoCred1', name: 'SmartSuite (emulator)' },
		api: emulator,
		ids: {
			solution: solutionId,
			table: tableId,
			tableName: 'Projects',
			record: deletedRecordIds[0],
			webhook: webhookId,
			csvUrl,
			file: { table: fieldTypesTableId, record: record.id },
		},
	};
}

/** The example workflows, with the placeholders we know filled in (the rest stay for the editor). */
function exampleWorkflows({ credential, ids }: Target): object[] {
	const known = (values: Record<string, string | undefined>) =>
		Object.fromEntries(
			Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
		);
	const values = {
		YOUR_CREDENTIAL_ID: credential.id,
		YOUR_SOLUTION_ID: ids.solution,
		YOUR_TABLE_ID: ids.table,
		YOUR_TABLE_NAME: ids.tableName,
		YOUR_DELETED_RECORD_ID: ids.record,
		YOUR_WEBHOOK_ID: ids.webhook,
		YOUR_CSV_URL: ids.csvUrl,
	};
	return [
		...[
			'record-updated-trigger.json',
			'instant-trigger.json',
			'restore-and-read-events.json',
			'webhook-create-or-update.json',
			'record-changed-message.json',
			'mcp-server-tools.json',
			'nightly-csv-create-or-update.json',
			'task-completed-comment.json',
		].map((file) => loadExample(file, known(values))),
		loadExample(
			FILES_EXAMPLE,
			known({ ...values, YOUR_TABLE_ID: ids.file?.table, YOUR_RECORD_ID: ids.file?.record }),
		),
	];
}

/** What the demo's tables hold, for the Record operations (their changes reach the trigger). */
function demoTables(emulator: Emulator): string {
	const { tableId, fieldTypesTableId } = emulator.demo;
	const live = (id: string) => emulator.records(id, { deleted: false }).length;
	return `  Records: table "Projects" ${tableId} (${live(tableId)} records; the trigger watches it), table "Field Types" ${fieldTypesTableId} (${live(fieldTypesTableId)} records, one field of every type)
`;
}

/** The trigger example watches one table of a solution ("Create a webhook for me"). */
const canTrigger = ({ ids }: Target) => Boolean(ids.solution && ids.table);

async function main(): Promise<void> {
	const log = (line: string) => console.log(`[dev] ${line}`);
	let emulator: Emulator | undefined;
	let stopChanges = () => {};
	const queueMode = process.argv.includes('--queue');
	// The editor is served over plain http on 127.0.0.1.
	const editorEnv = { N8N_SECURE_COOKIE: 'false' };
	let cluster: QueueCluster | undefined;
	let n8n: N8n = new SingleN8n({
		userFolder: join(REPO_ROOT, '.n8n-dev'),
		port: N8N_PORT,
		env: editorEnv,
		version: CURRENT,
	});

	let stopping = false;
	const shutdown = async (exitCode: number) => {
		if (stopping) return;
		stopping = true;
		log('stopping...');
		stopChanges();
		await (cluster ? cluster.stop() : n8n.stop());
		await emulator?.close();
		stopAll();
		process.exit(exitCode);
	};
	process.once('SIGINT', () => void shutdown(0));
	process.once('SIGTERM', () => void shutdown(0));

	let target: Target;
	let ownerCreated = false;
	try {
		const real = realWorkspace(process.env);
		log(
			`checking n8n ${CURRENT.n8n} (the first time it installs Node 24 and n8n: 3 to 11 minutes, a progress line every 15 s)...`,
		);
		await ensureN8n({ echo: true, version: CURRENT });

		if (!real) {
			emulator = await startEmulator({ ...EMULATOR_PORTS, demo: true });
			log(`emulator: records API ${emulator.baseUrl}, webhooks API ${emulator.webhooksUrl}`);
		}
		target = real ?? (await emulatorTarget(emulator!));

		const tarball = await packPackage(join(REPO_ROOT, queueMode ? '.n8n-dev-queue' : '.n8n-dev'));
		if (queueMode) {
			log(
				`queue mode: starting Redis and Postgres, installing this package for the main and ${QUEUE_WORKERS} workers...`,
			);
			cluster = await createQueueCluster({
				root: join(REPO_ROOT, '.n8n-dev-queue'),
				tarball,
				workers: QUEUE_WORKERS,
				mainPort: N8N_PORT,
				encryptionKey: QUEUE_ENCRYPTION_KEY,
				mainEnv: editorEnv,
				version: CURRENT,
			});
			n8n = cluster.main;
		} else {
			log('installing this package into n8n as a community package...');
			await installCommunityPackage(n8n.options.userFolder, tarball);
		}

		log('importing the credential and the example workflows...');
		await n8n.importCredentials([
			smartSuiteCredential(target.credential.id, target.credential.name, target.api),
		]);
		await n8n.importWorkflows(exampleWorkflows(target));
		for (const workflowId of REQUEST_WORKFLOW_IDS) await n8n.publish(workflowId);
		if (canTrigger(target)) {
			await n8n.publish(TRIGGER_WORKFLOW_ID);
			await n8n.publish(CHANGES_WORKFLOW_ID);
			await n8n.publish(TASK_DONE_WORKFLOW_ID);
			// SmartSuite must reach n8n's webhook URL: the emulator does (loopback); a real workspace only with a public WEBHOOK_URL.
			if (!real || process.env.WEBHOOK_URL) await n8n.publish(INSTANT_WORKFLOW_ID);
		}

		log(`starting n8n (log: ${n8n.logFile})...`);
		await (cluster ? cluster.start() : n8n.start());
		ownerCreated = await n8n.ensureOwner(OWNER);
	} catch (error) {
		console.error(`\n${n8n.failure(error).message}`);
		await shutdown(1);
		return;
	}

	const { api, ids } = target;
	const triggerState = canTrigger(target)
		? 'published: it created its webhook on the table; polls every minute, see its Executions tab'
		: 'not published: pick its Solution and table first';
	const queueLines = cluster
		? `
  Queue mode: Redis on port ${cluster.redis.port}, Postgres on port ${cluster.postgres.port} (database n8n, user postgres)
    main (pollers, editor, webhooks): ${cluster.main.logFile}
${cluster.workers.map((worker, index) => `    worker ${index + 1} (runs the executions): ${worker.logFile}`).join('\n')}
`
		: '';
	console.log(`
  n8n ${CURRENT.n8n} with n8n-nodes-smartsuite-workspace is running: ${n8n.url}
  Sign in with  ${OWNER.email}  /  ${OWNER.password}${ownerCreated ? '' : '  (account made by an earlier run)'}

  Workflows (menu: Overview):
    "SmartSuite: when a record is updated"  ${triggerState}
    "SmartSuite: the moment a record changes"  the SmartSuite Trigger: ${emulator || process.env.WEBHOOK_URL ? 'published; the emulator notifies n8n of each change, see its Executions tab' : 'not published: SmartSuite needs a public WEBHOOK_URL to reach n8n'}
    "SmartSuite: restore a record and read webhook events"  open it and press "Execute workflow"
    "SmartSuite: a record changed, a message says what changed from what"  ${canTrigger(target) ? 'published: a message per change of the table, at each one-minute poll' : 'not published: pick its Solution and table first'}
    "SmartSuite: when a task is completed, post a comment on it"  ${canTrigger(target) ? 'published: a comment on each record of the table that becomes Complete (Only Records That), at each one-minute poll' : 'not published: pick its Solution and table first'}
    "SmartSuite: a form or webhook creates or updates a record"  published: curl -X POST ${n8n.url}/webhook/smartsuite-create-or-update -H 'content-type: application/json' -d '{"name": "Trade fair booth", "priority": "High", "notes": "Hall 3"}'
    "SmartSuite: an AI agent's tools over MCP (MCP Server Trigger)"  published: an MCP client (Claude Desktop, Cursor, …) connects to ${n8n.url}/mcp/smartsuite
    "SmartSuite: every night, create or update records from a CSV file"  ${ids.csvUrl ? 'open it and press "Execute workflow" (the CSV is a file of the emulator), or publish it' : 'set its CSV URL first'}
    "SmartSuite: a record's CSV file read by Extract from File"  ${ids.file ? 'open it and press "Execute workflow"' : 'set its table and record first'}
  Credential "${target.credential.name}": records API ${api.baseUrl}, webhooks API ${api.webhooksUrl}${emulator ? `\n    to make your own: API key ${emulator.apiKey}, workspace ID ${emulator.workspaceId}` : ''}
    solution ${ids.solution ?? '(not set)'}, table ${ids.table ?? '(not set)'}, deleted record ${ids.record ?? '(not set)'}, webhook ${ids.webhook ?? '(not set)'}
${emulator ? demoTables(emulator) : ''}${queueLines}`);
	for (const member of cluster ? [cluster.main, ...cluster.workers] : [n8n]) {
		void member.exited?.then(() => {
			if (stopping) return;
			console.error(member.failure('n8n stopped unexpectedly').message);
			void shutdown(1);
		});
	}
	if (emulator) {
		console.log(
			`  The emulator changes a record every ${CHANGE_EVERY_SECONDS}s (lines below). Ctrl-C stops everything.\n`,
		);
		stopChanges = startDemoChanges(emulator, CHANGE_EVERY_SECONDS, (line) =>
			console.log(`[emulator] ${line}`),
		);
	} else {
		console.log('  Ctrl-C stops n8n.\n');
	}
}

void main();
