/**
 * What a write's answer shows (issues 27 and 29), through n8n's WorkflowExecute against the
 * emulator or a stub: a delete repeated after a 5xx that SmartSuite had carried out is a delete;
 * a failed write quotes SmartSuite; a 400 keyed by field names the field by its label; success
 * answers without JSON are successes.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TYPED_FIELDS as F } from '../emulator/fixtures';
import { deleteWebhook, run, runError, startStub, useEmulator } from './harness';

const ctx = useEmulator();

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const op = (operation: string, tableId: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'record',
	operation,
	tableId: locator(tableId),
	...extra,
});
const deleteOf = (tableId: string) =>
	op('delete', tableId, { recordId: locator('={{ $json.id }}') });
const operations = () =>
	ctx.emu.requests.map((request) => `${request.operation} ${request.status}`);

function table() {
	return ctx.emu.addFieldTypesTable(ctx.emu.addSolution().id);
}

describe('a delete sent again after an answer that may have followed the work (issue 29)', () => {
	it.each([502, 503])(
		'one record: %i after deleting, then 404 on the retry, is deleted',
		async (status) => {
			const t = table();
			const { id } = ctx.emu.addRecord(t.id, { title: 'Gone' });
			ctx.emu.injectFault({
				operation: 'DeleteRecord',
				action: { type: 'status', status: status as 502, afterProcessing: true },
			});

			const output = await run(ctx.emu, { parameters: deleteOf(t.id), input: [{ id }] });

			expect(output.map((item) => item.json)).toEqual([{ id, deleted: true }]);
			expect(operations()).toEqual([`DeleteRecord ${status}`, 'DeleteRecord 404']);
		},
	);

	it('many records: a 503 after deleting, then the retry leaves them all out, is deleted', async () => {
		const t = table();
		const ids = Array.from({ length: 3 }, () => ctx.emu.addRecord(t.id).id);
		ctx.emu.injectFault({
			operation: 'BulkDeleteRecords',
			action: { type: 'status', status: 503, afterProcessing: true },
		});

		const output = await run(ctx.emu, {
			parameters: deleteOf(t.id),
			input: ids.map((id) => ({ id })),
		});

		expect(output.map((item) => item.json)).toEqual(ids.map((id) => ({ id, deleted: true })));
		expect(operations()).toEqual(['BulkDeleteRecords 503', 'BulkDeleteRecords 200']);
	});

	it('without a repeat, a missing record is still "not found"', async () => {
		const t = table();

		const error = await runError(ctx.emu, { parameters: deleteOf(t.id), input: [{ id: 'r404' }] });

		expect(error.message).toBe(
			`Record "r404" was not found in table "${t.id}", or it is already deleted`,
		);
	});
});

describe('failed writes quote SmartSuite (issue 29)', () => {
	it('a 500 after the bulk create was stored says the records may exist and what SmartSuite said', async () => {
		const t = table();
		ctx.emu.injectFault({
			operation: 'BulkCreateRecords',
			action: { type: 'status', status: 500, afterProcessing: true },
		});

		const error = await runError(ctx.emu, {
			parameters: op('create', t.id, { columns: { mappingMode: 'autoMapInputData', value: null } }),
			input: [0, 1].map((i) => ({ title: `R${i}`, [F.text]: `C${i}` })),
		});

		expect(error.message).toMatch(
			/failed: The records may have been created: SmartSuite answered 500/,
		);
		expect(error.description).toContain('SmartSuite said: "internal error"');
		expect(error.httpCode).toBe('500');
	});

	it("a bulk update's failed_items reason is quoted without the key and cut short", async () => {
		const t = table();
		const { id } = ctx.emu.addRecord(t.id, { title: 'A', [F.text]: 'C' });
		const reason = `Token ${ctx.emu.apiKey} ${'x'.repeat(1000)}`;
		const stub = await startStub((_body, _n, path) =>
			path.endsWith('/bulk/')
				? { status: 200, body: { successful_items: [], failed_items: [{ index: 1, reason }] } }
				: { status: 200, body: ctx.emu.getTable(t.id) },
		);
		try {
			const result = await run(ctx.emu, {
				parameters: op('update', t.id, {
					recordId: locator('={{ $json.id }}'),
					columns: { mappingMode: 'autoMapInputData', value: null },
				}),
				input: [
					{ id, title: 'B' },
					{ id, title: 'C' },
				],
				credentials: { baseUrl: stub.url },
				continueOnFail: true,
			});
			const failed = result[1] as IDataObject & { error?: { description?: string } };
			const description = failed.error?.description ?? '';
			expect(description).toMatch(/^SmartSuite said: "Token \*\*\* x+…"$/);
			expect(description.length).toBeLessThan(330);
			expect(JSON.stringify(result)).not.toContain(ctx.emu.apiKey);
		} finally {
			await stub.close();
		}
	});
});

describe("SmartSuite's error bodies keyed by field (issue 27)", () => {
	it('a 400 on a search names the field by its label and quotes SmartSuite', async () => {
		const t = table();
		const said = "' is not allowed for the 'is_not_empty' comparison";
		const stub = await startStub((_body, _n, path) =>
			path.includes('/records/list/')
				? { status: 400, body: { [F.number]: [said] } }
				: { status: 200, body: ctx.emu.getTable(t.id) },
		);
		try {
			const error = await runError(ctx.emu, {
				parameters: op('search', t.id, { returnAll: true }),
				credentials: { baseUrl: stub.url },
			});
			expect(error.message).toBe(`SmartSuite rejected the value of "Quantity" (400): ${said}`);
			expect(error.description).toBe(`SmartSuite said: "Quantity": ${said}`);
		} finally {
			await stub.close();
		}
	});

	it("a 400 keyed by a parameter that is no field quotes the key and SmartSuite's words", async () => {
		const t = table();
		const stub = await startStub((_body, _n, path) =>
			path.includes('/records/list/')
				? { status: 400, body: { sort: ['Unknown field.', 'Try another.'] } }
				: { status: 200, body: ctx.emu.getTable(t.id) },
		);
		try {
			const error = await runError(ctx.emu, {
				parameters: op('search', t.id, { returnAll: true }),
				credentials: { baseUrl: stub.url },
			});
			expect(error.message).toBe(
				'SmartSuite rejected the request to search the records (400): sort: Unknown field. Try another.',
			);
			expect(error.description).not.toContain('page size and page token');
		} finally {
			await stub.close();
		}
	});
});

describe('success answers without JSON (issue 27)', () => {
	it.each(['empty', 'text'] as const)(
		'%s bodies: Webhook > Delete and record deletes, single and bulk, succeed',
		async (successBodies) => {
			const { emu } = ctx;
			emu.setVariant({ successBodies });
			const { webhook_id: webhookId } = emu.createWebhook();
			const t = table();
			const ids = Array.from({ length: 3 }, () => emu.addRecord(t.id).id);

			expect(
				(await run(emu, { parameters: deleteWebhook(webhookId) })).map((item) => item.json),
			).toEqual([{ deleted: true, webhook_id: webhookId }]);
			expect(
				(await run(emu, { parameters: deleteOf(t.id), input: [{ id: ids[0] }] })).map(
					(item) => item.json,
				),
			).toEqual([{ id: ids[0], deleted: true }]);
			const bulk = await run(emu, {
				parameters: deleteOf(t.id),
				input: ids.slice(1).map((id) => ({ id })),
			});
			expect(bulk.map((item) => item.json)).toEqual(
				ids.slice(1).map((id) => ({ id, deleted: true })),
			);
			expect(emu.records(t.id, { deleted: false })).toHaveLength(0);
		},
	);
});
