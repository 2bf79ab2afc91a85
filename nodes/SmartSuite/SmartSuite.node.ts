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
import { fieldDescription, fieldOperations } from './actions/field';
import { fieldListSearch } from './actions/field/methods';
import { solutionDescription, solutionOperations } from './actions/solution';
import { tableDescription, tableOperations } from './actions/table';
import { viewDescription, viewOperations } from './actions/view';
import { viewListSearch } from './actions/view/views';
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
			{ name: 'Field', value: 'field' },
			{ name: 'Member', value: 'member' },
			{ name: 'Record', value: 'record' },
			{ name: 'Solution', value: 'solution' },
			{ name: 'Table', value: 'table' },
			{ name: 'Team', value: 'team' },
			{ name: 'View', value: 'view' },
			{ name: 'Webhook', value: 'webhook' },
		],
		default: 'record',
	},
	...recordDescription,
	...webhookDescription,
	...fieldDescription,
	...solutionDescription,
	...tableDescription,
	...viewDescription,
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
		listSearch: {
			...listSearch,
			...recordListSearch,
			...fieldListSearch,
			...viewListSearch,
			...memberListSearch,
		},
		loadOptions: { ...loadOptions, ...recordLoadOptions },
		resourceMapping,
	};

	/** Record operations that need code run here instead of as routes: see actions/record/index.ts. */
	customOperations: INodeType['customOperations'] = {
		record: recordOperations,
		field: fieldOperations,
		solution: solutionOperations,
		table: tableOperations,
		view: viewOperations,
		comment: commentOperations,
		member: memberOperations,
		team: teamOperations,
	};
}
