/**
 * What the View operations share: the list of a table's views (SmartSuite's "reports"), the View
 * locator and its "From list" search.
 *
 * The list is `GET /api/v1/reports/?application=<tableId>` (SmartSuite's own MCP server; the
 * reference documents only Create View): a bare array of reports, named by `label`, of the kind
 * `view_mode`. An envelope `{items}` or `{results}` is read too.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodeProperties,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { entriesOf } from '../../shared/directory';
import { isObject } from '../../shared/fields/values';
import { appUrls } from '../../shared/listSearch';
import type { RecordsClient } from '../../shared/records';
import { recordsClient } from '../../shared/records';
import type { RequestContext } from '../../shared/transport';

/**
 * `/reports/` lists a table's dashboards and forms with its views (`view_mode` "dashboard",
 * "form"); SmartSuite's MCP server keeps both apart from views (`NON_VIEW_MODES`): a dashboard
 * shows widgets, a form takes new records. The kind of report that is not a view, or undefined.
 */
export function notAView(report: IDataObject): 'dashboard' | 'form' | undefined {
	return report.view_mode === 'dashboard' || report.view_mode === 'form'
		? report.view_mode
		: undefined;
}

/** A view's address in SmartSuite's app: …/solution/<solutionId>/<tableId>/<viewId> */
export const VIEW_URL_REGEX = String.raw`^https?://[^/]+/[^/]+/solution/[^/]+/[^/?#]+/([^/?#]+)`;

/**
 * The reports of a table (views and dashboards), in SmartSuite's order; elements without an id
 * are passed over. Callers leave the dashboards and forms out (`notAView`).
 */
export async function listViews(
	context: Pick<RequestContext, 'logger'>,
	client: RecordsClient,
	tableId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const answer = await client.call(
		{
			method: 'GET',
			url: '/api/v1/reports/',
			qs: { application: tableId },
			action: 'list the views of the table',
			notFound: 'SmartSuite has no list of views at this address',
			repeatable: true,
		},
		itemIndex,
	);
	const list = Array.isArray(answer)
		? answer
		: isObject(answer)
			? (answer.items ?? answer.results)
			: undefined;
	if (!Array.isArray(list)) {
		const message = 'SmartSuite sent an answer to the views list that is not a list of views';
		throw new NodeApiError(client.node, { message } as JsonObject, {
			message,
			description: 'This is usually a temporary problem: try again.',
			itemIndex,
		});
	}
	// A table's reports only, should a server ignore `application`.
	return entriesOf(context, list, 'id', 'views').filter(
		(view) => view.application === undefined || view.application === tableId,
	);
}

export function viewLocator(show: Record<string, string[]>): INodeProperties {
	return {
		displayName: 'View',
		name: 'viewId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		// n8n's editor empties the picked view when the table changes.
		typeOptions: { loadOptionsDependsOn: ['tableId.value'] },
		description:
			'The saved view of the table: picked from the list, its address in SmartSuite, or its ID',
		displayOptions: { show },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a view...',
				typeOptions: { searchListMethod: 'searchViews', searchable: true },
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder:
					'https://app.smartsuite.com/sv25cxf2/solution/64b0c1d2e3f4a5b6c7d8e9f1/64b0c1d2e3f4a5b6c7d8e9f0/64b0c1d2e3f4a5b6c7d8e9f3',
				validation: [
					{
						type: 'regex',
						properties: { regex: VIEW_URL_REGEX, errorMessage: 'Not a SmartSuite view URL' },
					},
				],
				extractValue: { type: 'regex', regex: VIEW_URL_REGEX },
			},
			{ displayName: 'ID', name: 'id', type: 'string', placeholder: '64b0c1d2e3f4a5b6c7d8e9f3' },
		],
	};
}

/** "From list" of the View: the chosen table's views whose label or id contains the filter. */
async function searchViews(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	let tableId: unknown;
	try {
		tableId = this.getCurrentNodeParameter('tableId', { extractValue: true });
	} catch {
		tableId = '';
	}
	if (typeof tableId !== 'string' || tableId.trim() === '')
		throw new NodeOperationError(this.getNode(), 'Choose a Table first', {
			description: 'The list shows the views of one table. Or enter the view ID (mode "ID").',
		});
	const appUrl = await appUrls(this);
	const wanted = (filter ?? '').trim().toLowerCase();
	const reports = await listViews(this, await recordsClient(this), tableId.trim());
	return {
		results: reports
			.filter((report) => !notAView(report))
			.map((view) => {
				const id = String(view.id);
				const label = typeof view.label === 'string' && view.label !== '' ? view.label : id;
				const mode = typeof view.view_mode === 'string' ? ` (${view.view_mode})` : '';
				return { id, name: `${label}${mode}`, solution: String(view.solution ?? '') };
			})
			.filter(({ id, name }) => wanted === '' || `${name} ${id}`.toLowerCase().includes(wanted))
			.map(({ id, name, solution }) => ({
				name,
				value: id,
				...(solution ? { url: appUrl(solution, String(tableId).trim(), id) } : {}),
			})),
	};
}

export const viewListSearch = { searchViews };

/** A condition of a view's filter as Record → Search sends it: `{field, comparison, value}`. */
const isCondition = (condition: unknown): condition is IDataObject =>
	isObject(condition) &&
	typeof condition.field === 'string' &&
	typeof condition.comparison === 'string';

export interface ViewFilter {
	/** `{operator, fields: [{field, comparison, value}]}`, the body Record → Search sends; `{}` when none. */
	filter: IDataObject;
	/** Why the filter is not one Record → Search can send as it is (nested groups, unknown shapes). */
	note?: string;
}

/**
 * A view's filter. SmartSuite keeps a view's conditions in `state.filterWindow.new_filters`
 * (`{operator, conditions: [{comparison, field, value}]}`, a captured `/reports/` answer, with
 * `filter.fields` empty); older views keep them in `state.filterWindow.filter` (`{operator,
 * fields}`). Conditions that are not `{field, comparison, value}` (a nested group) are kept as
 * they are, with a note: Record → Search sends one level of rules.
 */
export function viewFilter(view: IDataObject): ViewFilter {
	const state = isObject(view.state) ? view.state : {};
	const window = isObject(state.filterWindow) ? state.filterWindow : {};
	const modern = isObject(window.new_filters) ? window.new_filters : undefined;
	const legacy = isObject(window.filter) ? window.filter : undefined;
	const conditions = Array.isArray(modern?.conditions) ? modern.conditions : [];
	const fields = Array.isArray(legacy?.fields) ? legacy.fields : [];
	const [source, list] =
		conditions.length > 0 || fields.length === 0 ? [modern, conditions] : [legacy, fields];
	if (!source) return { filter: {} };
	const operator = source.operator === 'or' ? 'or' : 'and';
	const filter = { operator, fields: list } as IDataObject;
	const odd = list.filter((condition) => !isCondition(condition)).length;
	if (odd === 0) return { filter };
	return {
		filter,
		note: `${odd} of the ${list.length} conditions of the view's filter are not a rule {field, comparison, value} (a nested group of conditions?): Record → Search sends one level of rules, so this filter cannot be sent to it as it is.`,
	};
}
