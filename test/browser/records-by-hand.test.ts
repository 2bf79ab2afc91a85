/**
 * Records by hand in the real editor, as a person fills them in: Record → Create on the demo's
 * Field Types table (one field of every type the API can write) with Map Each Column Manually,
 * each field typed in Fixed mode in the README's form, then Execute step; then the list fields as
 * JSON arrays and the ranges and objects as JSON objects; then Update of one field of a record
 * picked from the list, and Create or Update matched on a field; a comment on a record assigned to
 * a member picked from the list, and choices added to a select field. Each run is checked in the
 * emulator's store (in process), and in what the panel shows: no issue on a filled field, no
 * lint error, the output item, and no AI hint on the output of an ordinary node.
 */
import type { Page } from 'playwright-core';

import { isWritable } from '../emulator/fieldTypes';
import {
	CHANNEL_CHOICES,
	COLOR_CHOICES,
	EMULATOR_USER_ID,
	MORE_TYPED_FIELDS,
	TYPED_FIELDS,
	fieldTypesStructure,
	hexId,
} from '../emulator/fixtures';
import type { Emulator, FieldObject, RecordObject } from '../emulator';
import { screenshot, signIn } from './browser';
import {
	OWNER,
	addSmartSuiteAction,
	choose,
	editorSession,
	ndv,
	parametersPane,
	pickFromList,
	shownText,
} from './session';

jest.setTimeout(4 * 60_000);

/**
 * A table of every field type (the demo's Field Types) in the demo's solution, with
 * three records (the linked record field links to the table itself).
 */
const TABLE = 'All Field Types';
let tableId: string;
const TAG = { q2: 'b0000000000000000000bb02', renewal: 'b0000000000000000000bb03' };

function addTable(emulator: Emulator): void {
	const id = hexId();
	emulator.addFieldTypesTable(emulator.demo.solutionId, {
		id,
		name: TABLE,
		structure: [...fieldTypesStructure(id), ...MORE_TYPED_FIELDS],
	});
	for (const [i, title] of ['Acme Corp', 'Globex', 'Initech'].entries()) {
		emulator.createRecord(id, {
			title,
			[TYPED_FIELDS.text]: `C-${i + 1}`,
			[TYPED_FIELDS.number]: (i + 1) * 10,
		});
	}
	// Tags are ids of the workspace's tag pool (SmartSuite's reference documents no way to look up a label).
	emulator.addTag('Q2', { id: TAG.q2 });
	emulator.addTag('Renewal', { id: TAG.renewal });
	tableId = id;
}

const session = editorSession(async (_n8n, emulator) => addTable(emulator));
const { step } = session;
let page: Page;
beforeAll(() => {
	page = session.page;
});

/** n8n's hint on the output of a node it takes for an AI tool (issue 32). */
const AI_HINT = 'No parameters are set up to be filled by AI';
const DAY = (date: string) => ({ date: `${date}T00:00:00Z`, include_time: false });

interface Form {
	/** What a person types (a dropdown's option label; `on` for a switch). */
	typed: string;
	/** What the emulator then stores for the field (matched as jest's toMatchObject does). */
	stored: unknown;
}

/** Per field type: the README's form, and for lists, ranges and objects also their JSON form. */
interface FieldCase extends Form {
	json?: Form;
}

function fieldCases(
	relatedIds: string[],
	secondMemberEmail: string,
	secondMemberId: string,
): Record<string, FieldCase> {
	const choice = (choices: typeof COLOR_CHOICES, label: string) =>
		choices.find((option) => option.label === label)!.value;
	const range = { from_date: DAY('2026-12-01'), to_date: DAY('2026-12-15') };
	return {
		textfield: { typed: 'H-1', stored: 'H-1' },
		textareafield: { typed: 'Typed by hand', stored: 'Typed by hand' },
		numberfield: { typed: '12', stored: '12' },
		currencyfield: { typed: '9.5', stored: '9.5' },
		percentfield: { typed: '40', stored: '40' },
		ratingfield: { typed: '4', stored: '4' },
		numbersliderfield: { typed: '7', stored: '7' },
		percentcompletefield: { typed: '80', stored: '80' },
		durationfield: { typed: '1 hour 30 minutes', stored: '5400' },
		timefield: { typed: '9:30', stored: '09:30:00' },
		yesnofield: { typed: 'on', stored: true },
		singleselectfield: { typed: 'Green', stored: choice(COLOR_CHOICES, 'Green') },
		multipleselectfield: {
			typed: 'Email, Chat',
			stored: [choice(CHANNEL_CHOICES, 'Email'), choice(CHANNEL_CHOICES, 'Chat')],
			json: {
				typed: '["Phone", "Social"]',
				stored: [choice(CHANNEL_CHOICES, 'Phone'), choice(CHANNEL_CHOICES, 'Social')],
			},
		},
		statusfield: { typed: 'In Progress', stored: { value: 'in_progress' } },
		datefield: { typed: '2026-12-01', stored: DAY('2026-12-01') },
		daterangefield: {
			typed: '2026-12-01/2026-12-15',
			stored: range,
			json: { typed: '{"from": "2026-12-01", "to": "2026-12-15"}', stored: range },
		},
		duedatefield: {
			typed: '2026-12-01/2026-12-15',
			stored: range,
			json: { typed: '{"from": "2026-12-01", "to": "2026-12-15"}', stored: range },
		},
		linkedrecordfield: {
			typed: relatedIds[0],
			stored: [relatedIds[0]],
			json: { typed: JSON.stringify(relatedIds), stored: relatedIds },
		},
		userfield: {
			typed: 'alex.morgan@example.com',
			stored: [EMULATOR_USER_ID],
			json: {
				typed: JSON.stringify(['alex.morgan@example.com', secondMemberEmail]),
				stored: [EMULATOR_USER_ID, secondMemberId],
			},
		},
		emailfield: {
			typed: 'ada@example.com, grace@example.com',
			stored: ['ada@example.com', 'grace@example.com'],
			json: {
				typed: '["ada@example.com", "grace@example.com"]',
				stored: ['ada@example.com', 'grace@example.com'],
			},
		},
		phonefield: {
			typed: '+1 555 0100, +1 555 0101',
			stored: [{ phone_number: '+1 555 0100' }, { phone_number: '+1 555 0101' }],
			json: {
				typed: '["+1 555 0100", "+1 555 0101"]',
				stored: [{ phone_number: '+1 555 0100' }, { phone_number: '+1 555 0101' }],
			},
		},
		linkfield: {
			typed: 'https://example.com, https://example.org/a',
			stored: ['https://example.com', 'https://example.org/a'],
			json: {
				typed: '["https://example.com", "https://example.org/a"]',
				stored: ['https://example.com', 'https://example.org/a'],
			},
		},
		fullnamefield: {
			typed: 'Ada King Lovelace',
			stored: { first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace' },
			json: {
				typed: '{"first_name": "Ada", "last_name": "Lovelace"}',
				stored: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
			},
		},
		addressfield: {
			typed: '12 Rue de Rivoli, Paris',
			stored: { location_address: '12 Rue de Rivoli, Paris' },
			json: {
				typed: '{"address": "12 Rue de Rivoli", "city": "Paris", "country": "France"}',
				stored: {
					location_address: '12 Rue de Rivoli',
					location_city: 'Paris',
					location_country: 'France',
				},
			},
		},
		richtextareafield: { typed: 'Kick-off notes', stored: { preview: 'Kick-off notes' } },
		filefield: {
			typed: 'https://files.example.com/brief.pdf, https://files.example.com/logo.png',
			stored: [{ metadata: { filename: 'brief.pdf' } }, { metadata: { filename: 'logo.png' } }],
			json: {
				typed: '["https://files.example.com/brief.pdf", "https://files.example.com/logo.png"]',
				stored: [{ metadata: { filename: 'brief.pdf' } }, { metadata: { filename: 'logo.png' } }],
			},
		},
		tagsfield: {
			typed: `${TAG.q2}, ${TAG.renewal}`,
			stored: [TAG.q2, TAG.renewal],
			json: { typed: JSON.stringify([TAG.renewal, TAG.q2]), stored: [TAG.renewal, TAG.q2] },
		},
		// The five newer types, typed as the mapper's hints and the notice above it say (issue 56).
		colorpickerfield: {
			typed: '#715E5E, 00ff00',
			stored: [{ value: '#715E5E' }, { value: '#00ff00' }],
		},
		ipaddressfield: {
			typed: '192.121.0.0 gb, 2001:db8::1',
			stored: [{ address: '192.121.0.0', country_code: 'gb' }, { address: '2001:db8::1' }],
		},
		checklistfield: {
			typed: '[x] Sign the contract, [ ] Plan the kick-off',
			stored: { total_items: 2, completed_items: 1 },
			json: {
				typed: JSON.stringify([
					{ content: 'Call Sam', assignee: secondMemberEmail, due_date: '2026-12-10' },
				]),
				stored: { items: [{ assignee: secondMemberId, due_date: '2026-12-10' }] },
			},
		},
		socialnetworkfield: {
			typed: 'facebook: acme, linkedin: acme-corp',
			stored: { facebook_username: 'acme', linkedin_username: 'acme-corp' },
		},
		timetrackingfield: {
			typed: '1h 30m, 2 hours',
			stored: { total_duration: 12600 },
			json: {
				typed: JSON.stringify([
					{ duration: '1 hour', date: '2026-12-01T09:00:00Z', user: 'alex.morgan@example.com' },
				]),
				stored: {
					time_track_logs: [
						{ user_id: EMULATOR_USER_ID, date_time: '2026-12-01T09:00:00Z', duration: 3600 },
					],
				},
			},
		},
	};
}

/** The table's writable fields (title aside), each with its case. */
function fieldTypesTable() {
	const { emulator } = session;
	const table = emulator.getTable(tableId)!;
	const related = emulator
		.records(tableId)
		.slice(0, 2)
		.map((record) => record.id);
	const [, second] = emulator.members();
	const cases = fieldCases(related, [second.email].flat()[0], second.id);
	const fields = table.structure.filter((field) => isWritable(field) && field.slug !== 'title');
	const missing = fields
		.filter((field) => !(field.field_type in cases))
		.map((field) => field.field_type);
	if (missing.length)
		throw new Error(
			`No by-hand case for the writable field type(s) ${missing.join(', ')}: add them to fieldCases()`,
		);
	return { fields: fields.map((field) => ({ field, ...cases[field.field_type] })) };
}

// ---------------------------------------------------------------------------------------------
// The mapper, as a person uses it

const mapper = () => parametersPane(page).getByTestId('mapping-fields-container');
const fieldInput = (slug: string) => mapper().getByTestId(`parameter-input-${slug}`);

/** Types `text` into a mapper field in Fixed mode, whatever n8n renders for its type. */
async function fill(slug: string, text: string): Promise<void> {
	const input = fieldInput(slug);
	await input.scrollIntoViewIfNeeded();
	if (await input.locator('.cm-content').count()) {
		// A JSON or code editor: select what is there and type over it.
		await input.locator('.cm-content').first().click();
		await page.keyboard.press('ControlOrMeta+a');
		await page.keyboard.press('Backspace');
		await page.keyboard.insertText(text);
	} else if (await input.locator('.el-switch').count()) {
		const switcher = input.locator('.el-switch').first();
		const on = (await switcher.getAttribute('class'))?.includes('is-checked') ?? false;
		if (on !== (text === 'on')) await switcher.click();
	} else if (await input.locator('.el-select').count()) {
		await input.locator('.el-select').first().click();
		await page
			.getByRole('option')
			.locator('visible=true')
			.filter({ hasText: text })
			.first()
			.click();
	} else {
		const box = input.locator('input:visible, textarea:visible').first();
		await box.fill(text);
		if (await input.locator('.el-date-editor').count()) await box.press('Enter');
		else await box.press('Tab');
	}
}

/** Labels of the mapper's fields flagged with an issue or a lint error, each with what it says. */
async function fieldIssues(): Promise<string[]> {
	const issues: string[] = [];
	const flagged = mapper()
		.locator('.parameter-item')
		.filter({
			has: page
				.getByTestId('parameter-issues')
				.or(page.locator('.cm-lint-marker-error, .cm-lintRange-error')),
		});
	for (const item of await flagged.all()) {
		const label = (
			await item
				.locator('label')
				.first()
				.innerText()
				.catch(() => '?')
		)
			.split('\n')[0]
			.trim();
		if (await item.getByTestId('parameter-issues').count()) {
			await item.getByTestId('parameter-issues').hover();
			const tooltip = page.locator('[role="tooltip"], .el-popper').locator('visible=true').last();
			const said = await tooltip
				.innerText({ timeout: 3000 })
				.catch(() => '(its tooltip did not open)');
			issues.push(`${label}: ${said.replace(/\s+/g, ' ').trim()}`);
			await page.mouse.move(0, 0);
		} else {
			// CodeMirror's lint mark: the red dot of a JSON editor whose text does not parse.
			issues.push(
				`${label}: a red lint mark (the JSON editor holds ${JSON.stringify(await item.locator('.cm-content').innerText())})`,
			);
		}
	}
	return issues;
}

const output = () => ndv(page).getByTestId('output-panel');

/**
 * Clicks Execute step and waits for the run to end: the output, an error in it, or n8n's notice
 * that the node has issues. Returns what the panel and notices say when the run did not succeed.
 */
async function executeStep(): Promise<string | undefined> {
	await ndv(page).getByTestId('node-execute-button').click();
	const success = output().getByTestId('node-run-status-success');
	const refused = output()
		.getByTestId('node-error-message')
		.or(
			page.getByText(
				/^(Problem (in node|executing workflow|running workflow)|Workflow execution cannot start)/,
			),
		);
	await expect(success.or(refused).first()).toBeVisibleSoon();
	if (await success.isVisible()) return undefined;
	const notices = await page.locator('.el-notification').allInnerTexts();
	const panel = await output()
		.innerText()
		.catch(() => '');
	return [...notices, panel]
		.join('\n')
		.replace(/\s*\n\s*/g, ' | ')
		.trim();
}

/** What a person sees after a run: the item, and no AI hint. */
async function expectOutputItem(text: string): Promise<void> {
	await expect(
		output()
			.getByText(/^1 item/)
			.first(),
	).toBeVisibleSoon();
	await output().getByTestId('radio-button-json').click();
	await expect(output().getByText(text).first()).toBeVisibleSoon();
	await expect(page.getByText(AI_HINT)).toHaveCountSoon(0);
}

/** Record → Create on the table, with its mapper shown. */
async function openCreate(): Promise<void> {
	await addSmartSuiteAction(page, session.n8n.url, 'Create a record from the fields given');
	await pickFromList(page, 'tableId', TABLE);
	await expect(mapper().getByText('Quantity', { exact: true }).first()).toBeVisibleSoon();
}

/** Record → Create or Update on the table, matched on Code; returns the match field's select. */
async function openUpsertOnCode() {
	await addSmartSuiteAction(
		page,
		session.n8n.url,
		'Create or update a record matched on key fields',
	);
	await pickFromList(page, 'tableId', TABLE);
	const matchOn = parametersPane(page).getByTestId('matching-column-select');
	await expect(matchOn).toBeVisibleSoon();
	await matchOn.click();
	await page
		.getByRole('option')
		.locator('visible=true')
		.filter({ hasText: /^Code$/ })
		.first()
		.click();
	await page.keyboard.press('Escape');
	return matchOn;
}

/** The issues shown on the mapper's fields, then Execute step: what went wrong, or nothing when the output shows `shown`. */
async function executeChecked(shown: string): Promise<string[]> {
	const problems = (await fieldIssues()).map((issue) => `issue shown on ${issue}`);
	const error = await executeStep();
	if (error) problems.push(`Execute step failed: ${error}`);
	else await expectOutputItem(shown);
	return problems;
}

function newest(title: string): RecordObject | undefined {
	return session.emulator
		.records(tableId)
		.filter((record) => record.title === title)
		.at(-1);
}

/** Every problem at once: the field issues, the run's error, and each stored value that differs. */
function report(problems: string[]): void {
	if (problems.length) throw new Error(problems.join('\n'));
}

function storedMismatches(
	record: RecordObject | undefined,
	wanted: Array<{ field: FieldObject } & Form>,
): string[] {
	if (!record) return ['No record was stored'];
	return wanted.flatMap(({ field, typed, stored }) => {
		try {
			expect({ [field.label]: record[field.slug] }).toMatchObject({ [field.label]: stored });
			return [];
		} catch {
			return [
				`${field.label} (${field.field_type}): typed ${JSON.stringify(typed)}, stored ${JSON.stringify(record[field.slug])}, expected ${JSON.stringify(stored)}`,
			];
		}
	});
}

/** Record → Create on the Field Types table, every writable field typed as `formOf` says. */
async function createByHand(
	title: string,
	formOf: (entry: ReturnType<typeof fieldTypesTable>['fields'][number]) => Form,
	screenshotName: string,
	forDocs = false,
) {
	const { fields } = fieldTypesTable();
	await openCreate();
	await expect(parametersPane(page).getByTestId('mapping-mode-select')).toShowSoon(
		'Map Each Column Manually',
	);
	const wanted = fields.map((entry) => ({ field: entry.field, ...formOf(entry) }));
	await fill('title', title);
	for (const { field, typed } of wanted) await fill(field.slug, typed);
	await page.mouse.move(0, 0);
	const problems = await executeChecked(`"${title}"`);
	await screenshotMapper(screenshotName, forDocs);
	problems.push(...storedMismatches(newest(title), wanted));
	report(problems);
}

/** The panel from the top of the mapper, in a taller window, with the run's output beside it. */
async function screenshotMapper(name: string, forDocs: boolean): Promise<void> {
	const viewport = page.viewportSize();
	await page.setViewportSize({ width: 1280, height: 1300 });
	await mapper().evaluate((element) => element.scrollIntoView({ block: 'start' }));
	await page.mouse.move(0, 0);
	await screenshot(ndv(page), name, forDocs);
	if (viewport) await page.setViewportSize(viewport);
}

it(
	'signs in',
	step('by-hand-sign-in', async () => {
		await signIn(page, session.n8n.url, OWNER);
	}),
);

it(
	'Record → Create by hand: every writable field type typed in Fixed mode in the README’s form',
	step('create-by-hand', async () => {
		await createByHand(
			'Made by hand',
			({ typed, stored }) => ({ typed, stored }),
			'record-create-by-hand',
			true,
		);
	}),
);

it(
	'Record → Create by hand: lists as JSON arrays, ranges and objects as JSON objects',
	step('create-by-hand-json', async () => {
		await createByHand(
			'Made by hand (JSON)',
			(entry) => entry.json ?? entry,
			'record-create-by-hand-json',
		);
	}),
);

it(
	'Record → Update by hand: one field of a record picked from the list, nothing else touched',
	step('update-one-field', async () => {
		const { emulator } = session;
		const target = emulator.records(tableId).find((record) => record.title === 'Globex')!;
		const before = structuredClone(target);
		await addSmartSuiteAction(page, session.n8n.url, 'Update the fields given of a record');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'recordId', 'Globex');
		const columns = parametersPane(page).getByTestId('resource-mapper-container');
		await expect(columns).toBeVisibleSoon();
		await expect(mapper())
			.toBeVisibleSoon()
			.catch(async () => {
				throw new Error(
					`Map Each Column Manually shows no fields: "${(await shownText(columns)).replace(/\s+/g, ' ').trim()}"`,
				);
			});
		const stale = parametersPane(page).getByText(
			/No field that can be used for matching|Choose a table first|Fields are outdated|Usually an ID/,
		);
		await expect(stale).toHaveCountSoon(0);
		await setOneField(TYPED_FIELDS.number, 'Quantity', '77');
		const problems = await executeChecked('"Globex"');
		await page.mouse.move(0, 0);
		await screenshot(ndv(page), 'record-update-one-field', true);
		const after = emulator.getRecord(tableId, target.id)!;
		if (after[TYPED_FIELDS.number] !== '77')
			problems.push(`Quantity stored ${JSON.stringify(after[TYPED_FIELDS.number])}, expected "77"`);
		for (const [slug, value] of Object.entries(before)) {
			if (slug === TYPED_FIELDS.number || slug === 'last_updated') continue;
			try {
				expect(after[slug]).toEqual(value);
			} catch {
				problems.push(
					`${slug} changed from ${JSON.stringify(value)} to ${JSON.stringify(after[slug])}`,
				);
			}
		}
		report(problems);
	}),
);

it(
	'Record → Create or Update by hand: matched on Code, one other field set, the record found is updated',
	step('upsert-by-hand', async () => {
		const { emulator } = session;
		const target = emulator.records(tableId).find((record) => record.title === 'Initech')!;
		const count = emulator.records(tableId).length;
		const matchOn = await openUpsertOnCode();
		// n8n's chip shows the field's id (the slug): its options carry no label of their own. The
		// hint says so, instead of n8n's "Usually an ID" (issue 36).
		await expect(matchOn).toShowSoon(TYPED_FIELDS.text);
		await expect(matchOn).toShowSoon("The chips show each field's slug");
		await expect(matchOn.getByText('Usually an ID')).toHaveCountSoon(0);
		await fill(TYPED_FIELDS.text, String(target[TYPED_FIELDS.text]));
		await setOneField(TYPED_FIELDS.number, 'Quantity', '55');
		const problems = await executeChecked('"Initech"');
		await screenshot(ndv(page), 'record-upsert-by-hand');
		const after = emulator.getRecord(tableId, target.id)!;
		if (after[TYPED_FIELDS.number] !== '55')
			problems.push(
				`Initech's Quantity stored ${JSON.stringify(after[TYPED_FIELDS.number])}, expected "55"`,
			);
		if (emulator.records(tableId).length !== count)
			problems.push(
				`${emulator.records(tableId).length - count} record(s) created instead of the one found updated`,
			);
		report(problems);
	}),
);

// Issue 50 item 9: before, the item failed with the from/to form's error.
it(
	'Record → Update by hand: a one-day Due Date typed in Fixed mode is stored as that day (issue 50)',
	step('due-date-one-day', async () => {
		const { emulator } = session;
		const target = emulator.records(tableId).find((record) => record.title === 'Initech')!;
		await addSmartSuiteAction(page, session.n8n.url, 'Update the fields given of a record');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'recordId', 'Initech');
		await expect(mapper()).toBeVisibleSoon();
		await setOneField('due_date', /^Due Date\b/, '2026-12-10');
		const problems = await executeChecked('"Initech"');
		await screenshot(ndv(page), 'record-update-due-date-one-day');
		const stored = emulator.getRecord(tableId, target.id)!.due_date as
			{ to_date?: { date?: string } } | undefined;
		if (!stored?.to_date?.date?.startsWith('2026-12-10'))
			problems.push(`Due Date stored ${JSON.stringify(stored)}, expected one ending 2026-12-10`);
		report(problems);
	}),
);

it(
	'Record → Update by hand: a person typed by full name is the member with it (issue 36)',
	step('person-by-name', async () => {
		const { emulator } = session;
		const target = emulator.records(tableId).find((record) => record.title === 'Acme Corp')!;
		const sam = emulator.members().find((member) => member.full_name.sys_root === 'Sam Rivera')!;
		await addSmartSuiteAction(page, session.n8n.url, 'Update the fields given of a record');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'recordId', 'Acme Corp');
		await expect(mapper()).toBeVisibleSoon();
		await setOneField('assigned_to', /^Owner\b/, 'Sam Rivera');
		const problems = await executeChecked('"Acme Corp"');
		const stored = emulator.getRecord(tableId, target.id)!.assigned_to;
		if (JSON.stringify(stored) !== JSON.stringify([sam.id]))
			problems.push(`Owner stored ${JSON.stringify(stored)}, expected ["${sam.id}"] (Sam Rivera)`);
		report(problems);
	}),
);

it(
	'Record → Update by hand: a field added and left empty clears it; the others are left alone (issue 36)',
	step('clear-by-hand', async () => {
		const { emulator } = session;
		const target = emulator.records(tableId).find((record) => record.title === 'Globex')!;
		emulator.updateRecord(tableId, target.id, { [TYPED_FIELDS.textArea]: 'Old notes' });
		const before = structuredClone(emulator.getRecord(tableId, target.id)!);
		await addSmartSuiteAction(page, session.n8n.url, 'Update the fields given of a record');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'recordId', 'Globex');
		await expect(mapper()).toBeVisibleSoon();
		await addMapperField(TYPED_FIELDS.textArea, /^Notes$/);
		const problems = await executeChecked('"Globex"');
		await screenshot(ndv(page), 'record-update-clear-field');
		const after = emulator.getRecord(tableId, target.id)!;
		if ((after[TYPED_FIELDS.textArea] ?? '') !== '')
			problems.push(
				`Notes stored ${JSON.stringify(after[TYPED_FIELDS.textArea])}, expected it cleared`,
			);
		for (const [slug, value] of Object.entries(before)) {
			if (slug === TYPED_FIELDS.textArea || slug === 'last_updated') continue;
			if (JSON.stringify(after[slug]) !== JSON.stringify(value))
				problems.push(
					`${slug} changed from ${JSON.stringify(value)} to ${JSON.stringify(after[slug])}`,
				);
		}
		report(problems);
	}),
);

it(
	'Record → Create or Update by hand: a linked record typed by its title is stored as that record’s id (issue 36)',
	step('linked-by-title', async () => {
		const { emulator } = session;
		const target = emulator.records(tableId).find((record) => record.title === 'Initech')!;
		const globex = emulator.records(tableId).find((record) => record.title === 'Globex')!;
		await openUpsertOnCode();
		await fill(TYPED_FIELDS.text, String(target[TYPED_FIELDS.text]));
		await setOneField(TYPED_FIELDS.linked, /^Related\b/, 'Globex');
		const sent = emulator.requests.length;
		const problems = await executeChecked('"Initech"');
		const stored = emulator.getRecord(tableId, target.id)![TYPED_FIELDS.linked];
		if (JSON.stringify(stored) !== JSON.stringify([globex.id]))
			problems.push(`Related stored ${JSON.stringify(stored)}, expected ["${globex.id}"] (Globex)`);
		// The linked table is the table written: its structure is read once for both.
		const reads = emulator.requests
			.slice(sent)
			.filter((request) => request.operation === 'GetTable');
		if (reads.length !== 1) problems.push(`The table's structure was read ${reads.length} times`);
		report(problems);
	}),
);

it(
	'Record → Create by hand: a time without an offset, in a workflow set to Europe/Berlin, is stored as that time in Berlin (issue 36)',
	step('time-in-workflow-zone', async () => {
		await openCreate();
		await fill('title', 'Berlin meeting');
		await fill(TYPED_FIELDS.text, 'B-1');
		await fill(TYPED_FIELDS.date, '2026-12-01 14:30');
		await closePanel();
		await setWorkflowTimeZone('Berlin');
		await page
			.getByTestId('canvas-node')
			.filter({ hasText: 'Create a record from the fields given' })
			.first()
			.dblclick();
		await expect(ndv(page)).toBeVisibleSoon();
		const problems = await executeChecked('"Berlin meeting"');
		const stored = newest('Berlin meeting')?.[TYPED_FIELDS.date];
		if (
			JSON.stringify(stored) !==
			JSON.stringify({ date: '2026-12-01T13:30:00Z', include_time: true })
		)
			problems.push(
				`Start stored ${JSON.stringify(stored)}, expected 2026-12-01T13:30:00Z (14:30 in Berlin)`,
			);
		report(problems);
	}),
);

it(
	'Record → Create by hand: HTML with bold in a SmartDoc field keeps its bold in the document (issue 36)',
	step('smartdoc-bold', async () => {
		await openCreate();
		await fill('title', 'Bold brief');
		await fill(TYPED_FIELDS.text, 'D-1');
		await fill(TYPED_FIELDS.smartDoc, '<p>Hello <b>bold</b> world</p>');
		const problems = await executeChecked('"Bold brief"');
		const stored = newest('Bold brief')?.[TYPED_FIELDS.smartDoc] as
			{ data?: unknown; html?: string } | undefined;
		const paragraph = {
			type: 'paragraph',
			content: [
				{ type: 'text', text: 'Hello ' },
				{ type: 'text', text: 'bold', marks: [{ type: 'strong' }] },
				{ type: 'text', text: ' world' },
			],
		};
		if (JSON.stringify(stored?.data) !== JSON.stringify({ type: 'doc', content: [paragraph] }))
			problems.push(
				`Brief's document stored ${JSON.stringify(stored?.data)}, expected "bold" marked strong`,
			);
		report(problems);
	}),
);

it(
	'Record → Update by hand: a tag id copied from Get’s output is stored; a tag label gives a clear error and sends nothing (issue 36)',
	step('tag-from-get', async () => {
		const { emulator } = session;
		const tagged = emulator.records(tableId).find((record) => record.title === 'Globex')!;
		const target = emulator.records(tableId).find((record) => record.title === 'Initech')!;
		emulator.updateRecord(tableId, tagged.id, { [TYPED_FIELDS.tags]: [TAG.q2] });
		// As docs/records.md tells: a Get of a record that has the tag shows its id under the field's label.
		await addSmartSuiteAction(page, session.n8n.url, 'Get a record by its ID');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'recordId', 'Globex');
		const problems: string[] = [];
		const getError = await executeStep();
		if (getError) throw new Error(`Get failed: ${getError}`);
		await expectOutputItem('"Labels"');
		const shown = await output().innerText();
		const copied = /"Labels":\s*\[\s*"([0-9a-f]{24})"/.exec(shown)?.[1];
		if (!copied) throw new Error(`Get's output shows no tag id under "Labels": ${shown}`);

		await addSmartSuiteAction(page, session.n8n.url, 'Update the fields given of a record');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'recordId', 'Initech');
		await expect(mapper()).toBeVisibleSoon();
		await setOneField(TYPED_FIELDS.tags, /^Labels\b/, copied);
		problems.push(...(await executeChecked('"Initech"')));
		const stored = () => emulator.getRecord(tableId, target.id)![TYPED_FIELDS.tags];
		if (JSON.stringify(stored()) !== JSON.stringify([TAG.q2]))
			problems.push(`Labels stored ${JSON.stringify(stored())}, expected ["${TAG.q2}"] (Q2)`);

		await fill(TYPED_FIELDS.tags, 'Renewal');
		const sent = emulator.requests.length;
		const refused = await executeStep();
		const clear = 'is not a tag id';
		if (!refused?.includes(clear))
			problems.push(
				`A tag label typed: expected an error saying "${clear}", the panel shows: ${refused ?? 'success'}`,
			);
		const writes = emulator.requests
			.slice(sent)
			.filter((request) => /Record/.test(request.operation ?? '') && request.method !== 'GET');
		if (writes.length > 0) problems.push(`${writes.length} write(s) sent for a tag label`);
		await screenshot(ndv(page), 'record-update-tag-label');
		report(problems);
	}),
);

it(
	'Comment → Create by hand: on a record picked from the list, the text typed, assigned to a member picked from the list',
	step('comment-by-hand', async () => {
		const { emulator } = session;
		const target = emulator.records(tableId).find((record) => record.title === 'Acme Corp')!;
		const member = emulator.members()[1];
		const count = emulator.comments().length;
		await addSmartSuiteAction(page, session.n8n.url, 'Create a comment on a record');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'recordId', 'Acme Corp');
		await typeParameter('message', 'Please call the client back');
		await pickFromList(page, 'assignedTo', member.full_name.sys_root);
		const problems = await executeChecked('"Please call the client back"');
		await screenshot(ndv(page), 'comment-create-by-hand');
		const added = emulator.comments().slice(count);
		try {
			expect(added).toEqual([
				expect.objectContaining({
					record: target.id,
					assigned_to: member.id,
					message: expect.objectContaining({ preview: 'Please call the client back' }),
				}),
			]);
		} catch {
			problems.push(`SmartSuite stored these comments: ${JSON.stringify(added)}`);
		}
		report(problems);
	}),
);

it(
	'Field → Update by hand: choices added to a select picked from the list; its options and the records keep theirs',
	step('add-choices-by-hand', async () => {
		const { emulator } = session;
		const color = () =>
			emulator.getTable(tableId)!.structure.find((field) => field.label === 'Color')!;
		const before = structuredClone(color().params.choices) as Array<{ value: string }>;
		const records = structuredClone(emulator.records(tableId));
		await addSmartSuiteAction(page, session.n8n.url, 'Rename a field or add options to it');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'fieldId', 'Color');
		await typeParameter('addChoices', 'Teal, Amber');
		const problems = await executeChecked('"Teal"');
		await screenshot(ndv(page), 'field-add-choices-by-hand');
		const after = color().params.choices as Array<{ value: string; label: string }>;
		if (JSON.stringify(after.slice(0, before.length)) !== JSON.stringify(before))
			problems.push(`The existing options changed: ${JSON.stringify(after)}`);
		if (
			JSON.stringify(after.slice(before.length).map((choice) => choice.label)) !==
			'["Teal","Amber"]'
		)
			problems.push(`Options added: ${JSON.stringify(after.slice(before.length))}`);
		if (JSON.stringify(emulator.records(tableId)) !== JSON.stringify(records))
			problems.push('The records changed');
		report(problems);
	}),
);

it(
	'Field → Create, then switched to Update: the Label typed for Create does not rename the field updated',
	step('field-create-then-update', async () => {
		const { emulator } = session;
		const labels = () => emulator.getTable(tableId)!.structure.map((field) => field.label);
		const before = labels();
		await addSmartSuiteAction(page, session.n8n.url, 'Add a field to a table');
		await pickFromList(page, 'tableId', TABLE);
		await typeParameter('label', 'Call Length');
		await choose(page, 'operation', 'Update');
		await pickFromList(page, 'fieldId', 'Status');
		await typeParameter('addChoices', 'Lead, Won');
		const problems = await executeChecked('"Lead"');
		if (JSON.stringify(labels()) !== JSON.stringify(before))
			problems.push(`The table's fields are now ${JSON.stringify(labels())}`);
		report(problems);
	}),
);

it(
	'Field → Delete: a field picked, then another table picked: the field is emptied, not kept from the other table',
	step('field-picker-follows-table', async () => {
		await addSmartSuiteAction(page, session.n8n.url, 'Delete a field and its values from a table');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'fieldId', 'Color');
		const field = parametersPane(page).getByTestId('resource-locator-fieldId');
		await expect(field).toShowSoon('Color');
		await pickFromList(page, 'tableId', 'Projects');
		await expect(field.getByTestId('rlc-input')).toHaveValueSoon('');
		await screenshot(ndv(page), 'field-delete-table-changed');
	}),
);

it(
	'Download Files: the File Field shows All File Fields, not a red "not supported" value',
	step('download-all-file-fields', async () => {
		await addSmartSuiteAction(page, session.n8n.url, 'Download the files of a record');
		await pickFromList(page, 'tableId', TABLE);
		await pickFromList(page, 'recordId', 'Acme Corp');
		const fileField = parametersPane(page).getByTestId('parameter-input-fieldId');
		await expect(fileField).toShowSoon('All File Fields');
		await expect(
			parametersPane(page)
				.getByText(/is not supported/)
				.locator('visible=true'),
		).toHaveCountSoon(0);
	}),
);

it(
	'Webhook → Update: the Events list marks the kinds collected now; a new Notification URL changes only the URL',
	step('webhook-update-keeps-kinds', async () => {
		const { emulator } = session;
		const webhookId = emulator.demo.webhookId!;
		const before = structuredClone(emulator.getWebhook(webhookId)!);
		await addSmartSuiteAction(
			page,
			session.n8n.url,
			'Update the event kinds or notifications of a webhook',
		);
		await pickFromList(page, 'solutionId', 'Project Management');
		await pickFromList(page, 'webhookId', webhookId.slice(0, 8));
		// The list loads once the webhook is picked: a dropdown opened before it came is opened again.
		const collected = page.getByRole('option').locator('visible=true').filter({
			hasText: '(collected now)',
		});
		for (let attempt = 1; ; attempt++) {
			await parametersPane(page).getByTestId('parameter-input-events').click();
			const shown = await collected
				.first()
				.waitFor({ timeout: 5000 })
				.then(
					() => true,
					() => false,
				);
			if (shown || attempt === 3) break;
			await page.keyboard.press('Escape');
		}
		await expect(collected).toHaveCountSoon(before.kinds.length);
		await page.keyboard.press('Escape');
		await choose(page, 'notifications', 'Send to a URL');
		await typeParameter('notificationUrl', 'https://hooks.example.com/smartsuite');
		const problems: string[] = [];
		const error = await executeStep();
		if (error) problems.push(`Execute step failed: ${error}`);
		await screenshot(ndv(page), 'webhook-update-by-hand');
		const after = emulator.getWebhook(webhookId)!;
		if (JSON.stringify([...after.kinds].sort()) !== JSON.stringify([...before.kinds].sort()))
			problems.push(`Kinds ${JSON.stringify(before.kinds)} became ${JSON.stringify(after.kinds)}`);
		if (
			JSON.stringify(after.notification_status) !==
			JSON.stringify({ enabled: { url: 'https://hooks.example.com/smartsuite' } })
		)
			problems.push(`Notifications: ${JSON.stringify(after.notification_status)}`);
		report(problems);
	}),
);

/** Types `text` into the plain text parameter `name` (Fixed mode). */
async function typeParameter(name: string, text: string): Promise<void> {
	const input = parametersPane(page)
		.getByTestId(`parameter-input-${name}`)
		.locator('input, textarea')
		.first();
	await expect(input).toBeVisibleSoon();
	await input.fill(text);
	await expect(input).toHaveValueSoon(text);
}

/**
 * Sets one field of the mapper: typed into its input when the mapper shows it, or first added with
 * "Add field" when the mapper lists the fields to pick from.
 */
async function setOneField(slug: string, label: string | RegExp, text: string): Promise<void> {
	await addMapperField(slug, label);
	await fill(slug, text);
}

/** Shows a field of the mapper, added with "Add field" when the mapper lists the fields to pick from. */
async function addMapperField(slug: string, label: string | RegExp): Promise<void> {
	const shown = fieldInput(slug);
	const addField = mapper().getByTestId('add-fields-select');
	await expect(shown.or(addField).first()).toBeVisibleSoon();
	if (!(await shown.isVisible())) {
		await addField.getByRole('button').first().click();
		await page.getByText(label, { exact: true }).locator('visible=true').first().click();
		await expect(shown).toBeVisibleSoon();
	}
}

/** Closes the node's panel, back to the canvas. */
async function closePanel(): Promise<void> {
	await page
		.getByTestId('ndv-close-button')
		.or(page.getByTestId('back-to-canvas'))
		.locator('visible=true')
		.first()
		.click();
	await expect(ndv(page)).toHaveCountSoon(0);
}

/**
 * Saves the workflow (its settings open only once it is saved), then picks the time zone whose
 * name holds `zone` in the workflow's settings and saves them.
 */
async function setWorkflowTimeZone(zone: string): Promise<void> {
	const timeZone = page.getByTestId('workflow-settings-timezone');
	for (let attempt = 1; ; attempt++) {
		await page.keyboard.press('ControlOrMeta+s');
		await page.getByTestId('workflow-menu').first().click();
		await page.getByTestId('workflow-menu-item-settings').locator('visible=true').first().click();
		const opened = await timeZone.waitFor({ timeout: 5000 }).then(
			() => true,
			() => false,
		);
		if (opened) break;
		if (attempt === 3) throw new Error('The workflow settings did not open: was it saved?');
		await page.keyboard.press('Escape');
	}
	await timeZone.click();
	await page.keyboard.type(zone);
	await page.getByRole('option').locator('visible=true').filter({ hasText: zone }).first().click();
	await expect(timeZone).toShowSoon(zone);
	await page.getByTestId('workflow-settings-save-button').getByRole('button').click();
	await expect(timeZone).toHaveCountSoon(0);
}
