/** The emulator's file URLs, its file host and its deleted-records list, over real HTTP. */
import { request } from 'undici';

import { send, start } from './client';
import { TYPED_FIELDS as F } from './fixtures';

async function withFile() {
	const emu = await start();
	const table = emu.addFieldTypesTable(emu.addSolution().id);
	const recordId = emu.addRecord(table.id).id;
	const record = emu.addFile(table.id, recordId, F.files, {
		filename: 'a b.txt',
		mimetype: 'text/plain',
		bytes: Buffer.from('hello'),
	});
	const [{ handle }] = record[F.files] as Array<{ handle: string }>;
	return { emu, table, recordId, handle };
}

describe('shared-files and the file host', () => {
	it('url/ answers {url} on the file host, which serves the bytes without any authentication', async () => {
		const { emu, handle } = await withFile();

		const answer = await send(`${emu.baseUrl}/api/v1/shared-files/${handle}/url/`, emu, {
			method: 'GET',
		});

		expect(answer.status).toBe(200);
		const { url } = answer.json() as { url: string };
		expect(url.startsWith(`${emu.filesUrl}/files/`)).toBe(true);
		expect(url).not.toContain(emu.apiKey);
		const file = await request(url);
		expect(file.statusCode).toBe(200);
		expect(file.headers['content-type']).toBe('text/plain');
		expect(await file.body.text()).toBe('hello');
		expect(emu.fileRequests).toHaveLength(1);
	});

	it('get_url/ (and url/ with fileUrlAnswer "redirect") answer a 302 to the same link; an unknown handle is a 404', async () => {
		const { emu, handle } = await withFile();
		const link = (
			await send(`${emu.baseUrl}/api/v1/shared-files/${handle}/url/`, emu, { method: 'GET' })
		).json().url;

		const redirect = await send(`${emu.baseUrl}/api/v1/shared-files/${handle}/get_url/`, emu, {
			method: 'GET',
		});
		expect([redirect.status, redirect.headers.location]).toEqual([302, link]);
		emu.setVariant({ fileUrlAnswer: 'redirect' });
		const viaUrl = await send(`${emu.baseUrl}/api/v1/shared-files/${handle}/url/`, emu, {
			method: 'GET',
		});
		expect([viaUrl.status, viaUrl.headers.location]).toEqual([302, link]);
		const unknown = await send(`${emu.baseUrl}/api/v1/shared-files/nope/url/`, emu, {
			method: 'GET',
		});
		expect(unknown.status).toBe(404);
		const noKey = await send(`${emu.baseUrl}/api/v1/shared-files/${handle}/url/`, emu, {
			method: 'GET',
			headers: { authorization: undefined },
		});
		expect(noKey.status).toBe(401);
	});
});

describe('deleted-records', () => {
	it('lists the solution’s deleted records with the preview fields; 400 without solution_id, 404 for an unknown solution', async () => {
		const emu = await start();
		const solution = emu.addSolution();
		const table = emu.addTable(solution.id, { name: 'Projects' });
		const gone = emu.addDeletedRecord(table.id, { title: 'Gone' });
		emu.addRecord(table.id);

		const list = await send(`${emu.baseUrl}/api/v1/deleted-records/?preview=true`, emu, {
			body: { solution_id: solution.id },
		});

		expect(list.status).toBe(200);
		expect(list.json()).toEqual([
			{
				id: gone.id,
				title: 'Gone',
				last_updated: gone.last_updated,
				deleted_by: gone.deleted_by,
				deleted_date: gone.deleted_date,
				application_slug: table.slug,
				application_id: table.id,
				application_name: 'Projects',
				application_record_term: 'record',
				solution_id: solution.id,
			},
		]);
		const missing = await send(`${emu.baseUrl}/api/v1/deleted-records/?preview=true`, emu, {
			body: {},
		});
		expect([missing.status, missing.json()]).toEqual([
			400,
			{ solution_id: ['This field is required.'] },
		]);
		const unknown = await send(`${emu.baseUrl}/api/v1/deleted-records/?preview=true`, emu, {
			body: { solution_id: 'nope' },
		});
		expect(unknown.status).toBe(404);
	});
});
