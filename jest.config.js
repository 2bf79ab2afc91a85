/** Every suite runs against the emulator over real HTTP on 127.0.0.1; the e2e suite also runs a real n8n. */
const common = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	setupFiles: ['<rootDir>/test/helpers/setup-env.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
	// Keep jest from crawling the installed n8n (2.3 GB) and the dev user folder.
	roots: ['<rootDir>/test'],
	modulePathIgnorePatterns: ['<rootDir>/test/e2e/n8n/', '<rootDir>/.n8n-dev/', '<rootDir>/.n8n-dev-queue/', '<rootDir>/dist/'],
};

module.exports = {
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
			...common,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/*.test.ts'],
		},
	],
};
