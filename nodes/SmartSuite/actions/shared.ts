import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PostReceiveAction,
} from 'n8n-workflow';

import type { RequestSubject } from '../shared/transport';
import { parseResponse } from '../shared/transport';

/**
 * First postReceive of every operation. The node sends with `ignoreHttpStatusErrors`, so every
 * status arrives here and becomes the transport's NodeApiError, worded for this operation.
 * Returns one item holding the answer's JSON object.
 */
export function checkResponse(
	subjectOf: (this: IExecuteSingleFunctions) => RequestSubject,
): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, _items, response: IN8nHttpFullResponse) {
		const { statusCode, body, headers } = response;
		const json = parseResponse(
			this.getNode(),
			{ statusCode, body, headers: headers as IDataObject },
			subjectOf.call(this),
			this.getItemIndex(),
		);
		return [{ json }];
	};
}

/** Last step of every operation: RoutingNode does not pair output items with their input. */
export async function setPairedItem(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => ({ ...item, pairedItem: { item: this.getItemIndex() } }));
}
