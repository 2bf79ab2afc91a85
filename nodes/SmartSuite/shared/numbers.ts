import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** A number parameter that must be a whole number in [min, max]; checked before any request. */
export function requireWholeNumber(
	node: INode,
	value: unknown,
	label: string,
	{ min, max }: { min: number; max: number },
	itemIndex?: number,
): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
		throw new NodeOperationError(
			node,
			`The parameter "${label}" must be a whole number from ${min} to ${max}`,
			{
				description: `It is ${JSON.stringify(value)}.`,
				itemIndex,
			},
		);
	}
	return value;
}
