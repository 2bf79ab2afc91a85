/**
 * The SmartSuite credential, the contexts a request is sent from, and the addresses a credential
 * gives: its base URLs, which may carry no user name or password.
 */
import type {
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
	ITriggerFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export const CREDENTIAL_NAME = 'smartSuiteWorkspaceApi';

export interface SmartSuiteCredentials {
	apiKey: string;
	workspaceId: string;
	baseUrl: string;
	webhooksUrl: string;
	/** Empty or missing (credentials saved before the field existed): automatic. */
	webhooksService?: string;
	/** Missing in credentials saved before the field existed: 4 (see pace.ts). */
	requestsPerSecond?: number;
}

/** The URL without its trailing slashes (a run of slashes is tried once, from its first: linear time). */
export function withoutTrailingSlash(url: string): string {
	return url.trim().replace(/(?<!\/)\/+$/, '');
}

/** Where a request went, so that an answer from a server that does not serve it can say so. */
export interface RequestAddress {
	api: 'records' | 'webhooks';
	/** The credential's base URL, without trailing slashes. */
	baseUrl: string;
	/** The path under it, e.g. '/service.webhooks.engine.Webhooks/GetWebhook'. */
	path: string;
	/** Which credential settings to check, and why. */
	settingsHint: string;
}

/** The address of a records API request. */
export function recordsAddress(credentials: SmartSuiteCredentials, path: string): RequestAddress {
	return {
		api: 'records',
		baseUrl: withoutTrailingSlash(credentials.baseUrl),
		path,
		settingsHint:
			'Check the Records API Base URL in the SmartSuite credential: https://app.smartsuite.com for SmartSuite itself.',
	};
}

export type RequestContext =
	| IExecuteFunctions
	| IPollFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| ITriggerFunctions;

/** The SmartSuite credential of the running node. */
export async function credentialsOf(context: RequestContext): Promise<SmartSuiteCredentials> {
	return (await context.getCredentials(CREDENTIAL_NAME)) as unknown as SmartSuiteCredentials;
}

/** `scheme://user:password@` at the start of an address. */
export const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i;

/** Whether an address carries a user name or password, which no base URL may. */
export function hasUserInfo(url: string): boolean {
	return USER_INFO.test(url.trim());
}

export const USER_INFO_MESSAGE =
	'A base URL in the SmartSuite credential contains a user name or password';
export const USER_INFO_DESCRIPTION =
	'Remove the "name:password@" part from the Records API Base URL and the Webhooks API Base URL. SmartSuite is reached with the API key alone, and an address is shown in messages, where a password must never appear.';

/** Thrown before any request is sent; never repeats the address. */
export function userInfoError(node: INode): NodeOperationError {
	return new NodeOperationError(node, USER_INFO_MESSAGE, { description: USER_INFO_DESCRIPTION });
}
