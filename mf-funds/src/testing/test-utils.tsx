/** This remote's Jest kit: `@meridian/shared/testing` with the `funds` namespace. */
import { createRemoteTestKit, muteLazyKitWarnings } from '@meridian/shared/testing';

export const { en, renderPage } = createRemoteTestKit('funds');
muteLazyKitWarnings();

export { logIn, mockServer, never, ok, refuse, resetApp, toastTexts } from '@meridian/shared/testing';
