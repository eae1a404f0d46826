/**
 * The funds module: the balance, the account figures and the ledger deposits, withdrawals and the wallet (the cashier), built once
 * by buildApp with what it reads from the trading module.
 */
import { Funds } from './service';
import type { FundsDeps } from './service';

export type { Funds, FundsDeps } from './service';
export { ledgerText } from './service';
export type { Cashier } from './cashier';

export function createFunds(deps: FundsDeps): Funds {
  return new Funds(deps);
}
