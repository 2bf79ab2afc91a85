/** Readable People and Choices' pure conversions (nodes/SmartSuite/shared/fields/people.ts). */
import {
	memberEmail,
	memberName,
	readPeople,
	readStatus,
} from '../../nodes/SmartSuite/shared/fields/people';

const choices = [{ value: 'done', label: 'Done' }];

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

test('status: value and label added to SmartSuite’s object; a bare id too; the id as label when deleted', () => {
	expect(readStatus({ value: 'done', updated_on: 't' }, choices)).toEqual({
		value: 'done',
		label: 'Done',
		updated_on: 't',
	});
	expect(readStatus('done', choices)).toEqual({ value: 'done', label: 'Done' });
	expect(readStatus({ value: 'gone' }, choices)).toEqual({ value: 'gone', label: 'gone' });
	expect(readStatus(null, choices)).toBeNull();
	expect(readStatus({ updated_on: 't' }, choices)).toEqual({ updated_on: 't' });
});
