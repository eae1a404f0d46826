/**
 * The chat's channel on the app's one socket (docs/realtime.md#chat): every `chat.*` message to `onMessage`, and
 * `onReady` whenever the socket is ready — open, with its login answered (or without a token) — which is when the
 * caller (re)joins and sends what it kept. Lives with the chat's pages, so the trader's first load does not carry it.
 */
import { realtimeClient } from '@meridian/shared';
import type { ClientChatMessage, ServerChatMessage } from '@meridian/shared/pure';

export type ChatChannel = { send: (m: ClientChatMessage) => boolean; release: () => void };

export function bindChat(handlers: {
  onMessage: (m: ServerChatMessage) => void;
  onReady: () => void;
}): ChatChannel {
  const client = realtimeClient();
  if (!client) return { send: () => false, release: () => undefined };
  let live = true;
  const ready = () => {
    if (live && client.isReady) handlers.onReady();
  };
  const untap = client.tap((m) => {
    if (m.type.startsWith('chat.')) handlers.onMessage(m as ServerChatMessage);
    else if (m.type === 'login_result') ready();
  });
  const unstatus = client.onStatus((status) => {
    if (status === 'open') ready();
  });
  // After this call returns, so the caller holds `send` when its onReady runs.
  queueMicrotask(ready);
  return {
    send: (m) => client.sendMessage(m),
    release: () => {
      live = false;
      untap();
      unstatus();
    },
  };
}
