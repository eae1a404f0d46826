/**
 * The realtime bridge remotes use. The host owns the one socket ({@link RealtimeClient}) and attaches it here once;
 * `@meridian/shared` is a federation singleton, so this module-level state is one instance app-wide. Remotes may
 * subscribe before the host has attached (a remote can render first): those subscriptions wait in the queue and are
 * applied on attach.
 */
import type { Topic } from '../protocol/realtime';
import type { ClientChatMessage, ServerChatMessage } from '../protocol/chat';
import { setRealtimeStatusAtom } from '../state/realtime';
import { appStore } from '../state/store';
import type { RealtimeClient, TopicHandler } from './socket';

type BridgeSubscription = { topic: Topic; handler: TopicHandler; release: (() => void) | null };

let client: RealtimeClient | null = null;
let stopStatus: (() => void) | null = null;
let openRequested = false;
const subscriptions = new Set<BridgeSubscription>();
type ChatBinding = {
  onMessage: (m: ServerChatMessage) => void;
  onReady: () => void;
  release: (() => void) | null;
};
const chatBindings = new Set<ChatBinding>();

const attachChat = (c: RealtimeClient, b: ChatBinding) => {
  const a = c.onChat(b.onMessage);
  const r = c.onReady(b.onReady);
  b.release = () => {
    a();
    r();
  };
};

/**
 * Connect the bridge to the app's socket (the host calls this once). Queued subscriptions are applied, the status
 * atom follows the client, and an {@link ensureRealtimeOpen} requested earlier is honoured. Attaching another client
 * moves every subscription to it.
 */
export function attachRealtime(next: RealtimeClient): void {
  if (client === next) return;
  if (client) detachRealtime();
  client = next;
  for (const sub of subscriptions) sub.release = next.subscribe(sub.topic, sub.handler);
  for (const b of chatBindings) attachChat(next, b);
  appStore.set(setRealtimeStatusAtom, next.getStatus());
  stopStatus = next.onStatus((status) => appStore.set(setRealtimeStatusAtom, status));
  if (openRequested) {
    openRequested = false;
    next.ensureOpen();
  }
}

/**
 * Disconnect the bridge from its client (host teardown, hot reload, tests). Subscriptions stay queued for the next
 * {@link attachRealtime}; the client itself is not closed.
 */
export function detachRealtime(): void {
  if (!client) return;
  for (const sub of subscriptions) {
    sub.release?.();
    sub.release = null;
  }
  for (const b of chatBindings) {
    b.release?.();
    b.release = null;
  }
  stopStatus?.();
  stopStatus = null;
  client = null;
  appStore.set(setRealtimeStatusAtom, 'idle');
}

/**
 * Receive the messages of `topic` on the app's socket; `handler` gets the topic's payload (`TopicPayloads`). Works
 * before the host attached the socket. Returns the unsubscribe function (safe to call twice); call it on unmount.
 */
export function subscribe<T extends Topic>(topic: T, handler: TopicHandler<T>): () => void {
  const sub: BridgeSubscription = { topic, handler: handler as TopicHandler, release: null };
  subscriptions.add(sub);
  if (client) sub.release = client.subscribe(topic, handler);
  return () => {
    if (!subscriptions.delete(sub)) return;
    sub.release?.();
    sub.release = null;
  };
}

/** Make sure the socket is open (or opening); before attach, the request is remembered and honoured on attach. */
export function ensureRealtimeOpen(): void {
  if (client) client.ensureOpen();
  else openRequested = true;
}

/**
 * The chat channel of the app's socket (docs/realtime.md#chat): `onMessage` gets every `chat.*` message, `onReady`
 * is called whenever the socket is ready (open and logged in, or anonymous) — right after this call when it already
 * is — which is
 * when the caller (re)joins and sends what it queued. Returns `send` (false while not ready) and `release`.
 */
export function bindChat(handlers: { onMessage: (m: ServerChatMessage) => void; onReady: () => void }): {
  send: (m: ClientChatMessage) => boolean;
  release: () => void;
} {
  const b: ChatBinding = { ...handlers, release: null };
  chatBindings.add(b);
  if (client) {
    attachChat(client, b);
    // After this call returns, so the caller holds `send` when its onReady runs.
    const ready = client;
    if (ready.isReady)
      queueMicrotask(() => {
        if (chatBindings.has(b) && client === ready && ready.isReady) handlers.onReady();
      });
  }
  return {
    send: (m) => client?.sendChat(m) ?? false,
    release: () => {
      if (!chatBindings.delete(b)) return;
      b.release?.();
      b.release = null;
    },
  };
}
