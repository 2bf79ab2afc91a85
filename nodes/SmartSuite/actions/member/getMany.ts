import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { memberMatches, simplifyMember, simplifyOption } from '../../shared/people';
import { eachItem, readSimplify } from '../record/common';
import { readLimit } from '../record/search';
import { returnAllFields } from '../shared';

const show = { resource: ['member'], operation: ['getMany'] };

export const getManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many members',
	description: 'List the members of the workspace, optionally those matching a name or e-mail',
};

export const getManyFields: INodeProperties[] = [
	...returnAllFields(show),
	{
		displayName: 'Search',
		name: 'search',
		type: 'string',
		default: '',
		placeholder: 'alex or alex@example.com',
		description:
			'Only members whose full name or e-mail address contains this text (any case); empty for all',
		displayOptions: { show },
	},
	simplifyOption(show, 'member'),
];

/** Run by actions/router.ts: the workspace's members are read once per run. */
export async function executeGetMany(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const limit = readLimit(this, itemIndex);
		const search = String(this.getNodeParameter('search', itemIndex, '') ?? '');
		const simplify = readSimplify(this, itemIndex);
		const { all } = await client.members();
		return all
			.filter((member) => memberMatches(member, search))
			.slice(0, limit)
			.map((member) => (simplify ? simplifyMember(member) : member));
	});
}
