/**
 * A stand-in for the app's one socket as the chat sees it (the bridge's client): records what the page sent, plays
 * the server's chat messages inside act(), and moves the connection's status. Attach in beforeEach; call
 * `detachRealtime()` after each test.
 */
import { act } from '@testing-library/react';
import { attachRealtime } from '@meridian/shared';
import type { RealtimeClient, RealtimeStatus, TopicHandler } from '@meridian/shared';
import { CHAT_TOPIC } from '@meridian/shared/pure';
import type { ClientChatMessage, ServerChatMessage } from '@meridian/shared/pure';

export function fakeChatSocket() {
  const handlers = new Set<TopicHandler>();
  const statusListeners = new Set<(s: RealtimeStatus) => void>();
  let status: RealtimeStatus = 'open';
  const sent: ClientChatMessage[] = [];
  const client = {
    subscribe(topic: string, handler: TopicHandler) {
      if (topic !== CHAT_TOPIC) return () => undefined;
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    getStatus: () => status,
    onStatus(l: (s: RealtimeStatus) => void) {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    ensureOpen: () => undefined,
    send: (m: ClientChatMessage) => sent.push(m),
  } as unknown as RealtimeClient;
  attachRealtime(client);
  return {
    sent,
    /** What the page sent of one message type. */
    ofType: <T extends ClientChatMessage['type']>(type: T) =>
      sent.filter((m): m is Extract<ClientChatMessage, { type: T }> => m.type === type),
    /** Deliver a server chat message. */
    server(m: ServerChatMessage) {
      act(() => {
        for (const h of [...handlers]) h(m as never, CHAT_TOPIC);
      });
    },
    setStatus(next: RealtimeStatus) {
      act(() => {
        status = next;
        for (const l of [...statusListeners]) l(next);
      });
    },
  };
}
