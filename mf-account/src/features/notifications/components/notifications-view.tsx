/**
 * `/mine/notifications`: what happened to the trader's money and alerts, newest first, page by page. Each row has
 * the icon of its type, a title and a sentence built from its payload in the trader's language, when it happened and
 * an unread marker; tapping it opens the screen it is about (the order, the deposit or withdrawal record, the chat…).
 * What the page shows is marked read once it has rendered (the unread count drops); the markers stay for this
 * visit, so the trader still sees what was new. A type this build does not know shows as a plain row (and is marked
 * read too, so the count never sticks). While the page is open, what happens arrives at the top live (the socket's
 * NOTIFICATION and PRICE_ALERT frames): a support reply that updates its conversation's row moves it to the top.
 */
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { setCurrentInstrumentAtom, subscribe, useAppNavigate, useOnline, useSetAtom } from '@meridian/shared';
import { PagedList, usePagedList } from '@meridian/shared/lists';
import { isKnownNotification, TOPICS } from '@meridian/shared/pure';
import type { NotificationView, PriceAlertFrame } from '@meridian/shared/pure';
import { formatDateTime, formatWhen } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { fetchNotifications, markNotificationsRead } from '../api/notifications';
import { describeNotification, idsToMark } from '../state/notification-text';
import type { AnyNotification } from '../state/notification-text';
import { NOTIFY_NS } from '../state/notifications-ns';

export function NotificationsView({ now = Date.now }: { now?: () => number }) {
  const { t } = useTranslation(NS);
  const list = usePagedList(fetchNotifications, { keyOf: (n) => n.id });
  const online = useOnline();
  const asked = useRef(new Set<number>());

  // Live: a new notification (or a newer state of one, same id) goes to the top.
  const { setItems } = list;
  useEffect(() => {
    const put = (n: AnyNotification) => setItems((items) => [n, ...items.filter((i) => i.id !== n.id)]);
    const offNotice = subscribe(TOPICS.notification, (n) => put(n));
    const offAlert = subscribe(TOPICS.priceAlert, (f) => put(alertNotification(f)));
    return () => {
      offNotice();
      offAlert();
    };
  }, [setItems]);

  // After the rows rendered: mark them read. A failed call (offline) forgets its ids, so the next page, the
  // connection coming back or a refresh asks again.
  useEffect(() => {
    if (!online) return;
    const ids = idsToMark(list.items, asked.current);
    if (ids.length === 0) return;
    for (const id of ids) asked.current.add(id);
    markNotificationsRead(ids).catch(() => {
      for (const id of ids) asked.current.delete(id);
    });
  }, [list.items, online]);

  return (
    <PagedList<AnyNotification>
      controller={list}
      keyOf={(n) => n.id}
      emptyText={t('notifications.empty')}
      renderItem={(n) => <NotificationRow n={n} now={now} />}
    />
  );
}

function NotificationRow({ n, now }: { n: AnyNotification; now: () => number }) {
  const { t, i18n } = useTranslation(NS);
  const { t: tn } = useTranslation(NOTIFY_NS);
  const lng = i18n.language;
  const navigate = useAppNavigate();
  const setCurrent = useSetAtom(setCurrentInstrumentAtom);
  const text = describeNotification(n, (key, vars) => tn(key, vars), lng);
  const unread = n.read_at === null;
  const href = text.href;
  const open = () => {
    if (!href) return;
    // The trade screen opens on the instrument the shared current instrument names (by id first).
    if (isKnownNotification(n) && n.type === 'price_alert')
      setCurrent({ id: n.payload.alert.forex_id, code: n.payload.alert.code });
    navigate(href);
  };
  const content = (
    <>
      <Icon aria-hidden="true" $urgent={isUrgent(n)}>
        {ICONS[n.type] ?? UNKNOWN_ICON}
      </Icon>
      <Main>
        <Top>
          <Title $unread={unread}>{text.title}</Title>
          <When dateTime={new Date(n.created_at).toISOString()} title={formatDateTime(n.created_at, lng)}>
            {formatWhen(n.created_at, now(), lng)}
          </When>
        </Top>
        <Body data-testid="notification-body">{text.body}</Body>
      </Main>
      {unread && <Dot role="img" aria-label={t('notifications.unread')} data-testid="notification-unread" />}
    </>
  );
  return href ? (
    <Row
      type="button"
      onClick={open}
      data-testid="notification-row"
      data-type={n.type}
      data-href={href}
      data-unread={unread}
    >
      {content}
    </Row>
  ) : (
    <Row as="div" data-testid="notification-row" data-type={n.type} data-unread={unread}>
      {content}
    </Row>
  );
}

/** The notification a PRICE_ALERT frame recorded, as the list returns it (a muted one is stored read). */
export function alertNotification(f: PriceAlertFrame): NotificationView {
  const { notification_id, muted, ...payload } = f;
  return {
    id: notification_id,
    type: 'price_alert',
    payload,
    read_at: muted ? f.time : null,
    created_at: f.time,
  };
}

/** Money at risk: a margin call, a stop-out. */
function isUrgent(n: AnyNotification): boolean {
  if (!isKnownNotification(n)) return false;
  return n.type === 'margin_call' || (n.type === 'position_closed' && n.payload.reason === 'stop_out');
}

const svg = (children: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinejoin="round"
    strokeLinecap="round"
  >
    {children}
  </svg>
);

const UNKNOWN_ICON = svg(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5M12 7.6v.1" />
  </>,
);

/** One icon per type; a type this build does not know takes UNKNOWN_ICON. */
const ICONS: Record<string, ReactNode> = {
  price_alert: svg(<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />),
  order_filled: svg(
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M8 12.5l2.7 2.7L16 9.8" />
    </>,
  ),
  position_closed: svg(
    <>
      <path d="M4 19V5M4 5h11l-2 3.5 2 3.5H4" />
      <path d="M17 15l4 4M21 15l-4 4" />
    </>,
  ),
  margin_call: svg(
    <>
      <path d="M12 3.5L21.5 20h-19z" />
      <path d="M12 10v4.5M12 17.2v.1" />
    </>,
  ),
  deposit: svg(
    <>
      <path d="M12 3v11M7.5 9.5L12 14l4.5-4.5" />
      <path d="M4 15v4h16v-4" />
    </>,
  ),
  withdrawal: svg(
    <>
      <path d="M12 14V3M7.5 7.5L12 3l4.5 4.5" />
      <path d="M4 15v4h16v-4" />
    </>,
  ),
  kyc: svg(
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="11" r="2.2" />
      <path d="M5.8 16c.6-1.6 1.8-2.4 3.2-2.4s2.6.8 3.2 2.4M14.5 10h4M14.5 13.5h3" />
    </>,
  ),
  support_reply: svg(<path d="M4 5h16v11H9l-4.5 3.5V16H4z" />),
};

const Row = styled.button`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  inline-size: 100%;
  min-block-size: 64px;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 0;
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: start;
  cursor: pointer;
  &:is(div) {
    cursor: default;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: -2px;
  }
`;

const Icon = styled.span<{ $urgent: boolean }>`
  display: grid;
  place-items: center;
  flex: none;
  inline-size: 36px;
  block-size: 36px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme, $urgent }) => ($urgent ? theme.color.danger : theme.color.primary)};
`;

const Main = styled.span`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 2px;
  min-inline-size: 0;
`;

const Top = styled.span`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Title = styled.span<{ $unread: boolean }>`
  font-size: 15px;
  font-weight: ${({ $unread }) => ($unread ? 700 : 500)};
`;

const When = styled.time`
  flex: none;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Body = styled.span`
  font-size: 14px;
  line-height: 1.4;
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
  /* No price left alone on the last line ("now" and its price are also joined by a no-break space). */
  text-wrap: pretty;
`;

const Dot = styled.span`
  flex: none;
  align-self: center;
  inline-size: 10px;
  block-size: 10px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.danger};
`;
