/** Money is integer USD cents end to end; what goes out as text ("123.45") is formatted here. */
import { AmountOutOfRangeError } from '@meridian/shared/pure';

/** 12345 -> "123.45", -5 -> "-0.05". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new AmountOutOfRangeError(String(cents));
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}${units}.${rest.toString().padStart(2, '0')}`;
}

/** The documented starting balance of a demo account: 100,000.00 USD. */
export const DEMO_STARTING_BALANCE_CENTS = 100_000_00;
