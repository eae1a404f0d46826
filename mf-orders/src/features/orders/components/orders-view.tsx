/**
 * `/order`: tabs (in the URL), the live account summary, the paged order list and the detail popup; on holding, the
 * close-all action. Live updates change the loaded items in place (usePagedList's setItems), so a tick never reloads
 * or reorders the list. `?id=` (a notification's target) opens that order's detail on the tab of its status now.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { SkeletonRows, useAppNavigate, useQueryParam } from '@meridian/shared';
import { PagedList, usePagedList } from '@meridian/shared/lists';
import { hrefs } from '@meridian/shared/pure';
import { NS } from '../../../lib/ns';
import { ORDER_STATUS, fetchDeals, fetchOrder } from '../api/orders-api';
import type { Order } from '../api/orders-api';
import { useAccount } from '../hooks/use-account';
import { useLiveOrders } from '../hooks/use-live-orders';
import { afterPartialClose, floatingOf, mergeLive, removeOrder, statusFromParam } from '../state/order-rules';
import { CloseAllSheet } from './close-all-sheet';
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
  const [closeAllOpen, setCloseAllOpen] = useState(false);
  const [live, setLive] = useState<readonly Order[] | null>(null);
  const account = useAccount();
  const { reload: reloadAccount } = account;
  const navigate = useAppNavigate();
  const focusParam = useQueryParam('id');
  const [focused, setFocused] = useState<Order | null>(null);

  // `?id=`: open that order once, on the tab of its status now (a filled order may have closed since); the URL then
  // keeps only the tab, so going back or reloading does not open it again.
  useEffect(() => {
    // Plain digits only: "1e3" or "-0" is no order id.
    const id = focusParam && /^\d{1,10}$/.test(focusParam) ? Number(focusParam) : 0;
    if (id < 1) return;
    let live = true;
    fetchOrder(id).then(
      (o) => {
        if (!live) return;
        if (o) {
          setFocused(o);
          setDetailId(o.Id);
        }
        navigate(hrefs.order(o ? o.Status : status), { replace: true });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Only a new `id` asks again; the tab it lands on is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusParam]);

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
    onTrade: (next) => {
      setItems((items) => mergeLive(items, next, status));
      setFloating(floatingOf(next));
      setLive(next);
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
    (next: Order) => {
      setItems((items) => items.map((o) => (o.Id === next.Id ? { ...o, ...next } : o)));
      setFocused((f) => (f && f.Id === next.Id ? { ...f, ...next } : f));
    },
    [setItems],
  );
  const onPartial = useCallback(
    (position: Order, part: Order) => {
      setItems((items) => items.map((o) => (o.Id === position.Id ? afterPartialClose(o, part) : o)));
      setFloating(null);
      reloadAccount();
    },
    [setItems, reloadAccount],
  );
  const onClosedAll = useCallback(
    (ids: number[]) => {
      if (ids.length === 0) return;
      setItems((items) => items.filter((o) => !ids.includes(o.Id)));
      setFloating(null);
      reloadAccount();
    },
    [setItems, reloadAccount],
  );
  const onPullRefresh = useCallback(() => {
    reloadAccount();
    return refresh();
  }, [refresh, reloadAccount]);

  const controller = useMemo(() => ({ ...list, refresh: onPullRefresh }), [list, onPullRefresh]);
  const detail =
    detailId === null
      ? null
      : (list.items.find((o) => o.Id === detailId) ?? (focused?.Id === detailId ? focused : null));
  const figures = account.figures ? liveFigures(account.figures, floating) : null;
  const balance = meta ? Number(meta.balance) : account.figures ? Number(account.figures.balance) : null;
  const realised =
    status === ORDER_STATUS.closed ? (meta?.status === status ? meta.allFactProfits : null) : undefined;

  return (
    <>
      <OrderTabs status={status} />
      <OrderSummary figures={figures} realised={realised} />
      {status === ORDER_STATUS.holding && list.items.length > 0 && (
        <Toolbar>
          <ToolButton type="button" onClick={() => setCloseAllOpen(true)} data-testid="close-all-open">
            {t('closeAll.open')}
          </ToolButton>
        </Toolbar>
      )}
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
        onPartial={onPartial}
      />
      <CloseAllSheet
        open={closeAllOpen}
        live={live}
        onClose={() => setCloseAllOpen(false)}
        onClosed={onClosedAll}
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

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
`;

const ToolButton = styled.button`
  min-block-size: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.danger};
  font: 600 14px / 1.2 ${({ theme }) => theme.font.body};
  cursor: pointer;
`;
