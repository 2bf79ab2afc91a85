/**
 * The id parameters a user would otherwise paste, as resource locators: From list (the
 * searches in listSearch.ts), By URL where SmartSuite's app has one, and By ID.
 */
import type { INodeProperties } from 'n8n-workflow';

import { TABLE_URL_REGEX } from './ids';

/** A solution's URL in the app: https://app.smartsuite.com/<workspace>/solution/<solutionId>[/…] */
const SOLUTION_URL_REGEX = String.raw`^https?://[^/]+/[^/]+/solution/([^/?#]+)`;

const HEX_ID_PLACEHOLDER = '64b0c1d2e3f4a5b6c7d8e9f0';
const SOLUTION_URL_PLACEHOLDER =
	'https://app.smartsuite.com/sv25cxf2/solution/64b0c1d2e3f4a5b6c7d8e9f1';

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
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a solution...',
				typeOptions: { searchListMethod: 'searchSolutions', searchable: true },
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: SOLUTION_URL_PLACEHOLDER,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: SOLUTION_URL_REGEX,
							errorMessage: 'Not a SmartSuite solution URL',
						},
					},
				],
				extractValue: { type: 'regex', regex: SOLUTION_URL_REGEX },
			},
			{ displayName: 'ID', name: 'id', type: 'string', placeholder: HEX_ID_PLACEHOLDER },
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
		// No loadOptionsDependsOn on the Solution: n8n's editor empties a picked value when what it
		// depends on changes, and Get Deleted (the one operation with a Solution beside its Table)
		// switched to any other operation emptied the Table (issue 50). The list still follows the
		// Solution: n8n caches it by the node's other parameters.
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a table...',
				typeOptions: { searchListMethod: 'searchTables', searchable: true },
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `${SOLUTION_URL_PLACEHOLDER}/${HEX_ID_PLACEHOLDER}`,
				validation: [
					{
						type: 'regex',
						properties: { regex: TABLE_URL_REGEX, errorMessage: 'Not a SmartSuite table URL' },
					},
				],
				extractValue: { type: 'regex', regex: TABLE_URL_REGEX },
			},
			{ displayName: 'ID', name: 'id', type: 'string', placeholder: HEX_ID_PLACEHOLDER },
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
		typeOptions: { loadOptionsDependsOn: ['solutionId.value'] },
		description: 'The webhook; the list shows the webhooks of the chosen Solution',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a webhook...',
				typeOptions: { searchListMethod: 'searchWebhooks', searchable: true },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: '5d1d8a6e-3f6b-4a51-9d1e-2a3b4c5d6e7f',
			},
		],
		...extra,
	};
}
