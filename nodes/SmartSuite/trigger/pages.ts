/**
 * How many events SmartSuite serves per page, learned from its answers. A page shorter than the
 * server serves means nothing followed it at that moment: the poll can stop there without asking
 * for the next (empty) page. A server may clamp the size asked for, or ignore it: judged against
 * the size asked, every page of a clamping server would look short and a poll would stop after
 * each one.
 */
export interface ServedPages {
	/** Most events seen on one page. */
	largest: number;
	/**
	 * The most the server serves per page: a page this long, shorter or longer than asked, was
	 * followed by more (0: not seen). Forgotten when a longer page comes.
	 */
	limit: number;
	/**
	 * The most events asked for per page (0: no bound known): set when SmartSuite refused a
	 * larger page size with 400 and SAFE_PAGE_SIZE was read instead.
	 */
	maxAsk: number;
}

export const NOTHING_SERVED: ServedPages = { largest: 0, limit: 0, maxAsk: 0 };

/** The page size of SmartSuite's own examples, asked for when a larger one was refused. */
export const SAFE_PAGE_SIZE = 50;

/**
 * full: the server may hold more after it: read on. short: it held everything there was: stop.
 * probe: shorter than asked, at least as long as any page before and no limit known, so maybe
 * the server's limit: one more request tells. A page of one event is never probed (a lone change
 * would cost two requests each time, and no server serves one a page) unless `probeAll`: a capped
 * page taken as the end only delays what follows it to the next read, which starts at its token.
 */
type PageVerdict = 'full' | 'short' | 'probe';

/** A page read: how many events were asked for and how many came. */
export interface PageRead {
	asked: number;
	length: number;
}

/**
 * Judges a page (the verdict only matters when it carried a next token) and learns from it.
 * `readOnFrom`: the page read just before in the same poll, when it was shorter or longer than
 * asked: if this page holds events, that one was as long as the server serves.
 */
export function judgePage(
	served: ServedPages,
	{ asked, length }: PageRead,
	readOnFrom?: PageRead,
	probeAll = false,
): { verdict: PageVerdict; served: ServedPages } {
	let limit = length > served.limit ? 0 : served.limit;
	if (readOnFrom && readOnFrom.length > 0 && readOnFrom.length !== readOnFrom.asked && length > 0) {
		limit = readOnFrom.length;
	}
	// A server that ignores the size asked serves its own: more than asked when that is smaller.
	const expected = limit && length > asked ? limit : Math.min(asked, limit || asked);
	let verdict: PageVerdict = 'short';
	if (length >= expected) verdict = 'full';
	else if (!limit && length >= (probeAll ? 1 : 2) && length >= served.largest) verdict = 'probe';
	return { verdict, served: { ...served, largest: Math.max(served.largest, length), limit } };
}

/** Reads what was saved; anything malformed reads as nothing learned yet. */
export function readServedPages(value: unknown): ServedPages {
	if (typeof value !== 'object' || value === null) return NOTHING_SERVED;
	const saved = value as Record<string, unknown>;
	const count = (field: unknown) =>
		Number.isSafeInteger(field) && (field as number) > 0 ? (field as number) : 0;
	return { largest: count(saved.largest), limit: count(saved.limit), maxAsk: count(saved.maxAsk) };
}
