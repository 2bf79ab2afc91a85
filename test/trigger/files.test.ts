/**
 * The SmartSuite Polling Trigger's Download Files (issue 51): the changed record's files as
 * binaries on its item, from the record the event carries (no record read), within Record →
 * Download Files' bounds and Max Total Size per Run across the poll; a file that cannot be read
 * is noted on the item and the event is emitted once all the same. Off, the poll costs what it did.
 */
import type { INodeExecutionData, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { SmartSuiteInstantTrigger } from '../../nodes/SmartSuite/SmartSuiteInstantTrigger.node';
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import { POLL_LIMITS } from '../../nodes/SmartSuite/trigger/limits';
import type { Emulator } from '../emulator';
import { requestsTo, triggerFor, useTriggerEmulator } from './helpers';

const ctx = useTriggerEmulator();

const SCANS = 'sscans0001';
const PHOTOS = 'sphoto0002';

/** A table with two file fields, a webhook watching it, and the trigger activated on it. */
async function watched(emu: Emulator, options: INodeParameters) {
	const solution = emu.addSolution();
	const table = emu.addTable(solution.id, {
		structure: [
			{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
			{ slug: SCANS, label: 'Scans', field_type: 'filefield', params: {} },
			{ slug: PHOTOS, label: 'Photos', field_type: 'filefield', params: {} },
		],
	});
	const { webhook_id: webhookId } = emu.createWebhook({
		locator: { account_id: emu.workspaceId, solution_id: solution.id },
		filter: { applications: { application_ids: [table.id] } },
	});
	const trigger = triggerFor(emu, webhookId, { options });
	expect(await trigger.poll()).toBeNull();
	emu.resetLog();
	return { table, trigger };
}

/** A record given a file (uploaded bytes) in Scans: the change raises the event the poll reads. */
function changedWithScan(emu: Emulator, tableId: string, bytes: Buffer) {
	const record = emu.addRecord(tableId, { title: 'Contract' });
	emu.addFile(tableId, record.id, SCANS, {
		filename: 'contract.pdf',
		mimetype: 'application/pdf',
		bytes,
	});
	return record;
}

const operations = (emu: Emulator) => emu.requests.map((request) => request.operation);
const bytesOf = (item: INodeExecutionData, name: string) =>
	Buffer.from(item.binary![name].data, 'base64');
const items = (output: INodeExecutionData[][] | null) => output?.[0] ?? [];

describe.each([
	['SmartSuite Polling Trigger', new SmartSuiteTrigger()],
	['SmartSuite Trigger', new SmartSuiteInstantTrigger()],
])("%s's Options", (_name, trigger) => {
	const { description } = trigger;
	const options = description.properties.find((property) => property.name === 'options')!;
	/** The options the editor offers under Options with these values set, as its collection shows them. */
	const offered = (values: INodeParameters) =>
		(options.options as INodeProperties[])
			.filter((option) =>
				NodeHelpers.displayParameterPath(
					{ parameters: { options: values } },
					option,
					'parameters.options',
					null,
					description,
				),
			)
			.map((option) => option.displayName);

	test('offer File Fields to Download and Max Total Size per Run only with Download Files on', () => {
		const fileOptions = ['File Fields to Download', 'Max Total Size per Run (MB)'];
		for (const values of [{}, { downloadFiles: false }])
			for (const name of fileOptions) expect(offered(values)).not.toContain(name);
		expect(offered({ downloadFiles: true })).toEqual(expect.arrayContaining(fileOptions));
		expect(offered({})).toContain('Download Files');
	});
});

describe('Download Files in the SmartSuite Polling Trigger', () => {
	it.each([
		['Simplify on', { simplify: true }],
		['Simplify off', { simplify: false }],
	])(
		'%s: the files of each changed record as file_0, file_1… on its item, with no record read',
		async (_, output) => {
			const { emu } = ctx;
			const { table, trigger } = await watched(emu, { ...output, downloadFiles: true });
			const scan = Buffer.alloc(3000, 'scan');
			const record = changedWithScan(emu, table.id, scan);
			emu.createRecord(table.id, {
				title: 'Two photos',
				[PHOTOS]: ['https://files.example.com/a.png', 'https://files.example.com/b.png'],
			});
			emu.createRecord(table.id, { title: 'No files' });

			const [first, second, third] = items(await trigger.poll());

			expect(bytesOf(first, 'file_0').equals(scan)).toBe(true);
			expect(first.binary!.file_0).toMatchObject({
				fileName: 'contract.pdf',
				mimeType: 'application/pdf',
			});
			const [stored] = emu.getRecord(table.id, record.id)![SCANS] as Array<{ handle: string }>;
			expect(first.json).toMatchObject({
				fileCount: 1,
				files: [
					{
						binaryField: 'file_0',
						field: 'Scans',
						fieldId: SCANS,
						fileName: 'contract.pdf',
						mimeType: 'application/pdf',
						size: 3000,
						handle: stored.handle,
					},
				],
			});
			expect(Object.keys(second.binary!)).toEqual(['file_0', 'file_1']);
			expect(second.binary!.file_1.fileName).toBe('b.png');
			expect(second.json.fileCount).toBe(2);
			expect(third.binary).toBeUndefined();
			expect(third.json).toMatchObject({ fileCount: 0, files: [] });
			expect(first.json).not.toHaveProperty('leftOut');
			// One structure read (the file fields), the addresses of the three files; no record read.
			expect(operations(emu)).toEqual(['ListEvents', 'GetTable', ...Array(3).fill('GetFileUrl')]);
			expect(emu.fileRequests).toHaveLength(3);
		},
	);

	it('File Fields to Download: only the fields named (by label or ID)', async () => {
		const { emu } = ctx;
		const { table, trigger } = await watched(emu, {
			downloadFiles: true,
			fileFields: ` Photos , ${SCANS}x`,
		});
		emu.createRecord(table.id, {
			title: 'Both',
			[SCANS]: ['https://files.example.com/scan.pdf'],
			[PHOTOS]: ['https://files.example.com/photo.png'],
		});
		const [item] = items(await trigger.poll());
		expect(item.json.files).toEqual([expect.objectContaining({ fileName: 'photo.png' })]);
		expect(requestsTo(emu, 'GetFileUrl')).toHaveLength(1);
	});

	it('File Fields to Download: a label in another case, or a JSON list as a model gives it', async () => {
		const { emu } = ctx;
		const { table, trigger } = await watched(emu, {
			downloadFiles: true,
			fileFields: '["photos"]',
		});
		emu.createRecord(table.id, {
			title: 'Both',
			[SCANS]: ['https://files.example.com/scan.pdf'],
			[PHOTOS]: ['https://files.example.com/photo.png'],
		});
		const [item] = items(await trigger.poll());
		expect(item.json.files).toEqual([expect.objectContaining({ fileName: 'photo.png' })]);
		expect(requestsTo(emu, 'GetFileUrl')).toHaveLength(1);
	});

	it.each([
		['Simplify on', { simplify: true }, ['ListEvents', 'GetTable']],
		['Simplify off', { simplify: false }, ['ListEvents']],
	])('off (the default), %s: the same requests as before, no file read', async (_, output, ops) => {
		const { emu } = ctx;
		const { table, trigger } = await watched(emu, output);
		changedWithScan(emu, table.id, Buffer.alloc(100));
		emu.createRecord(table.id, {
			title: 'Photo',
			[PHOTOS]: ['https://files.example.com/a.png'],
		});
		const emittedItems = items(await trigger.poll());
		expect(emittedItems).toHaveLength(2);
		expect(emittedItems.every((item) => item.binary === undefined)).toBe(true);
		expect(emittedItems.every((item) => !('files' in item.json))).toBe(true);
		expect(operations(emu)).toEqual(ops);
		expect(emu.fileRequests).toHaveLength(0);
	});

	it('a file removed meanwhile and a file host error are noted on the item; the event is emitted once, the state moves on', async () => {
		const { emu } = ctx;
		const { table, trigger } = await watched(emu, { simplify: true, downloadFiles: true });
		const { record } = emu.createRecord(table.id, {
			title: 'Three files',
			[SCANS]: [
				'https://files.example.com/gone.pdf',
				'https://files.example.com/broken.pdf',
				'https://files.example.com/fine.pdf',
			],
		});
		// The first file leaves the record before the poll: SmartSuite no longer knows its handle.
		const [gone, ...kept] = record[SCANS] as Array<{ handle: string }>;
		emu.updateRecord(table.id, record.id, { [SCANS]: kept });
		emu.fileHostFault({ type: 'status', status: 500 });

		const [created, updated] = items(await trigger.poll());

		expect(created.json).toMatchObject({
			kind: 'RECORD_CREATED',
			fileCount: 1,
			files: [expect.objectContaining({ binaryField: 'file_0', fileName: 'fine.pdf' })],
			leftOut: [
				{
					field: 'Scans',
					fileName: 'gone.pdf',
					handle: gone.handle,
					error: expect.stringContaining('SmartSuite has no file "gone.pdf"'),
				},
				{
					field: 'Scans',
					fileName: 'broken.pdf',
					error: 'Could not download the file "broken.pdf": the file host answered 500',
				},
			],
		});
		expect(Object.keys(created.binary!)).toEqual(['file_0']);
		expect(updated.json).toMatchObject({ kind: 'RECORD_UPDATED', fileCount: 2 });
		expect(updated.json).not.toHaveProperty('leftOut');
		// Exactly once: the next poll emits nothing and downloads nothing again.
		emu.resetLog();
		expect(await trigger.poll()).toBeNull();
		expect(operations(emu)).toEqual(['ListEvents']);
		expect(emu.fileRequests).toHaveLength(0);
	});

	it('a table whose structure cannot be read: the events go out, saying no file was downloaded', async () => {
		const { emu } = ctx;
		const { table, trigger } = await watched(emu, { simplify: false, downloadFiles: true });
		emu.createRecord(table.id, { title: 'A', [SCANS]: ['https://files.example.com/a.pdf'] });
		emu.injectFault({ operation: 'GetTable', action: { type: 'status', status: 403 } });
		const [item] = items(await trigger.poll());
		expect(item.json).toMatchObject({
			kind: 'RECORD_CREATED',
			fileCount: 0,
			files: [],
			filesError: expect.stringContaining('the structure of its table could not be read'),
		});
		expect(emu.fileRequests).toHaveLength(0);
		expect(await trigger.poll()).toBeNull();
	});

	it('Max Total Size per Run (MB) holds across the items of one poll: the files past it are listed, not requested', async () => {
		const { emu } = ctx;
		// 2,500 bytes: two stand-ins of 1,024 bytes fit, a third does not.
		const { table, trigger } = await watched(emu, {
			downloadFiles: true,
			maxRunSizeMb: 2500 / (1024 * 1024),
		});
		for (const name of ['one', 'two', 'three'])
			emu.createRecord(table.id, {
				title: name,
				[SCANS]: [`https://files.example.com/${name}.pdf`],
			});
		const [one, two, three] = items(await trigger.poll());
		expect([one, two].map((item) => item.json.fileCount)).toEqual([1, 1]);
		expect(three.json).toMatchObject({
			fileCount: 0,
			leftOut: [{ fileName: 'three.pdf', limit: 'Max Total Size per Run (MB)' }],
		});
		expect(three.binary).toBeUndefined();
		expect(requestsTo(emu, 'GetFileUrl')).toHaveLength(2);
		expect(emu.fileRequests).toHaveLength(2);
	});

	it("a file still coming when the poll's time for files ends is noted, the poll ends within its budget and the event goes out", async () => {
		const { emu } = ctx;
		const { table, trigger } = await watched(emu, { downloadFiles: true });
		emu.createRecord(table.id, {
			title: 'Slow',
			[SCANS]: ['https://files.example.com/slow.pdf', 'https://files.example.com/next.pdf'],
		});
		// Half the bytes, then nothing: only the poll's budget (here 2 s, half of it for files) ends it.
		emu.fileHostFault({ type: 'stall' });
		const limits = { ...POLL_LIMITS };
		POLL_LIMITS.budgetMs = 2000;
		try {
			const started = Date.now();
			const [item] = items(await trigger.poll());
			expect(Date.now() - started).toBeLessThan(2000 + 1000);
			expect(item.json).toMatchObject({
				fileCount: 0,
				leftOut: [
					{
						fileName: 'slow.pdf',
						error:
							'Could not download the file "slow.pdf": the trigger\'s time for files ran out before it was done',
					},
					{
						fileName: 'next.pdf',
						error: "Not downloaded: the trigger's time for files ran out",
					},
				],
			});
			expect(await trigger.poll()).toBeNull();
		} finally {
			Object.assign(POLL_LIMITS, limits);
		}
	});

	it('refuses a Max Total Size per Run (MB) of 0 before any request', async () => {
		const { emu } = ctx;
		const { webhook_id: webhookId } = emu.createWebhook();
		await expect(
			triggerFor(emu, webhookId, { options: { downloadFiles: true, maxRunSizeMb: 0 } }).poll(),
		).rejects.toThrow('The option "Max Total Size per Run (MB)" must be a number above 0');
		expect(emu.requests).toHaveLength(0);
	});
});
