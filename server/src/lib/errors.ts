/**
 * Refusals. Handlers throw an AppError with a catalogue code and a message key; the central error handler
 * translates the key into the caller's language and answers the envelope. No handler builds error envelopes itself.
 */
import { ERROR_CODES } from '@meridian/shared/pure';

export type MsgParams = Record<string, string | number>;

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: number,
    readonly key: string,
    readonly params: MsgParams = {},
    /** HTTP status: 200 for business refusals, 4xx only for transport-level problems. */
    readonly httpStatus = 200,
  ) {
    super(key);
  }
}

export const sessionExpired = () => new AppError(ERROR_CODES.sessionExpired, 'session.expired');
export const forbidden = () => new AppError(ERROR_CODES.forbidden, 'error.forbidden');
export const notFound = (key = 'error.notFound') => new AppError(ERROR_CODES.notFound, key);
export const demoForbidden = () => new AppError(ERROR_CODES.demoForbidden, 'error.demoForbidden');
