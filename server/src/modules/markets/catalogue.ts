/**
 * The instrument catalogue: 5 categories, 47 instruments with their trading terms, reference prices (late 2025
 * levels), simulator parameters and trading schedules. Ids are stable: orders reference them; never renumber, only
 * append.
 *
 * ForexFeeRate is in USD per lot (the default `trade_fee_type` 1: fee = lots x rate). MarginMode 1 (fixed) means
 * margin = lots x ForexContNum USD; otherwise lots x ForexContNum x price / multiplier (docs/rules.md).
 */
import type { Instrument, MarginMode } from './contract';
import { ALWAYS, COMMODITY_SCHEDULE, dailySessions, FOREX_SCHEDULE } from './schedule';
import type { Schedule } from './schedule';

export type Category = { id: number; key: string };

/** Category ids; names are translated from `markets.<key>` in locales/<lng>/server.json. */
export const CATEGORIES: readonly Category[] = [
  { id: 1, key: 'forex' },
  { id: 2, key: 'metals' },
  { id: 3, key: 'energy' },
  { id: 4, key: 'indices' },
  { id: 5, key: 'crypto' },
];

export type InstrumentSpec = Instrument & {
  /** Reference price (mid) at which the history of a fresh installation ends. */
  refPrice: number;
  /** Annualised volatility (e.g. 0.07 for 7 %). */
  volatility: number;
  /** Typical spread in price units. */
  spread: number;
  /** Mean reversion speed toward refPrice per year (0: none). */
  reversion: number;
  /** Probability that the instrument ticks on a feed step (100 ms): 0.5 = about 5 ticks a second. */
  activity: number;
  /** Typical volume of one tick (lots or contracts). */
  tickVolume: number;
  schedule: Schedule;
  /** Colours of the generated logo. */
  colors: readonly [string, string];
};

type Row = {
  code: string;
  show?: string;
  price: number;
  digits: number;
  vol: number;
  spread: number;
  lev: number[];
  quote: string;
  pip?: string;
  min?: string;
  cont?: number;
  fee?: string;
  mode?: MarginMode;
  act?: number;
  tv?: number;
  schedule?: Schedule;
  colors?: [string, string];
};

const MAJOR = [10, 20, 50, 100, 200, 500];
const MINOR = [10, 20, 50, 100, 200];
const METAL = [10, 20, 50, 100];
const ENERGY = [10, 20, 50];
const INDEX = [10, 20, 50, 100];
const COIN = [2, 5, 10, 20];

const CURRENCY_COLORS: Record<string, string> = {
  USD: '#2e7d32',
  EUR: '#1a47a8',
  GBP: '#7b1fa2',
  JPY: '#c62828',
  CHF: '#d84315',
  AUD: '#00838f',
  CAD: '#ad1457',
  NZD: '#37474f',
  HKD: '#6a1b9a',
  SGD: '#e53935',
};

const fx = (code: string, price: number, digits: number, spread: number, vol: number, lev = MINOR): Row => {
  const base = code.slice(0, 3);
  const quote = code.slice(3);
  return {
    code,
    show: `${base}/${quote}`,
    price,
    digits,
    spread,
    vol,
    lev,
    quote,
    pip: '0.01',
    min: '0.01',
    cont: 100000,
    fee: '7',
    act: lev === MAJOR ? 0.5 : 0.35,
    tv: 1,
    schedule: FOREX_SCHEDULE,
    colors: [CURRENCY_COLORS[base] ?? '#455a64', CURRENCY_COLORS[quote] ?? '#455a64'],
  };
};

const FOREX: Row[] = [
  fx('EURUSD', 1.155, 5, 0.00008, 0.07, MAJOR),
  fx('GBPUSD', 1.31, 5, 0.0001, 0.08, MAJOR),
  fx('USDJPY', 155.5, 3, 0.01, 0.09, MAJOR),
  fx('USDCHF', 0.805, 5, 0.0001, 0.075, MAJOR),
  fx('AUDUSD', 0.648, 5, 0.0001, 0.09, MAJOR),
  fx('USDCAD', 1.405, 5, 0.00012, 0.06, MAJOR),
  fx('NZDUSD', 0.565, 5, 0.00014, 0.1, MAJOR),
  fx('EURGBP', 0.881, 5, 0.00012, 0.05),
  fx('EURJPY', 179.6, 3, 0.016, 0.085),
  fx('GBPJPY', 203.7, 3, 0.025, 0.1),
  fx('EURCHF', 0.93, 5, 0.00015, 0.05),
  fx('AUDJPY', 100.8, 3, 0.018, 0.11),
  fx('EURAUD', 1.782, 5, 0.0002, 0.08),
  fx('GBPCHF', 1.055, 5, 0.0002, 0.08),
  fx('CADJPY', 110.7, 3, 0.02, 0.09),
  fx('CHFJPY', 193.2, 3, 0.025, 0.09),
  fx('EURCAD', 1.623, 5, 0.0002, 0.065),
  fx('AUDNZD', 1.147, 5, 0.0002, 0.06),
  fx('GBPAUD', 2.022, 5, 0.0003, 0.09),
  fx('NZDJPY', 87.9, 3, 0.02, 0.11),
  fx('AUDCAD', 0.911, 5, 0.0002, 0.08),
  fx('USDSGD', 1.304, 5, 0.0003, 0.045),
  fx('USDHKD', 7.781, 4, 0.0012, 0.01),
];

const COMMODITY = { schedule: COMMODITY_SCHEDULE, quote: 'USD', act: 0.45 } as const;

const METALS: Row[] = [
  {
    code: 'XAUUSD',
    show: 'XAU/USD',
    price: 4080,
    digits: 2,
    spread: 0.3,
    vol: 0.16,
    lev: METAL,
    cont: 100,
    fee: '10',
    colors: ['#f9a825', '#ffd54f'],
    ...COMMODITY,
    act: 0.6,
  },
  {
    code: 'XAGUSD',
    show: 'XAG/USD',
    price: 50.5,
    digits: 3,
    spread: 0.03,
    vol: 0.28,
    lev: [1],
    mode: 1,
    cont: 5000,
    fee: '10',
    colors: ['#90a4ae', '#cfd8dc'],
    ...COMMODITY,
  },
  {
    code: 'XPTUSD',
    show: 'XPT/USD',
    price: 1540,
    digits: 2,
    spread: 2,
    vol: 0.25,
    lev: [10, 20, 50],
    cont: 50,
    fee: '10',
    colors: ['#78909c', '#b0bec5'],
    ...COMMODITY,
    act: 0.3,
  },
  {
    // Deliberately without leverage: the client shows 'Leverage not configured' (docs/rules.md).
    code: 'XPDUSD',
    show: 'XPD/USD',
    price: 1380,
    digits: 2,
    spread: 3,
    vol: 0.3,
    lev: [],
    cont: 50,
    fee: '10',
    colors: ['#5d4037', '#a1887f'],
    ...COMMODITY,
    act: 0.25,
  },
];

const ENERGIES: Row[] = [
  {
    code: 'USOIL',
    show: 'WTI Crude',
    price: 58.5,
    digits: 2,
    spread: 0.03,
    vol: 0.33,
    lev: ENERGY,
    cont: 1000,
    fee: '8',
    colors: ['#212121', '#ff6f00'],
    ...COMMODITY,
  },
  {
    code: 'UKOIL',
    show: 'Brent Crude',
    price: 62.5,
    digits: 2,
    spread: 0.04,
    vol: 0.31,
    lev: ENERGY,
    cont: 1000,
    fee: '8',
    colors: ['#263238', '#ffa000'],
    ...COMMODITY,
  },
  {
    code: 'NGAS',
    show: 'Natural Gas',
    price: 4.55,
    digits: 3,
    spread: 0.006,
    vol: 0.6,
    lev: [1],
    mode: 1,
    cont: 10000,
    fee: '8',
    colors: ['#0277bd', '#4fc3f7'],
    ...COMMODITY,
  },
];

const idx = (
  code: string,
  price: number,
  quote: string,
  open: number,
  close: number,
  colors: [string, string],
  vol = 0.18,
): Row => ({
  code,
  show: code,
  price,
  digits: 1,
  spread: Math.max(0.4, Math.round(price * 0.00012 * 10) / 10),
  vol,
  lev: INDEX,
  quote,
  pip: '0.1',
  min: '0.1',
  cont: 10,
  fee: '3',
  act: 0.5,
  tv: 1,
  schedule: dailySessions(open, close),
  colors,
});

const INDICES: Row[] = [
  idx('US500', 6650, 'USD', 13.5, 20, ['#0d47a1', '#e53935']),
  idx('US30', 46200, 'USD', 13.5, 20, ['#0d47a1', '#90caf9']),
  idx('NAS100', 24300, 'USD', 13.5, 20, ['#0d47a1', '#26c6da'], 0.22),
  idx('DE40', 23300, 'EUR', 7, 20, ['#212121', '#fdd835']),
  idx('UK100', 9600, 'GBP', 7, 16.5, ['#1a237e', '#c62828'], 0.15),
  idx('FRA40', 8050, 'EUR', 7, 15.5, ['#1565c0', '#ef5350']),
  idx('JP225', 49500, 'JPY', 0, 6, ['#b71c1c', '#ffffff'], 0.22),
  idx('HK50', 25800, 'HKD', 1.5, 8, ['#c62828', '#ffcdd2'], 0.24),
  idx('AUS200', 8700, 'AUD', 23, 6, ['#00695c', '#ffca28'], 0.15),
];

const coin = (
  code: string,
  price: number,
  digits: number,
  spread: number,
  vol: number,
  colors: [string, string],
  extra: Partial<Row> = {},
): Row => ({
  code,
  show: `${code.slice(0, -3)}/USD`,
  price,
  digits,
  spread,
  vol,
  lev: COIN,
  quote: 'USD',
  pip: '0.01',
  min: '0.01',
  cont: 1,
  fee: '5',
  act: 0.6,
  tv: 0.5,
  schedule: ALWAYS,
  colors,
  ...extra,
});

const CRYPTO: Row[] = [
  coin('BTCUSD', 91000, 2, 25, 0.55, ['#f7931a', '#ffe0b2']),
  coin('ETHUSD', 3050, 2, 1.5, 0.7, ['#627eea', '#c5cae9']),
  coin('SOLUSD', 140, 2, 0.12, 0.85, ['#9945ff', '#14f195']),
  coin('BNBUSD', 900, 2, 0.8, 0.6, ['#f3ba2f', '#fff8e1']),
  coin('XRPUSD', 2.1, 4, 0.002, 0.8, ['#23292f', '#90a4ae'], {
    lev: [1],
    mode: 1,
    cont: 1000,
    pip: '0.1',
    min: '0.1',
  }),
  coin('LTCUSD', 90, 2, 0.1, 0.75, ['#345d9d', '#bdbdbd']),
  coin('ADAUSD', 0.45, 4, 0.0008, 0.85, ['#0033ad', '#90caf9'], {
    lev: [1],
    mode: 1,
    cont: 1000,
    pip: '0.1',
    min: '0.1',
  }),
  coin('DOGEUSD', 0.155, 5, 0.0003, 0.95, ['#c2a633', '#fff59d'], {
    lev: [1],
    mode: 1,
    cont: 10000,
    pip: '0.1',
    min: '0.1',
  }),
];

function build(): InstrumentSpec[] {
  const groups: [number, Row[]][] = [
    [1, FOREX],
    [2, METALS],
    [3, ENERGIES],
    [4, INDICES],
    [5, CRYPTO],
  ];
  const out: InstrumentSpec[] = [];
  let id = 0;
  for (const [categoryId, rows] of groups) {
    for (const r of rows) {
      id += 1;
      out.push({
        id,
        code: r.code,
        showCode: r.show ?? r.code,
        categoryId,
        pricePrecision: r.digits,
        pip: r.pip ?? '0.01',
        minLots: r.min ?? '0.01',
        contractSize: r.cont ?? 1,
        feeRate: r.fee ?? '5',
        marginMode: r.mode ?? 2,
        leverages: r.lev,
        quoteCurrency: r.quote,
        refPrice: r.price,
        volatility: r.vol,
        spread: r.spread,
        reversion: categoryId === 1 ? 4 : 0,
        activity: r.act ?? 0.4,
        tickVolume: r.tv ?? 1,
        schedule: r.schedule ?? ALWAYS,
        colors: r.colors ?? ['#455a64', '#90a4ae'],
      });
    }
  }
  return out;
}

/** Every instrument, in display order (by category, then as listed). */
export const INSTRUMENTS: readonly InstrumentSpec[] = build();
