import { Inbox } from '../../features/inbox/inbox';
import '../../lib/ops-ns';

/** `/ops/inbox`: the support agents' inbox (support, admin). */
export default function OpsInboxPage() {
  return <Inbox />;
}
