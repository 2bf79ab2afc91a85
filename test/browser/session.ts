/**
 * What the editor tests share: one n8n (the version E2E_N8N selects) with this package installed
 * as a community package, the emulator with its demo data, a credential pointing at it, the owner
 * account, and headless Chromium; steps that save a screenshot and n8n's log tail when they fail;
 * the panel helpers; and patient matchers (the editor renders asynchronously).
 */
import type { Locator, Page } from 'playwright-core';

import { startEmulator, type Emulator } from '../emulator';
import { N8n, ensureN8n, installThisPackage, smartSuiteCredential, stopAll } from '../e2e/harness';
import { type Browser, launchBrowser, screenshot } from './browser';

export const OWNER = {
	email: 'editor-test@example.com',
	password: 'SmartSuite-editor1',
	firstName: 'Editor',
	lastName: 'Test',
};
export const CREDENTIAL = { id: 'smartsuiteUiCred001', name: 'SmartSuite (emulator)' };

export interface EditorSession {
	readonly emulator: Emulator;
	readonly n8n: N8n;
	readonly page: Page;
	/** A test body that, on failure, saves `failed-<name>.png` and carries n8n's log tail. */
	step(name: string, body: () => Promise<void>): () => Promise<void>;
}

/**
 * Registers beforeAll/afterAll for one n8n and one browser. `prepare` runs before n8n starts (e.g.
 * to import workflows) and may return a function run when the suite ends.
 */
export function editorSession(
	prepare?: (n8n: N8n, emulator: Emulator) => Promise<(() => void) | void>,
): EditorSession {
	let emulator: Emulator;
	let n8n: N8n;
	let browser: Browser | undefined;
	let cleanUp: (() => void) | void;
	let failed = false;

	beforeAll(async () => {
		await ensureN8n();
		emulator = await startEmulator({ demo: true });
		n8n = await N8n.fresh({ N8N_SECURE_COOKIE: 'false' });
		try {
			await installThisPackage(n8n.options.userFolder);
			await n8n.importCredentials([smartSuiteCredential(CREDENTIAL.id, CREDENTIAL.name, emulator)]);
			cleanUp = await prepare?.(n8n, emulator);
			await n8n.start();
			await n8n.ensureOwner(OWNER);
			browser = await launchBrowser();
		} catch (error) {
			failed = true;
			throw n8n.failure(error);
		}
	}, 10 * 60_000);

	afterAll(async () => {
		cleanUp?.();
		await browser?.close();
		await n8n?.stop();
		await emulator?.close();
		stopAll();
		if (failed) console.log(`n8n user folder kept for inspection: ${n8n?.options.userFolder}`);
	});

	return {
		get emulator() {
			return emulator;
		},
		get n8n() {
			return n8n;
		},
		get page() {
			if (!browser) throw new Error('The browser did not start');
			return browser.page;
		},
		step(name, body) {
			return async () => {
				try {
					await body();
				} catch (error) {
					failed = true;
					const file = browser
						? await screenshot(browser.page, `failed-${name}`).catch(() => '(no screenshot)')
						: '(no browser)';
					const wrapped = n8n.failure(error);
					wrapped.message += `\nscreenshot: ${file}`;
					// The next test starts from a closed panel: a panel left open would fail it too.
					if (browser) await closePanel(browser.page).catch(() => undefined);
					throw wrapped;
				}
			};
		},
	};
}

// ---------------------------------------------------------------------------------------------
// The node details view

/** The node details view and its parameters pane. */
export const ndv = (page: Page) => page.getByTestId('ndv');
export const parametersPane = (page: Page) => ndv(page).getByTestId('node-parameters');

/** Closes an open dropdown and the node details view, if they are open. */
async function closePanel(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	const close = page.getByTestId('ndv-close-button');
	if (await close.isVisible()) await close.click({ timeout: 5000 });
}

/**
 * Picks `option` in the dropdown of parameter `name`, and waits for the panel to show it: what is
 * checked next must be the new choice's parameters, not the old one's. On a loaded machine the
 * input can be replaced as it is clicked (the parameter above it just changed) and its dropdown
 * close with it: it is opened again then (at most three times). `input`: the dropdown, where the
 * name alone does not tell it (a rule's comparison).
 */
export async function choose(
	page: Page,
	name: string,
	option: string,
	input = parametersPane(page).getByTestId(`parameter-input-${name}`),
): Promise<void> {
	// An option shows its name and, below it, its description.
	const wanted = page
		.getByRole('option')
		.locator('visible=true')
		.filter({ has: page.getByText(option, { exact: true }) })
		.first();
	for (let attempt = 1; ; attempt++) {
		try {
			await input.click();
			await wanted.click({ timeout: 15_000 });
			await expect(input).toShowSoon(option);
			return;
		} catch (error) {
			if (attempt === 3) throw error;
			await page.keyboard.press('Escape');
		}
	}
}

/**
 * Picks `option` in the dropdown of parameter `name` whose options load from SmartSuite once a
 * parameter it depends on is set: a dropdown opened before they arrived is opened again (at most
 * three times). `input`: the dropdown, where the name alone does not tell it (a rule's field).
 */
export async function chooseLoaded(
	page: Page,
	name: string,
	option: string,
	input = parametersPane(page).getByTestId(`parameter-input-${name}`),
): Promise<void> {
	const wanted = page
		.getByRole('option')
		.locator('visible=true')
		.filter({ hasText: option })
		.first();
	for (let attempt = 1; ; attempt++) {
		await input.click();
		const shown = await wanted.waitFor({ timeout: 5000 }).then(
			() => true,
			() => false,
		);
		if (shown) return await wanted.click();
		if (attempt === 3) throw new Error(`The dropdown of "${name}" did not offer "${option}"`);
		await page.keyboard.press('Escape');
	}
}

/** Picks an entry of a resource locator's "From list" search: the first, or the first showing `text`. */
export async function pickFromList(page: Page, name: string, text?: string): Promise<void> {
	const items = page.getByTestId('rlc-item').locator('visible=true');
	const item = (text === undefined ? items : items.filter({ hasText: text })).first();
	// n8n loads the list again when a parameter it depends on changes (the table just picked): an
	// entry can be replaced as it is clicked, and on a loaded machine the new list come late. The
	// search is opened again then (at most three times).
	for (let attempt = 1; ; attempt++) {
		await parametersPane(page)
			.getByTestId(`resource-locator-${name}`)
			.getByTestId('rlc-input')
			.click();
		try {
			return await item.click({ timeout: 20_000 });
		} catch (error) {
			if (attempt === 3) throw error;
			await page.keyboard.press('Escape');
		}
	}
}

/**
 * Opens the node creator with `open` (a plus button), searches "SmartSuite" and returns its entry
 * once the results show it. The search goes into the creator's search bar and is checked there:
 * keys typed before the bar had focus were lost (n8n 2.41 once showed an empty search and the
 * click waited for an entry that never came).
 */
export async function findSmartSuite(page: Page, open: Locator): Promise<Locator> {
	await open.click();
	const creator = page.getByTestId('node-creator');
	const search = creator.getByTestId('node-creator-search-bar');
	await search.fill('SmartSuite');
	await expect(search).toHaveValueSoon('SmartSuite');
	const entry = creator
		.getByTestId('item-iterator-item')
		.filter({
			has: page.getByTestId('node-creator-item-name').getByText('SmartSuite', { exact: true }),
		})
		.first();
	await expect(entry).toBeVisibleSoon();
	return entry;
}

/**
 * Adds the SmartSuite action whose entry shows `action` and opens its panel: from a new workflow's
 * empty canvas, or, with `plus`, from that plus button (after a node). Each click waits for its
 * element to show, be enabled and stop moving (the creator slides its views in).
 */
export async function addSmartSuiteAction(
	page: Page,
	baseUrl: string,
	action: string,
	plus?: Locator,
): Promise<void> {
	if (!plus) await page.goto(`${baseUrl}/workflow/new`);
	await (await findSmartSuite(page, plus ?? page.getByTestId('canvas-plus-button'))).click();
	const creator = page.getByTestId('node-creator');
	// On an empty canvas the actions are folded under the triggers.
	if (!plus) await creator.getByText(/^Actions \(\d+\)$/).click();
	// An entry shows the action, then its description: matched from the start, so that an action
	// inside another entry's text is not taken for it.
	const entry = creator
		.getByTestId('item-iterator-item')
		.filter({ hasText: new RegExp(`^${action.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
		.first();
	await expect(entry).toBeVisibleSoon();
	await entry.click();
	await expect(ndv(page)).toBeVisibleSoon();
}

// ---------------------------------------------------------------------------------------------
// Patient matchers

const PATIENCE_MS = 20_000;

declare global {
	// eslint-disable-next-line @typescript-eslint/no-namespace
	namespace jest {
		interface Matchers<R> {
			toBeVisibleSoon(): Promise<R>;
			toHaveValueSoon(value: string): Promise<R>;
			toHaveCountSoon(count: number): Promise<R>;
			toContainTextSoon(text: string): Promise<R>;
			toShowSoon(text: string): Promise<R>;
		}
	}
}

/** What an element shows: its text and the values of its inputs. */
export async function shownText(locator: Locator): Promise<string> {
	const text = await locator.innerText().catch(() => '');
	const values = await locator
		.locator('input, textarea')
		.evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value))
		.catch(() => []);
	return [text, ...values].join(' ');
}

/** Polls `read` until `check` accepts what it returns, for up to PATIENCE_MS. */
async function eventually<T>(
	read: () => Promise<T>,
	check: (value: T) => boolean,
	describe: (value: T) => string,
) {
	const deadline = Date.now() + PATIENCE_MS;
	let value = await read();
	while (!check(value) && Date.now() < deadline) {
		await new Promise((done) => setTimeout(done, 200));
		value = await read();
	}
	return { pass: check(value), message: () => describe(value) };
}

expect.extend({
	async toBeVisibleSoon(locator: Locator) {
		return eventually(
			() => locator.isVisible().catch(() => false),
			(visible) => visible,
			(visible) => `${locator} ${visible ? 'is' : 'did not become'} visible`,
		);
	},
	async toHaveValueSoon(locator: Locator, wanted: string) {
		return eventually(
			() => locator.inputValue().catch(() => ''),
			(value) => value === wanted,
			(value) => `${locator} has value "${value}", expected "${wanted}"`,
		);
	},
	async toHaveCountSoon(locator: Locator, wanted: number) {
		return eventually(
			() => locator.count(),
			(count) => count === wanted,
			(count) => `${locator} matches ${count} elements, expected ${wanted}`,
		);
	},
	async toContainTextSoon(locator: Locator, wanted: string) {
		return eventually(
			() => locator.innerText().catch(() => ''),
			(text) => text.includes(wanted),
			(text) => `${locator} shows "${text}", expected it to contain "${wanted}"`,
		);
	},
	/** Text or the value of an input inside (a dropdown shows its choice either way, by version). */
	async toShowSoon(locator: Locator, wanted: string) {
		return eventually(
			() => shownText(locator),
			(text) => text.includes(wanted),
			(text) => `${locator} shows "${text}", expected it to show "${wanted}"`,
		);
	},
});
