/**
 * What a stored notification says and where it leads, as message keys and their figures, so every screen that shows
 * one (the notification centre, the shell's toast) says the same thing in its own namespace: `<prefix>types.<type>`
 * is its title, `<prefix><key>` its sentence with `vars`. Pure (Intl only): bundled by each app that reads it.
 * The sentences themselves are docs/messages.md's; the rules of when each is produced are docs/rules.md#notifications.
 */
import { LANGUAGE_BCP47, normalizeLanguage, RTL_LANGUAGES } from '../constants';
import type { PriceAlertFired } from '../contract/alerts';
import { NOTIFICATION_TYPES } from '../contract/notifications';
import type { NotificationView } from '../contract/notifications';
import { hrefs } from '../navigation/paths';
import type { AppHref } from '../navigation/paths';
import * as PATHS from '../navigation/path-list';

/** True for the types this build knows (the list is open: a newer server may send others). */
export function isKnownNotification(n: { type: string }): n is NotificationView {
  return (NOTIFICATION_TYPES as readonly string[]).includes(n.type);
}

/** Decimals written in a decimal text ("1.10000" → 5, "91000" → 0). */
function decimalsOf(text: string): number {
  const m = /\.(\d+)$/.exec(text.trim());
  return m?.[1] ? m[1].length : 0;
}

/** Most decimals a price is shown with (a float's noise beyond that is not a digit of the price). */
const MAX_DECIMALS = 10;

function format(value: number, decimals: number, lng: string, signed = false): string {
  const digits = Math.min(Math.max(decimals, 0), MAX_DECIMALS);
  return new Intl.NumberFormat(LANGUAGE_BCP47[normalizeLanguage(lng)], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  }).format(value);
}

/**
 * A signed figure kept whole inside a right-to-left sentence (Arabic, Persian): isolated left-to-right, so "-48.25"
 * does not read "48.25-". Left-to-right languages get it as it is.
 */
function isolated(text: string, lng: string): string {
  return RTL_LANGUAGES.includes(normalizeLanguage(lng)) ? `\u2066${text}\u2069` : text;
}

/** Words of someone else (a reply, a name) in a right-to-left sentence: isolated in their own direction. */
function ownDirection(text: string, lng: string): string {
  return RTL_LANGUAGES.includes(normalizeLanguage(lng)) && text ? `\u2068${text}\u2069` : text;
}

/** A decimal text at its own decimals (at least `min`), in the trader's language. */
function decimalText(text: string, lng: string, min = 0, signed = false): string {
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  return format(n, Math.max(decimalsOf(text), min), lng, signed);
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
    return { code: alert.code, change: format(Math.abs(change), 2, lng) };
  }
  const level = alert.level ?? '';
  const decimals = Math.max(decimalsOf(level), decimalsOf(String(p.price)));
  return {
    code: alert.code,
    level: level === '' ? '--' : format(Number(level), decimals, lng),
    price: format(p.price, decimals, lng),
  };
}

export type NotificationText = {
  /** The title's key, relative to the namespace's notification keys: `types.<type>`. */
  title: string;
  /** The sentence's key, relative the same way (`orderFilled.buy`, `deposit.credited`…). */
  key: string;
  /** The sentence's figures, formatted for the language. */
  vars: Record<string, string>;
};

const DEPOSIT_STATUS_KEY = { 1: 'credited', 2: 'rejected', 3: 'invalid' } as const;

/** Title, sentence and figures of a known notification, in `lng`. */
export function notificationText(n: NotificationView, lng: string): NotificationText {
  const title = `types.${n.type}`;
  switch (n.type) {
    case 'price_alert': {
      const a = n.payload.alert;
      const key = a.kind === 'percent' ? `percent_${a.direction}` : `${a.side}_${a.direction}`;
      return { title, key: `priceAlert.${key}`, vars: priceAlertFigures(n.payload, lng) };
    }
    case 'order_filled': {
      const p = n.payload;
      return {
        title,
        key: `orderFilled.${p.side === 1 ? 'buy' : 'sell'}`,
        vars: { code: p.code, lots: decimalText(p.lots, lng), price: decimalText(p.price, lng) },
      };
    }
    case 'position_closed': {
      const p = n.payload;
      return {
        title,
        key: `positionClosed.${p.reason}`,
        vars: {
          code: p.code,
          lots: decimalText(p.lots, lng),
          price: decimalText(p.price, lng),
          profit: isolated(decimalText(p.profit, lng, 2, true), lng),
        },
      };
    }
    case 'margin_call': {
      const p = n.payload;
      return {
        title,
        key: p.threshold < 100 ? 'marginCall.warning' : 'marginCall.call',
        vars: {
          level: decimalText(p.level, lng, 2),
          threshold: format(p.threshold, 0, lng),
          stopOut: format(p.stop_out, 0, lng),
        },
      };
    }
    case 'deposit': {
      const p = n.payload;
      return {
        title,
        key: `deposit.${DEPOSIT_STATUS_KEY[p.status] ?? 'rejected'}`,
        vars: { amount: decimalText(p.amount, lng, 2), currency: p.currency_code },
      };
    }
    case 'withdrawal': {
      const p = n.payload;
      return {
        title,
        key: `withdrawal.${p.status === 1 ? 'paid' : 'rejected'}`,
        vars: {
          amount: decimalText(p.amount, lng, 2),
          received: decimalText(p.received, lng),
          currency: p.currency_code,
        },
      };
    }
    case 'kyc':
      return { title, key: `kyc.${n.payload.status === 2 ? 'approved' : 'rejected'}`, vars: {} };
    case 'support_reply': {
      const p = n.payload;
      const many = p.count > 1;
      const key = `supportReply.${many ? 'many' : 'one'}${p.agent ? '' : 'Anon'}`;
      return {
        title,
        key,
        vars: {
          count: format(p.count, 0, lng),
          agent: ownDirection(p.agent ?? '', lng),
          preview: ownDirection(p.preview, lng),
        },
      };
    }
  }
}

/** The screen a notification is about (a tap on its row or its push message opens it). */
export function notificationHref(n: NotificationView): AppHref {
  switch (n.type) {
    case 'price_alert':
      return `${PATHS.trade}?code=${encodeURIComponent(n.payload.alert.code)}`;
    case 'order_filled':
      return hrefs.orderDetail(1, n.payload.order_id);
    case 'position_closed':
      return hrefs.orderDetail(3, n.payload.order_id);
    case 'margin_call':
      return hrefs.order(1);
    case 'deposit':
      return hrefs.depositRecord(n.payload.type === 1 ? 1 : 0, n.payload.id);
    case 'withdrawal':
      return hrefs.withdrawRecord(n.payload.type === 2 ? 1 : 0, n.payload.id);
    case 'kyc':
      return PATHS.auth;
    case 'support_reply':
      return PATHS.chat;
  }
}
