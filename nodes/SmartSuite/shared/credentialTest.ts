import type {
	ICredentialTestFunctions,
	IDataObject,
	ICredentialsDecrypted,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import type { SmartSuiteCredentials } from './transport';
import {
	describeFailure,
	hasUserInfo,
	networkReason,
	secretsOf,
	USER_INFO_DESCRIPTION,
	USER_INFO_MESSAGE,
	withoutTrailingSlash,
} from './transport';
import { webhooksMethodUrl } from './webhooksRoute';

/** A webhook id that cannot exist: a working key gets 404 for it, a wrong one 401 or 403. */
export const PROBE_WEBHOOK_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Tells a working API key and workspace id from wrong ones with GetWebhook on a webhook that
 * cannot exist: 404 (or 200) means SmartSuite accepted both; anything else says what to fix.
 */
export async function smartSuiteApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const credentials = credential.data as unknown as SmartSuiteCredentials;
	const { apiKey, workspaceId, baseUrl, webhooksUrl } = credentials;
	if (hasUserInfo(baseUrl) || hasUserInfo(webhooksUrl)) {
		return { status: 'Error', message: `${USER_INFO_MESSAGE}. ${USER_INFO_DESCRIPTION}` };
	}
	let response: { statusCode: number; body: unknown; headers: IDataObject };
	try {
		// A credential test context offers only `request` (no httpRequest, no authentication).
		// eslint-disable-next-line @n8n/community-nodes/no-deprecated-workflow-functions
		response = await this.helpers.request({
			method: 'POST',
			uri: webhooksMethodUrl(credentials, 'GetWebhook'),
			headers: {
				Authorization: `Token ${apiKey.trim()}`,
				'ACCOUNT-ID': workspaceId.trim(),
			},
			body: { webhook_id: PROBE_WEBHOOK_ID },
			json: true,
			simple: false,
			resolveWithFullResponse: true,
			// As every request of the package: the key never follows a redirect.
			followRedirect: false,
			followAllRedirects: false,
		});
	} catch (error) {
		return {
			status: 'Error',
			message: `Could not reach the webhooks API at ${withoutTrailingSlash(webhooksUrl)} (${networkReason(error) ?? 'no answer'}). Check the Webhooks API Base URL.`,
		};
	}
	if (response.statusCode === 404 || response.statusCode === 200) {
		return {
			status: 'OK',
			message: 'Connection successful: SmartSuite accepted the API key and workspace ID',
		};
	}
	const { message, description } = describeFailure(
		{ ...response, secrets: secretsOf(apiKey) },
		{ action: 'check the credential', notFound: '' },
	);
	return { status: 'Error', message: `${message}. ${description}` };
}
