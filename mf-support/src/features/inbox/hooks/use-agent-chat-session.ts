/** The inbox page's AgentChatSession: one per mounted page, on the app's socket, rendered from its snapshot. */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { appStore, toast } from '@meridian/shared';
import { opsSessionAtom } from '@meridian/shared/ops';
import { bindChat } from '../../../lib/chat-channel';
import { fetchThread, reply } from '../api/inbox';
import { AgentChatSession } from '../state/agent-chat-session';
import type { AgentChatSnapshot } from '../state/agent-chat-session';
import type { InboxView } from '../state/selection';

export function useAgentChatSession(
  view: InboxView,
  onReplyFailed: (err: unknown) => void,
): [AgentChatSession, AgentChatSnapshot] {
  // The latest callback (it speaks the page's current language), not the first render's.
  const replyFailed = useRef(onReplyFailed);
  replyFailed.current = onReplyFailed;
  const [session] = useState(
    () =>
      new AgentChatSession({
        bind: bindChat,
        token: () => appStore.get(opsSessionAtom).token,
        view,
        fetchThread,
        reply,
        onError: (msg) => toast(msg, 'error'),
        onReplyFailed: (err) => replyFailed.current(err),
      }),
  );
  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);
  return [session, useSyncExternalStore(session.subscribe, session.getSnapshot)];
}
