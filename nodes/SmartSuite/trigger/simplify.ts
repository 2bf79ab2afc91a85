import type { IDataObject } from 'n8n-workflow';

import { isJsonObject } from '../shared/transport';

/** The event as one flat item: what changed, on which record, with its values before and after. */
export function simplifyEvent(event: IDataObject): IDataObject {
	const change = objectOrEmpty(event.record_event_data);
	const record = objectOrEmpty(change.data);
	const previous = objectOrEmpty(change.previous);
	const locator = objectOrEmpty(change.locator);
	return {
		event_id: event.event_id,
		kind: event.kind,
		event_at: event.event_at,
		record_id: change.record_id ?? record.id,
		application_id: locator.application_id ?? record.application_id,
		solution_id: locator.solution_id ?? objectOrEmpty(event.locator).solution_id,
		record,
		previous,
		changed_fields: changedFields(record, previous),
	};
}

/** Slugs of `previous` whose value differs from the record's, in the order of `previous`. */
export function changedFields(record: IDataObject, previous: IDataObject): string[] {
	return Object.keys(previous).filter((slug) => !sameJson(previous[slug], ownValue(record, slug)));
}

/** Deep equality of JSON values; key order does not matter and a missing value equals null. */
export function sameJson(a: unknown, b: unknown): boolean {
	if (a === undefined || b === undefined) return (a ?? null) === (b ?? null);
	if (Array.isArray(a) || Array.isArray(b)) {
		return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
	}
	if (isJsonObject(a) && isJsonObject(b)) {
		const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
		return [...keys].every((key) => sameJson(ownValue(a, key), ownValue(b, key)));
	}
	return a === b;
}

/** Own properties only: "constructor" or "__proto__" are field names like any other. */
function ownValue(object: IDataObject, key: string): unknown {
	return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

function objectOrEmpty(value: unknown): IDataObject {
	return isJsonObject(value) ? value : {};
}
