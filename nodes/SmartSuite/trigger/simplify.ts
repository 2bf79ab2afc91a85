import type { IDataObject } from 'n8n-workflow';

import type { Field, ReadContext, RichTextForm } from '../shared/fields';
import { outputKeys, simplifyRecord, withoutEmptyValues } from '../shared/fields';
import { ownValue } from '../shared/own';
import { isJsonObject } from '../shared/transport';

/** The event as one flat item: what changed, on which record, with its values before and after. */
export function simplifyEvent(event: IDataObject): IDataObject {
	const change = objectOrEmpty(event.record_event_data);
	const record = objectOrEmpty(change.data);
	const previous = objectOrEmpty(change.previous);
	const locator = objectOrEmpty(change.locator);
	return {
		// Fetch Test Event's sample (sample.ts) says what it is, first: a long record hides the end.
		...(event.sample === true && { sample: true }),
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

/**
 * A simplified event's `record` and `previous` as the node's Simplify shows a record (by label,
 * readable values, fields the structure lacks left out), and `changed_fields` by label. Empty
 * values are left out first, as SmartSuite's Get leaves them out of the record it answers.
 */
export function byLabel(
	event: IDataObject,
	structure: Field[],
	readable?: ReadContext,
	richText?: RichTextForm,
): Pick<IDataObject, 'record' | 'previous' | 'changed_fields'> {
	const keys = outputKeys(structure);
	const shown = (values: IDataObject) =>
		simplifyRecord(withoutEmptyValues(values), structure, keys, readable, richText);
	// `previous` holds the old values of the changed fields, without an id.
	const { id, ...previous } = shown(objectOrEmpty(event.previous));
	const changed = Array.isArray(event.changed_fields) ? event.changed_fields : [];
	return {
		record: shown(objectOrEmpty(event.record)),
		previous: id === undefined ? previous : { id, ...previous },
		changed_fields: changed.map((slug) => keys.get(String(slug)) ?? slug),
	};
}

/** Slugs of `previous` whose value differs from the record's, in the order of `previous`. */
export function changedFields(record: IDataObject, previous: IDataObject): string[] {
	return Object.keys(previous).filter((slug) => !sameJson(previous[slug], ownValue(record, slug)));
}

/**
 * Deep equality of JSON values; key order does not matter and a missing value equals null.
 * Walks with its own stack: legal JSON may be nested deeper than the call stack allows.
 */
export function sameJson(a: unknown, b: unknown): boolean {
	const pending: Array<[unknown, unknown]> = [[a, b]];
	for (let pair = pending.pop(); pair !== undefined; pair = pending.pop()) {
		const [x, y] = pair;
		if (x === undefined || y === undefined) {
			if ((x ?? null) !== (y ?? null)) return false;
		} else if (Array.isArray(x) || Array.isArray(y)) {
			if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
			for (let i = 0; i < x.length; i++) pending.push([x[i], y[i]]);
		} else if (isJsonObject(x) && isJsonObject(y)) {
			for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
				pending.push([ownValue(x, key), ownValue(y, key)]);
			}
		} else if (x !== y) {
			return false;
		}
	}
	return true;
}

function objectOrEmpty(value: unknown): IDataObject {
	return isJsonObject(value) ? value : {};
}
