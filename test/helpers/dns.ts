/**
 * Resolves SmartSuite's webhooks host name to 127.0.0.1 inside this test process only, so that
 * the node's automatic choice for `webhooks.smartsuite.com` can be tested against the emulator.
 * Every other name that is not loopback fails to resolve: no request can leave the machine.
 * Node's sockets look names up through `dns.lookup` at connect time, so replacing it is enough.
 */
import dns from 'node:dns';

export const SMARTSUITE_WEBHOOKS_HOST = 'webhooks.smartsuite.com';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

type Callback = (
	error: NodeJS.ErrnoException | null,
	address?: string | dns.LookupAddress[],
	family?: number,
) => void;

/** Installs the lookup; returns the function that puts the real one back. */
export function resolveSmartSuiteHostToLoopback(): () => void {
	const real = dns.lookup;
	const lookup = (hostname: string, options: unknown, callback?: Callback) => {
		const done = (typeof options === 'function' ? options : callback) as Callback;
		const all =
			typeof options === 'object' &&
			options !== null &&
			(options as dns.LookupOptions).all === true;
		const name = hostname.toLowerCase().replace(/\.$/, '');
		if (name === SMARTSUITE_WEBHOOKS_HOST) {
			process.nextTick(() =>
				all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4),
			);
			return;
		}
		if (LOOPBACK_NAMES.has(name)) {
			(real as (...args: unknown[]) => void)(hostname, options, callback);
			return;
		}
		const error: NodeJS.ErrnoException = new Error(
			`getaddrinfo ENOTFOUND ${hostname} (tests resolve no outside names)`,
		);
		error.code = 'ENOTFOUND';
		process.nextTick(() => done(error));
	};
	dns.lookup = lookup as typeof dns.lookup;
	return () => {
		dns.lookup = real;
	};
}

/** The emulator's webhooks API under SmartSuite's host name: `http://webhooks.smartsuite.com:<port>`. */
export function smartSuiteHostUrl(webhooksUrl: string): string {
	return `http://${SMARTSUITE_WEBHOOKS_HOST}:${new URL(webhooksUrl).port}`;
}
