/**
 * The news editor (support, admin): the articles with their state (draft or published), one article's fields and
 * HTML, a preview of exactly what traders will get (the server's sanitized HTML), publish and unpublish (after a
 * confirmation: it reaches every trader); and the announcement text, edited the same way. Every change is audited
 * by the server. Typing makes no call, so unsaved changes are kept on the device (per article) until saved and
 * restored when the article is opened again, also after an idle sign-out.
 */
import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { confirm, isApiError, toast } from '@meridian/shared';
import {
  clearOpsDraft,
  formatOpsTime,
  listOpsDrafts,
  OpsBadge,
  OpsButton,
  OpsButtons,
  OpsCard,
  OpsEmpty,
  OpsField,
  OpsInput,
  OpsPage,
  OpsPager,
  OpsState,
  OpsTextarea,
  readOpsDraft,
  useOpsLoad,
  writeOpsDraft,
} from '@meridian/shared/ops';
import type { OpsAnnouncement, OpsNewsDetail } from '@meridian/shared/pure';
import { OPS_NS } from '../../../lib/ops-ns';
import {
  fetchAnnouncement,
  fetchNewsDetail,
  fetchNewsRows,
  previewNews,
  publishNews,
  saveAnnouncement,
  saveNews,
} from '../api/news-editor';

type Draft = { id: number | null; title: string; desc: string; logo: string; content: string; status: 0 | 1 };
const EMPTY: Draft = { id: null, title: '', desc: '', logo: '', content: '', status: 0 };

/** What the person types (kept on the device while it differs from what the server has). */
type NewsFields = Pick<Draft, 'title' | 'desc' | 'logo' | 'content'>;
const fieldsOf = (d: NewsFields): NewsFields => ({
  title: d.title,
  desc: d.desc,
  logo: d.logo,
  content: d.content,
});
const sameFields = (a: NewsFields, b: NewsFields) =>
  a.title === b.title && a.desc === b.desc && a.logo === b.logo && a.content === b.content;
const newsDraftKey = (id: number | null) => `news.${id ?? 'new'}`;
const toDraft = (d: OpsNewsDetail): Draft => ({
  id: d.id,
  title: d.title,
  desc: d.desc,
  logo: d.logo,
  content: d.content,
  status: d.status,
});

export function NewsEditor() {
  const { t, i18n } = useTranslation(OPS_NS);
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const list = useOpsLoad(() => fetchNewsRows(page), `${page}-${version}`);
  const [base, setBase] = useState<Draft>(EMPTY);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Show an article as the server has it, with this device's unsaved changes to it, if any. */
  const show = useCallback((d: Draft) => {
    const saved = readOpsDraft<NewsFields>(newsDraftKey(d.id));
    const restore = saved && !sameFields(saved.data, d) ? saved : null;
    setBase(d);
    setDraft(restore ? { ...d, ...fieldsOf(restore.data) } : d);
    setRestoredAt(restore ? restore.savedAt : null);
    setPreview(null);
  }, []);
  const open = useCallback(async (id: number) => show(toDraft(await fetchNewsDetail(id))), [show]);

  // On arrival: the article last left unsaved on this device (after an idle sign-out, say), else a new one.
  useEffect(() => {
    const last = listOpsDrafts('news.')[0]?.slice('news.'.length);
    const id = Number(last);
    if (last && last !== 'new' && Number.isInteger(id) && id > 0) {
      open(id).catch(() => show(EMPTY));
    } else {
      show(EMPTY);
    }
  }, [open, show]);

  // Unsaved changes live on the device until saved (or discarded).
  useEffect(() => {
    const key = newsDraftKey(draft.id);
    if (draft.id !== base.id) return;
    if (sameFields(draft, base)) clearOpsDraft(key);
    else writeOpsDraft(key, fieldsOf(draft));
  }, [draft, base]);

  const discard = () => {
    clearOpsDraft(newsDraftKey(base.id));
    setDraft(base);
    setRestoredAt(null);
  };

  const run = async (fn: () => Promise<OpsNewsDetail>, done: string) => {
    setBusy(true);
    try {
      const wasNew = draft.id === null;
      const d = toDraft(await fn());
      if (wasNew) clearOpsDraft(newsDraftKey(null));
      // What was saved is the server's now; edits typed meanwhile would be overwritten, none are possible (busy).
      clearOpsDraft(newsDraftKey(d.id));
      setBase(d);
      setDraft(d);
      setRestoredAt(null);
      setVersion((v) => v + 1);
      toast(done, 'success');
    } catch (err) {
      toast(isApiError(err) ? err.message : t('news.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const save = (e?: FormEvent) => {
    e?.preventDefault();
    void run(
      () =>
        saveNews({
          id: draft.id ?? undefined,
          title: draft.title,
          desc: draft.desc,
          logo: draft.logo || undefined,
          content: draft.content,
        }),
      t('news.saved'),
    );
  };
  const showPreview = async () => {
    try {
      const p = await previewNews(draft.content);
      setPreview(p.content);
    } catch (err) {
      toast(isApiError(err) ? err.message : t('news.failed'), 'error');
    }
  };
  const publish = async (published: boolean) => {
    if (draft.id === null) return;
    const id = draft.id;
    // Publishing reaches every trader at once: asked first.
    if (
      published &&
      !(await confirm({
        title: t('news.confirmPublishTitle'),
        message: t('news.confirmPublish', { title: base.title }),
        confirmText: t('news.publish'),
      }))
    )
      return;
    void run(
      () => publishNews(id, published),
      published ? t('news.publishedToast') : t('news.unpublishedToast'),
    );
  };

  return (
    <OpsPage
      testId="page-ops-news"
      title={t('news.title')}
      subtitle={t('news.subtitle')}
      actions={
        <OpsButton type="button" onClick={() => show(EMPTY)} data-testid="news-new">
          {t('news.new')}
        </OpsButton>
      }
    >
      <Grid>
        <div>
          <OpsState state={list} rows={8}>
            {(data) =>
              data.data.length === 0 ? (
                <OpsEmpty>{t('news.none')}</OpsEmpty>
              ) : (
                <>
                  <List>
                    {data.data.map((n) => (
                      <li key={n.id}>
                        <Item
                          type="button"
                          aria-current={draft.id === n.id ? 'true' : undefined}
                          onClick={() => void open(n.id)}
                          data-testid="news-item"
                        >
                          <strong>{n.title}</strong>
                          <span>
                            <OpsBadge $tone={n.status === 1 ? 'ok' : 'muted'}>
                              {n.status === 1 ? t('news.published') : t('news.draft')}
                            </OpsBadge>{' '}
                            {formatOpsTime(n.created_at, i18n.language)}
                          </span>
                        </Item>
                      </li>
                    ))}
                  </List>
                  <OpsPager page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
                </>
              )
            }
          </OpsState>
        </div>
        <Column>
          <OpsCard as="form" onSubmit={save} data-testid="news-form">
            <h2>
              {draft.id === null ? t('news.newTitle') : t('news.editTitle', { id: draft.id })}{' '}
              {draft.id !== null && (
                <OpsBadge $tone={draft.status === 1 ? 'ok' : 'muted'}>
                  {draft.status === 1 ? t('news.published') : t('news.draft')}
                </OpsBadge>
              )}
            </h2>
            {restoredAt !== null && (
              <Restored role="status" data-testid="news-restored">
                <span>{t('news.restored', { time: formatOpsTime(restoredAt, i18n.language) })}</span>
                <OpsButton type="button" $variant="ghost" onClick={discard} data-testid="news-discard">
                  {t('news.discard')}
                </OpsButton>
              </Restored>
            )}
            <Fields>
              <OpsField label={t('news.fieldTitle')}>
                <OpsInput
                  value={draft.title}
                  maxLength={200}
                  onChange={(e) => setDraft({ ...draft, title: e.target.value })}
                  data-testid="news-title"
                />
              </OpsField>
              <OpsField label={t('news.fieldDesc')}>
                <OpsInput
                  value={draft.desc}
                  maxLength={500}
                  onChange={(e) => setDraft({ ...draft, desc: e.target.value })}
                  data-testid="news-desc"
                />
              </OpsField>
              <OpsField label={t('news.fieldLogo')}>
                <OpsInput
                  value={draft.logo}
                  maxLength={500}
                  placeholder="https://…"
                  onChange={(e) => setDraft({ ...draft, logo: e.target.value })}
                />
              </OpsField>
              <OpsField label={t('news.fieldContent')}>
                <Html
                  value={draft.content}
                  onChange={(e) => setDraft({ ...draft, content: e.target.value })}
                  data-testid="news-content-input"
                />
              </OpsField>
            </Fields>
            <OpsButtons>
              <OpsButton
                type="button"
                onClick={() => void showPreview()}
                disabled={!draft.content.trim()}
                data-testid="news-preview"
              >
                {t('news.preview')}
              </OpsButton>
              {draft.id !== null &&
                (draft.status === 1 ? (
                  <OpsButton
                    type="button"
                    onClick={() => void publish(false)}
                    disabled={busy}
                    data-testid="news-unpublish"
                  >
                    {t('news.unpublish')}
                  </OpsButton>
                ) : (
                  <OpsButton
                    type="button"
                    onClick={() => void publish(true)}
                    disabled={busy}
                    data-testid="news-publish"
                  >
                    {t('news.publish')}
                  </OpsButton>
                ))}
              <OpsButton type="submit" $variant="primary" disabled={busy} data-testid="news-save">
                {draft.id === null ? t('news.saveDraft') : t('news.save')}
              </OpsButton>
            </OpsButtons>
          </OpsCard>
          {preview !== null && (
            <OpsCard data-testid="news-preview-pane">
              <h2>{t('news.previewTitle')}</h2>
              <Phone>
                <h3>{draft.title}</h3>
                {/* The server's sanitized HTML (allow-list), exactly what traders are served. */}
                <div dangerouslySetInnerHTML={{ __html: preview }} />
              </Phone>
            </OpsCard>
          )}
          <AnnouncementEditor />
        </Column>
      </Grid>
    </OpsPage>
  );
}

const ANNOUNCEMENT_DRAFT = 'announcement';
type AnnouncementFields = Pick<OpsAnnouncement, 'title' | 'content'>;

function AnnouncementEditor() {
  const { t, i18n } = useTranslation(OPS_NS);
  const [base, setBase] = useState<OpsAnnouncement | null>(null);
  const [a, setA] = useState<OpsAnnouncement | null>(null);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    fetchAnnouncement().then(
      (server) => {
        const saved = readOpsDraft<AnnouncementFields>(ANNOUNCEMENT_DRAFT);
        const restore =
          saved && (saved.data.title !== server.title || saved.data.content !== server.content)
            ? saved
            : null;
        setBase(server);
        setA(restore ? { ...server, title: restore.data.title, content: restore.data.content } : server);
        setRestoredAt(restore ? restore.savedAt : null);
      },
      () => setA(null),
    );
  }, []);
  useEffect(() => {
    if (!a || !base) return;
    if (a.title === base.title && a.content === base.content) clearOpsDraft(ANNOUNCEMENT_DRAFT);
    else writeOpsDraft<AnnouncementFields>(ANNOUNCEMENT_DRAFT, { title: a.title, content: a.content });
  }, [a, base]);
  if (!a) return null;
  const save = async (published: boolean) => {
    if (
      published &&
      !(await confirm({
        title: t('announcement.confirmPublishTitle'),
        message: t('announcement.confirmPublish', { title: a.title }),
        confirmText: t('news.publish'),
      }))
    )
      return;
    setBusy(true);
    try {
      const next = await saveAnnouncement(a.title, a.content, published);
      clearOpsDraft(ANNOUNCEMENT_DRAFT);
      setBase(next);
      setA(next);
      setRestoredAt(null);
      toast(published ? t('announcement.publishedToast') : t('announcement.savedToast'), 'success');
    } catch (err) {
      toast(isApiError(err) ? err.message : t('news.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <OpsCard data-testid="announcement-form">
      <h2>
        {t('announcement.title')}{' '}
        <OpsBadge $tone={a.published ? 'ok' : 'muted'}>
          {a.published ? t('news.published') : t('announcement.default')}
        </OpsBadge>
      </h2>
      {restoredAt !== null && base && (
        <Restored role="status" data-testid="announcement-restored">
          <span>{t('news.restored', { time: formatOpsTime(restoredAt, i18n.language) })}</span>
          <OpsButton
            type="button"
            $variant="ghost"
            onClick={() => {
              clearOpsDraft(ANNOUNCEMENT_DRAFT);
              setA(base);
              setRestoredAt(null);
            }}
          >
            {t('news.discard')}
          </OpsButton>
        </Restored>
      )}
      <Fields>
        <OpsField label={t('news.fieldTitle')}>
          <OpsInput
            value={a.title}
            maxLength={200}
            onChange={(e) => setA({ ...a, title: e.target.value })}
            data-testid="announcement-title"
          />
        </OpsField>
        <OpsField label={t('announcement.text')}>
          <OpsTextarea
            data-testid="announcement-content"
            value={a.content}
            maxLength={10_000}
            onChange={(e) => setA({ ...a, content: e.target.value })}
          />
        </OpsField>
      </Fields>
      <OpsButtons>
        {a.published && (
          <OpsButton type="button" disabled={busy} onClick={() => void save(false)}>
            {t('announcement.unpublish')}
          </OpsButton>
        )}
        <OpsButton
          type="button"
          disabled={busy || !a.title.trim() || !a.content.trim()}
          onClick={() => void save(false)}
        >
          {t('news.saveDraft')}
        </OpsButton>
        <OpsButton
          type="button"
          $variant="primary"
          disabled={busy || !a.title.trim() || !a.content.trim()}
          onClick={() => void save(true)}
          data-testid="announcement-publish"
        >
          {t('news.publish')}
        </OpsButton>
      </OpsButtons>
    </OpsCard>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(240px, 340px) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: 1fr;
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  li + li {
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const Item = styled.button`
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: ${({ theme }) => theme.space(3)};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.text};
  text-align: start;
  font-size: 14px;
  cursor: pointer;
  span {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
  &[aria-current='true'] {
    background: ${({ theme }) => theme.color.surfaceRaised};
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.color.primary};
  }
`;

const Restored = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.warning};
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 14px;
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Html = styled(OpsTextarea)`
  min-height: 220px;
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 13px;
`;

const Phone = styled.div`
  max-width: 390px;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.bg};
  font-size: 15px;
  line-height: 1.6;
  overflow-wrap: anywhere;
  img {
    max-width: 100%;
    height: auto;
  }
  a {
    color: ${({ theme }) => theme.color.primary};
  }
`;
