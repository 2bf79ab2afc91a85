/**
 * The reads a trigger keeps between its runs (trigger/keptReads.ts): when the kept structure and
 * members still show a run's values, and when they are dropped.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Field } from '../../nodes/SmartSuite/shared/fields';
import type { MemberDirectory } from '../../nodes/SmartSuite/shared/records';
import {
	KEEP_MS,
	directoryShows,
	keptReadsOf,
	keptTable,
	structureShows,
} from '../../nodes/SmartSuite/trigger/keptReads';

const structure: Field[] = [
	{ slug: 'title', label: 'Title', field_type: 'textfield', params: {} },
	{
		slug: 'priority',
		label: 'Priority',
		field_type: 'singleselectfield',
		params: { choices: [{ value: '1', label: 'Low' }] },
	},
	{
		slug: 'status',
		label: 'Status',
		field_type: 'statusfield',
		params: { choices: [{ value: 'done', label: 'Done' }] },
	},
	{ slug: 'tags', label: 'Tags', field_type: 'multipleselectfield', params: { choices: [] } },
	{ slug: 'assigned_to', label: 'Assigned To', field_type: 'userfield', params: {} },
];
const record: IDataObject = {
	id: 'r1',
	application_slug: 'deals',
	title: 'Deal',
	priority: '1',
	status: { value: 'done', updated_on: '2026-01-01T00:00:00Z' },
	tags: [],
	assigned_to: ['m1'],
};
const directory = (...ids: string[]): MemberDirectory => ({
	all: ids.map((id) => ({ id })),
	byId: new Map(ids.map((id) => [id, { id }])),
	idByEmail: new Map(),
});

describe('structureShows', () => {
	const table = keptTable(structure, [record]);

	it('shows the values it was read with, and the keys beside the fields seen then', () => {
		expect([...table.otherKeys].sort()).toEqual(['application_slug', 'id']);
		expect(structureShows(table, [record, { ...record, priority: '', status: null }])).toBe(true);
	});

	it('read again, keeps the keys beside the fields seen before: records of two shapes read it once each', () => {
		const other = { id: 'r2', deleted_date: null, title: 'Other' };
		expect(structureShows(table, [other])).toBe(false);
		const again = keptTable(structure, [other], table.otherKeys);
		expect([...again.otherKeys].sort()).toEqual(['application_slug', 'deleted_date', 'id']);
		expect(structureShows(again, [record, other])).toBe(true);
	});

	it('does not show a key it has not seen (a field added since) or a choice its field lacks', () => {
		expect(structureShows(table, [{ ...record, new_field: 'x' }])).toBe(false);
		expect(structureShows(table, [{ ...record, priority: '2' }])).toBe(false);
		expect(structureShows(table, [{ ...record, status: { value: 'new' } }])).toBe(false);
		expect(structureShows(table, [{ ...record, tags: ['a'] }])).toBe(false);
	});
});

describe('directoryShows', () => {
	it('knows every member of the user fields, or not', () => {
		expect(directoryShows(directory('m1'), structure, [record, { assigned_to: [] }])).toBe(true);
		expect(directoryShows(directory('m2'), structure, [record])).toBe(false);
		expect(directoryShows(directory(), structure, [{ title: 'no people' }])).toBe(true);
	});
});

describe('keptReadsOf', () => {
	it('gives the same reads to one key until KEEP_MS has passed, other reads to another key', () => {
		const start = 1_000_000;
		const reads = keptReadsOf('a', start);
		reads.members = directory('m1');
		expect(keptReadsOf('a', start + KEEP_MS - 1)).toBe(reads);
		expect(keptReadsOf('b', start + 1)).not.toBe(reads);
		const renewed = keptReadsOf('a', start + KEEP_MS);
		expect(renewed).not.toBe(reads);
		expect(renewed.members).toBeUndefined();
	});
});
