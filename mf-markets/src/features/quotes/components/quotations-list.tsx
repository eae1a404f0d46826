/** The quotations strip (docs/routes.md): code and closing price of each instrument; a placeholder where none is known. */
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';

export function QuotationsList({ instruments, lang }: { instruments: readonly Instrument[]; lang: string }) {
  const { t } = useTranslation(NS);
  return (
    <section aria-label={t('home.quotations')} data-testid="quotations">
      <h2>{t('home.quotations')}</h2>
      {instruments.length === 0 ? (
        <p className="none">{t('home.noQuotations')}</p>
      ) : (
        <ul className="quotes">
          {instruments.map((i) => (
            <li key={i.Id}>
              {i.ShowCode}
              <b>{i.ForexQuotations ? formatPrice(i.ForexQuotations.Close, i.PricePrecision, lang) : '—'}</b>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
