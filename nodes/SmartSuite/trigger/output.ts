import type { IDataObject, INodeExecutionData, Logger } from 'n8n-workflow';

import type { DrainResult } from './drain';
import { SAFE_PAGE_SIZE } from './pages';
import { simplifyEvent } from './simplify';

/** One item per event; each item's json is the whole event, even one with keys named json, binary or pairedItem. */
export function eventItems(events: IDataObject[], simplify: boolean): INodeExecutionData[] {
	return events.map((event) => ({ json: simplify ? simplifyEvent(event) : event }));
}

/**
 * What n8n's log should tell after a drain: elements passed over, and why it read less than the
 * stream. `trigger` names the node, `next` what continues from there ("poll", "ping").
 */
export function logDrain(
	logger: Logger,
	{ emitted, error, stopped, malformed, refusedPageSize, tokenRefused }: DrainResult,
	trigger: string,
	next: string,
): void {
	if (refusedPageSize) {
		logger.warn(
			`${trigger}: SmartSuite refused a page size of ${refusedPageSize} events (400); read on from the same position with pages of ${SAFE_PAGE_SIZE}, the most asked from now on.`,
		);
	}
	if (tokenRefused) {
		logger.warn(
			`${trigger}: SmartSuite no longer knows the saved page token (400); read the webhook's events again from the first one, passing over those already emitted.`,
		);
	}
	if (malformed > 0) {
		logger.warn(
			`${trigger}: passed over ${malformed} elements of the webhook's events that are not events (not JSON objects)`,
		);
	}
	const continues = `the next ${next} continues from there.`;
	if (error) {
		logger.warn(
			`${trigger}: emitting the ${emitted.length} events read before an error; ${continues} ${error.message}`,
		);
	} else if (stopped === 'budget') {
		logger.info(
			`${trigger}: the time or page budget is spent after ${emitted.length} events; ${continues}`,
		);
	} else if (stopped === 'repeatedToken') {
		logger.warn(
			`${trigger}: SmartSuite sent a page token that was already requested; reading stopped there to avoid looping.`,
		);
	}
}
