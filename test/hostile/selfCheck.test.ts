/**
 * Issue 49: the Instant Trigger's check after a failure notifies its own URL, which carries the
 * secret (`?secret=`). A proxy in front of n8n that redirects must not carry it to another host.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import type { Emulator } from '../emulator';
import { startEmulator } from '../emulator';
import { createInstantTrigger } from '../helpers/instant';
import { credentialsFor, shutdownN8nCore } from '../helpers/n8n';
import type { HostileServer } from './server';
import { startHostile } from './server';

let emu: Emulator;
let elsewhere: HostileServer;
let publicUrl: HostileServer;
beforeAll(async () => {
	emu = await startEmulator();
	elsewhere = await startHostile(() => ({ status: 200 }), '127.0.0.2');
	publicUrl = await startHostile((request) => ({
		status: 307,
		headers: { location: `${elsewhere.url}${request.path}` },
	}));
});
afterAll(async () => {
	await Promise.all([emu.close(), elsewhere.close(), publicUrl.close()]);
	shutdownN8nCore();
});

it("a 307 from n8n's public URL: the self-check follows no redirect, the secret reaches no other host, the failure is logged", async () => {
	const solution = emu.addSolution({ name: 'Sales CRM' });
	const deals = emu.addTable(solution.id, { name: 'Deals' });
	const trigger = createInstantTrigger({
		credentials: credentialsFor(emu),
		baseUrl: publicUrl.url,
		parameters: {
			solutionId: { __rl: true, mode: 'id', value: solution.id },
			watch: 'tables',
			tableIds: [deals.id],
			events: [],
			options: {},
		},
	});
	await trigger.activate();
	const secret = String(trigger.saved().secret);
	expect(secret).not.toBe('');
	// As after a restart (activation mode init), the minute tick checks once and notifies the trigger's own URL.
	const warn = jest.spyOn(Container.get(Logger), 'warn');
	const minute = await trigger.minuteTick('init');
	await minute.tick();
	await minute.close();
	expect(publicUrl.received.map((request) => request.path)).toEqual([
		expect.stringContaining(`secret=${secret}`),
	]);
	expect(elsewhere.received).toEqual([]);
	expect(warn.mock.calls.map(([message]) => message)).toEqual([
		expect.stringContaining('redirect'),
	]);
	expect(JSON.stringify(warn.mock.calls)).not.toContain(secret);
});
