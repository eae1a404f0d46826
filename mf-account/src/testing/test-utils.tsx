/** This remote's Jest kit: `@meridian/shared/testing` with the `account` namespace. */
import { createRemoteTestKit, muteLazyKitWarnings } from '@meridian/shared/testing';

export const { en, renderPage } = createRemoteTestKit('account', { also: ['notifications'] });
muteLazyKitWarnings();

export {
  demoUser,
  fakeRealtime,
  logIn,
  mockServer,
  never,
  ok,
  realUser,
  refuse,
  resetApp,
  session,
  toastTexts,
} from '@meridian/shared/testing';
export type { FakeNavigation, FakeReply, FakeRequest } from '@meridian/shared/testing';
