import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Returns the trimmed id, or throws before any request when it is empty or cannot be an id.
 * `label` is the parameter's display name, so the message tells the user what to fix.
 */
export function requireId(node: INode, value: unknown, label: string, itemIndex?: number): string {
	const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (id === '') {
		throw new NodeOperationError(node, `The parameter "${label}" is empty`, {
			description: `Enter the ${label}, or check that the expression gives a value for this item.`,
			itemIndex,
		});
	}
	// URLs resolve "." and ".." segments even when percent-encoded, so such an id could reach
	// another path; no SmartSuite id looks like that.
	if (/^\.+$/.test(id)) {
		throw new NodeOperationError(node, `The parameter "${label}" is not a valid id: "${id}"`, {
			description: `A ${label} is a string such as 64b0c1d2e3f4a5b6c7d8e9f0.`,
			itemIndex,
		});
	}
	return id;
}

/** An id as one path segment: "/", "?", "#" and "%" can never leave it. */
export function pathSegment(id: string): string {
	return encodeURIComponent(id);
}

/** Table URL from the app: https://app.smartsuite.com/<workspace>/solution/<solutionId>/<tableId> */
export const TABLE_URL_REGEX = String.raw`^https?://[^/]+/[^/]+/solution/[^/]+/([^/?#]+)`;
