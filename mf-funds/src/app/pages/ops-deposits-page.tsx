import { DepositsQueue } from '../../ops/deposits-page';
import '../../ops/ops-ns';

/** `/ops/deposits` (finance, admin): see docs/ops.md. */
export default function OpsDepositsPage() {
  return <DepositsQueue />;
}
