/**
 * What a long press (or a right click) on a row of the quotes list offers: a price alert on that instrument at its
 * price now, or its trade screen. Loaded with the first long press, never with the quotes home. A guest is asked to
 * log in first (alerts are kept on the account).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appStore, Dialog, quotesAtom, sessionAtom, useAppNavigate, useAtomValue } from '@meridian/shared';
import { hrefs, PATHS } from '@meridian/shared/pure';
import { liveQuote } from '../../../lib/instruments';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';
import { newAlertForm } from '../state/alert-form';
import { Button } from './alert-parts';
import { AlertSheet } from './alert-sheet';

export default function RowActions({
  instrument,
  onTrade,
  onClose,
}: {
  instrument: Instrument;
  onTrade: (instrument: Instrument) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const session = useAtomValue(sessionAtom);
  const navigate = useAppNavigate();
  const [alerting, setAlerting] = useState<{ bid: number; ask: number } | null>(null);
  if (alerting) {
    return (
      <AlertSheet
        open
        instrument={instrument}
        initial={newAlertForm(alerting.bid, instrument.PricePrecision)}
        quote={alerting}
        onClose={onClose}
      />
    );
  }
  const alert = () => {
    if (!session.isLoggedIn) {
      onClose();
      navigate(hrefs.login(`${PATHS.trade}?code=${encodeURIComponent(instrument.Code)}`));
      return;
    }
    const live = liveQuote(instrument, appStore.get(quotesAtom).get(instrument.Code));
    setAlerting({ bid: live.bid, ask: live.ask });
  };
  return (
    <Dialog open onClose={onClose} dismissible title={instrument.ShowCode}>
      <div style={{ display: 'grid', gap: 8 }} data-testid="row-actions">
        <Button type="button" onClick={alert} data-testid="row-action-alert">
          {t('alerts.rowAlert')}
        </Button>
        <Button
          type="button"
          onClick={() => {
            onClose();
            onTrade(instrument);
          }}
          data-testid="row-action-trade"
        >
          {t('alerts.rowTrade')}
        </Button>
      </div>
    </Dialog>
  );
}
