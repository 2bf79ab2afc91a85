import type { IAuthenticateGeneric, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

// Tested by the SmartSuite nodes (`testedBy: 'smartSuiteWorkspaceApiTest'`): a working key answers 404
// for a webhook that cannot exist, which a declarative `test` request would report as a failure.
export class SmartSuiteWorkspaceApi implements ICredentialType {
	name = 'smartSuiteWorkspaceApi';

	displayName = 'SmartSuite Workspace API';

	icon: Icon = {
		light: 'file:../nodes/SmartSuite/smartsuite.svg',
		dark: 'file:../nodes/SmartSuite/smartsuite.dark.svg',
	};

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-smartsuite-workspace';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'In SmartSuite: your profile menu, then API Key',
		},
		{
			displayName: 'Workspace ID',
			name: 'workspaceId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'sv25cxf2',
			hint: 'The 8 characters after the host in any SmartSuite URL: https://app.smartsuite.com/<b>sv25cxf2</b>/solution/…',
		},
		{
			displayName: 'Records API Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://app.smartsuite.com',
			description: 'Base address of the records API. Change it only for a proxy or a test server.',
		},
		{
			displayName: 'Webhooks API Base URL',
			name: 'webhooksUrl',
			type: 'string',
			default: 'https://webhooks.smartsuite.com',
			description:
				'Base address of the webhooks API. Change it only for a proxy or a test server.',
		},
		{
			displayName: 'Webhooks Service Name',
			name: 'webhooksService',
			type: 'string',
			default: '',
			// Shown in the empty field whatever the address: names no service (the description says which is chosen).
			placeholder: 'Automatic: chosen from the Webhooks API Base URL',
			description:
				'Leave empty to choose automatically: smartsuite.webhooks.engine.Webhooks on webhooks.smartsuite.com, service.webhooks.engine.Webhooks (the interface spec) on any other host. Fill in only for a proxy in front of SmartSuite or a server that uses the other name.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Token {{$credentials.apiKey.trim()}}',
				'ACCOUNT-ID': '={{$credentials.workspaceId.trim()}}',
			},
		},
	};
}
