/**
 * The close sheet of a holding position: how many lots to close (the shared NumericInput, the whole position to
 * start with: "close all of it" and "close part" are just the value), the P/L that would be realised at the live
 * price, and the confirmation. The field shows exactly what was typed and says why it is not a quantity the server
 * takes (minimum, step, less than the position, what must stay open), with the instrument's lot terms.
 */
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Dialog, NumericInput } from '@meridian/shared';
import { normalizeLanguage } from '@meridian/shared/pure';
import { formatFixed } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { fetchLotTerms } from '../api/orders-api';
import type { LotTerms, Order } from '../api/orders-api';
import { checkCloseLots, closeLotsOptions, estimateClose, lotsText } from '../state/order-rules';
import { Profit, SideBadge } from './parts';
import { Button, Input, SheetActions } from './sheet-parts';

export type CloseSheetProps = {
  /** The position; null keeps the sheet closed. */
  order: Order | null;
  onCancel: () => void;
  /** Confirmed: `lots` for a part, undefined for the whole position. */
  onConfirm: (lots: string | undefined) => void;
};

export function CloseSheet({ order, onCancel, onConfirm }: CloseSheetProps) {
  const { t } = useTranslation(NS);
  return (
    <Dialog open={order !== null} onClose={onCancel} dismissible title={t('close.title')}>
      {order && <CloseForm key={order.Id} order={order} onCancel={onCancel} onConfirm={onConfirm} />}
    </Dialog>
  );
}

function CloseForm({ order, onCancel, onConfirm }: CloseSheetProps & { order: Order }) {
  const { t, i18n } = useTranslation(NS);
  const lng = i18n.language;
  const language = normalizeLanguage(lng);
  const ids = useId();
  const [text, setText] = useState(() => lotsText(order));
  const [terms, setTerms] = useState<LotTerms | null>(null);
  useEffect(() => {
    let live = true;
    fetchLotTerms(order.ForexId).then(
      (r) => {
        if (live) setTerms(r);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [order.ForexId]);

  const check = checkCloseLots(text, order, terms, language);
  const lots = check.kind === 'whole' ? lotsText(order) : check.kind === 'part' ? check.lots : null;
  const estimate = lots === null ? null : estimateClose(order, lots);
  const ruleError = check.kind === 'error' ? t(check.key, check.params) : null;
  const valid = check.kind === 'whole' || check.kind === 'part';

  return (
    <Form
      data-testid="close-sheet"
      onSubmit={(e) => {
        e.preventDefault();
        if (check.kind === 'whole') onConfirm(undefined);
        else if (check.kind === 'part') onConfirm(check.lots);
      }}
    >
      <Line>
        <strong>{order.ForexTradeLists.ShowCode}</strong>
        <SideBadge orderType={order.OrderType} />
        <Muted data-testid="close-sheet-whole">
          {t('closeSheet.open', { lots: formatFixed(order.Quantity, 2, lng) })}
        </Muted>
      </Line>
      <Field>
        <LabelRow>
          <label htmlFor={`${ids}-lots`}>{t('closeSheet.lots')}</label>
          <Link type="button" onClick={() => setText(lotsText(order))} data-testid="close-sheet-all">
            {t('closeSheet.all')}
          </Link>
        </LabelRow>
        <NumericInput
          id={`${ids}-lots`}
          inputAs={Input}
          options={closeLotsOptions(terms)}
          value={text}
          required
          reserve
          error={ruleError}
          onChange={(next) => setText(next)}
          data-testid="close-sheet-lots"
        />
      </Field>
      <Line>
        <Muted>{t('closeSheet.estimate')}</Muted>
        <Estimate data-testid="close-sheet-estimate">
          {estimate === null ? '—' : <Profit value={estimate} />}
        </Estimate>
      </Line>
      <Hint>{check.kind === 'part' ? t('closeSheet.partHint') : t('closeSheet.wholeHint')}</Hint>
      <SheetActions>
        <Button type="button" onClick={onCancel}>
          {t('stops.back')}
        </Button>
        <Button type="submit" $danger disabled={!valid} data-testid="close-sheet-confirm">
          {check.kind === 'part'
            ? t('closeSheet.closePart', { lots: formatFixed(check.lots, 2, lng) })
            : t('close.action')}
        </Button>
      </SheetActions>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  text-align: start;
  color: ${({ theme }) => theme.color.text};
`;

const Line = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 14px;
  & > :last-child {
    margin-inline-start: auto;
  }
`;

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
`;

const LabelRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const Link = styled.button`
  min-block-size: 32px;
  padding-inline: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.primary};
  font: 600 13px / 1.2 ${({ theme }) => theme.font.body};
  cursor: pointer;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Estimate = styled.span`
  font-size: 16px;
  font-weight: 600;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 12px;
`;
