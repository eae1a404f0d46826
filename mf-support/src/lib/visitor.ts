/**
 * The guest's visitor id: random, made once and kept on the device, so a guest finds their chat again and it is
 * linked to their account when they log in (docs/realtime.md#chat).
 */
const KEY = 'meridian.chat.visitor';

function randomId(): string {
  const bytes = new Uint8Array(18);
  globalThis.crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return `v_${btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** The device's visitor id, made on first use; null when storage is unavailable (private mode). */
export function visitorId(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage(),
): string | null {
  if (!storage) return null;
  const known = storage.getItem(KEY);
  if (known && /^v_[A-Za-z0-9_-]{22,64}$/.test(known)) return known;
  const made = randomId();
  try {
    storage.setItem(KEY, made);
  } catch {
    return null;
  }
  return made;
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
