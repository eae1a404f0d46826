/**
 * The device's random id: made on first read and kept in local storage (`meridian.device`), so a canary release
 * sends the same device to the same version every time (sticky), and release health can tell devices apart. It
 * names no person and no account (it is not the chat's visitor id, which is an access key): random bytes only.
 */
import { DEVICE_ID_PATTERN } from '../contract/telemetry';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage';

/** 16 random bytes (128 bits) as base64url: 22 characters, the shape of `DEVICE_ID_PATTERN` and `SESSION_ID_PATTERN`. */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Without storage (private mode) the id lives as long as the page. */
let inMemory: string | null = null;

/**
 * This device's id: the one kept under `meridian.device`, or a new one, stored before it is returned. Never
 * throws; without local storage the same id is answered for the life of the page.
 */
export function deviceId(): string {
  const known = readStorage(STORAGE_KEYS.device);
  if (known && DEVICE_ID_PATTERN.test(known)) return known;
  inMemory ??= randomId();
  writeStorage(STORAGE_KEYS.device, inMemory);
  return inMemory;
}
