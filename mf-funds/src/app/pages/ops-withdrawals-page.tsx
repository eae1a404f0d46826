import { WithdrawalsQueue } from '../../ops/withdrawals-page';
import '../../ops/ops-ns';

/** `/ops/withdrawals` (finance, admin): see docs/ops.md. */
export default function OpsWithdrawalsPage() {
  return <WithdrawalsQueue />;
}
