/** One order in the list: instrument, side, lots, open and current price, and the P/L (live on holding). */
import { memo } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { ORDER_STATUS } from '../api/orders-api';
import type { Order } from '../api/orders-api';
import { neverFilled } from '../state/order-rules';
import { Profit, SideBadge, StateTag } from './parts';

export const OrderRow = memo(function OrderRow({
  order,
  onOpen,
}: {
  order: Order;
  onOpen: (id: number) => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const lng = i18n.language;
  const d = order.PricePrecision;
  const pending = order.Status === ORDER_STATUS.pending;
  // A cancelled pending order is shown for what it was: a target, never a trade.
  const unfilled = neverFilled(order);
  const target = unfilled ? (order.TargetPrice ?? order.Price) : order.Price;
  return (
    <Row
      type="button"
      onClick={() => onOpen(order.Id)}
      data-testid="order-row"
      data-order-id={order.Id}
      aria-label={t('row.open', { code: order.ForexTradeLists.ShowCode })}
    >
      <Top>
        <Name>{order.ForexTradeLists.ShowCode}</Name>
        <SideBadge orderType={order.OrderType} />
        <Lots>{t('row.lots', { lots: formatFixed(order.Quantity, 2, lng) })}</Lots>

        <Pl>
          {pending ? (
            <Muted>{t('status.0')}</Muted>
          ) : unfilled ? (
            <StateTag reason={order.CloseReason} />
          ) : (
            <Profit value={order.FactProfits} testId="order-pl" />
          )}
        </Pl>
      </Top>
      {!pending && !unfilled && order.Status !== ORDER_STATUS.closed && order.TrailingDistance > 0 ? (
        <PartLine data-testid="order-trailing">
          {t('trailing.summary', {
            points: formatFixed(order.TrailingDistance, 0, lng),
            level: formatFixed(order.TargetLossPrice, d, lng),
          })}
        </PartLine>
      ) : null}
      {order.ParentId ? (
        <PartLine data-testid="order-parent">{t('partial.of', { id: order.ParentId })}</PartLine>
      ) : null}
      <Bottom>
        <span>
          {pending || unfilled ? t('field.targetPrice') : t('field.openPrice')}{' '}
          <Num data-testid="order-open">{formatFixed(target, d, lng)}</Num>
        </span>
        {!pending && !unfilled && (
          <span>
            {order.Status === ORDER_STATUS.closed ? t('field.closePrice') : t('field.currentPrice')}{' '}
            <Num data-testid="order-current">{formatFixed(order.UpdatePrice, d, lng)}</Num>
          </span>
        )}
      </Bottom>
    </Row>
  );
});

const Row = styled.button`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  inline-size: 100%;
  min-block-size: 64px;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 0;
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: 400 14px / 1.3 ${({ theme }) => theme.font.body};
  text-align: start;
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;

  &:active {
    background: ${({ theme }) => theme.color.surface};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: -2px;
  }
`;

const Top = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Name = styled.span`
  font-size: 15px;
  font-weight: 600;
`;

const Lots = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  white-space: nowrap;
  font-size: 13px;
  font-variant-numeric: tabular-nums;
`;

const PartLine = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 12px;
`;

const Pl = styled.span`
  margin-inline-start: auto;
  font-size: 15px;
  font-weight: 600;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
  font-weight: 400;
`;

const Bottom = styled.span`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 12px;
`;

const Num = styled.span`
  color: ${({ theme }) => theme.color.text};
  font-variant-numeric: tabular-nums;
`;
