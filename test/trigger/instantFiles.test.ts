/**
 * The SmartSuite Trigger's Download Files (issue 51): the files are downloaded inside the
 * execution the notification starts (webhook() returns them as its items' binaries), from the
 * record the event carries, within Max Total Size per Run across the notification's items; a file
 * that cannot be read is noted and the event kept, saved with the cursor. Off, it costs nothing.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../emulator';
import { startEmulator } from '../emulator';
import { startInstantTrigger, watchingTable } from '../helpers/instant';
import { credentialsFor, shutdownN8nCore } from '../helpers/n8n';

const SCANS = 'sscans0001';

let emu: Emulator;
beforeEach(async () => {
	emu = await startEmulator();
});
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
	await emu.settleNotifications();
	await Promise.all(closers.splice(0).map((close) => close()));
	await emu.close();
});
afterAll(() => shutdownN8nCore());

/** A table with a file field, and the trigger watching it, activated (log cleared). */
async function activated(options: INodeParameters) {
	const solution = emu.addSolution();
	const table = emu.addTable(solution.id, {
		structure: [
			{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
			{ slug: SCANS, label: 'Scans', field_type: 'filefield', params: {} },
		],
	});
	const trigger = await startInstantTrigger({
		credentials: credentialsFor(emu),
		parameters: watchingTable(table, options),
	});
	closers.push(trigger.close);
	await trigger.activate();
	emu.resetLog();
	return { table, trigger };
}

const operations = () => emu.requests.map((request) => request.operation);
const bytesOf = (item: INodeExecutionData, name: string) =>
	Buffer.from(item.binary![name].data, 'base64');

describe('Download Files in the SmartSuite Trigger', () => {
	it('a notification runs an execution whose item holds the changed record’s files (file_0…), read within that execution, with no record read', async () => {
		const { table, trigger } = await activated({ downloadFiles: true });
		const record = emu.addRecord(table.id, { title: 'Contract' });
		const bytes = Buffer.alloc(5000, 'pdf');
		emu.addFile(table.id, record.id, SCANS, {
			filename: 'contract.pdf',
			mimetype: 'application/pdf',
			bytes,
		});
		await emu.settleNotifications();

		expect(trigger.runs).toHaveLength(1);
		const [[item]] = trigger.runs;
		expect(bytesOf(item, 'file_0').equals(bytes)).toBe(true);
		expect(item.binary!.file_0).toMatchObject({
			fileName: 'contract.pdf',
			mimeType: 'application/pdf',
		});
		expect(item.json).toMatchObject({
			kind: 'RECORD_UPDATED',
			record_id: record.id,
			fileCount: 1,
			files: [{ binaryField: 'file_0', field: 'Scans', fileName: 'contract.pdf', size: 5000 }],
		});
		expect(operations()).toEqual(['ListEvents', 'GetTable', 'GetFileUrl']);
		expect(trigger.answers).toEqual([200]);
	});

	it('off (the default): the same requests as before, no file read, no binary', async () => {
		const { table, trigger } = await activated({});
		emu.createRecord(table.id, {
			title: 'With a file',
			[SCANS]: ['https://files.example.com/a.pdf'],
		});
		await emu.settleNotifications();
		expect(trigger.runs).toHaveLength(1);
		expect(trigger.runs[0][0].binary).toBeUndefined();
		expect(trigger.runs[0][0].json).not.toHaveProperty('files');
		expect(operations()).toEqual(['ListEvents', 'GetTable']);
		expect(emu.fileRequests).toHaveLength(0);
	});

	it('a file the host cannot serve is noted on the item; the event goes out, and its cursor is saved with it', async () => {
		const { table, trigger } = await activated({ downloadFiles: true });
		emu.fileHostFault({ type: 'status', status: 500 });
		emu.createRecord(table.id, {
			title: 'Broken',
			[SCANS]: ['https://files.example.com/broken.pdf', 'https://files.example.com/fine.pdf'],
		});
		await emu.settleNotifications();

		const [[item]] = trigger.runs;
		expect(item.json).toMatchObject({
			kind: 'RECORD_CREATED',
			fileCount: 1,
			files: [{ binaryField: 'file_0', fileName: 'fine.pdf' }],
			leftOut: [
				{
					fileName: 'broken.pdf',
					error: 'Could not download the file "broken.pdf": the file host answered 500',
				},
			],
		});
		expect(trigger.answers).toEqual([200]);
		// Read once: another notification finds nothing new and downloads nothing.
		emu.resetLog();
		const again = await trigger.ping({ webhookId: trigger.saved().webhookId, locator: {} });
		expect(again.items).toEqual([]);
		expect(operations()).toEqual(['ListEvents']);
		expect(emu.fileRequests).toHaveLength(0);
	});

	it('Max Total Size per Run (MB) holds across the items of one notification', async () => {
		// 2,500 bytes: two stand-ins of 1,024 bytes fit, a third does not.
		const { table, trigger } = await activated({
			downloadFiles: true,
			maxRunSizeMb: 2500 / (1024 * 1024),
		});
		emu.holdNotifications();
		for (const name of ['one', 'two', 'three'])
			emu.createRecord(table.id, {
				title: name,
				[SCANS]: [`https://files.example.com/${name}.pdf`],
			});
		const answer = await trigger.ping({ webhookId: trigger.saved().webhookId, locator: {} });
		emu.releaseNotifications();

		expect(answer.data.map((item) => item.json.fileCount)).toEqual([1, 1, 0]);
		expect(answer.data[2].json.leftOut).toEqual([
			expect.objectContaining({ fileName: 'three.pdf', limit: 'Max Total Size per Run (MB)' }),
		]);
		expect(answer.data[2].binary).toBeUndefined();
		expect(emu.fileRequests).toHaveLength(2);
	});
});
