/**
 * Close-all on the holding tab: a menu (close all, close all losing, close all of one instrument), then ONE
 * confirmation listing what will close (instrument, side, lots, live P/L) with the estimated total, then the result
 * of each position (closed, or why not). Only the positions on the confirmation are sent (`ids`), so nothing closes
 * that the trader did not see; the server closes each as a single close and reports each refusal on its own.
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Dialog, toast } from '@meridian/shared';
import { formatFixed } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { closeAll, fetchAllHolding } from '../api/orders-api';
import type { CloseAllResult, Order } from '../api/orders-api';
import { useAction } from '../hooks/use-action';
import type { CloseAllChoice } from '../state/order-rules';
import { closeAllTargets, instrumentsOf, isLosing, totalBooked, withLive } from '../state/order-rules';
import { Profit, SideBadge } from './parts';
import { Button, SheetActions } from './sheet-parts';

export type CloseAllSheetProps = {
  open: boolean;
  /** The latest FOREX_TRADE (every holding position with its live P/L), or null before the first. */
  live: readonly Order[] | null;
  onClose: () => void;
  /** These positions closed (they leave the holding list). */
  onClosed: (ids: number[]) => void;
};

export function CloseAllSheet({ open, live, onClose, onClosed }: CloseAllSheetProps) {
  const { t } = useTranslation(NS);
  return (
    <Dialog open={open} onClose={onClose} dismissible title={t('closeAll.title')}>
      {open && <CloseAllBody live={live} onClose={onClose} onClosed={onClosed} />}
    </Dialog>
  );
}

type Step =
  { kind: 'menu' } | { kind: 'confirm'; choice: CloseAllChoice } | { kind: 'result'; result: CloseAllResult };

function CloseAllBody({ live, onClose, onClosed }: Omit<CloseAllSheetProps, 'open'>) {
  const { t, i18n } = useTranslation(NS);
  const lng = i18n.language;
  const [loaded, setLoaded] = useState<Order[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'menu' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let on = true;
    fetchAllHolding().then(
      (r) => {
        if (on) setLoaded(r);
      },
      () => {
        if (on) setFailed(true);
      },
    );
    return () => {
      on = false;
    };
  }, [attempt]);

  const positions = loaded ? withLive(loaded, live) : null;
  // What the confirmation shows is what is sent: the list is fixed once confirmed.
  const targets = positions && step.kind === 'confirm' ? closeAllTargets(positions, step.choice) : [];

  const [send, sending] = useAction(async (choice: CloseAllChoice, ids: number[]) => {
    const res = await closeAll(choice.scope, ids, choice.symbol);
    toast(res.msg, res.data.failed.length > 0 ? 'error' : 'success');
    onClosed(res.data.closed.map((o) => o.Id));
    setStep({ kind: 'result', result: res.data });
  });

  if (failed)
    return (
      <Body>
        <p>{t('closeAll.loadFailed')}</p>
        <SheetActions>
          <Button type="button" onClick={onClose}>
            {t('stops.back')}
          </Button>
          <Button
            type="button"
            $primary
            onClick={() => {
              setFailed(false);
              setAttempt((a) => a + 1);
            }}
          >
            {t('closeAll.retry')}
          </Button>
        </SheetActions>
      </Body>
    );
  if (!positions) return <Body aria-busy="true">{t('busy')}</Body>;

  if (step.kind === 'menu') {
    const losing = positions.filter(isLosing).length;
    const options: { choice: CloseAllChoice; label: string; count: number; testId: string }[] = [
      {
        choice: { scope: 'all' },
        label: t('closeAll.all'),
        count: positions.length,
        testId: 'close-all-all',
      },
      { choice: { scope: 'losing' }, label: t('closeAll.losing'), count: losing, testId: 'close-all-losing' },
      ...instrumentsOf(positions).map((i) => ({
        choice: { scope: 'symbol' as const, symbol: i.code, showCode: i.showCode },
        label: t('closeAll.symbol', { code: i.showCode }),
        count: i.count,
        testId: `close-all-symbol-${i.code}`,
      })),
    ];
    return (
      <Body data-testid="close-all-menu">
        {positions.length === 0 && <p>{t('closeAll.none')}</p>}
        <Menu>
          {options.map((o) => (
            <li key={o.testId}>
              <MenuItem
                type="button"
                disabled={o.count === 0}
                onClick={() => setStep({ kind: 'confirm', choice: o.choice })}
                data-testid={o.testId}
              >
                <span>{o.label}</span>
                <Count>{o.count}</Count>
              </MenuItem>
            </li>
          ))}
        </Menu>
        <SheetActions>
          <Button type="button" onClick={onClose}>
            {t('stops.back')}
          </Button>
        </SheetActions>
      </Body>
    );
  }

  if (step.kind === 'confirm') {
    const { choice } = step;
    const question =
      choice.scope === 'all'
        ? t('closeAll.confirmAll')
        : choice.scope === 'losing'
          ? t('closeAll.confirmLosing')
          : t('closeAll.confirmSymbol', { code: choice.showCode ?? choice.symbol });
    return (
      <Body data-testid="close-all-confirm">
        <p>{question}</p>
        {targets.length === 0 ? (
          <p data-testid="close-all-empty">{t('closeAll.none')}</p>
        ) : (
          <Table>
            <thead>
              <tr>
                <th>{t('closeAll.product')}</th>
                <th>{t('field.side')}</th>
                <th>{t('field.lots')}</th>
                <th>{t('field.profit')}</th>
              </tr>
            </thead>
            <tbody>
              {targets.map((o) => (
                <tr key={o.Id} data-testid="close-all-row" data-order-id={o.Id}>
                  <td>{o.ForexTradeLists.ShowCode}</td>
                  <td>
                    <SideBadge orderType={o.OrderType} />
                  </td>
                  <td>{formatFixed(o.Quantity, 2, lng)}</td>
                  <td>
                    <Profit value={o.FactProfits} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Total>
          <span>{t('closeAll.total')}</span>
          <span data-testid="close-all-total">
            <Profit value={totalBooked(targets)} />
          </span>
        </Total>
        <SheetActions>
          <Button type="button" onClick={() => setStep({ kind: 'menu' })}>
            {t('stops.back')}
          </Button>
          <Button
            type="button"
            $danger
            disabled={sending || targets.length === 0}
            aria-busy={sending}
            onClick={() =>
              void send(
                choice,
                targets.map((o) => o.Id),
              )
            }
            data-testid="close-all-send"
          >
            {sending ? t('busy') : t('closeAll.send', { count: targets.length })}
          </Button>
        </SheetActions>
      </Body>
    );
  }

  const { result } = step;
  const byId = new Map(positions.map((o) => [o.Id, o]));
  return (
    <Body data-testid="close-all-result">
      {result.closed.length > 0 && (
        <>
          <h3>{t('closeAll.closed', { count: result.closed.length })}</h3>
          <Results>
            {result.closed.map((o) => (
              <li key={o.Id} data-testid="close-all-closed" data-order-id={o.Id}>
                <span>
                  {t('closeAll.closedRow', {
                    code: o.ForexTradeLists.ShowCode,
                    lots: formatFixed(o.Quantity, 2, lng),
                  })}
                </span>
                <Profit value={o.FactProfits} />
              </li>
            ))}
          </Results>
        </>
      )}
      {result.failed.length > 0 && (
        <>
          <h3>{t('closeAll.failed', { count: result.failed.length })}</h3>
          <Results>
            {result.failed.map((f) => (
              <li key={f.id} data-testid="close-all-failed" data-order-id={f.id}>
                <span>{byId.get(f.id)?.ForexTradeLists.ShowCode ?? `#${f.id}`}</span>
                <Why>{f.msg}</Why>
              </li>
            ))}
          </Results>
        </>
      )}
      <SheetActions>
        <Button type="button" $primary onClick={onClose} data-testid="close-all-done">
          {t('detail.dismiss')}
        </Button>
      </SheetActions>
    </Body>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  text-align: start;
  color: ${({ theme }) => theme.color.text};
  font-size: 14px;

  p,
  h3 {
    margin: 0;
  }
  h3 {
    font-size: 13px;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Menu = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const MenuItem = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  inline-size: 100%;
  min-block-size: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: 600 14px / 1.2 ${({ theme }) => theme.font.body};
  text-align: start;
  cursor: pointer;

  &:disabled {
    opacity: 0.55;
    cursor: default;
  }
`;

const Count = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Table = styled.table`
  inline-size: 100%;
  border-collapse: collapse;
  font-size: 13px;
  font-variant-numeric: tabular-nums;

  th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 400;
    text-align: start;
  }
  th:last-child,
  td:last-child {
    text-align: end;
  }
  td,
  th {
    padding-block: ${({ theme }) => theme.space(1)};
    border-block-end: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const Total = styled.div`
  display: flex;
  justify-content: space-between;
  font-weight: 600;
`;

const Results = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    font-variant-numeric: tabular-nums;
  }
`;

const Why = styled.span`
  color: ${({ theme }) => theme.color.danger};
  text-align: end;
`;
