/**
 * The bell on /trade's header: a new price alert on this instrument, at the price now. A guest is asked to log in
 * first (alerts are kept on the account); demo and real accounts alike.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { sessionAtom, useAppNavigate, useAtomValue } from '@meridian/shared';
import { hrefs, PATHS } from '@meridian/shared/pure';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';
import { newAlertForm } from '../state/alert-form';
import { AlertSheet } from './alert-sheet';

export function AlertBell({
  instrument,
  quote,
}: {
  instrument: Pick<Instrument, 'Id' | 'Code' | 'ShowCode' | 'PricePrecision'>;
  quote: { bid: number; ask: number };
}) {
  const { t } = useTranslation(NS);
  const session = useAtomValue(sessionAtom);
  const navigate = useAppNavigate();
  const [open, setOpen] = useState(false);
  // The form starts at the price when the sheet opens, not at every tick after.
  const [start, setStart] = useState(() => newAlertForm(quote.bid, instrument.PricePrecision));
  return (
    <>
      <Bell
        type="button"
        aria-label={t('alerts.bellLabel', { name: instrument.ShowCode })}
        onClick={() => {
          if (!session.isLoggedIn) {
            navigate(hrefs.login(`${PATHS.trade}?code=${encodeURIComponent(instrument.Code)}`));
            return;
          }
          setStart(newAlertForm(quote.bid, instrument.PricePrecision));
          setOpen(true);
        }}
        data-testid={`alert-bell-${instrument.Code}`}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 3.5a5.5 5.5 0 0 0-5.5 5.5v3.6L5 15.5h14l-1.5-2.9V9A5.5 5.5 0 0 0 12 3.5zM9.8 18a2.3 2.3 0 0 0 4.4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        </svg>
      </Bell>
      {/* Mounted only while open: the dialog's code loads with the first tap, not with /trade. */}
      {open && (
        <AlertSheet
          open
          instrument={instrument}
          initial={start}
          quote={quote}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

const Bell = styled.button`
  flex: none;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
  }
`;
