/**
 * The same suites on the current n8n (runtimes/n8n-current: n8n 2.41.1, n8n-core 2.41.1,
 * n8n-workflow 2.41.0), run by Node 24 (`npm run test:current`, part of `npm test`):
 * - the in-process suites of jest.config.js's `unit` project, with n8n's engine taken from that
 *   install (test/helpers/current-engine-resolver.js);
 * - the end-to-end suites with E2E_N8N=current (test/e2e/versions.ts), and the durable poll
 *   cursors suite, which only this n8n has;
 * - the editor tests (test/browser) in headless Chromium against n8n 2.41.1 (the same install).
 */
const { projects, testTimeout } = require('./jest.config.js');

const project = (name) => projects.find((candidate) => candidate.displayName === name);

process.env.E2E_N8N = 'current';

module.exports = {
	testTimeout,
	projects: [
		{
			...project('unit'),
			displayName: 'unit (n8n-core 2.41)',
			resolver: '<rootDir>/test/helpers/current-engine-resolver.js',
			// The emulator's own tests run no n8n code: once, in jest.config.js, is enough.
			testPathIgnorePatterns: [...project('unit').testPathIgnorePatterns, '<rootDir>/test/emulator/'],
		},
		{ ...project('e2e'), displayName: 'e2e (n8n 2.41)', testPathIgnorePatterns: ['/node_modules/'] },
		{ ...project('browser'), displayName: 'browser (n8n 2.41)' },
	],
};
