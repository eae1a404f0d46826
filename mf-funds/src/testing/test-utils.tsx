/** This remote's Jest kit: `@meridian/shared/testing` with the `funds` namespace. */
import { createRemoteTestKit, muteLazyKitWarnings } from '@meridian/shared/testing';

export const { en, renderPage } = createRemoteTestKit('funds');
muteLazyKitWarnings();

export { logIn, mockServer, never, ok, refuse, resetApp, toastTexts } from '@meridian/shared/testing';

/** A bound TRC20 withdrawal address as `/api/wallet/draw_method_list` lists it (`usable_at` 0: usable now). */
export const usdtAddress = (id: number, address: string, usable_at = 0) => ({
  id,
  type: 1,
  dc_address: address,
  payee_account: '',
  payee_name: '',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  draw_currency: { id: 7, code: 'USDT', protocol: 'TRC20' },
  usable_at,
});

/** The one address most withdraw tests bind. */
export const usdtMethod = usdtAddress(3, 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
