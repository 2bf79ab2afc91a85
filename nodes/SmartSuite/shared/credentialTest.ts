import type {
	ICredentialTestFunctions,
	ICredentialsDecrypted,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import type { ApiResponse, SmartSuiteCredentials } from './transport';
import {
	describeFailure,
	hasUserInfo,
	isJsonObject,
	isTwirpNotFound,
	networkReason,
	received,
	USER_INFO_DESCRIPTION,
	USER_INFO_MESSAGE,
} from './transport';
import type { WebhooksMethod } from './webhooksRoute';
import type { GetWebhookAnswer } from './webhooksRoute';
import { webhooksAddress, webhooksMethodUrl, withOtherGetWebhookSpelling } from './webhooksRoute';

/** A webhook id that cannot exist: a working key gets 404 for it, a wrong one 401 or 403. */
export const PROBE_WEBHOOK_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Tells a working API key and workspace id from wrong ones with GetWebhook on a webhook that
 * cannot exist. Only the webhooks service itself proves that it accepted both: a 200 JSON
 * answer, or its Twirp `not_found` for the probe. A page, a redirect or a `bad_route` from
 * whatever answers at the address says which setting to check.
 */
export async function smartSuiteWorkspaceApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const credentials = credential.data as unknown as SmartSuiteCredentials;
	const { apiKey, workspaceId, baseUrl, webhooksUrl } = credentials;
	if (hasUserInfo(baseUrl) || hasUserInfo(webhooksUrl)) {
		return { status: 'Error', message: `${USER_INFO_MESSAGE}. ${USER_INFO_DESCRIPTION}` };
	}
	const probe = async (method: WebhooksMethod): Promise<ApiResponse> => {
		// A credential test context offers only `request` (no httpRequest, no authentication).
		// eslint-disable-next-line @n8n/community-nodes/no-deprecated-workflow-functions
		const response = await this.helpers.request({
			method: 'POST',
			uri: webhooksMethodUrl(credentials, method),
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
		return received(response, apiKey);
	};
	let answer: GetWebhookAnswer<ApiResponse>;
	try {
		answer = await withOtherGetWebhookSpelling(await probe('GetWebhook'), async () => await probe('GetWebhooks'));
	} catch (error) {
		const { baseUrl } = webhooksAddress(credentials, 'GetWebhook');
		return {
			status: 'Error',
			message: `Could not reach the webhooks API at ${baseUrl} (${networkReason(error) ?? 'no answer'}). Check the Webhooks API Base URL.`,
		};
	}
	const { response, method } = answer;
	const address = webhooksAddress(credentials, method);
	const { statusCode } = response;
	if ((statusCode === 200 && isJsonObject(response.body)) || isTwirpNotFound(response)) {
		return {
			status: 'OK',
			message: 'Connection successful: SmartSuite accepted the API key and workspace ID',
		};
	}
	if (statusCode >= 200 && statusCode < 300) {
		return {
			status: 'Error',
			message: `The server at ${address.baseUrl} is not the webhooks API: it answered ${address.path} with something other than JSON (${statusCode}). ${address.settingsHint}`,
		};
	}
	const { message, description } = describeFailure(response, {
		action: 'check the credential',
		address,
		notFound: '',
	});
	return { status: 'Error', message: `${message}. ${description}` };
}
