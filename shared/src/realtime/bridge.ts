/**
 * The realtime bridge remotes use. The host owns the one socket ({@link RealtimeClient}) and attaches it here once;
 * `@meridian/shared` is a federation singleton, so this module-level state is one instance app-wide. Remotes may
 * subscribe before the host has attached (a remote can render first): those subscriptions wait in the queue and are
 * applied on attach.
 */
import type { Topic } from '../protocol/realtime';
import { setRealtimeStatusAtom } from '../state/realtime';
import { appStore } from '../state/store';
import type { RealtimeClient, TopicHandler } from './socket';

type BridgeSubscription = { topic: Topic; handler: TopicHandler; release: (() => void) | null };

let client: RealtimeClient | null = null;
let stopStatus: (() => void) | null = null;
let openRequested = false;
const subscriptions = new Set<BridgeSubscription>();

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

/**
 * Make sure the socket is open (or opening); before attach, the request is remembered and honoured on attach.
 * Returns the app's socket once attached (null before), for a channel of its own on the one connection: the support
 * chat sends with it (docs/realtime.md#chat).
 */
export function ensureRealtimeOpen(): RealtimeClient | null {
  if (client) client.ensureOpen();
  else openRequested = true;
  return client;
}
