/** This remote's Jest kit: `@meridian/shared/testing` with the `support` namespace. */
import { createRemoteTestKit, muteLazyKitWarnings } from '@meridian/shared/testing';

export const { en, renderPage } = createRemoteTestKit('support');
muteLazyKitWarnings();

export { mockServer, ok, resetApp } from '@meridian/shared/testing';
