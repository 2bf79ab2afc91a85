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
	| 'ListWebhooks';

/** The credential fields the rule reads. */
export interface WebhooksAddress {
	webhooksUrl: string;
	/** Empty or missing: automatic. */
	webhooksService?: string;
}

/** The service name: the override when set, else SmartSuite's for its host, else the spec's. */
export function webhooksService({ webhooksUrl, webhooksService: override }: WebhooksAddress): string {
	const chosen = (override ?? '').trim().replace(/^\/+|\/+$/g, '');
	if (chosen !== '') return chosen;
	return hostName(webhooksUrl) === SMARTSUITE_WEBHOOKS_HOST ? SMARTSUITE_SERVICE : SPEC_SERVICE;
}

/** The path of one method, to append to the Webhooks API Base URL. */
export function webhooksPath(address: WebhooksAddress, method: WebhooksMethod): string {
	return `/${webhooksService(address)}/${method}`;
}

/** The Webhooks API Base URL without trailing slashes. */
export function webhooksBaseUrl({ webhooksUrl }: WebhooksAddress): string {
	return webhooksUrl.trim().replace(/\/+$/, '');
}

/** The full address of one method. */
export function webhooksMethodUrl(address: WebhooksAddress, method: WebhooksMethod): string {
	return `${webhooksBaseUrl(address)}${webhooksPath(address, method)}`;
}

/** Lower-case host name without port or trailing dot; '' when the address cannot be read. */
function hostName(url: string): string {
	try {
		return new URL(url.trim()).hostname.toLowerCase().replace(/\.$/, '');
	} catch {
		return '';
	}
}
