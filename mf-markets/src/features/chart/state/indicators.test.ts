import { computeIndicator, INDICATORS } from './indicators';

const ramp = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe('chart indicators', () => {
  it('moving average of 20: null for the first 19 candles, then the mean of the last 20 closes', () => {
    const { ma } = computeIndicator('ma', ramp(25));
    expect(ma!.slice(0, 19).every((v) => v === null)).toBe(true);
    expect(ma![19]).toBeCloseTo(10.5, 10); // mean of 1..20
    expect(ma![24]).toBeCloseTo(15.5, 10); // mean of 6..25
  });

  it('EMA of 20 follows a constant series exactly and a rising one from below', () => {
    expect(computeIndicator('ema', Array(30).fill(1.1)).ema!.at(-1)).toBeCloseTo(1.1, 12);
    const ema = computeIndicator('ema', ramp(60)).ema!;
    expect(ema.at(-1)!).toBeLessThan(60);
    expect(ema.at(-1)!).toBeGreaterThan(50);
  });

  it('Bollinger bands: upper above middle above lower, all equal on a flat series', () => {
    const bb = computeIndicator('bb', [...ramp(20), 30, 10, 25]);
    const i = bb.upper!.length - 1;
    expect(bb.upper![i]!).toBeGreaterThan(bb.middle![i]!);
    expect(bb.middle![i]!).toBeGreaterThan(bb.lower![i]!);
    const flat = computeIndicator('bb', Array(21).fill(2));
    expect(flat.upper!.at(-1)).toBeCloseTo(2, 12);
    expect(flat.lower!.at(-1)).toBeCloseTo(2, 12);
  });

  it('RSI of 14: 100 on a series that only rises, 0 on one that only falls, between on a mixed one', () => {
    expect(computeIndicator('rsi', ramp(30)).rsi!.at(-1)).toBeCloseTo(100, 6);
    expect(computeIndicator('rsi', ramp(30).reverse()).rsi!.at(-1)).toBeCloseTo(0, 6);
    const mixed = computeIndicator(
      'rsi',
      ramp(40).map((v, i) => (i % 2 ? v : v - 3)),
    ).rsi!.at(-1)!;
    expect(mixed).toBeGreaterThan(0);
    expect(mixed).toBeLessThan(100);
    expect(computeIndicator('rsi', ramp(10)).rsi!.every((v) => v === null)).toBe(true);
  });

  it('MACD 12/26/9: the histogram is MACD minus its signal; rising prices give a positive MACD', () => {
    const m = computeIndicator('macd', ramp(60));
    const i = 59;
    expect(m.macd![i]!).toBeGreaterThan(0);
    expect(m.histogram![i]!).toBeCloseTo(m.macd![i]! - m.signal![i]!, 10);
    expect(m.macd![10]).toBeNull();
  });

  it('every indicator answers one value per candle', () => {
    for (const id of INDICATORS) {
      for (const line of Object.values(computeIndicator(id, ramp(50)))) expect(line).toHaveLength(50);
    }
  });
});
