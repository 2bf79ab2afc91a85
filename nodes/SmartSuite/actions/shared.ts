import type {
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { requireWholeNumber } from '../shared/numbers';
import { isToolNode } from '../shared/toolNode';

/** One operation: runs over all input items of a run and returns the node's output. */
export type Operation = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/** The Operation parameter of one resource. */
export function operationProperty(
	resource: string,
	options: INodePropertyOptions[],
	defaultOperation: string,
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options,
		default: defaultOperation,
	};
}

const limitParameter: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
};

/**
 * Return All and Limit of a list operation. `toolLimit`: the Limit's default in the SmartSuite
 * Tool (its description's name ends in Tool: displayOptions `@tool`), where every result goes into
 * the model's context; n8n's default of 50 stays the node's.
 */
export function returnAllFields(
	show: Record<string, string[]>,
	toolLimit?: number,
): INodeProperties[] {
	const limitShown = { ...show, returnAll: [false] };
	const limits: INodeProperties[] =
		toolLimit === undefined
			? [{ ...limitParameter, displayOptions: { show: limitShown } }]
			: [
					{ ...limitParameter, displayOptions: { show: { ...limitShown, '@tool': [false] } } },
					{
						...limitParameter,
						default: toolLimit,
						displayOptions: { show: { ...limitShown, '@tool': [true] } },
					},
				];
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		...limits,
	];
}

/** Whether n8n runs the node as the SmartSuite Tool (for an AI agent or an MCP client). */
export function isTool(context: IExecuteFunctions): boolean {
	return isToolNode(context.getNode());
}

export { isToolNode };

/**
 * How a message names the item it is about: "Item 2" in a workflow; for a tool call, where the
 * model sent one set of arguments and knows no items, "The tool call".
 */
export const itemSubject = (node: INode, itemIndex: number): string =>
	isToolNode(node) ? 'The tool call' : `Item ${itemIndex}`;

/** " in item 2" after what a message is about, nothing for a tool call. */
export const inItem = (node: INode, itemIndex: number): string =>
	isToolNode(node) ? '' : ` in item ${itemIndex}`;

/** How many results the user wants: Infinity for Return All; checked before any request. */
export function readWholeLimit(context: IExecuteFunctions, itemIndex: number): number {
	if (context.getNodeParameter('returnAll', itemIndex, false)) return Infinity;
	return requireWholeNumber(
		context.getNode(),
		context.getNodeParameter('limit', itemIndex, 50),
		'Limit',
		{ min: 1, max: Number.MAX_SAFE_INTEGER },
		itemIndex,
	);
}
