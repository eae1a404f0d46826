import { chartAxes, TIME_TICKS } from './chart-axes';
import { formatChartTime } from './chart-locale';

const candle = (Time: number) => ({ Time, Open: 1, High: 1, Low: 1, Close: 1, Volume: 0 });
const start = Date.UTC(2026, 0, 5, 0, 7);
const candles = Array.from({ length: 120 }, (_, i) => candle(start + i * 60_000));

describe('chart axes', () => {
  it('price labels use the grouping and precision of the rest of the screen', () => {
    const { yaxis } = chartAxes({ candles, precision: 2, lang: 'en', daily: false });
    expect(yaxis.labels.formatter(87938.72)).toBe('87,938.72');
    expect(yaxis.labels.formatter(88000)).toBe('88,000.00');
    expect(
      chartAxes({ candles, precision: 2, lang: 'de', daily: false }).yaxis.labels.formatter(87938.72),
    ).toBe('87.938,72');
  });

  it('time runs from the first candle to the last, with the last label at the last candle', () => {
    const { xaxis } = chartAxes({ candles, precision: 5, lang: 'en', daily: false });
    const last = candles.at(-1)!.Time;
    expect(xaxis.min).toBe(start);
    expect(xaxis.max).toBe(last);
    // apexcharts puts tickAmount + 1 labels evenly from min to max: the last one is the last candle's time.
    const ticks = Array.from({ length: TIME_TICKS + 1 }, (_, i) => start + ((last - start) * i) / TIME_TICKS);
    expect(xaxis.labels.formatter(ticks.at(-1)!)).toBe(formatChartTime(last, 'en', false));
    expect(xaxis.labels.formatter(ticks.at(-1)!)).toBe('02:06');
    expect(xaxis.labels.formatter('x')).toBe('');
  });
});
