/**
 * A small deterministic MarketData for the trading tests: a few instruments, prices set by hand
 * (`setPrice(code, bid, ask)` emits a tick), an open/closed switch per instrument and USD rates derived from the
 * quotes by the one conversion rule (USD/JPY gives JPY). The real simulator (modules/markets) implements the same contract.
 */
import { usdRateOf } from '@meridian/shared/pure';
import type { Instrument, MarketData, Quote } from '../../src/modules/markets/contract';

export const FAKE_INSTRUMENTS: Instrument[] = [
  {
    id: 1,
    code: 'EURUSD',
    showCode: 'EUR/USD',
    categoryId: 1,
    pricePrecision: 5,
    pip: '0.01',
    minLots: '0.01',
    contractSize: 100000,
    feeRate: '0.5',
    marginMode: 2,
    leverages: [10, 50, 100, 200],
    quoteCurrency: 'USD',
  },
  {
    id: 2,
    code: 'USDJPY',
    showCode: 'USD/JPY',
    categoryId: 1,
    pricePrecision: 3,
    pip: '0.01',
    minLots: '0.01',
    contractSize: 100000,
    feeRate: '0.5',
    marginMode: 2,
    leverages: [50, 100],
    quoteCurrency: 'JPY',
  },
  {
    id: 3,
    code: 'XAUUSD',
    showCode: 'XAU/USD',
    categoryId: 2,
    pricePrecision: 2,
    pip: '0.1',
    minLots: '0.1',
    contractSize: 100,
    feeRate: '2',
    marginMode: 1,
    leverages: [20],
    quoteCurrency: 'USD',
  },
  {
    id: 4,
    code: 'NOLEV',
    showCode: 'NO/LEV',
    categoryId: 3,
    pricePrecision: 2,
    pip: '1',
    minLots: '1',
    contractSize: 1,
    feeRate: '0',
    marginMode: 2,
    leverages: [],
    quoteCurrency: 'USD',
  },
  {
    id: 5,
    code: 'BTCUSD',
    showCode: 'BTC/USD',
    categoryId: 4,
    pricePrecision: 2,
    pip: '0.01',
    minLots: '0.01',
    contractSize: 1,
    feeRate: '1',
    marginMode: 2,
    leverages: [2, 5, 10],
    quoteCurrency: 'USD',
  },
];

const START: Record<string, [number, number]> = {
  EURUSD: [1.1, 1.1002],
  USDJPY: [150, 150.02],
  XAUUSD: [2400, 2400.5],
  NOLEV: [10, 10.1],
  BTCUSD: [60000, 60010],
};

export class FakeMarket implements MarketData {
  private readonly quotes = new Map<number, Quote>();
  private readonly closed = new Set<number>();
  private readonly listeners = new Set<(q: Quote) => void>();
  private readonly bases = new Map<number, number>();
  now = () => Date.now();

  constructor(readonly list: Instrument[] = FAKE_INSTRUMENTS) {
    for (const i of list) {
      const [bid, ask] = START[i.code] ?? [1, 1.0001];
      this.quotes.set(i.id, { instrumentId: i.id, code: i.code, bid, ask, time: this.now() });
    }
  }

  instruments(): readonly Instrument[] {
    return this.list;
  }

  instrument(idOrCode: number | string): Instrument | undefined {
    return this.list.find((i) => i.id === idOrCode || i.code === idOrCode);
  }

  quote(instrumentId: number): Quote | undefined {
    return this.quotes.get(instrumentId);
  }

  isOpen(instrumentId: number): boolean {
    return !this.closed.has(instrumentId);
  }

  setOpen(code: string, open: boolean): void {
    const i = this.instrument(code);
    if (!i) throw new Error(code);
    if (open) this.closed.delete(i.id);
    else this.closed.add(i.id);
  }

  onTick(listener: (quote: Quote) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  usdRate(currency: string): number | undefined {
    return usdRateOf(currency, (code) => {
      const i = this.instrument(code);
      return i ? this.quotes.get(i.id) : undefined;
    });
  }

  /** The day basis of today's change (percent alerts); none until set. */
  dayBasis(instrumentId: number): number | undefined {
    return this.bases.get(instrumentId);
  }

  setDayBasis(code: string, basis: number): void {
    const i = this.instrument(code);
    if (!i) throw new Error(code);
    this.bases.set(i.id, basis);
  }

  /** Set a price and emit the tick. */
  setPrice(code: string, bid: number, ask: number): Quote {
    const i = this.instrument(code);
    if (!i) throw new Error(`unknown instrument ${code}`);
    const q = { instrumentId: i.id, code: i.code, bid, ask, time: this.now() };
    this.quotes.set(i.id, q);
    for (const l of this.listeners) l(q);
    return q;
  }
}
