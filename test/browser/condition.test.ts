/**
 * A condition set by hand in the SmartSuite Polling Trigger's panel (issue 59): the trigger added
 * from the nodes panel, its solution and table picked, then Options → Only Records That (JSON)
 * typed in the JSON editor and Emit When chosen; or Options → Only Records That, a rule's field and
 * comparison picked from the lists the table gives and its value typed. Fetch Test Event with a
 * broken condition, or one the table refuses, shows the error in the output panel; mended, it shows
 * the table's latest record as a sample, whatever the condition.
 */
import type { Locator, Page } from 'playwright-core';

import { screenshot, signIn } from './browser';
import {
	OWNER,
	choose,
	chooseLoaded,
	editorSession,
	findSmartSuite,
	ndv,
	parametersPane,
	pickFromList,
} from './session';

jest.setTimeout(4 * 60_000);

const session = editorSession();
let page: Page;
beforeAll(() => {
	page = session.page;
});

const output = () => ndv(page).getByTestId('output-panel');

/**
 * Adds an option of the Options collection by its name (its display name exactly: "Only Records
 * That" is also the start of two others): at once when it is the only one left, else from the list.
 * `shown` is what the panel shows for it (a rules builder shows no input of its own).
 */
async function addOption(
	name: string,
	displayName: string,
	shown = parametersPane(page).getByTestId(`parameter-input-${name}`),
): Promise<Locator> {
	const pane = parametersPane(page);
	const input = shown;
	const listed = page
		.getByTestId('collection-parameter-option')
		.locator('visible=true')
		.filter({ has: page.getByText(displayName, { exact: true }) })
		.first();
	await pane.getByTestId('collection-parameter-add').locator('visible=true').last().click();
	await expect(input.or(listed).first()).toBeVisibleSoon();
	if (!(await input.isVisible())) await listed.click();
	await expect(input).toBeVisibleSoon();
	return input;
}

/** Replaces the text of a JSON parameter's editor, as a person selects all and types. */
async function typeJson(input: Locator, text: string): Promise<void> {
	const editor = input.locator('.cm-content').first();
	await editor.click();
	await page.keyboard.press('ControlOrMeta+a');
	await page.keyboard.press('Delete');
	await page.keyboard.insertText(text);
	await expect(editor).toContainTextSoon(text.slice(0, 20));
	// Leaves the editor so that its value is committed now, not after the next run has begun (which
	// marks that run's output as stale).
	await parametersPane(page).getByText('Options', { exact: true }).click();
}

/** Fetch Test Event with a condition it refuses: the error in the output panel, saved as `name`. */
async function fetchRefused(message: RegExp, name: string, forDocs = false): Promise<void> {
	await page.mouse.move(0, 0);
	await ndv(page).getByTestId('node-execute-button').click();
	await expect(output().getByText(message).first()).toBeVisibleSoon();
	await screenshot(ndv(page), name, forDocs);
}

/** Fetch Test Event with a condition it takes: the sample in the JSON view, saved as `name`. */
async function fetchSample(name: string): Promise<void> {
	await page.mouse.move(0, 0);
	await ndv(page).getByTestId('node-execute-button').click();
	await expect(output().getByTestId('node-run-status-success')).toBeVisibleSoon();
	await output().getByTestId('radio-button-json').click();
	await expect(output().getByText('"sample"').first()).toBeVisibleSoon();
	await screenshot(ndv(page), name);
}

it(
	'signs in',
	session.step('condition-sign-in', async () => {
		await signIn(page, session.n8n.url, OWNER);
	}),
);

/** A new workflow with the polling trigger from the nodes panel, watching the table Projects. */
async function addPollingTrigger(): Promise<void> {
	await page.goto(`${session.n8n.url}/workflow/new`);
	await (await findSmartSuite(page, page.getByTestId('canvas-plus-button'))).click();
	await page
		.getByTestId('node-creator')
		.getByTestId('item-iterator-item')
		.filter({ hasText: 'On record updated (polling)' })
		.first()
		.click();
	await expect(ndv(page)).toBeVisibleSoon();
	await pickFromList(page, 'solutionId', 'Project Management');
	await chooseLoaded(page, 'tableIds', 'Projects');
	await page.keyboard.press('Escape');
}

it(
	'Only Records That (JSON) typed in the polling trigger: a broken condition is shown at Fetch Test Event, a mended one fetches the sample',
	session.step('condition-in-panel', async () => {
		await addPollingTrigger();

		const condition = await addOption('condition', 'Only Records That (JSON)');
		await typeJson(condition, '{"fields": [{"field": "Status", "comparison": "is"');
		await addOption('conditionChange', 'Emit When');
		await choose(page, 'conditionChange', 'Record Comes to Match');
		await fetchRefused(/Only Records That:/, 'condition-broken');
		// n8n's toast reads a message as HTML: the shape is in words, so none of it is lost there.
		await expect(
			page
				.locator('.el-notification')
				.filter({ hasText: `"field": a field's label or slug, "comparison": a comparison` })
				.first(),
		).toBeVisibleSoon();

		await typeJson(
			condition,
			'{"operator": "and", "fields": [{"field": "Status", "comparison": "is", "value": "Complete"}]}',
		);
		await fetchSample('condition-sample');
	}),
);

it(
	'Only Records That picked from lists: the field and comparison from the table, the value typed; a value the field cannot take is shown at Fetch Test Event, a right one fetches the sample',
	session.step('condition-rules', async () => {
		await addPollingTrigger();
		const pane = parametersPane(page);
		const rules = await addOption(
			'conditionRules',
			'Only Records That',
			pane.getByTestId('fixed-collection-conditionRules'),
		);
		await screenshot(ndv(page), 'condition-rules-added');
		await rules.getByTestId('fixed-collection-add').click();
		// A text input inside a parameter is "parameter-input-field" too (the Value's): the first is the rule's Field.
		const field = rules.getByTestId('parameter-input-field').first();
		await expect(field).toBeVisibleSoon();
		await chooseLoaded(page, 'field', 'Status', field);
		await field.click();
		await expect(page.getByRole('option').getByText('Linked Tasks')).toBeVisibleSoon();
		await screenshot(ndv(page), 'condition-rules-fields');
		await page.keyboard.press('Escape');
		await expect(field).toShowSoon('Status');
		const comparison = rules.getByTestId('parameter-input-comparison');
		await comparison.click();
		await expect(page.getByRole('option').getByText('is none of')).toBeVisibleSoon();
		await screenshot(ndv(page), 'condition-rules-comparisons');
		await page.keyboard.press('Escape');
		await choose(page, 'comparison', 'is', comparison);
		const value = rules.getByTestId('parameter-input-value').locator('input, textarea').first();
		await value.fill('Finished');
		await pane.getByText('Options', { exact: true }).click();
		await addOption('conditionMatch', 'Only Records That Match');
		await choose(page, 'conditionMatch', 'All Rules');
		await page.mouse.move(0, 0);
		await screenshot(ndv(page), 'condition-rules-filled');

		await fetchRefused(
			/The filter rule on "Status" cannot be used/,
			'condition-rules-refused',
			true,
		);

		await value.fill('Complete');
		await pane.getByText('Options', { exact: true }).click();
		await fetchSample('condition-rules-sample');
	}),
);
