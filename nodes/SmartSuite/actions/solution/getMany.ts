import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { listSolutions } from '../../shared/directory';
import { eachItem } from '../record/common';
import { returnAllFields } from '../shared';
import { readListLimit } from './common';

const show = { resource: ['solution'], operation: ['getMany'] };

export const getManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many solutions',
	description: 'List the solutions of the workspace: the ID and name of each, to find its tables',
};

export const getManyFields: INodeProperties[] = returnAllFields(show);

/** One request per item: SmartSuite lists every solution at once (no pages). */
export async function executeGetMany(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (_client, itemIndex) => {
		const limit = readListLimit(this, itemIndex);
		return (await listSolutions(this)).slice(0, limit);
	});
}
