import { WithdrawalsQueue } from '../../features/ops-withdrawals/components/withdrawals-queue';
import '../../lib/ops-ns';

/** `/ops/withdrawals` (finance, admin): see docs/ops.md. */
export default function OpsWithdrawalsPage() {
  return <WithdrawalsQueue />;
}
