import type { INode } from 'n8n-workflow';

/** Whether n8n runs the node as the SmartSuite Tool (for an AI agent or an MCP client): its type name ends in Tool. */
export const isToolNode = (node: INode): boolean => node.type.endsWith('Tool');
