/**
 * The news editor (support, admin): the articles with their state (draft or published), one article's fields and
 * HTML, a preview of exactly what traders will get (the server's sanitized HTML), publish and unpublish; and the
 * announcement text, edited the same way. Every change is audited by the server.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { isApiError, toast } from '@meridian/shared';
import {
  formatOpsTime,
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
  opsApi,
  useOpsLoad,
} from '@meridian/shared/ops';
import type { OpsAnnouncement, OpsNewsDetail, OpsNewsRow, OpsPage as Paged } from '@meridian/shared/pure';
import { OPS_NS } from '../../lib/ops-ns';

type Draft = { id: number | null; title: string; desc: string; logo: string; content: string; status: 0 | 1 };
const EMPTY: Draft = { id: null, title: '', desc: '', logo: '', content: '', status: 0 };

export function NewsEditor() {
  const { t, i18n } = useTranslation(OPS_NS);
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const list = useOpsLoad(
    () => opsApi.get<Paged<OpsNewsRow>>('/api/ops/news', { page, limit: 20 }),
    `${page}-${version}`,
  );
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async (id: number) => {
    const d = await opsApi.get<OpsNewsDetail>('/api/ops/news/detail', { id });
    setDraft({ id: d.id, title: d.title, desc: d.desc, logo: d.logo, content: d.content, status: d.status });
    setPreview(null);
  };
  const run = async (fn: () => Promise<OpsNewsDetail>, done: string) => {
    setBusy(true);
    try {
      const d = await fn();
      setDraft({
        id: d.id,
        title: d.title,
        desc: d.desc,
        logo: d.logo,
        content: d.content,
        status: d.status,
      });
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
        opsApi.post<OpsNewsDetail>('/api/ops/news/save', {
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
      const p = await opsApi.post<{ content: string }>('/api/ops/news/preview', { content: draft.content });
      setPreview(p.content);
    } catch (err) {
      toast(isApiError(err) ? err.message : t('news.failed'), 'error');
    }
  };
  const publish = (published: boolean) => {
    if (draft.id === null) return;
    const id = draft.id;
    void run(
      () => opsApi.post<OpsNewsDetail>('/api/ops/news/publish', { id, published: published ? 1 : 0 }),
      published ? t('news.publishedToast') : t('news.unpublishedToast'),
    );
  };

  return (
    <OpsPage
      testId="page-ops-news"
      title={t('news.title')}
      subtitle={t('news.subtitle')}
      actions={
        <OpsButton
          type="button"
          onClick={() => {
            setDraft(EMPTY);
            setPreview(null);
          }}
          data-testid="news-new"
        >
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
                    onClick={() => publish(false)}
                    disabled={busy}
                    data-testid="news-unpublish"
                  >
                    {t('news.unpublish')}
                  </OpsButton>
                ) : (
                  <OpsButton
                    type="button"
                    onClick={() => publish(true)}
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

function AnnouncementEditor() {
  const { t } = useTranslation(OPS_NS);
  const [a, setA] = useState<OpsAnnouncement | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    opsApi.get<OpsAnnouncement>('/api/ops/announcement').then(setA, () => setA(null));
  }, []);
  if (!a) return null;
  const save = async (published: boolean) => {
    setBusy(true);
    try {
      const next = await opsApi.post<OpsAnnouncement>('/api/ops/announcement/save', {
        title: a.title,
        content: a.content,
        published: published ? 1 : 0,
      });
      setA(next);
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
      <Fields>
        <OpsField label={t('news.fieldTitle')}>
          <OpsInput value={a.title} maxLength={200} onChange={(e) => setA({ ...a, title: e.target.value })} />
        </OpsField>
        <OpsField label={t('announcement.text')}>
          <OpsTextarea
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
