/**
 * Record > Upload File with n8n's binary data on disk (n8n's default outside this test harness):
 * the file has an id and is streamed from n8n's store into the request.
 */
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import { useFilesystemBinaryStore } from '../helpers/n8n';
import { bytes, run, uploadFile, useEmulator } from './harness';

const ctx = useEmulator();

beforeAll(async () => {
	await useFilesystemBinaryStore();
});

// A 20 MB file goes through n8n's parameters (as base64), its store and the emulator: seconds on a
// busy machine. Its speed is not what is tested.
jest.setTimeout(60_000);

type FileEntry = { handle: string; metadata: { filename: string; mimetype: string; size: number } };

describe('Record > Upload File from n8n’s binary store on disk', () => {
	it.each([
		['1 MB', 1024 * 1024],
		['20 MB', 20 * 1024 * 1024],
	])('streams a %s file byte for byte, with its Content-Length', async (_size, size) => {
		const { emu } = ctx;
		const table = emu.addFieldTypesTable(emu.addSolution().id);
		const recordId = emu.addRecord(table.id).id;
		const data = bytes(size);

		const [item] = await run(emu, {
			parameters: uploadFile(table.id, recordId),
			binary: [{ data: { data, fileName: 'scan.tiff', mimeType: 'image/tiff' } }],
		});

		const [entry] = emu.getRecord(table.id, recordId)![F.files] as FileEntry[];
		expect(entry.metadata).toMatchObject({ filename: 'scan.tiff', mimetype: 'image/tiff', size });
		expect(emu.uploadedFile(entry.handle)!.bytes.equals(data)).toBe(true);
		const upload = emu.requests.find((request) => request.operation === 'UploadRecordFile')!;
		expect(Number(upload.headers['content-length'])).toBeGreaterThan(size);
		expect(upload.headers['transfer-encoding']).toBeUndefined();
		expect(item.json.id).toBe(recordId);
	});

	it('sends a fresh stream after a 429: the file arrives whole, once', async () => {
		const { emu } = ctx;
		const table = emu.addFieldTypesTable(emu.addSolution().id);
		const recordId = emu.addRecord(table.id).id;
		emu.injectFault({
			operation: 'UploadRecordFile',
			action: { type: 'rateLimit', retryAfterSeconds: 0 },
		});
		const data = bytes(300_000);

		await run(emu, {
			parameters: uploadFile(table.id, recordId),
			binary: [{ data: { data, fileName: 'a.bin' } }],
		});

		const files = emu.getRecord(table.id, recordId)![F.files] as FileEntry[];
		expect(files).toHaveLength(1);
		expect(emu.uploadedFile(files[0].handle)!.bytes.equals(data)).toBe(true);
	});
});
