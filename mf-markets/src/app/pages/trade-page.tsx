import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/trade` (spec §2). */
export default function TradePage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-trade">
      <PageHeader title={t('trade.title')} />
      <Empty />
    </section>
  );
}
