/** Fields named by a user or a model: by slug or label, alone or as a list. */
import type { Field } from '../../shared/fields';

/** The field a name gives: its slug exactly, else its label in any case. */
export function fieldByKey(structure: Field[], key: unknown): Field | undefined {
	if (typeof key !== 'string') return undefined;
	return (
		structure.find((field) => field.slug === key) ??
		structure.find((field) => field.label.toLowerCase() === key.trim().toLowerCase())
	);
}

/** The fields an error lists, so that a model picks from them. */
export function fieldList(fields: Field[]): string {
	const named = fields.map((field) => `"${field.label}" (${field.slug})`);
	return named.length > 40 ? `${named.slice(0, 40).join(', ')}, …` : named.join(', ');
}

/**
 * The names a parameter gives: a list (the editor's picks, a model's JSON), the text of a JSON list,
 * or text separated by commas. Blank names are dropped.
 */
export function namesIn(given: unknown): string[] {
	let list = given;
	if (typeof given === 'string' && given.trim().startsWith('[')) {
		try {
			list = JSON.parse(given) as unknown;
		} catch {
			// Not JSON: read as names separated by commas.
		}
	}
	const names = Array.isArray(list) ? list.map(String) : String(list ?? '').split(',');
	return names.map((name) => name.trim()).filter((name) => name !== '');
}
