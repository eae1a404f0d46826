/**
 * `/mine/notifications`: what happened to the trader's money and alerts, newest first, page by page. Each row has
 * the icon of its type, a title and a sentence built from its payload in the trader's language, when it happened and
 * an unread marker; tapping it opens the screen it is about. What the page shows is marked read once it has rendered
 * (the unread count drops); the markers stay for this visit, so the trader still sees what was new. Types this build
 * does not know are skipped.
 */
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { setCurrentInstrumentAtom, useAppNavigate, useOnline, useSetAtom } from '@meridian/shared';
import { PagedList, usePagedList } from '@meridian/shared/lists';
import type { NotificationType, NotificationView } from '@meridian/shared/pure';
import { formatDateTime, formatWhen } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { fetchNotifications, markNotificationsRead } from '../api/notifications';
import { describeNotification, idsToMark, isKnownNotification } from '../state/notification-text';

export function NotificationsView({ now = Date.now }: { now?: () => number }) {
  const { t } = useTranslation(NS);
  const list = usePagedList(fetchNotifications);
  const online = useOnline();
  const asked = useRef(new Set<number>());
  const shown = list.items.filter(isKnownNotification);

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
    <PagedList<NotificationView>
      // The list pages over every row the server sends; only the known ones are drawn (and count as empty or not).
      controller={{ ...list, items: shown }}
      keyOf={(n) => n.id}
      emptyText={t('notifications.empty')}
      renderItem={(n) => <NotificationRow n={n} now={now} />}
    />
  );
}

function NotificationRow({ n, now }: { n: NotificationView; now: () => number }) {
  const { t, i18n } = useTranslation(NS);
  const lng = i18n.language;
  const navigate = useAppNavigate();
  const setCurrent = useSetAtom(setCurrentInstrumentAtom);
  const text = describeNotification(n, (key, vars) => t(key, vars), lng);
  const unread = n.read_at === null;
  const open = () => {
    // The trade screen opens on the instrument the shared current instrument names (by id first).
    if (n.type === 'price_alert') setCurrent({ id: n.payload.alert.forex_id, code: n.payload.alert.code });
    navigate(text.href);
  };
  return (
    <Row type="button" onClick={open} data-testid="notification-row" data-type={n.type} data-unread={unread}>
      <Icon aria-hidden="true">{ICONS[n.type]}</Icon>
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
    </Row>
  );
}

/** One icon per type (every known type must have one). */
const ICONS: Record<NotificationType, ReactNode> = {
  price_alert: (
    <svg viewBox="0 0 24 24" width="20" height="20">
      <path
        d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  ),
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
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: -2px;
  }
`;

const Icon = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  inline-size: 36px;
  block-size: 36px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.primary};
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
