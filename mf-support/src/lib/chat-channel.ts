/**
 * The chat's channel on the app's one socket (docs/realtime.md#chat): the server's chat messages arrive on the CHAT
 * topic (the bridge's `subscribe`), and `onReady` runs whenever the socket opens and whenever the session changes,
 * which is when the caller (re)joins — its join carries the session token, so it never waits for the socket's own
 * login — and sends what it kept. Lives with the chat's pages: the trader's first load carries none of it.
 */
import { appStore, ensureRealtimeOpen, sessionAtom, subscribe } from '@meridian/shared';
import { CHAT_TOPIC } from '@meridian/shared/pure';
import type { ClientChatMessage, ServerChatMessage } from '@meridian/shared/pure';

/**
 * A message's client id (the dedupe key of chat.send): a prefix (`m` a trader, `a` an agent) and 24 random hex digits.
 */
export function newClientId(prefix: 'm' | 'a' = 'm'): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `${prefix}${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The chat's hold on the socket (not a conversation's `ChatChannel` of the contract, chat or feedback). */
export type ChatBinding = { send: (m: ClientChatMessage) => boolean; release: () => void };

export function bindChat(handlers: {
  onMessage: (m: ServerChatMessage) => void;
  onReady: () => void;
}): ChatBinding {
  const client = ensureRealtimeOpen();
  if (!client) return { send: () => false, release: () => undefined };
  let live = true;
  const ready = () => {
    if (live && client.getStatus() === 'open') handlers.onReady();
  };
  const unsubscribe = subscribe(CHAT_TOPIC, (m) => handlers.onMessage(m));
  const unstatus = client.onStatus((status) => {
    if (status === 'open') ready();
  });
  let token = appStore.get(sessionAtom).token;
  const unsession = appStore.sub(sessionAtom, () => {
    const next = appStore.get(sessionAtom).token;
    if (next === token) return;
    token = next;
    ready();
  });
  // After this call returns, so the caller holds `send` when its onReady runs.
  queueMicrotask(ready);
  return {
    send: (m) => {
      if (!live || client.getStatus() !== 'open') return false;
      client.send(m);
      return true;
    },
    release: () => {
      live = false;
      unsubscribe();
      unstatus();
      unsession();
    },
  };
}
