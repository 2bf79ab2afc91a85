import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { commentOperations } from './comment';
import { fieldOperations } from './field';
import { memberOperations } from './member';
import { recordOperations } from './record';
import type { Operation } from './shared';
import { solutionOperations } from './solution';
import { tableOperations } from './table';
import { teamOperations } from './team';
import { viewOperations } from './view';
import { webhookOperations } from './webhook';

const operations: Record<string, Record<string, Operation>> = {
	comment: commentOperations,
	field: fieldOperations,
	member: memberOperations,
	record: recordOperations,
	solution: solutionOperations,
	table: tableOperations,
	team: teamOperations,
	view: viewOperations,
	webhook: webhookOperations,
};

/**
 * The node's one dispatch: every operation runs as code, from the node's `execute`. n8n calls
 * `execute` both when its engine runs the node (a workflow, AI Agent 3) and when it calls the
 * SmartSuite Tool directly (the MCP Server Trigger, AI Agent before 3), where it consults neither
 * `customOperations` nor routes of its own: see docs/development.md.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const own = <T>(table: Record<string, T>, key: string) =>
		Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
	const ofResource = own(operations, resource);
	const run = ofResource && own(ofResource, operation);
	if (!run) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of the resource "${resource}" is not known`,
			{ description: 'Pick the Resource and the Operation again in the node.' },
		);
	}
	return await run.call(this);
}
