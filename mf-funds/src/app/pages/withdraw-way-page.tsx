import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/mine/withdraw-way` (docs/routes.md). */
export default function WithdrawWayPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-withdraw-way">
      <PageHeader title={t('withdrawWay.title')} back />
      <Empty />
    </section>
  );
}
