/**
 * What one push message says: a stored notification in the device's language (`push.*` in
 * locales/<lng>/server.json), with the in-app path a tap opens. Only the trader's own information, and nothing a
 * lock screen should not show (no balance, no account number).
 */
import { PATHS } from '@meridian/shared/pure';
import type { Language, NotificationView, PushMessage, PriceAlertFired } from '@meridian/shared/pure';
import type { Translator } from '../../lib/i18n';

/** Push urgency per type (RFC 8030): money at risk wakes the phone at once, the rest may wait for it. */
export const URGENCY: Record<NotificationView['type'], 'high' | 'normal'> = {
  price_alert: 'normal',
};

/** A product's price decimals (markets), when known. */
export type PrecisionOf = (forexId: number) => number | undefined;

const signed = (n: number, decimals: number) =>
  `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n).toFixed(decimals)}`;

function priceAlert(t: Translator, lang: Language, p: PriceAlertFired, precisionOf: PrecisionOf) {
  const a = p.alert;
  const decimals = precisionOf(a.forex_id) ?? Math.max(2, (a.level ?? '').split('.')[1]?.length ?? 0);
  const price = p.price.toFixed(decimals);
  if (a.kind === 'price') {
    const key = `push.priceAlert.${a.side}${a.direction === 'above' ? 'Above' : 'Below'}`;
    return {
      title: t(lang, key, { code: a.code, level: a.level ?? '' }),
      body: t(lang, 'push.priceAlert.now', { price }),
    };
  }
  return {
    title: t(lang, a.direction === 'above' ? 'push.priceAlert.percentUp' : 'push.priceAlert.percentDown', {
      code: a.code,
      percent: a.percent ?? '',
    }),
    body: t(lang, 'push.priceAlert.nowChange', { price, change: signed(p.change ?? 0, 2) }),
  };
}

export function pushMessage(
  t: Translator,
  lang: Language,
  n: NotificationView,
  precisionOf: PrecisionOf,
): PushMessage {
  switch (n.type) {
    case 'price_alert':
      return {
        id: n.id,
        type: n.type,
        ...priceAlert(t, lang, n.payload, precisionOf),
        url: PATHS.alerts,
        time: n.payload.time,
      };
  }
}
