/**
 * The chart area of /trade: loads the candles of the instrument and period, holds the chart's height while loading
 * (no layout shift), shows empty and error states, and mounts the apexcharts view, which is code-split so it never
 * reaches the first route's JavaScript.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LazyBoundary, lazyWithRetry, LoadError, LoadFailed, Skeleton, useLoad } from '@meridian/shared';
import type { Period } from '@meridian/shared';
import { NS } from '../../../lib/ns';
import { fetchKline } from '../api/kline';

// Offline, a chart whose code is not in yet says so in its own area, and loads when the connection is back.
const ApexCandles = lazyWithRetry(() => import(/* webpackChunkName: "chart" */ './apex-candles'));

export const CHART_HEIGHT = 300;

export type CandleChartProps = {
  instrumentId: number;
  code: string;
  period: Period;
  precision: number;
  bid: number;
  ask: number;
  lang: string;
};

export function CandleChart(props: CandleChartProps) {
  const { t } = useTranslation(NS);
  const { instrumentId, period } = props;
  const candles = useLoad(() => fetchKline(instrumentId, period), `${instrumentId}:${period}`);
  const placeholder = <Skeleton height={CHART_HEIGHT} radius={0} />;
  return (
    <Area data-testid="chart" data-period={period} data-state={candles.status}>
      {candles.status === 'loading' && placeholder}
      {candles.status === 'error' && (
        <Message>
          <LoadError onRetry={candles.reload} />
        </Message>
      )}
      {candles.status === 'ready' &&
        (candles.data.length === 0 ? (
          <Message data-testid="chart-empty">{t('chart.noCandles')}</Message>
        ) : (
          <LazyBoundary
            fallback={(retry) => (
              <Message>
                <LoadFailed onRetry={retry} />
              </Message>
            )}
          >
            <Suspense fallback={placeholder}>
              <ApexCandles
                key={`${props.code}:${period}`}
                code={props.code}
                period={period}
                candles={candles.data}
                precision={props.precision}
                bid={props.bid}
                ask={props.ask}
                lang={props.lang}
                height={CHART_HEIGHT}
              />
            </Suspense>
          </LazyBoundary>
        ))}
    </Area>
  );
}

const Area = styled.div`
  height: ${CHART_HEIGHT}px;
  overflow: hidden;
`;

const Message = styled.div`
  height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
`;
