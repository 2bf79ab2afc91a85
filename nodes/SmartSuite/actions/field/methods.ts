/** The field picker of the Field operations: the chosen table's fields, from its structure. */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fieldTypeName } from '../../shared/fieldTypes';
import { structureOfChosenTable } from '../record/methods';

async function searchFields(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const structure = await structureOfChosenTable(this);
	if (structure.length === 0)
		throw new NodeOperationError(this.getNode(), 'Choose a Table first', {
			description: 'The list shows the fields of one table. Or enter the field slug (mode "ID").',
		});
	const wanted = (filter ?? '').trim().toLowerCase();
	return {
		results: structure
			.filter((field) => !wanted || `${field.label} ${field.slug}`.toLowerCase().includes(wanted))
			.map((field) => ({
				name: `${field.label} (${fieldTypeName(field.field_type)})`,
				value: field.slug,
			})),
	};
}

export const fieldListSearch = { searchFields };
