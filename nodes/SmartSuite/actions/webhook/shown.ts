import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { RecordsClient } from '../../shared/records';
import { maskUrlSecrets } from '../../shared/secret';
import { eachItem } from '../record/common';

/**
 * eachItem for the Webhook operations: every webhook they output has the `secret` of its
 * notification URL masked (the SmartSuite Trigger's, docs/security.md), whoever reads it: a
 * person, the next node or a model.
 */
export async function eachWebhookItem(
	context: IExecuteFunctions,
	read: (client: RecordsClient, itemIndex: number) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[][]> {
	return await eachItem(context, async (client, itemIndex) =>
		maskUrlSecrets(await read(client, itemIndex)),
	);
}
