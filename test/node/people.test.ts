/**
 * Member > Get / Get Many and Team > Get / Get Many through n8n's WorkflowExecute against the
 * emulator, and the member and team pickers as n8n's editor runs them.
 */
import type { INodeParameters } from 'n8n-workflow';

import { captureLogs } from '../helpers/logs';
import { credentialsFor, runNodeMethod } from '../helpers/n8n';
import { run, runError, runInWorkflow, smartSuite, useEmulator } from './harness';

const ctx = useEmulator();
const warnings = captureLogs();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const member = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'member',
	operation,
	...extra,
});
const team = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'team',
	operation,
	...extra,
});
const operations = () => ctx.emu.requests.map((request) => request.operation);

describe('Member', () => {
	it('Get Many: every member simplified (id, name, e-mail, role, status, teams), one request', async () => {
		const { emu } = ctx;
		const output = await run(emu, { parameters: member('getMany', { returnAll: true }) });
		expect(operations()).toEqual(['ListMembers']);
		expect(output).toHaveLength(emu.members().length);
		const [first] = emu.members();
		expect(output[0]).toEqual({
			json: {
				id: first.id,
				name: 'Alex Morgan',
				email: 'alex.morgan@example.com',
				role: 'Administrator',
				status: '1',
				teams: [],
			},
			pairedItem: { item: 0 },
		});
		expect(output[1].json.role).toBe('General');
	});

	it('Get Many: Search matches name or e-mail in any case; Limit cuts; Simplify off gives the raw member', async () => {
		const { emu } = ctx;
		const added = emu.addMember({
			full_name: { first_name: 'Quinn', last_name: 'Search', sys_root: 'Quinn Search' },
			email: ['q.s@corp.example'],
		});
		const byName = await run(emu, { parameters: member('getMany', { search: 'qUINN' }) });
		expect(byName.map((item) => item.json.id)).toEqual([added.id]);
		const byEmail = await run(emu, {
			parameters: member('getMany', { search: 'CORP.example', simplify: false }),
		});
		expect(byEmail.map((item) => item.json)).toEqual([added]);
		const limited = await run(emu, { parameters: member('getMany', { limit: 2 }) });
		expect(limited).toHaveLength(2);
	});

	it('Get Many pages through more than 1,000 members, each page asked once per run for every item', async () => {
		const { emu } = ctx;
		while (emu.members().length < 1005) emu.addMember();
		emu.resetLog();
		const output = await run(emu, {
			parameters: member('getMany', { returnAll: true }),
			input: [{}, {}],
		});
		expect(output).toHaveLength(2 * emu.members().length);
		expect(operations()).toEqual(['ListMembers', 'ListMembers']);
		expect(emu.requests.map((request) => request.path)).toEqual([
			'/api/v1/members/list/?offset=0&limit=1000',
			'/api/v1/members/list/?offset=1000&limit=1000',
		]);
	});

	it('Get Many reads on when total equals the page count (it may count the page only) and stops on the short page', async () => {
		const { emu } = ctx;
		emu.setVariant({ listTotal: 'page' });
		while (emu.members().length < 1005) emu.addMember();
		const last = emu.members()[1004];
		emu.resetLog();
		const output = await run(emu, { parameters: member('getMany', { returnAll: true }) });
		expect(output).toHaveLength(1005);
		expect(output[1004].json.id).toBe(last.id);
		expect(emu.requests.map((request) => request.path)).toEqual([
			'/api/v1/members/list/?offset=0&limit=1000',
			'/api/v1/members/list/?offset=1000&limit=1000',
		]);
	});

	it('members removed from the workspace (deleted_date.date set) are left out of Get Many, the e-mail look-up and the picker', async () => {
		const { emu } = ctx;
		const samEmail = 'kim.lee@example.org';
		const sam = emu.addMember({
			full_name: { first_name: 'Kim', last_name: 'Lee', sys_root: 'Kim Lee' },
			email: [samEmail],
		});
		// Kim was removed and came back: a new member has Kim's address now; another removed member is alone with theirs.
		emu.removeMember(sam.id);
		const current = emu.addMember({
			full_name: { first_name: 'Kim', last_name: 'Lee', sys_root: 'Kim Lee' },
			email: [samEmail],
		});
		const gone = emu.addMember({
			full_name: { first_name: 'Gone', last_name: 'Person', sys_root: 'Gone Person' },
			email: ['gone@example.com'],
		});
		emu.removeMember(gone.id);

		const all = await run(emu, { parameters: member('getMany', { returnAll: true }) });
		const ids = all.map((item) => item.json.id);
		expect(ids).toContain(current.id);
		expect(ids).not.toContain(sam.id);
		expect(ids).not.toContain(gone.id);
		expect(all).toHaveLength(emu.members().length - 2);

		const [byEmail] = await run(emu, {
			parameters: member('get', { memberId: { __rl: true, mode: 'email', value: samEmail } }),
		});
		expect(byEmail.json.id).toBe(current.id);
		const removed = await runError(emu, {
			parameters: member('get', {
				memberId: { __rl: true, mode: 'email', value: 'gone@example.com' },
			}),
		});
		expect(removed.message).toBe(
			'The member with the e-mail address "gone@example.com" was removed from the workspace',
		);
		// By id a removed member is still found, and says so.
		const [found] = await run(emu, { parameters: member('get', { memberId: byId(gone.id) }) });
		expect(found.json).toMatchObject({ id: gone.id, name: 'Gone Person', removed: true });

		const picker = (await runNodeMethod(
			smartSuite,
			{ parameters: member('get'), credentials: credentialsFor(emu) },
			{ listSearch: 'searchMembers', filter: 'Kim Lee' },
		)) as { results: Array<{ value: string }> };
		expect(picker.results.map((result) => result.value)).toEqual([current.id]);
	});

	it('Get: by ID and by e-mail address (any case); an unknown id or address is a clear error per item', async () => {
		const { emu } = ctx;
		const [, sam] = emu.members();
		const output = await run(emu, {
			parameters: member('get', { memberId: '={{ $json.who }}' }),
			input: [{ who: sam.id }, { who: 'SAM.Rivera@example.com' }],
		});
		expect(output.map((item) => [item.json.id, item.json.name, item.pairedItem])).toEqual([
			[sam.id, 'Sam Rivera', { item: 0 }],
			[sam.id, 'Sam Rivera', { item: 1 }],
		]);
		const email = await run(emu, {
			parameters: member('get', {
				memberId: { __rl: true, mode: 'email', value: ' sam.rivera@example.com ' },
			}),
		});
		expect(email[0].json.id).toBe(sam.id);

		const unknown = await runError(emu, {
			parameters: member('get', { memberId: byId('64b0c1d2e3f4a5b6c7d8e9f0') }),
		});
		expect(unknown.message).toBe(
			'Member "64b0c1d2e3f4a5b6c7d8e9f0" was not found in the workspace',
		);
		const noEmail = await runError(emu, {
			parameters: member('get', { memberId: byId('nobody@example.com') }),
		});
		expect(noEmail.message).toBe(
			'No member of the workspace has the e-mail address "nobody@example.com"',
		);
		const empty = await runError(emu, { parameters: member('get', { memberId: byId(' ') }) });
		expect(empty.message).toBe('The parameter "Member" is empty');
	});

	it('Continue on Fail: a bad item gives its error, the others their member', async () => {
		const { emu } = ctx;
		const [alex] = emu.members();
		const output = await run(emu, {
			parameters: member('get', { memberId: '={{ $json.who }}' }),
			input: [{ who: 'missing' }, { who: alex.id }],
			continueOnFail: true,
		});
		expect(output.map((item) => [item.json.error ?? item.json.id, item.pairedItem])).toEqual([
			['Member "missing" was not found in the workspace', { item: 0 }],
			[alex.id, { item: 1 }],
		]);
	});

	it('a 500 from the members list is worded, without the key', async () => {
		const { emu } = ctx;
		emu.injectFault({ operation: 'ListMembers', action: { type: 'status', status: 500 } });
		const error = await runError(emu, { parameters: member('getMany', {}) });
		expect(error.message).toContain('500');
	});
});

describe('Team', () => {
	function seedTeams(count: number, prefix: string) {
		const { emu } = ctx;
		const [alex, sam] = emu.members();
		return Array.from({ length: count }, (_, i) =>
			emu.addTeam({ name: `${prefix} ${i}`, members: i === 0 ? [alex.id, sam.id] : [] }),
		);
	}

	it('Get Many: simplified teams; a member lists its teams', async () => {
		const { emu } = ctx;
		const [ops] = seedTeams(1, 'Operations');
		const output = await run(emu, { parameters: team('getMany', { returnAll: true }) });
		expect(operations()).toEqual(['ListTeams']);
		expect(output.find((item) => item.json.id === ops.id)?.json).toEqual({
			id: ops.id,
			name: 'Operations 0',
			status: 'Active',
			members: [emu.members()[0].id, emu.members()[1].id],
			owners: [emu.members()[0].id],
		});
		const alex = await run(emu, {
			parameters: member('get', { memberId: byId(emu.members()[0].id) }),
		});
		expect(alex[0].json.teams).toContain(ops.id);
	});

	it('Get Many: Return All pages by offset; Limit asks for only what it needs; Simplify off is raw', async () => {
		const { emu } = ctx;
		seedTeams(1205, 'Bulk');
		emu.resetLog();
		const all = await run(emu, { parameters: team('getMany', { returnAll: true }) });
		expect(all).toHaveLength(emu.teams().length);
		expect(emu.requests.map((request) => request.path)).toEqual([
			'/api/v1/teams/list/?offset=0&limit=1000',
			'/api/v1/teams/list/?offset=1000&limit=1000',
		]);
		emu.resetLog();
		const some = await run(emu, { parameters: team('getMany', { limit: 3, simplify: false }) });
		expect(some.map((item) => item.json)).toEqual(emu.teams().slice(0, 3));
		expect(emu.requests.map((request) => request.path)).toEqual([
			'/api/v1/teams/list/?offset=0&limit=3',
		]);
	});

	it('passes over elements of the list that are not teams (null), with a warning', async () => {
		const { emu } = ctx;
		emu.setVariant({ junkInLists: true });
		const output = await run(emu, { parameters: team('getMany', { limit: 2 }) });
		expect(output.map((item) => item.json.id)).toEqual(
			emu
				.teams()
				.slice(0, 2)
				.map((t) => t.id),
		);
		expect(warnings.join('\n')).toContain('passed over 1 of 3 elements of a list of teams');
	});

	it.each([true, false])(
		'Get: one team, picked by id from the teams list (no filter on id: the list filters on id = %s); unknown and empty ids are clear errors',
		async (teamsFilterById) => {
			const { emu } = ctx;
			emu.setVariant({ teamsFilterById });
			const target = emu.teams()[5];
			const output = await run(emu, { parameters: team('get', { teamId: byId(target.id) }) });
			expect(output[0].json).toMatchObject({ id: target.id, name: target.name });
			expect(emu.requests.map((request) => [request.operation, request.body])).toEqual(
				emu.requests.map(() => ['ListTeams', { sort: [] }]),
			);
			const unknown = await runError(emu, { parameters: team('get', { teamId: byId('nope') }) });
			expect(unknown.message).toBe('Team "nope" was not found in the workspace');
			const empty = await runError(emu, { parameters: team('get', { teamId: byId('  ') }) });
			expect(empty.message).toBe('The parameter "Team" is empty');
		},
	);

	it('waits out a 429 and gives the teams; Continue on Fail keeps a 500 per item', async () => {
		const { emu } = ctx;
		emu.injectFault({
			operation: 'ListTeams',
			action: { type: 'rateLimit', retryAfterSeconds: 0 },
		});
		const output = await run(emu, { parameters: team('getMany', { limit: 1 }) });
		expect(output).toHaveLength(1);
		expect(operations()).toEqual(['ListTeams', 'ListTeams']);

		emu.injectFault({ operation: 'ListTeams', action: { type: 'status', status: 500 } });
		const result = await runInWorkflow(emu, {
			parameters: team('getMany', { limit: 1 }),
			input: [{}, {}],
			continueOnFail: true,
		});
		expect(result.output.map((item) => [typeof item.json.error, item.pairedItem])).toEqual([
			['string', { item: 0 }],
			['undefined', { item: 1 }],
		]);
		expect(JSON.stringify(result.output)).not.toContain(emu.apiKey);
	});
});

describe('pickers', () => {
	const call = async (method: string, filter?: string, paginationToken?: string) =>
		(await runNodeMethod(
			smartSuite,
			{ parameters: member('get'), credentials: credentialsFor(ctx.emu) },
			{ listSearch: method, filter, paginationToken },
		)) as { results: Array<{ name: string; value: string }>; paginationToken?: string };

	it('searchMembers: "Name (e-mail)", filtered by name or e-mail, 100 a page', async () => {
		const { emu } = ctx;
		const sam = emu.members()[1];
		const found = await call('searchMembers', 'sam.rivera@');
		expect(found.results).toContainEqual({
			name: 'Sam Rivera (sam.rivera@example.com)',
			value: sam.id,
		});
		const first = await call('searchMembers');
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('100');
		const second = await call('searchMembers', undefined, '100');
		expect(second.results[0]).not.toEqual(first.results[0]);
	});

	it('searchTeams: filtered by name by SmartSuite, paged by offset', async () => {
		const { emu } = ctx;
		const found = await call('searchTeams', 'operations');
		expect(found.results).toEqual([{ name: 'Operations 0', value: emu.teams()[0].id }]);
		const first = await call('searchTeams', 'Bulk');
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('100');
		const next = await call('searchTeams', 'Bulk', first.paginationToken);
		expect(next.results[0].name).not.toBe(first.results[0].name);
	});
});
