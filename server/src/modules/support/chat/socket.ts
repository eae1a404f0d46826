/**
 * The chat's view of a gateway socket: what it sends travels on the CHAT topic (docs/realtime.md#chat), and one
 * socket's chat frames are handled one after the other, in the order they arrived.
 */
import { CHAT_TOPIC } from '@meridian/shared/pure';
import type { SocketHandle } from '../../../realtime/gateway';
import type { ClientFrame } from './handlers';

export function chatSockets(handle: (h: SocketHandle, msg: ClientFrame) => Promise<void>) {
  const queues = new WeakMap<SocketHandle, Promise<void>>();
  const views = new WeakMap<SocketHandle, SocketHandle>();

  const view = (g: SocketHandle): SocketHandle => {
    let h = views.get(g);
    if (!h) {
      h = {
        get userId() {
          return g.userId;
        },
        get sessionId() {
          return g.sessionId;
        },
        get lang() {
          return g.lang;
        },
        ip: g.ip,
        send: (frame) => g.send({ type: 'message', topic: CHAT_TOPIC, data: frame }),
      };
      views.set(g, h);
    }
    return h;
  };

  const inOrder = (g: SocketHandle, msg: ClientFrame) => {
    const h = view(g);
    const next = (queues.get(h) ?? Promise.resolve()).then(() => handle(h, msg));
    const settled = next.catch(() => undefined);
    queues.set(h, settled);
    return next;
  };

  return { view, inOrder };
}
