/** The record-files endpoint of the emulator over real HTTP, and its multipart parser. */
import { send, start } from './client';
import { TYPED_FIELDS as F } from './fixtures';
import type { Emulator, TableObject } from './index';
import { multipartBoundary, parseMultipart } from './recordFiles';

const BOUNDARY = '----test-boundary-7f3a';

/** A multipart body as a browser builds it: one part per entry, bytes kept as given. */
function multipart(
	parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>,
	boundary = BOUNDARY,
): Buffer {
	const chunks = parts.flatMap(({ name, filename, type, data }) => [
		Buffer.from(
			`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n` +
				`${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
		),
		Buffer.from(data),
		Buffer.from('\r\n'),
	]);
	return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

/** Every byte value, so that no encoding step can pass unnoticed. */
const ALL_BYTES = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));

async function setup(): Promise<{ emu: Emulator; table: TableObject; recordId: string }> {
	const emu = await start();
	const table = emu.addFieldTypesTable(emu.addSolution().id);
	return { emu, table, recordId: emu.addRecord(table.id, { title: 'With files' }).id };
}

function upload(
	emu: Emulator,
	path: string,
	body: Buffer,
	contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) {
	return send(`${emu.baseUrl}/api/v1/recordfiles/${path}`, emu, {
		rawBody: body,
		headers: { 'content-type': contentType },
	});
}

describe('multipart parser', () => {
	it('reads the boundary of a multipart/form-data Content-Type only', () => {
		expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
		expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b;c"')).toBe('a b;c');
		expect(multipartBoundary('multipart/form-data')).toBeUndefined();
		expect(multipartBoundary('application/json; boundary=abc')).toBeUndefined();
		expect(multipartBoundary(undefined)).toBeUndefined();
	});

	it('keeps each part’s bytes exactly, even when they hold CRLF and dashes; names and file names as UTF-8', () => {
		const tricky = Buffer.concat([
			Buffer.from('\r\n--not-the-boundary\r\n\r\n'),
			ALL_BYTES,
			Buffer.from('\r\n'),
		]);
		const parts = parseMultipart(
			multipart([
				{ name: 'note', data: 'plain field' },
				{
					name: 'files',
					filename: 'résumé %22final%22.bin',
					type: 'application/octet-stream',
					data: tricky,
				},
			]),
			BOUNDARY,
		);

		expect(
			parts.map(({ name, filename, contentType }) => ({ name, filename, contentType })),
		).toEqual([
			{ name: 'note', filename: undefined, contentType: undefined },
			{ name: 'files', filename: 'résumé "final".bin', contentType: 'application/octet-stream' },
		]);
		expect(parts[1].data.equals(tricky)).toBe(true);
		expect(parts[0].data.toString()).toBe('plain field');
	});

	it.each([
		['no boundary in the body', Buffer.from('just text')],
		[
			'a body cut inside a part',
			multipart([{ name: 'files', filename: 'a.txt', data: 'abc' }]).subarray(0, 80),
		],
		[
			'a part without a name',
			Buffer.from(
				`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
			),
		],
	])('refuses %s with a 400', (_case, body) => {
		expect(() => parseMultipart(body, BOUNDARY)).toThrow(expect.objectContaining({ status: 400 }));
	});
});

describe('POST /api/v1/recordfiles/<table>/<record>/<field>/', () => {
	it('appends a file entry to the field, keeps the bytes, answers the record and raises RECORD_UPDATED', async () => {
		const { emu, table, recordId } = await setup();
		const webhook = emu.createWebhook({
			locator: { account_id: emu.workspaceId, solution_id: table.solution },
			filter: { applications: { application_ids: [table.id] } },
		});

		const first = await upload(
			emu,
			`${table.id}/${recordId}/${F.files}/`,
			multipart([
				{ name: 'files', filename: 'bytes.bin', type: 'application/octet-stream', data: ALL_BYTES },
			]),
		);
		const second = await upload(
			emu,
			`${table.id}/${recordId}/${F.files}/`,
			multipart([{ name: 'files', filename: 'photo.png', type: 'image/png', data: 'png' }]),
		);

		expect(first.status).toBe(200);
		expect(second.status).toBe(200);
		const record = second.json();
		expect(record.id).toBe(recordId);
		expect(record[F.files]).toEqual([
			expect.objectContaining({
				handle: expect.any(String),
				metadata: expect.objectContaining({
					filename: 'bytes.bin',
					mimetype: 'application/octet-stream',
					size: 512,
				}),
				file_type: 'other',
				created_on: expect.any(String),
			}),
			expect.objectContaining({
				metadata: expect.objectContaining({
					filename: 'photo.png',
					mimetype: 'image/png',
					size: 3,
				}),
				file_type: 'image',
			}),
		]);
		expect(emu.uploadedFile(record[F.files][0].handle)).toEqual({
			handle: record[F.files][0].handle,
			filename: 'bytes.bin',
			mimetype: 'application/octet-stream',
			bytes: ALL_BYTES,
		});
		expect(emu.getRecord(table.id, recordId)![F.files]).toHaveLength(2);
		const events = emu.events(webhook.webhook_id);
		expect(events.map((event) => event.kind)).toEqual(['RECORD_UPDATED', 'RECORD_UPDATED']);
		expect(events[1].record_event_data.previous[F.files]).toHaveLength(1);
		expect(emu.requests.map((request) => request.operation)).toEqual([
			'UploadRecordFile',
			'UploadRecordFile',
		]);
	});

	it.each([
		[
			'an unknown table',
			404,
			(_t: TableObject, r: string) => `ffffffffffffffffffffffff/${r}/${F.files}/`,
		],
		['an unknown record', 404, (t: TableObject) => `${t.id}/ffffffffffffffffffffffff/${F.files}/`],
		[
			'a field that is not a file field (a guess: SmartSuite documents none)',
			400,
			(t: TableObject, r: string) => `${t.id}/${r}/${F.text}/`,
		],
		[
			'a slug the table does not have',
			400,
			(t: TableObject, r: string) => `${t.id}/${r}/nosuchfield/`,
		],
	])('answers %s with %d, attaching nothing', async (_case, status, path) => {
		const { emu, table, recordId } = await setup();

		const answer = await upload(
			emu,
			path(table, recordId),
			multipart([{ name: 'files', filename: 'a.txt', data: 'abc' }]),
		);

		expect(answer.status).toBe(status);
		// The API's own JSON error, not the page of a path the host does not serve.
		expect(answer.headers['content-type']).toBe('application/json');
		expect(emu.getRecord(table.id, recordId)![F.files]).toEqual([]);
	});

	it.each([
		['a JSON body', Buffer.from('{"files": "a.txt"}'), 'application/json'],
		[
			'multipart without a boundary',
			multipart([{ name: 'files', filename: 'a.txt', data: 'abc' }]),
			'multipart/form-data',
		],
		[
			'no part named files',
			multipart([{ name: 'file', filename: 'a.txt', data: 'abc' }]),
			undefined,
		],
		['a files part that is no file', multipart([{ name: 'files', data: 'abc' }]), undefined],
	])('answers 400 for %s', async (_case, body, contentType) => {
		const { emu, table, recordId } = await setup();

		const answer = await upload(emu, `${table.id}/${recordId}/${F.files}/`, body, contentType);

		expect(answer.status).toBe(400);
		expect(emu.getRecord(table.id, recordId)![F.files]).toEqual([]);
	});

	it('needs the API key like every endpoint, and a fault can hit it', async () => {
		const { emu, table, recordId } = await setup();
		const path = `${emu.baseUrl}/api/v1/recordfiles/${table.id}/${recordId}/${F.files}/`;
		const body = multipart([{ name: 'files', filename: 'a.txt', data: 'abc' }]);

		const unauthenticated = await send(path, emu, {
			rawBody: body,
			headers: {
				authorization: undefined,
				'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
			},
		});
		emu.injectFault({
			operation: 'UploadRecordFile',
			action: { type: 'rateLimit', retryAfterSeconds: 1 },
		});
		const limited = await upload(emu, `${table.id}/${recordId}/${F.files}/`, body);

		expect(unauthenticated.status).toBe(401);
		expect(limited.status).toBe(429);
		expect(emu.getRecord(table.id, recordId)![F.files]).toEqual([]);
	});
});

describe('attach by URL (a file field written with URLs)', () => {
	it('records each URL as a file entry without fetching it', async () => {
		const { emu, table, recordId } = await setup();

		const answer = await send(
			`${emu.baseUrl}/api/v1/applications/${table.id}/records/${recordId}/`,
			emu,
			{
				method: 'PATCH',
				body: {
					[F.files]: [
						'http://127.0.0.1:9/never-fetched/report.pdf',
						'https://files.example.com/a.png',
					],
				},
			},
		);

		expect(answer.status).toBe(200);
		expect(
			answer
				.json()
				[F.files].map((file: { metadata: { filename: string } }) => file.metadata.filename),
		).toEqual(['report.pdf', 'a.png']);
	});
});
