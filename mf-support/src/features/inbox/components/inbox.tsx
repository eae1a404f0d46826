/**
 * The agent inbox (Chatwoot's dashboard in small): conversations by status with unread counts and waiting time,
 * newest activity first; the selected thread live over the app's socket (the agent signs in on it with the ops
 * token), with the trader's typing and read marks; the user's facts beside it; assign, resolve / reopen, canned
 * replies. Every action is audited by the server. Keyboard: j / k move through the list, r resolves, u reloads.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { appStore, confirm, Dialog, isApiError, toast } from '@meridian/shared';
import {
  formatOpsTime,
  OpsBadge,
  OpsButton,
  OpsCard,
  OpsEmpty,
  OpsDialogForm,
  OpsFacts,
  OpsField,
  OpsInput,
  OpsPage,
  OpsSelect,
  OpsState,
  OpsSub,
  opsSessionAtom,
  useHotkeys,
  useOpsLoad,
  useOpsNow,
  WaitingTime,
} from '@meridian/shared/ops';
import { CHAT_MAX_TEXT, CHAT_STATUSES } from '@meridian/shared/pure';
import type { ChatStatus, SupportCanned, SupportConversationRow, SupportThread } from '@meridian/shared/pure';
import { OPS_NS } from '../../../lib/ops-ns';
import { ChatImage } from '../../../components/chat-image';
import {
  assign,
  createCanned,
  deleteCanned,
  fetchAgents,
  fetchCanned,
  fetchImage,
  fetchInbox,
  setStatus,
} from '../api/inbox';
import { useAgentChatSession } from '../hooks/use-agent-chat-session';
import type { AgentChatSession } from '../state/agent-chat-session';

const KYC_KEYS: Record<number, string> = { 0: 'none', 1: 'waiting', 2: 'approved', 3: 'rejected' };

export function Inbox() {
  const { t, i18n } = useTranslation(OPS_NS);
  const now = useOpsNow(15_000);
  const [status, setStatusTab] = useState<ChatStatus>('open');
  const [mine, setMine] = useState(false);
  const [session, snap] = useAgentChatSession({ tab: status, mine }, (err) =>
    toast(isApiError(err) ? err.message : t('inbox.failed'), 'error'),
  );
  const list = useOpsLoad(() => {
    // Reloads the socket asks for are the page's own (passive: they do not keep an unattended session alive).
    const passive = session.takePassive();
    const view = { tab: status, mine };
    return fetchInbox(status, mine, 1, passive).then((data) => ({ view, data }));
  }, `${status}-${mine}-${snap.listVersion}`);
  // The selection and its thread: one state, so the row highlighted and the thread shown never disagree.
  const selected = snap.selection.selected;
  const thread = snap.selection.thread;

  // The rows on screen are those of the tab shown (the previous tab's stay in `list` until the new ones load).
  const listed =
    list.status === 'ready' && list.data.view.tab === status && list.data.view.mine === mine
      ? list.data
      : null;
  useEffect(() => {
    session.setView({ tab: status, mine });
  }, [session, status, mine]);
  const loaded = list.status === 'ready' ? list.data : null;
  useEffect(() => {
    if (loaded)
      session.rowsLoaded(
        loaded.view,
        loaded.data.data.map((r) => r.id),
      );
  }, [session, loaded]);

  useHotkeys({
    j: () => session.move(1),
    k: () => session.move(-1),
    ArrowDown: () => session.move(1),
    ArrowUp: () => session.move(-1),
    u: () => session.reloadList(),
  });

  const counts = list.status === 'ready' ? list.data.data : null;
  return (
    <OpsPage
      testId="page-ops-inbox"
      title={t('inbox.title')}
      subtitle={snap.ready ? t('inbox.live') : t('inbox.connecting')}
      actions={
        <OpsButton type="button" onClick={() => session.reloadList()}>
          {t('inbox.reload')}
        </OpsButton>
      }
    >
      <Layout>
        <Column>
          <Tabs role="tablist" aria-label={t('inbox.statuses')}>
            {CHAT_STATUSES.map((s) => (
              <Tab
                key={s}
                role="tab"
                type="button"
                aria-selected={status === s}
                onClick={() => setStatusTab(s)}
                data-testid={`inbox-tab-${s}`}
              >
                {t(`status.${s}`)}
                {counts && <Count>{counts.counts[s]}</Count>}
                {counts && counts.unread[s] > 0 && <Unread>{counts.unread[s]}</Unread>}
              </Tab>
            ))}
          </Tabs>
          <Mine>
            <input
              type="checkbox"
              checked={mine}
              onChange={(e) => setMine(e.target.checked)}
              data-testid="inbox-mine"
            />
            {t('inbox.mine')}
          </Mine>
          {/* A failed load shows its error and retry (not the loading rows of a tab whose rows never come). */}
          <OpsState
            state={listed || list.status === 'error' ? list : { status: 'loading', reload: list.reload }}
            rows={6}
          >
            {() =>
              !listed ? null : listed.data.data.length === 0 ? (
                <OpsEmpty>{t(`inbox.empty.${status}`)}</OpsEmpty>
              ) : (
                <List data-testid="inbox-list">
                  {listed.data.data.map((r) => (
                    <Item key={r.id}>
                      <ItemButton
                        type="button"
                        aria-current={r.id === selected ? 'true' : undefined}
                        onClick={() => session.select(r.id)}
                        data-testid="inbox-row"
                        data-id={r.id}
                      >
                        <ItemTop>
                          <strong>{whoOf(r, t)}</strong>
                          {r.unread > 0 && <Unread data-testid="inbox-row-unread">{r.unread}</Unread>}
                        </ItemTop>
                        <Preview>
                          {r.channel === 'feedback' && (
                            <OpsBadge $tone="info">{t(`topic.${r.topic ?? 'other'}`)}</OpsBadge>
                          )}{' '}
                          <bdi>{r.last_text}</bdi>
                        </Preview>
                        <ItemBottom>
                          {r.waiting_since !== null ? (
                            <WaitingTime since={r.waiting_since} now={now} />
                          ) : (
                            <span>{formatOpsTime(r.updated_at, i18n.language)}</span>
                          )}
                          <span>{r.assignee ? r.assignee.email.split('@')[0] : t('inbox.unassigned')}</span>
                        </ItemBottom>
                      </ItemButton>
                    </Item>
                  ))}
                </List>
              )
            }
          </OpsState>
        </Column>
        {thread ? (
          <ThreadPane
            key={thread.conversation.id}
            thread={thread}
            userTyping={snap.userTyping}
            socketReady={snap.ready}
            session={session}
          />
        ) : (
          <OpsEmpty>{t('inbox.pick')}</OpsEmpty>
        )}
      </Layout>
    </OpsPage>
  );
}

function whoOf(r: SupportConversationRow, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (r.user) return r.user.email || r.user.uid;
  return t('inbox.visitor', { id: r.id });
}

function ThreadPane({
  thread,
  userTyping,
  socketReady,
  session,
}: {
  thread: SupportThread;
  userTyping: boolean;
  socketReady: boolean;
  session: AgentChatSession;
}) {
  const { t, i18n } = useTranslation(OPS_NS);
  const c = thread.conversation;
  const me = appStore.get(opsSessionAtom).me;
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const agents = useOpsLoad(fetchAgents, 'agents');
  const [cannedVersion, setCannedVersion] = useState(0);
  const canned = useOpsLoad(fetchCanned, `canned-${cannedVersion}`);
  const box = useRef<HTMLDivElement>(null);
  const lastId = thread.messages[thread.messages.length - 1]?.id;

  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId, userTyping]);

  const act = async (fn: () => Promise<SupportConversationRow>) => {
    setBusy(true);
    try {
      session.changed(await fn());
    } catch (err) {
      toast(isApiError(err) ? err.message : t('inbox.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  useHotkeys({ r: () => void act(() => setStatus(c.id, c.status === 'resolved' ? 'open' : 'resolved')) });

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (session.reply(text)) setText('');
  };
  const onKey = (e: ReactKeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };
  const onType = (v: string) => {
    setText(v);
    session.typing(v);
  };
  const [cannedDialog, setCannedDialog] = useState<'save' | 'manage' | null>(null);

  return (
    <>
      <ThreadCard data-testid="inbox-thread">
        <ThreadHead>
          <div>
            <strong>{c.user ? c.user.email || c.user.uid : t('inbox.visitor', { id: c.id })}</strong>
            <OpsSub>
              {c.channel === 'feedback'
                ? t('inbox.feedback', { topic: t(`topic.${c.topic ?? 'other'}`) })
                : t('inbox.chat')}{' '}
              · {t(`status.${c.status}`)}
            </OpsSub>
          </div>
          <OpsButton
            type="button"
            disabled={busy}
            onClick={() => void act(() => setStatus(c.id, c.status === 'resolved' ? 'open' : 'resolved'))}
            data-testid="inbox-resolve"
          >
            {c.status === 'resolved' ? t('inbox.reopen') : t('inbox.resolve')}
          </OpsButton>
        </ThreadHead>
        <Messages ref={box}>
          {thread.more && (
            <OpsButton type="button" onClick={() => session.loadOlder()} data-testid="inbox-older">
              {t('inbox.older')}
            </OpsButton>
          )}
          {thread.messages.map((m) => {
            const agent = m.sender === 'agent';
            return (
              <Msg key={m.id} $agent={agent} data-testid={agent ? 'inbox-msg-agent' : 'inbox-msg-user'}>
                <MsgMeta>
                  {agent ? m.agent_name : t('inbox.customer')} · {formatOpsTime(m.created_at, i18n.language)}
                  {agent && (
                    <span data-testid="inbox-read" data-read={m.id <= thread.user_read_id ? 'yes' : 'no'}>
                      {' '}
                      {m.id <= thread.user_read_id ? `✓✓ ${t('inbox.seen')}` : '✓'}
                    </span>
                  )}
                </MsgMeta>
                {m.image && <ChatImage url={m.image} fetchBlob={fetchImage} />}
                {m.text && <MsgText dir="auto">{m.text}</MsgText>}
              </Msg>
            );
          })}
          {userTyping && <TypingLine data-testid="inbox-typing">{t('inbox.typing')}</TypingLine>}
        </Messages>
        <Composer onSubmit={submit}>
          <OpsSelect
            aria-label={t('canned.pick')}
            value=""
            onChange={(e) => {
              const item =
                canned.status === 'ready'
                  ? canned.data.find((x: SupportCanned) => String(x.id) === e.target.value)
                  : undefined;
              if (item) setText((cur) => (cur ? `${cur}\n${item.body}` : item.body));
            }}
            data-testid="inbox-canned"
          >
            <option value="">{t('canned.pick')}</option>
            {canned.status === 'ready' &&
              canned.data.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.title}
                </option>
              ))}
          </OpsSelect>
          <Reply
            value={text}
            maxLength={CHAT_MAX_TEXT}
            onChange={(e) => onType(e.target.value)}
            onKeyDown={onKey}
            dir="auto"
            placeholder={c.user ? t('inbox.replyPlaceholder') : t('inbox.replyVisitor')}
            aria-label={t('inbox.reply')}
            data-testid="inbox-input"
          />
          <ComposerButtons>
            <OpsButton
              type="button"
              onClick={() => setCannedDialog('save')}
              disabled={!text.trim()}
              data-testid="canned-save"
            >
              {t('canned.save')}
            </OpsButton>
            {canned.status === 'ready' && canned.data.length > 0 && (
              <OpsButton type="button" onClick={() => setCannedDialog('manage')} data-testid="canned-manage">
                {t('canned.delete')}
              </OpsButton>
            )}
            <OpsButton
              type="submit"
              $variant="primary"
              disabled={!text.trim() || (!socketReady && busy)}
              data-testid="inbox-send"
            >
              {t('inbox.send')}
            </OpsButton>
          </ComposerButtons>
        </Composer>
        {cannedDialog === 'save' && (
          <SaveCannedDialog
            body={text.trim()}
            onClose={() => setCannedDialog(null)}
            onSaved={() => {
              setCannedDialog(null);
              setCannedVersion((v) => v + 1);
            }}
          />
        )}
        {cannedDialog === 'manage' && canned.status === 'ready' && (
          <ManageCannedDialog
            items={canned.data}
            onClose={() => setCannedDialog(null)}
            onDeleted={() => setCannedVersion((v) => v + 1)}
          />
        )}
      </ThreadCard>
      <Side>
        <OpsCard data-testid="inbox-facts">
          <h2>{t('facts.title')}</h2>
          {thread.facts ? (
            <OpsFacts>
              <dt>{t('facts.uid')}</dt>
              <dd>
                <code>{thread.facts.uid}</code>
              </dd>
              <dt>{t('facts.email')}</dt>
              <dd>{thread.facts.email || '—'}</dd>
              <dt>{t('facts.type')}</dt>
              <dd>{t(`facts.${thread.facts.account_type}`)}</dd>
              <dt>{t('facts.kyc')}</dt>
              <dd>{t(`kyc.${KYC_KEYS[thread.facts.kyc] ?? 'none'}`)}</dd>
              <dt>{t('facts.balance')}</dt>
              <dd>{thread.facts.balance} USD</dd>
            </OpsFacts>
          ) : (
            <OpsSub>{t('facts.visitor')}</OpsSub>
          )}
        </OpsCard>
        <OpsCard>
          <h2>{t('assign.title')}</h2>
          <p>{c.assignee ? t('assign.current', { name: c.assignee.email }) : t('inbox.unassigned')}</p>
          <AssignRow>
            {me && c.assignee?.id !== me.id && (
              <OpsButton
                type="button"
                disabled={busy}
                onClick={() => void act(() => assign(c.id, me.id))}
                data-testid="inbox-assign-me"
              >
                {t('assign.me')}
              </OpsButton>
            )}
            <OpsSelect
              aria-label={t('assign.other')}
              value=""
              disabled={busy}
              onChange={(e) => {
                const id = Number(e.target.value);
                if (e.target.value !== '') void act(() => assign(c.id, id));
              }}
            >
              <option value="">{t('assign.other')}</option>
              <option value="0">{t('assign.nobody')}</option>
              {agents.status === 'ready' &&
                agents.data.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.email}
                  </option>
                ))}
            </OpsSelect>
          </AssignRow>
        </OpsCard>
      </Side>
    </>
  );
}

/** Names the reply box's text and saves it as a canned reply (for every agent). */
function SaveCannedDialog({
  body,
  onClose,
  onSaved,
}: {
  body: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(OPS_NS);
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  // The name field, not the dialog's first button, has the focus (this runs after the dialog's own effect).
  useEffect(() => nameRef.current?.focus(), []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = title.trim();
    if (!name) {
      setError(t('canned.needName'));
      return;
    }
    setBusy(true);
    try {
      await createCanned(name, body);
      toast(t('canned.saved'), 'success');
      onSaved();
    } catch (err) {
      setError(isApiError(err) ? err.message : t('inbox.failed'));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} title={t('canned.save')}>
      <OpsDialogForm onSubmit={(e) => void submit(e)} noValidate data-testid="canned-save-form">
        <OpsField label={t('canned.name')} error={error || undefined}>
          <OpsInput
            value={title}
            ref={nameRef}
            maxLength={80}
            onChange={(e) => {
              setTitle(e.target.value);
              setError('');
            }}
            data-testid="canned-name"
          />
        </OpsField>
        <CannedBody>{body}</CannedBody>
        <DialogButtons>
          <OpsButton type="button" onClick={onClose}>
            {t('cancel', { ns: 'ops' })}
          </OpsButton>
          <OpsButton type="submit" $variant="primary" disabled={busy} data-testid="canned-name-save">
            {t('save', { ns: 'ops' })}
          </OpsButton>
        </DialogButtons>
      </OpsDialogForm>
    </Dialog>
  );
}

/** The canned replies, each with its text and a delete button (after a confirmation naming it). */
function ManageCannedDialog({
  items,
  onClose,
  onDeleted,
}: {
  items: SupportCanned[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(OPS_NS);
  const [gone, setGone] = useState<number[]>([]);
  const remove = async (item: SupportCanned) => {
    const ok = await confirm({
      title: t('canned.confirmDeleteTitle'),
      message: t('canned.confirmDelete', { title: item.title }),
      confirmText: t('canned.deleteOne'),
    });
    if (!ok) return;
    try {
      await deleteCanned(item.id);
      setGone((g) => [...g, item.id]);
      toast(t('canned.deleted'), 'success');
      onDeleted();
    } catch (err) {
      toast(isApiError(err) ? err.message : t('inbox.failed'), 'error');
    }
  };
  const shown = items.filter((x) => !gone.includes(x.id));
  return (
    <Dialog
      open
      dismissible
      onClose={onClose}
      title={t('canned.manage')}
      actions={
        <DialogButtons>
          <OpsButton type="button" onClick={onClose}>
            {t('canned.close')}
          </OpsButton>
        </DialogButtons>
      }
    >
      {shown.length === 0 ? (
        <p>{t('canned.none')}</p>
      ) : (
        <CannedList data-testid="canned-list">
          {shown.map((x) => (
            <li key={x.id}>
              <div>
                <strong>{x.title}</strong>
                <OpsSub>{x.body}</OpsSub>
              </div>
              <OpsButton
                type="button"
                $variant="danger"
                onClick={() => void remove(x)}
                aria-label={t('canned.deleteNamed', { title: x.title })}
                data-testid="canned-delete"
              >
                {t('canned.deleteOne')}
              </OpsButton>
            </li>
          ))}
        </CannedList>
      )}
    </Dialog>
  );
}

const DialogButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  && {
    border: 0;
  }
`;

const CannedBody = styled.p`
  max-height: 120px;
  overflow: auto;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const CannedList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  text-align: start;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
  }
  li > div {
    min-width: 0;
  }
  small {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(260px, 320px) minmax(0, 1fr) minmax(220px, 280px);
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  @media (max-width: 1000px) {
    grid-template-columns: 1fr;
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const Tabs = styled.div`
  display: flex;
  gap: 2px;
  padding: 2px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
`;

const Tab = styled.button`
  flex: 1;
  min-height: 36px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  border: 0;
  border-radius: 4px;
  background: none;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
  cursor: pointer;
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.text};
    font-weight: 600;
  }
`;

const Count = styled.span`
  font-variant-numeric: tabular-nums;
  opacity: 0.8;
`;

const Unread = styled.span`
  min-width: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: ${({ theme }) => theme.color.danger};
  color: #fff;
  font-size: 11px;
  font-weight: 600;
  line-height: 18px;
  text-align: center;
`;

const Mine = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: calc(100vh - 260px);
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

const Item = styled.li`
  & + & {
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const ItemButton = styled.button`
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: ${({ theme }) => theme.space(3)};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.text};
  text-align: start;
  cursor: pointer;
  &[aria-current='true'] {
    background: ${({ theme }) => theme.color.surfaceRaised};
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.color.primary};
  }
`;

const ItemTop = styled.span`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 14px;
  strong {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Preview = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const ItemBottom = styled.span`
  display: flex;
  justify-content: space-between;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const ThreadCard = styled(OpsCard)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
`;

const ThreadHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Messages = styled.div`
  height: calc(100vh - 420px);
  min-height: 240px;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.bg};
`;

const Msg = styled.div<{ $agent: boolean }>`
  align-self: ${({ $agent }) => ($agent ? 'flex-end' : 'flex-start')};
  max-width: 75%;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: 12px;
  background: ${({ theme, $agent }) => ($agent ? '#2b3a52' : theme.color.surfaceRaised)};
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

const MsgMeta = styled.span`
  font-size: 11px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const MsgText = styled.p`
  margin: 0;
  font-size: 14px;
  line-height: 1.45;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const TypingLine = styled.span`
  font-size: 12px;
  color: ${({ theme }) => theme.color.primary};
`;

const Composer = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Reply = styled.textarea`
  min-height: 72px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-size: 14px;
  resize: vertical;
`;

/* Wraps on a narrow panel instead of running out of it. */
const ComposerButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 14px;
  }
`;

const AssignRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;
