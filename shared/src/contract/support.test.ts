import { withinSupportHours } from './support';

// 2026-11-24 is a Tuesday (UTC day 2).
const at = (hhmm: string, day = '2026-11-24') => Date.parse(`${day}T${hhmm}:00Z`);

it('no hours configured means always staffed', () => {
  expect(withinSupportHours(null, at('03:00'))).toBe(true);
});

it('inside and outside the hours, on and off the days', () => {
  const hours = { days: [1, 2, 3, 4, 5], from: '01:00', to: '13:00' };
  expect(withinSupportHours(hours, at('01:00'))).toBe(true);
  expect(withinSupportHours(hours, at('12:59'))).toBe(true);
  expect(withinSupportHours(hours, at('13:00'))).toBe(false);
  expect(withinSupportHours(hours, at('00:59'))).toBe(false);
  expect(withinSupportHours(hours, at('10:00', '2026-11-29'))).toBe(false); // Sunday
});

it('hours that wrap past midnight', () => {
  const hours = { days: [0, 1, 2, 3, 4, 5, 6], from: '22:00', to: '06:00' };
  expect(withinSupportHours(hours, at('23:30'))).toBe(true);
  expect(withinSupportHours(hours, at('05:59'))).toBe(true);
  expect(withinSupportHours(hours, at('12:00'))).toBe(false);
});
