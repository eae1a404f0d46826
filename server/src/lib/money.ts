/** Money is integer USD cents end to end; these are the only conversions to and from decimal strings. */

/** 12345 -> "123.45", -5 -> "-0.05". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not an integer amount of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}${units}.${rest.toString().padStart(2, '0')}`;
}

/** "123.45" -> 12345; null for anything that is not a decimal with at most 2 fraction digits. */
export function parseCents(value: string): number | null {
  const m = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  const units = Number(m[2]);
  const frac = Number((m[3] ?? '').padEnd(2, '0'));
  const cents = units * 100 + frac;
  return m[1] ? -cents : cents;
}

/** The documented starting balance of a demo account: 100,000.00 USD. */
export const DEMO_STARTING_BALANCE_CENTS = 100_000_00;
