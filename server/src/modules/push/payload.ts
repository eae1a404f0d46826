/**
 * What one push message says: a stored notification in the device's language (`push.*` in
 * locales/<lng>/server.json), with the in-app path a tap opens. Only the trader's own information, and nothing a
 * lock screen should not show: no balance, no account number, no address, and no words of a support reply (only
 * that there is one).
 */
import { notificationHref, PATHS, RTL_LANGUAGES } from '@meridian/shared/pure';
import type { Language, NotificationView, PushMessage, PriceAlertFired } from '@meridian/shared/pure';
import type { Translator } from '../../lib/i18n';

/** Push urgency per type (RFC 8030): money at risk wakes the phone at once, the rest may wait for it. */
export const URGENCY: Record<NotificationView['type'], 'high' | 'normal'> = {
  price_alert: 'normal',
  order_filled: 'normal',
  position_closed: 'normal',
  margin_call: 'high',
  deposit: 'normal',
  withdrawal: 'normal',
  kyc: 'normal',
  support_reply: 'normal',
};

/** The urgency of one notification: a stop-out is money at risk too. */
export function urgencyOf(n: NotificationView): 'high' | 'normal' {
  if (n.type === 'position_closed' && n.payload.reason === 'stop_out') return 'high';
  return URGENCY[n.type];
}

/** A product's price decimals (markets), when known. */
export type PrecisionOf = (forexId: number) => number | undefined;

const signed = (n: number, decimals: number) =>
  `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n).toFixed(decimals)}`;

/**
 * A signed decimal text as the trader reads it: "+12.34", "−12.34" (a real minus), "0.00"; in a right-to-left
 * language isolated left-to-right, so the sign stays in front of the number.
 */
function signedText(text: string, lang: Language): string {
  const t = text.startsWith('-') ? `−${text.slice(1)}` : /^0(?:\.0+)?$/.test(text) ? text : `+${text}`;
  return RTL_LANGUAGES.includes(lang) ? `\u2066${t}\u2069` : t;
}

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

const DEPOSIT_KEY = { 1: 'credited', 2: 'rejected', 3: 'invalid' } as const;

/** Title and body of any other type. */
function textOf(t: Translator, lang: Language, n: NotificationView): { title: string; body: string } {
  switch (n.type) {
    case 'price_alert':
      throw new Error('price alerts are worded by priceAlert()');
    case 'order_filled': {
      const p = n.payload;
      const side = t(lang, p.side === 1 ? 'push.side.buy' : 'push.side.sell');
      return {
        title: t(lang, 'push.orderFilled.title', { code: p.code }),
        body: t(lang, 'push.orderFilled.body', { side, lots: p.lots, price: p.price }),
      };
    }
    case 'position_closed': {
      const p = n.payload;
      const side = t(lang, p.side === 1 ? 'push.side.buy' : 'push.side.sell');
      return {
        title: t(lang, `push.positionClosed.${p.reason}`, { code: p.code }),
        body: t(lang, 'push.positionClosed.body', {
          side,
          lots: p.lots,
          price: p.price,
          profit: signedText(p.profit, lang),
        }),
      };
    }
    case 'margin_call': {
      const p = n.payload;
      const vars = { level: p.level, threshold: p.threshold, stopOut: p.stop_out };
      return {
        title: t(lang, p.threshold < 100 ? 'push.marginCall.warning' : 'push.marginCall.call', vars),
        body: t(lang, 'push.marginCall.body', vars),
      };
    }
    case 'deposit': {
      const key = DEPOSIT_KEY[n.payload.status] ?? 'rejected';
      const vars = { amount: n.payload.amount, currency: n.payload.currency_code };
      return {
        title: t(lang, `push.deposit.${key}Title`, vars),
        body: t(lang, `push.deposit.${key}Body`, vars),
      };
    }
    case 'withdrawal': {
      const key = n.payload.status === 1 ? 'paid' : 'rejected';
      const vars = {
        amount: n.payload.amount,
        received: n.payload.received,
        currency: n.payload.currency_code,
      };
      return {
        title: t(lang, `push.withdrawal.${key}Title`, vars),
        body: t(lang, `push.withdrawal.${key}Body`, vars),
      };
    }
    case 'kyc': {
      const key = n.payload.status === 2 ? 'approved' : 'rejected';
      return { title: t(lang, `push.kyc.${key}Title`), body: t(lang, `push.kyc.${key}Body`) };
    }
    case 'support_reply': {
      const { count } = n.payload;
      return {
        title: t(lang, 'push.supportReply.title'),
        body: count > 1 ? t(lang, 'push.supportReply.many', { count }) : t(lang, 'push.supportReply.one'),
      };
    }
  }
}

export function pushMessage(
  t: Translator,
  lang: Language,
  n: NotificationView,
  precisionOf: PrecisionOf,
): PushMessage {
  const base = { id: n.id, type: n.type, time: n.created_at };
  if (n.type === 'price_alert')
    return {
      ...base,
      ...priceAlert(t, lang, n.payload, precisionOf),
      url: PATHS.alerts,
      time: n.payload.time,
    };
  return { ...base, ...textOf(t, lang, n), url: notificationHref(n) };
}
