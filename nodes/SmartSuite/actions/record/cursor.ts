/**
 * Search's Cursor: where a search stopped, as an opaque string that the `more` item gives and
 * Search takes back to return the next records in the same order. SmartSuite's list pages by
 * offset, so the cursor holds the offset and a fingerprint of the query (table, filter, sort): a
 * cursor given to another query would silently return the wrong records, and is refused instead.
 * Pure.
 */

interface CursorContent {
	offset: number;
	query: string;
}

/** A cursor longer than this is not one Search gave (its own are about 40 characters). */
const MAX_CURSOR_LENGTH = 200;

/** FNV-1a (32 bits) of the text, in hex: a short, stable fingerprint, linear in the text. */
function fingerprint(text: string): string {
	let hash = 0x811c9dc5;
	for (let index = 0; index < text.length; index++) {
		hash ^= text.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16).padStart(8, '0');
}

/** The fingerprint of one query: the table and SmartSuite's request body (filter and sort). */
export const queryFingerprint = (tableId: string, body: unknown): string =>
	fingerprint(JSON.stringify([tableId, body]));

export function encodeCursor(offset: number, query: string): string {
	return Buffer.from(JSON.stringify({ offset, query } satisfies CursorContent)).toString(
		'base64url',
	);
}

class CursorError extends Error {}

/** The offset a cursor continues from; throws a CursorError saying what to do when it is not for this query. */
export function cursorOffset(cursor: string, query: string): number {
	const content = decoded(cursor);
	if (!content)
		throw new CursorError(
			'The cursor is not one a search gave: pass the "cursor" of the last {"more": …} item exactly as it came, or leave the cursor out to start from the first record',
		);
	if (content.query !== query)
		throw new CursorError(
			'The cursor was given by another search (another table, filter or sort): search again with the filter and sort that gave it, or leave the cursor out to start from the first record of this search',
		);
	return content.offset;
}

function decoded(cursor: string): CursorContent | undefined {
	if (cursor.length > MAX_CURSOR_LENGTH) return undefined;
	try {
		const content = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
		if (typeof content !== 'object' || content === null) return undefined;
		const { offset, query } = content as Partial<CursorContent>;
		if (!Number.isSafeInteger(offset) || (offset as number) < 0 || typeof query !== 'string')
			return undefined;
		return { offset: offset as number, query };
	} catch {
		return undefined;
	}
}
