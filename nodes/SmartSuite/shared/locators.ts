/**
 * The id parameters a user would otherwise paste, as resource locators: From list (the
 * searches in listSearch.ts), By URL where SmartSuite's app has one, and By ID.
 */
import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

import { TABLE_URL_REGEX } from './ids';

/** A solution's URL in the app: https://app.smartsuite.com/<workspace>/solution/<solutionId>[/…] */
export const SOLUTION_URL_REGEX = String.raw`^https?://[^/]+/[^/]+/solution/([^/?#]+)`;

const HEX_ID_PLACEHOLDER = '64b0c1d2e3f4a5b6c7d8e9f0';

function listMode(searchListMethod: string, placeholder: string): INodePropertyMode {
	// A resource locator mode, not a parameter: modes have no default.
	// eslint-disable-next-line n8n-nodes-base/node-param-default-missing
	return {
		displayName: 'From List',
		name: 'list',
		type: 'list',
		placeholder,
		typeOptions: { searchListMethod, searchable: true },
	};
}

function urlMode(regex: string, placeholder: string, what: string): INodePropertyMode {
	// eslint-disable-next-line n8n-nodes-base/node-param-default-missing
	return {
		displayName: 'By URL',
		name: 'url',
		type: 'string',
		placeholder,
		validation: [{ type: 'regex', properties: { regex, errorMessage: `Not a SmartSuite ${what} URL` } }],
		extractValue: { type: 'regex', regex },
	};
}

function idMode(placeholder: string): INodePropertyMode {
	// eslint-disable-next-line n8n-nodes-base/node-param-default-missing
	return { displayName: 'ID', name: 'id', type: 'string', placeholder };
}

type Extra = Partial<INodeProperties> & Pick<INodeProperties, 'displayOptions'>;

export function solutionLocator(extra: Extra): INodeProperties {
	return {
		displayName: 'Solution',
		name: 'solutionId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The solution (the group of tables) to work in',
		modes: [
			listMode('searchSolutions', 'Select a solution...'),
			urlMode(SOLUTION_URL_REGEX, 'https://app.smartsuite.com/sv25cxf2/solution/64b0c1d2e3f4a5b6c7d8e9f1', 'solution'),
			idMode(HEX_ID_PLACEHOLDER),
		],
		...extra,
	};
}

export function tableLocator(extra: Extra): INodeProperties {
	return {
		displayName: 'Table',
		name: 'tableId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			listMode('searchTables', 'Select a table...'),
			urlMode(TABLE_URL_REGEX, 'https://app.smartsuite.com/sv25cxf2/solution/64b0c1d2e3f4a5b6c7d8e9f1/64b0c1d2e3f4a5b6c7d8e9f0', 'table'),
			idMode(HEX_ID_PLACEHOLDER),
		],
		...extra,
	};
}

export function webhookLocator(extra: Extra): INodeProperties {
	return {
		displayName: 'Webhook',
		name: 'webhookId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The webhook; the list shows the webhooks of the chosen Solution',
		modes: [listMode('searchWebhooks', 'Select a webhook...'), idMode('5d1d8a6e-3f6b-4a51-9d1e-2a3b4c5d6e7f')],
		...extra,
	};
}
