/**
 * Headless Chromium for the editor test: Debian's `chromium` driven by playwright-core (no browser
 * download), a fresh profile per run, nothing but loopback traffic.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type BrowserContext, type Locator, type Page, chromium, selectors } from 'playwright-core';

import { REPO_ROOT } from '../e2e/harness';
import { selectedVersion } from '../e2e/versions';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every screenshot of a run (git-ignored), per n8n version (floor, current). */
export const ARTIFACTS_DIR = join(REPO_ROOT, 'test-artifacts', 'editor', selectedVersion().name);

/** `npm run screenshots` sets this: the README's pictures are copied there (docs/images). */
const DOCS_DIR = process.env.EDITOR_SCREENSHOTS_DIR
	? join(REPO_ROOT, process.env.EDITOR_SCREENSHOTS_DIR)
	: undefined;

const FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

// n8n marks its elements with data-test-id.
selectors.setTestIdAttribute('data-test-id');

export interface Browser {
	context: BrowserContext;
	page: Page;
	close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
	if (!existsSync(CHROMIUM))
		throw new Error(
			`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
		);
	const profile = mkdtempSync(join(tmpdir(), 'n8n-smartsuite-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: FLAGS,
		viewport: { width: 1280, height: 800 },
		timeout: 60_000,
	});
	context.setDefaultTimeout(30_000);
	const page = context.pages()[0] ?? (await context.newPage());
	return {
		context,
		page,
		close: async () => {
			await context.close();
			rmSync(profile, { recursive: true, force: true });
		},
	};
}

/**
 * Saves a screenshot of `target` as test-artifacts/editor/<version>/<name>.png; with `forDocs`,
 * also into the docs folder when `npm run screenshots` runs (on n8n 2.41.1).
 */
export async function screenshot(
	target: Page | Locator,
	name: string,
	forDocs = false,
): Promise<string> {
	mkdirSync(ARTIFACTS_DIR, { recursive: true });
	const file = join(ARTIFACTS_DIR, `${name}.png`);
	await target.screenshot({ path: file, animations: 'disabled' });
	if (forDocs && DOCS_DIR) {
		mkdirSync(DOCS_DIR, { recursive: true });
		copyFileSync(file, join(DOCS_DIR, `${name}.png`));
	}
	return file;
}

export async function signIn(
	page: Page,
	baseUrl: string,
	owner: { email: string; password: string },
): Promise<void> {
	await page.goto(`${baseUrl}/signin`);
	await page.getByTestId('emailOrLdapLoginId').locator('input').fill(owner.email);
	await page.getByTestId('password').locator('input').fill(owner.password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}
