import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { notAPageError, readEventsPage } from '../shared/events';
import { unwrapWebhook } from '../shared/webhooks';
import type {
	ApiResponse,
	RequestAddress,
	RequestContext,
	RequestSubject,
} from '../shared/transport';
import {
	credentialsOf,
	isBadRoute,
	isJsonObject,
	isWrongAddress,
	parseResponse,
	rateLimitWaitMs,
	sendRequest,
} from '../shared/transport';
import type { WebhooksMethod } from '../shared/webhooksRoute';
import { webhooksAddress, withOtherGetWebhookSpelling } from '../shared/webhooksRoute';
import type { PageAnswer } from './drain';
import type { PollClock } from './limits';
import { POLLING_TRIGGER } from './names';

export interface WebhookApi {
	fetchPage(pageToken: string, pageSize: number): Promise<PageAnswer>;
	/** Throws when the webhook is unknown or disabled. */
	checkWebhook(): Promise<void>;
	/** The webhook as GetWebhook gives it; undefined when neither spelling of GetWebhook is routed. */
	readWebhook(): Promise<IDataObject | undefined>;
}

/**
 * The webhook's API calls for one poll. Requests time out and rate-limit waits end within the
 * poll's budget, waiting as the transport's one 429 policy says (rateLimitWaitMs).
 */
export async function webhookApi(
	context: RequestContext,
	webhookId: string,
	clock: PollClock,
): Promise<WebhookApi> {
	const credentials = await credentialsOf(context);
	const node = context.getNode();

	async function send(method: WebhooksMethod, body: IDataObject): Promise<ApiResponse> {
		for (;;) {
			const { baseUrl, path } = webhooksAddress(credentials, method);
			const request = { baseURL: baseUrl, url: path, body, timeout: clock.requestTimeout() };
			const response = await sendRequest.call(context, request, credentials);
			if (response.statusCode !== 429) return response;
			const waitMs = rateLimitWaitMs(response);
			if (waitMs >= clock.timeLeft()) return response;
			await sleep(waitMs);
		}
	}

	const api: WebhookApi = {
		async fetchPage(pageToken, pageSize) {
			try {
				const body = { webhook_id: webhookId, page_size: String(pageSize), page_token: pageToken };
				const address = webhooksAddress(credentials, 'ListEvents');
				const answer = parseResponse(
					node,
					await send('ListEvents', body),
					subject(webhookId, 'list the events of the webhook', address),
				);
				const page = readEventsPage(answer);
				if (!page) throw notAPageError(node);
				return { page };
			} catch (error) {
				return { error, tokenRejected: error instanceof NodeApiError && error.httpCode === '400' };
			}
		},

		async readWebhook() {
			const body = { webhook_id: webhookId };
			const { response, method } = await withOtherGetWebhookSpelling(
				await send('GetWebhook', body),
				async () => await send('GetWebhooks', body),
			);
			if (isBadRoute(response)) return undefined;
			return unwrapWebhook(
				parseResponse(
					node,
					response,
					subject(webhookId, 'read the webhook', webhooksAddress(credentials, method)),
				),
			);
		},

		async checkWebhook() {
			const webhook = await api.readWebhook();
			if (!webhook) {
				// Which spelling SmartSuite routes is unsettled: ListEvents, next, tells a wrong address.
				context.logger.warn(
					`${POLLING_TRIGGER}: the webhooks API routes neither GetWebhook nor GetWebhooks, so the webhook "${webhookId}" was not checked before reading its events`,
				);
				return;
			}
			const status = webhook.system_status;
			if (isJsonObject(status) && 'disabled' in status) throw disabledError(node, webhookId);
		},
	};
	return api;
}

function subject(webhookId: string, action: string, address: RequestAddress): RequestSubject {
	return {
		action,
		address,
		notFound: `The webhook "${webhookId}" does not exist or was deleted`,
		notFoundHint:
			"Check the Webhook ID and that the webhook belongs to the workspace of the credential. SmartSuite deletes a webhook with its events when they have not been read for 14 days; create a new one with SmartSuite's CreateWebhook call and enter its ID.",
	};
}

function disabledError(node: INode, webhookId: string): NodeOperationError {
	const error = new NodeOperationError(node, `The webhook "${webhookId}" is disabled: it expired`, {
		description:
			"SmartSuite disables a webhook whose events have not been read for 7 days and deletes it 7 days later. Create a new webhook with SmartSuite's CreateWebhook call and enter its ID here; while the workflow is active, the trigger's polling keeps it alive.",
	});
	error.context.webhookGone = true;
	return error;
}

/** Whether a poll failed because its webhook no longer exists (404, not a wrong address) or expired. */
export function isWebhookGone(error: unknown): boolean {
	if (error instanceof NodeApiError) return error.httpCode === '404' && !isWrongAddress(error);
	return error instanceof NodeOperationError && error.context.webhookGone === true;
}

/** A 400 or 403 about a webhook (not a wrong address): maybe SmartSuite's answer for an id it does not know (see isGone). */
export function mayNameUnknownWebhook(error: unknown): boolean {
	return (
		error instanceof NodeApiError &&
		(error.httpCode === '400' || error.httpCode === '403') &&
		!isWrongAddress(error)
	);
}
