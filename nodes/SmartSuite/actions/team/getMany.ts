import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { listTeams, simplifyOption, simplifyTeam } from '../../shared/people';
import { eachItem, readSimplify } from '../record/common';
import { readLimit } from '../record/search';
import { returnAllFields } from '../shared';

const show = { resource: ['team'], operation: ['getMany'] };

export const getManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many teams',
	description: 'List the teams of the workspace',
};

export const getManyFields: INodeProperties[] = [
	...returnAllFields(show),
	simplifyOption(show, 'team'),
];

export async function executeGetMany(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const limit = readLimit(this, itemIndex);
		const { teams } = await listTeams(this, client, { limit, itemIndex });
		return readSimplify(this, itemIndex) ? teams.map(simplifyTeam) : teams;
	});
}
