/**
 * Runs inside the network and mount namespace of test/e2e/namespace.ts, as its first process (the
 * namespace lives as long as it does). It connects the namespace's loopback with the test outside
 * through Unix sockets, which both sides see in the same folder. One JSON command a line on stdin,
 * answered by a line `{"id":…,"ok":true}` (or `"error"`) on stdout once it listens:
 * - `{"id":1,"listenPort":443,"toSocket":"/…/out-1.sock"}`: 127.0.0.1:443 inside → that socket (the test serves it);
 * - `{"id":2,"listenSocket":"/…/in-5678.sock","toPort":5678}`: that socket → 127.0.0.1:5678 inside.
 * Plain Node, no dependencies: it starts in a fraction of a second.
 */
'use strict';
const net = require('node:net');
const readline = require('node:readline');

function pipe(client, connectOptions) {
	const upstream = net.connect(connectOptions);
	client.pipe(upstream).pipe(client);
	const end = () => {
		client.destroy();
		upstream.destroy();
	};
	client.on('error', end);
	upstream.on('error', end);
	client.on('close', end);
	upstream.on('close', end);
}

function answer(id, error) {
	process.stdout.write(
		`${JSON.stringify(error ? { id, error: String(error.message ?? error) } : { id, ok: true })}\n`,
	);
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
	const command = JSON.parse(line);
	const server = command.listenPort
		? net.createServer((client) => pipe(client, { path: command.toSocket }))
		: net.createServer((client) => pipe(client, { host: '127.0.0.1', port: command.toPort }));
	server.once('error', (error) => answer(command.id, error));
	const listening = () => answer(command.id);
	if (command.listenPort) server.listen(command.listenPort, '127.0.0.1', listening);
	else server.listen(command.listenSocket, listening);
});
// The test closed our stdin (it ended, or crashed): the namespace goes with us.
process.stdin.on('end', () => process.exit(0));
