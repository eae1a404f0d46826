/** What a demo user sees on a real-only page (docs/rules.md, docs/routes.md), with the ways forward. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PageHeader, useAppNavigate } from '@meridian/shared';
import { hrefs, PATHS } from '@meridian/shared/pure';
import type { AppPath } from '@meridian/shared';

export default function DemoBlocked({ path }: { path: AppPath }) {
  const { t } = useTranslation('common');
  const { t: ts } = useTranslation('shell');
  const navigate = useAppNavigate();
  return (
    <>
      <PageHeader title="" back />
      <Blocked role="alert" data-testid="demo-blocked">
        <p>{t('realAccountOnly')}</p>
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
    margin: 0 0 ${({ theme }) => theme.space(4)};
    font-size: 16px;
    line-height: 1.5;
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
