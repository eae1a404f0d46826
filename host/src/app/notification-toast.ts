/**
 * A notification heard on the socket while the app is open (docs/realtime.md#notification): a fill, a close by a
 * stop, a margin call, a funds or identity decision, a support reply shows as a toast on any screen, in the reader's
 * language, worded as the notification centre words it (the `notifications` namespace, `notificationText` of
 * `@meridian/shared/pure`): "Order filled: Buy EUR/USD 0.10 lots filled at 1.10020". Only types the trader has on
 * arrive (the server sends no frame for the others); a type this build does not know shows nothing (the badge still
 * counts it). Loaded with the signed-in code (./realtime.ts), so a guest's first load does not carry it.
 */
import {
  appStore,
  i18n,
  jsonNamespace,
  languageAtom,
  registerNamespace,
  subscribe,
  toast,
  TOPICS,
} from '@meridian/shared';
import { isKnownNotification, notificationText } from '@meridian/shared/pure';
import type { NotificationView } from '@meridian/shared/pure';

export const NOTIFY_NS = 'notifications';

registerNamespace(NOTIFY_NS, jsonNamespace(NOTIFY_NS, '/'));

type Translate = (key: string, vars?: Record<string, string>) => string;

/** The toast's text: the type's title and its sentence. */
export function notificationToastText(n: NotificationView, lng: string, t: Translate): string {
  const text = notificationText(n, lng);
  return t(`${NOTIFY_NS}:toast`, {
    title: t(`${NOTIFY_NS}:${text.title}`),
    body: t(`${NOTIFY_NS}:${text.key}`, text.vars),
  });
}

/** Money at risk is said as an error toast (it stays longer); the rest as good news or plain news. */
export function toastKindOf(n: NotificationView): 'info' | 'success' | 'error' {
  if (n.type === 'margin_call' || (n.type === 'position_closed' && n.payload.reason === 'stop_out'))
    return 'error';
  if (
    (n.type === 'deposit' && n.payload.status !== 1) ||
    (n.type === 'withdrawal' && n.payload.status !== 1) ||
    (n.type === 'kyc' && n.payload.status !== 2)
  )
    return 'error';
  return n.type === 'support_reply' ? 'info' : 'success';
}

// Fetched now, so the first frame is worded at once.
void i18n.loadNamespaces(NOTIFY_NS);

subscribe(TOPICS.notification, (n) => {
  if (!isKnownNotification(n)) return;
  void i18n.loadNamespaces(NOTIFY_NS).then(() =>
    toast(
      notificationToastText(n, appStore.get(languageAtom), (key, vars) => i18n.t(key, vars)),
      toastKindOf(n),
    ),
  );
});
