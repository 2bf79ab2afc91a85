/**
 * Every suite runs against the emulator over real HTTP on 127.0.0.1; the e2e suites also run a real
 * n8n. This config runs them on the floor (n8n-core 2.8.1 from devDependencies, n8n 2.8.4 on Node
 * 20); jest.current.config.js runs the in-process, e2e and editor suites again on the current n8n
 * (Node 24).
 */
const common = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	setupFiles: ['<rootDir>/test/helpers/setup-env.ts'],
	// npm test runs both engines' in-process suites side by side, several files each, on 2 cores:
	// jest's 5 s default then cut tests that wait on the emulator. A bound, not a speed target.
	testTimeout: 30_000,
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
	// Keep jest from crawling the installed n8n (2.3 GB) and the dev user folder.
	roots: ['<rootDir>/test'],
	modulePathIgnorePatterns: ['<rootDir>/test/e2e/n8n/', '<rootDir>/.n8n-dev/', '<rootDir>/.n8n-dev-queue/', '<rootDir>/dist/'],
};

module.exports = {
	testTimeout: common.testTimeout,
	projects: [
		{
			...common,
			displayName: 'unit',
			testMatch: ['<rootDir>/test/**/*.test.ts'],
			testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/package/', '<rootDir>/test/browser/'],
		},
		{
			// What `npm pack` ships and n8n's scanner over it: needs a build (npm test builds first).
			...common,
			displayName: 'package',
			testMatch: ['<rootDir>/test/package/*.test.ts'],
		},
		{
			// The n8n editor in headless Chromium against the real n8n (needs a build and Debian's chromium).
			...common,
			displayName: 'browser',
			testMatch: ['<rootDir>/test/browser/*.test.ts'],
		},
		{
			// On the floor (E2E_N8N unset); durable poll cursors exist only in the current n8n.
			...common,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/*.test.ts'],
			testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/durable-cursors.test.ts'],
		},
	],
};
