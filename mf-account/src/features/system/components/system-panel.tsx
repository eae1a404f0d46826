/**
 * `/mine/system`: language, the build, and logout. Logout asks first, revokes the token on the server, then forgets
 * the session locally whatever the server said (an offline phone must still be able to log out) and replaces the
 * history entry with `/` (docs/routes.md), so Back does not return to a page that needs the old session. See
 * lib/use-leave-and-sign-out for why the navigation comes before the session is forgotten.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { AppLink, confirm, languageAtom, toast, useAtomValue } from '@meridian/shared';
import { LANGUAGE_NAMES, PATHS } from '@meridian/shared/pure';
import { PrimaryButton } from '../../../components/form';
import { accountVersion } from '../../../lib/build-info';
import { NS } from '../../../lib/ns';
import { useLeaveAndSignOut } from '../../../lib/use-leave-and-sign-out';
import { logout } from '../api/logout';

export function SystemPanel() {
  const { t } = useTranslation(NS);
  const leaveAndSignOut = useLeaveAndSignOut();
  const lng = useAtomValue(languageAtom);
  const [busy, setBusy] = useState(false);
  const build = accountVersion();

  const onLogout = async () => {
    const ok = await confirm({ message: t('system.confirmLogout') });
    if (!ok) return;
    setBusy(true);
    try {
      await logout();
    } catch {
      // Revocation failed (offline, already expired): the local session goes anyway.
    }
    toast(t('system.logoutSuccess'), 'success');
    leaveAndSignOut(PATHS.home);
  };

  return (
    <Body>
      <List>
        <li>
          <RowLink to={PATHS.language}>
            <span>{t('language.title')}</span>
            <Value>{LANGUAGE_NAMES[lng]}</Value>
          </RowLink>
        </li>
        <li>
          <Row>
            <span>{t('system.version')}</span>
            <Value dir="ltr">{build}</Value>
          </Row>
        </li>
      </List>
      <Bottom>
        <PrimaryButton type="button" onClick={() => void onLogout()} disabled={busy} data-testid="logout">
          {t('system.logout')}
        </PrimaryButton>
      </Bottom>
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  min-block-size: calc(100dvh - 49px);
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const rowCss = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  min-block-size: 52px;
  padding-inline: ${({ theme }) => theme.space(4)};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
`;

const Row = styled.div`
  ${rowCss}
`;

const RowLink = styled(AppLink)`
  ${rowCss}
`;

const Value = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
`;

/** Logout sits at the bottom, within thumb reach. */
const Bottom = styled.div`
  margin-block-start: auto;
  padding: ${({ theme }) => theme.space(4)};
  padding-block-end: calc(${({ theme }) => theme.space(4)} + env(safe-area-inset-bottom));
`;
