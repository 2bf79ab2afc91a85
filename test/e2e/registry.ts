/**
 * A small npm registry of the suite's own, over HTTPS: it answers what npm and n8n ask when n8n
 * installs a community package (the packument `GET /<name>`, one version or dist-tag
 * `GET /<name>/<version>`, the tarball `GET /<name>/-/<file>.tgz`) for the tarballs `publish()` was
 * given, and 404 for anything else. The certificate is for the public registry's host name, signed
 * by a CA made here with openssl (`certificates()`); the suite serves it under that name inside
 * its namespace (namespace.ts), where n8n trusts the CA through NODE_EXTRA_CA_CERTS and npm through
 * NPM_CONFIG_CAFILE. Every request is logged, so a test can say what n8n and npm asked.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:https';
import { join } from 'node:path';

import { run } from './harness';

export interface Certificates {
	/** The CA's certificate: what n8n and npm are told to trust. */
	caFile: string;
	key: string;
	cert: string;
}

/** A CA and a certificate for `hostName` signed by it (EC P-256, valid 2 days), in `dir`. */
export async function certificates(dir: string, hostName: string): Promise<Certificates> {
	const file = (name: string) => join(dir, name);
	const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
	await run('openssl', [
		'req',
		'-x509',
		...ec,
		'-keyout',
		file('ca.key'),
		'-out',
		file('ca.crt'),
		'-days',
		'2',
		'-subj',
		'/CN=n8n-nodes-smartsuite e2e registry CA',
		'-addext',
		'basicConstraints=critical,CA:TRUE',
		'-addext',
		'keyUsage=critical,keyCertSign',
	]);
	await run('openssl', [
		'req',
		...ec,
		'-keyout',
		file('server.key'),
		'-out',
		file('server.csr'),
		'-subj',
		`/CN=${hostName}`,
	]);
	writeFileSync(
		file('server.ext'),
		`subjectAltName=DNS:${hostName}\nextendedKeyUsage=serverAuth\n`,
	);
	await run('openssl', [
		'x509',
		'-req',
		'-in',
		file('server.csr'),
		'-CA',
		file('ca.crt'),
		'-CAkey',
		file('ca.key'),
		'-CAcreateserial',
		'-out',
		file('server.crt'),
		'-days',
		'2',
		'-extfile',
		file('server.ext'),
	]);
	return {
		caFile: file('ca.crt'),
		key: readFileSync(file('server.key'), 'utf8'),
		cert: readFileSync(file('server.crt'), 'utf8'),
	};
}

interface Published {
	manifest: Record<string, unknown> & { name: string; version: string };
	tarball: Buffer;
	time: string;
}

export class Registry {
	/** `GET <path>` of every request, in order, with npm's or n8n's user agent. */
	readonly requests: Array<{ method: string; path: string; userAgent: string; status: number }> =
		[];
	private readonly packages = new Map<string, Published[]>();
	private constructor(
		private readonly server: Server,
		readonly port: number,
		/** The public address the packuments name (`https://registry.npmjs.org`). */
		readonly origin: string,
	) {}

	/** Listens on 127.0.0.1 (a free port) with the certificate; the packuments point at `origin`. */
	static async start(certs: Certificates, origin: string): Promise<Registry> {
		let registry: Registry | undefined;
		const server = createServer({ key: certs.key, cert: certs.cert }, (request, response) => {
			const { status, body, type } = registry!.answer(request.method ?? 'GET', request.url ?? '/');
			registry!.requests.push({
				method: request.method ?? 'GET',
				path: request.url ?? '/',
				userAgent: String(request.headers['user-agent'] ?? ''),
				status,
			});
			response.writeHead(status, { 'content-type': type, 'content-length': body.length });
			response.end(body);
		});
		await new Promise<void>((done, fail) =>
			server.once('error', fail).listen(0, '127.0.0.1', done),
		);
		registry = new Registry(server, (server.address() as { port: number }).port, origin);
		return registry;
	}

	/** Publishes a tarball (`npm pack`'s output); the newest published version is `latest`. */
	async publish(tarballPath: string): Promise<{ name: string; version: string }> {
		const manifest = JSON.parse(
			(await run('tar', ['-xzOf', tarballPath, 'package/package.json'])).stdout,
		) as Published['manifest'];
		const versions = this.packages.get(manifest.name) ?? [];
		if (versions.some((published) => published.manifest.version === manifest.version))
			throw new Error(`${manifest.name}@${manifest.version} is already published`);
		versions.push({ manifest, tarball: readFileSync(tarballPath), time: new Date().toISOString() });
		this.packages.set(manifest.name, versions);
		return { name: manifest.name, version: manifest.version };
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise((done) => this.server.close(done));
	}

	private versionDocument(published: Published): Record<string, unknown> {
		const { manifest, tarball } = published;
		const file = `${manifest.name.split('/').at(-1)}-${manifest.version}.tgz`;
		return {
			...manifest,
			_id: `${manifest.name}@${manifest.version}`,
			dist: {
				tarball: `${this.origin}/${manifest.name}/-/${file}`,
				shasum: createHash('sha1').update(tarball).digest('hex'),
				integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
			},
		};
	}

	private answer(method: string, url: string): { status: number; body: Buffer; type: string } {
		const json = (status: number, value: unknown) => ({
			status,
			body: Buffer.from(JSON.stringify(value)),
			type: 'application/json',
		});
		const notFound = json(404, { error: 'Not found' });
		if (method !== 'GET') return json(405, { error: 'Method not allowed' });
		// `/<name>`, `/<name>/<version or tag>`, `/<name>/-/<file>.tgz`; a scoped name comes as `@scope%2fname`.
		const match = decodeURIComponent(new URL(url, this.origin).pathname).match(
			/^\/((?:@[^/]+\/)?[^/@]+)(?:\/(-\/[^/]+\.tgz|[^/]+))?$/,
		);
		const versions = match ? this.packages.get(match[1]) : undefined;
		if (!match || !versions) return notFound;
		const latest = versions.at(-1)!;
		const [, name, rest] = match;
		if (rest === undefined) {
			return json(200, {
				_id: name,
				name,
				'dist-tags': { latest: latest.manifest.version },
				versions: Object.fromEntries(
					versions.map((published) => [
						published.manifest.version,
						this.versionDocument(published),
					]),
				),
				time: Object.fromEntries(
					versions.map((published) => [published.manifest.version, published.time]),
				),
			});
		}
		if (rest.startsWith('-/')) {
			const published = versions.find(
				(candidate) => rest === `-/${name.split('/').at(-1)}-${candidate.manifest.version}.tgz`,
			);
			return published
				? { status: 200, body: published.tarball, type: 'application/octet-stream' }
				: notFound;
		}
		const published =
			rest === 'latest'
				? latest
				: versions.find((candidate) => candidate.manifest.version === rest);
		return published ? json(200, this.versionDocument(published)) : notFound;
	}
}
