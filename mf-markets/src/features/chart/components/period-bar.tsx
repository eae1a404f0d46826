/** The period bar (docs/rules.md): 1M, 5M, 15M, 30M, 1H, 1D. */
import { memo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PERIODS } from '@meridian/shared';
import type { Period } from '@meridian/shared';
import { NS } from '../../../lib/ns';

export const PERIOD_KEYS = Object.keys(PERIODS) as Period[];

export const PeriodBar = memo(function PeriodBar({
  value,
  onChange,
  children,
}: {
  value: Period;
  onChange: (p: Period) => void;
  /** Tools after the periods (the chart's indicators and full screen). */
  children?: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <Bar role="tablist" aria-label={t('chart.period')} data-testid="period-bar">
      {PERIOD_KEYS.map((p) => (
        <Item
          key={p}
          type="button"
          role="tab"
          aria-selected={p === value}
          $on={p === value}
          onClick={() => onChange(p)}
          data-testid={`period-${p}`}
        >
          {p}
        </Item>
      ))}
      {children}
    </Bar>
  );
});

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(6, 1fr);
  grid-auto-columns: auto;
  grid-auto-flow: column;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Item = styled.button<{ $on: boolean }>`
  min-height: 44px;
  border: 0;
  border-bottom: 2px solid ${({ $on, theme }) => ($on ? theme.color.primary : 'transparent')};
  background: transparent;
  color: ${({ $on, theme }) => ($on ? theme.color.text : theme.color.textMuted)};
  font: 600 13px / 1 ${({ theme }) => theme.font.body};
`;
