/**
 * Fetch Test Event when there is no event to show yet (no webhook before the first publish, or
 * none of its events matches): the latest record of each watched table, read once and shaped as
 * an event of the first selected kind, marked `sample: true`. Nothing is saved, nothing created.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { listTables } from '../shared/directory';
import { isObject } from '../shared/fields/values';
import type { RunBudget } from '../shared/records';
import { recordsClient, recordsPath } from '../shared/records';
import type { Scope } from '../shared/scope';

/** Most tables a sample reads (one record each): a solution-wide scope may have many. */
const MAX_SAMPLE_TABLES = 5;

/** The tables a scope watches: those picked, or the solution's first ones. */
async function watchedTables(context: IPollFunctions, scope: Scope): Promise<string[]> {
	const { filter } = scope;
	if (isObject(filter.applications) && Array.isArray(filter.applications.application_ids))
		return filter.applications.application_ids.map(String).slice(0, MAX_SAMPLE_TABLES);
	if (isObject(filter.application)) return [String(filter.application.application_id)];
	const tables = await listTables(context, scope.solutionId);
	return tables.map((table) => String(table.id)).slice(0, MAX_SAMPLE_TABLES);
}

/** The sample events, one per watched table that has a record; none when every table is empty. */
export async function sampleEvents(
	context: IPollFunctions,
	scope: Scope,
	kinds: string[],
	budget: RunBudget,
): Promise<IDataObject[]> {
	const client = await recordsClient(context, budget);
	const events: IDataObject[] = [];
	for (const tableId of await watchedTables(context, scope)) {
		const answer = await client.call({
			method: 'POST',
			url: recordsPath(tableId, 'list/'),
			qs: { offset: 0, limit: 1 },
			body: { sort: [{ field: 'last_updated', direction: 'desc' }] },
			action: 'read the latest record for a sample event',
			notFound: `The table "${tableId}" was not found`,
			repeatable: true,
		});
		const record = isObject(answer) && Array.isArray(answer.items) ? answer.items[0] : undefined;
		if (!isObject(record)) continue;
		const updated = isObject(record.last_updated) ? record.last_updated.on : undefined;
		events.push({
			sample: true,
			event_id: null,
			kind: kinds[0] ?? 'RECORD_UPDATED',
			event_at: updated ?? null,
			locator: { solution_id: scope.solutionId },
			record_event_data: {
				record_id: record.id,
				locator: { application_id: tableId, solution_id: scope.solutionId },
				data: record,
				previous: {},
			},
		});
	}
	return events;
}

/** What Fetch Test Event shows when no watched table has a record yet. */
export const NO_SAMPLE = {
	sample: true,
	message:
		'No event and no record yet in the watched tables. Create or change a record in a watched table, then fetch a test event again (this item is only shown here: a published workflow never emits it).',
};
