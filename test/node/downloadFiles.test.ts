/**
 * Record > Download Files through n8n's WorkflowExecute against the emulator: the record read
 * with the key, each file's address from `shared-files/<handle>/url/`, the bytes from the
 * emulator's file host, which must never see the key.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { TYPED_FIELDS as F } from '../emulator/fixtures';
import type { Emulator, TableObject } from '../emulator';
import { bytes, run, runError, runInWorkflow, uploadFile, useEmulator } from './harness';

const ctx = useEmulator();

const download = (
	tableId: string,
	recordId: string,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'record',
	operation: 'downloadFiles',
	tableId: { __rl: true, mode: 'id', value: tableId },
	recordId: { __rl: true, mode: 'id', value: recordId },
	fieldId: F.files,
	...extra,
});

function setup(emu: Emulator = ctx.emu): { table: TableObject; recordId: string } {
	const table = emu.addFieldTypesTable(emu.addSolution().id);
	return { table, recordId: emu.addRecord(table.id, { title: 'Contract' }).id };
}

const operations = (emu: Emulator) => emu.requests.map((request) => request.operation);

/** The bytes of an output binary (n8n's binary data in memory: base64). */
const bytesOf = (item: INodeExecutionData, name: string) =>
	Buffer.from(item.binary![name].data, 'base64');

/** Nothing the file host received carries the key, an Authorization or an ACCOUNT-ID header. */
function expectNoKeyOnFileHost(emu: Emulator): void {
	expect(emu.fileRequests.length).toBeGreaterThan(0);
	for (const request of emu.fileRequests) {
		expect(request.headers.authorization).toBeUndefined();
		expect(request.headers['account-id']).toBeUndefined();
		expect(JSON.stringify(request)).not.toContain(emu.apiKey);
		expect(JSON.stringify(request)).not.toContain(emu.workspaceId);
	}
}

describe('Record > Download Files', () => {
	it('downloads a file attached by URL: the emulator serves stand-in bytes of its size (issue 36: the demo said "try again later")', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();
		emu.updateRecord(table.id, recordId, { [F.files]: ['https://files.example.com/brief.pdf'] });

		const [item] = await run(emu, { parameters: download(table.id, recordId) });

		expect(item.binary!.file_0).toMatchObject({
			fileName: 'brief.pdf',
			mimeType: 'application/pdf',
		});
		expect(bytesOf(item, 'file_0')).toHaveLength(1024);
		expect(bytesOf(item, 'file_0').toString()).toMatch(/^Stand-in for "brief.pdf"/);
	});

	it('downloads what Upload File sent, byte for byte, with its name and type; the key never reaches the file host', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();
		const data = bytes(200_000);
		await run(emu, {
			parameters: uploadFile(table.id, recordId),
			binary: [{ data: { data, fileName: 'Überblick "Q2".pdf', mimeType: 'application/pdf' } }],
		});
		emu.resetLog();

		const [item, ...rest] = await run(emu, { parameters: download(table.id, recordId) });

		expect(rest).toEqual([]);
		expect(operations(emu)).toEqual(['GetTable', 'GetRecord', 'GetFileUrl']);
		const [entry] = emu.getRecord(table.id, recordId)![F.files] as Array<{ handle: string }>;
		expect(emu.requests[2].path).toBe(`/api/v1/shared-files/${entry.handle}/url/`);
		expect(emu.requests[2].headers.authorization).toBe(`Token ${emu.apiKey}`);
		expect(bytesOf(item, 'file_0').equals(data)).toBe(true);
		expect(item.binary!.file_0).toMatchObject({
			fileName: 'Überblick "Q2".pdf',
			mimeType: 'application/pdf',
		});
		expect(item.json).toEqual({
			id: recordId,
			tableId: table.id,
			fileCount: 1,
			files: [
				{
					binaryField: 'file_0',
					field: 'Attachments',
					fieldId: F.files,
					fileName: 'Überblick "Q2".pdf',
					mimeType: 'application/pdf',
					size: 200_000,
					handle: entry.handle,
				},
			],
		});
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(emu.fileRequests).toHaveLength(1);
		expect(emu.fileRequests[0].method).toBe('GET');
		expectNoKeyOnFileHost(emu);
	});

	it('numbers the files of every file field when none is chosen, under the prefix given', async () => {
		const { emu } = ctx;
		const solution = emu.addSolution();
		const table = emu.addTable(solution.id, {
			structure: [
				{
					slug: 'title',
					label: 'Title',
					field_type: 'recordtitlefield',
					params: { primary: true },
				},
				{ slug: 'sscans0001', label: 'Scans', field_type: 'filefield', params: {} },
				{ slug: 'sphoto0002', label: 'Photos', field_type: 'filefield', params: {} },
			],
		});
		const recordId = emu.addRecord(table.id, { title: 'Two fields' }).id;
		emu.addFile(table.id, recordId, 'sscans0001', {
			filename: 'a.txt',
			mimetype: 'text/plain',
			bytes: Buffer.from('first'),
		});
		emu.addFile(table.id, recordId, 'sscans0001', {
			filename: 'b.png',
			mimetype: 'image/png',
			bytes: bytes(5000),
		});
		emu.addFile(table.id, recordId, 'sphoto0002', {
			filename: 'c.jpg',
			mimetype: 'image/jpeg',
			bytes: Buffer.from('third'),
		});

		const [item] = await run(emu, {
			parameters: download(table.id, recordId, { fieldId: '', binaryPropertyName: 'scan' }),
		});

		expect(Object.keys(item.binary!)).toEqual(['scan_0', 'scan_1', 'scan_2']);
		expect(bytesOf(item, 'scan_0').toString()).toBe('first');
		expect(bytesOf(item, 'scan_1').equals(bytes(5000))).toBe(true);
		expect(bytesOf(item, 'scan_2').toString()).toBe('third');
		expect(item.binary!.scan_2).toMatchObject({ fileName: 'c.jpg', mimeType: 'image/jpeg' });
		expect((item.json.files as Array<{ field: string }>).map((file) => file.field)).toEqual([
			'Scans',
			'Scans',
			'Photos',
		]);
		expectNoKeyOnFileHost(emu);
	});

	it('a record without files is a clear error naming the record and its file fields', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();

		const result = await runInWorkflow(emu, { parameters: download(table.id, recordId) });

		expect(result.error?.message).toMatch(
			new RegExp(`^The record "${recordId}" has no files in "[^"]+"`),
		);
		expect(result.error?.description).toContain('nothing to download');
		expect(emu.fileRequests).toEqual([]);
	});

	it('reads a file address given as a redirect (as SmartSuite’s MCP reads get_url/), without following it with the key', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();
		emu.addFile(table.id, recordId, F.files, {
			filename: 'r.bin',
			mimetype: 'application/octet-stream',
			bytes: bytes(1000),
		});
		emu.setVariant({ fileUrlAnswer: 'redirect' });

		const [item] = await run(emu, { parameters: download(table.id, recordId) });

		expect(bytesOf(item, 'file_0').equals(bytes(1000))).toBe(true);
		expect(emu.requests.find((request) => request.operation === 'GetFileUrl')?.status).toBe(302);
		expectNoKeyOnFileHost(emu);
	});

	it('follows up to three http redirects of the file host; a fourth, or one to another scheme, is an error', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();
		emu.addFile(table.id, recordId, F.files, {
			filename: 'r.txt',
			mimetype: 'text/plain',
			bytes: Buffer.from('moved'),
		});
		for (let i = 0; i < 3; i++) emu.fileHostFault({ type: 'redirect' });
		const [item] = await run(emu, { parameters: download(table.id, recordId) });
		expect(bytesOf(item, 'file_0').toString()).toBe('moved');
		expect(emu.fileRequests).toHaveLength(4);
		expectNoKeyOnFileHost(emu);

		for (let i = 0; i < 4; i++) emu.fileHostFault({ type: 'redirect' });
		const tooMany = await runError(emu, { parameters: download(table.id, recordId) });
		expect(tooMany.message).toBe(
			'Could not download the file "r.txt": the file host redirected more than 3 times',
		);

		emu.fileHostFault({ type: 'redirect', to: 'file:///etc/passwd' });
		const scheme = await runError(emu, { parameters: download(table.id, recordId) });
		expect(scheme.message).toBe(
			'Could not download the file "r.txt": its address is not http or https (file:)',
		);
	});

	describe('bad input', () => {
		it.each([
			[
				'an empty record',
				{ recordId: { __rl: true, mode: 'id', value: ' ' } },
				'The parameter "Record" is empty',
			],
			[
				'an empty table',
				{ tableId: { __rl: true, mode: 'id', value: ' ' } },
				'The parameter "Table" is empty',
			],
			[
				'an empty prefix',
				{ binaryPropertyName: ' ' },
				'The parameter "Put Output Files in Field" is empty',
			],
			[
				'a size limit of 0',
				{ options: { maxFileSizeMb: 0 } },
				'The option "Max File Size (MB)" must be a number above 0',
			],
			[
				'a file count that is not whole',
				{ options: { maxFiles: 2.5 } },
				'The option "Max Files per Item" must be a whole number above 0',
			],
			[
				'a total size of 0',
				{ options: { maxTotalSizeMb: 0 } },
				'The option "Max Total Size per Item (MB)" must be a number above 0',
			],
			[
				'a time per file of 0',
				{ options: { fileDeadline: 0 } },
				'The option "Max Time per File" must be a number above 0',
			],
		])('refuses %s before any request', async (_what, extra, message) => {
			const { emu } = ctx;
			const { table, recordId } = setup();
			emu.resetLog();
			const error = await runError(emu, {
				parameters: download(table.id, recordId, extra as INodeParameters),
			});
			expect(error.message).toBe(message);
			expect(emu.requests).toEqual([]);
		});

		it('names an unknown record, an unknown field and a field that is not a file field', async () => {
			const { emu } = ctx;
			const { table, recordId } = setup();

			const unknownRecord = await runError(emu, {
				parameters: download(table.id, '64b0c1d2e3f4a5b6c7d8e9f2'),
			});
			expect(unknownRecord.message).toBe(
				`Record "64b0c1d2e3f4a5b6c7d8e9f2" was not found in table "${table.id}"`,
			);

			const unknownField = await runError(emu, {
				parameters: download(table.id, recordId, { fieldId: 'nope' }),
			});
			expect(unknownField.message).toBe(`The table "${table.id}" has no field "nope"`);
			expect(unknownField.description).toContain('"Attachments" (s1file0020)');
			expect(unknownField.description).toContain('Nothing was downloaded.');

			const textField = await runError(emu, {
				parameters: download(table.id, recordId, { fieldId: F.text }),
			});
			expect(textField.message).toMatch(/^The field ".+" is a textfield, not a file field$/);
			expect(textField.description).toContain('Files can only be downloaded from a file field');
			expect(emu.fileRequests).toEqual([]);
		});

		it('names a table without file fields when no field is chosen', async () => {
			const { emu } = ctx;
			const table = emu.addTable(emu.addSolution().id);
			const recordId = emu.addRecord(table.id).id;

			const error = await runError(emu, {
				parameters: download(table.id, recordId, { fieldId: '' }),
			});

			expect(error.message).toBe(`The table "${table.id}" has no file field`);
			expect(operations(emu)).toEqual(['GetTable']);
		});

		it('refuses a file above Max File Size before downloading any file of the record', async () => {
			const { emu } = ctx;
			const { table, recordId } = setup();
			emu.addFile(table.id, recordId, F.files, {
				filename: 'small.txt',
				mimetype: 'text/plain',
				bytes: Buffer.from('ok'),
			});
			emu.addFile(table.id, recordId, F.files, {
				filename: 'big.bin',
				mimetype: 'application/octet-stream',
				bytes: bytes(2 * 1024 * 1024),
			});

			const error = await runError(emu, {
				parameters: download(table.id, recordId, { options: { maxFileSizeMb: 1 } }),
			});

			expect(error.message).toBe('The file "big.bin" is larger than the limit of 1.0 MB (2.0 MB)');
			expect(emu.fileRequests).toEqual([]);
			expect(operations(emu)).not.toContain('GetFileUrl');
		});

		it.each([
			['with a Content-Length', { type: 'body' as const, bytes: bytes(1_500_000) }],
			['without a Content-Length', { type: 'noLength' as const }],
		])(
			'stops reading a file that turns out larger than its stated size, %s; nothing attached',
			async (_what, fault) => {
				const { emu } = ctx;
				const { table, recordId } = setup();
				emu.addFile(table.id, recordId, F.files, {
					filename: 'grows.bin',
					mimetype: 'application/octet-stream',
					bytes: bytes(fault.type === 'body' ? 10 : 1_500_000),
				});
				// The stated size, as the record's metadata says it, is under the limit.
				const record = emu.getRecord(table.id, recordId)!;
				(record[F.files] as Array<{ metadata: { size: number } }>)[0].metadata.size = 10;
				emu.fileHostFault(fault);

				const result = await runInWorkflow(emu, {
					parameters: download(table.id, recordId, { options: { maxFileSizeMb: 1 } }),
					continueOnFail: true,
				});

				expect(result.output).toHaveLength(1);
				expect(result.output[0].binary).toBeUndefined();
				expect(result.output[0].json.error).toMatch(
					/^The file "grows.bin" is larger than the limit of 1.0 MB \(/,
				);
				expect(result.output[0].pairedItem).toEqual({ item: 0 });
			},
		);
	});

	describe('file host faults: a clear error, no key in it, nothing attached', () => {
		const faults = [
			['a 404', { type: 'status', status: 404 }, 'the file host answered 404'],
			['a 500', { type: 'status', status: 500 }, 'the file host answered 500'],
			['no answer', { type: 'hang' }, 'the file host did not answer in time'],
			['a connection cut halfway', { type: 'cut' }, 'the download broke off'],
			[
				'bytes that stop coming halfway',
				{ type: 'stall' },
				'the download stopped: no bytes came for 500 ms',
			],
		] as const;

		it.each(faults)('%s', async (_what, fault, words) => {
			const { emu } = ctx;
			const { table, recordId } = setup();
			emu.addFile(table.id, recordId, F.files, {
				filename: 'first.txt',
				mimetype: 'text/plain',
				bytes: Buffer.from('first'),
			});
			emu.addFile(table.id, recordId, F.files, {
				filename: 'second.bin',
				mimetype: 'application/octet-stream',
				bytes: bytes(400_000),
			});
			// The first file arrives; the second meets the fault.
			emu.fileHostFault({ type: 'noLength' });
			emu.fileHostFault(fault);

			const error = await runError(emu, {
				parameters: download(table.id, recordId, { options: { timeout: 500 } }),
			});

			expect(error.message).toBe(`Could not download the file "second.bin": ${words}`);
			expect(error.description).toContain('No file of this record was attached');
			expect(error.description).not.toContain('/files/');
			expectNoKeyOnFileHost(emu);
		});

		it('a file whose bytes SmartSuite does not serve: 404', async () => {
			const { emu } = ctx;
			const { table, recordId } = setup();
			emu.updateRecord(table.id, recordId, { [F.files]: ['https://files.example.com/old.png'] });
			emu.fileHostFault({ type: 'status', status: 404 });

			const error = await runError(emu, { parameters: download(table.id, recordId) });

			expect(error.message).toBe(
				'Could not download the file "old.png": the file host answered 404',
			);
		});

		it('with Continue on Fail: the failed item gets its error, the others their files, each paired', async () => {
			const { emu } = ctx;
			const { table, recordId } = setup();
			const other = emu.addRecord(table.id, { title: 'Other' }).id;
			emu.addFile(table.id, recordId, F.files, {
				filename: 'a.txt',
				mimetype: 'text/plain',
				bytes: Buffer.from('a'),
			});
			emu.addFile(table.id, other, F.files, {
				filename: 'b.txt',
				mimetype: 'text/plain',
				bytes: Buffer.from('b'),
			});
			emu.fileHostFault({ type: 'status', status: 500 });

			const result = await runInWorkflow(emu, {
				parameters: download(table.id, '={{ $json.record }}'),
				input: [{ record: recordId }, { record: other }, { record: '' }],
				continueOnFail: true,
			});

			expect(result.error).toBeUndefined();
			expect(result.output.map((item) => [item.json.error, item.pairedItem])).toEqual([
				['Could not download the file "a.txt": the file host answered 500', { item: 0 }],
				[undefined, { item: 1 }],
				['The parameter "Record" is empty', { item: 2 }],
			]);
			expect(result.output[0].binary).toBeUndefined();
			expect(bytesOf(result.output[1], 'file_0').toString()).toBe('b');
			expect(JSON.stringify(result.output)).not.toContain(emu.apiKey);
		});
	});
});
