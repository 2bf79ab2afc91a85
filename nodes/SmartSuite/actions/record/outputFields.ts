/**
 * Output Fields (Search, Get, View → Get Records): only the chosen fields of each record come
 * out. SmartSuite documents no way to ask for fewer fields, so the records are cut before
 * Simplify: the members are read only when a kept field shows people.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Field } from '../../shared/fields';
import { describeGiven } from '../../shared/fields';
import { hasOwn, setOwn } from '../../shared/own';
import { fieldByKey, fieldList, namesIn } from './fieldNames';

export function outputFieldsField(show: Record<string, string[]>): INodeProperties {
	return {
		displayName: 'Output Field Names or IDs',
		name: 'outputFields',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getTableFields', loadOptionsDependsOn: ['tableId.value'] },
		default: [],
		description:
			'The fields each record shows beside its ID; none: every field. An expression gives labels or slugs, as a list or separated by commas. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show },
	};
}

/** The slugs of the item's Output Fields, or undefined for every field; a name no field has is the item's error. */
export function readOutputFields(
	context: IExecuteFunctions,
	structure: Field[],
	itemIndex: number,
): Set<string> | undefined {
	const names = namesIn(context.getNodeParameter('outputFields', itemIndex, []));
	if (names.length === 0) return undefined;
	const unknown = names.filter((name) => !fieldByKey(structure, name));
	if (unknown.length > 0) {
		throw new NodeOperationError(
			context.getNode(),
			`Output Fields names no field of the table: ${unknown.map((name) => describeGiven(name)).join(', ')}. The table's fields (label or slug): ${fieldList(structure)}`,
			{ description: 'Nothing was read for this item.', itemIndex },
		);
	}
	return new Set(names.map((name) => fieldByKey(structure, name)!.slug));
}

/** Each record as its ID and the kept fields only (all of it when `slugs` is undefined). */
export function onlyFields(records: IDataObject[], slugs: Set<string> | undefined): IDataObject[] {
	if (!slugs) return records;
	return records.map((record) => {
		const kept: IDataObject = { id: record.id };
		for (const slug of slugs) if (hasOwn(record, slug)) setOwn(kept, slug, record[slug]);
		return kept;
	});
}
