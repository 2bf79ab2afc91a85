/**
 * What a webhook watches, as the user picks it: a solution, then the whole solution, some of its
 * tables, or some fields of one table; and the kinds of changes. Shared by Webhook → Create and
 * the trigger's "Create a webhook for me", which build the same CreateWebhook body from it.
 */
import type { IDataObject, IDisplayOptions, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireHexId, requireId } from './ids';
import { solutionLocator, tableLocator } from './locators';

export const KINDS = [
	{ name: 'Record Created', value: 'RECORD_CREATED' },
	{ name: 'Record Deleted', value: 'RECORD_DELETED' },
	{ name: 'Record Updated', value: 'RECORD_UPDATED' },
];

export type Watch = 'solution' | 'tables' | 'fields';

/** The parameters of a scope, shown where `show` says. The kinds are each caller's own. */
export function scopeFields(show: IDisplayOptions['show']): INodeProperties[] {
	const where = (watch?: Watch): IDisplayOptions => ({
		show: { ...show, ...(watch ? { watch: [watch] } : {}) },
	});
	return [
		solutionLocator({
			displayOptions: where(),
			description: 'The solution whose records are watched',
		}),
		{
			displayName: 'Watch',
			name: 'watch',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Some Tables',
					value: 'tables',
					description: 'Changes to records of the chosen tables',
				},
				{
					name: 'Some Fields of One Table',
					value: 'fields',
					description: 'Changes to the chosen fields of one table',
				},
				{
					name: 'Whole Solution',
					value: 'solution',
					description: 'Changes to records of every table of the solution',
				},
			],
			default: 'tables',
			displayOptions: where(),
		},
		{
			displayName: 'Table Names or IDs',
			name: 'tableIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getTables', loadOptionsDependsOn: ['solutionId.value'] },
			default: [],
			required: true,
			description:
				'The tables whose records are watched. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			displayOptions: where('tables'),
		},
		tableLocator({
			displayOptions: where('fields'),
			description: 'The table whose fields are watched',
		}),
		{
			displayName: 'Field Names or IDs',
			name: 'fieldIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getFields', loadOptionsDependsOn: ['tableId.value'] },
			default: [],
			required: true,
			description:
				'Only changes to these fields count as updates. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			displayOptions: where('fields'),
		},
	];
}

export interface Scope {
	solutionId: string;
	/** CreateWebhook's filter: exactly one of solution, applications, application. */
	filter: IDataObject;
}

/** Reads a parameter the way the calling context does (extracting resource locator values). */
export type ParameterReader = (name: string, fallback: unknown) => unknown;

function idList(
	node: INode,
	value: unknown,
	label: string,
	itemIndex?: number,
	checkId = requireId,
): string[] {
	const ids = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
		.map((id) => String(id).trim())
		.filter((id) => id !== '');
	if (ids.length === 0) {
		throw new NodeOperationError(node, `Choose at least one of the ${label}`, {
			description: `"${label}" is empty. Pick them from the list, or choose another option under "Watch".`,
			itemIndex,
		});
	}
	return [...new Set(ids)].map((id) => checkId(node, id, label, itemIndex));
}

/** The scope the parameters describe; throws before any request when something is missing. */
export function readScope(node: INode, read: ParameterReader, itemIndex?: number): Scope {
	const solutionId = requireHexId(node, read('solutionId', ''), 'Solution', itemIndex);
	const watch = read('watch', 'tables') as Watch;
	if (watch === 'solution') return { solutionId, filter: { solution: {} } };
	if (watch === 'fields') {
		return {
			solutionId,
			filter: {
				application: {
					application_id: requireHexId(node, read('tableId', ''), 'Table', itemIndex),
					field_ids: idList(node, read('fieldIds', []), 'Field Names or IDs', itemIndex),
				},
			},
		};
	}
	return {
		solutionId,
		filter: {
			applications: {
				application_ids: idList(
					node,
					read('tableIds', []),
					'Table Names or IDs',
					itemIndex,
					requireHexId,
				),
			},
		},
	};
}

/** CreateWebhook's `webhook` for a scope; notifications stay off without a URL. */
export function webhookToCreate(
	workspaceId: string,
	scope: Scope,
	kinds: string[],
	notificationUrl?: string,
): IDataObject {
	return {
		filter: scope.filter,
		kinds,
		locator: { account_id: workspaceId.trim(), solution_id: scope.solutionId },
		notification_status: notificationUrl ? { enabled: { url: notificationUrl } } : { disabled: {} },
	};
}
