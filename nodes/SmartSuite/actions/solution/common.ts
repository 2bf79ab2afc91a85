/** What the Solution and Table operations share: ids, the limit, reading a solution, odd answers. */
import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isObject } from '../../shared/fields/values';
import { pathSegment, requireHexId } from '../../shared/ids';
import { requireWholeNumber } from '../../shared/numbers';
import type { RecordsClient } from '../../shared/records';

export function readSolutionId(context: IExecuteFunctions, itemIndex: number): string {
	return requireHexId(
		context.getNode(),
		context.getNodeParameter('solutionId', itemIndex, '', { extractValue: true }),
		'Solution',
		itemIndex,
	);
}

/** How many entries the user wants (Return All / Limit); checked before any request. */
export function readListLimit(context: IExecuteFunctions, itemIndex: number): number {
	if (context.getNodeParameter('returnAll', itemIndex, false)) return Infinity;
	return requireWholeNumber(
		context.getNode(),
		context.getNodeParameter('limit', itemIndex, 50),
		'Limit',
		{ min: 1, max: Number.MAX_SAFE_INTEGER },
		itemIndex,
	);
}

/** A success whose body is not the object asked for. */
export function notAnObjectError(client: RecordsClient, action: string, itemIndex: number) {
	const message = `SmartSuite's answer to the request to ${action} is not what was asked for`;
	return new NodeApiError(client.node, { message } as JsonObject, {
		message,
		description:
			'The request was answered as a success, but without a JSON object. Check the Records API Base URL in the credential; if it is right, try again later.',
		itemIndex,
	});
}

/** `GET /api/v1/solutions/<id>/` (reference: solutions/get-solution.md); an unknown id is a 404. */
export async function getSolution(
	client: RecordsClient,
	solutionId: string,
	itemIndex: number,
): Promise<IDataObject> {
	const solution = await client.call(
		{
			method: 'GET',
			url: `/api/v1/solutions/${pathSegment(solutionId)}/`,
			action: 'read the solution',
			notFound: `The solution "${solutionId}" was not found`,
			repeatable: true,
		},
		itemIndex,
	);
	if (!isObject(solution)) throw notAnObjectError(client, 'read the solution', itemIndex);
	return solution;
}
