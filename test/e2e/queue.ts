/**
 * n8n in queue mode: Postgres and Redis (services.ts), one main process (`n8n start`: editor,
 * webhooks, pollers; puts executions on the Redis queue) and workers (`n8n worker`: run them).
 * Every n8n process has a user folder of its own with this package installed in it, as on
 * separate machines, and they share the database, the queue and the encryption key. Used by the
 * queue-mode e2e suite and by `npm run dev -- --queue`.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { N8n, type N8nOptions, freePort, installCommunityPackage } from './harness';
import { type Service, startPostgres, startRedis } from './services';
import { type N8nVersion, selectedVersion } from './versions';

export interface QueueClusterOptions {
	/** Folder for everything: postgres/, redis/, main/, worker1/… (kept between runs of `npm run dev`). */
	root: string;
	/** The packed package, installed into every n8n process' user folder (none: nothing is installed). */
	tarball?: string;
	workers: number;
	/** The main's port (default: a free one) and Postgres' (so the dev cluster's stays the same). */
	mainPort?: number;
	postgresPort?: number;
	/** Fixed for `npm run dev`, whose credentials stay in Postgres between runs; random otherwise. */
	encryptionKey?: string;
	/** More environment for the main (e.g. N8N_SECURE_COOKIE). */
	mainEnv?: Record<string, string>;
	/** More environment for the workers. */
	workerEnv?: Record<string, string>;
	/** Which n8n runs (default: the one E2E_N8N selects). */
	version?: N8nVersion;
	/** Runs the n8n processes through this (N8nOptions.wrap). */
	wrap?: N8nOptions['wrap'];
}

export interface QueueCluster {
	redis: Service;
	postgres: Awaited<ReturnType<typeof startPostgres>>;
	main: N8n;
	workers: N8n[];
	/** Starts the workers and the main together (executions the main queues first wait in Redis). */
	start(): Promise<void>;
	/** Stops n8n, then Redis and Postgres; safe to call more than once. */
	stop(): Promise<void>;
}

export async function createQueueCluster(options: QueueClusterOptions): Promise<QueueCluster> {
	const version = options.version ?? selectedVersion();
	mkdirSync(options.root, { recursive: true });
	// Postgres runs as the postgres user when this runs as root: it must reach its folder.
	chmodSync(options.root, 0o755);
	const redis = await startRedis(join(options.root, 'redis'));
	let postgres: QueueCluster['postgres'] | undefined;
	try {
		postgres = await startPostgres(join(options.root, 'postgres'), {
			port: options.postgresPort,
			version,
		});
	} catch (error) {
		await redis.stop();
		throw error;
	}
	const queueEnv = {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		N8N_ENCRYPTION_KEY: options.encryptionKey ?? randomBytes(24).toString('hex'),
		// Runs started in the editor go to the workers too.
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
	};
	const main = new N8n({
		userFolder: join(options.root, 'main'),
		port: options.mainPort ?? (await freePort()),
		postgres: postgres.db,
		version,
		wrap: options.wrap,
		env: { ...queueEnv, ...options.mainEnv },
	});
	const workers: N8n[] = [];
	for (let index = 1; index <= options.workers; index++) {
		// A worker's `port` is its health check's: start() waits for /healthz/readiness there.
		const port = await freePort();
		const env = {
			...queueEnv,
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(port),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			...options.workerEnv,
		};
		workers.push(
			new N8n({
				userFolder: join(options.root, `worker${index}`),
				port,
				command: 'worker',
				postgres: postgres.db,
				version,
				wrap: options.wrap,
				env,
			}),
		);
	}
	const { tarball } = options;
	if (tarball)
		await Promise.all(
			[main, ...workers].map((n8n) => installCommunityPackage(n8n.options.userFolder, tarball)),
		);

	let stopped: Promise<void> | undefined;
	const services = postgres;
	return {
		redis,
		postgres,
		main,
		workers,
		start: async () => {
			await Promise.all([main, ...workers].map((n8n) => n8n.start()));
		},
		stop: () =>
			(stopped ??= (async () => {
				await Promise.all([main, ...workers].map((n8n) => n8n.stop()));
				await Promise.all([redis.stop(), services.stop()]);
			})()),
	};
}
