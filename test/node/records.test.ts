/** Record > Create, Get, Update, Delete, Search through n8n's WorkflowExecute against the emulator. */
import type { INodeParameters } from 'n8n-workflow';

import { TYPED_FIELDS as F } from '../emulator/fixtures';
import type { TableObject } from '../emulator';
import { run, runError, runInWorkflow, useEmulator } from './harness';

const ctx = useEmulator();

const table = (id: string) => ({ __rl: true, mode: 'id', value: id });
const record = (id: string) => ({ __rl: true, mode: 'id', value: id });
const mapped = (value: Record<string, unknown>) => ({ mappingMode: 'defineBelow', value });
const autoMap = { mappingMode: 'autoMapInputData', value: null };

const create = (tableId: string, columns: unknown, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'record',
	operation: 'create',
	tableId: table(tableId),
	columns: columns as INodeParameters['columns'],
	...extra,
});

function fieldTypesTable(): TableObject {
	const solution = ctx.emu.addSolution();
	return ctx.emu.addFieldTypesTable(solution.id);
}

describe('Record > Create', () => {
	it('creates one record from the mapper and returns it simplified', async () => {
		const { emu } = ctx;
		const t = fieldTypesTable();

		const output = await run(emu, { parameters: create(t.id, mapped({ title: 'Deal', [F.text]: 'C-1', [F.number]: '12' })) });

		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({ id: expect.any(String), Name: 'Deal', Code: 'C-1', Quantity: 12 });
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(emu.requests.map((r) => r.operation)).toEqual(['GetTable', 'CreateRecord']);
	});
});
