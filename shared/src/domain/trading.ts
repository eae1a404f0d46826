/**
 * Trading math shared by the order ticket (client) and the engine (server), docs/rules.md.
 *
 * Precision: every figure is exact decimal arithmetic on BigInt. Inputs (lots, prices, rates) are parsed from their
 * decimal text (a JS number is read through its shortest decimal form, `String(n)`), multiplied exactly, and rounded
 * ONCE to the result's scale, half away from zero. Money results are returned as integer **micro-units** (1e-6 USD or
 * 1e-6 of the quote currency) in a safe JS integer: margin and profit have 6 decimals (docs/rules.md). `microsToCents`
 * rounds micro-units to the ledger's cents, half away from zero. Nothing here uses binary floating point for money.
 */

/** An exact decimal: value = n / 10^s. */
type Dec = { n: bigint; s: number };

export type DecimalInput = string | number;

const POW10: bigint[] = [];
function pow10(s: number): bigint {
  let v = POW10[s];
  if (v === undefined) {
    v = 10n ** BigInt(s);
    POW10[s] = v;
  }
  return v;
}

/** Parse a decimal given as text or number (finite, plain or exponent notation). Throws on anything else. */
export function parseDecimal(value: DecimalInput): Dec {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const m = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`not a decimal: ${String(value)}`);
  const digits = `${m[2] ?? ''}${m[3] ?? ''}` || '0';
  let scale = (m[3] ?? '').length - Number(m[4] ?? 0);
  let n = BigInt(digits);
  if (scale < 0) {
    n *= pow10(-scale);
    scale = 0;
  }
  return { n: m[1] === '-' ? -n : n, s: scale };
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return String(n);
}

function mul(a: Dec, b: Dec): Dec {
  return { n: a.n * b.n, s: a.s + b.s };
}

/** a / b rounded to `scale` decimals, half away from zero; returned as the integer n of n / 10^scale. */
function divRound(a: Dec, b: Dec, scale: number): bigint {
  if (b.n === 0n) throw new Error('division by zero');
  // a/b = (a.n / 10^a.s) / (b.n / 10^b.s); times 10^scale:
  let num = a.n * pow10(scale + b.s);
  let den = b.n * pow10(a.s);
  if (den < 0n) {
    den = -den;
    num = -num;
  }
  return roundDiv(num, den);
}

/** num / den (den > 0) rounded half away from zero. */
function roundDiv(num: bigint, den: bigint): bigint {
  const neg = num < 0n;
  const abs = neg ? -num : num;
  const q = (abs * 2n + den) / (den * 2n);
  return neg ? -q : q;
}

function roundTo(a: Dec, scale: number): bigint {
  if (a.s <= scale) return a.n * pow10(scale - a.s);
  return roundDiv(a.n, pow10(a.s - scale));
}

/**
 * An amount too large to be held exactly (beyond 2^53 - 1 micro-units). Callers refuse the input that led there
 * (the server answers 1001 "out of range"), never a crash.
 */
export class AmountOutOfRangeError extends RangeError {
  override name = 'AmountOutOfRangeError';
  constructor(readonly amount: string) {
    super(`amount out of range: ${amount}`);
  }
}

function toSafe(n: bigint): number {
  const v = Number(n);
  if (!Number.isSafeInteger(v)) throw new AmountOutOfRangeError(String(n));
  return v;
}

const MICRO = 6;

/** Decimal text -> integer micro-units (6 decimals), half away from zero. */
export function toMicros(value: DecimalInput): number {
  return toSafe(roundTo(parseDecimal(value), MICRO));
}

/** Integer micro-units -> decimal text with exactly `decimals` (<= 6) fraction digits, half away from zero. */
export function formatMicros(micros: number, decimals = MICRO): string {
  if (!Number.isSafeInteger(micros)) throw new AmountOutOfRangeError(String(micros));
  const v = roundTo({ n: BigInt(micros), s: MICRO }, decimals);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const p = pow10(decimals);
  const int = abs / p;
  const frac = (abs % p).toString().padStart(decimals, '0');
  return `${neg ? '-' : ''}${int}${decimals > 0 ? `.${frac}` : ''}`;
}

/** Integer micro-units -> integer cents (the ledger unit), half away from zero. */
export function microsToCents(micros: number): number {
  return toSafe(roundDiv(BigInt(micros), 10_000n));
}

/** Integer cents -> micro-units. */
export function centsToMicros(cents: number): number {
  return toSafe(BigInt(cents) * 10_000n);
}

/** A price (or any decimal) rounded to `decimals` places, half away from zero, as a number. */
export function roundPrice(value: DecimalInput, decimals: number): number {
  const v = roundTo(parseDecimal(value), decimals);
  return Number(formatScaled(v, decimals));
}

/**
 * A price as exact decimal text with at least `decimals` places ("1.1002", 5 -> "1.10020"). Never rounded: a target
 * typed with more places than the instrument shows keeps them.
 */
export function priceText(value: DecimalInput, decimals: number): string {
  const d = parseDecimal(value);
  const s = Math.max(d.s, decimals);
  return formatScaled(d.n * pow10(s - d.s), s);
}

function formatScaled(v: bigint, decimals: number): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const p = pow10(decimals);
  return `${neg ? '-' : ''}${abs / p}${decimals > 0 ? `.${(abs % p).toString().padStart(decimals, '0')}` : ''}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Orders

/** 1 buy (long), 2 sell (short); the API's OrderType: 1 buy, anything else sell. */
export type Side = 1 | 2;
export const BUY: Side = 1;
export const SELL: Side = 2;

/** 1 fixed margin (lots x units per lot), 2 leveraged (lots x units x price / leverage). */
export type MarginMode = 1 | 2;
/** 1 fixed margin, anything else leveraged (docs/rules.md). */
export const MARGIN_MODE_FIXED = 1;
/** trade_fee_type 1: fee = lots x rate; anything else: fee = margin x rate (docs/rules.md). */
export const FEE_TYPE_PER_LOT = 1;
/** Stop-out margin level, percent. */
export const STOP_OUT_LEVEL_PERCENT = 50;
/** Margin call: the trader is told when the margin level falls to this or below (docs/rules.md#margin-call). */
export const MARGIN_CALL_LEVEL_PERCENT = 100;
/** The stop-out warning: told again at this level, 20 points above the stop-out (docs/rules.md#margin-call). */
export const STOP_OUT_WARNING_LEVEL_PERCENT = 70;

/** The price a position opens at: a buy at the ask, a sell at the bid. */
export function openPriceOf(side: Side, quote: { bid: number; ask: number }): number {
  return side === BUY ? quote.ask : quote.bid;
}

/** The price a position closes at (and SL/TP are watched on): a long on the bid, a short on the ask. */
export function closePriceOf(side: Side, quote: { bid: number; ask: number }): number {
  return side === BUY ? quote.bid : quote.ask;
}

export type MarginInput = {
  lots: DecimalInput;
  /** Units per lot (ForexContNum). */
  contractSize: DecimalInput;
  /** Opening price (leveraged mode). */
  price: DecimalInput;
  /** Chosen leverage (leveraged mode). */
  leverage: DecimalInput;
  /** 1 fixed, else leveraged. */
  marginMode: number;
  /**
   * USD value of one unit of the instrument's quote currency (1 for USD; `usdRateOf`), leveraged mode: the notional
   * lots x units x price is an amount of the quote currency (JPY for USD/JPY) and the account is in USD.
   */
  usdRate: DecimalInput;
};

/**
 * Margin in USD micro-units (6 decimals), docs/rules.md: fixed mode = lots x units per lot (an amount of the account's
 * currency per lot, like the per-lot fee); otherwise lots x units x price / multiplier, an amount of the quote
 * currency, converted to USD at `usdRate` and rounded once.
 */
export function marginMicros(i: MarginInput): number {
  const base = mul(parseDecimal(i.lots), parseDecimal(i.contractSize));
  if (i.marginMode === MARGIN_MODE_FIXED) return toSafe(roundTo(base, MICRO));
  const notionalUsd = mul(mul(base, parseDecimal(i.price)), parseDecimal(i.usdRate));
  return toSafe(divRound(notionalUsd, parseDecimal(i.leverage), MICRO));
}

export type FeeInput = {
  lots: DecimalInput;
  /** ForexFeeRate. */
  feeRate: DecimalInput;
  /** Margin in micro-units (used when feeType is not 1). */
  marginMicros: number;
  /** trade_fee_type. */
  feeType: number;
};

/** Fee in micro-units: trade_fee_type 1 = lots x rate; otherwise margin x rate. */
export function feeMicros(i: FeeInput): number {
  const rate = parseDecimal(i.feeRate);
  if (i.feeType === FEE_TYPE_PER_LOT) return toSafe(roundTo(mul(parseDecimal(i.lots), rate), MICRO));
  return toSafe(roundTo(mul({ n: BigInt(i.marginMicros), s: MICRO }, rate), MICRO));
}

export type ProfitInput = {
  side: Side;
  lots: DecimalInput;
  contractSize: DecimalInput;
  openPrice: DecimalInput;
  closePrice: DecimalInput;
};

/** P/L in the quote currency, micro-units: buy (close - open) x lots x units; sell (open - close) x lots x units. */
export function profitQuoteMicros(i: ProfitInput): number {
  return toSafe(roundTo(profitQuoteDec(i), MICRO));
}

function profitQuoteDec(i: ProfitInput): Dec {
  const open = parseDecimal(i.openPrice);
  const close = parseDecimal(i.closePrice);
  const s = Math.max(open.s, close.s);
  const diff = close.n * pow10(s - close.s) - open.n * pow10(s - open.s);
  const signed = i.side === BUY ? diff : -diff;
  return mul(mul({ n: signed, s }, parseDecimal(i.lots)), parseDecimal(i.contractSize));
}

/**
 * P/L converted to USD, micro-units: the exact quote-currency P/L times `usdRate` (the USD value of one unit of the
 * quote currency, 1 for USD), rounded once.
 */
export function profitUsdMicros(i: ProfitInput & { usdRate: DecimalInput }): number {
  return toSafe(roundTo(mul(profitQuoteDec(i), parseDecimal(i.usdRate)), MICRO));
}

/**
 * The USD value of one unit of `currency`: the rate that converts a P/L made in that currency. 1 for USD, the mid of
 * `XXXUSD`, else 1 / the mid of `USDXXX`; undefined when no instrument quotes it (or the quote is unusable).
 *
 * The mid, not the bid or the ask: converting a P/L is not a trade, so neither side of the spread applies, a profit
 * and a loss of the same size convert to the same amount, and the spread is not charged a second time. The server
 * books with this rule and the order ticket estimates with it, so what a trader is shown is what is booked.
 */
export function usdRateOf(
  currency: string,
  quoteOf: (code: string) => { bid: number; ask: number } | undefined,
): number | undefined {
  const cur = currency.toUpperCase();
  if (cur === 'USD') return 1;
  const valid = (r: number) => (Number.isFinite(r) && r > 0 ? r : undefined);
  const direct = quoteOf(`${cur}USD`);
  if (direct) return valid((direct.bid + direct.ask) / 2);
  const inverse = quoteOf(`USD${cur}`);
  if (inverse) return valid(2 / (inverse.bid + inverse.ask));
  return undefined;
}

/**
 * Whether `usdRateOf(quoteCurrency)` reads the rate from this instrument's own price: a `USDXXX` instrument quoted in
 * XXX where no `XXXUSD` exists (USD/JPY: 1 / its mid). Then its P/L in USD moves with the price twice (the difference
 * and the rate), and a liquidation price must follow both (`rateFollowsPrice`).
 */
export function usdRateFollowsPrice(
  code: string,
  quoteCurrency: string,
  has: (code: string) => boolean,
): boolean {
  const cur = quoteCurrency.toUpperCase();
  if (cur === 'USD' || has(`${cur}USD`)) return false;
  return code.toUpperCase() === `USD${cur}`;
}

/** Quote-currency micro-units to USD micro-units at `usdRate`. */
export function toUsdMicros(quoteMicros: number, usdRate: DecimalInput): number {
  return toSafe(roundTo(mul({ n: BigInt(quoteMicros), s: MICRO }, parseDecimal(usdRate)), MICRO));
}

/** Margin level in percent (equity / used margin x 100), 2 decimals; null when no margin is used. */
export function marginLevelPercent(equityMicros: number, usedMarginMicros: number): number | null {
  if (usedMarginMicros <= 0) return null;
  const v = divRound({ n: BigInt(equityMicros) * 100n, s: 0 }, { n: BigInt(usedMarginMicros), s: 0 }, 2);
  return Number(formatScaled(v, 2));
}

/**
 * Where the margin level stands against the margin-call levels, exactly: 0 above MARGIN_CALL_LEVEL_PERCENT (or no
 * margin in use), 1 at or below it, 2 at or below STOP_OUT_WARNING_LEVEL_PERCENT.
 */
export function marginCallZone(equityMicros: number, usedMarginMicros: number): 0 | 1 | 2 {
  if (usedMarginMicros <= 0) return 0;
  const equity = BigInt(equityMicros) * 100n;
  const used = BigInt(usedMarginMicros);
  if (equity <= used * BigInt(STOP_OUT_WARNING_LEVEL_PERCENT)) return 2;
  if (equity <= used * BigInt(MARGIN_CALL_LEVEL_PERCENT)) return 1;
  return 0;
}

/** Whether equity has fallen to the stop-out level (margin level <= 50%) with margin in use. */
export function isStopOut(
  equityMicros: number,
  usedMarginMicros: number,
  levelPercent = STOP_OUT_LEVEL_PERCENT,
): boolean {
  if (usedMarginMicros <= 0) return false;
  return BigInt(equityMicros) * 100n <= BigInt(usedMarginMicros) * BigInt(levelPercent);
}

/** The account an order would open into, as the server books it (forexDetail): integer cents and micro-units. */
export type AccountState = {
  /** Free cash (balance), cents. */
  balanceCents: number;
  /** Margin of the open positions (lock_balance, the used margin), cents. */
  lockCents: number;
  /** Floating P/L of the open positions, USD micro-units. */
  floatingMicros: number;
};

export type NewOrderLiquidationInput = {
  side: Side;
  lots: DecimalInput;
  contractSize: DecimalInput;
  /** The price the order opens at: the ask for a market buy, the bid for a market sell, or the pending target. */
  openPrice: DecimalInput;
  /** The close-side price right after it opens (the bid for a long, the ask for a short): the spread as its P/L. */
  closePrice: DecimalInput;
  leverage: DecimalInput;
  marginMode: number;
  feeRate: DecimalInput;
  feeType: number;
  /** USD value of one unit of the quote currency, now (the margin is converted at it, and the P/L when constant). */
  usdRate: DecimalInput;
  /**
   * The quote currency's USD rate is this instrument's own (USD/JPY: 1 / its mid), so it moves with the price: the
   * P/L at each price converts at that price's rate, as the engine books it. Otherwise the rate is held constant
   * (another instrument's price, everything else unchanged).
   */
  rateFollowsPrice?: boolean;
  account: AccountState;
  pricePrecision: number;
  levelPercent?: number;
};

/**
 * Where a new order would be stopped out:
 * - `noMargin`: margin + fee (booked in cents, as the server does) exceed the free balance, so it cannot be opened;
 * - `immediate`: opened now, the account would already be at the stop-out level;
 * - `none`: no positive price takes the account there (a well-covered long), or none a number can show;
 * - `price`: the close-side price at which this position, everything else unchanged, brings the account's margin
 *   level to the stop-out level, by the engine's rule (equity = balance + lock + floating P/L; stop-out when
 *   equity <= level% x used margin). A long's is below its opening price, a short's above.
 */
export type NewOrderLiquidation =
  { kind: 'price'; price: number } | { kind: 'noMargin' } | { kind: 'immediate' } | { kind: 'none' };

/** Liquidation of a new order against the whole account, both margin modes; see {@link NewOrderLiquidation}. */
export function liquidationOf(i: NewOrderLiquidationInput): NewOrderLiquidation {
  const margin = marginMicros({
    lots: i.lots,
    contractSize: i.contractSize,
    price: i.openPrice,
    leverage: i.leverage,
    marginMode: i.marginMode,
    usdRate: i.usdRate,
  });
  const fee = feeMicros({ lots: i.lots, feeRate: i.feeRate, marginMicros: margin, feeType: i.feeType });
  const marginCents = microsToCents(margin);
  const feeCents = microsToCents(fee);
  const { balanceCents, lockCents, floatingMicros } = i.account;
  if (balanceCents < marginCents + feeCents) return { kind: 'noMargin' };
  // After the open: the margin moves from balance to lock, the fee leaves the balance.
  const usedMicros = centsToMicros(lockCents + marginCents);
  const cashMicros = centsToMicros(balanceCents + lockCents - feeCents) + floatingMicros;
  const profit = profitUsdMicros({
    side: i.side,
    lots: i.lots,
    contractSize: i.contractSize,
    openPrice: i.openPrice,
    closePrice: i.closePrice,
    usdRate: i.usdRate,
  });
  const level = i.levelPercent ?? STOP_OUT_LEVEL_PERCENT;
  const stoppedAt = (closeMicros: number) => isStopOut(closeMicros, usedMicros, level);
  if (stoppedAt(cashMicros + profit)) return { kind: 'immediate' };
  // No margin in use (a position whose margin books as 0 cents): the stop-out rule never applies.
  if (usedMicros <= 0) return { kind: 'none' };

  // P/L per unit of price, USD; the exact price where equity meets level% of the used margin, in ticks of
  // 10^-precision: long p = open + A / (1e8 x perUnit), short p = open - A / (1e8 x perUnit), A = used x level - cash x 100.
  const perUnit = mul(mul(parseDecimal(i.lots), parseDecimal(i.contractSize)), parseDecimal(i.usdRate));
  if (perUnit.n <= 0n) return { kind: 'none' };
  const open = parseDecimal(i.openPrice);
  const P = i.pricePrecision;
  const a = BigInt(usedMicros) * BigInt(level) - BigInt(cashMicros) * 100n;
  const den = 100_000_000n * perUnit.n * pow10(open.s);
  const base = open.n * pow10(P) * 100_000_000n * perUnit.n;
  const move = a * pow10(P + perUnit.s + open.s);
  const long = i.side === BUY;
  const num = long ? base + move : base - move;
  // The engine books P/L rounded to micro-units: settle on the first tick, walking from the position's side, at
  // which its own rule says stop-out (a long's highest such price, a short's lowest).
  // A rate that follows the price is the engine's: 2 / (bid + ask) at that close-side price, the spread unchanged.
  const spread = Math.abs(Number(i.openPrice) - Number(i.closePrice));
  const rateAt = (close: string): DecimalInput => {
    if (!i.rateFollowsPrice) return i.usdRate;
    const c = Number(close);
    const bid = long ? c : c - spread;
    // A short's ask below the spread: no bid to take a mid from (far in profit anyway).
    return bid > 0 ? 2 / (bid + bid + spread) : i.usdRate;
  };
  const equityAt = (ticks: bigint) => {
    const close = formatScaled(ticks, P);
    return (
      cashMicros +
      profitUsdMicros({
        side: i.side,
        lots: i.lots,
        contractSize: i.contractSize,
        openPrice: i.openPrice,
        closePrice: close,
        usdRate: rateAt(close),
      })
    );
  };
  const worse = long ? -1n : 1n;
  const stopAt = (ticks: bigint) => ticks <= 0n || stoppedAt(equityAt(ticks));
  // Gallop to a bracket [stopped, not stopped] a tick apart, then bisect (P/L rounding can flatten many ticks).
  let bad = long ? floorDiv(num, den) : -floorDiv(-num, den);
  let good: bigint;
  let step = 1n;
  if (stopAt(bad)) {
    good = bad - worse;
    while (stopAt(good)) {
      bad = good;
      good = bad - worse * step;
      step *= 2n;
    }
  } else {
    good = bad;
    bad = good + worse;
    while (!stopAt(bad)) {
      // Farther than a price can be shown: as good as never.
      if (bad > MAX_PRICE_TICKS) return { kind: 'none' };
      good = bad;
      bad = good + worse * step;
      step *= 2n;
    }
  }
  while ((good - bad) * -worse > 1n) {
    const mid = (good + bad) / 2n;
    if (stopAt(mid)) bad = mid;
    else good = mid;
  }
  const t = bad;
  // Below zero, or so far away that a number no longer holds it at its precision (15 significant digits): none.
  if (t <= 0n || t > MAX_PRICE_TICKS) return { kind: 'none' };
  const price = Number(formatScaled(t, P));
  // Within a tick of the price it opens at: as good as stopped out at once.
  const close = Number(i.closePrice);
  if (long ? price >= close : price <= close) return { kind: 'immediate' };
  return { kind: 'price', price };
}

/** The most ticks a price can have and still be shown exactly (15 significant digits). */
const MAX_PRICE_TICKS = 10n ** 15n;

/** floor(a / b) for b > 0. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/**
 * Whether a market fill at `fill` is worse for the trader than `expected` by more than `maxPoints` points of
 * 10^-precision: a buy pays more, a sell receives less. A better fill is never refused. Exact (no floating point).
 */
export function slippageExceeded(
  side: Side,
  expected: DecimalInput,
  fill: DecimalInput,
  maxPoints: number,
  precision: number,
): boolean {
  const e = parseDecimal(expected);
  const f = parseDecimal(fill);
  const s = Math.max(e.s, f.s, precision);
  const scale = (d: { n: bigint; s: number }) => d.n * 10n ** BigInt(s - d.s);
  const worse = side === BUY ? scale(f) - scale(e) : scale(e) - scale(f);
  return worse > BigInt(maxPoints) * 10n ** BigInt(s - precision);
}

/**
 * The ticket's unit of deviation for an instrument at `price`, in points of 10^-precision: one basis point of the
 * price rounded to 1, 2 or 5 x 10^k (0.0001 on EUR/USD at 1.15 = 10 points, 5 USD on BTC/USD at 60,000 = 500
 * points), at least one point. A slippage allowance has to scale with the price: 30 points are 3 pips on a 5-decimal
 * quote but 0.30 USD on BTC, which moves more than that in a second.
 */
export function deviationUnitPoints(price: number, precision: number): number {
  if (!(price > 0) || !Number.isFinite(price)) return 1;
  const x = price * 1e-4;
  const e = Math.floor(Math.log10(x));
  const m = x / 10 ** e;
  const nice = (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * 10 ** e;
  return Math.max(1, Math.round(nice * 10 ** precision));
}

export type LotsCheck = 'ok' | 'belowMinimum' | 'offStep' | 'invalid';

/** Lots must be positive, at least the minimum, and a whole multiple of the lot step (Pip). */
export function checkLots(lots: DecimalInput, pip: DecimalInput, minLots: DecimalInput): LotsCheck {
  let l: Dec;
  let st: Dec;
  let mn: Dec;
  try {
    l = parseDecimal(lots);
    st = parseDecimal(pip);
    mn = parseDecimal(minLots);
  } catch {
    return 'invalid';
  }
  if (l.n <= 0n) return 'invalid';
  const s = Math.max(l.s, st.s, mn.s);
  const ln = l.n * pow10(s - l.s);
  const sn = st.n * pow10(s - st.s);
  const mnn = mn.n * pow10(s - mn.s);
  if (ln < mnn) return 'belowMinimum';
  if (sn > 0n && ln % sn !== 0n) return 'offStep';
  return 'ok';
}

/** Whether lots are valid (see checkLots). */
export function isValidLots(lots: DecimalInput, pip: DecimalInput, minLots: DecimalInput): boolean {
  return checkLots(lots, pip, minLots) === 'ok';
}

/** Largest lots not above `lots` on the step grid (the order ticket's minus button). */
export function stepLots(lots: DecimalInput, pip: DecimalInput, direction: 1 | -1): string {
  const l = parseDecimal(lots);
  const st = parseDecimal(pip);
  const s = Math.max(l.s, st.s);
  const ln = l.n * pow10(s - l.s);
  const sn = st.n * pow10(s - st.s);
  const next = ln + BigInt(direction) * sn;
  return formatScaled(next, s);
}

/**
 * How a close of `lots` out of a position of `positionLots` reads (docs/rules.md#partial-close): `whole` (exactly the
 * position: the ordinary close), `partial` (at least the minimum, on the step grid, strictly less than the position,
 * leaving at least the minimum open), or why not.
 */
export type PartialCloseCheck =
  'whole' | 'partial' | 'invalid' | 'belowMinimum' | 'offStep' | 'notLess' | 'remainderBelowMinimum';

export function checkPartialClose(
  lots: DecimalInput,
  positionLots: DecimalInput,
  pip: DecimalInput,
  minLots: DecimalInput,
): PartialCloseCheck {
  let l: Dec;
  let p: Dec;
  let mn: Dec;
  try {
    l = parseDecimal(lots);
    p = parseDecimal(positionLots);
    mn = parseDecimal(minLots);
  } catch {
    return 'invalid';
  }
  const s = Math.max(l.s, p.s, mn.s);
  const ln = l.n * pow10(s - l.s);
  const pn = p.n * pow10(s - p.s);
  const mnn = mn.n * pow10(s - mn.s);
  if (ln === pn && ln > 0n) return 'whole';
  const steps = checkLots(lots, pip, minLots);
  if (steps !== 'ok') return steps;
  if (ln > pn) return 'notLess';
  if (pn - ln < mnn) return 'remainderBelowMinimum';
  return 'partial';
}

/**
 * The share `part / whole` of an integer amount (micro-units or cents), exact and rounded once half away from zero:
 * what a partial close takes of a position's margin, fee or P/L. `part` and `whole` are lots (decimal text).
 */
export function shareOf(amount: number, part: DecimalInput, whole: DecimalInput): number {
  const p = parseDecimal(part);
  const w = parseDecimal(whole);
  if (w.n <= 0n) throw new Error('share of nothing');
  // amount * (p.n / 10^p.s) / (w.n / 10^w.s)
  const num = BigInt(amount) * p.n * pow10(w.s);
  const den = w.n * pow10(p.s);
  return toSafe(roundDiv(num, den));
}

/** `a - b` of two lots (decimal text), exact: the lots a partial close leaves open. */
export function lotsMinus(a: DecimalInput, b: DecimalInput): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const s = Math.max(x.s, y.s);
  const v = x.n * pow10(s - x.s) - y.n * pow10(s - y.s);
  return formatScaled(v, s)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

export type StopsCheck = 'ok' | 'slWrongSide' | 'tpWrongSide';

/**
 * Stop loss and take profit against a reference price (the close-side price of a position, or the target price of a
 * pending order): a long's SL below and TP above it, a short's the reverse. 0 or null means not set.
 */
export function checkStops(
  side: Side,
  reference: DecimalInput,
  stopLoss: DecimalInput | null | undefined,
  takeProfit: DecimalInput | null | undefined,
): StopsCheck {
  const ref = parseDecimal(reference);
  const cmp = (x: DecimalInput): number => {
    const d = parseDecimal(x);
    const s = Math.max(d.s, ref.s);
    const a = d.n * pow10(s - d.s);
    const b = ref.n * pow10(s - ref.s);
    return a === b ? 0 : a < b ? -1 : 1;
  };
  const set = (x: DecimalInput | null | undefined): x is DecimalInput =>
    x !== null && x !== undefined && x !== '' && parseDecimal(x).n !== 0n;
  if (set(stopLoss)) {
    const c = cmp(stopLoss);
    if (side === BUY ? c >= 0 : c <= 0) return 'slWrongSide';
  }
  if (set(takeProfit)) {
    const c = cmp(takeProfit);
    if (side === BUY ? c <= 0 : c >= 0) return 'tpWrongSide';
  }
  return 'ok';
}

/**
 * Pending order kind, decided by where the target stands against the market at submission: a buy below the ask is
 * a limit (fills when ask <= target), above it a stop (ask >= target); a sell above the bid is a limit
 * (bid >= target), below it a stop (bid <= target).
 */
export type PendingKind = 'limit' | 'stop';
export function pendingKindOf(side: Side, target: number, quote: { bid: number; ask: number }): PendingKind {
  const market = openPriceOf(side, quote);
  if (side === BUY) return target <= market ? 'limit' : 'stop';
  return target >= market ? 'limit' : 'stop';
}

/** Whether a pending order's target is reached by `quote` (watched on its opening side). */
export function pendingReached(
  side: Side,
  kind: PendingKind,
  target: number,
  quote: { bid: number; ask: number },
): boolean {
  const p = openPriceOf(side, quote);
  if (side === BUY) return kind === 'limit' ? p <= target : p >= target;
  return kind === 'limit' ? p >= target : p <= target;
}

/** Whether a position's stop loss or take profit is hit by `quote` (a long on the bid, a short on the ask). */
export function stopHit(
  side: Side,
  which: 'sl' | 'tp',
  level: number,
  quote: { bid: number; ask: number },
): boolean {
  const p = closePriceOf(side, quote);
  if (side === BUY) return which === 'sl' ? p <= level : p >= level;
  return which === 'sl' ? p >= level : p <= level;
}

// ---------------------------------------------------------------------------------------------------------------
// Trailing stop
// ---------------------------------------------------------------------------------------------------------------

/**
 * `price` moved by `points` units of the instrument's last price decimal (`10^-precision`), exact: `direction` -1
 * below, +1 above. Text with at least `precision` decimals.
 */
export function shiftByPoints(
  price: DecimalInput,
  points: number,
  precision: number,
  direction: 1 | -1,
): string {
  const d = parseDecimal(price);
  const s = Math.max(d.s, precision);
  const n = d.n * pow10(s - d.s) + BigInt(direction) * BigInt(Math.trunc(points)) * pow10(s - precision);
  return formatScaled(n, s);
}

/**
 * The level a trailing stop of `points` starts at (or moves to) from the close-side price `price`: a long's below
 * it, a short's above it. Null when a long's level would not be above 0 (the distance is larger than the price).
 */
export function trailingLevel(
  side: Side,
  price: DecimalInput,
  points: number,
  precision: number,
): string | null {
  const level = shiftByPoints(price, points, precision, side === BUY ? -1 : 1);
  return parseDecimal(level).n > 0n ? level : null;
}

/** The level kept in the trader's favour of two stop levels: the higher for a long, the lower for a short. */
export function betterStop(side: Side, a: DecimalInput, b: DecimalInput): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const s = Math.max(x.s, y.s);
  const xn = x.n * pow10(s - x.s);
  const yn = y.n * pow10(s - y.s);
  const pick = side === BUY ? (xn >= yn ? a : b) : xn <= yn ? a : b;
  return String(pick);
}
