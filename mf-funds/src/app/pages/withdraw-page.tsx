import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/mine/withdraw` (docs/routes.md). */
export default function WithdrawPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-withdraw">
      <PageHeader title={t('withdraw.title')} back />
      <Empty />
    </section>
  );
}
