/** Local storage that never throws (private mode, quota, no window in tests). */
export const STORAGE_KEYS = {
  token: 'meridian.token',
  user: 'meridian.user',
  language: 'meridian.lang',
  hideBalance: 'meridian.hideBalance',
  /** The demo account this device created (its `demo_id`, the secret to log in to it again). */
  demoId: 'meridian.demoId',
  /** The order ticket's maximum deviation per instrument: JSON { [instrumentId]: points }. */
  ticketDeviation: 'meridian.ticket.deviation',
  /** One-tap trading on this device ('1'): a market order goes without the confirmation. Off unless set. */
  oneTap: 'meridian.ticket.oneTap',
  /**
   * A guest's favourite instruments on this device: JSON number[] (instrument ids, in the guest's order). Moved into
   * the account at login, then removed.
   */
  favourites: 'meridian.favourites',
  /** The chart's indicators chosen on this device: JSON array of ids (`ma`, `ema`, `bb`, `rsi`, `macd`). */
  chartIndicators: 'meridian.chart.indicators',
  /**
   * Web Push on this device, per trader: JSON { on: userId[], off: userId[], later: epoch ms } — who turned it on,
   * who turned it off (never offered again), and until when "Not now" hides the offer.
   */
  push: 'meridian.push',
  /** This device's random id (`deviceId()`): the canary's sticky key and release health's device. */
  device: 'meridian.device',
} as const;

export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage unavailable: the session lives in memory only
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
