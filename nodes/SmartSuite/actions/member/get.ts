import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { memberLocator, readMemberId } from '../../shared/memberLocator';
import { memberById, simplifyMember, simplifyOption } from '../../shared/people';
import { eachItem, readSimplify } from '../record/common';

const show = { resource: ['member'], operation: ['get'] };

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a member',
	description: 'Read one member of the workspace by its ID or e-mail address',
};

export const getFields: INodeProperties[] = [
	memberLocator({
		description: 'The member to read: picked from the list, its ID, or its e-mail address',
		displayOptions: { show },
	}),
	simplifyOption(show, 'member'),
];

/**
 * Run by actions/router.ts. SmartSuite documents no read of one member: the member is
 * found in the workspace's members list, read once per run.
 */
export async function executeGet(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const memberId = await readMemberId(this, client, 'memberId', itemIndex, { label: 'Member' });
		const member = await memberById(client, memberId, itemIndex);
		return [readSimplify(this, itemIndex) ? simplifyMember(member) : member];
	});
}
