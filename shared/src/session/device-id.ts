/**
 * This device's id: a random id kept in local storage (`meridian.device`), made on first use. It names no person
 * (it is not the account, and a new one is made when storage is cleared); it keeps a device on one side of a canary
 * release and groups a device's reports. Without storage (private mode, quota) it lives as long as the page.
 */
import { readStorage, writeStorage } from '../state/storage';

/** The local-storage key of the device id. */
export const DEVICE_ID_KEY = 'meridian.device';

const VALID = /^[A-Za-z0-9_-]{8,64}$/;

let memory: string | null = null;

function randomId(): string {
  const bytes = new Uint8Array(16);
  const c = globalThis.crypto;
  // getRandomValues works on plain http too (randomUUID only in secure contexts).
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This device's id (32 hex characters when made here; a stored id of 8–64 `[A-Za-z0-9_-]` is kept). */
export function deviceId(): string {
  const stored = readStorage(DEVICE_ID_KEY);
  if (stored && VALID.test(stored)) return stored;
  if (memory && !stored) {
    // Storage refused the write before: keep the page's id rather than make a new one each call.
    writeStorage(DEVICE_ID_KEY, memory);
    return memory;
  }
  const id = randomId();
  memory = id;
  writeStorage(DEVICE_ID_KEY, id);
  return id;
}
