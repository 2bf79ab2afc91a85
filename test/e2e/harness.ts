/**
 * Runs a pinned real n8n (versions.ts: the floor or the current version) with this package
 * installed the way n8n installs a community package. Shared by the end-to-end suites and
 * `npm run dev` (scripts/dev.ts).
 *
 * Every process started here runs in its own process group (n8n starts a task-runner child) and is
 * tracked, so `stopAll()` and process exit can end whole groups by PID. Everything binds 127.0.0.1.
 */
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import {
	closeSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	readdirSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

import { withStartSlot } from './start-slots';
import { type N8nVersion, selectedVersion } from './versions';

export const REPO_ROOT = resolve(__dirname, '../..');
const n8nBin = (version: N8nVersion) => join(version.dir, 'node_modules/.bin/n8n');

// ---------------------------------------------------------------------------------------------
// Child processes

const running = new Set<ChildProcess>();

export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// The group is already gone.
	}
}

/** Ends every process group started here (SIGKILL: for failures and exit, not graceful stops). */
export function stopAll(): void {
	for (const child of running) signalGroup(child, 'SIGKILL');
}
process.once('exit', stopAll);

/** Starts a tracked process in its own process group; with `logFd`, its output goes to that file. */
export function startProcess(
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv; logFd?: number },
): ChildProcess {
	const stdio: StdioOptions =
		options.logFd === undefined ? 'pipe' : ['ignore', options.logFd, options.logFd];
	const child = spawn(command, args, {
		cwd: options.cwd ?? REPO_ROOT,
		env: options.env ?? process.env,
		detached: true,
		stdio,
	});
	running.add(child);
	child.once('exit', () => running.delete(child));
	return child;
}

export interface CommandResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

function tail(text: string, lines = 40): string {
	return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** Runs a command to completion; rejects with its output tail when it fails or times out. */
export async function run(
	command: string,
	args: string[],
	options: {
		cwd?: string;
		env?: NodeJS.ProcessEnv;
		timeoutMs?: number;
		allowFailure?: boolean;
		echo?: boolean;
	} = {},
): Promise<CommandResult> {
	const child = startProcess(command, args, options);
	let stdout = '';
	let stderr = '';
	child.stdout?.on('data', (chunk: Buffer) => {
		stdout += chunk;
		if (options.echo) process.stdout.write(chunk);
	});
	child.stderr?.on('data', (chunk: Buffer) => {
		stderr += chunk;
		if (options.echo) process.stderr.write(chunk);
	});
	const timeoutMs = options.timeoutMs ?? 120_000;
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		signalGroup(child, 'SIGKILL');
	}, timeoutMs);
	const code = await new Promise<number | null>((done, fail) => {
		child.once('error', fail);
		child.once('close', (exitCode) => done(exitCode));
	}).finally(() => clearTimeout(timer));
	const result = { code, stdout, stderr };
	if (timedOut || (code !== 0 && !options.allowFailure)) {
		const why = timedOut ? `timed out after ${timeoutMs / 1000}s` : `exited with ${code}`;
		throw new Error(`\`${command} ${args.join(' ')}\` ${why}:\n${tail(stdout + '\n' + stderr)}`);
	}
	return result;
}

export async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((done, fail) => server.once('error', fail).listen(0, '127.0.0.1', done));
	const { port } = server.address() as { port: number };
	await new Promise((done) => server.close(done));
	return port;
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

class ExitedDuringStart extends Error {}

/**
 * Polls `probe` until it returns something other than undefined. Giving up, it says what it waited
 * for and how long, followed by `explain()` (e.g. the n8n log lines of that time).
 */
export async function waitFor<T>(
	what: string,
	probe: () => T | undefined | Promise<T | undefined>,
	timeoutMs: number,
	everyMs = 500,
	explain?: () => string,
): Promise<T> {
	const started = Date.now();
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() - started > timeoutMs) {
			const waited = Math.round((Date.now() - started) / 1000);
			const why = explain ? `\n${explain()}` : '';
			throw new Error(`Gave up waiting for ${what} after ${waited} s${why}`);
		}
		await sleep(everyMs);
	}
}

// ---------------------------------------------------------------------------------------------
// Installing n8n and this package

/** Installs this version of n8n unless it is already there (test/e2e/ensure-n8n.sh). */
export async function ensureN8n(
	options: { echo?: boolean; version?: N8nVersion } = {},
): Promise<void> {
	const { name } = options.version ?? selectedVersion();
	await run('bash', [join(__dirname, 'ensure-n8n.sh'), name], {
		timeoutMs: 25 * 60_000,
		echo: options.echo,
	});
}

/** Newest modification time of the files under `dir` (0 when there are none). */
function newestChange(dir: string): number {
	if (!existsSync(dir)) return 0;
	return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
		const path = join(dir, entry.name);
		return Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
	}, 0);
}

/**
 * `npm pack` of the built package into `destDir`; returns the tarball's path. It does not build:
 * `npm test` and `npm run test:e2e` build first, and a build here would empty dist/ under suites
 * running beside it. A missing or outdated build is an error.
 */
export async function packPackage(destDir: string): Promise<string> {
	const { n8n } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[] };
	};
	const missing = n8n.nodes.filter((file) => !existsSync(join(REPO_ROOT, file)));
	if (missing.length) throw new Error(`Build first (npm run build): missing ${missing.join(', ')}`);
	const sources = Math.max(
		newestChange(join(REPO_ROOT, 'nodes')),
		newestChange(join(REPO_ROOT, 'credentials')),
	);
	if (sources > newestChange(join(REPO_ROOT, 'dist')))
		throw new Error('dist/ is older than the sources: build first (npm run build)');
	mkdirSync(destDir, { recursive: true });
	const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destDir]);
	const [{ filename }] = JSON.parse(stdout) as Array<{ filename: string }>;
	return join(destDir, filename);
}

/** This package, built, packed and installed as a community package into the user folder. */
export async function installThisPackage(
	userFolder: string,
): Promise<{ name: string; version: string }> {
	return await installCommunityPackage(userFolder, await packPackage(userFolder));
}

/**
 * Installs a package tarball into `<userFolder>/.n8n/nodes` exactly as n8n 2.8's
 * CommunityPackagesService.downloadPackage does: unpack into node_modules/<name>, drop dev, peer and
 * optional dependencies (n8n-workflow comes from n8n itself), `npm install` what is left, and
 * record it in the folder's package.json. n8n loads every package in that node_modules at start.
 */
export async function installCommunityPackage(
	userFolder: string,
	tarball: string,
): Promise<{ name: string; version: string }> {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const manifestPath = join(nodesDir, 'package.json');
	mkdirSync(nodesDir, { recursive: true });
	if (!existsSync(manifestPath))
		writeJson(manifestPath, { name: 'installed-nodes', private: true, dependencies: {} });

	const { name } = JSON.parse(
		(await run('tar', ['-xzOf', tarball, 'package/package.json'])).stdout,
	) as { name: string };
	const packageDir = join(nodesDir, 'node_modules', name);
	rmSync(packageDir, { recursive: true, force: true });
	mkdirSync(packageDir, { recursive: true });
	await run('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);
	const { devDependencies, peerDependencies, optionalDependencies, ...pkg } = readJson(
		join(packageDir, 'package.json'),
	);
	writeJson(join(packageDir, 'package.json'), pkg);
	const npmArgs = [
		'--audit=false',
		'--fund=false',
		'--bin-links=false',
		'--install-strategy=shallow',
		'--ignore-scripts=true',
		'--package-lock=false',
	];
	await run('npm', ['install', ...npmArgs], { cwd: packageDir });

	const manifest = readJson(manifestPath) as { dependencies: Record<string, string> };
	manifest.dependencies[name] = String(pkg.version);
	writeJson(manifestPath, manifest);
	return { name, version: String(pkg.version) };
}

// ---------------------------------------------------------------------------------------------
// One n8n instance (a user folder), driven through its CLI

export interface N8nOptions {
	/** N8N_USER_FOLDER: n8n keeps its data in `<userFolder>/.n8n`. */
	userFolder: string;
	/** Port of the editor and REST API. */
	port: number;
	/** More environment for n8n (e.g. N8N_SECURE_COOKIE for http in a browser). */
	env?: Record<string, string>;
	/** What `start()` runs: the main process (`n8n start`, default) or a queue-mode `n8n worker`. */
	command?: 'start' | 'worker';
	/** n8n's database: SQLite in the user folder unless a Postgres database is given. */
	postgres?: PostgresDatabase;
	/** Which n8n runs (default: the one E2E_N8N selects). */
	version?: N8nVersion;
	/** Runs n8n's commands through this (e.g. inside a namespace: namespace.ts); default: as they are. */
	wrap?: (command: string, args: string[]) => [string, string[]];
}

/** A Postgres database n8n can use (DB_TYPE=postgresdb); trust authentication, no password. */
export interface PostgresDatabase {
	host: string;
	port: number;
	database: string;
	user: string;
}

export interface StoredExecution {
	id: number;
	workflowId: string;
	mode: string;
	status: string;
	/** When n8n started the execution (undefined when it has not). */
	startedAt?: Date;
	/** `data.resultData.runData` of the execution, decoded. */
	runData: Record<
		string,
		Array<{
			data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
			error?: unknown;
		}>
	>;
}

/** First output's JSON items of a node in a run (what the editor shows as the node's output). */
export function nodeOutput(
	runData: StoredExecution['runData'],
	nodeName: string,
	runIndex = 0,
): Array<Record<string, unknown>> {
	const items = runData[nodeName]?.[runIndex]?.data?.main?.[0] ?? [];
	return items.map((item) => item.json);
}

/**
 * n8n's own modules (sqlite3, pg, flatted) from a version's install, so they match what it writes.
 * sqlite3 is native: the jest run of a version runs on that version's Node.
 */
export const n8nRequire = (version: N8nVersion = selectedVersion()) =>
	createRequire(join(version.dir, 'node_modules/n8n/package.json'));

export class N8n {
	readonly url: string;
	readonly logFile: string;
	readonly version: N8nVersion;
	private server: ChildProcess | undefined;
	private serverExit: Promise<void> | undefined;

	constructor(readonly options: N8nOptions) {
		this.url = `http://127.0.0.1:${options.port}`;
		this.logFile = join(options.userFolder, 'n8n.log');
		this.version = options.version ?? selectedVersion();
		mkdirSync(options.userFolder, { recursive: true });
	}

	/** A fresh user folder under the system temp dir. */
	static async fresh(env?: Record<string, string>, version?: N8nVersion): Promise<N8n> {
		return new N8n({
			userFolder: mkdtempSync(join(tmpdir(), 'n8n-smartsuite-e2e-')),
			port: await freePort(),
			env,
			version,
		});
	}

	/**
	 * n8n's environment. Inherited n8n settings are dropped so nothing outside changes a run, and so
	 * are jest's: with NODE_ENV=test n8n refuses to load nodes.
	 */
	private async env(): Promise<NodeJS.ProcessEnv> {
		const inherited = Object.fromEntries(
			Object.entries(process.env).filter(
				([key]) => !/^(N8N_|DB_|EXECUTIONS_|GENERIC_|JEST_|NODE_ENV$)/.test(key),
			),
		);
		const { nodeBinDir } = this.version;
		return {
			...inherited,
			// n8n starts its task runner as `node` from PATH: that must be n8n's Node too.
			...(nodeBinDir ? { PATH: [nodeBinDir, inherited.PATH].filter(Boolean).join(delimiter) } : {}),
			N8N_USER_FOLDER: this.options.userFolder,
			...databaseEnv(this.options.postgres),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_PORT: String(this.options.port),
			// The task broker opens its own port: a free one per process, so a CLI command can run
			// next to a started n8n.
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			// Offline and quiet: no telemetry, version checks, templates, banners or AI features.
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_DYNAMIC_BANNERS_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_AI_ENABLED: 'false',
			// No list of verified community nodes from n8n's API; installed packages still load.
			N8N_VERIFIED_PACKAGES_ENABLED: 'false',
			...this.version.env,
			...this.options.env,
		};
	}

	/**
	 * Runs one n8n CLI command against this user folder. The log file gets the command, its stderr,
	 * and its stdout when it failed (a successful execute prints the whole run). A command boots n8n
	 * as `start` does, so it takes a start slot, except `execute`, which keeps n8n for the whole run
	 * of a workflow (Wait nodes included) and would hold other boots back that long.
	 */
	async cli(
		args: string[],
		options: { allowFailure?: boolean; timeoutMs?: number } = {},
	): Promise<CommandResult> {
		const runCommand = async () =>
			await run(...this.command(args), {
				env: await this.env(),
				allowFailure: options.allowFailure,
				timeoutMs: options.timeoutMs,
			});
		try {
			const result = await (args[0] === 'execute' ? runCommand() : withStartSlot(runCommand));
			this.appendLog(
				`$ n8n ${args.join(' ')} (exit ${result.code})\n${result.code === 0 ? '' : result.stdout}${result.stderr}`,
			);
			return result;
		} catch (error) {
			this.appendLog(`$ n8n ${args.join(' ')}\n${(error as Error).message}`);
			throw error;
		}
	}

	private command(args: string[]): [string, string[]] {
		return this.options.wrap
			? this.options.wrap(n8nBin(this.version), args)
			: [n8nBin(this.version), args];
	}

	/** `n8n import:credentials`: plain `data` is encrypted with this instance's key on import. */
	async importCredentials(credentials: object[]): Promise<void> {
		await this.cli([
			'import:credentials',
			`--input=${this.writeInput('credentials', credentials)}`,
		]);
	}

	/** `n8n import:workflow`: each workflow carries its own `id` (at most 21 characters). */
	async importWorkflows(workflows: object[]): Promise<void> {
		await this.cli(['import:workflow', `--input=${this.writeInput('workflows', workflows)}`]);
	}

	async publish(workflowId: string): Promise<void> {
		await this.cli(['publish:workflow', `--id=${workflowId}`]);
	}

	/**
	 * `n8n execute --id --rawOutput`. On success `run` is the printed IRun; on failure (exit 1)
	 * `error` is what n8n reports last, without stack lines.
	 */
	async execute(workflowId: string): Promise<{
		run?: { data: { resultData: { runData: StoredExecution['runData'] } } };
		error?: string;
	}> {
		const { code, stdout, stderr } = await this.cli(
			['execute', `--id=${workflowId}`, '--rawOutput'],
			{ allowFailure: true },
		);
		// The run is printed indented, from a line `{` to a line `}`; n8n 2.41 may log after it.
		if (code === 0)
			return { run: JSON.parse(stdout.slice(stdout.search(/^\{/m)).split(/^\}$/m)[0] + '}') };
		const report =
			`${stdout}\n${stderr}`.split('====================================').at(-1) ?? '';
		return {
			error:
				report
					.split('\n')
					.filter((line) => line.trim() && !/^\s+at /.test(line))
					.join('\n') || `exit code ${code}`,
		};
	}

	/**
	 * `n8n start` (or `n8n worker`) in the background, once a start slot is free (start-slots.ts).
	 * Resolves when n8n says it has started: `n8n start` once it has activated its published
	 * workflows ("Editor is now accessible via", printed after that), a worker once it is ready;
	 * /healthz/readiness answers 200 long before the workflows are active. `timeoutMs` counts from
	 * the slot; the time waited for it and the start's own are printed.
	 */
	async start(timeoutMs = 5 * 60_000): Promise<void> {
		if (this.server) throw new Error('n8n is already running');
		const command = this.options.command ?? 'start';
		const startedLine =
			command === 'start' ? 'Editor is now accessible via' : 'worker is now ready';
		await withStartSlot(async (waitedMs) => {
			// A start right after a stop, on a loaded machine, once exited at once with code 1 and no
			// word in its log: such an exit is told, with what n8n printed, and the start tried once more.
			for (let attempt = 1; ; attempt++) {
				const logStart = existsSync(this.logFile) ? statSync(this.logFile).size : 0;
				const logFd = openSync(this.logFile, 'a');
				const server = startProcess(...this.command([command]), { env: await this.env(), logFd });
				closeSync(logFd);
				this.server = server;
				this.serverExit = new Promise((done) => server.once('exit', () => done()));
				const began = Date.now();
				const printed = () => `n8n's log since this start:\n${tail(this.logSince(logStart), 30)}`;
				try {
					await waitFor(
						`n8n ${this.version.n8n} (${command}) to start on ${this.url}`,
						async () => {
							if (server.exitCode !== null || server.signalCode !== null)
								throw new ExitedDuringStart(
									`n8n exited during start (${server.exitCode ?? server.signalCode}); ${printed()}`,
								);
							return this.logSince(logStart).includes(startedLine) && (await this.ready())
								? true
								: undefined;
						},
						timeoutMs,
						500,
						printed,
					);
				} catch (error) {
					await this.stop();
					if (!(error instanceof ExitedDuringStart) || attempt > 1) throw error;
					process.stderr.write(`${error.message}\nStarting it once more.\n`);
					continue;
				}
				process.stderr.write(
					`n8n ${this.version.n8n} (${command}, ${this.url}) started in ${seconds(Date.now() - began)} after ${seconds(waitedMs)} waiting for a start slot\n`,
				);
				return;
			}
		});
	}

	private logSince(offset: number): string {
		if (!existsSync(this.logFile)) return '';
		return readFileSync(this.logFile).subarray(offset).toString('utf8');
	}

	async ready(): Promise<boolean> {
		try {
			const response = await fetch(`${this.url}/healthz/readiness`, {
				signal: AbortSignal.timeout(2000),
			});
			return response.status === 200;
		} catch {
			return false;
		}
	}

	/**
	 * Waits until n8n serves a production webhook (`webhook/<path>`, `mcp/<path>`). `start()` already
	 * waits for the published workflows' activation; this checks the path itself. A CORS preflight
	 * (OPTIONS with an Origin) asks for the path's methods: 404 until the path is registered, 204
	 * after.
	 */
	async waitForWebhook(path: string, timeoutMs = 3 * 60_000): Promise<void> {
		// A loaded n8n may not answer within a probe's 5 s: that is "not yet", not a failure.
		let lastAnswer = 'no answer yet';
		await waitFor(
			`n8n ${this.version.n8n} to serve /${path}`,
			async () => {
				try {
					const response = await fetch(`${this.url}/${path}`, {
						method: 'OPTIONS',
						headers: { origin: this.url, 'access-control-request-method': 'POST' },
						signal: AbortSignal.timeout(5000),
					});
					lastAnswer = `HTTP ${response.status}`;
					return response.status === 204 ? true : undefined;
				} catch (error) {
					lastAnswer = (error as Error).message;
					return undefined;
				}
			},
			timeoutMs,
			500,
			() => `(last answer: ${lastAnswer}); last lines of n8n's log:\n${this.logTail(30)}`,
		);
	}

	/**
	 * SIGTERM to n8n's process group, SIGKILL if it has not exited after `graceMs`. With
	 * `signal: 'SIGKILL'` it is killed at once (a crash: no shutdown work at all).
	 */
	async stop(graceMs = 30_000, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
		const { server, serverExit } = this;
		if (!server || !serverExit) return;
		signalGroup(server, signal);
		const timer = setTimeout(() => signalGroup(server, 'SIGKILL'), graceMs);
		await serverExit;
		clearTimeout(timer);
		this.server = undefined;
		this.serverExit = undefined;
	}

	/**
	 * Creates the owner account on a fresh instance (what the editor's first screen does), so one
	 * can sign in. Returns false when an owner already exists.
	 */
	async ensureOwner(owner: {
		email: string;
		password: string;
		firstName: string;
		lastName: string;
	}): Promise<boolean> {
		// Ready n8n may still answer REST paths with the editor's HTML for a few seconds.
		const settings = await waitFor(
			"n8n's REST API",
			async () => {
				const response = await fetch(`${this.url}/rest/settings`);
				if (!response.headers.get('content-type')?.includes('json')) return undefined;
				return (await response.json()) as {
					data: { userManagement: { showSetupOnFirstLoad?: boolean } };
				};
			},
			60_000,
		);
		if (!settings.data.userManagement.showSetupOnFirstLoad) return false;
		const response = await fetch(`${this.url}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(owner),
		});
		if (!response.ok)
			throw new Error(`Owner setup failed: ${response.status} ${await response.text()}`);
		return true;
	}

	/** Settles when the started n8n exits (undefined when it is not running). */
	get exited(): Promise<void> | undefined {
		return this.serverExit;
	}

	logTail(lines = 60): string {
		return existsSync(this.logFile)
			? tail(readFileSync(this.logFile, 'utf8'), lines)
			: '(no n8n log)';
	}

	/** Wraps an error with the tail of n8n's log, so a failure says what n8n saw. */
	failure(error: unknown): Error {
		const message = error instanceof Error ? error.message : String(error);
		return new Error(`${message}\n--- last lines of ${this.logFile} ---\n${this.logTail()}`);
	}

	/** Executions stored in n8n's database (read-only; n8n may be running), oldest first. */
	async executions(workflowId: string): Promise<StoredExecution[]> {
		const rows = this.options.postgres
			? await postgresExecutionRows(this.options.postgres, workflowId, this.version)
			: await this.sqliteExecutionRows(workflowId);
		const flatted = n8nRequire(this.version)('flatted') as { parse(text: string): unknown };
		return rows.map((row) => {
			// A run still starting may have no data yet (an empty text parses to nothing).
			const data =
				typeof row.data === 'string' && row.data !== ''
					? (flatted.parse(row.data) as
							{ resultData?: { runData?: StoredExecution['runData'] } } | undefined)
					: undefined;
			return {
				id: Number(row.id),
				workflowId: String(row.workflowId),
				mode: String(row.mode),
				status: String(row.status),
				startedAt: storedDate(row.startedAt),
				runData: data?.resultData?.runData ?? {},
			};
		});
	}

	private async sqliteExecutionRows(workflowId: string): Promise<Array<Record<string, unknown>>> {
		const dbPath = join(this.options.userFolder, '.n8n', 'database.sqlite');
		if (!existsSync(dbPath)) return [];
		const sqlite3 = n8nRequire(this.version)('sqlite3') as Sqlite3;
		const db = await new Promise<Sqlite3Database>((done, fail) => {
			const opened: Sqlite3Database = new sqlite3.Database(
				dbPath,
				sqlite3.OPEN_READONLY,
				(error) => (error ? fail(error) : done(opened)),
			);
		});
		try {
			return await new Promise<Array<Record<string, unknown>>>((done, fail) =>
				db.all(
					`SELECT e.id, e.workflowId, e.mode, e.status, e.startedAt, d.data FROM execution_entity e
					 LEFT JOIN execution_data d ON d.executionId = e.id
					 WHERE e.workflowId = ? ORDER BY CAST(e.id AS INTEGER)`,
					[workflowId],
					(error, result) => (error ? fail(error) : done(result)),
				),
			);
		} finally {
			await new Promise<void>((done) => db.close(() => done()));
		}
	}

	private writeInput(kind: string, content: object[]): string {
		const file = join(this.options.userFolder, `import-${kind}-${Date.now()}.json`);
		writeJson(file, content);
		return file;
	}

	private appendLog(text: string): void {
		writeFileSync(this.logFile, `${text.trimEnd()}\n`, { flag: 'a' });
	}
}

/**
 * For a suite with one n8n: `wrap` makes a failing test body's error carry the tail of n8n's log,
 * `fail` does that for set-up errors, and `finish` (in afterAll, after n8n stopped) removes n8n's
 * user folder, or keeps it for inspection when anything failed.
 */
export function n8nSuite(current: () => N8n | undefined) {
	let failed = false;
	const fail = (error: unknown): unknown => {
		failed = true;
		return current()?.failure(error) ?? error;
	};
	return {
		fail,
		wrap: (body: () => Promise<void>) => async () => {
			try {
				await body();
			} catch (error) {
				throw fail(error);
			}
		},
		finish: () => {
			const n8n = current();
			if (!n8n) return;
			if (failed) console.log(`n8n user folder kept for inspection: ${n8n.options.userFolder}`);
			else rmSync(n8n.options.userFolder, { recursive: true, force: true });
		},
	};
}

/** A date column as the database gives it: a Date (Postgres) or UTC text "2026-01-01 10:00:00.123" (SQLite). */
function storedDate(value: unknown): Date | undefined {
	if (value instanceof Date) return value;
	return typeof value === 'string' && value !== ''
		? new Date(`${value.replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`)
		: undefined;
}

function databaseEnv(postgres: PostgresDatabase | undefined): Record<string, string> {
	if (!postgres) return { DB_TYPE: 'sqlite' };
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
	};
}

/** Runs one query with n8n's own `pg` client (of `version`'s install) and closes the connection. */
export async function queryPostgres(
	db: PostgresDatabase,
	sql: string,
	params: unknown[] = [],
	version?: N8nVersion,
): Promise<Array<Record<string, unknown>>> {
	const { Client } = n8nRequire(version)('pg') as { Client: new (config: object) => PgClient };
	const client = new Client({ ...db, connectionTimeoutMillis: 2000 });
	await client.connect();
	try {
		return (await client.query(sql, params)).rows;
	} finally {
		await client.end();
	}
}

interface PgClient {
	connect(): Promise<void>;
	query(sql: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
	end(): Promise<void>;
}

async function postgresExecutionRows(
	db: PostgresDatabase,
	workflowId: string,
	version: N8nVersion,
): Promise<Array<Record<string, unknown>>> {
	return await queryPostgres(
		db,
		`SELECT e.id, e."workflowId", e.mode, e.status, e."startedAt", d.data FROM execution_entity e
		 LEFT JOIN execution_data d ON d."executionId" = e.id
		 WHERE e."workflowId" = $1 ORDER BY e.id`,
		[workflowId],
		version,
	);
}

interface Sqlite3Database {
	all(
		sql: string,
		params: unknown[],
		callback: (error: Error | null, rows: Array<Record<string, unknown>>) => void,
	): void;
	close(callback: () => void): void;
}

interface Sqlite3 {
	OPEN_READONLY: number;
	Database: new (
		path: string,
		mode: number,
		callback: (error: Error | null) => void,
	) => Sqlite3Database;
}

// ---------------------------------------------------------------------------------------------
// Files

function readJson(file: string): Record<string, unknown> {
	return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function writeJson(file: string, value: unknown): void {
	writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * An example workflow from examples/ with its placeholders (YOUR_CREDENTIAL_ID, YOUR_TABLE_ID, …)
 * replaced by real values.
 */
export function loadExample(name: string, values: Record<string, string>): Record<string, unknown> {
	return loadWorkflowFile(join('examples', name), values);
}

/** A workflow file of this repository (path from its root), with placeholders replaced. */
export function loadWorkflowFile(
	path: string,
	values: Record<string, string>,
): Record<string, unknown> {
	let text = readFileSync(join(REPO_ROOT, path), 'utf8');
	for (const [placeholder, value] of Object.entries(values))
		text = text.split(placeholder).join(value);
	return JSON.parse(text) as Record<string, unknown>;
}

/** Where a SmartSuite credential points: the emulator, or a real workspace. */
export interface SmartSuiteTarget {
	apiKey: string;
	workspaceId: string;
	baseUrl: string;
	webhooksUrl: string;
	/** The credential's Webhooks Service Name; empty or missing: automatic. */
	webhooksService?: string;
}

/** A credential for `n8n import:credentials` (n8n encrypts `data` on import). */
export function smartSuiteCredential(id: string, name: string, target: SmartSuiteTarget): object {
	const { apiKey, workspaceId, baseUrl, webhooksUrl, webhooksService = '' } = target;
	return {
		id,
		name,
		type: 'smartSuiteWorkspaceApi',
		data: { apiKey, workspaceId, baseUrl, webhooksUrl, webhooksService },
	};
}
