import {
  BUY,
  SELL,
  slippageExceeded,
  deviationUnitPoints,
  centsToMicros,
  checkLots,
  checkStops,
  closePriceOf,
  feeMicros,
  formatMicros,
  isStopOut,
  isValidLots,
  marginLevelPercent,
  marginMicros,
  microsToCents,
  openPriceOf,
  parseDecimal,
  pendingKindOf,
  priceText,
  pendingReached,
  profitQuoteMicros,
  profitUsdMicros,
  roundPrice,
  stepLots,
  stopHit,
  toMicros,
  toUsdMicros,
  usdRateOf,
  checkPartialClose,
  lotsMinus,
  shareOf,
} from './trading';

describe('decimal helpers', () => {
  it('parses text and numbers exactly', () => {
    expect(parseDecimal('1.08523')).toEqual({ n: 108523n, s: 5 });
    expect(parseDecimal(0.1)).toEqual({ n: 1n, s: 1 });
    expect(parseDecimal('1e3')).toEqual({ n: 1000n, s: 0 });
    expect(parseDecimal(1e-7)).toEqual({ n: 1n, s: 7 });
    expect(() => parseDecimal('abc')).toThrow();
    expect(() => parseDecimal(Number.NaN)).toThrow();
  });
  it('rounds half away from zero', () => {
    expect(toMicros('0.0000005')).toBe(1);
    expect(toMicros('-0.0000005')).toBe(-1);
    expect(toMicros('0.00000049')).toBe(0);
    expect(microsToCents(5_000)).toBe(1);
    expect(microsToCents(-5_000)).toBe(-1);
    expect(microsToCents(4_999)).toBe(0);
    expect(centsToMicros(123)).toBe(1_230_000);
    expect(formatMicros(1_234_567)).toBe('1.234567');
    expect(formatMicros(-1_234_567, 2)).toBe('-1.23');
    expect(formatMicros(-5_000, 2)).toBe('-0.01');
    expect(roundPrice('1.085235', 5)).toBe(1.08524);
    // 0.1 + 0.2 in float is 0.30000000000000004; here it is exact.
    expect(toMicros(0.1) + toMicros(0.2)).toBe(toMicros('0.3'));
  });
});

describe('margin (docs/rules.md)', () => {
  it('fixed mode: lots x units per lot', () => {
    expect(
      marginMicros({
        lots: '0.5',
        contractSize: 100,
        price: 2400,
        leverage: 10,
        marginMode: 1,
        usdRate: 0.0064,
      }),
    ).toBe(50_000_000);
  });
  it('leveraged mode: lots x units x price / multiplier, 6 decimals', () => {
    // 0.01 lot EUR/USD at 1.08523, 1:100 -> 1000 x 1.08523 / 100 = 10.8523
    expect(
      marginMicros({
        lots: '0.01',
        contractSize: 100000,
        price: 1.08523,
        leverage: 100,
        marginMode: 2,
        usdRate: 1,
      }),
    ).toBe(10_852_300);
    // 0.03 x 100000 x 1.08523 / 7 = 465.098571428... -> 465.098571
    expect(
      marginMicros({
        lots: '0.03',
        contractSize: 100000,
        price: '1.08523',
        leverage: 7,
        marginMode: 2,
        usdRate: 1,
      }),
    ).toBe(465_098_571);
    // rounding half away from zero at the 6th decimal: 1 x 1 x 0.0000015 / 1
    expect(
      marginMicros({ lots: 1, contractSize: 1, price: '0.0000015', leverage: 1, marginMode: 2, usdRate: 1 }),
    ).toBe(2);
  });
});

describe('fee', () => {
  it('type 1: lots x rate', () => {
    expect(feeMicros({ lots: '0.25', feeRate: '8', marginMicros: 999, feeType: 1 })).toBe(2_000_000);
  });
  it('other types: margin x rate', () => {
    expect(feeMicros({ lots: '0.25', feeRate: '0.001', marginMicros: 10_852_300, feeType: 2 })).toBe(10_852);
    expect(feeMicros({ lots: '1', feeRate: '0.0005', marginMicros: 1_000_001, feeType: 0 })).toBe(500);
  });
});

describe('sides and P/L', () => {
  const q = { bid: 1.1, ask: 1.1002 };
  it('a buy opens at the ask and closes at the bid; a sell the reverse', () => {
    expect(openPriceOf(BUY, q)).toBe(1.1002);
    expect(closePriceOf(BUY, q)).toBe(1.1);
    expect(openPriceOf(SELL, q)).toBe(1.1);
    expect(closePriceOf(SELL, q)).toBe(1.1002);
  });
  it('buy P/L = (close - open) x lots x units', () => {
    const p = { side: BUY, lots: '0.1', contractSize: 100000, openPrice: 1.1002, closePrice: 1.1052 };
    expect(profitQuoteMicros(p)).toBe(50_000_000);
    expect(profitQuoteMicros({ ...p, closePrice: 1.0952 })).toBe(-50_000_000);
  });
  it('sell P/L = (open - close) x lots x units', () => {
    const p = { side: SELL, lots: '0.1', contractSize: 100000, openPrice: 1.1, closePrice: 1.095 };
    expect(profitQuoteMicros(p)).toBe(50_000_000);
    expect(profitQuoteMicros({ ...p, closePrice: 1.105 })).toBe(-50_000_000);
  });
  it('converts to USD at the rate', () => {
    // USD/JPY long 1 lot, 150.000 -> 150.500 = 50,000 JPY; at 1/150.5 USD per JPY
    const p = { side: BUY, lots: 1, contractSize: 100000, openPrice: 150, closePrice: 150.5 };
    expect(profitQuoteMicros(p)).toBe(50_000_000_000);
    expect(profitUsdMicros({ ...p, usdRate: '0.0066445182724252' })).toBe(332_225_914);
    expect(toUsdMicros(50_000_000_000, '0.0066445182724252')).toBe(332_225_914);
    expect(profitUsdMicros({ ...p, usdRate: 1 })).toBe(50_000_000_000);
  });
});

describe('margin level and stop-out', () => {
  it('computes the level and the 50% stop-out', () => {
    expect(marginLevelPercent(1_000_000, 2_000_000)).toBe(50);
    expect(marginLevelPercent(1_000_000, 0)).toBeNull();
    expect(marginLevelPercent(2_000_000, 3_000_000)).toBe(66.67);
    expect(isStopOut(1_000_000, 2_000_000)).toBe(true);
    expect(isStopOut(1_000_001, 2_000_000)).toBe(false);
    expect(isStopOut(-5, 0)).toBe(false);
  });
});

describe('lots', () => {
  it('checks the minimum and the step', () => {
    expect(checkLots('0.01', '0.01', '0.01')).toBe('ok');
    expect(checkLots('0.015', '0.01', '0.01')).toBe('offStep');
    expect(checkLots('0.005', '0.001', '0.01')).toBe('belowMinimum');
    expect(checkLots('0', '0.01', '0.01')).toBe('invalid');
    expect(checkLots('x', '0.01', '0.01')).toBe('invalid');
    expect(checkLots(0.3, 0.1, 0.1)).toBe('ok'); // 0.1 * 3 would not be exact in float
    expect(isValidLots('1.5', '0.5', '0.5')).toBe(true);
    expect(stepLots('0.01', '0.01', 1)).toBe('0.02');
    expect(stepLots('0.10', '0.01', -1)).toBe('0.09');
  });
});

describe('stops', () => {
  it('long: SL below, TP above; short: the reverse', () => {
    expect(checkStops(BUY, 1.1, 1.09, 1.11)).toBe('ok');
    expect(checkStops(BUY, 1.1, 1.1, 0)).toBe('slWrongSide');
    expect(checkStops(BUY, 1.1, 0, 1.09)).toBe('tpWrongSide');
    expect(checkStops(SELL, 1.1, 1.11, 1.09)).toBe('ok');
    expect(checkStops(SELL, 1.1, 1.09, 0)).toBe('slWrongSide');
    expect(checkStops(SELL, 1.1, null, 1.12)).toBe('tpWrongSide');
    expect(checkStops(SELL, 1.1, '', '')).toBe('ok');
  });
  it('SL/TP trigger on the right side', () => {
    const q = { bid: 1.1, ask: 1.1002 };
    expect(stopHit(BUY, 'sl', 1.1, q)).toBe(true); // bid 1.1 <= 1.1
    expect(stopHit(BUY, 'sl', 1.1001, q)).toBe(true);
    expect(stopHit(BUY, 'tp', 1.1001, q)).toBe(false); // ask is above but a long watches the bid
    expect(stopHit(SELL, 'sl', 1.1001, q)).toBe(true); // ask 1.1002 >= 1.1001
    expect(stopHit(SELL, 'tp', 1.1001, q)).toBe(false); // bid is below but a short watches the ask
    expect(stopHit(SELL, 'tp', 1.1002, q)).toBe(true);
  });
});

describe('pending orders', () => {
  const q = { bid: 1.1, ask: 1.1002 };
  it('tells limit from stop by the target against the market at submission', () => {
    expect(pendingKindOf(BUY, 1.09, q)).toBe('limit');
    expect(pendingKindOf(BUY, 1.11, q)).toBe('stop');
    expect(pendingKindOf(SELL, 1.11, q)).toBe('limit');
    expect(pendingKindOf(SELL, 1.09, q)).toBe('stop');
  });
  it('fills on the opening side', () => {
    expect(pendingReached(BUY, 'limit', 1.09, { bid: 1.0899, ask: 1.0901 })).toBe(false);
    expect(pendingReached(BUY, 'limit', 1.09, { bid: 1.0898, ask: 1.09 })).toBe(true);
    expect(pendingReached(BUY, 'stop', 1.11, { bid: 1.1099, ask: 1.1101 })).toBe(true);
    expect(pendingReached(SELL, 'limit', 1.11, { bid: 1.1099, ask: 1.1101 })).toBe(false);
    expect(pendingReached(SELL, 'limit', 1.11, { bid: 1.11, ask: 1.1102 })).toBe(true);
    expect(pendingReached(SELL, 'stop', 1.09, { bid: 1.089, ask: 1.0902 })).toBe(true);
  });
});

describe('USD conversion', () => {
  const quotes: Record<string, { bid: number; ask: number }> = {
    EURUSD: { bid: 1.1, ask: 1.1002 },
    USDJPY: { bid: 150, ask: 150.02 },
    USDXXX: { bid: 0, ask: 0 },
  };
  const quoteOf = (code: string) => quotes[code];
  it('converts at the mid of XXXUSD, or 1 / the mid of USDXXX', () => {
    expect(usdRateOf('USD', quoteOf)).toBe(1);
    expect(usdRateOf('EUR', quoteOf)).toBeCloseTo(1.1001, 12);
    expect(usdRateOf('jpy', quoteOf)).toBeCloseTo(1 / 150.01, 12);
  });
  it('has no rate for a currency nothing quotes, or an unusable quote', () => {
    expect(usdRateOf('CHF', quoteOf)).toBeUndefined();
    expect(usdRateOf('XXX', quoteOf)).toBeUndefined();
  });
  it('converts a profit and a loss of the same size to the same amount', () => {
    const rate = usdRateOf('JPY', quoteOf) as number;
    const args = { lots: '1', contractSize: 100000, openPrice: '150', usdRate: rate };
    const win = profitUsdMicros({ ...args, side: BUY, closePrice: '150.5' });
    const loss = profitUsdMicros({ ...args, side: SELL, closePrice: '150.5' });
    expect(win).toBe(-loss);
  });
});

describe('priceText', () => {
  it('pads to the precision and never rounds', () => {
    expect(priceText('1.1002', 5)).toBe('1.10020');
    expect(priceText(1.1, 5)).toBe('1.10000');
    expect(priceText('150', 3)).toBe('150.000');
    expect(priceText('1.1234567', 5)).toBe('1.1234567');
    expect(priceText(60000, 2)).toBe('60000.00');
  });
});

describe('slippageExceeded: a worse fill than seen by more than the deviation, never a better one', () => {
  it('a buy pays more, a sell receives less; the limit itself is allowed; exact at any precision', () => {
    expect(slippageExceeded(BUY, '1.1', '1.10020', 20, 5)).toBe(false);
    expect(slippageExceeded(BUY, '1.1', '1.10021', 20, 5)).toBe(true);
    expect(slippageExceeded(BUY, '1.1', '1.09', 0, 5)).toBe(false);
    expect(slippageExceeded(SELL, '1.1001', '1.1', 10, 5)).toBe(false);
    expect(slippageExceeded(SELL, '1.1001', '1.1', 9, 5)).toBe(true);
    expect(slippageExceeded(SELL, '1.1', '1.2', 0, 5)).toBe(false);
    // 0.1 + 0.2 is not 0.3 in floating point; here it is.
    expect(slippageExceeded(BUY, '0.1', '0.3', 2000, 4)).toBe(false);
    expect(slippageExceeded(BUY, 87938.7, 87938.72, 2, 2)).toBe(false);
    expect(slippageExceeded(BUY, 87938.7, 87938.73, 2, 2)).toBe(true);
  });
});

describe('deviationUnitPoints: about one basis point of the price, in points', () => {
  it('scales with the price: pips on forex, dollars on bitcoin, at least one point', () => {
    expect(deviationUnitPoints(1.1502, 5)).toBe(10); // 0.0001
    expect(deviationUnitPoints(155.77, 3)).toBe(20); // 0.02
    expect(deviationUnitPoints(60000, 2)).toBe(500); // 5.00
    expect(deviationUnitPoints(2400.5, 2)).toBe(20); // 0.20
    expect(deviationUnitPoints(0.5, 2)).toBe(1); // below a tick: one tick
    expect(deviationUnitPoints(0, 5)).toBe(1);
    expect(deviationUnitPoints(Number.NaN, 5)).toBe(1);
  });
});

describe('partial close', () => {
  it('reads lots against the position and the lot terms', () => {
    expect(checkPartialClose('0.5', '0.5', '0.1', '0.1')).toBe('whole');
    expect(checkPartialClose('0.50', '0.5', '0.1', '0.1')).toBe('whole');
    expect(checkPartialClose('0.2', '0.5', '0.1', '0.1')).toBe('partial');
    expect(checkPartialClose('0.05', '0.5', '0.01', '0.1')).toBe('belowMinimum');
    expect(checkPartialClose('0.15', '0.5', '0.1', '0.1')).toBe('offStep');
    expect(checkPartialClose('0.6', '0.5', '0.1', '0.1')).toBe('notLess');
    expect(checkPartialClose('0.4', '0.5', '0.1', '0.2')).toBe('remainderBelowMinimum');
    expect(checkPartialClose('0.3', '0.5', '0.1', '0.2')).toBe('partial');
    expect(checkPartialClose('NaN', '0.5', '0.1', '0.1')).toBe('invalid');
    expect(checkPartialClose('0', '0.5', '0.1', '0.1')).toBe('invalid');
  });

  it('takes an exact share, rounded once half away from zero, and what is left adds up', () => {
    expect(shareOf(7701, '0.03', '0.07')).toBe(3300); // 3300.43
    expect(shareOf(7700, '0.05', '0.07')).toBe(5500);
    expect(shareOf(3, '1', '2')).toBe(2); // 1.5 -> 2
    expect(shareOf(-3, '1', '2')).toBe(-2);
    expect(shareOf(77_014_000, '0.03', '0.07')).toBe(33_006_000);
    expect(lotsMinus('0.5', '0.2')).toBe('0.3');
    expect(lotsMinus('1', '0.25')).toBe('0.75');
    expect(lotsMinus('0.30', '0.1')).toBe('0.2');
    expect(lotsMinus('2', '1')).toBe('1');
  });
});
