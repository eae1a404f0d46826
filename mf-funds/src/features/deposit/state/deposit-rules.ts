/** What the deposit forms decide without React: where a refusal goes, how channels are named, record tones. */
import type { DepositNetwork, DepositStatus, PayWay } from '@meridian/shared/pure';

/** The fields of a deposit form a message can stand beside. */
export type DepositField = 'channel' | 'number' | 'proof';
export type DepositErrors = Partial<Record<DepositField, string>>;

/** A refusal's field from its code: 1401 the proof, 1400 the channel, anything else the amount. */
export function depositRefusalField(code: number): DepositField {
  if (code === 1401) return 'proof';
  if (code === 1400) return 'channel';
  return 'number';
}

/** A receiving address as the network picker names it: finance's label, else currency · network. */
export const networkLabel = (n: DepositNetwork) => n.label || `${n.currency_code} · ${n.protocol_code}`;

export const payWayLabel = (w: PayWay) => `${w.name} (${w.currency_code})`;

/** The key of what the bank form says with no pay way chosen: choose one, or there is none at all. */
export const missingPayWayKey = (count: number) => (count ? 'charge.noPayWay' : 'charge.noChannel');

/** The pay-way picker's prompt: choose one, or there is none at all. */
export const payWayPromptKey = (count: number) => (count ? 'charge.choosePayWay' : 'charge.noChannel');

/** The tone of a deposit record's status chip. */
export const DEPOSIT_STATUS_TONE: Record<DepositStatus, 'wait' | 'ok' | 'bad' | 'off'> = {
  0: 'wait',
  1: 'ok',
  2: 'bad',
  3: 'off',
};
