/**
 * The order confirmation, read like a broker's order ticket before it goes: side and instrument, market or pending
 * (limit or stop, at which price), lots, leverage, stop loss, take profit, estimated margin and fee. The confirm
 * button says what it does ("Place buy limit at 83,029.00"); nothing is sent until it is tapped.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Dialog } from '@meridian/shared';
import { BUY } from '@meridian/shared/pure';
import type { PendingKind } from '@meridian/shared/pure';
import { NS } from '../../../lib/ns';
import type { SubmitParams } from '../state/ticket-rules';

export type OrderReview = {
  params: SubmitParams;
  pendingKind: PendingKind | null;
  code: string;
  /** Already formatted for the user's language. */
  price: string;
  lots: string;
  stopLoss: string | null;
  takeProfit: string | null;
  /** A trailing stop's distance, formatted ("50 points"), or null for none. */
  trailing: string | null;
  margin: string;
  fee: string;
  /** Market orders: the price distance a fill may be worse than `price` ("0.00030"). */
  deviation: string | null;
};

/** What the ticket's and the confirmation's button say for this order. */
export function actionLabel(
  t: (key: string, vars?: Record<string, string>) => string,
  side: number,
  pendingKind: PendingKind | null,
  price: string | null,
): string {
  const buy = side === BUY;
  if (pendingKind === null) return t(buy ? 'ticket.placeBuy' : 'ticket.placeSell');
  if (price === null) return t(buy ? 'ticket.placeBuyPending' : 'ticket.placeSellPending');
  const key = `ticket.place${buy ? 'Buy' : 'Sell'}${pendingKind === 'limit' ? 'Limit' : 'Stop'}`;
  return t(key, { price });
}

export function OrderConfirm({
  review,
  onCancel,
  onConfirm,
}: {
  review: OrderReview | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation(NS);
  const tv = (key: string, vars?: Record<string, string>) => t(key, vars);
  const p = review?.params;
  const buy = p?.type === BUY;
  return (
    <Dialog
      open={review !== null}
      onClose={onCancel}
      dismissible
      role="alertdialog"
      title={t('ticket.confirmTitle')}
      actions={
        // Stacked, full width: the confirming button says what it does ("Place sell limit at 95,482.67") on one
        // line in every language, within thumb reach.
        review && (
          <Stacked>
            <Button type="button" $primary $buy={buy} onClick={onConfirm} data-testid="confirm-order">
              {actionLabel(tv, review.params.type, review.pendingKind, review.price)}
            </Button>
            <Button type="button" onClick={onCancel} data-testid="confirm-cancel">
              {t('ticket.back')}
            </Button>
          </Stacked>
        )
      }
    >
      {review && p && (
        <Sheet data-testid="order-review">
          <Headline $buy={buy}>
            <span>{t(buy ? 'ticket.buy' : 'ticket.sell')}</span> <bdi>{review.code}</bdi>
          </Headline>
          <Rows>
            <dt>{t('ticket.mode')}</dt>
            <dd data-testid="review-type">
              {review.pendingKind === null
                ? t('ticket.market')
                : t(`ticket.kind.${buy ? 'buy' : 'sell'}.${review.pendingKind}`)}
            </dd>
            <dt>{review.pendingKind === null ? t('ticket.marketPrice') : t('ticket.targetPrice')}</dt>
            <dd data-testid="review-price">{review.price}</dd>
            {review.deviation !== null && (
              <>
                <dt>{t('ticket.deviation')}</dt>
                <dd data-testid="review-deviation">
                  <bdi dir="ltr">{`±${review.deviation}`}</bdi>
                </dd>
              </>
            )}
            <dt>{t('ticket.lots')}</dt>
            <dd data-testid="review-lots">{review.lots}</dd>
            <dt>{t('ticket.leverage')}</dt>
            <dd data-testid="review-leverage">
              <bdi dir="ltr">{`×${p.multiple}`}</bdi>
            </dd>
            <dt>{t('ticket.stopLoss')}</dt>
            <dd data-testid="review-sl">{review.stopLoss ?? t('ticket.notSet')}</dd>
            <dt>{t('ticket.takeProfit')}</dt>
            <dd data-testid="review-tp">{review.takeProfit ?? t('ticket.notSet')}</dd>
            {review.trailing !== null && (
              <>
                <dt>{t('ticket.trailing')}</dt>
                <dd data-testid="review-trailing">{review.trailing}</dd>
              </>
            )}
            <dt>{t('ticket.estMargin')}</dt>
            <dd data-testid="review-margin">{review.margin}</dd>
            <dt>{t('ticket.estFee')}</dt>
            <dd data-testid="review-fee">{review.fee}</dd>
          </Rows>
          {review.pendingKind === null && (
            <Note>
              {t('ticket.deviationNote', {
                price: review.price,
                deviation: review.deviation ?? '0',
              })}
            </Note>
          )}
        </Sheet>
      )}
    </Dialog>
  );
}

const Sheet = styled.div`
  margin: -${({ theme }) => theme.space(2)} 0 0;
  text-align: start;
`;

const Headline = styled.p<{ $buy: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ $buy, theme }) => ($buy ? theme.color.up : theme.color.down)};
  font-size: 18px;
  font-weight: 700;
  text-align: center;
  bdi {
    color: ${({ theme }) => theme.color.text};
  }
`;

const Rows = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  margin: 0;
  font-size: 14px;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  font-size: 12px;
  line-height: 1.4;
`;

const Stacked = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
`;

const Button = styled.button<{ $primary?: boolean; $buy?: boolean }>`
  min-block-size: 52px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $primary, $buy, theme }) =>
    $primary ? ($buy ? theme.color.up : theme.color.down) : 'transparent'};
  color: ${({ $primary, theme }) => ($primary ? '#fff' : theme.color.text)};
  font: ${({ $primary }) => ($primary ? 700 : 400)} 15px / 1.25 ${({ theme }) => theme.font.body};
  font-variant-numeric: tabular-nums;
`;
