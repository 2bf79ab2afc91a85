/**
 * The package installed the way most users install it: n8n's Settings → Community nodes → Install
 * (its REST API, what the screen calls), with n8n downloading it from the npm registry. On the n8n
 * version E2E_N8N selects.
 *
 * n8n only installs from npm's public registry (`DEFAULT_REGISTRY` in its community-packages
 * service; another registry needs an Enterprise licence), checks the version with a request to it
 * and runs `npm pack <name>@<version>` and `npm install` with `--registry=` that address. So the
 * suite serves the packed build under that registry's own host name, on this machine only: n8n
 * runs in a network and mount namespace of the suite's own (namespace.ts) where the name means
 * 127.0.0.1, and the suite's registry (registry.ts, HTTPS with a CA made for the run) answers
 * there. n8n's check with n8n's package service (api.n8n.io) fails there, which n8n counts as
 * allowed. Without root (or unshare, nsenter, ip) the suite is skipped and says why.
 *
 * One n8n (SQLite): install by name, the nodes run; a newer version published and updated from
 * n8n; uninstalled. Then queue mode (Postgres, Redis, a main, workers): a worker running at the
 * install gets the package over Redis, one started later only with N8N_REINSTALL_MISSING_PACKAGES.
 */
import { randomUUID } from 'node:crypto';
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { launchBrowser, screenshot, signIn } from '../browser/browser';
import { startEmulator, type Emulator } from '../emulator';
import {
	N8n,
	REPO_ROOT,
	ensureN8n,
	freePort,
	packPackage,
	run,
	smartSuiteCredential,
	stopAll,
	waitFor,
} from './harness';
import { type Namespace, createNamespace, namespaceUnavailable } from './namespace';
import { type QueueCluster, createQueueCluster } from './queue';
import { Registry, type Certificates, certificates } from './registry';
import { type InstalledPackage, N8nRest, OWNER } from './rest';
import { type N8nVersion, selectedVersion } from './versions';

const version = selectedVersion();
jest.setTimeout(3 * 60_000);

const PACKAGE = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
	keywords: string[];
	n8n: { nodes: string[]; credentials: string[] };
};
const NODE_TYPES = ['smartSuite', 'smartSuiteTrigger', 'smartSuiteInstantTrigger'].map(
	(name) => `${PACKAGE.name}.${name}`,
);
const CREDENTIAL_TYPE = 'smartSuiteWorkspaceApi';
const NEWER = PACKAGE.version.replace(/\d+$/, (patch) => String(Number(patch) + 1));
const WEBHOOK_PATH = 'smartsuite-community-install';
const TRIGGER = 'When a record changes';

/** Why the namespace cannot be made here (then every test is skipped, and the reason printed). */
const unavailable = namespaceUnavailable();
if (unavailable) console.warn(`Community nodes e2e suite SKIPPED on this machine: ${unavailable}`);
const describeIfNamespace = unavailable ? describe.skip : describe;

/** The public registry n8n installs from, read from the installed n8n (both versions name it the same way). */
function defaultRegistry(n8nVersion: N8nVersion): string {
	const service = readFileSync(
		join(
			n8nVersion.dir,
			'node_modules/n8n/dist/modules/community-packages/community-packages.service.js',
		),
		'utf8',
	);
	const found = service.match(/const DEFAULT_REGISTRY = '([^']+)'/);
	if (!found)
		throw new Error(
			`n8n ${n8nVersion.n8n} no longer names DEFAULT_REGISTRY in its community-packages service: read it again`,
		);
	return found[1];
}

/** The packed build with another version in its package.json. */
async function withVersion(tarball: string, newVersion: string, dir: string): Promise<string> {
	mkdirSync(dir, { recursive: true });
	await run('tar', ['-xzf', tarball, '-C', dir]);
	const manifestPath = join(dir, 'package', 'package.json');
	writeFileSync(
		manifestPath,
		JSON.stringify(
			{ ...JSON.parse(readFileSync(manifestPath, 'utf8')), version: newVersion },
			null,
			2,
		),
	);
	const out = join(dir, `${PACKAGE.name}-${newVersion}.tgz`);
	await run('tar', ['-czf', out, '-C', dir, 'package']);
	return out;
}

/** Environment for n8n (and the npm it runs) to trust the registry's CA; npm's cache stays in the user folder. */
const registryEnv = (certs: Certificates, userFolder: string) => ({
	NODE_EXTRA_CA_CERTS: certs.caFile,
	NPM_CONFIG_CAFILE: certs.caFile,
	NPM_CONFIG_CACHE: join(userFolder, 'npm-cache'),
	N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
});

let root: string;
let emu: Emulator;
let registry: Registry;
let certs: Certificates;
let ns: Namespace;
let tarball: string;
let failed = false;
const processes: N8n[] = [];

/** The error with the tail of every n8n log of the suite; the folder is kept for inspection. */
function failure(error: unknown): Error {
	failed = true;
	const logs = processes.map((n8n) => `--- ${n8n.logFile} ---\n${n8n.logTail(30)}`);
	return new Error(`${error instanceof Error ? error.message : String(error)}\n${logs.join('\n')}`);
}
const withLogs = (body: () => Promise<void>) => async () => {
	await body().catch((error: unknown) => {
		throw failure(error);
	});
};

/** What n8n installed in a process' user folder: the package.json of the package, if any. */
function installedManifest(n8n: N8n): { version: string; keywords?: string[] } | undefined {
	const path = join(
		n8n.options.userFolder,
		'.n8n',
		'nodes',
		'node_modules',
		PACKAGE.name,
		'package.json',
	);
	return existsSync(path)
		? (JSON.parse(readFileSync(path, 'utf8')) as { version: string; keywords?: string[] })
		: undefined;
}

const webhookWorkflow = (credentialId: string, webhookId: string) => ({
	name: 'SmartSuite: get a webhook (started by a webhook)',
	nodes: [
		{
			id: randomUUID(),
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: { httpMethod: 'GET', path: WEBHOOK_PATH, responseMode: 'lastNode', options: {} },
		},
		{
			id: randomUUID(),
			name: 'Get webhook',
			type: `${PACKAGE.name}.smartSuite`,
			typeVersion: 1,
			position: [220, 0],
			parameters: { resource: 'webhook', operation: 'get', webhookId },
			credentials: { [CREDENTIAL_TYPE]: { id: credentialId, name: 'SmartSuite (emulator)' } },
		},
	],
	connections: { Webhook: { main: [[{ node: 'Get webhook', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
});

const instantWorkflow = (credentialId: string, solutionId: string, tableId: string) => ({
	name: 'SmartSuite: instant',
	nodes: [
		{
			id: randomUUID(),
			name: TRIGGER,
			type: `${PACKAGE.name}.smartSuiteInstantTrigger`,
			typeVersion: 1,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: {
				solutionId: { __rl: true, mode: 'id', value: solutionId },
				watch: 'tables',
				tableIds: [tableId],
				events: [],
				options: { simplify: true },
			},
			credentials: { [CREDENTIAL_TYPE]: { id: credentialId, name: 'SmartSuite (emulator)' } },
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
});

/** The production webhook workflow's answer: the SmartSuite node's output, or n8n's error. */
async function callWebhook(n8n: N8n): Promise<{ status: number; body: Record<string, unknown> }> {
	const response = await fetch(`${n8n.url}/webhook/${WEBHOOK_PATH}`, {
		signal: AbortSignal.timeout(60_000),
	});
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The answer once the just-published workflow's webhook is registered (n8n 2.41 publishes in the background). */
async function callPublishedWebhook(
	n8n: N8n,
): Promise<{ status: number; body: Record<string, unknown> }> {
	return await waitFor(
		"the published workflow's webhook",
		async () => {
			const answer = await callWebhook(n8n);
			return answer.status === 404 ? undefined : answer;
		},
		60_000,
	);
}

/** An n8n process of this suite, inside the namespace, its port reachable from here. */
async function n8nInside(n8n: N8n): Promise<N8n> {
	await ns.expose(n8n.options.port);
	processes.push(n8n);
	return n8n;
}

beforeAll(async () => {
	if (unavailable) return;
	await ensureN8n({ version });
	root = mkdtempSync(join(tmpdir(), 'n8n-smartsuite-community-'));
	// The queue's Postgres runs as the postgres user: it must reach its folder below.
	chmodSync(root, 0o755);
	try {
		const origin = defaultRegistry(version);
		certs = await certificates(root, new URL(origin).hostname);
		registry = await Registry.start(certs, origin);
		tarball = await packPackage(join(root, 'pack'));
		await registry.publish(tarball);
		emu = await startEmulator();
		ns = await createNamespace(join(root, 'ns'), [new URL(origin).hostname]);
		await ns.reach(443, registry.port);
		for (const url of [emu.baseUrl, emu.webhooksUrl]) await ns.reach(Number(new URL(url).port));
		// Both n8n set-ups start side by side; each part waits for its own.
		await Promise.all([startSingle(), startQueue()]);
	} catch (error) {
		throw failure(error);
	}
}, 25 * 60_000);

let single: N8n;
let queue: QueueCluster | undefined;

/** One n8n (SQLite), started, with nothing installed. */
async function startSingle(): Promise<void> {
	const userFolder = join(root, 'n8n');
	single = await n8nInside(
		new N8n({
			userFolder,
			port: await freePort(),
			version,
			wrap: ns.wrap,
			// The screen is also opened in Chromium, over http.
			env: { ...registryEnv(certs, userFolder), N8N_SECURE_COOKIE: 'false' },
		}),
	);
	await single.start();
}

/**
 * Queue mode: Postgres and Redis (outside, reached from inside), a main and the first worker
 * started; two more workers, started later by the test. Nothing installed.
 */
async function startQueue(): Promise<void> {
	const dir = join(root, 'queue');
	const env = registryEnv(certs, dir);
	queue = await createQueueCluster({
		root: dir,
		workers: 3,
		version,
		wrap: ns.wrap,
		mainEnv: env,
		workerEnv: env,
	});
	await ns.reach(queue.redis.port);
	await ns.reach(queue.postgres.port);
	for (const n8n of [queue.main, ...queue.workers]) await n8nInside(n8n);
	// The main first: it creates n8n's tables in the empty database.
	await queue.main.start();
	await queue.workers[0].start();
}

afterAll(async () => {
	await Promise.all(processes.map((n8n) => n8n.stop()));
	await queue?.stop();
	stopAll();
	await ns?.close();
	await registry?.close();
	await emu?.settleNotifications().catch(() => undefined);
	await emu?.close();
	if (root && !failed) rmSync(root, { recursive: true, force: true });
	else if (root)
		console.log(
			`community-install folder kept for inspection (n8n logs in its n8n*/ folders): ${root}`,
		);
});

describeIfNamespace(`n8n ${version.n8n}: Settings → Community nodes, from the npm registry`, () => {
	let n8n: N8n;
	let rest: N8nRest;
	let credentialId: string;
	let instantId: string;
	let triggerWebhookId: string;
	const seed = { solutionId: '', tableId: '', actionWebhookId: '' };
	const triggerItems = async () =>
		(await n8n.executions(instantId)).flatMap((execution) =>
			(execution.runData[TRIGGER]?.[0]?.data?.main?.[0] ?? []).map((item) =>
				String(item.json.event_id),
			),
		);
	const allEvents = () => emu.events(triggerWebhookId).map((event) => event.event_id);

	beforeAll(async () => {
		n8n = single;
		rest = await N8nRest.signIn(n8n);
		seed.solutionId = emu.addSolution({ name: 'Sales CRM' }).id;
		seed.tableId = emu.addTable(seed.solutionId, { name: 'Deals' }).id;
		seed.actionWebhookId = emu.createWebhook().webhook_id;
	});

	test(
		'installed by name: n8n fetches it from the registry; the three nodes and the credential appear without a restart and run against SmartSuite',
		withLogs(async () => {
			expect((await rest.offeredTypes()).nodes).not.toContain(NODE_TYPES[0]);
			const installed = await rest.installPackage(PACKAGE.name);
			expect(installed).toMatchObject({
				packageName: PACKAGE.name,
				installedVersion: PACKAGE.version,
			});
			expect(installed.installedNodes.map((node) => node.type).sort()).toEqual(
				[...NODE_TYPES].sort(),
			);
			// What n8n and its npm asked the registry: the version, the package, its tarball.
			const asked = registry.requests.map((request) => `${request.path} ${request.status}`);
			console.log(
				`n8n ${version.n8n} asked the registry:\n${registry.requests.map((r) => `${r.path} ${r.status} (${r.userAgent})`).join('\n')}`,
			);
			expect(asked).toEqual(
				expect.arrayContaining([
					`/${PACKAGE.name}/latest 200`,
					`/${PACKAGE.name}/-/${PACKAGE.name}-${PACKAGE.version}.tgz 200`,
				]),
			);
			// npm lists community nodes by this keyword (n8n's docs require it; n8n itself does not check it).
			expect(installedManifest(n8n)?.keywords).toContain('n8n-community-node-package');

			const offered = await rest.offeredTypes();
			expect(offered.nodes).toEqual(expect.arrayContaining(NODE_TYPES));
			expect(offered.credentials).toContain(CREDENTIAL_TYPE);

			const { type, data } = smartSuiteCredential('', '', emu) as {
				type: string;
				data: Record<string, unknown>;
			};
			const { id } = await rest.createCredential({ name: 'SmartSuite (emulator)', type, data });
			credentialId = id;
			const action = await rest.createWorkflow(webhookWorkflow(credentialId, seed.actionWebhookId));
			await rest.publish(action.id, action.versionId);
			const answer = await callPublishedWebhook(n8n);
			expect(answer).toMatchObject({ status: 200, body: { webhook_id: seed.actionWebhookId } });

			const instant = await rest.createWorkflow(
				instantWorkflow(credentialId, seed.solutionId, seed.tableId),
			);
			instantId = instant.id;
			await rest.publish(instant.id, instant.versionId);
			triggerWebhookId = (
				await waitFor(
					'the webhook the trigger creates at activation',
					() => emu.webhooks().find((webhook) => webhook.locator.solution_id === seed.solutionId),
					60_000,
					200,
				)
			).webhook_id;
			// The activation ends when n8n has saved the trigger's state (a ping before it is refused and retried).
			await waitFor(
				"the trigger's saved webhook",
				async () =>
					JSON.stringify((await rest.workflow(instantId)).staticData ?? {}).includes(
						triggerWebhookId,
					)
						? true
						: undefined,
				60_000,
				200,
			);
			emu.createRecord(seed.tableId, { title: 'Before the update' });
			await waitFor(
				'the trigger to run',
				async () => ((await triggerItems()).length === 1 ? true : undefined),
				60_000,
			);
		}),
	);

	test(
		'the Community nodes screen, in Chromium, lists the package with its version and nodes',
		withLogs(async () => {
			// Chromium runs outside the namespace: n8n's port is exposed there (n8nInside).
			const browser = await launchBrowser();
			try {
				const { page } = browser;
				await signIn(page, n8n.url, OWNER);
				await page.goto(`${n8n.url}/settings/community-nodes`);
				const card = page.getByTestId('community-package-card');
				await card.filter({ hasText: `v${PACKAGE.version}` }).waitFor();
				const shown = await card.innerText();
				expect(shown).toContain(PACKAGE.name);
				expect(shown).toContain('SmartSuite Polling Trigger');
				expect(shown).toContain('SmartSuite Trigger');
				// The view alone: the innermost block holding its heading and the card, without the
				// menus that name the owner.
				const view = page
					.locator('div')
					.filter({ has: page.getByText('Community nodes', { exact: true }) })
					.filter({ has: card })
					.last();
				await page.mouse.move(0, 0);
				await screenshot(view, 'community-nodes', version.name === 'current');
			} finally {
				await browser.close();
			}
		}),
	);

	test(
		`a newer version (${NEWER}) published: the screen offers it, Update installs it; the workflows still run and the trigger keeps its webhook and position`,
		withLogs(async () => {
			await registry.publish(await withVersion(tarball, NEWER, join(root, 'newer')));
			const [listed] = await rest.packages();
			expect(listed).toMatchObject({
				packageName: PACKAGE.name,
				installedVersion: PACKAGE.version,
				updateAvailable: NEWER,
			});
			const staticBefore = (await rest.workflow(instantId)).staticData;

			const updated: InstalledPackage = await rest.updatePackage(PACKAGE.name);
			expect(updated).toMatchObject({ packageName: PACKAGE.name, installedVersion: NEWER });
			expect(installedManifest(n8n)?.version).toBe(NEWER);
			expect(
				(await rest.packages()).map(({ installedVersion, updateAvailable }) => ({
					installedVersion,
					updateAvailable,
				})),
			).toEqual([{ installedVersion: NEWER, updateAvailable: undefined }]);
			expect((await rest.offeredTypes()).nodes).toEqual(expect.arrayContaining(NODE_TYPES));

			expect(await callWebhook(n8n)).toMatchObject({
				status: 200,
				body: { webhook_id: seed.actionWebhookId },
			});
			// The trigger's state: still active, the same SmartSuite webhook, and the next change arrives once.
			expect((await rest.workflow(instantId)).active).toBe(true);
			expect((await rest.workflow(instantId)).staticData).toEqual(staticBefore);
			emu.createRecord(seed.tableId, { title: 'After the update' });
			await waitFor(
				'the trigger to output every event',
				async () => ((await triggerItems()).length === allEvents().length ? true : undefined),
				60_000,
			);
			expect((await triggerItems()).sort()).toEqual([...allEvents()].sort());
			expect(emu.requests.filter((request) => request.operation === 'CreateWebhook')).toHaveLength(
				1,
			);
		}),
	);

	test(
		'uninstalled: the nodes and the credential type are gone, and n8n says why the workflows cannot run',
		withLogs(async () => {
			await rest.uninstallPackage(PACKAGE.name);
			expect(await rest.packages()).toEqual([]);
			expect(installedManifest(n8n)).toBeUndefined();
			const offered = await rest.offeredTypes();
			expect(offered.nodes.filter((type) => type.startsWith(`${PACKAGE.name}.`))).toEqual([]);
			expect(offered.credentials).not.toContain(CREDENTIAL_TYPE);

			// The published workflow is still active; started, n8n names the missing node type (2.8: 500, 2.41: 400).
			const answer = await callWebhook(n8n);
			expect(answer.status).toBe(version.name === 'floor' ? 500 : 400);
			expect(answer.body.message).toBe(`Unrecognized node type: ${PACKAGE.name}.smartSuite`);
		}),
	);
});

describeIfNamespace(
	`n8n ${version.n8n} in queue mode (Postgres, Redis, a main, workers): installed from the main's Community nodes screen`,
	() => {
		let rest: N8nRest;
		let installedVersion: string;
		const logOf = (n8n: N8n) => readFileSync(n8n.logFile, 'utf8');

		beforeAll(async () => {
			rest = await N8nRest.signIn(queue!.main);
		});

		test(
			'a running worker gets the package over Redis and downloads the same version from the registry into its own folder',
			withLogs(async () => {
				const [main, worker] = [queue!.main, queue!.workers[0]];
				({ installedVersion } = await rest.installPackage(PACKAGE.name));
				expect(installedManifest(main)?.version).toBe(installedVersion);
				await waitFor(
					'the running worker to install the package',
					() => (installedManifest(worker)?.version === installedVersion ? true : undefined),
					60_000,
				);
			}),
		);

		test(
			'a worker started later gets it only with N8N_REINSTALL_MISSING_PACKAGES=true (as the README says), and then runs the SmartSuite node',
			withLogs(async () => {
				// Two workers start after the install: one without the setting, one with it.
				const [first, without, late] = queue!.workers;
				late.options.env!.N8N_REINSTALL_MISSING_PACKAGES = 'true';
				await Promise.all([without.start(), late.start()]);
				expect(installedManifest(without)).toBeUndefined();
				expect(logOf(without)).toMatch(/n8n detected that some packages are missing/);
				expect(installedManifest(late)?.version).toBe(installedVersion);
				await without.stop();

				// With the first worker stopped, the late one runs the workflow's SmartSuite node.
				await first.stop();
				const { type, data } = smartSuiteCredential('', '', emu) as {
					type: string;
					data: Record<string, unknown>;
				};
				const { id: credentialId } = await rest.createCredential({
					name: 'SmartSuite (emulator)',
					type,
					data,
				});
				const webhookId = emu.createWebhook().webhook_id;
				const workflow = await rest.createWorkflow(webhookWorkflow(credentialId, webhookId));
				await rest.publish(workflow.id, workflow.versionId);
				expect(await callPublishedWebhook(queue!.main)).toMatchObject({
					status: 200,
					body: { webhook_id: webhookId },
				});
				expect(logOf(late)).toMatch(/Worker started execution \d+ \(/);
			}),
		);
	},
);
