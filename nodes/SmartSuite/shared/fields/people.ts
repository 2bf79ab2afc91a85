/**
 * People: a person given by id, e-mail address or full name as a member id (user fields, a time
 * entry's user, a checklist item's assignee), and Readable People and Choices' member ids as
 * `{id, name, email}`. Pure: the members come from the directory the caller read.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ConvertContext } from './types';
import { isEmail, isObject, looksLikeId, readIds, ValueError } from './values';

/** What readable values need beyond the table's structure: the members by id (empty when unread). */
export interface ReadContext {
	membersById: Map<string, IDataObject>;
	/**
	 * Linked table id → record id → its title (null: not found), when linked records are shown
	 * with their titles; absent, they are shown as ids.
	 */
	linkTitles?: Map<string, Map<string, string | null>>;
}

const textOrNull = (value: unknown) =>
	typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** A member's full name (SmartSuite's `full_name.sys_root`, else first and last name), or null. */
export function memberName(member: IDataObject): string | null {
	const fullName = isObject(member.full_name) ? member.full_name : {};
	return (
		textOrNull(fullName.sys_root) ??
		textOrNull([fullName.first_name, fullName.last_name].filter(textOrNull).join(' '))
	);
}

/** A member's first e-mail address (SmartSuite sends a list, some answers a string), or null. */
export function memberEmail(member: IDataObject): string | null {
	const emails = Array.isArray(member.email) ? member.email : [member.email];
	return emails.map(textOrNull).find((email) => email !== null) ?? null;
}

/**
 * Whether the member (or team) was removed from the workspace: SmartSuite's members and teams
 * lists keep removed ones, with `deleted_date.date` set (SmartSuite's member and team references;
 * live clients of the members list leave them out); a bare date string is read too.
 */
export function isRemovedMember(member: IDataObject): boolean {
	const deleted = isObject(member.deleted_date) ? member.deleted_date.date : member.deleted_date;
	return typeof deleted === 'string' ? deleted.trim() !== '' : typeof deleted === 'number';
}

/** A member as a name lookup finds it. */
export interface NamedMember {
	id: string;
	name: string;
	email: string | null;
	removed: boolean;
}

/** Every member (removed ones too, marked) by lower-cased full name: a name may be shared. */
export function membersByName(members: Iterable<IDataObject>): Map<string, NamedMember[]> {
	const byName = new Map<string, NamedMember[]>();
	for (const member of members) {
		const name = memberName(member);
		if (name === null || typeof member.id !== 'string') continue;
		const key = name.toLowerCase();
		byName.set(key, [
			...(byName.get(key) ?? []),
			{ id: member.id, name, email: memberEmail(member), removed: isRemovedMember(member) },
		]);
	}
	return byName;
}

/**
 * `{id, name, email}` of each member id; an id the directory lacks gets null name and e-mail. A
 * member removed from the workspace is still named (the directory holds removed members), with
 * `removed: true`.
 */
export function readPeople(value: unknown, { membersById }: ReadContext): unknown {
	const ids = readIds(value);
	if (!Array.isArray(ids)) return ids;
	return ids.map((id) => {
		const member = typeof id === 'string' ? membersById.get(id) : undefined;
		return {
			id,
			name: member ? memberName(member) : null,
			email: member ? memberEmail(member) : null,
			...(member && isRemovedMember(member) && { removed: true }),
		};
	});
}

/** How a person is given, for the messages of the fields that take one. */
export const PERSON_EXPECTED = "a member's e-mail address, full name or id";

/** One member named so (context.membersByName), or what is wrong with the name. */
function memberNamed(name: string, context: ConvertContext, expected: string): string {
	const named = context.membersByName?.get(name.toLowerCase()) ?? [];
	const current = named.filter((member) => !member.removed);
	if (current.length === 1) return current[0].id;
	if (current.length > 1) {
		const candidates = current
			.slice(0, 10)
			.map((member) => `${member.email ?? 'no e-mail'} (id ${member.id})`);
		throw new ValueError(
			`one member; ${current.length} members are named "${name}": ${candidates.join(', ')}. Give the e-mail address or id`,
		);
	}
	throw new ValueError(
		named.length > 0
			? `${expected}; the member named "${name}" was removed from the workspace`
			: `${expected}; no member of the workspace is named "${name}"`,
	);
}

/**
 * The member id of a person given by id, e-mail address or full name (context: the members, read
 * once when a value names one: see peopleGiven). `expected`: what the field takes, for its message.
 */
export function toMemberId(given: string, context: ConvertContext, expected: string): string {
	const text = given.trim();
	if (isEmail(text)) {
		const member = context.memberIdsByEmail?.get(text.toLowerCase());
		if (member === undefined)
			throw new ValueError(
				`${expected}; no member of the workspace has the e-mail address "${text}"`,
			);
		return member;
	}
	return context.membersByName && !looksLikeId(text) ? memberNamed(text, context, expected) : text;
}
