/**
 * Jest resolver of jest.current.config.js: our code and tests get n8n's engine (n8n-core,
 * n8n-workflow, @n8n/*) from the current n8n's install (runtimes/n8n-current) instead of the
 * floor's devDependencies, so the in-process suites prove the nodes against the engine that n8n
 * ships today. Modules inside that install resolve as usual, so its own dependency tree is kept.
 */
const { existsSync } = require('node:fs');
const { join, resolve } = require('node:path');

const CURRENT = resolve(__dirname, '../../runtimes/n8n-current');
const ENGINE = /^(n8n-core|n8n-workflow|@n8n\/[^/]+)(\/|$)/;

module.exports = (request, options) => {
	if (ENGINE.test(request) && !options.basedir.startsWith(CURRENT)) {
		if (!existsSync(join(CURRENT, 'node_modules/n8n-core'))) {
			throw new Error(
				'The current n8n is not installed: run `bash test/e2e/ensure-n8n.sh current`',
			);
		}
		return options.defaultResolver(request, { ...options, basedir: CURRENT });
	}
	return options.defaultResolver(request, options);
};
