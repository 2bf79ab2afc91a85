/**
 * SmartSuite's file URLs (REF solution-data/records/get-file-url.md): `GET
 * /api/v1/shared-files/<handle>/url/` answers `{url}`, a public link (valid 20 years, no key in
 * it). SmartSuite's MCP calls `get_url/` instead and reads the 302's Location: the emulator serves
 * that too, and `url/` answers a 302 with Variant `fileUrlAnswer: 'redirect'`.
 *
 * The links point at a third loopback listener, the file host: it serves the bytes of the files
 * the emulator holds (uploaded, or seeded with `addFile`) with no authentication at all, and keeps
 * every request's headers, so that tests can prove the API key never goes there. A file attached
 * by URL, whose bytes SmartSuite would have downloaded but the emulator never fetches (it reaches
 * no network), is served as stand-in bytes of its recorded size: a text that says so.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { notFound } from './errors';
import { uploadedFile } from './recordFiles';
import { Reply } from './records';
import type { Store } from './store';
import type { FileHostFault, ReceivedFileRequest, UploadedFile } from './types';

/** The file host of an emulator: its address, links, requests received and faults. */
export class FileHost {
	url = '';
	readonly requests: ReceivedFileRequest[] = [];
	private readonly faults: FileHostFault[] = [];
	/** Link token → handle; one link per handle, as SmartSuite's lasting links. */
	private readonly handles = new Map<string, string>();
	private server?: http.Server;

	constructor(private readonly store: Store) {}

	/** The public link of a handle. */
	linkOf(handle: string): string {
		let token = [...this.handles].find(([, known]) => known === handle)?.[0];
		if (!token) {
			token = randomBytes(12).toString('hex');
			this.handles.set(token, handle);
		}
		return `${this.url}/files/${token}/${encodeURIComponent(heldFile(this.store, handle)?.filename ?? 'file')}`;
	}

	/** The next download (one request, redirects each count) meets this fault. */
	addFault(fault: FileHostFault): void {
		this.faults.push(fault);
	}

	clearFaults(): void {
		this.faults.length = 0;
	}

	async start(port = 0): Promise<void> {
		this.server = http.createServer((req, res) => {
			this.handle(req, res).catch(() => req.socket.destroy());
		});
		await new Promise<void>((resolve, reject) => {
			this.server!.once('error', reject);
			this.server!.listen(port, '127.0.0.1', () => resolve());
		});
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async close(): Promise<void> {
		const server = this.server;
		if (!server) return;
		await new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		});
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const path = req.url ?? '';
		this.requests.push({ method: req.method ?? '', path, headers: { ...req.headers } });
		const [, token] = /^\/files\/([0-9a-f]+)\//.exec(path) ?? [];
		const file = token ? heldFile(this.store, this.handles.get(token) ?? '') : undefined;
		const fault = this.faults.shift();
		if (fault?.type === 'hang') return; // until the client or close() ends the connection
		if (fault?.type === 'status') return void res.writeHead(fault.status).end('error');
		if (fault?.type === 'redirect') {
			// `to` a given address, else this same path again (a chain, one fault per hop).
			return void res.writeHead(302, { location: fault.to ?? path }).end();
		}
		if (!file || req.method !== 'GET') return void res.writeHead(404).end('Not Found');
		const bytes = fault?.type === 'body' ? fault.bytes : file.bytes;
		res.writeHead(200, {
			'content-type': file.mimetype,
			...(fault?.type === 'noLength' ? {} : { 'content-length': bytes.length }),
		});
		if (fault?.type === 'cut' || fault?.type === 'stall') {
			// Half the bytes, then the connection is cut, or nothing more is sent.
			res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
			if (fault.type === 'cut') setTimeout(() => req.socket.destroy(), 20);
			return;
		}
		res.end(bytes);
	}
}

const hosts = new WeakMap<Store, FileHost>();

export function fileHostOf(store: Store): FileHost {
	if (!hosts.has(store)) hosts.set(store, new FileHost(store));
	return hosts.get(store)!;
}

/** The file entry with this handle in any stored record (live or deleted). */
function fileEntry(
	store: Store,
	handle: string,
): { metadata?: Record<string, unknown> } | undefined {
	for (const table of store.applications)
		for (const { record } of store.recordsOf(table.id).values())
			for (const value of Object.values(record)) {
				if (!Array.isArray(value)) continue;
				const entry = value.find(
					(candidate) =>
						typeof candidate === 'object' &&
						candidate !== null &&
						(candidate as { handle?: unknown }).handle === handle,
				);
				if (entry) return entry as { metadata?: Record<string, unknown> };
			}
	return undefined;
}

/** The bytes of a handle: uploaded or seeded, else stand-in bytes for a file attached by URL. */
function heldFile(store: Store, handle: string): UploadedFile | undefined {
	const uploaded = uploadedFile(store, handle);
	if (uploaded) return uploaded;
	const entry = fileEntry(store, handle);
	if (!entry) return undefined;
	const metadata = entry.metadata ?? {};
	const filename = String(metadata.filename ?? 'file');
	const size = typeof metadata.size === 'number' ? metadata.size : 1024;
	const note = `Stand-in for "${filename}": the SmartSuite emulator does not download files attached by URL.\n`;
	return {
		handle,
		filename,
		mimetype: String(metadata.mimetype ?? 'application/octet-stream'),
		bytes: Buffer.alloc(size, note),
	};
}

/**
 * `GET shared-files/<handle>/url/` → `{url}` (or a 302 with Variant fileUrlAnswer 'redirect');
 * `get_url/` (`redirect` true) → 302 Location. 404 for a handle no record holds.
 */
export function fileUrl(store: Store, handle: string, redirect: boolean): unknown {
	if (!heldFile(store, handle)) throw notFound('Not found.');
	const url = fileHostOf(store).linkOf(handle);
	if (redirect || store.variant.fileUrlAnswer === 'redirect')
		return new Reply(302, undefined, { location: url });
	return { url };
}
