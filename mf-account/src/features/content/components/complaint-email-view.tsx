/** `/mine/email`: the company's complaint address, to write to (mailto) or copy. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CopyButton, Empty, Skeleton, useLoad, LoadError } from '@meridian/shared';
import { NS } from '../../../lib/ns';
import { fetchComplaintEmail } from '../api/content-api';

export function ComplaintEmailView() {
  const { t } = useTranslation(NS);
  const state = useLoad(fetchComplaintEmail);
  return (
    <Body>
      <Intro>{t('email.intro')}</Intro>
      {state.status === 'loading' && (
        <Card aria-busy="true" data-testid="email-loading">
          <Skeleton height={20} width="70%" />
        </Card>
      )}
      {state.status === 'error' && <LoadError onRetry={state.reload} />}
      {state.status === 'ready' &&
        (state.data ? (
          <Card>
            <Address href={`mailto:${state.data}`} dir="ltr" data-testid="complaint-email">
              {state.data}
            </Address>
            <CopyButton text={state.data} />
          </Card>
        ) : (
          <Empty />
        ))}
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  line-height: 1.5;
`;

const Card = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  min-block-size: 64px;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const Address = styled.a`
  min-inline-size: 0;
  overflow-wrap: anywhere;
  display: inline-flex;
  align-items: center;
  min-block-size: ${({ theme }) => theme.touch}px;
  color: ${({ theme }) => theme.color.primary};
  font-size: 16px;
  text-decoration: none;
`;
