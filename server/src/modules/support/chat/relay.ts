/**
 * The relay between API nodes: a chat frame is published on the event bus and delivered when it comes back (from
 * Redis with several nodes, at once with the in-process bus), to the sockets of this node the join registry names.
 */
import type { ServerChatMessage } from '@meridian/shared/pure';
import type { EventBus } from '../../../realtime/bus';
import type { ConversationRow } from '../repository';
import type { JoinRegistry } from './join-registry';
import type { Relay } from './types';

export const SUPPORT_BUS_TOPIC = 'internal.support';

export type ChatRelay = {
  publish: (relay: Relay) => void;
  close: () => void;
};

export function createRelay(deps: { bus: EventBus; registry: JoinRegistry }): ChatRelay {
  const { bus, registry } = deps;
  const unsubscribe = bus.subscribe((event) => {
    if (event.topic !== SUPPORT_BUS_TOPIC) return;
    for (const { handle, frame } of registry.recipients(event.data as Relay)) handle.send(frame);
  });
  return {
    publish: (relay) => bus.publish({ topic: SUPPORT_BUS_TOPIC, data: relay }),
    close: unsubscribe,
  };
}

/** The relay of one frame about conversation `c` (`inbox`: the agents' inbox lists reload the row). */
export const relayOf = (c: ConversationRow, frame: ServerChatMessage, inbox = false): Relay => ({
  conversation: Number(c.id),
  channel: c.channel,
  userId: c.user_id === null ? null : Number(c.user_id),
  visitorId: c.visitor_id,
  frame,
  inbox,
});
