/** The instrument picker drawer of /trade: search by code or name, pick one to trade it. */
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Empty } from '@meridian/shared';
import { InstrumentLogo } from '../../../components/instrument-logo';
import { Sheet } from '../../../components/sheet';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';

/** Memoised: its list is built whenever it renders, open or not; the trade screen re-renders it only for its props. */
export const InstrumentPicker = memo(function InstrumentPicker({
  open,
  instruments,
  currentId,
  onPick,
  onClose,
}: {
  open: boolean;
  instruments: readonly Instrument[];
  currentId: number | undefined;
  onPick: (i: Instrument) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [q, setQ] = useState('');
  const found = useMemo(() => {
    const s = q.trim().toLowerCase();
    return s
      ? instruments.filter((i) => i.Code.toLowerCase().includes(s) || i.ShowCode.toLowerCase().includes(s))
      : instruments;
  }, [instruments, q]);
  return (
    <Sheet open={open} onClose={onClose} title={t('trade.pick')} testId="instrument-picker">
      <Search
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('product.placeholder')}
        aria-label={t('product.placeholder')}
        data-testid="picker-search"
      />
      <List>
        {found.length === 0 ? (
          <Empty />
        ) : (
          found.map((i) => (
            <li key={i.Id}>
              <Item
                type="button"
                aria-current={i.Id === currentId}
                onClick={() => onPick(i)}
                data-testid={`pick-${i.Code}`}
              >
                <InstrumentLogo logo={i.Logo} size={24} />
                <span>{i.ShowCode}</span>
                <small>{i.Code}</small>
              </Item>
            </li>
          ))
        )}
      </List>
    </Sheet>
  );
});

const Search = styled.input`
  margin: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  height: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 22px;
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font-size: 16px;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-y: auto;
`;

const Item = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  width: 100%;
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: start;
  span {
    flex: 1;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
  &[aria-current='true'] {
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
`;
