import type { KlineUpdate } from '@meridian/shared';
import type { Candle } from '../api/kline';
import { mergeCandle, updatesFor } from './candles';
import { chartLocales, formatChartTime } from './chart-locale';

const c = (Time: number, Close = 1): Candle => ({ Time, Open: 1, High: 1, Low: 1, Close, Volume: 1 });
const u = (Time: number, Close: number, period = '1M'): KlineUpdate => ({
  code: 'EURUSD',
  period,
  Time,
  Open: 1,
  High: Close,
  Low: 1,
  Close,
  Volume: 2,
});

describe('live candles', () => {
  it('replaces the candle being built, appends a new one, ignores older ones, caps the count', () => {
    const list = [c(0), c(60_000)];
    expect(mergeCandle(list, u(60_000, 2))).toBe(true);
    expect(list).toHaveLength(2);
    expect(list[1]?.Close).toBe(2);
    expect(mergeCandle(list, u(120_000, 3), 2)).toBe(true);
    expect(list.map((x) => x.Time)).toEqual([60_000, 120_000]);
    expect(mergeCandle(list, u(0, 9))).toBe(false);
  });
  it('takes only the updates of the period shown', () => {
    expect(updatesFor([u(0, 1, '1M'), u(0, 1, '5M')], '5M')).toHaveLength(1);
    expect(updatesFor(u(0, 1, '1H'), '1H')).toHaveLength(1);
    expect(updatesFor(null, '1H')).toHaveLength(0);
  });
});

describe('chart locale and time', () => {
  it('registers the Hong Kong locale always, and the current language', () => {
    expect(chartLocales('hk').map((l) => l.name)).toEqual(['hk']);
    const [hk, fr] = chartLocales('fr');
    expect(hk?.options.shortMonths[0]).toBe('1月');
    expect(fr?.name).toBe('fr');
    expect(fr?.options.months[0]).toBe('janvier');
  });
  it('shows times on Europe/London (summer time included)', () => {
    expect(formatChartTime(Date.UTC(2025, 0, 15, 12, 30), 'en', false)).toBe('12:30');
    expect(formatChartTime(Date.UTC(2025, 6, 15, 12, 30), 'en', false)).toBe('13:30');
  });
});
