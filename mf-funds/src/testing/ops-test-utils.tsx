/** The Jest kit for this remote's ops pages: the `fundsOps` namespace beside the host's `ops`, an ops session. */
import { appStore } from '@meridian/shared';
import { setOpsSessionAtom } from '@meridian/shared/ops';
import type { OpsFundsAccount, OpsRole } from '@meridian/shared/pure';
import { createRemoteTestKit, muteLazyKitWarnings } from '@meridian/shared/testing';

export const { en, renderPage } = createRemoteTestKit('fundsOps', { also: ['ops'] });
muteLazyKitWarnings();

/** Sign a finance person in (the session the ops area would hold). */
export function opsSignIn(roles: OpsRole[] = ['finance']): void {
  appStore.set(setOpsSessionAtom, {
    token: `ops_${'a'.repeat(64)}`,
    me: {
      id: 1,
      email: 'finance@meridian.test',
      roles,
      expires_at: Date.now() + 3_600_000,
      idle_timeout_ms: 1_800_000,
    },
  });
}

/** A trader's account as finance sees it beside a decision: active and verified unless told otherwise. */
export const fundsAccount = (over: Partial<OpsFundsAccount> = {}): OpsFundsAccount => ({
  frozen: false,
  frozen_reason: '',
  verified: true,
  balance: '250.00',
  withdraw_hold: '0.00',
  ...over,
});

export { mockServer, ok, refuse, resetApp, toastTexts } from '@meridian/shared/testing';
