/**
 * The instant trigger's notification URL carries a secret: n8n's webhook URL of the node with
 * `?secret=<32 random letters and digits>` (about 190 bits, from n8n-workflow's randomString,
 * which draws from crypto.getRandomValues). The webhook id alone is no proof: it is in every
 * notification and shown by Webhook → Get and → List. A ping without the secret is answered
 * without a request to SmartSuite.
 */
import type { IDataObject } from 'n8n-workflow';
import { randomString } from 'n8n-workflow';

import type { RequestContext } from './transport';
import { holdSecret, isJsonObject } from './transport';

/** The query parameter that carries the secret. */
export const SECRET_PARAMETER = 'secret';
const SECRET_LENGTH = 32;

export const newSecret = (): string => randomString(SECRET_LENGTH);

/** The URL SmartSuite is given: the node's webhook URL and the secret. */
export function withSecret(nodeUrl: string, secret: string): string {
	return `${nodeUrl}${nodeUrl.includes('?') ? '&' : '?'}${SECRET_PARAMETER}=${secret}`;
}

/**
 * Makes the secret and the URL carrying it secrets of the node (the transport's holdSecret): no
 * answer, message, log line or output item of it carries them, as none carries the API key.
 */
export function holdUrlSecret(context: RequestContext, secret: string, url: string): void {
	holdSecret(context, { text: secret });
	holdSecret(context, { text: url, whole: true });
}

const SECRET_IN_URL = new RegExp(`([?&]${SECRET_PARAMETER}=)[^&#\\s"]+`, 'gi');

/** The value (a webhook as SmartSuite answers it) with every URL's `secret` query parameter masked. */
export function maskUrlSecrets<T>(value: T): T {
	if (typeof value === 'string') return value.replace(SECRET_IN_URL, '$1***') as T;
	if (Array.isArray(value)) return value.map(maskUrlSecrets) as T;
	if (isJsonObject(value))
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [key, maskUrlSecrets(entry)]),
		) as T;
	return value;
}

/** The URL without its query: the node's webhook URL, whatever secret it carried. */
export const withoutQuery = (url: string): string => url.split('?')[0];

/** Whether the query of a request carries `secret` (compared in a time that does not depend on where they differ). */
export function carriesSecret(query: unknown, secret: string): boolean {
	const given = isJsonObject(query) ? query[SECRET_PARAMETER] : undefined;
	if (secret === '' || typeof given !== 'string' || given.length !== secret.length) return false;
	let difference = 0;
	for (let index = 0; index < secret.length; index++)
		difference |= given.charCodeAt(index) ^ secret.charCodeAt(index);
	return difference === 0;
}

/** The URL a webhook notifies, '' when its notifications are off (or unreadable). */
export function notificationUrlOf(webhook: IDataObject): string {
	const status = webhook.notification_status;
	return isJsonObject(status) &&
		isJsonObject(status.enabled) &&
		typeof status.enabled.url === 'string'
		? status.enabled.url
		: '';
}
