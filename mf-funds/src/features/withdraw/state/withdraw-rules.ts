/**
 * What the withdraw screen decides without React: where each cashier lock is fixed, the fee and amount-received
 * preview, what stops a submit, where a refusal goes.
 */
import { PATHS, withdrawQuote } from '@meridian/shared/pure';
import type { AppHref, CashierLock, DrawSymbol, WithdrawStatus } from '@meridian/shared/pure';

/** Where each cashier lock is fixed; an identity waiting for review has nothing to fix, only a wait. */
const LOCK_FIX: Partial<Record<CashierLock, AppHref>> = {
  real_name: PATHS.auth,
  no_method: `${PATHS.withdrawWay}?type=1`,
  cooling: PATHS.coinAddresses,
  password: PATHS.chat,
  frozen: PATHS.chat,
  no_free: PATHS.charge,
};

/** The page that lifts a lock (its button reads `withdraw.fix.<lock>`), or null when only waiting helps. */
export const lockFix = (lock: CashierLock): AppHref | null => LOCK_FIX[lock] ?? null;

/** A lock the trader can only wait out reads as a wait; every other one as a refusal. */
export const lockTone = (lock: CashierLock): 'wait' | 'bad' => (lock === 'real_name_review' ? 'wait' : 'bad');

/**
 * The fee (USD) and the amount received (in the currency, at its own precision) as the preview shows them. Only an
 * amount the field takes is quoted: before a currency or while the text is not one, both are a dash, never 0.00.
 */
export function withdrawPreview(
  value: string | null,
  sym: DrawSymbol | undefined,
): { fee: string; received: string } {
  const quote = sym && value !== null ? withdrawQuote(value, sym) : null;
  if (!quote || !sym) return { fee: '—', received: '—' };
  return { fee: `${quote.fee} USD`, received: `${quote.received} ${sym.code}` };
}

/** What stops a submit, in the order the form checks: a lock, no currency, no bound address, no amount. */
export type WithdrawBlocker = 'locked' | 'currency' | 'method' | 'amount' | null;

export function withdrawBlocker(p: {
  locked: boolean;
  currency: boolean;
  method: boolean;
  amount: string | null;
}): WithdrawBlocker {
  if (p.locked) return 'locked';
  if (!p.currency) return 'currency';
  if (!p.method) return 'method';
  if (p.amount === null) return 'amount';
  return null;
}

export type WithdrawField = 'currency' | 'method' | 'number' | 'memo';

/**
 * The field a refusal is about: the address (1403 not bound, 1406 cooling), the currency (1402), the memo (a 1001
 * naming it), else the amount.
 */
export function withdrawRefusalField(code: number, msg: string): WithdrawField {
  if (code === 1403 || code === 1406) return 'method';
  if (code === 1402) return 'currency';
  if (code === 1001 && /memo|備註|メモ/i.test(msg)) return 'memo';
  return 'number';
}

/** A long address cut to its two ends so the picker fits a phone: "TJRabPrw…C18kjpRTv8". */
export const shortAddress = (a: string) => (a.length > 20 ? `${a.slice(0, 8)}…${a.slice(-8)}` : a);

/** The tone of a withdrawal record's status chip. */
export const WITHDRAW_STATUS_TONE: Record<WithdrawStatus, 'wait' | 'ok' | 'bad'> = {
  0: 'wait',
  1: 'ok',
  2: 'bad',
};
