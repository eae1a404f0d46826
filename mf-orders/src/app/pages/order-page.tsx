import { useTranslation } from 'react-i18next';
import { PageHeader } from '@meridian/shared';
import { NS } from '../i18n';
import { OrdersView } from '../../features/orders/components/orders-view';

/** `/order?type=1|0|3` (docs/routes.md): holding, pending and history with the live summary and the detail popup. */
export default function OrderPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-order">
      <PageHeader title={t('title')} />
      <OrdersView />
    </section>
  );
}
