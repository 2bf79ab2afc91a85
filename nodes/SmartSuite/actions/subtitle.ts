import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The node's subtitle on the canvas: "<Operation>: <Resource>" in the display names the panel
 * shows (n8n evaluates the subtitle as an expression and shows its raw result). Built from the
 * node's own resource and operation lists, so it follows whatever operations there are; empty for
 * anything else (such as n8n's "Custom API Call").
 */
export function operationSubtitle(properties: INodeProperties[]): string {
	const optionsOf = (property?: INodeProperties) =>
		(property?.options ?? []) as INodePropertyOptions[];
	const labels: Record<string, string> = {};
	for (const resource of optionsOf(properties.find((property) => property.name === 'resource'))) {
		const list = properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(resource.value),
		);
		for (const operation of optionsOf(list))
			labels[`${resource.value}:${operation.value}`] = `${operation.name}: ${resource.name}`;
	}
	return `={{ (${JSON.stringify(labels)})[$parameter["resource"] + ":" + $parameter["operation"]] || "" }}`;
}
