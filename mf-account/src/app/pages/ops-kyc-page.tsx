import { KycReview } from '../../features/ops-kyc/components/kyc-review';
import '../../lib/ops-ns';

/** `/ops/kyc`: identity verification review (compliance, admin). */
export default function OpsKycPage() {
  return <KycReview />;
}
