/**
 * Issue 57: a field whose slug is `__proto__` (a slug SmartSuite may give, and the emulator keeps
 * as any other) reaches SmartSuite from Create and Update, single and bulk, as SmartSuite's
 * reference writes a record: keyed by slug. n8n's HTTP client copies a body given as an object
 * key by key, which turns that key into the copy's prototype: it was dropped without a word.
 */
import type { INodeParameters } from 'n8n-workflow';

import { run, useEmulator } from './harness';

const ctx = useEmulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
/** Create or Update with the fields by label (an object written with a "__proto__" key has none). */
const write = (
	operation: 'create' | 'update',
	tableId: string,
	fields: string,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'record',
	operation,
	tableId: byId(tableId),
	fieldsInput: 'json',
	fieldsJson: fields,
	simplify: false,
	...extra,
});

function protoTable() {
	return ctx.emu.addTable(ctx.emu.addSolution().id, {
		structure: [
			{ slug: 'title', label: 'Title', field_type: 'recordtitlefield', params: { primary: true } },
			{ slug: '__proto__', label: 'Stage', field_type: 'textfield', params: {} },
		],
	});
}

/** The own keys and values of the JSON body SmartSuite received last for `operation`. */
function sent(operation: string): Array<[string, unknown]> {
	const request = ctx.emu.requests.filter((r) => r.operation === operation).at(-1);
	const body = JSON.parse(request?.rawBody ?? '{}') as Record<string, unknown>;
	const record = Array.isArray(body.items) ? (body.items as Record<string, unknown>[])[0] : body;
	return Object.entries(record);
}

it('Create sends a field whose slug is "__proto__", for one item and for several (bulk)', async () => {
	const t = protoTable();

	await run(ctx.emu, {
		parameters: write('create', t.id, '={{ { "Title": "Deal", "Stage": "Won" } }}'),
	});
	expect(sent('CreateRecord')).toEqual([
		['title', 'Deal'],
		['__proto__', 'Won'],
	]);

	await run(ctx.emu, {
		parameters: write('create', t.id, '={{ { "Title": $json.title, "Stage": "Won" } }}'),
		input: [{ title: 'A' }, { title: 'B' }],
	});
	expect(sent('BulkCreateRecords')).toEqual([
		['title', 'A'],
		['__proto__', 'Won'],
	]);
});

it('Update sends it, single and bulk', async () => {
	const t = protoTable();
	const [a, b] = [ctx.emu.addRecord(t.id, { title: 'A' }), ctx.emu.addRecord(t.id, { title: 'B' })];

	await run(ctx.emu, {
		parameters: write('update', t.id, '={{ { "Stage": "Lost" } }}', { recordId: byId(a.id) }),
	});
	expect(sent('UpdateRecord')).toEqual([['__proto__', 'Lost']]);

	await run(ctx.emu, {
		parameters: write('update', t.id, '={{ { "Stage": "Won" } }}', {
			recordId: byId('={{ $json.id }}'),
		}),
		input: [{ id: a.id }, { id: b.id }],
	});
	expect(sent('BulkUpdateRecords')).toEqual([
		['__proto__', 'Won'],
		['id', a.id],
	]);
});
