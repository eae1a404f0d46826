/**
 * `/mine/statement`: the account statement of a chosen period (presets or two dates, UTC days): the opening and
 * closing balance, the totals by kind, every movement with its running balance and the trades opened or closed —
 * as the ledger has them, to the cent. Downloads as CSV; prints (or saves as PDF, the browser's print) as a page of
 * its own, without the app around it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { createGlobalStyle } from 'styled-components';
import { isApiError, languageAtom, LoadError, Skeleton, useAtomValue } from '@meridian/shared';
import type { Statement } from '@meridian/shared/pure';
import { formatMoney } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { fetchStatement } from '../api/statement';
import { presetPeriod, PRESETS } from '../state/period';
import type { Period, Preset } from '../state/period';
import { statementCsv } from '../state/statement-csv';

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string | null }
  | { status: 'ready'; data: Statement };

export function StatementView({ now = Date.now }: { now?: () => number }) {
  const { t } = useTranslation(NS);
  const lng = useAtomValue(languageAtom);
  const [period, setPeriod] = useState<Period>(() => presetPeriod('thisMonth', now()));
  const [preset, setPreset] = useState<Preset | null>('thisMonth');
  const [state, setState] = useState<State>({ status: 'idle' });
  const money = (v: string) => formatMoney(v, lng);
  const tv = (key: string, vars?: Record<string, string>) => t(key, vars);

  const load = async (p: Period) => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', data: await fetchStatement(p.from, p.to) });
    } catch (e) {
      // The server's reason (a bad period) is shown as it says it; a network failure gets the retry view.
      setState({ status: 'error', message: isApiError(e) && e.kind === 'server' ? e.msg : null });
    }
  };
  const choose = (p: Preset) => {
    const next = presetPeriod(p, now());
    setPreset(p);
    setPeriod(next);
    void load(next);
  };
  const download = (s: Statement) => {
    const blob = new Blob([statementCsv(s, tv)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `statement-${s.uid}-${s.from}-${s.to}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Wrap>
      <Controls
        onSubmit={(e) => {
          e.preventDefault();
          setPreset(null);
          void load(period);
        }}
        data-print="hide"
      >
        <Presets role="radiogroup" aria-label={t('statement.period')}>
          {PRESETS.map((p) => (
            <Chip
              key={p}
              type="button"
              role="radio"
              aria-checked={preset === p}
              $on={preset === p}
              onClick={() => choose(p)}
              data-testid={`preset-${p}`}
            >
              {t(`statement.preset.${p}`)}
            </Chip>
          ))}
        </Presets>
        <Dates>
          <label>
            <span>{t('statement.from')}</span>
            <input
              type="date"
              value={period.from}
              onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
              data-testid="statement-from"
            />
          </label>
          <label>
            <span>{t('statement.to')}</span>
            <input
              type="date"
              value={period.to}
              onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
              data-testid="statement-to"
            />
          </label>
          <Show type="submit" data-testid="statement-show">
            {t('statement.show')}
          </Show>
        </Dates>
      </Controls>

      {state.status === 'loading' && (
        <div aria-busy="true" data-testid="statement-loading">
          <Skeleton height={120} />
        </div>
      )}
      {state.status === 'error' &&
        (state.message ? (
          <Refused role="alert" data-testid="statement-refused">
            {state.message}
          </Refused>
        ) : (
          <LoadError onRetry={() => void load(period)} />
        ))}
      {state.status === 'ready' && (
        <Sheet data-print="root" data-testid="statement">
          <PrintOnly />
          <h2>{t('statement.title')}</h2>
          <Meta>
            {t('statement.periodOf', { from: state.data.from, to: state.data.to })}
            <br />
            {t('statement.generated', { time: state.data.generated_at, uid: state.data.uid })}
          </Meta>
          <Summary data-testid="statement-summary">
            {(
              [
                ['opening', state.data.opening_balance],
                ['deposits', state.data.totals.deposits],
                ['withdrawals', state.data.totals.withdrawals],
                ['fees', state.data.totals.fees],
                ['realised', state.data.totals.realised_pl],
                ['writtenOff', state.data.totals.written_off],
                ['other', state.data.totals.other],
                ['closing', state.data.closing_balance],
              ] as const
            ).map(([key, value]) => (
              <div key={key} data-total={key}>
                <dt>{t(`statement.${key}`)}</dt>
                <dd data-testid={`total-${key}`}>{money(value)}</dd>
              </div>
            ))}
          </Summary>
          <Note>{t('statement.note')}</Note>
          <Actions data-print="hide">
            <Action type="button" onClick={() => download(state.data)} data-testid="statement-csv">
              {t('statement.csv')}
            </Action>
            <Action type="button" onClick={() => window.print()} data-testid="statement-print">
              {t('statement.print')}
            </Action>
          </Actions>

          <h3>{t('statement.movements')}</h3>
          {state.data.movements.length === 0 ? (
            <Note data-testid="no-movements">{t('statement.noMovements')}</Note>
          ) : (
            <Scroll>
              <Table data-testid="statement-movements">
                <thead>
                  <tr>
                    <th>{t('statement.colTime')}</th>
                    <th>{t('statement.colText')}</th>
                    <th className="n">{t('statement.colAmount')}</th>
                    <th className="n">{t('statement.colBalance')}</th>
                  </tr>
                </thead>
                <tbody>
                  {state.data.movements.map((m) => (
                    <tr key={m.id}>
                      <td className="time">
                        {m.time.slice(0, 10)}
                        <small>{m.time.slice(11)}</small>
                      </td>
                      <td>{m.text}</td>
                      <td className="n">{money(m.amount)}</td>
                      <td className="n">{money(m.cash_after)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Scroll>
          )}

          <h3>{t('statement.trades')}</h3>
          {state.data.trades.length === 0 ? (
            <Note data-testid="no-trades">{t('statement.noTrades')}</Note>
          ) : (
            <Scroll>
              <Table data-testid="statement-trades">
                <thead>
                  <tr>
                    <th>{t('statement.colInstrument')}</th>
                    <th>
                      {t('statement.colOpened')} / {t('statement.colClosed')}
                    </th>
                    <th className="n">
                      {t('statement.colFee')} / {t('statement.colProfit')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {state.data.trades.map((tr) => (
                    <tr key={tr.id}>
                      <td>
                        <bdi>{tr.code}</bdi> {t(tr.side === 1 ? 'statement.buy' : 'statement.sell')} {tr.lots}
                        <small>#{tr.id}</small>
                      </td>
                      <td>
                        {tr.opened_at} · {tr.open_price}
                        <small>
                          {tr.closed_at ? `${tr.closed_at} · ${tr.close_price}` : t('statement.stillOpen')}
                        </small>
                      </td>
                      <td className="n">
                        {money(tr.fee)}
                        <small>{money(tr.profit)}</small>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Scroll>
          )}
        </Sheet>
      )}
    </Wrap>
  );
}

/** Printing shows the statement alone: the app's header, tab bar and the controls are left out. */
const PrintOnly = createGlobalStyle`
  @media print {
    body * { visibility: hidden; }
    [data-print='root'], [data-print='root'] * { visibility: visible; }
    [data-print='root'] { position: absolute; inset: 0 auto auto 0; width: 100%; color: #000; background: #fff; }
    [data-print='root'] [data-print='hide'] { display: none; }
  }
`;

const Wrap = styled.div`
  padding: ${({ theme }) => theme.space(3)};
`;
const Controls = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;
const Presets = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
const Chip = styled.button<{ $on: boolean }>`
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ $on, theme }) => ($on ? theme.color.primary : theme.color.border)};
  border-radius: 20px;
  background: ${({ $on, theme }) => ($on ? theme.color.primary : 'transparent')};
  color: ${({ $on, theme }) => ($on ? theme.color.onPrimary : theme.color.text)};
  font-size: 14px;
`;
const Dates = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(2)};
  label {
    display: grid;
    gap: 4px;
    font-size: 13px;
    color: ${({ theme }) => theme.color.textMuted};
  }
  input {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 8px;
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font-size: 15px;
    color-scheme: dark;
  }
`;
const Show = styled.button`
  grid-column: 1 / -1;
  min-height: 44px;
  border: 0;
  border-radius: 8px;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font: 600 15px / 1 ${({ theme }) => theme.font.body};
`;
const Refused = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0;
  color: ${({ theme }) => theme.color.warning};
`;
const Sheet = styled.article`
  margin-top: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0;
    font-size: 18px;
  }
  h3 {
    margin: ${({ theme }) => theme.space(5)} 0 ${({ theme }) => theme.space(2)};
    font-size: 15px;
  }
`;
const Meta = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
`;
const Summary = styled.dl`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 8px;
  }
  div[data-total='opening'],
  div[data-total='closing'] {
    grid-column: 1 / -1;
  }
  dt {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 2px 0 0;
    font-size: 16px;
    font-variant-numeric: tabular-nums;
  }
`;
const Note = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
`;
const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(2)};
`;
const Action = styled.button`
  min-height: 44px;
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: 8px;
  background: transparent;
  color: ${({ theme }) => theme.color.primary};
  font: 600 14px / 1.2 ${({ theme }) => theme.font.body};
`;
/** A table wider than the phone scrolls inside the page, never the page itself. */
const Scroll = styled.div`
  overflow-x: auto;
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 13px;
  th,
  td {
    padding: ${({ theme }) => theme.space(2)} 4px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    text-align: start;
    vertical-align: top;
  }
  th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 500;
  }
  .n {
    text-align: end;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .time {
    white-space: nowrap;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
