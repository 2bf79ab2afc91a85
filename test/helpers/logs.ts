/** What node code writes to n8n's log during each test of a file, as "<level>: <message>". */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

export function captureLogs(levels: ReadonlyArray<'info' | 'warn' | 'error'> = ['warn']): string[] {
	const logs: string[] = [];
	beforeEach(() => {
		logs.length = 0;
		const logger = Container.get(Logger);
		for (const level of levels) {
			jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
				logs.push(`${level}: ${String(args[0])}`);
			});
		}
	});
	afterEach(() => jest.restoreAllMocks());
	return logs;
}
