import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { listTables } from '../../shared/directory';
import { solutionLocator } from '../../shared/locators';
import { eachItem } from '../record/common';
import { getSolution, readSolutionId } from '../solution/common';

const show = { resource: ['table'], operation: ['getMany'] };

export const getManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many tables of a solution',
	description:
		'List the tables of a solution, each with its ID, name and number of fields (the fields themselves with Include Structure)',
};

export const getManyFields: INodeProperties[] = [
	solutionLocator({ description: 'The solution whose tables to list', displayOptions: { show } }),
	{
		displayName: 'Include Structure',
		name: 'includeStructure',
		type: 'boolean',
		default: false,
		description:
			"Whether to return each table as SmartSuite lists it, with its fields' whole settings (choices, colours…), instead of its ID, name, solution, slug and number of fields",
		displayOptions: { show },
	},
];

/** A table in a few keys: what picking a table needs (its fields: Table → Get). */
function slimTable(table: IDataObject): IDataObject {
	return {
		id: table.id,
		name: table.name ?? null,
		solution: table.solution ?? null,
		slug: table.slug ?? null,
		fieldCount: Array.isArray(table.structure) ? table.structure.length : null,
	};
}

/**
 * `GET /api/v1/applications/?solution=<id>` (reference: tables/list-tables.md), one request per
 * item. SmartSuite lists nothing for a solution it does not know, so an empty list is checked
 * with a read of the solution: an unknown one is an error, an empty one gives no items.
 */
export async function executeGetMany(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const solutionId = readSolutionId(this, itemIndex);
		const tables = await listTables(this, solutionId);
		if (tables.length === 0) await getSolution(client, solutionId, itemIndex);
		return this.getNodeParameter('includeStructure', itemIndex, false)
			? tables
			: tables.map(slimTable);
	});
}
