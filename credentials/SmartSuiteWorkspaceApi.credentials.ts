import type {
	IAuthenticateGeneric,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

const RECORDS_URL_HINT =
	'Check the Records API Base URL (https://app.smartsuite.com unless you use a proxy).';

/**
 * Both kinds of rule in one list: n8n's CredentialsTester (2.8 and 2.41) checks each rule's type
 * (status rules on a refusal, body rules on a success); the declared type asks for one kind.
 */
const bothKinds = (
	rules: Array<IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody>,
) => rules as IAuthenticateRuleResponseCode[];

export class SmartSuiteWorkspaceApi implements ICredentialType {
	name = 'smartSuiteWorkspaceApi';

	displayName = 'SmartSuite Workspace API';

	icon: Icon = {
		light: 'file:../nodes/SmartSuite/smartsuite.svg',
		dark: 'file:../nodes/SmartSuite/smartsuite.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-smartsuite-workspace/n8n-nodes-smartsuite-workspace/blob/main/docs/credentials.md';

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
			description: 'Base address of the webhooks API. Change it only for a proxy or a test server.',
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
		{
			displayName: 'Requests per Second',
			name: 'requestsPerSecond',
			type: 'number',
			// As pace.ts's PACE.requestsPerSecond and RATE_BOUNDS: a credential saved without the field gets 4 too.
			default: 4,
			typeOptions: { minValue: 0.1, maxValue: 5, numberPrecision: 1 },
			description:
				'The most requests a second each n8n process sends with this API key (SmartSuite allows 5 per key). After a 429 the nodes slow down by themselves; set it lower when you know the key has less room.',
			hint: "2 once the plan's monthly quota is used up; in queue mode, the rate divided by the workers; less when other apps use the key.",
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

	/**
	 * n8n's declarative credential test: one member of the workspace's members list on the records
	 * API (the list Record writes read to resolve e-mail addresses), which answers a JSON object
	 * with `items` for a working key and workspace. Each refusal names the setting to check; an
	 * answer without `items` did not come from SmartSuite. The Webhooks API Base URL and service
	 * name are checked by the first webhooks call (README, "Credentials").
	 */
	test: ICredentialTestRequest = {
		request: {
			method: 'POST',
			baseURL: '={{$credentials.baseUrl.trim().replace(/(?<!\\/)\\/+$/, "")}}',
			url: '/api/v1/members/list/',
			qs: { offset: 0, limit: 1 },
			// As every request of the package: the key never follows a redirect.
			disableFollowRedirect: true,
		},
		rules: bothKinds([
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'items',
					value: undefined,
					message: `The server answered, but not as SmartSuite's records API (no list of members). ${RECORDS_URL_HINT}`,
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'SmartSuite did not accept the API key (401). Check the API Key: in SmartSuite, your profile menu, then API Key.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						"SmartSuite refused access to the workspace (403). Check the Workspace ID: the 8 characters after the host in a SmartSuite URL of a workspace the key's user belongs to.",
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 400,
					message:
						'SmartSuite refused the request (400), as it does for a missing or malformed workspace. Check the Workspace ID.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: `Nothing answers /api/v1/members/list/ at this address (404): it is not SmartSuite's records API. ${RECORDS_URL_HINT}`,
				},
			},
			...[301, 302, 303, 307, 308].map((value) => ({
				type: 'responseCode' as const,
				properties: {
					value,
					message: `The Records API Base URL redirects elsewhere (${value}); the API key is never sent on to another address. ${RECORDS_URL_HINT}`,
				},
			})),
		]),
	};
}
