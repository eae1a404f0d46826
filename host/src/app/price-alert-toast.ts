/**
 * A price alert heard on the socket while the app is open (docs/realtime.md#price_alert) shows as a toast on any
 * screen, in the reader's language: "Price alert: EUR/USD bid above 1.10000 (1.10012)". A chunk of its own, loaded
 * with the signed-in code (./realtime.ts), so a guest's first load does not carry it; the topic is private, so a
 * signed-out socket never hears it. A frame marked `muted` (the trader switched price-alert notifications off) shows
 * nothing.
 */
import {
  appStore,
  i18n,
  LANGUAGE_BCP47,
  languageAtom,
  normalizeLanguage,
  subscribe,
  toast,
  TOPICS,
} from '@meridian/shared';
import type { PriceAlertFired } from '@meridian/shared/pure';

const decimalsOf = (text: string): number => /\.(\d+)$/.exec(text.trim())?.[1]?.length ?? 0;

function decimal(value: number, decimals: number, lng: string): string {
  const digits = Math.min(decimals, 10);
  return new Intl.NumberFormat(LANGUAGE_BCP47[normalizeLanguage(lng)], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * The toast's text. The alert has no precision of its own: the level's decimals as saved (at most the
 * instrument's) stand for it, or the price's own when it has more.
 */
export function priceAlertToastText(
  f: PriceAlertFired,
  lng: string,
  t: (key: string, vars: Record<string, string>) => string,
): string {
  const { alert } = f;
  if (alert.kind === 'percent') {
    const change = Math.abs(f.change ?? Number(alert.percent ?? 0));
    return t(`shell:priceAlert.percent_${alert.direction}`, {
      code: alert.code,
      change: decimal(change, 2, lng),
    });
  }
  const level = alert.level ?? '';
  const decimals = Math.max(decimalsOf(level), decimalsOf(String(f.price)));
  return t(`shell:priceAlert.${alert.side}_${alert.direction}`, {
    code: alert.code,
    level: level === '' ? '--' : decimal(Number(level), decimals, lng),
    price: decimal(f.price, decimals, lng),
  });
}

subscribe(TOPICS.priceAlert, (frame) => {
  // Price-alert notifications switched off: the alert's row still updates elsewhere, but nothing pops up.
  if (frame.muted) return;
  toast(
    priceAlertToastText(frame, appStore.get(languageAtom), (key, vars) => i18n.t(key, vars)),
    'success',
  );
});
