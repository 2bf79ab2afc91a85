/** Comment > Create / Get Many through n8n's WorkflowExecute against the emulator. */
import type { INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../emulator';
import { captureLogs } from '../helpers/logs';
import { run, runError, runInWorkflow, startStub, useEmulator } from './harness';

const ctx = useEmulator();
const warnings = captureLogs();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const comment = (
	operation: string,
	tableId: string,
	recordId: string,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'comment',
	operation,
	tableId: byId(tableId),
	recordId: byId(recordId),
	...extra,
});
const operations = (emu: Emulator) => emu.requests.map((request) => request.operation);

function setup() {
	const { emu } = ctx;
	const table = emu.addTable(emu.addSolution().id);
	return { emu, table, recordId: emu.addRecord(table.id, { title: 'Contract' }).id };
}

describe('Comment > Create', () => {
	it("posts plain text as the reference's SmartDoc, assigned by e-mail; outputs the comment with people named", async () => {
		const { emu, table, recordId } = setup();
		const [alex, sam] = emu.members();
		const output = await run(emu, {
			parameters: comment('create', table.id, recordId, {
				message: 'Please check.\nThanks',
				assignedTo: { __rl: true, mode: 'email', value: 'Sam.Rivera@example.com' },
			}),
		});
		const create = emu.requests.find((request) => request.operation === 'CreateComment')!;
		expect(create.path).toBe(`/api/v1/comments/?record=${recordId}`);
		expect(create.body).toEqual({
			message: {
				data: {
					type: 'doc',
					content: [
						{ type: 'paragraph', content: [{ type: 'text', text: 'Please check.' }] },
						{ type: 'paragraph', content: [{ type: 'text', text: 'Thanks' }] },
					],
				},
			},
			application: table.id,
			record: recordId,
			assigned_to: sam.id,
		});
		const stored = emu.comments().at(-1)!;
		expect(output).toEqual([
			{
				json: {
					id: stored.id,
					text: 'Please check.\nThanks',
					author: { id: alex.id, name: 'Alex Morgan', email: 'alex.morgan@example.com' },
					assignedTo: { id: sam.id, name: 'Sam Rivera', email: 'sam.rivera@example.com' },
					createdOn: stored.created_on,
					parentCommentId: null,
					record: recordId,
					table: table.id,
				},
				pairedItem: { item: 0 },
			},
		]);
		// The members list is read once for the e-mail and the names.
		expect(operations(emu).filter((operation) => operation === 'ListMembers')).toHaveLength(1);
	});

	it('sends HTML as html, replies to a comment, assigns by member id; Simplify off gives the answer as is', async () => {
		const { emu, table, recordId } = setup();
		const parent = emu.addComment(table.id, recordId, { message: { html: 'First' } });
		const [, , jordan] = emu.members();
		const output = await run(emu, {
			parameters: comment('create', table.id, recordId, {
				message: '<b>Done</b>',
				messageFormat: 'html',
				assignedTo: byId(jordan.id),
				parentCommentId: parent.id,
				simplify: false,
			}),
		});
		expect(emu.requests.at(-1)!.body).toEqual({
			message: { html: '<b>Done</b>' },
			application: table.id,
			record: recordId,
			assigned_to: jordan.id,
			parent_comment: parent.id,
		});
		expect(output[0].json).toEqual(emu.comments().at(-1));
		expect(output[0].json).toMatchObject({ parent_comment: parent.id, assigned_to: jordan.id });
		expect(operations(emu)).toEqual(['CreateComment']);
	});

	it('Format is Auto by default from version 2 (Markdown and HTML recognised, as Rich Text Input does); a version 1 node saved with the default keeps Plain Text', async () => {
		const { emu, table, recordId } = setup();
		const markdown = 'Ship **today**\n\n- docs\n- tests';
		const sent = async (typeVersion: number, message: string) => {
			const result = await runInWorkflow(emu, {
				parameters: comment('create', table.id, recordId, { message }),
				typeVersion,
			});
			expect(result.error).toBeUndefined();
			const created = emu.requests.filter((request) => request.operation === 'CreateComment');
			return (created.at(-1)!.body as { message: Record<string, unknown> }).message;
		};

		const auto = await sent(2, markdown);
		expect(JSON.stringify(auto.data)).toContain('"type":"strong"');
		expect(JSON.stringify(auto.data)).toContain('"type":"bullet_list"');
		expect(await sent(2, 'Plain <b>bold</b>')).toEqual({ html: 'Plain <b>bold</b>' });
		expect(await sent(2, 'Just 5 * 3 words')).toEqual({
			data: {
				type: 'doc',
				content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Just 5 * 3 words' }] }],
			},
		});

		const plain = await sent(1, markdown);
		expect(JSON.stringify(plain.data)).toContain('Ship **today**');
		expect(JSON.stringify(plain.data)).not.toContain('"type":"strong"');
	});

	it('refuses bad input before any request: empty message, empty record, unknown e-mail', async () => {
		const { emu, table, recordId } = setup();
		const empty = await runError(emu, {
			parameters: comment('create', table.id, recordId, { message: '  ' }),
		});
		expect(empty.message).toBe('The parameter "Message" is empty');
		const noRecord = await runError(emu, {
			parameters: comment('create', table.id, ' ', { message: 'Hi' }),
		});
		expect(noRecord.message).toBe('The parameter "Record" is empty');
		const badReply = await runError(emu, {
			parameters: comment('create', table.id, recordId, { message: 'Hi', parentCommentId: '..' }),
		});
		expect(badReply.message).toBe('The parameter "Reply To Comment ID" is not a valid id: ".."');
		expect(operations(emu)).toEqual([]);
		const unknownEmail = await runError(emu, {
			parameters: comment('create', table.id, recordId, {
				message: 'Hi',
				assignedTo: byId('nobody@example.com'),
			}),
		});
		expect(unknownEmail.message).toBe(
			'No member of the workspace has the e-mail address "nobody@example.com"',
		);
		expect(operations(emu)).toEqual(['ListMembers']);
	});

	it("words SmartSuite's refusals: unknown record (404), unknown assignee or parent comment (400)", async () => {
		const { emu, table, recordId } = setup();
		const unknown = await runError(emu, {
			parameters: comment('create', table.id, '64b0c1d2e3f4a5b6c7d8e9f0', { message: 'Hi' }),
		});
		expect(unknown.message).toContain(
			`Record "64b0c1d2e3f4a5b6c7d8e9f0" was not found in table "${table.id}"`,
		);
		const assignee = await runError(emu, {
			parameters: comment('create', table.id, recordId, {
				message: 'Hi',
				assignedTo: byId('64b0c1d2e3f4a5b6c7d8e9f1'),
			}),
		});
		expect(`${assignee.message} ${assignee.description}`).toContain(
			'Member "64b0c1d2e3f4a5b6c7d8e9f1" does not exist.',
		);
		const other = setup();
		const foreign = emu.addComment(other.table.id, other.recordId, { message: { html: 'x' } });
		const reply = await runError(emu, {
			parameters: comment('create', table.id, recordId, {
				message: 'Hi',
				parentCommentId: foreign.id,
			}),
		});
		expect(`${reply.message} ${reply.description}`).toContain('is not a comment of this record');
	});

	it('never sends a create twice after a 500 (the comment may exist), and says so; Continue on Fail goes on', async () => {
		const { emu, table, recordId } = setup();
		emu.injectFault({
			operation: 'CreateComment',
			action: { type: 'status', status: 500, afterProcessing: true },
		});
		const result = await runInWorkflow(emu, {
			parameters: comment('create', table.id, recordId, { message: '={{ $json.text }}' }),
			input: [{ text: 'one' }, { text: 'two' }],
			continueOnFail: true,
		});
		expect(
			result.output.map((item) => [item.json.error ?? item.json.text, item.pairedItem]),
		).toEqual([
			[expect.stringContaining('The comment may have been created'), { item: 0 }],
			['two', { item: 1 }],
		]);
		expect(operations(emu).filter((operation) => operation === 'CreateComment')).toHaveLength(2);
		expect(JSON.stringify(result.output)).not.toContain(emu.apiKey);
	});
});

describe('Comment > Get Many', () => {
	function seedComments(count: number) {
		const { emu, table, recordId } = setup();
		const [, sam] = emu.members();
		for (let i = 0; i < count; i++)
			emu.addComment(table.id, recordId, { message: { html: `Note ${i}` }, assigned_to: sam.id });
		return { emu, table, recordId };
	}

	it('follows the next links across pages; Return All gets every comment, simplified', async () => {
		const { emu, table, recordId } = seedComments(5);
		emu.setVariant({ commentsPageSize: 2 });
		const output = await run(emu, {
			parameters: comment('getMany', table.id, recordId, { returnAll: true }),
		});
		expect(output.map((item) => item.json.text)).toEqual([0, 1, 2, 3, 4].map((i) => `Note ${i}`));
		expect(output[0].json.assignedTo).toMatchObject({ name: 'Sam Rivera' });
		expect(emu.requests.filter((r) => r.operation === 'ListComments').map((r) => r.path)).toEqual([
			`/api/v1/comments/?record=${recordId}`,
			`/api/v1/comments/?record=${recordId}&limit=2&offset=2`,
			`/api/v1/comments/?record=${recordId}&limit=2&offset=4`,
		]);
	});

	it('reads a next that is a number (the reference types it so) as the offset of the next page; null ends', async () => {
		const { emu, table, recordId } = seedComments(5);
		emu.setVariant({ commentsPageSize: 2, commentsNext: 'offset' });
		const output = await run(emu, {
			parameters: comment('getMany', table.id, recordId, { returnAll: true }),
		});
		expect(output.map((item) => item.json.text)).toEqual([0, 1, 2, 3, 4].map((i) => `Note ${i}`));
		expect(emu.requests.filter((r) => r.operation === 'ListComments').map((r) => r.path)).toEqual([
			`/api/v1/comments/?record=${recordId}`,
			`/api/v1/comments/?record=${recordId}&offset=2`,
			`/api/v1/comments/?record=${recordId}&offset=4`,
		]);
	});

	it('Limit stops reading once enough; Simplify off gives the comments as SmartSuite lists them', async () => {
		const { emu, table, recordId } = seedComments(5);
		emu.setVariant({ commentsPageSize: 2 });
		const output = await run(emu, {
			parameters: comment('getMany', table.id, recordId, { limit: 3, simplify: false }),
		});
		expect(output.map((item) => item.json)).toEqual(
			emu
				.comments()
				.filter((c) => c.record === recordId)
				.slice(0, 3),
		);
		expect(operations(emu)).toEqual(['ListComments', 'ListComments']);
	});

	it('a record without comments gives nothing; an unknown record is a clear error', async () => {
		const { emu, table, recordId } = setup();
		expect(await run(emu, { parameters: comment('getMany', table.id, recordId) })).toEqual([]);
		const error = await runError(emu, {
			parameters: comment('getMany', table.id, '64b0c1d2e3f4a5b6c7d8e9f0'),
		});
		expect(error.message).toContain(
			`Record "64b0c1d2e3f4a5b6c7d8e9f0" was not found in table "${table.id}"`,
		);
	});

	it('passes over elements that are not comments (null), with a warning', async () => {
		const { emu, table, recordId } = seedComments(2);
		emu.setVariant({ junkInLists: true });
		const output = await run(emu, {
			parameters: comment('getMany', table.id, recordId, { returnAll: true }),
		});
		expect(output.map((item) => item.json.text)).toEqual(['Note 0', 'Note 1']);
		expect(warnings.join('\n')).toContain('passed over 1 of 3 elements of a list of comments');
	});

	it('waits out a 429 and retries a 502 of a list', async () => {
		const { emu, table, recordId } = seedComments(1);
		emu.injectFault({
			operation: 'ListComments',
			action: { type: 'rateLimit', retryAfterSeconds: 0 },
		});
		emu.injectFault({
			operation: 'ListComments',
			skip: 1,
			action: { type: 'status', status: 502 },
		});
		const output = await run(emu, { parameters: comment('getMany', table.id, recordId) });
		expect(output).toHaveLength(1);
		expect(operations(emu)).toEqual([
			'ListComments',
			'ListComments',
			'ListComments',
			'ListMembers',
		]);
	});

	it('never follows a next link to another host (the key would go there), nor one already read', async () => {
		const foreign = await startStub(() => ({ status: 200, body: { results: [] } }));
		const page = (next: string) => ({
			count: 2,
			next,
			previous: null,
			results: [{ id: 'c1', member: 'm', message: { preview: 'hi' } }],
		});
		let nextLink = `${foreign.url}/api/v1/comments/?offset=1`;
		const smartsuite = await startStub((_body, _n, path) =>
			path.startsWith('/api/v1/members/')
				? { status: 200, body: { items: [], total: 0 } }
				: { status: 200, body: page(nextLink) },
		);
		try {
			const credentials = { baseUrl: smartsuite.url, webhooksUrl: smartsuite.url };
			const error = await runError(ctx.emu, {
				parameters: comment('getMany', 't1', 'r1', { returnAll: true }),
				credentials,
			});
			expect(error.message).toBe(
				'SmartSuite pointed to the next page of comments at an address the node does not follow',
			);
			expect(foreign.requests).toEqual([]);
			nextLink = `${smartsuite.url}/api/v1/comments/?record=r1`;
			const loop = await runError(ctx.emu, {
				parameters: comment('getMany', 't1', 'r1', { returnAll: true }),
				credentials,
			});
			expect(loop.message).toContain('already read');
		} finally {
			await foreign.close();
			await smartsuite.close();
		}
	});
});
