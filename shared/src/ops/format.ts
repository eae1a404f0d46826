/** Dates and waiting times for ops screens, in the reader's language and time zone. */
import { LANGUAGE_BCP47 } from '@meridian/shared';
import type { Language } from '@meridian/shared';

const tag = (lng: string): string => LANGUAGE_BCP47[lng as Language] ?? 'en';

/** `12 Nov 2026, 09:14` in the reader's language and time zone. */
export function formatOpsTime(ms: number | null | undefined, lng: string): string {
  if (ms == null) return '—';
  return new Intl.DateTimeFormat(tag(lng), { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** How urgent a wait is: under an hour calm, under a day warning, beyond overdue. */
export function waitTone(ms: number): 'calm' | 'warning' | 'overdue' {
  if (ms < 3_600_000) return 'calm';
  if (ms < 86_400_000) return 'warning';
  return 'overdue';
}

/** Whole minutes, hours and days of a wait, for the `ops:wait.*` strings. */
export function waitParts(ms: number): {
  key: 'minutes' | 'hours' | 'days';
  d: number;
  h: number;
  m: number;
} {
  const totalMin = Math.max(0, Math.floor(ms / 60_000));
  const d = Math.floor(totalMin / 1440);
  const h = Math.floor((totalMin % 1440) / 60);
  const m = totalMin % 60;
  return { key: d > 0 ? 'days' : h > 0 ? 'hours' : 'minutes', d, h, m };
}
