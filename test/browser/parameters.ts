/** Which of a node's parameters n8n's editor shows, from the node's description (displayOptions). */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

export type Values = Record<string, unknown>;

/** Whether `allowed` (a show/hide list) holds the value; undefined for conditions beyond this check. */
function holds(key: string, allowed: unknown, values: Values): boolean | undefined {
	if (
		!Array.isArray(allowed) ||
		allowed.some((entry) => typeof entry === 'object' && entry !== null)
	)
		return undefined;
	// `@tool`: whether the node is the tool variant (its type name ends in Tool); the editor test opens the node itself.
	const value =
		key === '@version'
			? (values['@version'] ?? 1)
			: key === '@tool'
				? (values['@tool'] ?? false)
				: values[key];
	return (allowed as unknown[]).includes(value);
}

/** Whether n8n shows `property` for these values; undefined when its condition is beyond this check. */
export function isShown(property: INodeProperties, values: Values): boolean | undefined {
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	for (const [key, allowed] of Object.entries(show)) {
		const held = holds(key, allowed, values);
		if (held !== true) return held;
	}
	for (const [key, allowed] of Object.entries(hide)) {
		const held = holds(key, allowed, values);
		if (held !== false) return held === undefined ? undefined : false;
	}
	return true;
}

/**
 * Parameter values after the user set `chosen` (with the node's version as `@version`): the rest
 * keep their defaults.
 */
export function valuesFor(properties: INodeProperties[], chosen: Values): Values {
	const values: Values = { ...chosen };
	for (const property of properties) {
		if (!(property.name in values) && isShown(property, values))
			values[property.name] = property.default;
	}
	return values;
}

/** The parameters the panel shows for these values (type `hidden` never shows). */
export function shownParameters(properties: INodeProperties[], values: Values): INodeProperties[] {
	return properties.filter(
		(property) => property.type !== 'hidden' && isShown(property, values) === true,
	);
}

/** Every resource and operation pair of a resource/operation node, with display names. */
export function operations(
	properties: INodeProperties[],
): Array<{ resource: INodePropertyOptions; operation: INodePropertyOptions }> {
	const resources = (properties.find((property) => property.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	return resources.flatMap((resource) => {
		const list = properties.find(
			(property) =>
				property.name === 'operation' && isShown(property, { resource: resource.value }),
		);
		return ((list?.options ?? []) as INodePropertyOptions[]).map((operation) => ({
			resource,
			operation,
		}));
	});
}

/** Plain text of a display name or notice (n8n renders its HTML). */
export function plainText(html: string): string {
	return html
		.replace(/<[^>]+>/g, '')
		.replace(/\s+/g, ' ')
		.trim();
}
