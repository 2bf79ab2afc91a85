/**
 * The polling trigger's Simplify with Rich Text As (issue 51): a SmartDoc field of the changed
 * record shown as Markdown, through n8n-core's PollContext against the emulator.
 */
import { SmartSuiteTrigger } from '../../nodes/SmartSuite/SmartSuiteTrigger.node';
import {
	markdownToSmartDoc,
	markdownToSmartDocData,
} from '../../nodes/SmartSuite/shared/fields/markdown';
import { TYPED_FIELDS as F } from '../emulator/fixtures';
import { smartDocValue } from '../emulator/smartDoc';
import { LIVE_SHAPED_DOC, LIVE_TEXT } from '../emulator/smartDocSample';
import { createPoller, credentialsFor } from '../helpers/n8n';
import { TRIGGER_NAME, emitted, useTriggerEmulator } from './helpers';

const ctx = useTriggerEmulator();

test('Rich Text As → Markdown shows the record’s SmartDoc field as Markdown, before and after', async () => {
	const { emu } = ctx;
	const solution = emu.addSolution();
	const table = emu.addFieldTypesTable(solution.id);
	const poller = createPoller(new SmartSuiteTrigger(), {
		name: TRIGGER_NAME,
		credentials: credentialsFor(emu),
		parameters: {
			source: 'managed',
			solutionId: { __rl: true, mode: 'list', value: solution.id },
			watch: 'solution',
			events: [],
			options: { simplify: true, richTextAs: 'markdown' },
		},
		typeVersion: 2,
	});
	expect(await poller.poll()).toBeNull();
	emu.recordChanges(table.id, [
		{
			kind: 'RECORD_UPDATED',
			data: { title: 'Plan', [F.smartDoc]: markdownToSmartDoc('# Plan\n\n- **one**\n- two') },
			previous: { [F.smartDoc]: markdownToSmartDoc('*draft*') },
		},
	]);
	const [event] = emitted(await poller.poll());
	expect(event).toMatchObject({
		record: { Brief: '# Plan\n\n- **one**\n- two' },
		previous: { Brief: '*draft*' },
		changed_fields: ['Brief'],
	});
});

test('Plain Text (the default) shows the whole text of a live-shaped SmartDoc, not its cut HTML preview (issue 55)', async () => {
	const { emu } = ctx;
	const solution = emu.addSolution();
	const table = emu.addFieldTypesTable(solution.id);
	const poller = createPoller(new SmartSuiteTrigger(), {
		name: TRIGGER_NAME,
		credentials: credentialsFor(emu),
		parameters: {
			source: 'managed',
			solutionId: { __rl: true, mode: 'list', value: solution.id },
			watch: 'solution',
			events: [],
			options: { simplify: true },
		},
		typeVersion: 2,
	});
	expect(await poller.poll()).toBeNull();
	emu.recordChanges(table.id, [
		{
			kind: 'RECORD_UPDATED',
			data: { title: 'Launch', [F.smartDoc]: smartDocValue(LIVE_SHAPED_DOC) },
			previous: { [F.smartDoc]: smartDocValue(markdownToSmartDocData('~~draft~~ for @Sam')) },
		},
	]);
	const [event] = emitted(await poller.poll());
	expect(event).toMatchObject({
		record: { Brief: LIVE_TEXT },
		previous: { Brief: 'draft for @Sam' },
	});
});
