/**
 * The balance card of `/user`: balance (USD, 2 decimals, tabular figures), frozen amount and credit score. The eye
 * masks the amounts and is remembered; the rest of the card is a link to `/mine/history` (docs/routes.md).
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AppLink, languageAtom, Skeleton, useAtomValue } from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import type { User } from '@meridian/shared';
import { formatInteger, formatMoney } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { useHideBalance } from '../hooks/use-hide-balance';

const MASK = '******';

export function BalanceCard({ user }: { user: User | null }) {
  const { t } = useTranslation(NS);
  const lng = useAtomValue(languageAtom);
  const [hidden, toggle] = useHideBalance();
  const show = (text: string) => (hidden ? MASK : text);

  return (
    <Card data-testid="balance-card">
      <Top>
        <Label id="balance-label">{t('user.totalAssets')}</Label>
        <Eye
          type="button"
          onClick={toggle}
          aria-pressed={hidden}
          aria-label={hidden ? t('user.showBalance') : t('user.hideBalance')}
          data-testid="balance-toggle"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {hidden && <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.8" />}
          </svg>
        </Eye>
      </Top>
      <Main to={PATHS.history} aria-describedby="balance-label" data-testid="balance-link">
        {user ? (
          <Amount data-testid="balance-amount">{show(formatMoney(user.balance, lng))}</Amount>
        ) : (
          <Skeleton width="60%" height={34} />
        )}
        <Stats>
          <Stat>
            <dt>{t('user.frozen')}</dt>
            <dd data-testid="balance-frozen">{user ? show(formatMoney(user.lock_balance, lng)) : '--'}</dd>
          </Stat>
          <Stat>
            <dt>{t('user.creditScore')}</dt>
            <dd data-testid="credit-score">{user ? formatInteger(user.credit_score, lng) : '--'}</dd>
          </Stat>
        </Stats>
        <More>{t('user.details')}</More>
      </Main>
    </Card>
  );
}

const Card = styled.section`
  margin: ${({ theme }) => theme.space(4)};
  margin-block-end: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: linear-gradient(135deg, #2a2410 0%, ${({ theme }) => theme.color.surfaceRaised} 70%);
  border: 1px solid ${({ theme }) => theme.color.border};
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const Label = styled.span`
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Eye = styled.button`
  display: grid;
  place-items: center;
  inline-size: ${({ theme }) => theme.touch}px;
  block-size: ${({ theme }) => theme.touch}px;
  margin-inline-end: -${({ theme }) => theme.space(3)};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Main = styled(AppLink)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
`;

const Amount = styled.p`
  margin: 0;
  min-block-size: 34px;
  font-size: 30px;
  font-weight: 700;
  line-height: 34px;
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
`;

const Stat = styled.div`
  dt {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-size: 16px;
    font-variant-numeric: tabular-nums;
  }
`;

const More = styled.span`
  align-self: flex-end;
  font-size: 13px;
  color: ${({ theme }) => theme.color.primary};
  &::after {
    content: ' ›';
  }
  [dir='rtl'] &::after {
    content: ' ‹';
  }
`;
