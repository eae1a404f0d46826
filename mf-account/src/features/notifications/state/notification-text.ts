/**
 * What a notification says and where it leads, from its payload, in the trader's language. Pure (no React), so
 * the rules are tested on their own. `type` is an open list (NOTIFICATION_TYPES): a row of a type this build does
 * not know is not shown, and not marked read either (the page marks only what it shows).
 */
import { LANGUAGE_BCP47, normalizeLanguage } from '@meridian/shared';
import type { AppHref } from '@meridian/shared';
import { NOTIFICATION_TYPES, PATHS } from '@meridian/shared/pure';
import type { NotificationView, PriceAlertFired } from '@meridian/shared/pure';

type Translate = (key: string, vars?: Record<string, string>) => string;

/** True for the types this build can show. */
export function isKnownNotification(n: { type: string }): n is NotificationView {
  return (NOTIFICATION_TYPES as readonly string[]).includes(n.type);
}

/** The unread notifications among `items` that the page shows and has not asked to mark yet. */
export function idsToMark(items: readonly NotificationView[], asked: ReadonlySet<number>): number[] {
  return items
    .filter((n) => isKnownNotification(n) && n.read_at === null && !asked.has(n.id))
    .map((n) => n.id);
}

/** Decimals written in a decimal text ("1.10000" → 5, "91000" → 0). */
export function decimalsOf(text: string): number {
  const m = /\.(\d+)$/.exec(text.trim());
  return m?.[1] ? m[1].length : 0;
}

/** Most decimals a price is shown with (a float's noise beyond that is not a digit of the price). */
const MAX_DECIMALS = 10;

/** A number at exactly `decimals` fraction digits, in the trader's language. */
export function formatDecimal(value: number, decimals: number, lng: string): string {
  const digits = Math.min(Math.max(decimals, 0), MAX_DECIMALS);
  return new Intl.NumberFormat(LANGUAGE_BCP47[normalizeLanguage(lng)], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * The figures of a price alert's firing, as text. The alert carries no precision of its own, so the level's decimals
 * as the trader saved it (at most the instrument's) stand for it: the price is shown with as many, or with its own
 * when it has more (a level saved as "1.1" still shows the price as sent, 1.10012).
 */
export function priceAlertFigures(p: PriceAlertFired, lng: string): Record<string, string> {
  const { alert } = p;
  if (alert.kind === 'percent') {
    const change = p.change ?? Number(alert.percent ?? 0);
    return { code: alert.code, change: formatDecimal(Math.abs(change), 2, lng) };
  }
  const level = alert.level ?? '';
  const decimals = Math.max(decimalsOf(level), decimalsOf(String(p.price)));
  return {
    code: alert.code,
    level: level === '' ? '--' : formatDecimal(Number(level), decimals, lng),
    price: formatDecimal(p.price, decimals, lng),
  };
}

/** The message key (under `notifications.priceAlert.`) of a firing: `bid_above`, `ask_below`, `percent_above`… */
export function priceAlertKey(p: PriceAlertFired): string {
  const { alert } = p;
  return alert.kind === 'percent' ? `percent_${alert.direction}` : `${alert.side}_${alert.direction}`;
}

export type NotificationText = {
  title: string;
  body: string;
  /** The screen the notification is about. */
  href: AppHref;
};

/** Title, body and target of a known notification. */
export function describeNotification(n: NotificationView, t: Translate, lng: string): NotificationText {
  switch (n.type) {
    case 'price_alert':
      return {
        title: t('notifications.types.price_alert'),
        body: t(`notifications.priceAlert.${priceAlertKey(n.payload)}`, priceAlertFigures(n.payload, lng)),
        href: `${PATHS.trade}?code=${encodeURIComponent(n.payload.alert.code)}`,
      };
  }
}
