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

/**
 * requireId for the id of a solution, table or record, which SmartSuite writes as 24 lowercase
 * hexadecimal characters: a link, or a name (a space or a capital letter in what is not such an
 * id), given where the id belongs (By ID, an expression) is named as such before any request,
 * instead of coming back from SmartSuite as "not found".
 */
export function requireHexId(
	node: INode,
	value: unknown,
	label: string,
	itemIndex?: number,
): string {
	const id = requireId(node, value, label, itemIndex);
	const what = /^[a-z][a-z0-9+.-]*:\/\//i.test(id)
		? 'a URL'
		: !HEX_ID.test(id) && /[\sA-Z]/.test(id)
			? 'a name'
			: undefined;
	if (!what) return id;
	const noun = label.toLowerCase();
	throw new NodeOperationError(node, `The parameter "${label}" is ${what}, not an ID: "${id}"`, {
		description:
			what === 'a URL'
				? `Choose "By URL" for a link copied from SmartSuite where ${label} offers it, or enter the ${noun}'s ID alone: 24 characters such as 64b0c1d2e3f4a5b6c7d8e9f0, the last part of its link.`
				: `Choose "From List" to pick the ${noun} by its name, or enter its ID: 24 characters such as 64b0c1d2e3f4a5b6c7d8e9f0.`,
		itemIndex,
	});
}

/** SmartSuite's ids of solutions, tables and records (either case accepted). */
const HEX_ID = /^[0-9a-f]{24}$/i;

/**
 * One word that is not such an id, `projects`: most likely a name. Not refused before the request
 * (another SmartSuite may have other ids), but named as such when it is not found.
 */
export const looksLikeName = (id: string) =>
	!HEX_ID.test(id) && /^[\p{L}][\p{L}\p{N}_-]*$/u.test(id);

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
