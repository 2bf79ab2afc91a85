/**
 * A network and mount namespace of the suite's own (`unshare --net --mount`, which needs root), in
 * which some host names (the public npm registry's) mean 127.0.0.1: a hosts file is bound over
 * /etc/hosts there, and its loopback is brought up. Processes started with `wrap()` run inside it
 * (`nsenter`); nothing outside changes, and nothing inside reaches another machine.
 *
 * The namespace's loopback is its own: `expose(port)` makes a port listened on inside reachable at
 * the same port on the machine's 127.0.0.1 (the test's requests to n8n, the emulator's pings), and
 * `reach(port)` makes 127.0.0.1:port inside lead to a port outside (n8n's requests to the emulator,
 * the registry, Redis, Postgres). Both go through Unix sockets in `dir` and the forwarder process
 * (namespace-forwarder.js) that holds the namespace.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { REPO_ROOT, signalGroup, startProcess } from './harness';

export interface Namespace {
	/** The command line that runs `command` inside the namespace (working folder: the repository). */
	wrap(command: string, args: string[]): [string, string[]];
	/** 127.0.0.1:port inside, reachable at 127.0.0.1:port outside. */
	expose(port: number): Promise<void>;
	/** 127.0.0.1:insidePort inside leads to 127.0.0.1:hostPort outside (by default the same port). */
	reach(insidePort: number, hostPort?: number): Promise<void>;
	/** Ends the forwarder (and with it the namespace) and closes the listeners outside. */
	close(): Promise<void>;
}

/**
 * Why this machine cannot make the namespace, or undefined when it can (tried for real: a
 * namespace that brings its loopback up and binds a file over /etc/hosts). Synchronous, so that a
 * suite can decide at load time to skip, and say why.
 */
export function namespaceUnavailable(): string | undefined {
	if (process.getuid?.() !== 0)
		return 'unshare --net --mount needs root (CAP_SYS_ADMIN); this runs as a normal user';
	const missing = ['unshare', 'nsenter', 'ip', 'mount', 'openssl'].filter(
		(tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
	);
	if (missing.length) return `${missing.join(', ')} not found`;
	const tried = spawnSync(
		'unshare',
		[
			'--net',
			'--mount',
			'--',
			'sh',
			'-c',
			'ip link set lo up && mount --bind /etc/hosts /etc/hosts',
		],
		{ encoding: 'utf8', timeout: 10_000 },
	);
	return tried.status === 0
		? undefined
		: `unshare --net --mount failed: ${(tried.stderr || String(tried.error ?? tried.status)).trim()}`;
}

/** Pipes a connection to another address, both ends closed together. */
function pipeTo(client: Socket, target: { path: string } | { host: string; port: number }): void {
	const upstream = connect(target);
	client.pipe(upstream).pipe(client);
	const end = () => {
		client.destroy();
		upstream.destroy();
	};
	for (const socket of [client, upstream]) socket.on('error', end).on('close', end);
}

async function listen(
	server: Server,
	where: { path: string } | { host: string; port: number },
): Promise<void> {
	await new Promise<void>((done, fail) => server.once('error', fail).listen(where, done));
}

/** Makes the namespace; `hostNames` resolve to 127.0.0.1 inside. Its files (sockets, hosts file) go to `dir`. */
export async function createNamespace(dir: string, hostNames: string[]): Promise<Namespace> {
	mkdirSync(dir, { recursive: true });
	const hostsFile = join(dir, 'hosts');
	writeFileSync(
		hostsFile,
		['127.0.0.1 localhost', '::1 localhost', ...hostNames.map((name) => `127.0.0.1 ${name}`)].join(
			'\n',
		) + '\n',
	);
	const setUp = 'ip link set lo up && mount --bind "$0" /etc/hosts && exec "$1" "$2"';
	const forwarder: ChildProcess = startProcess(
		'unshare',
		[
			'--net',
			'--mount',
			'--',
			'sh',
			'-c',
			setUp,
			hostsFile,
			process.execPath,
			join(__dirname, 'namespace-forwarder.js'),
		],
		{},
	);
	const answers = new Map<number, (answer: { ok?: boolean; error?: string }) => void>();
	let stderr = '';
	forwarder.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
	createInterface({ input: forwarder.stdout! }).on('line', (line) => {
		const answer = JSON.parse(line) as { id: number; ok?: boolean; error?: string };
		answers.get(answer.id)?.(answer);
	});
	const exited = new Promise<void>((done) => forwarder.once('exit', () => done()));
	void exited.then(() => {
		for (const settle of answers.values())
			settle({ error: `the namespace's forwarder exited: ${stderr.trim()}` });
	});

	let lastId = 0;
	const command = async (body: Record<string, unknown>): Promise<void> => {
		const id = ++lastId;
		const answer = await new Promise<{ ok?: boolean; error?: string }>((done) => {
			answers.set(id, done);
			forwarder.stdin!.write(`${JSON.stringify({ id, ...body })}\n`);
		});
		answers.delete(id);
		if (!answer.ok) throw new Error(`namespace forwarder: ${answer.error}`);
	};

	const outside: Server[] = [];
	const serve = async (
		where: { path: string } | { host: string; port: number },
		target: { path: string } | { host: string; port: number },
	) => {
		const server = createServer((client) => pipeTo(client, target));
		await listen(server, where);
		outside.push(server);
	};

	return {
		wrap: (bin, args) => [
			'nsenter',
			[
				'--target',
				String(forwarder.pid),
				'--net',
				'--mount',
				`--wd=${REPO_ROOT}`,
				'--',
				bin,
				...args,
			],
		],
		expose: async (port) => {
			const socket = join(dir, `in-${port}.sock`);
			await command({ listenSocket: socket, toPort: port });
			await serve({ host: '127.0.0.1', port }, { path: socket });
		},
		reach: async (insidePort, hostPort = insidePort) => {
			const socket = join(dir, `out-${insidePort}.sock`);
			await serve({ path: socket }, { host: '127.0.0.1', port: hostPort });
			await command({ listenPort: insidePort, toSocket: socket });
		},
		close: async () => {
			forwarder.stdin!.end();
			const timer = setTimeout(() => signalGroup(forwarder, 'SIGKILL'), 5000);
			await exited;
			clearTimeout(timer);
			await Promise.all(outside.map((server) => new Promise((done) => server.close(done))));
		},
	};
}
