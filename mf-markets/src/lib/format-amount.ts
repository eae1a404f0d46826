/** Amounts, signed amounts, plain numbers and step decimals (the ticket and the ranking). */
import { formatter } from './format';

/** An amount with `decimals` decimals (money: 2). */
export function formatAmount(value: number | string, decimals: number, lang: string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) return '—';
  return formatter(lang, decimals, decimals).format(n);
}

/** An amount with an explicit sign (+12.50, −3.20): gains and losses read without colour. */
export function formatSignedAmount(value: number, decimals: number, lang: string): string {
  if (!Number.isFinite(value)) return '—';
  return formatter(lang, decimals, decimals, { signDisplay: 'exceptZero' }).format(value);
}

/** A plain number (lots, leverage) with up to `max` decimals. */
export function formatNumber(value: number, lang: string, max = 8): string {
  return formatter(lang, 0, max).format(value);
}

/** Decimals of a step such as 0.01 (2) or 0.1 (1). */
export function decimalsOf(step: number | string): number {
  const text = String(step);
  const e = /e-(\d+)$/.exec(text);
  if (e) return Number(e[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
