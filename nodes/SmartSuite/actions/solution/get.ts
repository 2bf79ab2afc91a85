import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { solutionLocator } from '../../shared/locators';
import { eachItem } from '../record/common';
import { getSolution, readSolutionId } from './common';

const show = { resource: ['solution'], operation: ['get'] };

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a solution',
	description: 'Read one solution: its name, status and counts of tables, records and members',
};

export const getFields: INodeProperties[] = [solutionLocator({ displayOptions: { show } })];

export async function executeGet(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => [
		await getSolution(client, readSolutionId(this, itemIndex), itemIndex),
	]);
}
