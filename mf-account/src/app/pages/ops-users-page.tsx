import { UsersConsole } from '../../features/ops-users/components/users-console';
import '../../lib/ops-ns';

/** `/ops/users`: find a trader and look after the account (support, compliance, finance, admin). */
export default function OpsUsersPage() {
  return <UsersConsole />;
}
