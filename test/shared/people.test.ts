/** Readable People and Choices' pure conversions (nodes/SmartSuite/shared/fields/people.ts). */
import { memberEmail, memberName, readPeople } from '../../nodes/SmartSuite/shared/fields/people';

test('a member is named by full_name.sys_root, else first and last name, else null', () => {
	expect(memberName({ full_name: { sys_root: ' Ada Lovelace ', first_name: 'X' } })).toBe(
		'Ada Lovelace',
	);
	expect(memberName({ full_name: { first_name: 'Ada', last_name: 'Lovelace' } })).toBe(
		'Ada Lovelace',
	);
	expect(memberName({ full_name: { first_name: 'Ada' } })).toBe('Ada');
	expect(memberName({})).toBeNull();
});

test("a member's e-mail is the first of the list, or the string some answers give, else null", () => {
	expect(memberEmail({ email: ['', 'ada@example.com', 'b@example.com'] })).toBe('ada@example.com');
	expect(memberEmail({ email: 'ada@example.com' })).toBe('ada@example.com');
	expect(memberEmail({ email: [] })).toBeNull();
	expect(memberEmail({})).toBeNull();
});

test('people: each id with name and e-mail, null for an unknown one; ids given as objects are read', () => {
	const membersById = new Map([
		['m1', { id: 'm1', email: ['a@example.com'], full_name: { sys_root: 'A B' } }],
	]);
	expect(readPeople(['m1', { id: 'm2' }], { membersById })).toEqual([
		{ id: 'm1', name: 'A B', email: 'a@example.com' },
		{ id: 'm2', name: null, email: null },
	]);
	expect(readPeople(null, { membersById })).toBeNull();
});
