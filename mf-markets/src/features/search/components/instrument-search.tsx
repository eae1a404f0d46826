/**
 * Instrument search (server-side, `searchCurrency`): a result sets the current instrument and opens /trade; the
 * page's `action` for a result (the favourite star) sits beside it, outside its button.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  Empty,
  setCurrentInstrumentAtom,
  SkeletonRows,
  useAppNavigate,
  useSetAtom,
  useLoad,
  LoadError,
} from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import { InstrumentLogo } from '../../../components/instrument-logo';
import { formatPrice } from '../../../lib/format';
import { fetchTradeList } from '../../../lib/instruments';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';
import { useLanguage } from '../../../lib/use-language';
import { useDebounced } from '../hooks/use-debounced';
import { SearchBox } from './search-box';

export function InstrumentSearch({ action }: { action?: (instrument: Instrument) => ReactNode }) {
  const { t } = useTranslation(NS);
  const lang = useLanguage();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 250);
  const result = useLoad(() => fetchTradeList(query), query);
  const setCurrent = useSetAtom(setCurrentInstrumentAtom);
  const navigate = useAppNavigate();
  return (
    <>
      <SearchBox value={text} onChange={setText} label={t('product.placeholder')} />
      {result.status === 'loading' && <SkeletonRows rows={6} />}
      {result.status === 'error' && <LoadError onRetry={result.reload} />}
      {result.status === 'ready' &&
        (result.data.length === 0 ? (
          <Empty />
        ) : (
          <List data-testid="search-results">
            {result.data.map((i) => (
              <li key={i.Id}>
                <Result
                  type="button"
                  data-testid={`result-${i.Code}`}
                  onClick={() => {
                    setCurrent({ id: i.Id, code: i.Code });
                    navigate(PATHS.trade);
                  }}
                >
                  <InstrumentLogo logo={i.Logo} size={28} />
                  <span>
                    <strong>{i.ShowCode}</strong>
                    <small>{i.Code}</small>
                  </span>
                  <b>{formatPrice(i.price, i.PricePrecision, lang)}</b>
                </Result>
                {action?.(i)}
              </li>
            ))}
          </List>
        ))}
    </>
  );
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    padding-inline-end: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const Result = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  flex: 1;
  min-width: 0;
  min-height: 56px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  text-align: start;
  font: inherit;
  span {
    flex: 1;
    display: flex;
    flex-direction: column;
  }
  small {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
  b {
    font-variant-numeric: tabular-nums;
  }
`;
