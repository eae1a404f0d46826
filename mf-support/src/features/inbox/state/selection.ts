/**
 * Which conversation the inbox shows, as a reducer (no React), so its rules are tested alone. The list, the
 * selection and the thread arrive at different times (a tab's rows load while the old ones are on screen, a
 * thread answer can come after the agent picked another row, the socket pushes events of any conversation); the
 * rules make sure the highlighted row and the thread beside it are always the same conversation:
 *
 * - rows apply only to the view (tab and "mine") that asked for them; rows of the previous tab are never used;
 * - a thread answer applies only while its conversation is the selected one (a late answer is dropped);
 * - live updates apply only to the selected conversation's thread;
 * - with nothing selected, or the selected row gone from the list (and no thread of it shown), the first row is
 *   selected; a conversation just resolved stays shown (with its new status) until the agent moves on.
 */
import type { ChatMessage, ChatStatus, SupportConversationRow, SupportThread } from '@meridian/shared/pure';

export type InboxView = { tab: ChatStatus; mine: boolean };

export type InboxSelection = {
  view: InboxView;
  /** The ids of the rows of `view`, as last loaded; null until they are. */
  rows: readonly number[] | null;
  selected: number | null;
  /** The selected conversation's thread once loaded (never another conversation's). */
  thread: SupportThread | null;
};

export type InboxAction =
  | { type: 'view'; view: InboxView }
  | { type: 'rows'; view: InboxView; ids: readonly number[] }
  | { type: 'select'; id: number }
  | { type: 'move'; step: number }
  | { type: 'thread'; thread: SupportThread }
  | { type: 'threadFailed'; id: number }
  | { type: 'live'; conversation: number; update: (thread: SupportThread) => SupportThread }
  | { type: 'changed'; row: SupportConversationRow };

export const initialSelection = (view: InboxView): InboxSelection => ({
  view,
  rows: null,
  selected: null,
  thread: null,
});

const sameView = (a: InboxView, b: InboxView) => a.tab === b.tab && a.mine === b.mine;

/** Messages of both lists by id (the later copy wins), oldest first. */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const m = new Map(a.map((x) => [x.id, x]));
  for (const x of b) m.set(x.id, x);
  return [...m.values()].sort((x, y) => x.id - y.id);
}

export function inboxReducer(state: InboxSelection, action: InboxAction): InboxSelection {
  switch (action.type) {
    case 'view': {
      if (sameView(state.view, action.view)) return state;
      // Another tab starts with nothing selected; the filter alone keeps what is shown.
      if (action.view.tab !== state.view.tab) return initialSelection(action.view);
      return { ...state, view: action.view, rows: null };
    }
    case 'rows': {
      if (!sameView(action.view, state.view)) return state;
      const ids = action.ids;
      const shownHere = state.thread !== null && state.thread.conversation.id === state.selected;
      const keep = state.selected !== null && (ids.includes(state.selected) || shownHere);
      return { ...state, rows: ids, ...(keep ? {} : { selected: ids[0] ?? null, thread: null }) };
    }
    case 'select':
      return action.id === state.selected ? state : { ...state, selected: action.id, thread: null };
    case 'move': {
      const rows = state.rows ?? [];
      if (rows.length === 0) return state;
      const i = state.selected === null ? -1 : rows.indexOf(state.selected);
      const next = rows[Math.min(rows.length - 1, Math.max(0, (i < 0 ? 0 : i) + action.step))];
      return next === undefined ? state : inboxReducer(state, { type: 'select', id: next });
    }
    case 'thread': {
      const d = action.thread;
      if (d.conversation.id !== state.selected) return state;
      const cur = state.thread;
      if (!cur || cur.conversation.id !== d.conversation.id) return { ...state, thread: d };
      // A reload may answer after a live read mark arrived: marks only move forward.
      return {
        ...state,
        thread: {
          ...d,
          messages: mergeMessages(cur.messages, d.messages),
          more: cur.more && d.more,
          user_read_id: Math.max(cur.user_read_id, d.user_read_id),
          agent_read_id: Math.max(cur.agent_read_id, d.agent_read_id),
        },
      };
    }
    case 'threadFailed':
      return action.id === state.selected ? { ...state, thread: null } : state;
    case 'live':
      if (!state.thread || action.conversation !== state.selected) return state;
      if (state.thread.conversation.id !== action.conversation) return state;
      return { ...state, thread: action.update(state.thread) };
    case 'changed':
      if (!state.thread || state.thread.conversation.id !== action.row.id) return state;
      return { ...state, thread: { ...state.thread, conversation: action.row } };
    default:
      return state;
  }
}
