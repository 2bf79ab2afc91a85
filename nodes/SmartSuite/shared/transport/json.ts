/** JSON as the transport reads it: whether a value is an object, and an answer's text parsed. */
import type { IDataObject } from 'n8n-workflow';

/** The JSON value of an answer's text; undefined when it is not JSON. */
export function readJson(body: unknown): { value: unknown } | undefined {
	if (typeof body !== 'string') return { value: body };
	try {
		return { value: JSON.parse(body) as unknown };
	} catch {
		return undefined;
	}
}

export function isJsonObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
