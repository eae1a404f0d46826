/**
 * The chart's two tools beside the periods: the indicators menu (moving average, EMA, Bollinger bands, RSI, MACD;
 * remembered on the device) and full screen (landscape where the phone allows).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Dialog, useAtom } from '@meridian/shared';
import { Switch } from '@meridian/shared/forms';
import { NS } from '../../../lib/ns';
import { INDICATOR_IDS, indicatorsAtom } from '../state/indicator-choice';

export function ChartTools({ onFull }: { onFull: () => void }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const [on, setOn] = useAtom(indicatorsAtom);
  return (
    <>
      <Tool
        type="button"
        aria-haspopup="dialog"
        aria-label={t('chart.indicators')}
        onClick={() => setOpen(true)}
        data-testid="chart-indicators-menu"
      >
        <span aria-hidden="true">ƒx</span>
        {on.length > 0 && <Count data-testid="indicators-count">{on.length}</Count>}
      </Tool>
      <Tool type="button" aria-label={t('chart.fullScreen')} onClick={onFull} data-testid="chart-full">
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
        </svg>
      </Tool>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        dismissible
        title={t('chart.indicators')}
        actions={
          <Done type="button" onClick={() => setOpen(false)} data-testid="indicators-done">
            {t('chart.done')}
          </Done>
        }
      >
        <List data-testid="indicators-list">
          {INDICATOR_IDS.map((id) => (
            <li key={id}>
              <label>
                <Switch
                  checked={on.includes(id)}
                  onChange={(e) => setOn({ id, on: e.target.checked })}
                  data-testid={`indicator-${id}`}
                />
                <span>{t(`chart.indicator.${id}`)}</span>
              </label>
            </li>
          ))}
        </List>
        <Note>{t('chart.indicatorsNote')}</Note>
      </Dialog>
    </>
  );
}

const Tool = styled.button`
  position: relative;
  min-width: 44px;
  min-height: 44px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font: italic 600 14px / 1 ${({ theme }) => theme.font.body};
`;

const Count = styled.span`
  position: absolute;
  top: 6px;
  right: 4px;
  min-width: 14px;
  height: 14px;
  border-radius: 7px;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font: normal 600 10px / 14px ${({ theme }) => theme.font.body};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    min-height: 48px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    font-size: 15px;
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
`;

const Done = styled.button`
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 0;
  border-radius: 8px;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font: 600 15px / 1 ${({ theme }) => theme.font.body};
`;
