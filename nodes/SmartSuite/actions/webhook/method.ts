import type { IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import { credentialsOf } from '../../shared/transport';
import type { WebhooksMethod } from '../../shared/webhooksRoute';
import { webhooksPath } from '../../shared/webhooksRoute';

/** preSend of a webhooks operation: the path of `method` under the credential's service name. */
export function toMethod(method: WebhooksMethod): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		requestOptions.url = webhooksPath(await credentialsOf(this), method);
		return requestOptions;
	};
}
