import { Inbox } from '../../features/inbox/components/inbox';
import '../../lib/ops-ns';
// The message pictures speak the trader side's namespace too: registered here, as every page registers its own.
import '../i18n';

/** `/ops/inbox`: the support agents' inbox (support, admin). */
export default function OpsInboxPage() {
  return <Inbox />;
}
