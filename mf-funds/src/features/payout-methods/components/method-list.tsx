/**
 * The bound withdrawal methods of one kind (1 coin addresses, 2 bank accounts): delete with a confirmation, then the
 * list reloads; a method still in its cooling period says from when it can receive withdrawals.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { confirm, Empty, LoadError, SkeletonRows, toast, useAppNavigate, useLoad } from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import type { DrawMethod, DrawType } from '@meridian/shared/pure';
import { PrimaryButton } from '@meridian/shared/forms';
import { Card, Mono, Muted, Row } from '../../../components/ui';
import { NS } from '../../../lib/ns';
import { deleteMethod, fetchMethods } from '../api/methods-api';
import { isCooling, methodTitle, methodValue } from '../state/bind-rules';

const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function MethodList({ type }: { type: DrawType }) {
  const { t } = useTranslation(NS);
  const navigate = useAppNavigate();
  const list = useLoad(() => fetchMethods(type));

  const remove = async (m: DrawMethod) => {
    if (!(await confirm({ message: t('methods.confirmDelete') }))) return;
    try {
      toast(await deleteMethod(m.id), 'success');
    } catch {
      // A refusal: the API client has already shown it (this call is not silent); the list reloads below.
    } finally {
      list.reload();
    }
  };

  return (
    <Body>
      {list.status === 'loading' && <SkeletonRows rows={2} />}
      {list.status === 'error' && <LoadError onRetry={list.reload} />}
      {list.status === 'ready' && list.data.length === 0 && <Empty />}
      {list.status === 'ready' &&
        list.data.map((m) => (
          <Card key={m.id} data-testid="method-row">
            <Row>
              <strong>{methodTitle(m, type)}</strong>
              <DeleteButton type="button" onClick={() => void remove(m)} data-testid="method-delete">
                {t('methods.delete')}
              </DeleteButton>
            </Row>
            <Mono data-testid="method-value">{methodValue(m, type)}</Mono>
            {type === 2 && <Muted>{m.payee_name}</Muted>}
            {isCooling(m, Date.now()) && (
              <Muted data-testid="method-cooling">
                {t('methods.usableFrom', { when: when(m.usable_at) })}
              </Muted>
            )}
          </Card>
        ))}
      <PrimaryButton
        type="button"
        onClick={() => navigate(`${PATHS.withdrawWay}?type=${type}`)}
        data-testid="method-add"
      >
        {type === 1 ? t('methods.addAddress') : t('methods.addBank')}
      </PrimaryButton>
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
`;

const DeleteButton = styled.button`
  min-block-size: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(2)};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.danger};
  font-size: 14px;
`;
