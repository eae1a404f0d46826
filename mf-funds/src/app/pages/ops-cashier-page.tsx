import { CashierSettings } from '../../features/ops-cashier/components/cashier-settings';
import '../../lib/ops-ns';

/** `/ops/cashier` (finance, admin): see docs/ops.md. */
export default function OpsCashierPage() {
  return <CashierSettings />;
}
