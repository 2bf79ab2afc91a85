/**
 * Rich text as Markdown in the real editor (issue 51): a person types Markdown into a SmartDoc
 * field of Record → Create's mapper, sets Rich Text As → Markdown, runs the step, and sees the
 * field as Markdown in the output; the emulator stores SmartSuite's document with its marks.
 * A record shaped as a live SmartSuite holds it (issue 55: HTML preview cut at 500 characters,
 * check list, mention, code block, table) is shown whole as Markdown by Record → Get.
 */
import type { Page } from 'playwright-core';

import { TYPED_FIELDS, fieldTypesStructure, hexId } from '../emulator/fixtures';
import { LIVE_MARKDOWN } from '../emulator/smartDocSample';
import { screenshot, signIn } from './browser';
import {
	OWNER,
	addSmartSuiteAction,
	choose,
	editorSession,
	ndv,
	parametersPane,
	pickFromList,
} from './session';

jest.setTimeout(4 * 60_000);

const TABLE = 'Briefs';
let tableId: string;
const session = editorSession(async (_n8n, emulator) => {
	tableId = hexId();
	emulator.addFieldTypesTable(emulator.demo.solutionId, {
		id: tableId,
		name: TABLE,
		structure: fieldTypesStructure(tableId),
	});
});
let page: Page;
beforeAll(async () => {
	page = session.page;
	await signIn(page, session.n8n.url, OWNER);
});

const MARKDOWN = 'Ship **now**, see [the docs](https://example.com/a) and ~~later~~ `code`';

/** Types into a text input of the mapper, in Fixed mode. */
async function fill(slug: string, text: string): Promise<void> {
	const input = parametersPane(page)
		.getByTestId('mapping-fields-container')
		.getByTestId(`parameter-input-${slug}`);
	await input.scrollIntoViewIfNeeded();
	const box = input.locator('input:visible, textarea:visible').first();
	await box.fill(text);
	await box.press('Tab');
}

it(
	'Record → Create by hand: Markdown typed in a SmartDoc field is stored with its formatting and shown as Markdown with Rich Text As → Markdown',
	session.step('markdown-smartdoc', async () => {
		await addSmartSuiteAction(page, session.n8n.url, 'Create a record from the fields given');
		await pickFromList(page, 'tableId', TABLE);
		const mapper = parametersPane(page).getByTestId('mapping-fields-container');
		await expect(mapper.getByText('Brief', { exact: true }).first()).toBeVisibleSoon();
		await fill('title', 'Markdown brief');
		await fill(TYPED_FIELDS.text, 'MD-1');
		await fill(TYPED_FIELDS.smartDoc, MARKDOWN);
		await choose(page, 'richTextAs', 'Markdown');
		await ndv(page).getByTestId('node-execute-button').click();
		const output = ndv(page).getByTestId('output-panel');
		await expect(output.getByTestId('node-run-status-success')).toBeVisibleSoon();
		await output.getByTestId('radio-button-json').click();
		await expect(output.getByText(MARKDOWN).first()).toBeVisibleSoon();
		const stored = session.emulator
			.records(tableId)
			.find((record) => record.title === 'Markdown brief')?.[TYPED_FIELDS.smartDoc] as
			{ data?: { content?: Array<{ content?: unknown[] }> } } | undefined;
		expect(stored?.data?.content?.[0]?.content).toEqual([
			{ type: 'text', text: 'Ship ' },
			{ type: 'text', text: 'now', marks: [{ type: 'strong' }] },
			{ type: 'text', text: ', see ' },
			{
				type: 'text',
				text: 'the docs',
				marks: [{ type: 'link', attrs: { href: 'https://example.com/a' } }],
			},
			{ type: 'text', text: ' and ' },
			{ type: 'text', text: 'later', marks: [{ type: 'strikethrough' }] },
			{ type: 'text', text: ' ' },
			{ type: 'text', text: 'code', marks: [{ type: 'code' }] },
		]);
	}),
);

it(
	'Record → Get: rich text shaped as a live SmartSuite record is shown whole as Markdown (check list, strikethrough, mention, code, table), not its HTML preview',
	session.step('markdown-live-record', async () => {
		await addSmartSuiteAction(page, session.n8n.url, 'Get a record by its ID');
		await pickFromList(page, 'tableId', 'Field Types');
		await pickFromList(page, 'recordId', 'Rich text reference');
		await choose(page, 'richTextAs', 'Markdown');
		await ndv(page).getByTestId('node-execute-button').click();
		const output = ndv(page).getByTestId('output-panel');
		await expect(output.getByTestId('node-run-status-success')).toBeVisibleSoon();
		await output.getByTestId('radio-button-json').click();
		for (const line of [
			'- [x] Notes written',
			'- [ ] Announcement sent',
			'~~old price~~',
			'@Federica Gómez',
			'| Build | CI |',
		]) {
			expect(LIVE_MARKDOWN).toContain(line);
			await expect(output.getByText(line).first()).toBeVisibleSoon();
		}
		// The end of the document, well past the 500 characters SmartSuite's preview keeps.
		await expect(output.getByText('Ping the team when done').first()).toBeVisibleSoon();
		await expect(output.getByText('<strong>')).toHaveCountSoon(0);
		await screenshot(ndv(page), 'markdown-live-record');
	}),
);
