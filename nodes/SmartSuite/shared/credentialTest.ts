import type {
	ICredentialTestFunctions,
	ICredentialsDecrypted,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import type { SmartSuiteCredentials } from './transport';
import { describeStatus, serverMessage, withoutTrailingSlash } from './transport';
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
	const { apiKey, workspaceId, webhooksUrl } = credentials;
	let response: { statusCode: number; body: unknown };
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
		});
	} catch (error) {
		const code = (error as { code?: string }).code ?? 'no answer';
		return {
			status: 'Error',
			message: `Could not reach the webhooks API at ${withoutTrailingSlash(webhooksUrl)} (${code}). Check the Webhooks API Base URL.`,
		};
	}
	if (response.statusCode === 404 || response.statusCode === 200) {
		return {
			status: 'OK',
			message: 'Connection successful: SmartSuite accepted the API key and workspace ID',
		};
	}
	const detail = serverMessage(response.body);
	const { message, description } = describeStatus(
		response.statusCode,
		{ action: 'check the credential', notFound: '' },
		detail ? ` SmartSuite said: "${detail}"` : '',
		undefined,
	);
	return { status: 'Error', message: `${message}. ${description}` };
}
