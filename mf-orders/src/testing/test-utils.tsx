/** This remote's Jest kit: `@meridian/shared/testing` with the `orders` namespace. */
import { createRemoteTestKit, muteLazyKitWarnings } from '@meridian/shared/testing';

export const { en, renderPage } = createRemoteTestKit('orders');
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
