/**
 * Passwords (argon2id at the OWASP minimum: m=19 MiB, t=2, p=1), session tokens (256 random bits, only their
 * SHA-256 stored) and short secrets (codes, captcha answers).
 */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (an ambient const enum, not usable under isolatedModules)
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so that timing does not reveal unknown accounts.
    await hash(password, ARGON2_OPTIONS);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash computed once to equalize timing for unknown accounts. */
export function sha256(value: string): string {
  // One-shot (no Hash object): every authenticated call hashes its token.
  return crypto.hash('sha256', value, 'hex');
}

/** A URL-safe random secret of `bytes` random bytes (default 32 = 256 bits). */
export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** A numeric code of `digits` digits, uniform. */
export function randomDigits(digits: number): string {
  let s = '';
  for (let i = 0; i < digits; i++) s += String(crypto.randomInt(0, 10));
  return s;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomCode(length: number, alphabet = CODE_ALPHABET): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[crypto.randomInt(0, alphabet.length)];
  return s;
}

export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}
