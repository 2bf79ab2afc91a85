import type { RequestAddress } from './transport';
import { isBadRoute, withoutTrailingSlash } from './transport';

/**
 * Where a webhooks API method lives. The interface spec serves the Twirp service
 * `service.webhooks.engine.Webhooks`; SmartSuite's own host serves it as
 * `smartsuite.webhooks.engine.Webhooks`. The Webhooks API Base URL picks one, and the
 * credential's Webhooks Service Name, when filled in, overrides that choice.
 */
export const SPEC_SERVICE = 'service.webhooks.engine.Webhooks';
export const SMARTSUITE_SERVICE = 'smartsuite.webhooks.engine.Webhooks';
export const SMARTSUITE_WEBHOOKS_HOST = 'webhooks.smartsuite.com';

export type WebhooksMethod =
	| 'ListEvents'
	| 'GetWebhook'
	| 'GetWebhooks'
	| 'DeleteWebhook'
	| 'CreateWebhook'
	| 'ListWebhooks'
	| 'UpdateWebhook';

/** The credential fields the rule reads. */
export interface WebhooksSettings {
	webhooksUrl: string;
	/** Empty or missing: automatic. */
	webhooksService?: string;
}

/** The service name: the override when set, else SmartSuite's for its host, else the spec's. */
export function webhooksService({
	webhooksUrl,
	webhooksService: override,
}: WebhooksSettings): string {
	const chosen = (override ?? '').trim().replace(/^\/+|(?<!\/)\/+$/g, '');
	if (chosen !== '') return chosen;
	return hostName(webhooksUrl) === SMARTSUITE_WEBHOOKS_HOST ? SMARTSUITE_SERVICE : SPEC_SERVICE;
}

/** The path of one method, to append to the Webhooks API Base URL. */
export function webhooksPath(credentials: WebhooksSettings, method: WebhooksMethod): string {
	return `/${webhooksService(credentials)}/${method}`;
}

/** One method's address, for requests and for errors that name it. */
export function webhooksAddress(
	credentials: WebhooksSettings,
	method: WebhooksMethod,
): RequestAddress {
	return {
		api: 'webhooks',
		baseUrl: withoutTrailingSlash(credentials.webhooksUrl),
		path: webhooksPath(credentials, method),
		settingsHint: `SmartSuite's host ${SMARTSUITE_WEBHOOKS_HOST} serves ${SMARTSUITE_SERVICE}, servers that follow the interface spec serve ${SPEC_SERVICE}. Check the Webhooks API Base URL and the Webhooks Service Name in the SmartSuite credential (left empty, the name is chosen from the address).`,
	};
}

/** An answer to GetWebhook or GetWebhooks, with the spelling that gave it (errors name its path). */
export interface GetWebhookAnswer<T> {
	response: T;
	method: 'GetWebhook' | 'GetWebhooks';
}

/**
 * SmartSuite's reference spells GetWebhook also as GetWebhooks. Given the answer to GetWebhook,
 * asks once more as GetWebhooks when GetWebhook is not routed (Twirp `bad_route`), and remembers
 * nothing. Returns the answer to read: the second one when that spelling is routed.
 */
export async function withOtherGetWebhookSpelling<T extends { body: unknown }>(
	first: T,
	askAsGetWebhooks: () => Promise<T>,
): Promise<GetWebhookAnswer<T>> {
	if (!isBadRoute(first)) return { response: first, method: 'GetWebhook' };
	const second = await askAsGetWebhooks();
	return isBadRoute(second)
		? { response: first, method: 'GetWebhook' }
		: { response: second, method: 'GetWebhooks' };
}

/** Lower-case host name without port or trailing dot; '' when the address cannot be read. */
function hostName(url: string): string {
	try {
		return new URL(url.trim()).hostname.toLowerCase().replace(/\.$/, '');
	} catch {
		return '';
	}
}
