/** "Prices may be out of date" while no tick arrives; gone when ticks resume. Styled by ./home-style. */
import { useTranslation } from 'react-i18next';
import { NS } from '../../../lib/ns';
import { useStale } from '../hooks/use-stale';

export function StaleBadge() {
  const { t } = useTranslation(NS);
  if (!useStale()) return null;
  return (
    <div className="stale" role="status" data-testid="stale-badge">
      {`⚠ ${t('home.stale')}`}
    </div>
  );
}
