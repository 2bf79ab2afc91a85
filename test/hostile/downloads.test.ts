/**
 * Issue 40, points 1 and 2: Record > Download Files is bounded per item (Max Files per Item, Max
 * Total Size per Item) by the sizes SmartSuite states before the first byte and again as bytes
 * arrive, and per file by Max Time per File beside the Timeout between bytes. Each refusal names
 * the limit and the option; a record over a limit downloads nothing, or with "Keep the Files That
 * Fit" the files that fit, the others listed. Against a purpose-built server on 127.0.0.1 that
 * plays SmartSuite's records API and the file host, counting what the file host sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INodeParameters } from 'n8n-workflow';

import { SmartSuite } from '../../nodes/SmartSuite/SmartSuite.node';
import type { WorkflowNodeRun } from '../helpers/n8n';
import { runNodeInWorkflow, shutdownN8nCore } from '../helpers/n8n';

const MB = 1024 * 1024;
/** 0.99 MB, under a Max File Size of 1 MB. */
const NEARLY_MB = Math.floor(0.99 * MB);

/** A file of the record: the size its metadata states, and what the file host does for it. */
interface HostedFile {
	name: string;
	/** Stated in the record's metadata; none when undefined. */
	stated?: number;
	/** Bytes the file host sends. */
	bytes: number;
	/** Milliseconds between bytes sent one at a time (a trickle); all at once when undefined. */
	trickleMs?: number;
}

let files: HostedFile[] = [];
/** What the file host received and sent. */
let host = { requests: [] as string[], sent: 0 };
let server: http.Server;
let url = '';

/** SmartSuite's records API (structure, record, file address) and the file host, on one listener. */
function serve(req: http.IncomingMessage, res: http.ServerResponse): void {
	const path = (req.url ?? '').replace(/\?.*/, '');
	const json = (body: unknown): void =>
		void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
	if (path === '/api/v1/applications/t1/')
		return json({
			id: 't1',
			structure: [
				{
					slug: 'title',
					label: 'Title',
					field_type: 'recordtitlefield',
					params: { primary: true },
				},
				{ slug: 'files', label: 'Attachments', field_type: 'filefield', params: {} },
			],
		});
	if (path === '/api/v1/applications/t1/records/r1/')
		return json({
			id: 'r1',
			title: 'Many files',
			files: files.map((file) => ({
				handle: file.name,
				metadata: { filename: file.name, mimetype: 'application/octet-stream', size: file.stated },
			})),
		});
	const address = /^\/api\/v1\/shared-files\/([^/]+)\/url\/$/.exec(path);
	if (address) return json({ url: `${url}/files/${address[1]}` });
	const file = files.find((candidate) => path === `/files/${candidate.name}`);
	if (!file) return void res.writeHead(404).end();
	host.requests.push(file.name);
	res.writeHead(200, { 'content-type': 'application/octet-stream' });
	if (file.trickleMs === undefined) {
		host.sent += file.bytes;
		return void res.end(Buffer.alloc(file.bytes, 7));
	}
	let left = file.bytes;
	// The test that asked for it: a trickle a test gave up on may send its last byte after the next began.
	const counting = host;
	const timer = setInterval(() => {
		if (left-- <= 0) return void res.end();
		counting.sent += 1;
		res.write('x');
	}, file.trickleMs);
	res.on('close', () => clearInterval(timer));
}

beforeAll(async () => {
	server = http.createServer(serve);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
	host = { requests: [], sent: 0 };
});
afterAll(async () => {
	await new Promise<void>((resolve) => {
		server.close(() => resolve());
		server.closeAllConnections();
	});
	shutdownN8nCore();
});

const nFiles = (count: number, file: (n: number) => Omit<HostedFile, 'name'>): HostedFile[] =>
	Array.from({ length: count }, (_, n) => ({ name: `f${n}.bin`, ...file(n) }));

async function download(options: INodeParameters): Promise<WorkflowNodeRun> {
	return await runNodeInWorkflow(new SmartSuite(), {
		parameters: {
			resource: 'record',
			operation: 'downloadFiles',
			tableId: { __rl: true, mode: 'id', value: 't1' },
			recordId: { __rl: true, mode: 'id', value: 'r1' },
			fieldId: 'files',
			options,
		},
		credentials: {
			apiKey: 'k'.repeat(40),
			workspaceId: 'sv25cxf2',
			baseUrl: url,
			webhooksUrl: url,
		},
		continueOnFail: true,
	});
}

/** The one output item's error, and that it carries no file. */
function failed(run: WorkflowNodeRun): string {
	expect(run.output).toHaveLength(1);
	expect(run.output[0].binary).toBeUndefined();
	return String(run.output[0].json.error);
}

describe('by the sizes SmartSuite states, before the first byte', () => {
	it('a record stating 300 files of 0.99 MB (Max File Size 1 MB): refused at Max Total Size per Item (200 MB by default), nothing downloaded', async () => {
		files = nFiles(300, () => ({ stated: NEARLY_MB, bytes: 10 }));

		const run = await download({ maxFileSizeMb: 1, maxFiles: 1000 });

		expect(failed(run)).toBe(
			'The files of the record "r1" add up to 297.0 MB, more than the limit of 200.0 MB',
		);
		expect(host.requests).toEqual([]);
	});

	it('a record of 300 files: refused at Max Files per Item (100 by default), nothing downloaded', async () => {
		files = nFiles(300, () => ({ stated: 10, bytes: 10 }));

		const run = await download({});

		expect(failed(run)).toBe('The record "r1" has 300 files, more than the limit of 100');
		expect(host.requests).toEqual([]);
	});

	it('each refusal names the option to change, and says that nothing was downloaded', async () => {
		files = nFiles(3, () => ({ stated: 2 * MB, bytes: 10 }));

		const run = await runNodeInWorkflow(new SmartSuite(), {
			parameters: {
				resource: 'record',
				operation: 'downloadFiles',
				tableId: { __rl: true, mode: 'id', value: 't1' },
				recordId: { __rl: true, mode: 'id', value: 'r1' },
				fieldId: 'files',
				options: { maxTotalSizeMb: 5 },
			},
			credentials: {
				apiKey: 'k'.repeat(40),
				workspaceId: 'sv25cxf2',
				baseUrl: url,
				webhooksUrl: url,
			},
		});

		expect(run.error?.message).toBe(
			'The files of the record "r1" add up to 6.0 MB, more than the limit of 5.0 MB',
		);
		expect(run.error?.description).toBe(
			'Raise Options > Max Total Size per Item (MB), or set Options > When Over a Limit to "Keep the Files That Fit". No file of this record was downloaded.',
		);
		expect(host.requests).toEqual([]);
	});
});

describe('again as bytes arrive', () => {
	it('files stating 1 KB but sending 0.99 MB each: the download stops at the file that passes Max Total Size per Item; nothing attached', async () => {
		files = nFiles(30, () => ({ stated: 1024, bytes: NEARLY_MB }));

		const run = await download({ maxFileSizeMb: 1, maxTotalSizeMb: 5 });

		expect(failed(run)).toBe(
			'The files of the record "r1" are larger than the limit of 5.0 MB in all: "f5.bin" passed it while downloading',
		);
		// 5 files fit in 5 MB; the 6th passes it, and no 7th is asked for.
		expect(host.requests).toEqual(['f0.bin', 'f1.bin', 'f2.bin', 'f3.bin', 'f4.bin', 'f5.bin']);
		expect(host.sent).toBeLessThanOrEqual(6 * NEARLY_MB);
	});
});

describe('When Over a Limit: Keep the Files That Fit', () => {
	it('attaches the files that fit in order, and lists the others with the limit each passed', async () => {
		files = [
			{ name: 'a.bin', stated: NEARLY_MB, bytes: NEARLY_MB },
			{ name: 'huge.bin', stated: 3 * MB, bytes: 10 },
			...nFiles(6, () => ({ stated: NEARLY_MB, bytes: NEARLY_MB })),
			// States no size and sends more than the room left: left out as its bytes arrive.
			{ name: 'quiet.bin', bytes: 2 * MB },
			{ name: 'tiny.bin', stated: 10, bytes: 10 },
		];

		const run = await download({
			maxFileSizeMb: 2,
			maxTotalSizeMb: 5,
			maxFiles: 6,
			overLimit: 'fit',
		});

		expect(run.error).toBeUndefined();
		const [item] = run.output;
		expect(Object.keys(item.binary ?? {})).toEqual([
			'file_0',
			'file_1',
			'file_2',
			'file_3',
			'file_4',
		]);
		expect(item.binary?.file_4.fileName).toBe('f3.bin');
		expect(item.json.fileCount).toBe(5);
		expect((item.json.files as Array<{ fileName: string }>).map((file) => file.fileName)).toEqual([
			'a.bin',
			'f0.bin',
			'f1.bin',
			'f2.bin',
			'f3.bin',
		]);
		expect(
			(item.json.leftOut as Array<{ fileName: string; limit: string }>).map((file) => [
				file.fileName,
				file.limit,
			]),
		).toEqual([
			['huge.bin', 'Max File Size (MB)'],
			['f4.bin', 'Max Total Size per Item (MB)'],
			['f5.bin', 'Max Total Size per Item (MB)'],
			['quiet.bin', 'Max Total Size per Item (MB)'],
			['tiny.bin', 'Max Files per Item'],
		]);
		expect(host.requests).toEqual(['a.bin', 'f0.bin', 'f1.bin', 'f2.bin', 'f3.bin', 'quiet.bin']);
	});

	it('when no file fits, the item fails with the first limit passed', async () => {
		files = nFiles(2, () => ({ stated: 3 * MB, bytes: 10 }));

		const run = await download({ maxFileSizeMb: 2, overLimit: 'fit' });

		expect(failed(run)).toBe('The file "f0.bin" is larger than the limit of 2.0 MB (3.0 MB)');
		expect(host.requests).toEqual([]);
	});
});

describe('Max Time per File, beside the Timeout between bytes', () => {
	it('a host that sends a byte every 100 ms (under the 1 s Timeout) is stopped at the deadline', async () => {
		files = [{ name: 'slow.bin', stated: 100, bytes: 100, trickleMs: 100 }];

		const run = await download({ timeout: 1000, fileDeadline: 1000 });

		expect(failed(run)).toBe(
			'Could not download the file "slow.bin": it took longer than Max Time per File (1000 ms)',
		);
		// It stopped early: the host had not sent the whole file.
		expect(host.sent).toBeLessThan(100);
	});
});

describe('Max Total Size per Run (issue 49): the files of all items together', () => {
	const fiveItems = async (options: INodeParameters) =>
		await runNodeInWorkflow(new SmartSuite(), {
			parameters: {
				resource: 'record',
				operation: 'downloadFiles',
				tableId: { __rl: true, mode: 'id', value: 't1' },
				recordId: { __rl: true, mode: 'id', value: 'r1' },
				fieldId: 'files',
				options,
			},
			credentials: {
				apiKey: 'k'.repeat(40),
				workspaceId: 'sv25cxf2',
				baseUrl: url,
				webhooksUrl: url,
			},
			input: Array.from({ length: 5 }, () => ({})),
			continueOnFail: true,
		});

	it('by the sizes SmartSuite states: the items past the limit fail before their first byte', async () => {
		files = nFiles(2, () => ({ stated: 3 * MB, bytes: 3 * MB }));

		const run = await fiveItems({ maxRunSizeMb: 10 });

		expect(run.output.map((item) => Object.keys(item.binary ?? {}))).toEqual([
			['file_0', 'file_1'],
			[],
			[],
			[],
			[],
		]);
		expect(String(run.output[1].json.error)).toBe(
			'The files of the record "r1" add up to 6.0 MB: with the 6.0 MB downloaded before in this run, more than the limit of 10.0 MB per run',
		);
		expect(host.requests).toEqual(['f0.bin', 'f1.bin']);
		expect(host.sent).toBe(6 * MB);
	});

	it('as bytes arrive (no sizes stated): the file that passes it fails its item, and the run holds no more', async () => {
		files = nFiles(2, () => ({ bytes: 3 * MB }));

		const run = await fiveItems({ maxRunSizeMb: 10 });

		expect(run.output.map((item) => Object.keys(item.binary ?? {}))).toEqual([
			['file_0', 'file_1'],
			[],
			[],
			[],
			[],
		]);
		for (const item of run.output.slice(1))
			expect(String(item.json.error)).toMatch(
				/^The files of this run are larger than the limit of 10\.0 MB in all: "f[01]\.bin" of the record "r1" passed it while downloading$/,
			);
	});

	it('Keep the Files That Fit: an item keeps the files within the run limit and lists the other', async () => {
		files = nFiles(2, () => ({ stated: 3 * MB, bytes: 3 * MB }));

		const run = await fiveItems({ maxRunSizeMb: 10, overLimit: 'fit' });

		expect(run.output.map((item) => Object.keys(item.binary ?? {}))).toEqual([
			['file_0', 'file_1'],
			['file_0'],
			[],
			[],
			[],
		]);
		expect(run.output[1].json.leftOut).toEqual([
			expect.objectContaining({ fileName: 'f1.bin', limit: 'Max Total Size per Run (MB)' }),
		]);
	});
});
