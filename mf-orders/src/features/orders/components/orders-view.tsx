/**
 * `/order`: tabs (in the URL), the live account summary, the paged order list and the detail popup. Live updates
 * change the loaded items in place (usePagedList's setItems), so a tick never reloads or reorders the list.
 */
import { useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { SkeletonRows, useQueryParam } from '@meridian/shared';
import { PagedList, usePagedList } from '@meridian/shared/lists';
import { NS } from '../../../lib/ns';
import { ORDER_STATUS, fetchDeals } from '../api/orders-api';
import type { Order } from '../api/orders-api';
import { useAccount } from '../hooks/use-account';
import { useLiveOrders } from '../hooks/use-live-orders';
import { floatingOf, mergeLive, removeOrder, statusFromParam } from '../state/order-rules';
import { OrderDetail } from './order-detail';
import { OrderRow } from './order-row';
import { OrderSummary, liveFigures } from './order-summary';
import { OrderTabs } from './order-tabs';

const keyOf = (o: Order) => o.Id;

export function OrdersView() {
  const { t } = useTranslation(NS);
  const status = statusFromParam(useQueryParam('type'));
  const [meta, setMeta] = useState<{ status: number; balance: string; allFactProfits: string } | null>(null);
  const [floating, setFloating] = useState<number | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const account = useAccount();
  const { reload: reloadAccount } = account;

  const fetchPage = useCallback(
    async (page: number) => {
      const res = await fetchDeals(status, page);
      setMeta({ status, balance: res.balance, allFactProfits: res.allFactProfits });
      return res;
    },
    [status],
  );
  const list = usePagedList(fetchPage, { reloadKey: status });
  const { setItems, refresh } = list;

  useLiveOrders({
    onTrade: (live) => {
      setItems((items) => mergeLive(items, live, status));
      setFloating(floatingOf(live));
    },
    onClosed: (closed) => {
      if (status !== ORDER_STATUS.closed) setItems((items) => removeOrder(items, closed.Id));
      setDetailId((id) => (id === closed.Id ? null : id));
      setFloating(null);
      reloadAccount();
    },
  });

  const onRemoved = useCallback(
    (id: number) => {
      setItems((items) => removeOrder(items, id));
      setDetailId(null);
      setFloating(null);
      reloadAccount();
    },
    [setItems, reloadAccount],
  );
  const onUpdated = useCallback(
    (next: Order) => setItems((items) => items.map((o) => (o.Id === next.Id ? { ...o, ...next } : o))),
    [setItems],
  );
  const onPullRefresh = useCallback(() => {
    reloadAccount();
    return refresh();
  }, [refresh, reloadAccount]);

  const controller = useMemo(() => ({ ...list, refresh: onPullRefresh }), [list, onPullRefresh]);
  const detail = detailId === null ? null : (list.items.find((o) => o.Id === detailId) ?? null);
  const figures = account.figures ? liveFigures(account.figures, floating) : null;
  const balance = meta ? Number(meta.balance) : account.figures ? Number(account.figures.balance) : null;
  const realised =
    status === ORDER_STATUS.closed ? (meta?.status === status ? meta.allFactProfits : null) : undefined;

  return (
    <>
      <OrderTabs status={status} />
      <OrderSummary figures={figures} realised={realised} />
      <ListBox role="tabpanel" aria-label={t(`tab.${tabKey(status)}`)} data-testid={`list-${tabKey(status)}`}>
        <PagedList<Order>
          controller={controller}
          keyOf={keyOf}
          renderItem={(order) => <OrderRow order={order} onOpen={setDetailId} />}
          placeholder={<SkeletonRows rows={6} />}
        />
      </ListBox>
      <OrderDetail
        order={detail}
        balance={balance}
        onClose={() => setDetailId(null)}
        onRemoved={onRemoved}
        onUpdated={onUpdated}
      />
    </>
  );
}

function tabKey(status: number): 'holding' | 'pending' | 'history' {
  return status === ORDER_STATUS.pending ? 'pending' : status === ORDER_STATUS.closed ? 'history' : 'holding';
}

const ListBox = styled.div`
  border-block-start: 1px solid ${({ theme }) => theme.color.border};
`;
