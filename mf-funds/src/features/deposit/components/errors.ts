import { isApiError } from '@meridian/shared';
import { depositRefusalField } from '../state/deposit-rules';
import type { DepositErrors } from '../state/deposit-rules';

/** A refusal's message goes beside the field it is about; anything else clears the messages. */
export function errorsOf(err: unknown): DepositErrors {
  return isApiError(err) ? { [depositRefusalField(err.code)]: err.msg } : {};
}
