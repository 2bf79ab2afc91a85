/**
 * Durations as a person types them: seconds (5400), units ("1h 30m", "1.5h") or words ("2 hours",
 * "1 hour and 30 minutes", "1 day 2 hrs"), to seconds. Read by one pass over the text (no regex
 * that could backtrack on a long text).
 */
import { hasOwn } from '../own';
import { ValueError } from './values';

export const DURATION_EXPECTED =
	'a duration such as "1h 30m", "2 hours", "1 hour 30 minutes" or 5400 (seconds)';

const UNIT_SECONDS: Record<string, number> = {
	d: 86_400,
	day: 86_400,
	days: 86_400,
	h: 3600,
	hr: 3600,
	hrs: 3600,
	hour: 3600,
	hours: 3600,
	m: 60,
	min: 60,
	mins: 60,
	minute: 60,
	minutes: 60,
	s: 1,
	sec: 1,
	secs: 1,
	second: 1,
	seconds: 1,
};

const isDigit = (char: string) => char >= '0' && char <= '9';
const isLetter = (char: string) => char.toLowerCase() !== char.toUpperCase();

/** The amounts and their units, in order; undefined when the text holds anything else. */
function durationParts(text: string): Array<[number, string]> | undefined {
	const parts: Array<[number, string]> = [];
	let at = 0;
	const skipSpaces = () => {
		while (at < text.length && text[at].trim() === '') at++;
	};
	while (true) {
		skipSpaces();
		if (at === text.length) return parts;
		const start = at;
		while (at < text.length && (isDigit(text[at]) || text[at] === '.')) at++;
		const amount = text.slice(start, at);
		skipSpaces();
		const unitStart = at;
		while (at < text.length && isLetter(text[at])) at++;
		const unit = text.slice(unitStart, at).toLowerCase();
		if (amount === '' && unit === 'and' && parts.length > 0) continue;
		if (!/^\d+(\.\d+)?$/.test(amount) || !hasOwn(UNIT_SECONDS, unit)) return undefined;
		parts.push([Number(amount), unit]);
	}
}

/** Seconds from a number of seconds, numeric text, or a duration in units or words. */
export function toSeconds(value: unknown): number {
	if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
	if (typeof value !== 'string') throw new ValueError(DURATION_EXPECTED);
	const text = value.trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
	const parts = durationParts(text);
	if (!parts || parts.length === 0) throw new ValueError(DURATION_EXPECTED);
	return parts.reduce((sum, [amount, unit]) => sum + amount * UNIT_SECONDS[unit], 0);
}
