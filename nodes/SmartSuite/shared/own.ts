/**
 * Field slugs and labels are names like any other: "__proto__", "toString" or "constructor" name
 * a field, never a property an object inherits. Lookups by a name read own properties only, and
 * writes define a property, so that no prototype changes and no function is ever read as a value.
 */

/** Whether `object` has `key` of its own. */
export function hasOwn(object: object, key: string): boolean {
	return Object.prototype.hasOwnProperty.call(object, key);
}

/** The value of `key` in `object`, when it is its own; undefined otherwise. */
export function ownValue<T>(object: Record<string, T>, key: string): T | undefined {
	return hasOwn(object, key) ? object[key] : undefined;
}

/** Sets `key` in `object` as its own property, even "__proto__". */
export function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
	Object.defineProperty(object, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true,
	});
}
