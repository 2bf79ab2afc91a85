import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireWholeNumber } from '../shared/numbers';
import type { RequestSubject, SmartSuiteCredentials } from '../shared/transport';
import {
	credentialsOf,
	hasUserInfo,
	parseResponse,
	received,
	RECORDS_BASE_URL,
	userInfoError,
} from '../shared/transport';

/** A postReceive step that reads the answer. */
export type ResponseCheck = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

/** First preSend of every request: a base URL with a user name or password is refused. */
export async function refuseUserInfo(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (hasUserInfo(requestOptions.baseURL ?? '')) throw userInfoError(this.getNode());
	return requestOptions;
}

/**
 * The only route of the operations that run as code (`customOperations`): reached when n8n runs
 * the node's routes instead, which it does for a tool invoked directly.
 */
async function refuseRoutingOfCode(this: IExecuteSingleFunctions): Promise<IHttpRequestOptions> {
	const resource = String(this.getNodeParameter('resource', ''));
	const operation = String(this.getNodeParameter('operation', ''));
	const resourceName = resource.charAt(0).toUpperCase() + resource.slice(1);
	throw new NodeOperationError(
		this.getNode(),
		`${resourceName} → ${operation} cannot run when n8n calls the SmartSuite Tool directly`,
		{
			description:
				"There n8n runs only the node's plain requests (n8n's MCP Server Trigger, AI Agent versions before 3). Connect the tool to an AI Agent of version 3 or later, or use Record → Restore or a Webhook operation, which run either way.",
			itemIndex: this.getItemIndex(),
		},
	);
}

/**
 * The operations that run as code also get a route that only refuses: n8n runs the routes (and
 * never `customOperations`) when a tool is invoked directly, by the MCP Server Trigger or an AI
 * Agent before version 3 (n8n-core's makeHandleToolInvocation calls the node's `execute`).
 */
export function withCodeOnlyRoutes(
	options: INodePropertyOptions[],
	codeOperations: Record<string, unknown>,
): INodePropertyOptions[] {
	return options.map((option) =>
		(option.value as string) in codeOperations
			? { ...option, routing: { send: { preSend: [refuseRoutingOfCode] } } }
			: option,
	);
}

/**
 * First postReceive of every operation. The node sends with `ignoreHttpStatusErrors`, so every
 * status arrives here and becomes the transport's NodeApiError, worded for this operation.
 * Returns one item holding the answer's JSON object (`{}` for a body that is not one, with
 * `anyBody`: see parseResponse).
 */
export function checkResponse(
	subjectOf: (this: IExecuteSingleFunctions, credentials: SmartSuiteCredentials) => RequestSubject,
	options: { anyBody?: boolean } = {},
): ResponseCheck {
	return async function (this: IExecuteSingleFunctions, _items, response) {
		// Read once: n8n decrypts the credential again on every read.
		const credentials = await credentialsOf(this);
		const json = parseResponse(
			this.getNode(),
			received(response, credentials.apiKey),
			subjectOf.call(this, credentials),
			this.getItemIndex(),
			options,
		);
		return [{ json }];
	};
}

/** Last step of every operation: RoutingNode does not pair output items with their input. */
export async function setPairedItem(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => ({ ...item, pairedItem: { item: this.getItemIndex() } }));
}

/** Return All and Limit of a list operation. */
export function returnAllFields(show: Record<string, string[]>): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

/** How many results the user wants: Infinity for Return All; checked before any request. */
export function readLimit(context: IExecuteSingleFunctions): number {
	if (context.getNodeParameter('returnAll', false)) return Infinity;
	return requireWholeNumber(
		context.getNode(),
		context.getNodeParameter('limit', 50),
		'Limit',
		{ min: 1, max: Number.MAX_SAFE_INTEGER },
		context.getItemIndex(),
	);
}

/**
 * The Operation parameter of a resource whose operations all run as code (`customOperations`),
 * with the records API base URL and the refusing routes of withCodeOnlyRoutes.
 */
export function codeOperationProperty(
	resource: string,
	options: INodePropertyOptions[],
	codeOperations: Record<string, unknown>,
	defaultOperation: string,
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		// Here and not on the operations: n8n evaluates $credentials only in top-level parameters.
		routing: { request: { baseURL: RECORDS_BASE_URL }, send: { preSend: [refuseUserInfo] } },
		options: withCodeOnlyRoutes(options, codeOperations),
		default: defaultOperation,
	};
}
