import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { listSearch, loadOptions } from './shared/listSearch';
import { SMARTSUITE_DESCRIPTION } from './shared/nodeDescription';
import { recordDescription } from './actions/record';
import { recordListSearch, recordLoadOptions } from './actions/record/methods';
import { resourceMapping } from './shared/resourceMapping';
import { operationSubtitle } from './actions/subtitle';
import { webhookDescription, webhookLoadOptions } from './actions/webhook';
import { fieldDescription } from './actions/field';
import { fieldListSearch } from './actions/field/methods';
import { solutionDescription } from './actions/solution';
import { tableDescription } from './actions/table';
import { viewDescription } from './actions/view';
import { viewListSearch } from './actions/view/views';
import { commentDescription } from './actions/comment';
import { memberDescription } from './actions/member';
import { teamDescription } from './actions/team';
import { memberListSearch } from './shared/memberLocator';
import { router } from './actions/router';

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
		// 2: Comment → Create's Format is Auto by default (version 1 keeps Plain Text). New nodes take
		// the last version. No defaultVersion: with one, n8n counts a node whose `version` is a list as
		// not its latest and adds no "Custom API Call" to Resource and Operation.
		version: [1, 2],
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
		loadOptions: { ...loadOptions, ...recordLoadOptions, ...webhookLoadOptions },
		resourceMapping,
	};

	/** Every operation, in every path n8n runs the node by (actions/router.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
