/**
 * The README is what a person reads on the npm page and from n8n's docs link (issue 31): short, with
 * the reference in docs/. Every relative link between them must lead to a file and a heading that exist.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

import { SmartSuiteWorkspaceApi } from '../../credentials/SmartSuiteWorkspaceApi.credentials';
import { DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID } from '../emulator';

const REPO_ROOT = join(__dirname, '../..');

/** The anchors GitHub (and npm) give a Markdown file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const [, heading] of withoutCode(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
		const slug = heading
			.toLowerCase()
			.replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
			.replace(/ /g, '-');
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count ? `${slug}-${count}` : slug);
	}
	return anchors;
}

/** The text without fenced code blocks and inline code, where `#` and `](` are not Markdown. */
function withoutCode(markdown: string): string {
	return markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Each relative link of a Markdown file (repository path given) that leads nowhere: a missing file, or a missing heading. */
function brokenLinks(
	file: string,
	markdown: string,
	read: (path: string) => string | undefined,
): string[] {
	const targets = [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map(
		(match) => match[1],
	);
	return targets
		.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
		.filter((target) => {
			const [path, anchor] = target.split('#');
			const targetFile = path ? join(dirname(file), decodeURIComponent(path)) : file;
			const text = read(targetFile);
			if (text === undefined) return true;
			return (
				anchor !== undefined && targetFile.endsWith('.md') && !headingAnchors(text).has(anchor)
			);
		})
		.map((target) => `${file}: ${target}`);
}

/** A repository file's text ('' for a folder or an image), or undefined when it does not exist. */
function readRepo(path: string): string | undefined {
	const full = join(REPO_ROOT, path);
	if (relative(REPO_ROOT, full).startsWith('..') || !existsSync(full)) return undefined;
	return statSync(full).isFile() && path.endsWith('.md') ? readFileSync(full, 'utf8') : '';
}

const docs = [
	'README.md',
	...readdirSync(join(REPO_ROOT, 'docs'))
		.filter((file) => file.endsWith('.md'))
		.map((file) => `docs/${file}`),
];

describe('the README and docs/', () => {
	const README_LIMIT_KB = 25;
	it(`README.md is under ${README_LIMIT_KB} KB: the reference lives in docs/`, () => {
		expect(statSync(join(REPO_ROOT, 'README.md')).size).toBeLessThan(README_LIMIT_KB * 1024);
	});

	it('every relative link in README.md and docs/*.md leads to an existing file, and its #anchor to a heading of that file', () => {
		expect(docs).toEqual(
			expect.arrayContaining([
				'docs/records.md',
				'docs/triggers.md',
				'docs/errors.md',
				'docs/limits.md',
				'docs/security.md',
			]),
		);
		expect(docs.flatMap((file) => brokenLinks(file, readRepo(file)!, readRepo))).toEqual([]);
	});

	it('the README links each reference page and the pictures in docs/images', () => {
		const readme = readRepo('README.md')!;
		for (const page of [
			'install',
			'credentials',
			'records',
			'webhooks',
			'triggers',
			'errors',
			'limits',
			'security',
			'development',
		]) {
			expect(readme).toContain(`](docs/${page}.md`);
		}
		// The editor test takes these pictures (npm run screenshots); each is shown from the README or a page of docs/.
		const shown = docs.map((file) => readRepo(file)!).join('\n');
		const unshown = readdirSync(join(REPO_ROOT, 'docs/images')).filter(
			(image) =>
				!shown.includes(`](docs/images/${image})`) && !shown.includes(`](images/${image})`),
		);
		expect(unshown).toEqual([]);
	});

	it('the check finds a missing file, a missing heading and a heading anchored the wrong way', () => {
		const files: Record<string, string> = {
			'README.md': '# Title\n\n## Record → Create, Get\n\n```bash\n# not a heading\n```\n',
			'docs/a.md': '# A\n\n## Errors you can meet\n\n## Errors you can meet\n',
		};
		const read = (path: string) => files[path];
		const page = [
			'[ok](../README.md#record--create-get)',
			'[ok](#errors-you-can-meet-1)',
			'[ok](https://example.com/x.md#nowhere)',
			'[missing file](b.md)',
			'[missing heading](../README.md#not-a-heading)',
			'[wrong anchor](../README.md#record-create-get)',
			'`[in code](nowhere.md)`',
		].join('\n');
		expect(brokenLinks('docs/a.md', page, read)).toEqual([
			'docs/a.md: b.md',
			'docs/a.md: ../README.md#not-a-heading',
			'docs/a.md: ../README.md#record-create-get',
		]);
	});

	it("docs/demo.md gives every field of a credential of one's own against the demo, as the credential names them", () => {
		const demo = readRepo('docs/demo.md')!;
		const table = new Map(
			[...demo.matchAll(/^\| ([^|]+?) \| (.+?) \|$/gm)].map(([, field, value]) => [field, value]),
		);
		const fields = new SmartSuiteWorkspaceApi().properties.map((field) => field.displayName);
		expect(fields.filter((field) => !table.has(field))).toEqual([]);
		expect(table.get('API Key')).toBe(`\`${DEFAULT_API_KEY}\``);
		expect(table.get('Workspace ID')).toBe(`\`${DEFAULT_WORKSPACE_ID}\``);
		expect(table.get('Records API Base URL')).toBe('`http://127.0.0.1:4010`');
		expect(table.get('Webhooks API Base URL')).toBe('`http://127.0.0.1:4011`');
	});
});
