/** Due dates and date ranges as SmartSuite reports them: `include_time: false` even when a time was set. */
import type { Field } from '../../nodes/SmartSuite/shared/fields';
import { toReadableValue, toSmartSuiteValue } from '../../nodes/SmartSuite/shared/fields';

const field = (field_type: string): Field => ({ slug: 's1', label: 'L', field_type, params: {} });
const reported = {
	from_date: { date: '2024-05-01T00:00:00Z', include_time: false },
	to_date: { date: '2024-05-03T14:30:00Z', include_time: false },
	is_overdue: false,
};

describe.each(['daterangefield', 'duedatefield'])('%s', (type) => {
	it('reads an end with a time other than midnight UTC with its time, an end at midnight as a day', () => {
		expect(toReadableValue(field(type), reported)).toEqual({
			from: '2024-05-01',
			to: '2024-05-03T14:30:00Z',
		});
	});

	it('writes SmartSuite’s value back with the time kept', () => {
		expect(toSmartSuiteValue(field(type), reported)).toEqual({
			from_date: { date: '2024-05-01T00:00:00Z', include_time: false },
			to_date: { date: '2024-05-03T14:30:00Z', include_time: true },
		});
	});
});

it('a date field trusts include_time: false (SmartSuite reports it right there)', () => {
	expect(
		toReadableValue(field('datefield'), { date: '2024-05-03T14:30:00Z', include_time: false }),
	).toBe('2024-05-03');
});
