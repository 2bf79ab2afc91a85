/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function prng(seed: number) {
	let state = seed;
	const next = () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		chance: (probability: number) => next() < probability,
		integer: (below: number) => Math.floor(next() * below),
		pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
	};
}
export type Random = ReturnType<typeof prng>;
