/**
 * `/user` (docs/routes.md): who is logged in, the balance card, deposit and withdraw, the demo reset row for demo users,
 * and the links of the user centre. The user is refreshed from `/api/user/info` on entry; until then the stored
 * one is shown, so nothing shifts. Demo users may tap real-only links: the host's guard answers them.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import {
  AppLink,
  confirm,
  copyText,
  isApiError,
  languageAtom,
  sessionAtom,
  setUserAtom,
  toast,
  useAtomValue,
  useSetAtom,
  LoadError,
  subscribe,
  TOPICS,
} from '@meridian/shared';
import { ERROR_CODES, LANGUAGE_NAMES, PATHS } from '@meridian/shared/pure';
import { NS } from '../../../lib/ns';
import {
  fetchNotificationUnread,
  fetchServiceLink,
  fetchUserInfo,
  resetDemoAccount,
} from '../api/user-centre-api';
import type { ServiceLink } from '../api/user-centre-api';
import { BalanceCard } from './balance-card';
import type { AppPath } from '@meridian/shared';

export function UserCentre() {
  const { t } = useTranslation(NS);
  const session = useAtomValue(sessionAtom);
  const setUser = useSetAtom(setUserAtom);
  const [failed, setFailed] = useState(false);
  const [service, setService] = useState<ServiceLink | null>(null);

  const refresh = useCallback(async () => {
    try {
      setUser(await fetchUserInfo());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [setUser]);

  useEffect(() => {
    void refresh();
    fetchServiceLink().then(setService, () => setService(null));
  }, [refresh]);

  const user = session.user;
  if (!user && failed) return <LoadError onRetry={() => void refresh()} />;

  return (
    <>
      <Profile>
        <Avatar aria-hidden="true">
          {user?.email ? (
            user.email.slice(0, 1).toUpperCase()
          ) : (
            <svg viewBox="0 0 24 24" width="22" height="22">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          )}
        </Avatar>
        <Who>
          {user?.email ? (
            <EmailText email={user.email} />
          ) : (
            <Email dir="ltr" data-testid="user-email">
              {t('user.demoUser')}
            </Email>
          )}
          <Uid>{t('user.uid', { uid: user?.uid ?? '--' })}</Uid>
        </Who>
        <Badge $demo={session.isDemo} data-testid="account-kind">
          {session.isDemo ? t('user.demoAccount') : t('user.realAccount')}
        </Badge>
      </Profile>
      <BalanceCard user={user} />
      <Actions>
        <ActionLink to={PATHS.charge} $primary data-testid="user-deposit">
          {t('user.deposit')}
        </ActionLink>
        <ActionLink to={PATHS.withdraw} data-testid="user-withdraw">
          {t('user.withdraw')}
        </ActionLink>
      </Actions>
      {session.isDemo && <ResetDemoRow onDone={refresh} />}
      <Menu>
        <MenuLink to={PATHS.wallet} label={t('user.wallet')} />
        <MenuLink to={PATHS.statement} label={t('statement.title')} />
        <NotificationsRow />
        <MenuLink to={PATHS.alerts} label={t('notifications.alerts')} />
        <MenuLink to={PATHS.auth} label={t('auth.title')} />
        <MenuLink to={PATHS.invite} label={t('invite.title')} />
        <MenuLink to={PATHS.password} label={t('password.title')} />
        <ServiceRow service={service} />
        <MenuLink to={PATHS.email} label={t('email.title')} />
        <MenuLink to={PATHS.announcement} label={t('announcement.title')} />
        <LanguageRow />
        <MenuLink to={PATHS.system} label={t('system.title')} />
      </Menu>
    </>
  );
}

/** Demo only: put the demo account back to its starting balance (confirm, server message, balance refreshed). */
function ResetDemoRow({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    if (!(await confirm({ message: t('user.confirmReset') }))) return;
    setBusy(true);
    try {
      const msg = await resetDemoAccount();
      toast(msg || t('user.resetDone'), 'success');
      await onDone();
    } catch (e) {
      // The call is silent so it can be explained here: a server without it yet answers 404 / code 1002
      // ("unknown route"), which would read as a broken app; say what it means instead.
      const missing = isApiError(e) && (e.code === ERROR_CODES.notFound || e.status === 404);
      if (missing) toast(t('user.resetUnavailable'), 'error');
      else if (isApiError(e) && e.kind === 'server' && e.msg) toast(e.msg, 'error');
      else if (!isApiError(e) || e.kind !== 'cancelled') toast(tc('requestFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu>
      <li>
        <RowButton type="button" onClick={() => void reset()} disabled={busy} data-testid="reset-demo">
          <RowText>
            <span>{t('user.resetDemo')}</span>
            <Hint>{t('user.resetDemoHint')}</Hint>
          </RowText>
          <Chevron />
        </RowButton>
      </li>
    </Menu>
  );
}

/**
 * The trader's unread support messages, as the host publishes them on the document (`data-support-unread` on
 * <html>, docs/realtime.md#support_unread), followed live.
 */
function useSupportUnread(): number {
  const read = () => Number(document.documentElement.dataset.supportUnread ?? 0);
  const [unread, setUnread] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setUnread(read()));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-support-unread'],
    });
    setUnread(read());
    return () => observer.disconnect();
  }, []);
  return unread;
}

/** Customer service by `service_link_type` (docs/rules.md): 2 copyable text, 3 external link, otherwise in-app chat. */
function ServiceRow({ service }: { service: ServiceLink | null }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const label = t('user.service');
  const unread = useSupportUnread();
  if (service?.type === 2 && service.link) {
    return (
      <li>
        <RowButton
          type="button"
          onClick={() => void copyText(service.link, tc('copySuccess'))}
          data-testid="service-copy"
        >
          <span>{label}</span>
          <Value dir="ltr">{service.link}</Value>
        </RowButton>
      </li>
    );
  }
  if (service?.type === 3 && service.link) {
    return (
      <li>
        <RowAnchor
          href={service.link}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="service-external"
        >
          <span>{label}</span>
          <Chevron />
        </RowAnchor>
      </li>
    );
  }
  return (
    <MenuLink
      to={PATHS.chat}
      label={label}
      testId="service-chat"
      value={
        unread > 0 ? (
          <UnreadBadge data-testid="service-unread">{unread > 99 ? '99+' : unread}</UnreadBadge>
        ) : undefined
      }
    />
  );
}

/**
 * The notifications row with the unread count (`GET /api/notification/list?limit=1`), read on entry and again when
 * an alert fires or a notification arrives (NOTIFICATION) while the page is open. A failed read shows no badge
 * rather than a wrong one.
 */
function NotificationsRow() {
  const { t } = useTranslation(NS);
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () =>
      fetchNotificationUnread().then(
        (n) => live && setUnread(n),
        () => undefined,
      );
    void load();
    const stops = [
      subscribe(TOPICS.priceAlert, () => void load()),
      subscribe(TOPICS.notification, () => void load()),
    ];
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, []);
  return (
    <MenuLink
      to={PATHS.notifications}
      label={t('notifications.title')}
      value={
        unread > 0 ? (
          <UnreadBadge data-testid="notifications-unread">{unread > 99 ? '99+' : unread}</UnreadBadge>
        ) : undefined
      }
    />
  );
}

function LanguageRow() {
  const { t } = useTranslation(NS);
  const lng = useAtomValue(languageAtom);
  return <MenuLink to={PATHS.language} label={t('language.title')} value={LANGUAGE_NAMES[lng]} />;
}

function MenuLink({
  to,
  label,
  value,
  testId,
}: {
  to: AppPath;
  label: string;
  value?: ReactNode;
  testId?: string;
}) {
  return (
    <li>
      <RowLink to={to} data-testid={testId ?? `menu-${to.replace(/^\//, '').replace(/\//g, '-')}`}>
        <span>{label}</span>
        <End>
          {value && <Value>{value}</Value>}
          <Chevron />
        </End>
      </RowLink>
    </li>
  );
}

function Chevron() {
  return (
    <ChevronSvg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </ChevronSvg>
  );
}

const Profile = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  padding-block-end: 0;
`;

const Avatar = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  inline-size: 44px;
  block-size: 44px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.primary};
  font-weight: 700;
  font-size: 18px;
`;

const Who = styled.div`
  flex: 1;
  min-inline-size: 0;
  display: flex;
  flex-direction: column;
`;

/**
 * The whole e-mail, always: a trader checks which account this is by it. A long one is set a little smaller and may
 * wrap, first before the "@" (the domain moves down whole), then anywhere if a part alone is wider than the line.
 */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <Email dir="ltr" $long={email.length > LONG_EMAIL} data-testid="user-email">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </Email>
  );
}

/** Beyond this many characters the address is set at 14 px instead of 16 (still readable at 390 px). */
const LONG_EMAIL = 22;

const Email = styled.span<{ $long?: boolean }>`
  min-inline-size: 0;
  font: 600 ${({ $long }) => ($long ? 14 : 16)}px / 1.3 ${({ theme }) => theme.font.body};
  text-align: start;
  overflow-wrap: anywhere;
`;

const Uid = styled.span`
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Badge = styled.span<{ $demo: boolean }>`
  flex: none;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  font-size: 12px;
  font-weight: 600;
  color: ${({ theme, $demo }) => ($demo ? theme.color.warning : theme.color.up)};
  border: 1px solid currentColor;
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
`;

const ActionLink = styled(AppLink)<{ $primary?: boolean }>`
  display: grid;
  place-items: center;
  min-block-size: ${({ theme }) => theme.touch + 4}px;
  border-radius: ${({ theme }) => theme.radius.md};
  font-weight: 600;
  text-decoration: none;
  ${({ theme, $primary }) =>
    $primary
      ? css`
          background: ${theme.color.primary};
          color: ${theme.color.onPrimary};
        `
      : css`
          border: 1px solid ${theme.color.border};
          color: ${theme.color.text};
        `}
`;

const Menu = styled.ul`
  list-style: none;
  margin: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  padding: 0;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  overflow: hidden;
  li + li {
    border-block-start: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const rowCss = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  inline-size: 100%;
  min-block-size: 52px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font-size: 15px;
  text-align: start;
  text-decoration: none;
  &:disabled {
    opacity: 0.6;
  }
`;

const RowLink = styled(AppLink)`
  ${rowCss}
`;
const RowButton = styled.button`
  ${rowCss}
`;
const RowAnchor = styled.a`
  ${rowCss}
`;

const RowText = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Hint = styled.span`
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const End = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-inline-size: 0;
`;

const UnreadBadge = styled.span`
  display: inline-block;
  min-width: 20px;
  padding: 0 6px;
  border-radius: 10px;
  background: ${({ theme }) => theme.color.danger};
  color: #fff;
  font-size: 12px;
  font-weight: 600;
  line-height: 20px;
  text-align: center;
`;

const Value = styled.span`
  min-inline-size: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const ChevronSvg = styled.svg`
  flex: none;
  color: ${({ theme }) => theme.color.textMuted};
  [dir='rtl'] & {
    transform: scaleX(-1);
  }
`;
