/**
 * The accounts module's public surface for other modules: users, and changeBalance, through which every balance
 * change and its ledger row are written. Its routes are registered by app.ts (routes.ts).
 */
export {
  changeBalance,
  changeBalances,
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
} from './repository';
export type { BalanceAccount, BalanceChange } from './repository';
export { assertNotFrozen, refuseFrozen } from './frozen';
