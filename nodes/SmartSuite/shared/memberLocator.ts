/**
 * Pickers of a member and a team: From List (the searches below), By ID, and for a member By
 * Email. No By URL: SmartSuite's reference gives no address of a member or a team in the app
 * (members and teams are records of system tables that the API reaches only through its lists).
 */
import type {
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodeProperties,
} from 'n8n-workflow';

import { requireId } from './ids';
import {
	listTeams,
	memberEmails,
	memberIdByEmail,
	memberMatches,
	memberName,
	teamFilter,
} from './people';
import type { RecordsClient } from './records';
import { recordsClient } from './records';

type Extra = Partial<INodeProperties> & Pick<INodeProperties, 'displayOptions'>;

/** Entries per page of the pickers. */
const SEARCH_PAGE_SIZE = 100;
const HEX_ID_PLACEHOLDER = '64b0c1d2e3f4a5b6c7d8e9f0';
const EMAIL_REGEX = String.raw`^\s*[^\s@]+@[^\s@]+\s*$`;

export function memberLocator(extra: Extra): INodeProperties {
	return {
		displayName: 'Member',
		name: 'memberId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'A member of the workspace: picked from the list, its ID, or its e-mail address',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a member...',
				typeOptions: { searchListMethod: 'searchMembers', searchable: true },
			},
			{ displayName: 'ID', name: 'id', type: 'string', placeholder: HEX_ID_PLACEHOLDER },
			{
				displayName: 'By Email',
				name: 'email',
				type: 'string',
				placeholder: 'name@example.com',
				validation: [
					{
						type: 'regex',
						properties: { regex: EMAIL_REGEX, errorMessage: 'Not an e-mail address' },
					},
				],
			},
		],
		...extra,
	};
}

export function teamLocator(extra: Extra): INodeProperties {
	return {
		displayName: 'Team',
		name: 'teamId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'A team of the workspace: picked from the list, or its ID',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a team...',
				typeOptions: { searchListMethod: 'searchTeams', searchable: true },
			},
			{ displayName: 'ID', name: 'id', type: 'string', placeholder: HEX_ID_PLACEHOLDER },
		],
		...extra,
	};
}

/**
 * The member id a member picker gives: an e-mail address (mode By Email, or any value with an
 * "@", which no id has) is resolved through the workspace's members. `optional`: '' when empty.
 */
export async function readMemberId(
	context: IExecuteFunctions,
	client: RecordsClient,
	name: string,
	itemIndex: number,
	{ label, optional = false }: { label: string; optional?: boolean },
): Promise<string> {
	const raw = context.getNodeParameter(name, itemIndex, '') as unknown;
	const locator = raw as { mode?: unknown; value?: unknown } | null;
	const isLocator = typeof locator === 'object' && locator !== null && !Array.isArray(locator);
	const value = isLocator ? locator.value : raw;
	if (optional && (value === undefined || value === null || String(value).trim() === '')) return '';
	const given = requireId(context.getNode(), value, label, itemIndex);
	if ((isLocator && locator.mode === 'email') || given.includes('@'))
		return await memberIdByEmail(client, given, itemIndex);
	return given;
}

/** The pickers' page: `token` is the offset of the page. */
const pageOf = <T>(entries: T[], token?: string) => {
	const offset = Number(token ?? 0) || 0;
	const next = offset + SEARCH_PAGE_SIZE;
	return {
		entries: entries.slice(offset, next),
		paginationToken: next < entries.length ? String(next) : undefined,
	};
};

/** Members whose name or e-mail address contains the text, by name. */
async function searchMembers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const { all } = await (await recordsClient(this)).members();
	const matching = all
		.filter((member) => memberMatches(member, filter ?? ''))
		.map((member) => {
			const name = memberName(member) || String(member.id);
			const email = memberEmails(member)[0];
			return { name: email ? `${name} (${email})` : name, value: String(member.id) };
		})
		.sort((a, b) => a.name.localeCompare(b.name));
	const { entries, paginationToken: next } = pageOf(matching, paginationToken);
	return { results: entries, paginationToken: next };
}

/** Teams whose name contains the text (SmartSuite filters), a page of 100 at a time. */
async function searchTeams(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const text = (filter ?? '').trim();
	const { teams, more } = await listTeams(this, await recordsClient(this), {
		filter: text ? teamFilter(text) : undefined,
		limit: SEARCH_PAGE_SIZE,
		offset,
	});
	return {
		results: teams.map((team) => ({
			name: typeof team.name === 'string' && team.name !== '' ? team.name : String(team.id),
			value: String(team.id),
		})),
		paginationToken: more ? String(offset + teams.length) : undefined,
	};
}

export const memberListSearch = { searchMembers, searchTeams };
