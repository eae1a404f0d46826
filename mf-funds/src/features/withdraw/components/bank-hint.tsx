/** The bank tab of the withdraw page: bank withdrawals go through customer service. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppNavigate } from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import { Banner, LinkButton } from '../../../components/ui';
import { NS } from '../../../lib/ns';

export function BankHint() {
  const { t } = useTranslation(NS);
  const navigate = useAppNavigate();
  return (
    <Body>
      <Banner tone="wait" testId="withdraw-bank-hint">
        <span>{t('withdraw.bankHint')}</span>
        <LinkButton type="button" onClick={() => navigate(PATHS.chat)}>
          {t('withdraw.contact')}
        </LinkButton>
      </Banner>
    </Body>
  );
}

const Body = styled.div`
  padding: ${({ theme }) => theme.space(4)};
`;
