/**
 * Issue 40, point 7: Download Files fetches the address SmartSuite's answer names, as n8n's HTTP
 * Request node does. With n8n 2.41's SSRF protection on (N8N_SSRF_PROTECTION_ENABLED=true) n8n
 * refuses a restricted address, and the error says that this policy refused it, not that the
 * host could not be reached. Here SmartSuite's API is on 127.0.0.1 (allowed) and the file host on
 * 127.0.0.2 (in the default blocked range 127.0.0.0/8). n8n 2.8 has no such protection: there the
 * file downloads.
 */
import type { HostileServer } from './server';
import { startHostile } from './server';
import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import { runNodeInWorkflow, shutdownN8nCore } from '../helpers/n8n';

// Read by n8n's SSRF protection when its first request is sent, after this.
process.env.N8N_SSRF_PROTECTION_ENABLED = 'true';
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';

const HAS_SSRF_PROTECTION = !(require('n8n-core/package.json').version as string).startsWith(
	'2.8.',
);

let api: HostileServer;
let files: HostileServer;

beforeAll(async () => {
	files = await startHostile(() => ({ status: 200, body: 'file bytes' }), '127.0.0.2');
	api = await startHostile((request) => {
		if (request.path === '/api/v1/applications/t1/')
			return {
				status: 200,
				body: {
					id: 't1',
					structure: [
						{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: {} },
						{ slug: 'files', label: 'Attachments', field_type: 'filefield', params: {} },
					],
				},
			};
		if (request.path === '/api/v1/applications/t1/records/r1/')
			return {
				status: 200,
				body: {
					id: 'r1',
					files: [{ handle: 'h1', metadata: { filename: 'inside.txt', size: 10 } }],
				},
			};
		return { status: 200, body: { url: `${files.url}/inside.txt` } };
	});
});
afterAll(async () => {
	await api.close();
	await files.close();
	shutdownN8nCore();
});

it(
	HAS_SSRF_PROTECTION
		? "n8n 2.41: the error says that n8n's SSRF protection refused the file's address"
		: 'n8n 2.8 (no SSRF protection): the file downloads',
	async () => {
		const run = await runNodeInWorkflow(new SmartSuite(), {
			parameters: {
				resource: 'record',
				operation: 'downloadFiles',
				tableId: { __rl: true, mode: 'id', value: 't1' },
				recordId: { __rl: true, mode: 'id', value: 'r1' },
				fieldId: 'files',
			},
			credentials: {
				apiKey: 'k'.repeat(40),
				workspaceId: 'sv25cxf2',
				baseUrl: api.url,
				webhooksUrl: api.url,
			},
		});

		if (!HAS_SSRF_PROTECTION) {
			expect(run.error).toBeUndefined();
			expect(files.received).toHaveLength(1);
			return;
		}
		expect(run.error?.message).toBe(
			'Could not download the file "inside.txt": n8n\'s SSRF protection refused its address (it resolves to a restricted IP address)',
		);
		expect(run.error?.description).toContain('The file is served by 127.0.0.2:');
		expect(run.error?.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES');
		expect(files.received).toEqual([]);
	},
);
