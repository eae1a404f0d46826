import { CashierSettings } from '../../ops/cashier-page';
import '../../ops/ops-ns';

/** `/ops/cashier` (finance, admin): see docs/ops.md. */
export default function OpsCashierPage() {
  return <CashierSettings />;
}
