/**
 * The binding forms' rules without React: the bank fields and which are required, what an empty form is missing,
 * what is sent, and which field a refusal is about. Messages are i18n keys of the `funds` namespace.
 */
import type { DrawMethod, DrawType } from '@meridian/shared/pure';

export const BANK_FIELDS = [
  ['bank_name', 'bank.bankName'],
  ['bank_address', 'bank.bankAddress'],
  ['branch_name', 'bank.branch'],
  ['bank_swift', 'bank.swift'],
  ['payee_name', 'bank.payeeName'],
  ['payee_account', 'bank.payeeAccount'],
  ['receive_currency', 'bank.currency'],
  ['remark', 'bank.remark'],
] as const;
export type BankField = (typeof BANK_FIELDS)[number][0];
export type BankValues = Record<BankField, string>;

export const REQUIRED_BANK_FIELDS: readonly BankField[] = [
  'bank_name',
  'bank_address',
  'bank_swift',
  'payee_name',
  'payee_account',
];

export const emptyBankValues = (): BankValues =>
  Object.fromEntries(BANK_FIELDS.map(([k]) => [k, ''])) as BankValues;

/** Field -> i18n key of what is missing. */
export type BindErrors = Record<string, string>;

/** The coin form: the network (its options read "USDT · TRC20") and an address that is more than spaces. */
export function validateCoinBinding(drawId: string, address: string): BindErrors {
  const found: BindErrors = {};
  if (!drawId) found.draw_id = 'charge.chooseNetwork';
  if (!address.trim()) found.dc_address = 'withdrawWay.enterAddress';
  return found;
}

export function coinBinding(drawId: string, address: string): Record<string, string | number> {
  return { type: 1, draw_id: drawId, dc_address: address.trim() };
}

/** Every required bank field that is empty (or spaces only). */
export function validateBankBinding(values: BankValues): BindErrors {
  const found: BindErrors = {};
  for (const k of REQUIRED_BANK_FIELDS) if (!values[k].trim()) found[k] = 'withdrawWay.fillIn';
  return found;
}

/** The bank form as sent: trimmed, empty optional fields left out. */
export function bankBinding(values: BankValues): Record<string, string | number> {
  const form: Record<string, string | number> = { type: 2 };
  for (const [k] of BANK_FIELDS) if (values[k].trim()) form[k] = values[k].trim();
  return form;
}

/** Which field a refusal is about, from its code or the field label the server named (`labels`: field -> label). */
export function bindRefusalField(code: number, msg: string, labels: Record<string, string>): string {
  if (code === 1404) return 'dc_address';
  if (code === 1405) return 'bank_swift';
  if (code === 1411) return 'dc_address';
  if (code === 1402) return 'draw_id';
  return Object.keys(labels).find((k) => msg.includes(labels[k]!)) ?? 'dc_address';
}

/** A bound method's title: the currency and network of an address, the bank of an account. */
export const methodTitle = (m: DrawMethod, type: DrawType) =>
  type === 1 ? `${m.draw_currency.code} · ${m.draw_currency.protocol}` : m.bank_name;

/** What is paid to: the address, or the account number. */
export const methodValue = (m: DrawMethod, type: DrawType) => (type === 1 ? m.dc_address : m.payee_account);

/** Still in its cooling period at `now` (ms): it cannot receive withdrawals yet. */
export const isCooling = (m: DrawMethod, now: number) => m.usable_at > now;
