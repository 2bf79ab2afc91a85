import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { isObject } from '../../shared/fields/values';
import { tableLocator } from '../../shared/locators';
import { returnAllFields } from '../shared';
import { eachItem, readTableId } from '../record/common';
import { readLimit } from '../record/search';
import { notAView, listViews, viewFilter } from './views';

const show = { resource: ['view'], operation: ['getMany'] };

export const getManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getMany',
	action: 'Get the views of a table',
	description:
		'List the saved views of a table (not its dashboards): ID, label, kind (view_mode), and the filter and sort each applies',
};

export const getManyFields: INodeProperties[] = [
	tableLocator({ description: 'The table whose views are listed', displayOptions: { show } }),
	...returnAllFields(show),
];

/** The view as SmartSuite lists it, with its filter (see viewFilter) and sort (from `state`) on top. */
function withFilterAndSort(view: IDataObject): IDataObject {
	const state = isObject(view.state) ? view.state : {};
	const { filter, note } = viewFilter(view);
	const sort = isObject(state.sortWindow) ? state.sortWindow.sort : undefined;
	return {
		...view,
		filter,
		...(note !== undefined && { filterNote: note }),
		sort: Array.isArray(sort) ? sort : [],
	};
}

/**
 * Run by actions/router.ts. The table's structure is read first, so that an unknown
 * table is an error (the list of views of a table that does not exist may be empty).
 */
export async function executeGetMany(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await eachItem(this, async (client, itemIndex) => {
		const tableId = readTableId(this, itemIndex);
		const limit = readLimit(this, itemIndex);
		await client.structure(tableId);
		const reports = await listViews(this, client, tableId, itemIndex);
		// `/reports/` lists the table's dashboards and forms too: they are not views.
		const views = reports.filter((report) => !notAView(report));
		return views.slice(0, limit).map(withFilterAndSort);
	});
}
