/** Record > Create, Get, Update, Delete, Search through n8n's WorkflowExecute against the emulator. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TYPED_FIELDS as F } from '../emulator/fixtures';
import type { Emulator, TableObject } from '../emulator';
import { startStub, run, runError, runInWorkflow, useEmulator } from './harness';

const ctx = useEmulator();

const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });
const mapped = (value: IDataObject) => ({ mappingMode: 'defineBelow', value });
const autoMap = { mappingMode: 'autoMapInputData', value: null };

const op = (operation: string, tableId: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'record',
	operation,
	tableId: locator(tableId),
	...extra,
});
const create = (tableId: string, columns: unknown, extra: INodeParameters = {}) =>
	op('create', tableId, { columns: columns as INodeParameters['columns'], ...extra });
const update = (tableId: string, recordId: string, columns: unknown, extra: INodeParameters = {}) =>
	op('update', tableId, {
		recordId: locator(recordId),
		columns: columns as INodeParameters['columns'],
		...extra,
	});

function fieldTypesTable(emu: Emulator = ctx.emu): TableObject {
	return emu.addFieldTypesTable(emu.addSolution().id);
}

/** Items that each create a valid record: the title and the required Code field. */
const items = (count: number, extra: (i: number) => IDataObject = () => ({})) =>
	Array.from({ length: count }, (_x, i) => ({
		title: `Record ${i}`,
		[F.text]: `C-${i}`,
		...extra(i),
	}));
const byKeys = mapped({ title: '={{ $json.title }}', [F.text]: '={{ $json.' + F.text + ' }}' });

const operations = (emu: Emulator) => emu.requests.map((request) => request.operation);

describe('Record > Create', () => {
	it('creates one record from the mapper and returns it simplified, after one structure read', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const output = await run(emu, {
			parameters: create(t.id, mapped({ title: 'Deal', [F.text]: 'C-1', [F.number]: '12' })),
		});

		expect(output).toEqual([
			{
				json: expect.objectContaining({
					id: expect.any(String),
					Name: 'Deal',
					Code: 'C-1',
					Quantity: 12,
				}),
				pairedItem: { item: 0 },
			},
		]);
		expect(Object.keys(output[0].json)[0]).toBe('id');
		// The members once: the record shows First Created's and Last Updated's `by`.
		expect(operations(emu)).toEqual(['GetTable', 'CreateRecord', 'ListMembers']);
		expect(emu.requests[1].body).toEqual({ title: 'Deal', [F.text]: 'C-1', [F.number]: '12' });
	});

	it('converts every field type both ways: what is sent, what is stored, what comes back', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		const linked = emu.addRecord(t.id, { title: 'Other' });
		const member = emu.members()[1];
		const tag = emu.addTag('Q2');
		const values = {
			title: 'Full',
			[F.text]: 'C-1',
			[F.textArea]: 'line1\nline2',
			[F.number]: '12',
			[F.currency]: 9.5,
			[F.yesNo]: 'yes',
			[F.singleSelect]: 'green',
			[F.multipleSelect]: 'Email, Chat',
			status: 'In Progress',
			[F.date]: '2024-05-01',
			[F.dateRange]: '2024-05-01T10:00:00+02:00/2024-05-07',
			due_date: { to: '2024-06-01' },
			[F.linked]: linked.id,
			assigned_to: [member.email].flat()[0].toUpperCase(),
			[F.email]: 'a@b.co',
			[F.phone]: '+1 555 0100',
			[F.link]: 'https://example.com',
			[F.fullName]: 'Ada King Lovelace',
			[F.address]: { street: '1 Main St', city: 'Paris' },
			[F.smartDoc]: '<p>Hi <b>there</b></p>',
			[F.tags]: tag.id,
		};

		const [created] = await run(emu, { parameters: create(t.id, mapped(values)) });

		const sent = emu.requests.find((request) => request.operation === 'CreateRecord')!
			.body as IDataObject;
		const color = t.structure.find((field) => field.slug === F.singleSelect)!.params.choices!;
		const channels = t.structure.find((field) => field.slug === F.multipleSelect)!.params.choices!;
		expect(sent).toEqual({
			title: 'Full',
			[F.text]: 'C-1',
			[F.textArea]: 'line1\nline2',
			[F.number]: '12',
			[F.currency]: '9.5',
			[F.yesNo]: true,
			[F.singleSelect]: color.find((choice) => choice.label === 'Green')!.value,
			[F.multipleSelect]: ['Email', 'Chat'].map(
				(label) => channels.find((choice) => choice.label === label)!.value,
			),
			status: { value: 'in_progress' },
			[F.date]: { date: '2024-05-01T00:00:00Z', include_time: false },
			[F.dateRange]: {
				from_date: { date: '2024-05-01T08:00:00Z', include_time: true },
				to_date: { date: '2024-05-07T00:00:00Z', include_time: false },
			},
			due_date: {
				from_date: { date: null, include_time: false },
				to_date: { date: '2024-06-01T00:00:00Z', include_time: false },
			},
			[F.linked]: [linked.id],
			assigned_to: [member.id],
			[F.email]: ['a@b.co'],
			[F.phone]: [{ phone_country: 'US', phone_number: '+1 555 0100' }],
			[F.link]: ['https://example.com'],
			[F.fullName]: { title: '', first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace' },
			[F.address]: { location_address: '1 Main St', location_city: 'Paris' },
			[F.smartDoc]: {
				data: {
					type: 'doc',
					content: [
						{
							type: 'paragraph',
							content: [
								{ type: 'text', text: 'Hi ' },
								{ type: 'text', text: 'there', marks: [{ type: 'strong' }] },
							],
						},
					],
				},
				html: '<p>Hi <b>there</b></p>',
				preview: 'Hi there',
			},
			[F.tags]: [tag.id],
		});
		expect(emu.getRecord(t.id, String(created.json.id))).toMatchObject({
			[F.number]: '12',
			status: { value: 'in_progress' },
		});
		expect(created.json).toMatchObject({
			Name: 'Full',
			Code: 'C-1',
			Notes: 'line1\nline2',
			Quantity: 12,
			Price: 9.5,
			Active: true,
			Color: 'Green',
			Channels: ['Email', 'Chat'],
			// Readable People and Choices (on by default): a status as value and label, people by name.
			Status: 'In Progress',
			Start: '2024-05-01',
			Campaign: { from: '2024-05-01T08:00:00Z', to: '2024-05-07' },
			'Due Date': { from: null, to: '2024-06-01' },
			Related: [linked.id],
			Owner: [{ id: member.id, name: 'Sam Rivera', email: 'sam.rivera@example.com' }],
			Email: ['a@b.co'],
			Phone: ['+1 555 0100'],
			Website: ['https://example.com'],
			Contact: 'Ada King Lovelace',
			Address: '1 Main St, Paris',
			Brief: 'Hi there',
			Labels: [tag.id],
			'Related Count': 1,
			'Auto Number': expect.any(Number),
		});
		// The members list was read once, for the e-mail address and the readable Owner.
		expect(operations(emu)).toEqual(['GetTable', 'ListMembers', 'CreateRecord']);
	});

	it('with Simplify off returns SmartSuite’s answer as it is', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const [created] = await run(emu, {
			parameters: create(t.id, mapped({ title: 'Raw', [F.text]: 'C', [F.number]: 3 }), {
				simplify: false,
			}),
		});

		// SmartSuite's keys (slugs) and values (a number as text), the answer as the emulator sent it.
		expect(created.json).toMatchObject({
			title: 'Raw',
			[F.text]: 'C',
			[F.number]: '3',
			application_id: t.id,
		});
		expect(created.json).not.toHaveProperty('Name');
	});

	it('sends 60 items as bulk creates of 25, 25 and 10, in input order, paired with their items', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const output = await run(emu, { parameters: create(t.id, byKeys), input: items(60) });

		expect(operations(emu)).toEqual([
			'GetTable',
			'BulkCreateRecords',
			'ListMembers',
			'BulkCreateRecords',
			'BulkCreateRecords',
		]);
		expect(
			emu.requests
				.filter((request) => request.operation === 'BulkCreateRecords')
				.map((request) => ((request.body as IDataObject).items as unknown[]).length),
		).toEqual([25, 25, 10]);
		expect(output.map((item) => [item.json.Name, item.pairedItem])).toEqual(
			items(60).map((item, i) => [item.title, { item: i }]),
		);
		expect(emu.records(t.id)).toHaveLength(60);
	});

	it('a failed batch in the middle fails only its items, each saying so and quoting SmartSuite; the other batches go on', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		emu.injectFault({
			operation: 'BulkCreateRecords',
			skip: 1,
			action: { type: 'status', status: 503 },
		});

		const output = await run(emu, {
			parameters: create(t.id, byKeys),
			input: items(60),
			continueOnFail: true,
		});

		expect(output).toHaveLength(60);
		expect(output.slice(0, 25).every((item) => item.json.id)).toBe(true);
		expect(output.slice(50).every((item) => item.json.id)).toBe(true);
		for (const [i, item] of output.slice(25, 50).entries()) {
			expect(item.pairedItem).toEqual({ item: 25 + i });
			expect(item.json.error).toBe(
				'Batch 2 of 3 (items 25 to 49, 25 records) failed: The records may have been created: SmartSuite answered 503 after the request to create 25 records was sent',
			);
			expect(item.error?.description).toContain('could create them twice');
		}
		expect(emu.records(t.id)).toHaveLength(35);
		// Never sent twice: three bulk requests, no retry of the failed one.
		expect(operations(emu).filter((operation) => operation === 'BulkCreateRecords')).toHaveLength(
			3,
		);
	});

	it('a batch SmartSuite refuses (422) fails its items with its words; without Continue on Fail the run stops after all batches', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		emu.injectFault({
			operation: 'BulkCreateRecords',
			skip: 1,
			action: { type: 'status', status: 422 },
		});

		const error = await runError(emu, { parameters: create(t.id, byKeys), input: items(60) });

		expect(error.message).toMatch(
			/^Batch 2 of 3 \(items 25 to 49, 25 records\) failed: SmartSuite rejected the request to create 25 records \(422\)/,
		);
		expect(error.description).toContain(
			'SmartSuite refused the whole request, so none of its 25 records was written; the other batches were sent.',
		);
		expect(error.description).toContain('SmartSuite said:');
		expect(emu.records(t.id)).toHaveLength(35);
	});

	it('a value SmartSuite refuses in a bulk create names the record and the field by its label', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		const linked = emu.addRecord(t.id);
		const input = items(3, (i) => ({ related: i === 1 ? 'ffffffffffffffffffffffff' : linked.id }));

		const output = await run(emu, {
			parameters: create(
				t.id,
				mapped({
					title: '={{ $json.title }}',
					[F.text]: '={{ $json.' + F.text + ' }}',
					[F.linked]: '={{ $json.related }}',
				}),
			),
			input,
			continueOnFail: true,
		});

		expect(output[1].json.error).toBe(
			'SmartSuite rejected the value of "Related" (422): Record "ffffffffffffffffffffffff" does not exist.',
		);
		expect(output[1].error?.description).toBe(
			'SmartSuite said: "Related": Record "ffffffffffffffffffffffff" does not exist.',
		);
		expect(output[0].json.error).toBe(
			'Not written: SmartSuite refused the whole batch because of item 1',
		);
		expect(output[2].json.error).toBe(
			'Not written: SmartSuite refused the whole batch because of item 1',
		);
	});

	it('a single create refused with 422 names the field by its label', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const error = await runError(emu, {
			parameters: create(
				t.id,
				mapped({ title: 'x', [F.text]: 'C', [F.linked]: 'ffffffffffffffffffffffff' }),
			),
		});

		expect(error.message).toBe(
			'SmartSuite rejected the value of "Related" (422): Record "ffffffffffffffffffffffff" does not exist.',
		);
		expect(error.httpCode).toBe('422');
	});

	it('a value that cannot be converted stops the run before anything is written, naming field, item, value and what is expected', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const error = await runError(emu, {
			parameters: create(
				t.id,
				mapped({ title: '={{ $json.title }}', [F.text]: 'C', [F.number]: '={{ $json.n }}' }),
			),
			input: [
				{ title: 'a', n: 1 },
				{ title: 'b', n: 'lots' },
			],
		});

		expect(error.message).toBe(
			'The field "Quantity" in item 1 cannot take "lots": use a number, or text holding one such as "12.5"',
		);
		expect(error.description).toBe('Given: "lots". Nothing was sent for this item.');
		expect(operations(emu)).toEqual(['GetTable']);
	});

	it('with Continue on Fail, the item with a bad value fails and the others are created', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const output = await run(emu, {
			parameters: create(
				t.id,
				mapped({
					title: '={{ $json.title }}',
					[F.text]: 'C',
					[F.singleSelect]: '={{ $json.color }}',
				}),
			),
			input: [
				{ title: 'a', color: 'Red' },
				{ title: 'b', color: 'Purple' },
				{ title: 'c', color: 'blue' },
			],
			continueOnFail: true,
		});

		expect(output.map((item) => item.json.Color ?? item.json.error)).toEqual([
			'Red',
			'The field "Color" in item 1 has no option "Purple": use one of "Red", "Green", "Blue" (a label or its ID)',
			'Blue',
		]);
		expect(output[1].error?.description).toContain('Given: "Purple"');
		expect(operations(emu)).toEqual(['GetTable', 'BulkCreateRecords', 'ListMembers']);
	});

	it('checks required fields before a bulk create (which SmartSuite does not check)', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const output = await run(emu, {
			parameters: create(t.id, autoMap),
			input: [{ title: 'a', Code: 'x' }, { title: 'b' }, { title: 'c', code: 'y' }],
			continueOnFail: true,
		});

		expect(output[1].json.error).toBe(
			'Item 1 has no value for the required field "Code": give it a value',
		);
		expect(output.map((item) => item.json.Code ?? null)).toEqual(['x', null, 'y']);
		expect(emu.records(t.id).map((r) => r.title)).toEqual(['a', 'c']);
	});

	it('Map Automatically matches keys by slug, then label in any case; keys that match nothing are not sent and listed in the hints', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const result = await runInWorkflow(emu, {
			parameters: create(t.id, autoMap),
			input: [
				{ title: 'a', code: 'x', QUANTITY: 2, nickname: 'z', Summary: 'read-only', id: 'ignored' },
			],
		});

		expect(result.error).toBeUndefined();
		expect(emu.requests[1].body).toEqual({ title: 'a', [F.text]: 'x', [F.number]: '2' });
		expect(result.hints.map((hint) => hint.message)).toEqual([
			'Not sent, because no field of the table has this name or ID: "nickname"',
			'Not sent, because SmartSuite fills these fields in itself: "Summary"',
		]);
	});

	it('reads each table’s structure once and the members list once, for items of two tables', async () => {
		const { emu } = ctx;
		const [a, b] = [fieldTypesTable(), fieldTypesTable()];
		const email = [emu.members()[2].email].flat()[0];
		const input = [a, b, a, b].map((t, i) => ({
			table: t.id,
			title: `r${i}`,
			[F.text]: 'C',
			owner: email,
		}));

		const output = await run(emu, {
			parameters: {
				...create(
					'={{ $json.table }}',
					mapped({ title: '={{ $json.title }}', [F.text]: 'C', assigned_to: '={{ $json.owner }}' }),
				),
			},
			input,
		});

		expect(operations(emu).sort()).toEqual([
			'BulkCreateRecords',
			'BulkCreateRecords',
			'GetTable',
			'GetTable',
			'ListMembers',
		]);
		expect(output.map((item) => item.json.Name)).toEqual(['r0', 'r1', 'r2', 'r3']);
		expect(emu.records(b.id).map((r) => r.assigned_to)).toEqual([
			[emu.members()[2].id],
			[emu.members()[2].id],
		]);
	});

	it('waits out a 429 and sends the create again (SmartSuite did not process it)', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		emu.injectFault({
			operation: 'CreateRecord',
			action: { type: 'rateLimit', retryAfterSeconds: 0 },
		});

		const output = await run(emu, {
			parameters: create(t.id, mapped({ title: 'a', [F.text]: 'C' })),
		});

		expect(output[0].json.Name).toBe('a');
		expect(operations(emu)).toEqual(['GetTable', 'CreateRecord', 'CreateRecord', 'ListMembers']);
		expect(emu.records(t.id)).toHaveLength(1);
	});

	it("does not wait out a 429 whose Retry-After ends past the run's budget: the error names the wait at once", async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		emu.injectFault({
			operation: 'CreateRecord',
			action: { type: 'rateLimit', retryAfterSeconds: 3600 },
		});
		const started = Date.now();

		const error = await runError(emu, {
			parameters: create(t.id, mapped({ title: 'a', [F.text]: 'C' })),
		});

		expect(Date.now() - started).toBeLessThan(30_000);
		expect(error.message).toBe('SmartSuite rate limit reached (429)');
		expect(error.description).toContain('Wait 3600 seconds');
		expect(operations(emu)).toEqual(['GetTable', 'CreateRecord']);
		expect(emu.records(t.id)).toHaveLength(0);
	});

	it('after a 5xx on a create that SmartSuite carried out, fails with "may have been created" and never sends it again', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		emu.injectFault({
			operation: 'CreateRecord',
			action: { type: 'status', status: 502, afterProcessing: true },
		});

		const error = await runError(emu, {
			parameters: create(t.id, mapped({ title: 'a', [F.text]: 'C' })),
		});

		expect(error.message).toBe(
			'The records may have been created: SmartSuite answered 502 after the request to create the record was sent',
		);
		expect(emu.records(t.id)).toHaveLength(1);
		expect(operations(emu)).toEqual(['GetTable', 'CreateRecord']);
	});

	it('after a dropped connection on a create, fails with "may have been created" and never sends it again', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		emu.injectFault({ operation: 'BulkCreateRecords', action: { type: 'drop' } });

		const error = await runError(emu, { parameters: create(t.id, byKeys), input: items(2) });

		expect(error.message).toMatch(
			/^Batch 1 of 1 \(items 0 to 1, 2 records\) failed: The records may have been created/,
		);
		expect(operations(emu)).toEqual(['GetTable', 'BulkCreateRecords']);
	});

	it('a refused connection is tried again and then named, without the key', async () => {
		const { emu } = ctx;
		const stub = await startStub(() => ({ status: 200, body: {} }));
		await stub.close();

		const error = await runError(emu, {
			parameters: create('t1', mapped({ title: 'a' })),
			credentials: { baseUrl: stub.url },
		});

		expect(error.message).toBe('Could not reach SmartSuite: the connection was refused');
	});

	it.each([
		['={{ "" }}', 'The parameter "Table" is empty'],
		['..', 'The parameter "Table" is not a valid id: ".."'],
		['.', 'The parameter "Table" is not a valid id: "."'],
	])('refuses the table id %j before any request', async (tableId, message) => {
		const { emu } = ctx;

		const error = await runError(emu, { parameters: create(tableId, mapped({ title: 'a' })) });

		expect(error.message).toBe(message);
		expect(emu.requests).toHaveLength(0);
	});

	it.each([
		['Deals', 'The parameter "Table" is a name, not an ID: "Deals"', 'From List'],
		['Sales deals', 'The parameter "Table" is a name, not an ID: "Sales deals"', 'From List'],
		[
			'https://app.smartsuite.com/sv25cxf2/solution/64b0c1d2e3f4a5b6c7d8e9f1/64b0c1d2e3f4a5b6c7d8e9f0',
			'The parameter "Table" is a URL, not an ID: "https://app.smartsuite.com/sv25cxf2/solution/64b0c1d2e3f4a5b6c7d8e9f1/64b0c1d2e3f4a5b6c7d8e9f0"',
			'By URL',
		],
	])(
		'a table name or URL given By ID: %j is named as such before any request',
		async (tableId, message, mode) => {
			const { emu } = ctx;

			const error = await runError(emu, { parameters: create(tableId, mapped({ title: 'a' })) });

			expect(error.message).toBe(message);
			expect(error.description).toContain(`Choose "${mode}"`);
			expect(emu.requests).toHaveLength(0);
		},
	);

	it('a record title given By ID is named as such; 24 hexadecimal characters in capitals go to SmartSuite', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		const stored = emu.addRecord(t.id, { title: 'Acme renewal' });

		const error = await runError(emu, {
			parameters: op('get', t.id, { recordId: locator('Acme renewal') }),
		});
		expect(error.message).toBe('The parameter "Record" is a name, not an ID: "Acme renewal"');
		expect(emu.requests).toHaveLength(0);

		// 24 hexadecimal characters are an id whatever their case: SmartSuite answers for it.
		const capitals = await runError(emu, {
			parameters: op('get', t.id.toUpperCase(), { recordId: locator(stored.id) }),
		});
		expect(capitals.message).toBe(
			`The table "${t.id.toUpperCase()}" was not found: give the 24-character ID of a table of this workspace (Table → Get Many lists them)`,
		);
	});

	it('keeps a hostile table id inside one path segment', async () => {
		const { emu } = ctx;

		const error = await runError(emu, { parameters: create('../x?y#z', mapped({ title: 'a' })) });

		expect(emu.requests[0].path).toBe('/api/v1/applications/..%2Fx%3Fy%23z/');
		expect(error.message).toBe(
			'The table "../x?y#z" was not found: give the 24-character ID of a table of this workspace (Table → Get Many lists them)',
		);
	});
});

describe('Files by URL (through the mapper)', () => {
	it('attaches one URL or a list: SmartSuite is sent the URLs, and the files appear in the record', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const [created] = await run(emu, {
			parameters: create(
				t.id,
				mapped({
					title: 'With files',
					[F.text]: 'C',
					[F.files]: 'https://files.example.com/report.pdf, https://files.example.com/a,b.png',
				}),
			),
		});

		expect((emu.requests[1].body as IDataObject)[F.files]).toEqual([
			'https://files.example.com/report.pdf',
			'https://files.example.com/a,b.png',
		]);
		const files = created.json.Attachments as Array<{ metadata: IDataObject }>;
		expect(files.map((file) => file.metadata.filename)).toEqual(['report.pdf', 'a,b.png']);

		const [updated] = await run(emu, {
			parameters: update(
				t.id,
				String(created.json.id),
				mapped({ [F.files]: ['https://x.example/one.txt'] }),
			),
		});
		expect((updated.json.Attachments as unknown[]).length).toBe(1);
	});

	it('sends one URL given as text as a list of one, and a list of URLs from an expression as it is', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const output = await run(emu, {
			parameters: create(
				t.id,
				mapped({ title: '={{ $json.title }}', [F.text]: 'C', [F.files]: '={{ $json.files }}' }),
			),
			input: [
				{ title: 'One', files: 'https://files.example.com/one.pdf' },
				{
					title: 'List',
					files: ['https://files.example.com/a.png', 'https://files.example.com/b.csv'],
				},
			],
		});

		const sent = (emu.requests[1].body as { items: IDataObject[] }).items.map(
			(item) => item[F.files],
		);
		expect(sent).toEqual([
			['https://files.example.com/one.pdf'],
			['https://files.example.com/a.png', 'https://files.example.com/b.csv'],
		]);
		const names = output.map((item) =>
			(item.json.Attachments as Array<{ metadata: IDataObject }>).map(
				(file) => file.metadata.filename,
			),
		);
		expect(names).toEqual([['one.pdf'], ['a.png', 'b.csv']]);
	});

	it('refuses a value that is not an http(s) URL, naming the field and the item', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const error = await runError(emu, {
			parameters: create(t.id, mapped({ title: 'x', [F.text]: 'C', [F.files]: 'report.pdf' })),
		});

		expect(error.message).toContain(
			'The field "Attachments" in item 0 cannot take "report.pdf": use ',
		);
		expect(error.message).toContain(
			'a public http(s) URL of a file (SmartSuite downloads each), or several separated by commas, or a JSON array',
		);
		expect(operations(emu)).toEqual(['GetTable']);
	});
});

describe('Record > Get', () => {
	it('reads a record by ID, by URL and from a list value, simplified or as it is', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		const stored = emu.addRecord(t.id, { title: 'Mine' });
		const url = `https://app.smartsuite.com/sv25cxf2/solution/64b0c1d2e3f4a5b6c7d8e9f1/${t.id}/${stored.id}`;

		const [byId] = await run(emu, {
			parameters: op('get', t.id, { recordId: locator(stored.id) }),
		});
		const [byUrl] = await run(emu, {
			parameters: op('get', t.id, { recordId: locator(url, 'url'), simplify: false }),
		});

		expect(byId.json).toMatchObject({ id: stored.id, Name: 'Mine' });
		expect(byUrl.json).toMatchObject({ id: stored.id, title: 'Mine', application_id: t.id });
		expect(emu.requests.filter((r) => r.operation === 'GetRecord').map((r) => r.path)).toEqual([
			`/api/v1/applications/${t.id}/records/${stored.id}/`,
			`/api/v1/applications/${t.id}/records/${stored.id}/`,
		]);
	});

	it('says which record was not found (404), and with Continue on Fail goes on', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		const stored = emu.addRecord(t.id);

		const output = await run(emu, {
			parameters: op('get', t.id, { recordId: locator('={{ $json.id }}') }),
			input: [{ id: 'nope' }, { id: stored.id }],
			continueOnFail: true,
		});

		expect(output[0].json.error).toBe(`Record "nope" was not found in table "${t.id}"`);
		expect(output[1].json.id).toBe(stored.id);
		expect(operations(emu)).toEqual(['GetTable', 'GetRecord', 'GetRecord', 'ListMembers']);
	});

	it.each([['..'], ['.'], ['={{ " " }}']])(
		'refuses the record id %j before any request',
		async (id) => {
			const { emu } = ctx;

			const error = await runError(emu, { parameters: op('get', 't1', { recordId: locator(id) }) });

			expect(error.message).toMatch(/^The parameter "Record" is (empty|not a valid id)/);
			expect(emu.requests).toHaveLength(0);
		},
	);

	it('keeps a hostile record id inside one path segment', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		await runError(emu, { parameters: op('get', t.id, { recordId: locator('a/../b?c') }) });

		expect(emu.requests[1].path).toBe(`/api/v1/applications/${t.id}/records/a%2F..%2Fb%3Fc/`);
	});
});

describe('Record > Update', () => {
	it('changes only the fields given (PATCH) and returns the record', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		const stored = emu.addRecord(t.id, { title: 'Before', [F.text]: 'keep' });

		const [updated] = await run(emu, {
			parameters: update(t.id, stored.id, mapped({ title: 'After', [F.number]: 5 })),
		});

		const request = emu.requests.find((r) => r.operation === 'UpdateRecord')!;
		expect(request.method).toBe('PATCH');
		expect(request.body).toEqual({ title: 'After', [F.number]: '5' });
		expect(updated.json).toMatchObject({ id: stored.id, Name: 'After', Code: 'keep', Quantity: 5 });
	});

	it('an empty value clears the field on an update', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		const stored = emu.addRecord(t.id, { title: 'x', [F.textArea]: 'old' });

		await run(emu, {
			parameters: update(t.id, stored.id, mapped({ [F.textArea]: '', [F.email]: '' })),
		});

		expect(emu.requests.find((r) => r.operation === 'UpdateRecord')!.body).toEqual({
			[F.textArea]: '',
			[F.email]: [],
		});
	});

	it('sends 30 items as bulk updates of 25 and 5, from Map Automatically over Search output', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		await run(emu, { parameters: create(t.id, byKeys), input: items(30) });
		const found = await run(emu, { parameters: op('search', t.id, { returnAll: true }) });
		emu.resetLog();

		const input = found.map((item) => ({ ...item.json, Quantity: 7 }));
		const output = await run(emu, { parameters: update(t.id, '={{ $json.id }}', autoMap), input });

		expect(operations(emu)).toEqual([
			'GetTable',
			'BulkUpdateRecords',
			'ListMembers',
			'BulkUpdateRecords',
		]);
		const first = (emu.requests[1].body as { items: IDataObject[] }).items[0];
		expect(first).toMatchObject({ id: found[0].json.id, [F.number]: '7', title: 'Record 0' });
		expect(output.map((item) => [item.json.id, item.json.Quantity, item.pairedItem])).toEqual(
			found.map((item, i) => [item.json.id, 7, { item: i }]),
		);
	});

	it('reads SmartSuite’s MCP answer shape too: a refused record fails alone', async () => {
		const { emu } = ctx;
		emu.setVariant({ bulkUpdateAnswer: 'envelope' });
		const t = fieldTypesTable();
		const [a, b] = [emu.addRecord(t.id), emu.addRecord(t.id)];

		const output = await run(emu, {
			parameters: update(t.id, '={{ $json.id }}', mapped({ [F.linked]: '={{ $json.related }}' })),
			input: [
				{ id: a.id, related: 'ffffffffffffffffffffffff' },
				{ id: b.id, related: a.id },
			],
			continueOnFail: true,
		});

		expect(output[0].json.error).toBe('SmartSuite did not update this record');
		expect(output[0].error?.description).toContain(
			'Record \"ffffffffffffffffffffffff\" does not exist',
		);
		expect(output[1].json).toMatchObject({ id: b.id, Related: [a.id] });
	});

	it('refuses an item that gives no field to update', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const error = await runError(emu, {
			parameters: update(t.id, 'r1', autoMap),
			input: [{ nothing: 1 }],
		});

		expect(error.message).toBe(
			'Item 0 gives no field to update: give at least one field of the table that can be written',
		);
		expect(operations(emu)).toEqual(['GetTable']);
	});
});

describe('Record > Delete', () => {
	it('deletes one record and returns {id, deleted: true}; Restore brings it back', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		const stored = emu.addRecord(t.id, { title: 'Gone' });

		const output = await run(emu, {
			parameters: op('delete', t.id, { recordId: locator(stored.id) }),
		});

		expect(output).toEqual([{ json: { id: stored.id, deleted: true }, pairedItem: { item: 0 } }]);
		expect(operations(emu)).toEqual(['DeleteRecord']);
		await run(emu, {
			parameters: {
				resource: 'record',
				operation: 'restore',
				tableId: locator(t.id),
				recordId: stored.id,
			},
		});
		expect(emu.records(t.id).map((r) => r.id)).toContain(stored.id);
	});

	it('sends 27 items as bulk deletes of 25 and 2; an id that was not deleted fails alone', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		const ids = Array.from({ length: 27 }, () => emu.addRecord(t.id).id);
		ids[26] = 'missing0000000000000000';

		const output = await run(emu, {
			parameters: op('delete', t.id, { recordId: locator('={{ $json.id }}') }),
			input: ids.map((id) => ({ id })),
			continueOnFail: true,
		});

		expect(operations(emu)).toEqual(['BulkDeleteRecords', 'BulkDeleteRecords']);
		expect(emu.requests[0]).toMatchObject({
			method: 'PATCH',
			path: `/api/v1/applications/${t.id}/records/bulk_delete/?fields=id`,
		});
		expect(output.slice(0, 26).map((item) => item.json)).toEqual(
			ids.slice(0, 26).map((id) => ({ id, deleted: true })),
		);
		expect(output[26].json.error).toBe(
			`Record "missing0000000000000000" was not found in table "${t.id}", or it is already deleted`,
		);
		expect(emu.records(t.id).filter((stored) => stored.deleted_by)).toHaveLength(26);
	});
});

describe('Record > Search', () => {
	async function seeded(count: number) {
		const t = fieldTypesTable();
		await run(ctx.emu, {
			parameters: create(
				t.id,
				mapped({
					title: '={{ $json.title }}',
					[F.text]: 'C',
					[F.number]: '={{ $json.n }}',
					[F.singleSelect]: '={{ $json.color }}',
				}),
			),
			input: Array.from({ length: count }, (_x, i) => ({
				title: `R${i}`,
				n: i,
				color: ['Red', 'Green', 'Blue'][i % 3],
			})),
		});
		ctx.emu.resetLog();
		return t;
	}

	it('filters by rules (all) built from the table’s fields, sorts, and returns simplified records', async () => {
		const { emu } = ctx;
		const t = await seeded(10);
		const parameters = op('search', t.id, {
			returnAll: true,
			filters: {
				rule: [
					{ field: F.singleSelect, comparison: 'is_any_of', value: 'Red, blue' },
					{ field: F.number, comparison: 'is_greater_than', value: '2' },
				],
			},
			sort: { rule: [{ field: F.number, direction: 'desc' }] },
		});

		const output = await run(emu, { parameters });

		expect(output.map((item) => item.json.Name)).toEqual(['R9', 'R8', 'R6', 'R5', 'R3']);
		const color = t.structure.find((field) => field.slug === F.singleSelect)!.params.choices!;
		expect(emu.requests[1].body).toEqual({
			filter: {
				operator: 'and',
				fields: [
					{
						field: F.singleSelect,
						comparison: 'is_any_of',
						value: ['Red', 'Blue'].map((label) => color.find((c) => c.label === label)!.value),
					},
					{ field: F.number, comparison: 'is_greater_than', value: 2 },
				],
			},
			sort: [{ field: F.number, direction: 'desc' }],
		});
		expect(
			output.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0),
		).toBe(true);
	});

	it('matches any rule', async () => {
		const { emu } = ctx;
		const t = await seeded(6);

		const output = await run(emu, {
			parameters: op('search', t.id, {
				returnAll: true,
				match: 'or',
				filters: {
					rule: [
						{ field: 'title', comparison: 'is', value: 'R1' },
						{ field: F.number, comparison: 'is_equal_to', value: '4' },
					],
				},
			}),
		});

		expect(output.map((item) => item.json.Name).sort()).toEqual(['R1', 'R4']);
	});

	it('refuses a comparison the field’s type does not have, before any search', async () => {
		const { emu } = ctx;
		const t = await seeded(1);

		const error = await runError(emu, {
			parameters: op('search', t.id, {
				filters: { rule: [{ field: F.number, comparison: 'contains', value: '1' }] },
			}),
		});

		expect(error.message).toBe(
			'The comparison "contains" cannot be used on the field "Quantity" (numberfield); its comparisons: is_equal_to, is_not_equal_to, is_greater_than, is_less_than, is_equal_or_greater_than, is_equal_or_less_than, is_empty, is_not_empty',
		);
		expect(operations(emu)).toEqual(['GetTable']);
	});

	it('Return All pages by 1,000 and stops at total: 2,500 records in 3 requests', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		for (let i = 0; i < 2500; i++) emu.addRecord(t.id, { title: `R${i}` });

		const output = await run(emu, {
			parameters: op('search', t.id, { returnAll: true, simplify: false }),
		});

		expect(output).toHaveLength(2500);
		const lists = emu.requests.filter((r) => r.operation === 'ListRecords');
		expect(lists.map((r) => r.path)).toEqual(
			[0, 1000, 2000].map(
				(offset) => `/api/v1/applications/${t.id}/records/list/?offset=${offset}&limit=1000`,
			),
		);
	});

	it('stops on a short page when total counts only the page', async () => {
		const { emu } = ctx;
		emu.setVariant({ listTotal: 'page' });
		const t = fieldTypesTable();
		for (let i = 0; i < 1200; i++) emu.addRecord(t.id, { title: `R${i}` });

		const output = await run(emu, {
			parameters: op('search', t.id, { returnAll: true, simplify: false }),
		});

		expect(output).toHaveLength(1200);
		expect(operations(emu).filter((o) => o === 'ListRecords')).toHaveLength(2);
	});

	it('Limit asks for no more than it needs', async () => {
		const { emu } = ctx;
		const t = await seeded(10);

		const output = await run(emu, { parameters: op('search', t.id, { limit: 4 }) });

		expect(output).toHaveLength(4);
		expect(emu.requests[1].path).toBe(
			`/api/v1/applications/${t.id}/records/list/?offset=0&limit=4`,
		);
	});

	it('a list that never ends is an error, not a silent cut', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();
		emu.injectFault({
			operation: 'ListRecords',
			times: Infinity,
			action: { type: 'endlessList', mode: 'fullPages' },
		});

		const error = await runError(emu, {
			parameters: op('search', t.id, { returnAll: true, simplify: false }),
		});

		expect(error.message).toBe(
			'Stopped after reading 100 pages (100,000 records): SmartSuite kept sending more',
		);
		expect(operations(emu).filter((o) => o === 'ListRecords')).toHaveLength(100);
	}, 60_000);
});

describe('secrets', () => {
	it('never puts the API key in an error, even when SmartSuite quotes it', async () => {
		const { emu } = ctx;
		const structure = [
			{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: {} },
		];
		const stub = await startStub((_body, n) =>
			n === 1
				? { status: 200, body: { id: 't1', structure } }
				: {
						status: 422,
						body: { title: [`bad key ${emu.apiKey}`], detail: `Token ${emu.apiKey}` },
					},
		);
		try {
			const error = await runError(emu, {
				parameters: create('t1', mapped({ title: 'a' })),
				credentials: { baseUrl: stub.url },
			});
			expect(error.message).toBe('SmartSuite rejected the value of "Title" (422): bad key ***');
			expect(error.description).toBe('SmartSuite said: "Title": bad key ***');
		} finally {
			await stub.close();
		}
	});
});
