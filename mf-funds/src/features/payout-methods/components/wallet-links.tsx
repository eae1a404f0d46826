/** The wallet's two entries: the coin addresses and the bank accounts, each with how many are bound. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AppLink, LoadError, SkeletonRows, useLoad } from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import { Muted } from '../../../components/ui';
import { NS } from '../../../lib/ns';
import { fetchMethodCounts } from '../api/methods-api';

export function WalletLinks() {
  const { t } = useTranslation(NS);
  const counts = useLoad(fetchMethodCounts);
  return (
    <>
      {counts.status === 'loading' && <SkeletonRows rows={2} />}
      {counts.status === 'error' && <LoadError onRetry={counts.reload} />}
      {counts.status === 'ready' && (
        <List>
          <Entry to={PATHS.coinAddresses} data-testid="wallet-coins">
            <span>{t('coinAddressList.title')}</span>
            <Muted>{t('wallet.count', { count: counts.data.coins })}</Muted>
          </Entry>
          <Entry to={PATHS.bankCards} data-testid="wallet-banks">
            <span>{t('bankCardList.title')}</span>
            <Muted>{t('wallet.count', { count: counts.data.banks })}</Muted>
          </Entry>
        </List>
      )}
    </>
  );
}

const List = styled.nav`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
`;

const Entry = styled(AppLink)`
  display: flex;
  justify-content: space-between;
  align-items: center;
  min-block-size: 64px;
  padding-inline: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  &::after {
    content: '›';
    color: ${({ theme }) => theme.color.textMuted};
    margin-inline-start: ${({ theme }) => theme.space(2)};
  }
`;
