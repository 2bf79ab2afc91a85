import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Returns the trimmed id, or throws before any request when it is empty or cannot be an id.
 * `label` is the parameter's display name, so the message tells the user what to fix.
 */
export function requireId(node: INode, value: unknown, label: string, itemIndex?: number): string {
	const invalid = (message: string, description: string) =>
		new NodeOperationError(node, `The parameter "${label}" ${message}`, { description, itemIndex });
	if (
		typeof value !== 'string' &&
		typeof value !== 'number' &&
		value !== undefined &&
		value !== null
	) {
		throw invalid(
			`is ${kindOf(value)}, not an id`,
			`An id is text such as 64b0c1d2e3f4a5b6c7d8e9f0. If "${label}" is an expression, make it give the id itself, not ${kindOf(value)} holding it.`,
		);
	}
	const id = value === undefined || value === null ? '' : String(value).trim();
	if (id === '') {
		throw invalid(
			'is empty',
			`Enter the ${label}, or check that the expression gives a value for this item.`,
		);
	}
	// URLs resolve "." and ".." segments even when percent-encoded, so such an id could reach
	// another path; no SmartSuite id looks like that.
	if (/^\.+$/.test(id)) {
		throw invalid(
			`is not a valid id: "${id}"`,
			`A ${label} is a string such as 64b0c1d2e3f4a5b6c7d8e9f0.`,
		);
	}
	// Half of a UTF-16 pair cannot be encoded into a URL or sent as UTF-8.
	if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(id)) {
		throw invalid(
			'contains a broken character (half of a UTF-16 surrogate pair)',
			`No SmartSuite id contains such a character: check where the ${label} comes from, for example text cut in the middle of an emoji.`,
		);
	}
	return id;
}

function kindOf(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'boolean') return `${value} (a boolean)`;
	return `a ${typeof value}`;
}

/** An id as one path segment: "/", "?", "#" and "%" can never leave it. */
export function pathSegment(id: string): string {
	return encodeURIComponent(id);
}

/** Table URL from the app: https://app.smartsuite.com/<workspace>/solution/<solutionId>/<tableId> */
export const TABLE_URL_REGEX = String.raw`^https?://[^/]+/[^/]+/solution/[^/]+/([^/?#]+)`;
