/**
 * A refused finance decision: when someone else decided first (opsAlreadyDecided) the queue shows who and when as a
 * notice and reloads; any other refusal is an Error whose message the decision's dialog shows under its field.
 */
import { isApiError } from '@meridian/shared';
import { ERROR_CODES } from '@meridian/shared/pure';

export function decisionRefusal(err: unknown): { notice: string } | { error: unknown } {
  if (isApiError(err) && err.code === ERROR_CODES.opsAlreadyDecided) return { notice: err.msg };
  if (isApiError(err)) return { error: new Error(err.msg, { cause: err }) };
  return { error: err };
}
