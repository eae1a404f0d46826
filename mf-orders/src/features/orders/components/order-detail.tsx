/**
 * The detail popup of one order (docs/calls.md Order fields, plus expected and actual fill price and how it closed), with
 * its actions: close a position (all of it or a part, in the close sheet), cancel a pending order, edit TP/SL. Every
 * action button is disabled while its call runs, and the call is guarded against a second tap (useAction). A
 * position lists its partial closes; a partial close names the position it came from.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Dialog, NumericInput, SLTP_BALANCE_THRESHOLD, confirm, toast } from '@meridian/shared';
import { CLOSE_REASONS, normalizeLanguage, trailingFieldOptions } from '@meridian/shared/pure';
import { formatFixed, formatMoney, formatTime, isPriceSet } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { ORDER_STATUS, cancelOrder, closeOrder, fetchPartialCloses, setStops } from '../api/orders-api';
import type { Order } from '../api/orders-api';
import { useAction } from '../hooks/use-action';
import {
  checkStopsEdit,
  neverFilled,
  stopFieldOptions,
  stopText,
  trailingPreview,
} from '../state/order-rules';
import { CloseSheet } from './close-sheet';
import { Profit, SideBadge, StateTag } from './parts';
import { Button, Input, SheetActions as Actions } from './sheet-parts';

export type OrderDetailProps = {
  order: Order | null;
  /** Free balance, for the 50000 TP/SL rule. */
  balance: number | null;
  onClose: () => void;
  /** The order left the list (closed or cancelled). */
  onRemoved: (id: number) => void;
  /** The server answered with the order's new view (TP/SL set). */
  onUpdated: (order: Order) => void;
  /** A part of the position closed: `part` is its own closed order. */
  onPartial: (position: Order, part: Order) => void;
};

export function OrderDetail({ order, balance, onClose, onRemoved, onUpdated, onPartial }: OrderDetailProps) {
  const { t } = useTranslation(NS);
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      dismissible
      title={order ? t('detail.title', { code: order.ForexTradeLists.ShowCode }) : undefined}
    >
      {order && (
        <DetailBody
          key={order.Id}
          order={order}
          balance={balance}
          onClose={onClose}
          onRemoved={onRemoved}
          onUpdated={onUpdated}
          onPartial={onPartial}
        />
      )}
    </Dialog>
  );
}

function DetailBody({
  order,
  balance,
  onClose,
  onRemoved,
  onUpdated,
  onPartial,
}: OrderDetailProps & { order: Order }) {
  const { t, i18n } = useTranslation(NS);
  const lng = i18n.language;
  const [editing, setEditing] = useState(false);
  const d = order.PricePrecision;
  const price = (v: string | null | undefined) => (isPriceSet(v) ? formatFixed(v, d, lng) : '--');
  const status = order.Status;
  const holding = status === ORDER_STATUS.holding;
  const pending = status === ORDER_STATUS.pending;
  const closed = status === ORDER_STATUS.closed;
  const reason =
    order.CloseReason && CLOSE_REASONS.includes(order.CloseReason) ? t(`reason.${order.CloseReason}`) : null;

  // The button turns to "Please wait…" only once the trader has confirmed: the call, not the question, is busy.
  const [runClose, closing] = useAction(async (lots: string | undefined) => {
    const res = await closeOrder(order.Id, lots);
    toast(res.msg || t('close.done'), 'success');
    if (lots === undefined) onRemoved(order.Id);
    else {
      onPartial(order, res.data);
      setParts((p) => (p ? [res.data, ...p] : [res.data]));
    }
  });
  const [sheet, setSheet] = useState(false);
  const [parts, setParts] = useState<Order[] | null>(null);
  const listsParts = !order.ParentId && order.Status !== ORDER_STATUS.pending && !neverFilled(order);
  useEffect(() => {
    if (!listsParts) return undefined;
    let live = true;
    fetchPartialCloses(order.Id).then(
      (r) => {
        if (live) setParts(r);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [order.Id, listsParts]);
  const [runCancel, cancelling] = useAction(async () => {
    const res = await cancelOrder(order.Id);
    toast(res.msg || t('cancel.done'), 'success');
    onRemoved(order.Id);
  });
  const asking = useRef(false);
  const askThen = async (question: Parameters<typeof confirm>[0], run: () => Promise<void>) => {
    if (asking.current || closing || cancelling) return;
    asking.current = true;
    try {
      if (await confirm(question)) await run();
    } finally {
      asking.current = false;
    }
  };
  const askClose = () => {
    if (asking.current || closing || cancelling) return;
    setSheet(true);
  };
  const askCancel = () =>
    askThen(
      {
        title: t('cancel.title'),
        message: t('cancel.confirm', { code: order.ForexTradeLists.ShowCode }),
        confirmText: t('cancel.action'),
      },
      runCancel,
    );
  const unfilled = neverFilled(order);

  const rows: [string, ReactNode, string?][] = [
    [t('field.id'), order.Id],
    ...(order.ParentId
      ? [
          [t('field.partOf'), t('partial.of', { id: order.ParentId }), 'detail-parent'] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    [t('field.side'), <SideBadge key="side" orderType={order.OrderType} />],
    [
      t('field.status'),
      unfilled ? <StateTag key="tag" reason={order.CloseReason} /> : t(`status.${status}`),
      'detail-status',
    ],
    [t('field.lots'), formatFixed(order.Quantity, 2, lng)],
    // Isolated left to right, or a right-to-left page would show "2×".
    [t('field.multiple'), <bdi key="multiple" dir="ltr">{`×${order.Multiple}`}</bdi>],
  ];
  // An order that never filled was never charged: no margin or fee to show (its figures were only estimates).
  if (!unfilled)
    rows.push(
      // What the ledger booked (cents), not the 6-decimal figure it was rounded from.
      [t('field.margin'), formatMoney(order.CautionMoney, lng), 'detail-margin'],
      [t('field.fee'), formatMoney(order.TradeFee, lng), 'detail-fee'],
    );
  if (pending || unfilled)
    rows.push([
      t('field.targetPrice'),
      price(isPriceSet(order.TargetPrice) ? order.TargetPrice : order.Price),
      'detail-target',
    ]);
  if (!unfilled) rows.push([t('field.expectedPrice'), price(order.ExpectedPrice ?? order.OriginPrice)]);
  if (!pending && !unfilled)
    rows.push([t('field.fillPrice'), price(order.FillPrice ?? order.Price), 'detail-fill']);
  if (holding) rows.push([t('field.currentPrice'), price(order.UpdatePrice), 'detail-current']);
  if (closed && !unfilled) {
    if (order.CloseExpectedPrice) rows.push([t('field.closeExpectedPrice'), price(order.CloseExpectedPrice)]);
    rows.push([t('field.closePrice'), price(order.ClosePrice ?? order.UpdatePrice), 'detail-close-price']);
  }
  rows.push(
    [
      t('field.stopLoss'),
      holding && order.TrailingDistance > 0
        ? t('trailing.summary', {
            points: formatFixed(order.TrailingDistance, 0, lng),
            level: price(order.TargetLossPrice),
          })
        : price(order.TargetLossPrice),
      'detail-sl',
    ],
    [t('field.takeProfit'), price(order.TargetProfitPrice), 'detail-tp'],
  );
  if (!pending && !unfilled)
    rows.push([
      closed ? t('field.realised') : t('field.profit'),
      <Profit key="pl" value={order.FactProfits} testId="detail-pl" />,
    ]);
  rows.push([t('field.created'), formatTime(order.CreateTimeHandler, lng)]);
  if (closed) {
    rows.push([
      unfilled && order.CloseReason === 'cancel' ? t('field.cancelledAt') : t('field.completed'),
      formatTime(order.CompleteTimeHandler, lng),
    ]);
    // "Cancelled" is already its status; other endings say what ended it.
    if (!(unfilled && order.CloseReason === 'cancel'))
      rows.push([t('field.reason'), reason ?? '--', 'detail-reason']);
  }

  return (
    <Body data-testid="order-detail" data-order-id={order.Id}>
      <Fields>
        {rows.map(([label, value, testId]) => (
          <Field key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </Field>
        ))}
      </Fields>
      {parts && parts.length > 0 && (
        <Parts data-testid="detail-parts">
          <h3>{t('partial.title')}</h3>
          <ul>
            {parts.map((p) => (
              <li key={p.Id} data-testid="detail-part">
                <span>{t('partial.row', { id: p.Id, lots: formatFixed(p.Quantity, 2, lng) })}</span>
                <span>{price(p.ClosePrice)}</span>
                <Profit value={p.FactProfits} />
              </li>
            ))}
          </ul>
        </Parts>
      )}
      <CloseSheet
        order={sheet ? order : null}
        onCancel={() => setSheet(false)}
        onConfirm={(lots) => {
          setSheet(false);
          void runClose(lots);
        }}
      />
      {editing && (holding || pending) ? (
        <StopsEditor
          order={order}
          decimals={d}
          balance={balance}
          onCancel={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false);
            onUpdated(next);
          }}
        />
      ) : (
        <Actions>
          {(holding || pending) && (
            <Button type="button" onClick={() => setEditing(true)} data-testid="edit-stops">
              {t('stops.edit')}
            </Button>
          )}
          {holding && (
            <Button
              type="button"
              $danger
              disabled={closing}
              aria-busy={closing}
              onClick={() => void askClose()}
              data-testid="close-order"
            >
              {closing ? t('busy') : t('close.action')}
            </Button>
          )}
          {pending && (
            <Button
              type="button"
              $danger
              disabled={cancelling}
              aria-busy={cancelling}
              onClick={() => void askCancel()}
              data-testid="cancel-order"
            >
              {cancelling ? t('busy') : t('cancel.action')}
            </Button>
          )}
          <Button type="button" onClick={onClose} data-testid="detail-dismiss">
            {t('detail.dismiss')}
          </Button>
        </Actions>
      )}
    </Body>
  );
}

/**
 * TP/SL edit with the ticket's side rules; an empty field (or 0) clears that level. Each field is the shared
 * NumericInput: it shows what was typed and why it is not a price; Save stays disabled until both read as prices.
 */
function StopsEditor({
  order,
  decimals,
  balance,
  onCancel,
  onSaved,
}: {
  order: Order;
  /** The instrument's price precision: what a level may carry. */
  decimals: number;
  balance: number | null;
  onCancel: () => void;
  onSaved: (order: Order) => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const [tp, setTp] = useState(isPriceSet(order.TargetProfitPrice) ? order.TargetProfitPrice : '');
  const trailingAllowed = order.Status === ORDER_STATUS.holding || order.Status === ORDER_STATUS.pending;
  const trailingBefore = order.TrailingDistance > 0;
  // A position's trailing level is the server's: the field starts empty, the distance carries it (a pending order's
  // stop loss is still the one the trader sent).
  const [sl, setSl] = useState(
    isPriceSet(order.TargetLossPrice) && !(trailingBefore && order.Status === ORDER_STATUS.holding)
      ? order.TargetLossPrice
      : '',
  );
  const [trailing, setTrailing] = useState(trailingAllowed && trailingBefore);
  const [distance, setDistance] = useState(trailingBefore ? String(order.TrailingDistance) : '');
  const [error, setError] = useState<string | null>(null);
  const language = normalizeLanguage(i18n.language);
  const ids = useId();
  const message = (key: string) => t(key, { min: formatFixed(SLTP_BALANCE_THRESHOLD, 0, i18n.language) });
  const options = stopFieldOptions(decimals);
  const preview = trailing ? trailingPreview(order, distance, sl, language) : null;
  const numbersValid =
    stopText(tp, decimals, language) !== null &&
    stopText(sl, decimals, language) !== null &&
    (preview === null || (preview.points !== null && preview.level !== null));
  // The text is kept exactly as typed; a rule message shown goes as soon as the pair is valid.
  const edit = (set: (v: string) => void, other: { tp: string; sl: string }) => (v: string) => {
    set(v);
    if (error === null) return;
    const next = { takeProfit: other.tp, stopLoss: other.sl };
    if (set === setTp) next.takeProfit = v;
    else next.stopLoss = v;
    const check = checkStopsEdit(order, next, balance, language);
    setError(check.kind === 'error' ? message(check.key) : null);
  };
  const [save, saving] = useAction(async () => {
    if (!numbersValid) return;
    const check = checkStopsEdit(order, { takeProfit: tp, stopLoss: sl }, balance, language);
    if (check.kind === 'error') {
      setError(message(check.key));
      return;
    }
    setError(null);
    if (preview && (balance === null || balance < SLTP_BALANCE_THRESHOLD)) {
      setError(message('stops.notAllowed'));
      return;
    }
    const res = await setStops(order.Id, check.takeProfit, check.stopLoss, preview?.points ?? undefined);
    toast(res.msg || t('stops.done'), 'success');
    onSaved(res.data);
  });
  return (
    <Form
      data-testid="stops-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {/* Stop loss, then take profit: the ticket's order. */}
      <Label>
        <label htmlFor={`${ids}-sl`}>{t('field.stopLoss')}</label>
        <NumericInput
          id={`${ids}-sl`}
          inputAs={Input}
          options={options}
          value={sl}
          placeholder={t('stops.none')}
          onChange={(text) => edit(setSl, { tp, sl })(text)}
          data-testid="input-sl"
        />
      </Label>
      <Label>
        <label htmlFor={`${ids}-tp`}>{t('field.takeProfit')}</label>
        <NumericInput
          id={`${ids}-tp`}
          inputAs={Input}
          options={options}
          value={tp}
          placeholder={t('stops.none')}
          onChange={(text) => edit(setTp, { tp, sl })(text)}
          data-testid="input-tp"
        />
      </Label>
      {trailingAllowed && (
        <Toggle>
          <input
            type="checkbox"
            checked={trailing}
            onChange={(e) => setTrailing(e.target.checked)}
            data-testid="toggle-trailing"
          />
          {t('stops.trailing')}
        </Toggle>
      )}
      {trailing && (
        <Label>
          <label htmlFor={`${ids}-trail`}>{t('stops.trailingDistance')}</label>
          <NumericInput
            id={`${ids}-trail`}
            inputAs={Input}
            options={trailingFieldOptions}
            value={distance}
            onChange={setDistance}
            data-testid="input-trailing"
          />
          <Hint data-testid="trailing-hint">
            {preview?.atFill && preview.level
              ? t('stops.trailingAtFill', { points: formatFixed(preview.points ?? 0, 0, i18n.language) })
              : preview?.level
                ? t('stops.trailingStart', { level: formatFixed(preview.level, decimals, i18n.language) })
                : preview?.points
                  ? t('stops.trailingTooFar')
                  : t('stops.trailingHelp')}
          </Hint>
        </Label>
      )}
      <Hint>{t('stops.hint')}</Hint>
      {error && (
        <ErrorText role="alert" data-testid="stops-error">
          {error}
        </ErrorText>
      )}
      <Actions>
        <Button type="button" onClick={onCancel}>
          {t('stops.back')}
        </Button>
        <Button
          type="submit"
          $primary
          disabled={saving || !numbersValid}
          aria-busy={saving}
          data-testid="save-stops"
        >
          {saving ? t('busy') : t('stops.save')}
        </Button>
      </Actions>
    </Form>
  );
}

const Toggle = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 44px;
  font-size: 14px;

  input {
    width: 20px;
    height: 20px;
  }
`;

const Body = styled.div`
  margin: -${({ theme }) => theme.space(2)} 0 0;
  text-align: start;
  color: ${({ theme }) => theme.color.text};
`;

const Parts = styled.section`
  margin-block-start: ${({ theme }) => theme.space(3)};
  font-size: 13px;

  h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 13px;
    font-weight: 600;
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    font-variant-numeric: tabular-nums;
  }
`;

const Fields = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(1.5)};
  margin: 0;
  font-size: 14px;
`;

const Field = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
    text-align: end;
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-block-start: ${({ theme }) => theme.space(4)};
`;

/** A labelled field: its label, the number field and the field's own message under it. */
const Label = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 12px;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: 13px;
`;
