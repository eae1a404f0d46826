/** The Jest kit for this remote's ops pages: the `accountOps` namespace beside the host's `ops`, an ops session. */
import { appStore } from '@meridian/shared';
import { setOpsSessionAtom } from '@meridian/shared/ops';
import type { OpsRole } from '@meridian/shared/pure';
import { createRemoteTestKit, muteLazyKitWarnings } from '@meridian/shared/testing';

export const { en, renderPage } = createRemoteTestKit('accountOps', { also: ['ops'] });
muteLazyKitWarnings();

export const OPS_TOKEN = `ops_${'a'.repeat(64)}`;

/** Sign an ops person in (the session the ops area would hold). */
export function opsSignIn(roles: OpsRole[] = ['compliance']): void {
  appStore.set(setOpsSessionAtom, {
    token: OPS_TOKEN,
    me: {
      id: 1,
      email: 'reviewer@meridian.test',
      roles,
      expires_at: Date.now() + 3_600_000,
      idle_timeout_ms: 1_800_000,
    },
  });
}

export { mockServer, never, ok, refuse, resetApp, toastTexts } from '@meridian/shared/testing';
