import { DepositsQueue } from '../../features/ops-deposits/components/deposits-queue';
import '../../lib/ops-ns';

/** `/ops/deposits` (finance, admin): see docs/ops.md. */
export default function OpsDepositsPage() {
  return <DepositsQueue />;
}
