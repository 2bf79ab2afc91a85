/**
 * The workspace's members and teams (REF org-management/): the members come from the client's
 * directory (read once per run), the teams from `POST /api/v1/teams/list/`, paged by offset as
 * the members and records lists are. Both are shown simplified by default.
 */
import type { IDataObject, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { entriesOf } from './directory';
import { isRemovedMember } from './fields/people';
import { isObject } from './fields/values';
import { reachedTotal } from './pages';
import type { MemberDirectory, RecordsClient } from './records';
import type { RequestContext } from './transport';

/** SmartSuite's largest page. */
const TEAMS_PAGE_SIZE = 1000;
/** 20,000 teams: more than a workspace has, few enough to stop a list that never ends. */
const MAX_TEAM_PAGES = 20;

/** Member roles (member-object.md: ADMIN = 1, SOLUTION_MANAGER = 2, GENERAL = 3, SYSTEM = 4, GUEST = 5). */
const ROLES: Record<string, string> = {
	'1': 'Administrator',
	'2': 'Solution Manager',
	'3': 'General',
	'4': 'System',
	'5': 'Guest',
};
/** Team status (team-object.md: ACTIVE = 1, INACTIVE = 2). */
const TEAM_STATUSES: Record<string, string> = { '1': 'Active', '2': 'Inactive' };

type Show = Record<string, string[]>;

export function simplifyOption(show: Show, what: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return the ${what} with its main properties in plain words, instead of SmartSuite's whole object`,
		displayOptions: { show },
	};
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const ids = (value: unknown) =>
	Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
/** A value that SmartSuite gives as `{value}` or bare (`"1"`, 1). */
const code = (value: unknown) => {
	const raw = isObject(value) ? value.value : value;
	return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
};

/** A member's e-mail addresses (a list in the reference, one string in some answers). */
export function memberEmails(member: IDataObject): string[] {
	return (Array.isArray(member.email) ? member.email : [member.email]).filter(
		(email): email is string => typeof email === 'string' && email !== '',
	);
}

/** The member's full name (`full_name.sys_root`, else its parts), '' when it has none. */
export function memberName(member: IDataObject): string {
	const name = isObject(member.full_name) ? member.full_name : {};
	return (
		text(name.sys_root) ||
		[name.first_name, name.middle_name, name.last_name].map(text).filter(Boolean).join(' ')
	);
}

export function simplifyMember(member: IDataObject): IDataObject {
	const role = code(member.role);
	return {
		id: member.id,
		name: memberName(member),
		email: memberEmails(member)[0] ?? null,
		role: ROLES[role] ?? role,
		// The reference documents no values for a member's status (its active example has "1").
		status: code(member.status),
		teams: ids(member.teams),
		...(isRemovedMember(member) && { removed: true }),
	};
}

export function simplifyTeam(team: IDataObject): IDataObject {
	const status = code(team.status);
	return {
		id: team.id,
		name: text(team.name),
		status: TEAM_STATUSES[status] ?? status,
		members: ids(team.members),
		owners: ids(team.owners),
		...(isRemovedMember(team) && { removed: true }),
	};
}

/** A member as the name and e-mail a person reads (comments' author and assignee). */
export function personOf(directory: MemberDirectory, memberId: unknown): IDataObject | null {
	if (typeof memberId !== 'string' || memberId === '') return null;
	const member = directory.byId.get(memberId);
	return {
		id: memberId,
		name: member ? memberName(member) : null,
		email: member ? (memberEmails(member)[0] ?? null) : null,
		...(member && isRemovedMember(member) && { removed: true }),
	};
}

/** Whether a member's name or one of its e-mail addresses contains the text (any case). */
export function memberMatches(member: IDataObject, search: string): boolean {
	const wanted = search.trim().toLowerCase();
	return (
		wanted === '' ||
		[memberName(member), ...memberEmails(member)].some((value) =>
			value.toLowerCase().includes(wanted),
		)
	);
}

/** The member with this id (a removed member too: simplified, it says `removed: true`), or an error naming it. */
export async function memberById(
	client: RecordsClient,
	memberId: string,
	itemIndex?: number,
): Promise<IDataObject> {
	const member = (await client.members()).byId.get(memberId);
	if (member) return member;
	throw new NodeOperationError(client.node, `Member "${memberId}" was not found in the workspace`, {
		description: 'Check the ID, or pick the member from the list.',
		itemIndex,
	});
}

/** The id of the member with this e-mail address, or an error naming it. */
export async function memberIdByEmail(
	client: RecordsClient,
	email: string,
	itemIndex?: number,
): Promise<string> {
	const directory = await client.members();
	const wanted = email.trim().toLowerCase();
	const id = directory.idByEmail.get(wanted);
	if (id) return id;
	const removed = [...directory.byId.values()].some((member) =>
		memberEmails(member).some((address) => address.trim().toLowerCase() === wanted),
	);
	throw new NodeOperationError(
		client.node,
		removed
			? `The member with the e-mail address "${email.trim()}" was removed from the workspace`
			: `No member of the workspace has the e-mail address "${email.trim()}"`,
		{ description: 'Check the address, or pick the member from the list.', itemIndex },
	);
}

/** A filter on the teams' name containing the text (the pickers). */
export const teamFilter = (value: string): IDataObject => ({
	operator: 'and',
	fields: [{ field: 'name', comparison: 'contains', value }],
});

/**
 * Teams matching `filter` (all when absent), up to `limit`, by pages of at most 1,000 from
 * `offset`; elements that are not teams are passed over with a warning, and removed teams
 * (`deleted_date.date` set, as removed members have it: the teams-list reference's example) unless
 * `withRemoved`. Bounded by MAX_TEAM_PAGES. `more`: the list went on past the limit.
 */
export async function listTeams(
	context: Pick<RequestContext, 'logger'>,
	client: RecordsClient,
	{
		filter,
		limit = Infinity,
		offset = 0,
		itemIndex,
		withRemoved = false,
	}: {
		filter?: IDataObject;
		limit?: number;
		offset?: number;
		itemIndex?: number;
		withRemoved?: boolean;
	},
): Promise<{ teams: IDataObject[]; more: boolean }> {
	const teams: IDataObject[] = [];
	const seen = new Set<string>();
	for (let pages = 1; ; pages++) {
		const wanted = Math.min(TEAMS_PAGE_SIZE, limit - teams.length);
		const answer = await client.call(
			{
				method: 'POST',
				url: '/api/v1/teams/list/',
				qs: { offset, limit: wanted },
				// n8n does not send an empty object: an empty sort keeps the body.
				body: { sort: [], ...(filter && { filter }) },
				action: 'list the teams of the workspace',
				notFound: 'SmartSuite has no list of teams at this address',
				repeatable: true,
			},
			itemIndex,
		);
		const elements = isObject(answer) && Array.isArray(answer.items) ? answer.items : undefined;
		if (!elements) throw notAPageError(client, itemIndex);
		const entries = entriesOf(context, elements, 'id', 'teams');
		for (const team of entries) {
			if (teams.length >= limit || seen.has(String(team.id))) continue;
			seen.add(String(team.id));
			if (!withRemoved && isRemovedMember(team)) continue;
			teams.push(team);
		}
		offset += entries.length;
		const ended = elements.length < wanted || reachedTotal(answer, elements.length, offset);
		if (ended) return { teams, more: false };
		if (teams.length >= limit) return { teams, more: true };
		if (pages >= MAX_TEAM_PAGES)
			throw new NodeOperationError(
				client.node,
				`Stopped after reading ${MAX_TEAM_PAGES} pages of teams: SmartSuite kept sending more`,
				{ description: 'Turn off Return All and set a Limit.', itemIndex },
			);
	}
}

/**
 * The team with this id, picked from the teams list (SmartSuite documents no single read, and no
 * source shows `id` as a field the list filters on; a workspace has few teams). A removed team is
 * found too (simplified, it says `removed: true`), as a removed member is by Member → Get.
 */
export async function teamById(
	context: Pick<RequestContext, 'logger'>,
	client: RecordsClient,
	teamId: string,
	itemIndex?: number,
): Promise<IDataObject> {
	const { teams } = await listTeams(context, client, { itemIndex, withRemoved: true });
	const team = teams.find((entry) => entry.id === teamId);
	if (team) return team;
	throw new NodeOperationError(client.node, `Team "${teamId}" was not found in the workspace`, {
		description: 'Check the ID, or pick the team from the list.',
		itemIndex,
	});
}

function notAPageError(client: RecordsClient, itemIndex?: number): NodeApiError {
	const message = 'SmartSuite sent an answer to the teams list that is not a page of teams';
	return new NodeApiError(client.node, { message } as JsonObject, {
		message,
		description: 'The answer has no "items" list. This is usually a temporary problem: try again.',
		itemIndex,
	});
}
