import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { requireId } from '../../shared/ids';
import { teamLocator } from '../../shared/memberLocator';
import { simplifyOption, simplifyTeam, teamById } from '../../shared/people';
import { eachItem, readSimplify } from '../record/common';

const show = { resource: ['team'], operation: ['get'] };

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a team',
	description: 'Read one team of the workspace by its ID',
};

export const getFields: INodeProperties[] = [
	teamLocator({
		description: 'The team to read: picked from the list, or its ID',
		displayOptions: { show },
	}),
	simplifyOption(show, 'team'),
];

/** SmartSuite documents no read of one team: the teams list is read and the team picked by id. */
export async function executeGet(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const teamId = requireId(
			this.getNode(),
			this.getNodeParameter('teamId', itemIndex, '', { extractValue: true }),
			'Team',
			itemIndex,
		);
		const team = await teamById(this, client, teamId, itemIndex);
		return [readSimplify(this, itemIndex) ? simplifyTeam(team) : team];
	});
}
