/**
 * The trader's price alerts (/mine/alerts): each with what it watches, once or repeating, armed or fired (and when),
 * edit (the alert sheet) and delete (after confirming); the count against the limit. A firing heard on the socket
 * (PRICE_ALERT) updates the list at once.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { confirm, Empty, LoadError, SkeletonRows, subscribe, toast, TOPICS, useLoad } from '@meridian/shared';
import { PushOffer } from '@meridian/shared/push';
import { formatAmount } from '../../../lib/format-amount';
import { useTradeList } from '../../../lib/instruments';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';
import { deleteAlert, fetchAlerts } from '../api/alerts-api';
import type { AlertView } from '../api/alerts-api';
import { alertCondition, cooldownLabel, formOf } from '../state/alert-form';
import { Button, Muted } from './alert-parts';
import { AlertSheet } from './alert-sheet';

export function AlertsView() {
  const { t, i18n } = useTranslation(NS);
  const lng = i18n.language;
  const alerts = useLoad(fetchAlerts);
  const list = useTradeList();
  const [editing, setEditing] = useState<AlertView | null>(null);
  const { reload } = alerts;
  useEffect(() => subscribe(TOPICS.priceAlert, () => reload()), [reload]);

  if (alerts.status === 'loading') return <SkeletonRows rows={4} />;
  if (alerts.status === 'error') return <LoadError onRetry={alerts.reload} />;
  const instruments = list.status === 'ready' ? list.data : [];
  const byId = new Map<number, Instrument>(instruments.map((i) => [i.Id, i]));
  const { data, max } = alerts.data;

  const remove = async (a: AlertView) => {
    const yes = await confirm({
      title: t('alerts.deleteTitle'),
      message: t('alerts.deleteText', { code: a.code }),
      confirmText: t('alerts.delete'),
    });
    if (!yes) return;
    try {
      await deleteAlert(a.id);
      toast(t('alerts.deleted'), 'success');
      alerts.setData({ data: data.filter((x) => x.id !== a.id), max });
    } catch {
      // The client showed the reason.
    }
  };

  const describe = (a: AlertView) => {
    const inst = byId.get(a.forex_id);
    const c = alertCondition(a);
    const vars =
      a.kind === 'price' && a.level !== null
        ? { level: inst ? formatAmount(a.level, inst.PricePrecision, lng) : a.level }
        : { percent: formatAmount(a.percent ?? '0', 2, lng) };
    return t(c.key, { ...c.vars, ...vars });
  };

  return (
    <Body>
      <Muted data-testid="alerts-count">{t('alerts.count', { count: data.length, max })}</Muted>
      {/* Alerts are worth most with the app closed: offered here once the trader has one. */}
      {data.length > 0 && <PushOffer />}
      {data.length === 0 ? (
        <Empty text={t('alerts.empty')} />
      ) : (
        <List>
          {data.map((a) => {
            const cd = cooldownLabel(a.cooldown);
            return (
              <Row key={a.id} data-testid="alert-row" data-alert-id={a.id} data-armed={a.armed}>
                <Main>
                  <strong>{a.code}</strong>
                  <span data-testid="alert-condition">{describe(a)}</span>
                  <Muted>
                    {a.repeat === 1
                      ? t('alerts.repeatEvery', { every: t(cd.key, { count: cd.count }) })
                      : t('alerts.once')}
                    {' · '}
                    <span data-testid="alert-state">
                      {a.armed === 1
                        ? t('alerts.armed')
                        : t('alerts.firedAt', {
                            time: a.last_fired_at ? new Date(a.last_fired_at).toLocaleString(lng) : '—',
                          })}
                    </span>
                  </Muted>
                </Main>
                <Actions>
                  <Button
                    type="button"
                    onClick={() => setEditing(a)}
                    disabled={!byId.has(a.forex_id)}
                    data-testid="alert-edit"
                  >
                    {t('alerts.edit')}
                  </Button>
                  <Button type="button" $danger onClick={() => void remove(a)} data-testid="alert-delete">
                    {t('alerts.delete')}
                  </Button>
                </Actions>
              </Row>
            );
          })}
        </List>
      )}
      {editing && byId.get(editing.forex_id) && (
        <AlertSheet
          open
          id={editing.id}
          instrument={byId.get(editing.forex_id) as Instrument}
          initial={formOf(editing)}
          onClose={() => setEditing(null)}
          onSaved={(saved) => alerts.setData({ data: data.map((x) => (x.id === saved.id ? saved : x)), max })}
        />
      )}
    </Body>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  &[data-armed='0'] {
    opacity: 0.75;
  }
`;

const Main = styled.div`
  display: grid;
  gap: 2px;
  min-inline-size: 0;
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;
