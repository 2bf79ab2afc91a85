import type { IDataObject } from 'n8n-workflow';

import { isJsonObject } from './transport';

/**
 * GetWebhook wraps the webhook in an object whose name the spec leaves open ({"webhook": {…}}
 * in practice): take the body itself when it is the webhook, else its one wrapped webhook.
 */
export function unwrapWebhook(body: IDataObject): IDataObject {
	if ('webhook_id' in body) return body;
	const values = Object.values(body);
	const [only] = values;
	return values.length === 1 && isJsonObject(only) && 'webhook_id' in only ? only : body;
}
