/**
 * Readable People and Choices: what an output needs beyond the table structure (which gives the
 * labels of selects and statuses). The members list is read only when a record shows a member,
 * and at most once per client (once per run, per poll, per drain).
 */
import type { ReadContext } from './fields';
import type { RecordsClient } from './records';

/** Clients whose failed members list was already reported: one warning per run. */
const reported = new WeakSet<RecordsClient>();

/**
 * The members by id when the output shows a member (`showsPeople`: see hasPeople), else none. A members list that cannot be read
 * does not fail the output (a write is done by then, a trigger's events are read): people are
 * shown by id with null name and e-mail, and `warn` says why, once per client.
 */
export async function readContextFor(
	client: RecordsClient,
	showsPeople: boolean,
	warn: (message: string) => void,
): Promise<ReadContext> {
	if (!showsPeople) return { membersById: new Map() };
	try {
		return { membersById: (await client.members()).byId };
	} catch (error) {
		if (!reported.has(client)) {
			reported.add(client);
			warn(
				`People are shown by ID without name and e-mail: the members list could not be read (${(error as Error).message})`,
			);
		}
		return { membersById: new Map() };
	}
}
