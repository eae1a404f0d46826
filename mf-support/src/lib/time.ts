/**
 * Server times ("YYYY-MM-DD HH:mm:ss", UTC) as the reader's language writes dates, in the reader's time zone
 * (CONVENTIONS: Intl with the language's BCP 47 tag). Never the raw text: in Arabic "2026-11-26 11:46" is laid out
 * right to left and reads "11:46 2026-11-26".
 */
import { LANGUAGE_BCP47, normalizeLanguage } from '@meridian/shared';

/** Epoch ms of a server time; NaN when it is not one. */
export const serverTimeMs = (value: string): number => Date.parse(`${value.trim().replace(' ', 'T')}Z`);

/** The date (and with `time`, the hour and minute) of a server time; the text as sent when it is not a time. */
export function formatServerTime(
  value: string,
  lng: string,
  { time = false }: { time?: boolean } = {},
): string {
  const ms = serverTimeMs(value);
  if (!Number.isFinite(ms)) return value;
  return new Intl.DateTimeFormat(
    LANGUAGE_BCP47[normalizeLanguage(lng)],
    time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(ms);
}

/** The machine-readable form for `<time dateTime>`; undefined when it is not a time. */
export function isoOf(value: string): string | undefined {
  const ms = serverTimeMs(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}
