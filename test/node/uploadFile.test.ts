/**
 * Record > Upload File through n8n's WorkflowExecute against the emulator, with n8n's binary data
 * in memory (the item holds the file; uploadFileStore.test.ts has n8n's store on disk).
 */
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import type { Emulator, TableObject } from '../emulator';
import type { TestFile } from '../helpers/n8n';
import { bytes, run, runError, uploadFile, useEmulator } from './harness';

const ctx = useEmulator();

const file = (
	data: Buffer,
	fileName = 'report.pdf',
	mimeType = 'application/pdf',
): Record<string, TestFile> => ({
	data: { data, fileName, mimeType },
});

function setup(emu: Emulator = ctx.emu): { table: TableObject; recordId: string } {
	const table = emu.addFieldTypesTable(emu.addSolution().id);
	return { table, recordId: emu.addRecord(table.id, { title: 'Contract' }).id };
}

const operations = (emu: Emulator) => emu.requests.map((request) => request.operation);

type FileEntry = { handle: string; metadata: { filename: string; mimetype: string; size: number } };

/** The files SmartSuite holds in the record's file field, with the bytes that arrived. */
function attached(emu: Emulator, tableId: string, recordId: string) {
	return (emu.getRecord(tableId, recordId)![F.files] as FileEntry[]).map((entry) => ({
		...entry.metadata,
		bytes: emu.uploadedFile(entry.handle)?.bytes,
	}));
}

describe('Record > Upload File', () => {
	it('sends the binary as multipart: bytes, file name, MIME type and size arrive intact; outputs the record simplified', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();
		const data = bytes(3000);

		const output = await run(emu, {
			parameters: uploadFile(table.id, recordId),
			binary: [file(data, 'Überblick "Q2".pdf')],
		});

		expect(operations(emu)).toEqual(['GetTable', 'UploadRecordFile', 'ListMembers']);
		const upload = emu.requests[1];
		expect(upload.method).toBe('POST');
		expect(upload.path).toBe(`/api/v1/recordfiles/${table.id}/${recordId}/${F.files}/`);
		expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
		expect(upload.headers['content-length']).toBeDefined();
		expect(upload.headers.authorization).toBe(`Token ${emu.apiKey}`);
		expect(attached(emu, table.id, recordId)).toEqual([
			{
				filename: 'Überblick "Q2".pdf',
				mimetype: 'application/pdf',
				size: 3000,
				bytes: data,
				container: 'smart-suite-media',
				key: expect.any(String),
			},
		]);
		expect(output).toEqual([
			{
				json: expect.objectContaining({
					id: recordId,
					Name: 'Contract',
					Attachments: [
						expect.objectContaining({
							metadata: expect.objectContaining({ filename: 'Überblick "Q2".pdf', size: 3000 }),
						}),
					],
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	it('uploads a 1 MB binary byte for byte, and appends it to the files already there', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();
		emu.updateRecord(table.id, recordId, { [F.files]: ['https://files.example.com/old.png'] });
		const data = bytes(1024 * 1024);

		await run(emu, {
			parameters: uploadFile(table.id, recordId),
			binary: [file(data, 'big.bin', 'application/octet-stream')],
		});

		const files = attached(emu, table.id, recordId);
		expect(files.map((entry) => entry.filename)).toEqual(['old.png', 'big.bin']);
		expect(files[1].size).toBe(1024 * 1024);
		expect(files[1].bytes?.equals(data)).toBe(true);
	});

	it('uploads two items to two records, one request each, the table read once; the binary field can be named', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();
		const second = emu.addRecord(table.id, { title: 'Second' }).id;

		const output = await run(emu, {
			parameters: uploadFile(table.id, '={{ $json.record }}', { inputDataFieldName: 'scan' }),
			input: [{ record: recordId }, { record: second }],
			binary: [
				{ scan: { data: Buffer.from('one'), fileName: 'one.txt', mimeType: 'text/plain' } },
				{ scan: { data: Buffer.from('two'), fileName: 'two.txt', mimeType: 'text/plain' } },
			],
		});

		expect(operations(emu)).toEqual([
			'GetTable',
			'UploadRecordFile',
			'ListMembers',
			'UploadRecordFile',
		]);
		expect(attached(emu, table.id, recordId).map((entry) => entry.bytes?.toString())).toEqual([
			'one',
		]);
		expect(attached(emu, table.id, second).map((entry) => entry.bytes?.toString())).toEqual([
			'two',
		]);
		expect(output.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[recordId, { item: 0 }],
			[second, { item: 1 }],
		]);
	});

	it('outputs SmartSuite’s record as it is with Simplify off', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();

		const [item] = await run(emu, {
			parameters: uploadFile(table.id, recordId, { simplify: false }),
			binary: [file(Buffer.from('x'))],
		});

		expect(item.json).toMatchObject({ id: recordId, title: 'Contract', application_id: table.id });
		expect(item.json[F.files]).toEqual([expect.objectContaining({ handle: expect.any(String) })]);
	});

	it('a missing binary property names the property and the item, before any request; with Continue on Fail the other items go on', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();

		const error = await runError(emu, {
			parameters: uploadFile(table.id, recordId),
			binary: [{ other: file(Buffer.from('x')).data }],
		});
		expect(error.message).toBe('Item 0 has no binary field "data"');
		expect(error.description).toContain('Its binary fields: "other".');
		expect(emu.requests).toHaveLength(0);

		const output = await run(emu, {
			parameters: uploadFile(table.id, recordId),
			input: [{}, {}],
			binary: [undefined, file(Buffer.from('second'))],
			continueOnFail: true,
		});
		expect(output[0].json.error).toBe('Item 0 has no binary field "data"');
		expect(output[0].error?.description).toContain('It has no binary data.');
		expect(output[1].json.id).toBe(recordId);
		expect(attached(emu, table.id, recordId).map((entry) => entry.bytes?.toString())).toEqual([
			'second',
		]);
	});

	it.each([
		[
			'a field that is not a file field, by its label and type',
			F.text,
			'The field "Code" is a textfield, not a file field',
		],
		[
			'a slug the table does not have',
			'nosuchfield',
			`The table "TABLE" has no field "nosuchfield"`,
		],
	])('refuses %s before any upload', async (_case, fieldId, message) => {
		const { emu } = ctx;
		const { table, recordId } = setup();

		const error = await runError(emu, {
			parameters: uploadFile(table.id, recordId, { fieldId }),
			binary: [file(Buffer.from('x'))],
		});

		expect(error.message).toBe(message.replace('TABLE', table.id));
		expect(error.description).toContain('Its file fields: "Attachments"');
		expect(operations(emu)).toEqual(['GetTable']);
	});

	it('takes the file field by its label too (an expression)', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();

		await run(emu, {
			parameters: uploadFile(table.id, recordId, { fieldId: '={{ "attachments" }}' }),
			binary: [file(Buffer.from('x'))],
		});

		expect(emu.requests[1].path).toBe(`/api/v1/recordfiles/${table.id}/${recordId}/${F.files}/`);
	});

	it.each([
		['an empty record id', '={{ "" }}', {}, 'The parameter "Record" is empty'],
		['the record id ".."', '..', {}, 'The parameter "Record" is not a valid id: ".."'],
		[
			'an empty file field',
			undefined,
			{ fieldId: '={{ "" }}' },
			'The parameter "File Field" is empty',
		],
	])('refuses %s before any request', async (_case, recordId, extra, message) => {
		const { emu } = ctx;
		const { table, recordId: existing } = setup();

		const error = await runError(emu, {
			parameters: uploadFile(table.id, recordId ?? existing, extra),
			binary: [file(Buffer.from('x'))],
		});

		expect(error.message).toBe(message);
		expect(emu.requests).toHaveLength(0);
	});

	it('keeps a hostile record id inside one path segment', async () => {
		const { emu } = ctx;
		const { table } = setup();

		const error = await runError(emu, {
			parameters: uploadFile(table.id, '../x?y#z'),
			binary: [file(Buffer.from('x'))],
		});

		expect(emu.requests[1].path).toBe(`/api/v1/recordfiles/${table.id}/..%2Fx%3Fy%23z/${F.files}/`);
		expect(error.message).toBe(`Record "../x?y#z" was not found in table "${table.id}"`);
	});

	it('waits out a 429 and sends the file again: one file attached, not two', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();
		emu.injectFault({
			operation: 'UploadRecordFile',
			action: { type: 'rateLimit', retryAfterSeconds: 0 },
		});
		const data = bytes(5000);

		const [item] = await run(emu, {
			parameters: uploadFile(table.id, recordId),
			binary: [file(data)],
		});

		expect(operations(emu)).toEqual([
			'GetTable',
			'UploadRecordFile',
			'UploadRecordFile',
			'ListMembers',
		]);
		expect(emu.requests.map((request) => request.status)).toEqual([200, 429, 200, 200]);
		expect(attached(emu, table.id, recordId)).toHaveLength(1);
		expect(attached(emu, table.id, recordId)[0].bytes?.equals(data)).toBe(true);
		expect((item.json.Attachments as unknown[]).length).toBe(1);
	});

	it.each([
		[
			'a 500 after SmartSuite attached it',
			{ type: 'status', status: 500, afterProcessing: true } as const,
			'SmartSuite answered 500',
		],
		[
			'a dropped connection',
			{ type: 'drop' } as const,
			'the connection was closed before an answer arrived',
		],
	])(
		'after %s: the error says the file may have been attached, and nothing is sent again',
		async (_case, action, what) => {
			const { emu } = ctx;
			const { table, recordId } = setup();
			emu.injectFault({ operation: 'UploadRecordFile', action });

			const error = await runError(emu, {
				parameters: uploadFile(table.id, recordId),
				binary: [file(Buffer.from('x'))],
			});

			expect(error.message).toBe(
				`The file may have been attached: ${what} after the request to upload the file to the field "Attachments" was sent`,
			);
			expect(error.description).toContain('a second upload could attach it twice');
			expect(operations(emu)).toEqual(['GetTable', 'UploadRecordFile']);
		},
	);

	it('reads the record once when SmartSuite answers the upload with something else than the record', async () => {
		const { emu } = ctx;
		const { table, recordId } = setup();
		emu.setVariant({ uploadAnswer: 'files' });

		const [item] = await run(emu, {
			parameters: uploadFile(table.id, recordId),
			binary: [file(Buffer.from('x'))],
		});

		expect(operations(emu)).toEqual(['GetTable', 'UploadRecordFile', 'GetRecord', 'ListMembers']);
		expect(item.json).toMatchObject({
			id: recordId,
			Name: 'Contract',
			Attachments: [expect.anything()],
		});
	});

	it('an unknown record: the error names it; the key is in no error', async () => {
		const { emu } = ctx;
		const { table } = setup();

		const error = await runError(emu, {
			parameters: uploadFile(table.id, 'ffffffffffffffffffffffff'),
			binary: [file(Buffer.from('x'))],
		});

		expect(error.message).toBe(
			`Record "ffffffffffffffffffffffff" was not found in table "${table.id}"`,
		);
	});
});
