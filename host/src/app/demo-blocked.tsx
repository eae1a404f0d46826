/**
 * What a demo user sees on a real-only page (docs/rules.md, docs/routes.md): the page's own title, why it is closed
 * to a demo account (deposits and withdrawals move real money), and the ways forward: log in to a real account or
 * open one.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PageHeader, useAppNavigate } from '@meridian/shared';
import { hrefs, PATHS } from '@meridian/shared/pure';
import type { AppPath } from '@meridian/shared';

type Why = 'deposit' | 'withdraw' | 'other';

/** Each real-only page: its title (`shell:demoBlocked.titles.*`) and what it is for. */
const PAGES: Partial<Record<AppPath, { title: string; why: Why }>> = {
  [PATHS.charge]: { title: 'charge', why: 'deposit' },
  [PATHS.withdraw]: { title: 'withdraw', why: 'withdraw' },
  [PATHS.wallet]: { title: 'wallet', why: 'withdraw' },
  [PATHS.bankCards]: { title: 'bankCards', why: 'withdraw' },
  [PATHS.coinAddresses]: { title: 'coinAddresses', why: 'withdraw' },
  [PATHS.withdrawWay]: { title: 'withdrawWay', why: 'withdraw' },
  [PATHS.auth]: { title: 'auth', why: 'other' },
  [PATHS.invite]: { title: 'invite', why: 'other' },
  [PATHS.password]: { title: 'password', why: 'other' },
};

export default function DemoBlocked({ path }: { path: AppPath }) {
  const { t } = useTranslation('common');
  const { t: ts } = useTranslation('shell');
  const navigate = useAppNavigate();
  const page = PAGES[path];
  return (
    <>
      <PageHeader title={page ? ts(`demoBlocked.titles.${page.title}`) : ''} back />
      <Blocked role="alert" data-testid="demo-blocked">
        <p data-testid="demo-blocked-why">{ts(`demoBlocked.why.${page?.why ?? 'other'}`)}</p>
        <p className="way">{t('realAccountOnly')}</p>
        <button type="button" onClick={() => navigate(hrefs.login(path))}>
          {ts('demoBlocked.login')}
        </button>
        <button type="button" className="secondary" onClick={() => navigate(PATHS.register)}>
          {ts('demoBlocked.register')}
        </button>
      </Blocked>
    </>
  );
}

const Blocked = styled.section`
  padding: ${({ theme }) => theme.space(12)} ${({ theme }) => theme.space(6)};
  text-align: center;
  color: ${({ theme }) => theme.color.text};
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space(3)};
  p {
    margin: 0;
    font-size: 16px;
    line-height: 1.5;
  }
  p.way {
    margin-block-end: ${({ theme }) => theme.space(4)};
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
  }
  button {
    min-height: ${({ theme }) => theme.touch}px;
    border: 0;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
    font-weight: 600;
  }
  button.secondary {
    background: transparent;
    color: ${({ theme }) => theme.color.text};
    border: 1px solid ${({ theme }) => theme.color.border};
  }
`;
