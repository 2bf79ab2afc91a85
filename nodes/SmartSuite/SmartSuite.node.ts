import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { listSearch, loadOptions } from './shared/listSearch';
import { SMARTSUITE_DESCRIPTION } from './shared/nodeDescription';
import { REQUEST_DEFAULTS } from './shared/transport';
import { recordDescription, recordOperations } from './actions/record';
import { recordListSearch, recordLoadOptions } from './actions/record/methods';
import { resourceMapping } from './shared/resourceMapping';
import { operationSubtitle } from './actions/subtitle';
import { webhookDescription } from './actions/webhook';
import { commentDescription, commentOperations } from './actions/comment';
import { memberDescription, memberOperations } from './actions/member';
import { teamDescription, teamOperations } from './actions/team';
import { memberListSearch } from './shared/memberLocator';

const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Comment', value: 'comment' },
			{ name: 'Member', value: 'member' },
			{ name: 'Record', value: 'record' },
			{ name: 'Team', value: 'team' },
			{ name: 'Webhook', value: 'webhook' },
		],
		default: 'record',
	},
	...recordDescription,
	...webhookDescription,
	...commentDescription,
	...memberDescription,
	...teamDescription,
];

export class SmartSuite implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SmartSuite',
		name: 'smartSuite',
		icon: { light: 'file:smartsuite.svg', dark: 'file:smartsuite.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(properties),
		description: SMARTSUITE_DESCRIPTION,
		defaults: { name: 'SmartSuite' },
		usableAsTool: true,
		// The legacy rule predates NodeConnectionTypes, whose Main is the string 'main'.
		// eslint-disable-next-line n8n-nodes-base/node-class-description-inputs-wrong-regular-node
		inputs: [NodeConnectionTypes.Main],
		// eslint-disable-next-line n8n-nodes-base/node-class-description-outputs-wrong
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'smartSuiteWorkspaceApi', required: true }],
		requestDefaults: {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			// Never follow a redirect, and let every status reach the operation's postReceive,
			// which words the error for the user.
			...REQUEST_DEFAULTS,
		},
		properties,
	};

	methods = {
		listSearch: { ...listSearch, ...recordListSearch, ...memberListSearch },
		loadOptions: { ...loadOptions, ...recordLoadOptions },
		resourceMapping,
	};

	/** Record operations that need code run here instead of as routes: see actions/record/index.ts. */
	customOperations: INodeType['customOperations'] = {
		record: recordOperations,
		comment: commentOperations,
		member: memberOperations,
		team: teamOperations,
	};
}
