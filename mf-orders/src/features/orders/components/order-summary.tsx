/**
 * The account summary above the list: balance, equity, used and free margin, margin level and the total floating
 * P/L. The floating P/L follows FOREX_TRADE; equity, free margin and margin level are recomputed from it, so the
 * whole card is live without polling.
 */
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { BALANCE_DECIMALS, PROFIT_DECIMALS, Skeleton } from '@meridian/shared';
import { formatFixed } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import type { AccountFigures } from '../api/orders-api';
import { Profit } from './parts';

export type SummaryFigures = {
  balance: number;
  equity: number;
  usedMargin: number;
  freeMargin: number;
  marginLevel: number | null;
  floating: number;
};

/** The figures at a live floating P/L (null: the server's own). */
export function liveFigures(account: AccountFigures, floating: number | null): SummaryFigures {
  const balance = Number(account.balance);
  const used = Number(account.used_margin);
  const pl = floating ?? Number(account.floating_profit);
  const equity = balance + Number(account.lock_balance) + pl;
  return {
    balance,
    equity,
    usedMargin: used,
    freeMargin: equity - used,
    marginLevel: used > 0 ? (equity / used) * 100 : null,
    floating: pl,
  };
}

export function OrderSummary({
  figures,
  realised,
}: {
  figures: SummaryFigures | null;
  /** On the history tab: the total realised P/L (all_fact_profits). */
  realised?: string | null;
}) {
  const { t, i18n } = useTranslation(NS);
  const lng = i18n.language;
  const money = (v: number) => formatFixed(v, BALANCE_DECIMALS, lng);
  const cell = (label: string, testId: string, value: React.ReactNode) => (
    <Cell>
      <dt>{label}</dt>
      <dd data-testid={testId}>{figures ? value : <Skeleton width={72} height={16} />}</dd>
    </Cell>
  );
  return (
    <Card aria-label={t('summary.title')} data-testid="order-summary">
      <Headline>
        <span>{realised != null ? t('summary.realised') : t('summary.floating')}</span>
        <Big>
          {realised != null ? (
            <Profit value={realised} testId="summary-realised" />
          ) : figures ? (
            <Profit value={figures.floating.toFixed(PROFIT_DECIMALS)} testId="summary-floating" />
          ) : (
            <Skeleton width={120} height={22} />
          )}
        </Big>
      </Headline>
      <Grid>
        {cell(t('summary.balance'), 'summary-balance', figures && money(figures.balance))}
        {cell(t('summary.equity'), 'summary-equity', figures && money(figures.equity))}
        {cell(t('summary.usedMargin'), 'summary-used', figures && money(figures.usedMargin))}
        {cell(t('summary.freeMargin'), 'summary-free', figures && money(figures.freeMargin))}
        {cell(
          t('summary.marginLevel'),
          'summary-level',
          figures && (figures.marginLevel === null ? '--' : `${formatFixed(figures.marginLevel, 2, lng)}%`),
        )}
      </Grid>
    </Card>
  );
}

const Card = styled.section`
  margin: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  font-variant-numeric: tabular-nums;
`;

const Headline = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
`;

const Big = styled.div`
  min-block-size: 28px;
  font-size: 22px;
  font-weight: 600;
`;

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
`;

const Cell = styled.div`
  min-inline-size: 0;

  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 12px;
    line-height: 1.3;
  }
  dd {
    min-block-size: 20px;
    margin: 2px 0 0;
    color: ${({ theme }) => theme.color.text};
    font-size: 14px;
    font-weight: 500;
    overflow-wrap: anywhere;
  }
`;
