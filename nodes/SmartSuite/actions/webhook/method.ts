import type { IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import type { SmartSuiteCredentials } from '../../shared/transport';
import { CREDENTIAL_NAME } from '../../shared/transport';
import type { WebhooksMethod } from '../../shared/webhooksRoute';
import { webhooksPath } from '../../shared/webhooksRoute';

/** The credential of the running node, as the webhooks address rule reads it. */
export async function webhooksCredentials(context: IExecuteSingleFunctions): Promise<SmartSuiteCredentials> {
	return (await context.getCredentials(CREDENTIAL_NAME)) as unknown as SmartSuiteCredentials;
}

/** First preSend of a webhooks operation: the path of `method` under the credential's service name. */
export function toMethod(method: WebhooksMethod): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		requestOptions.url = webhooksPath(await webhooksCredentials(this), method);
		return requestOptions;
	};
}
