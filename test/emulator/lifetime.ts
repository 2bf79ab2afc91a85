/**
 * SmartSuite's 7-day rule (../shared/notes/smartsuite-api.md, "Webhook lifetime"), on the emulator's
 * clock (Date.now(), which tests may mock to let days pass). There are no timers: the rule is
 * applied when anything looks at the webhooks (each request, and the controls that read or change
 * them), so a webhook is found as it would be at that moment.
 */
import { DAY_MS, WEBHOOK_LIFETIME_MS, activeSystemStatus } from './fixtures';
import type { Store, WebhookState } from './store';

/** Unread this long: disabled (system status and notifications). */
export const IDLE_DISABLE_MS = WEBHOOK_LIFETIME_MS;
/** Unread this long: deleted with its events. */
export const IDLE_DELETE_MS = IDLE_DISABLE_MS + 7 * DAY_MS;

export function applyIdleRule(store: Store, nowMs = Date.now()): void {
	if (!store.variant.idleRule) return;
	for (const [webhookId, state] of store.webhooks) {
		const idleMs = nowMs - state.lastReadMs;
		if (idleMs >= IDLE_DELETE_MS) store.deleteWebhook(webhookId);
		else if (
			idleMs >= IDLE_DISABLE_MS &&
			!state.idleDisabled &&
			'enabled' in state.webhook.system_status
		) {
			state.idleDisabled = true;
			state.webhook.system_status = { disabled: {} };
			state.webhook.notification_status = { disabled: {} };
		}
	}
}

/**
 * A ListEvents call read the webhook: its 7 days start again, and a webhook the rule disabled is
 * enabled (its notifications too with idleReenablesNotifications). One disabled by a control stays so.
 */
export function markRead(store: Store, state: WebhookState, nowMs = Date.now()): void {
	state.lastReadMs = nowMs;
	if (state.idleDisabled) {
		state.idleDisabled = false;
		state.webhook.system_status = activeSystemStatus(nowMs);
		if (store.variant.idleReenablesNotifications && state.notificationUrl)
			store.setNotificationUrl(state, state.notificationUrl);
	} else if ('enabled' in state.webhook.system_status) {
		state.webhook.system_status = activeSystemStatus(nowMs);
	}
}
