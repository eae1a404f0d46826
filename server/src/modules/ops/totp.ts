/**
 * TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30 s steps) through `otpauth`. A code is accepted for the current step and
 * one step either side (clock drift); the caller records the accepted step so the same code cannot be used twice.
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30;
export const TOTP_WINDOW = 1;
const ISSUER = 'Meridian ops';

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh 160-bit secret in base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/...` URI an authenticator app scans. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The time step `code` is valid for at `now` (±1 step), or null. Only 6 digits are ever compared. */
export function matchTotp(secretBase32: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32, 'x').validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/** The code for `now` (tests and the CLI's self-check). */
export function totpCode(secretBase32: string, now: number): string {
  return totpOf(secretBase32, 'x').generate({ timestamp: now });
}
