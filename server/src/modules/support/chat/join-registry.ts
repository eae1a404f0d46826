/**
 * Which sockets of this node are joined to the chat, as whom, and so which of them a relayed frame reaches: a
 * trader socket sees its one conversation, an agent socket the conversations it watches plus every inbox ping.
 */
import type { ServerChatMessage } from '@meridian/shared/pure';
import type { SocketHandle } from '../../../realtime/gateway';
import type { ChatJoin, Relay } from './types';

export type Recipient = { handle: SocketHandle; frame: ServerChatMessage };

export class JoinRegistry {
  private readonly joins = new Map<SocketHandle, ChatJoin>();

  get(h: SocketHandle): ChatJoin | undefined {
    return this.joins.get(h);
  }

  /** Make `j` the socket's chat identity (replacing any other). */
  join(h: SocketHandle, j: ChatJoin): void {
    this.joins.set(h, j);
  }

  leave(h: SocketHandle): void {
    this.joins.delete(h);
  }

  /** Whether `j` is still the socket's identity (a re-check may have replaced it meanwhile). */
  holds(h: SocketHandle, j: ChatJoin): boolean {
    return this.joins.get(h) === j;
  }

  get size(): number {
    return this.joins.size;
  }

  /** The joins `filter` picks, in join order. */
  where(filter: (j: ChatJoin) => boolean): Array<[SocketHandle, ChatJoin]> {
    return [...this.joins].filter(([, j]) => filter(j));
  }

  /**
   * The sockets a relayed frame reaches, in join order, with the frame each gets. A trader socket that joined before
   * its conversation existed adopts the conversation here, when the conversation's first message is relayed.
   */
  recipients(relay: Relay): Recipient[] {
    const out: Recipient[] = [];
    for (const [h, j] of this.joins) {
      if (j.kind === 'agent') {
        if (j.watching.has(relay.conversation)) out.push({ handle: h, frame: relay.frame });
        if (relay.inbox)
          out.push({ handle: h, frame: { type: 'chat.inbox', conversation: relay.conversation } });
        continue;
      }
      if (j.fromLogin && j.userId !== h.userId) continue;
      if (j.conversation === null) {
        const mine =
          (relay.userId !== null && j.userId === relay.userId) ||
          (relay.userId === null &&
            j.userId === null &&
            j.visitorId !== null &&
            j.visitorId === relay.visitorId);
        if (!mine || relay.channel !== 'chat') continue;
        j.conversation = relay.conversation;
      }
      if (j.conversation === relay.conversation) out.push({ handle: h, frame: relay.frame });
    }
    return out;
  }

  clear(): void {
    this.joins.clear();
  }
}
