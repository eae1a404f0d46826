/**
 * `/mine/chat`: the trader's (or guest's) conversation with customer service, Chatwoot-widget style: history paged
 * upward, day separators and times, sending/sent/read ticks, the agent's name and typing, the away notice outside
 * business hours, images (one per message, the existing upload) that open full size, retry of a refused send.
 * Text is rendered as text (never HTML).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ChangeEvent, FormEvent, KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  appStore,
  isApiError,
  languageAtom,
  PageHeader,
  realtimeStatusAtom,
  sessionAtom,
  toast,
  useAtomValue,
} from '@meridian/shared';
import { uploadImage } from '@meridian/shared/media';
import { CHAT_MAX_TEXT, LANGUAGE_BCP47 } from '@meridian/shared/pure';
import type { ChatMessage } from '@meridian/shared/pure';
import { NS } from '../../../lib/ns';
import { bindChat } from '../../../lib/chat-channel';
import { visitorId } from '../../../lib/visitor';
import { ChatImage } from '../../../components/chat-image';
import { ChatSession } from '../state/chat-session';
import type { ChatSnapshot, PendingMessage } from '../state/chat-session';

type Row =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'msg'; key: string; msg: ChatMessage }
  | { kind: 'pending'; key: string; p: PendingMessage };

const dayKey = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
};

function useSession(): ChatSession {
  const [session] = useState(
    () =>
      new ChatSession({
        bind: bindChat,
        visitorId: () => visitorId(),
        token: () => appStore.get(sessionAtom).token,
      }),
  );
  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);
  return session;
}

export function ChatView() {
  const { t } = useTranslation(NS);
  const session = useSession();
  const snap = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const lng = useAtomValue(languageAtom);
  const locale = LANGUAGE_BCP47[lng] ?? 'en';
  const status = useAtomValue(realtimeStatusAtom);
  const { token, user } = useAtomValue(sessionAtom);
  const canAttach = !!token && !!user && !user.is_demo;

  // Reading: the newest agent message is read while the page is visible.
  useEffect(() => {
    const read = () => {
      if (document.visibilityState !== 'visible') return;
      session.markRead();
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [session, snap.messages]);

  const rows = buildRows(snap, locale, t);
  const time = (ms: number) =>
    new Date(ms).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });

  return (
    <Page data-testid="page-mine-chat">
      <PageHeader title={t('chat.title')} back />
      <Sub data-testid="chat-agent">
        {snap.agentTyping !== null ? (
          <Typing data-testid="chat-typing">
            {snap.agentTyping ? t('chat.typing', { name: snap.agentTyping }) : t('chat.typingAnon')}
          </Typing>
        ) : snap.conversation?.agent_name ? (
          t('chat.agent', { name: snap.conversation.agent_name })
        ) : (
          t('chat.team')
        )}
      </Sub>
      {snap.away && <Notice data-testid="chat-away">{t('chat.away')}</Notice>}
      {!token && <Notice data-testid="chat-guest">{t('chat.guest')}</Notice>}
      {status !== 'open' && snap.pending.length > 0 && (
        <Notice data-testid="chat-offline">{t('chat.offline')}</Notice>
      )}
      <Thread session={session} snap={snap} rows={rows} time={time} />
      {snap.conversation?.status === 'resolved' && <Resolved>{t('chat.resolved')}</Resolved>}
      <Composer session={session} canAttach={canAttach} />
    </Page>
  );
}

function buildRows(snap: ChatSnapshot, locale: string, t: (k: string) => string): Row[] {
  const rows: Row[] = [];
  let last = '';
  const today = dayKey(Date.now());
  const yesterday = dayKey(Date.now() - 86_400_000);
  const day = (ms: number) => {
    const k = dayKey(ms);
    if (k === last) return;
    last = k;
    const label =
      k === today
        ? t('chat.today')
        : k === yesterday
          ? t('chat.yesterday')
          : new Date(ms).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
    rows.push({ kind: 'day', key: `d${k}`, label });
  };
  for (const msg of snap.messages) {
    day(msg.created_at);
    rows.push({ kind: 'msg', key: `m${msg.id}`, msg });
  }
  for (const p of snap.pending) {
    day(p.created_at);
    rows.push({ kind: 'pending', key: `p${p.client_id}`, p });
  }
  return rows;
}

function Thread({
  session,
  snap,
  rows,
  time,
}: {
  session: ChatSession;
  snap: ChatSnapshot;
  rows: Row[];
  time: (ms: number) => string;
}) {
  const { t } = useTranslation(NS);
  const box = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const atBottom = useRef(true);
  const lastKey = rows[rows.length - 1]?.key;
  const firstKey = rows.find((r) => r.kind !== 'day')?.key;

  // Older messages keep the view where it was; a new message at the end scrolls down when the reader was there.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
      return;
    }
    if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastKey, firstKey, snap.agentTyping]);

  const older = useCallback(() => {
    const el = box.current;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    session.loadOlder();
  }, [session]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    if (el.scrollTop < 40 && snap.more && !snap.loadingOlder) older();
  };

  return (
    <Scroll ref={box} onScroll={onScroll} data-testid="chat-thread" aria-live="polite">
      {snap.more && (
        <Older type="button" onClick={older} disabled={snap.loadingOlder} data-testid="chat-older">
          {t('chat.older')}
        </Older>
      )}
      {snap.joined && rows.length === 0 && <Hello data-testid="chat-empty">{t('chat.empty')}</Hello>}
      {rows.map((r) => {
        if (r.kind === 'day') return <Day key={r.key}>{r.label}</Day>;
        if (r.kind === 'msg') {
          const mine = r.msg.sender === 'user';
          const read = mine && r.msg.id <= snap.agentReadId;
          return (
            <Bubble
              key={r.key}
              $mine={mine}
              data-testid={mine ? 'chat-mine' : 'chat-theirs'}
              data-id={r.msg.id}
            >
              {!mine && r.msg.agent_name && <Name>{r.msg.agent_name}</Name>}
              {r.msg.image && <ChatImage url={r.msg.image} />}
              {r.msg.text && <Text dir="auto">{r.msg.text}</Text>}
              <Meta>
                <time dateTime={new Date(r.msg.created_at).toISOString()}>{time(r.msg.created_at)}</time>
                {mine && (
                  <Tick
                    data-testid="chat-tick"
                    data-state={read ? 'read' : 'sent'}
                    aria-label={t(read ? 'chat.read' : 'chat.sent')}
                    $read={read}
                  >
                    {read ? '✓✓' : '✓'}
                  </Tick>
                )}
              </Meta>
            </Bubble>
          );
        }
        const failed = r.p.state === 'failed';
        return (
          <Bubble key={r.key} $mine data-testid="chat-mine" data-pending={r.p.state}>
            {r.p.image && <ChatImage url={r.p.image} />}
            {r.p.text && <Text dir="auto">{r.p.text}</Text>}
            <Meta>
              <time>{time(r.p.created_at)}</time>
              <Tick
                data-testid="chat-tick"
                data-state={r.p.state}
                aria-label={t(failed ? 'chat.failed' : 'chat.sending')}
                $read={false}
              >
                {failed ? '!' : <Clock />}
              </Tick>
            </Meta>
            {failed && (
              <Failed>
                <span>{r.p.error ?? t('chat.failed')}</span>
                <LinkButton
                  type="button"
                  onClick={() => session.retry(r.p.client_id)}
                  data-testid="chat-retry"
                >
                  {t('chat.retry')}
                </LinkButton>
                <LinkButton type="button" onClick={() => session.discard(r.p.client_id)}>
                  {t('chat.discard')}
                </LinkButton>
              </Failed>
            )}
          </Bubble>
        );
      })}
    </Scroll>
  );
}

function Clock() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

function Composer({ session, canAttach }: { session: ChatSession; canAttach: boolean }) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim()) return;
    session.send(text);
    session.typing(false);
    setText('');
  };
  const onKey = (e: ReactKeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };
  const onChange = (e: ChangeEvent<HTMLTextAreaElement>) => {
    setText(e.target.value);
    session.typing(e.target.value.length > 0);
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    setBusy(true);
    try {
      const url = await uploadImage(f, { spinner: false });
      session.send('', url);
    } catch (err) {
      toast(isApiError(err) ? err.message : t('chat.uploadFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit}>
      {canAttach && (
        <>
          <IconButton
            type="button"
            onClick={() => file.current?.click()}
            disabled={busy}
            aria-label={t('chat.attach')}
            data-testid="chat-attach"
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </IconButton>
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            onChange={(e) => void onFile(e)}
            data-testid="chat-file"
          />
        </>
      )}
      <Input
        value={text}
        onChange={onChange}
        onKeyDown={onKey}
        onBlur={() => session.typing(false)}
        maxLength={CHAT_MAX_TEXT}
        rows={1}
        dir="auto"
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.placeholder')}
        data-testid="chat-input"
      />
      <Send type="submit" disabled={!text.trim()} data-testid="chat-send">
        {t('chat.send')}
      </Send>
    </Form>
  );
}

const Page = styled.section`
  display: flex;
  flex-direction: column;
  height: 100dvh;
  background: ${({ theme }) => theme.color.bg};
`;

const Sub = styled.div`
  padding: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(2)};
  text-align: center;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Typing = styled.span`
  color: ${({ theme }) => theme.color.primary};
`;

const Notice = styled.p`
  margin: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)} 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
  line-height: 1.4;
`;

const Scroll = styled.div`
  flex: 1;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${({ theme }) => theme.space(3)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Older = styled.button`
  align-self: center;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 16px;
  background: none;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 12px;
`;

const Hello = styled.p`
  margin: auto ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
  line-height: 1.5;
`;

const Day = styled.div`
  align-self: center;
  padding: 2px 10px;
  border-radius: 10px;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 11px;
`;

const Bubble = styled.div<{ $mine: boolean }>`
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  max-width: 80%;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: 14px;
  border-end-end-radius: ${({ $mine }) => ($mine ? '4px' : '14px')};
  border-end-start-radius: ${({ $mine }) => ($mine ? '14px' : '4px')};
  background: ${({ theme, $mine }) => ($mine ? '#2b3a52' : theme.color.surfaceRaised)};
  color: ${({ theme }) => theme.color.text};
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

const Name = styled.span`
  font-size: 12px;
  font-weight: 600;
  color: ${({ theme }) => theme.color.primary};
`;

const Text = styled.p`
  margin: 0;
  font-size: 15px;
  line-height: 1.4;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Meta = styled.span`
  align-self: flex-end;
  display: inline-flex;
  gap: 4px;
  font-size: 11px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Tick = styled.span<{ $read: boolean }>`
  display: inline-flex;
  align-items: center;
  color: ${({ theme, $read }) => ($read ? theme.color.primary : 'inherit')};
`;

const Failed = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  font-size: 12px;
  color: ${({ theme }) => theme.color.danger};
`;

const LinkButton = styled.button`
  min-height: 28px;
  padding: 0 4px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font-size: 12px;
  text-decoration: underline;
`;

const Resolved = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(2)};
  text-align: center;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Form = styled.form`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  padding-bottom: calc(${({ theme }) => theme.space(2)} + env(safe-area-inset-bottom));
  border-top: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

const IconButton = styled.button`
  flex: none;
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  border: 0;
  border-radius: 22px;
  background: none;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Input = styled.textarea`
  flex: 1;
  min-height: 44px;
  max-height: 120px;
  padding: 11px ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 22px;
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-size: 15px;
  line-height: 20px;
  resize: none;
`;

const Send = styled.button`
  flex: none;
  min-width: 64px;
  height: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: 22px;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: 600;
  &:disabled {
    opacity: 0.5;
  }
`;
