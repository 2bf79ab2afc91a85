/**
 * Redis and Postgres for n8n's queue mode, from the Debian packages (redis-server, postgresql),
 * run as this program's own processes: a data folder of their own, free ports on 127.0.0.1, no
 * system service. Each is started and stopped by PID (its process group), like every process of
 * the harness, so `stopAll()` ends them too.
 */
import { type ChildProcess } from 'node:child_process';
import {
	chmodSync,
	chownSync,
	closeSync,
	existsSync,
	mkdirSync,
	openSync,
	readdirSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

import {
	type PostgresDatabase,
	freePort,
	queryPostgres,
	run,
	signalGroup,
	startProcess,
	waitFor,
} from './harness';
import { type N8nVersion } from './versions';

/** A started server: its port and how to stop it. */
export interface Service {
	port: number;
	logFile: string;
	stop(): Promise<void>;
}

const INSTALL_HINT =
	'install the Debian packages redis-server and postgresql (.ci/run does it when they are missing)';

function startService(
	command: string,
	args: string[],
	logFile: string,
): { child: ChildProcess; stop: () => Promise<void> } {
	const logFd = openSync(logFile, 'a');
	const child = startProcess(command, args, { logFd });
	closeSync(logFd);
	const exited = new Promise<void>((done) => child.once('exit', () => done()));
	const stop = async () => {
		// Fast shutdown for Postgres (SIGINT); Redis exits on it too. The data is throwaway.
		signalGroup(child, 'SIGINT');
		const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
		await exited;
		clearTimeout(timer);
	};
	return { child, stop };
}

function stillRunning(child: ChildProcess, what: string, logFile: string): void {
	if (child.exitCode !== null || child.signalCode !== null)
		throw new Error(`${what} exited during start; see ${logFile}`);
}

/** Answers Redis' PING over a plain TCP connection. */
async function redisAnswers(port: number): Promise<boolean> {
	return await new Promise((done) => {
		const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
		socket.setTimeout(1000, () => socket.destroy());
		socket.once('data', (reply) => {
			socket.end();
			done(reply.toString().startsWith('+PONG'));
		});
		socket.once('error', () => done(false));
		socket.once('close', () => done(false));
	});
}

/** `redis-server` in the foreground with no persistence, on a free port. */
export async function startRedis(dir: string): Promise<Service> {
	const bin = await which('redis-server');
	if (!bin) throw new Error(`redis-server not found: ${INSTALL_HINT}`);
	mkdirSync(dir, { recursive: true });
	const port = await freePort();
	const logFile = join(dir, 'redis.log');
	const args = [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
		'--dir',
		dir,
		'--daemonize',
		'no',
	];
	const { child, stop } = startService(bin, args, logFile);
	await waitFor(
		`Redis on port ${port}`,
		async () => {
			stillRunning(child, 'redis-server', logFile);
			return (await redisAnswers(port)) ? true : undefined;
		},
		20_000,
		100,
	);
	return { port, logFile, stop };
}

/** The newest Debian Postgres' programs (/usr/lib/postgresql/<version>/bin), else from PATH. */
async function postgresBin(): Promise<string> {
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((name) => /^\d+$/.test(name))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	const fromDebian = versions
		.map((version) => join(root, version, 'bin'))
		.find((dir) => existsSync(join(dir, 'postgres')));
	if (fromDebian) return fromDebian;
	const initdb = await which('initdb');
	if (!initdb) throw new Error(`Postgres (initdb, postgres) not found: ${INSTALL_HINT}`);
	return join(initdb, '..');
}

async function which(command: string): Promise<string | undefined> {
	const { code, stdout } = await run('bash', ['-c', `command -v ${command}`], {
		allowFailure: true,
	});
	return code === 0 ? stdout.trim() : undefined;
}

/**
 * Postgres refuses to run as root: as root, its programs run as the `postgres` user (which the
 * Debian package creates) and the data folder belongs to that user.
 */
async function asPostgresUser(
	dataDir: string,
): Promise<(command: string, args: string[]) => [string, string[]]> {
	if (process.getuid?.() !== 0) return (command, args) => [command, args];
	const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
	const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
	chownSync(dataDir, uid, gid);
	return (command, args) => ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

/**
 * A Postgres cluster in `dir` (created with initdb when it is not there yet), listening on
 * 127.0.0.1 only, its socket in its own folder, without fsync (test data), and a database `n8n`.
 */
export async function startPostgres(
	dir: string,
	options: { port?: number; version?: N8nVersion } = {},
): Promise<Service & { db: PostgresDatabase }> {
	const bin = await postgresBin();
	const dataDir = join(dir, 'data');
	mkdirSync(dataDir, { recursive: true });
	// The postgres user must be able to reach its folder.
	chmodSync(dir, 0o755);
	const as = await asPostgresUser(dataDir);
	if (!existsSync(join(dataDir, 'PG_VERSION'))) {
		await run(
			...as(join(bin, 'initdb'), [
				'-D',
				dataDir,
				'-U',
				'postgres',
				'--auth=trust',
				'--encoding=UTF8',
				'--no-sync',
			]),
			{ timeoutMs: 60_000 },
		);
	}
	const port = options.port ?? (await freePort());
	const logFile = join(dir, 'postgres.log');
	const settings = [
		'listen_addresses=127.0.0.1',
		`unix_socket_directories=${dataDir}`,
		'fsync=off',
		'synchronous_commit=off',
		'full_page_writes=off',
	];
	const { child, stop } = startService(
		...as(join(bin, 'postgres'), [
			'-D',
			dataDir,
			'-p',
			String(port),
			...settings.flatMap((setting) => ['-c', setting]),
		]),
		logFile,
	);
	const db: PostgresDatabase = { host: '127.0.0.1', port, database: 'n8n', user: 'postgres' };
	const admin = { ...db, database: 'postgres' };
	await waitFor(
		`Postgres on port ${port}`,
		async () => {
			stillRunning(child, 'postgres', logFile);
			return await queryPostgres(admin, 'SELECT 1', [], options.version).then(
				() => true,
				() => undefined,
			);
		},
		60_000,
		200,
	);
	const [{ present }] = await queryPostgres(
		admin,
		'SELECT count(*)::int AS present FROM pg_database WHERE datname = $1',
		[db.database],
		options.version,
	);
	if (!present) await queryPostgres(admin, `CREATE DATABASE ${db.database}`, [], options.version);
	return { port, logFile, db, stop };
}
