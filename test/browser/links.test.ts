/**
 * A link added by hand in the real editor (issue 51): Record → Update of a record picked from the
 * list, the linked record field given one title in the mapper, Options → Linked Records and
 * People → Add to the Lists, then Execute step. The record keeps its other links, checked in the
 * emulator's store and in the output. Before issue 51 the option did not exist and the title
 * replaced the whole list.
 */
import type { Page } from 'playwright-core';

import { TYPED_FIELDS, fieldTypesStructure, hexId } from '../emulator/fixtures';
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

const TABLE = 'Linked Deals';
const ids: Record<string, string> = {};

const session = editorSession(async (_n8n, emulator) => {
	const tableId = hexId();
	emulator.addFieldTypesTable(emulator.demo.solutionId, {
		id: tableId,
		name: TABLE,
		structure: fieldTypesStructure(tableId),
	});
	for (const title of ['Acme Corp', 'Globex', 'Initech'])
		ids[title] = emulator.addRecord(tableId, { title, [TYPED_FIELDS.text]: title }).id;
	ids.deal = emulator.addRecord(tableId, {
		title: 'Big Deal',
		[TYPED_FIELDS.text]: 'D-1',
		[TYPED_FIELDS.linked]: [ids['Acme Corp'], ids.Initech],
	}).id;
	ids.table = tableId;
});
let page: Page;
beforeAll(() => {
	page = session.page;
});

const mapper = () => parametersPane(page).getByTestId('mapping-fields-container');
const output = () => ndv(page).getByTestId('output-panel');

/** Adds the linked record field to the mapper and types `text` into it. */
async function typeLinked(text: string): Promise<void> {
	const input = mapper().getByTestId(`parameter-input-${TYPED_FIELDS.linked}`);
	const addField = mapper().getByTestId('add-fields-select');
	await expect(input.or(addField).first()).toBeVisibleSoon();
	if (!(await input.isVisible())) {
		await addField.getByRole('button').first().click();
		await page
			.getByText(/^Related\b/)
			.locator('visible=true')
			.first()
			.click();
		await expect(input).toBeVisibleSoon();
	}
	const box = input.locator('input:visible, textarea:visible').first();
	await box.fill(text);
	await box.press('Tab');
}

/** Options → Linked Records and People: added at once when it is the only option, else picked from a list. */
async function setListChange(choice: string): Promise<void> {
	const pane = parametersPane(page);
	const input = pane.getByTestId('parameter-input-listChange');
	const listed = page
		.getByTestId('collection-parameter-option')
		.locator('visible=true')
		.filter({ hasText: 'Linked Records and People' })
		.first();
	await pane.getByTestId('collection-parameter-add').locator('visible=true').last().click();
	await expect(input.or(listed).first()).toBeVisibleSoon();
	if (!(await input.isVisible())) await listed.click();
	await expect(input).toBeVisibleSoon();
	await choose(page, 'listChange', choice);
}

it(
	'signs in',
	session.step('links-sign-in', async () => {
		await signIn(page, session.n8n.url, OWNER);
	}),
);

it(
	'Record → Update by hand: a link added by title, the other links kept',
	session.step('link-added-by-title', async () => {
		const { emulator } = session;
		await addSmartSuiteAction(page, session.n8n.url, 'Update the fields given of a record');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'recordId', 'Big Deal');
		await expect(mapper()).toBeVisibleSoon();
		await typeLinked('Globex');
		await setListChange('Add to the Lists');
		await page.mouse.move(0, 0);

		await ndv(page).getByTestId('node-execute-button').click();
		await expect(output().getByTestId('node-run-status-success')).toBeVisibleSoon();
		await output().getByTestId('radio-button-json').click();
		await expect(output().getByText('"Big Deal"').first()).toBeVisibleSoon();
		for (const title of ['Acme Corp', 'Initech', 'Globex'])
			await expect(output().getByText(`"${ids[title]}"`).first()).toBeVisibleSoon();
		await screenshot(ndv(page), 'record-update-link-added');

		expect(emulator.getRecord(ids.table, ids.deal)![TYPED_FIELDS.linked]).toEqual([
			ids['Acme Corp'],
			ids.Initech,
			ids.Globex,
		]);
	}),
);
