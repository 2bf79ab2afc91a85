// n8n's community-node rules: the ones n8n checks before it verifies a community package
// (@n8n/eslint-plugin-community-nodes) and the node/credential rules of eslint-plugin-n8n-nodes-base.
import tsParser from '@typescript-eslint/parser';
import { configs as communityConfigs } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import regexp from 'eslint-plugin-regexp';

const legacyRules = (name) => n8nNodesBase.configs[name].rules;

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', '**/*.js', '**/*.mjs'] },
	{
		files: ['**/*.ts'],
		languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
	},
	communityConfigs.recommended,
	// package.json against the same rules (homepage, author, peer dependencies, no runtime
	// dependencies, the files array…) and the community rules of eslint-plugin-n8n-nodes-base, as
	// the eslint config of n8n's @n8n/node-cli does.
	{
		files: ['package.json'],
		...communityConfigs.recommended,
		plugins: { ...communityConfigs.recommended.plugins, 'n8n-nodes-base': n8nNodesBase },
		rules: { ...communityConfigs.recommended.rules, ...legacyRules('community') },
		languageOptions: { parser: tsParser, parserOptions: { extraFileExtensions: ['.json'] } },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...legacyRules('credentials'),
			// Written for n8n's own docs slugs; community credentials link a full URL, which
			// @n8n/community-nodes/credential-documentation-url requires.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: legacyRules('nodes'),
	},
	// n8n runs every workflow on one event loop: a pattern that backtracks super-linearly on user
	// or server text stalls all of them, so none may.
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		plugins: { regexp },
		rules: {
			'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
			'regexp/no-super-linear-move': ['error', { ignorePartial: false, ignoreSticky: false }],
			'regexp/no-misleading-capturing-group': 'error',
		},
	},
];
