/**
 * `/news/detail?id=`: the article's title, date and HTML. The server sanitizes the HTML on save and on serve (an
 * allow-list: no scripts, styles or handlers; links get target=_blank rel=noopener); here images are scaled to the
 * column and every link opens outside the app. Title and body take their own direction (`dir="auto"`: an English
 * article on an Arabic page keeps its full stops at the end of the line); the date is written the reader's way.
 */
import { useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Empty, LoadError, Skeleton } from '@meridian/shared';
import { NS } from '../../../lib/ns';
import { formatServerTime, isoOf } from '../../../lib/time';
import { fetchArticle } from '../api/news';
import type { NewsArticle } from '../api/news';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: NewsArticle };

export function NewsArticleView({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation(NS);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (id === null) return undefined;
    let live = true;
    setState({ status: 'loading' });
    fetchArticle(id).then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  if (id === null) return <Empty text={t('news.missing')} />;
  if (state.status === 'loading') {
    return (
      <Article aria-busy="true">
        <Skeleton height={24} width="85%" />
        <Skeleton height={14} width="30%" />
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Article>
    );
  }
  if (state.status === 'error') return <LoadError onRetry={() => setAttempt((n) => n + 1)} />;
  const n = state.data;
  // Links leave the app: a new tab (or the system browser in a web view), never this page's history.
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    if (!a || !a.href) return;
    e.preventDefault();
    window.open(a.href, '_blank', 'noopener,noreferrer');
  };
  return (
    <Article data-testid="news-article">
      <H1 dir="auto" data-testid="news-title">
        {n.title}
      </H1>
      <Date dateTime={isoOf(n.created_at)} data-testid="news-date">
        {formatServerTime(n.created_at, i18n.language, { time: true })}
      </Date>
      {/* Sanitized by the server (allow-list HTML), see the comment above. */}
      <Content
        dir="auto"
        data-testid="news-content"
        onClick={onClick}
        dangerouslySetInnerHTML={{ __html: n.content }}
      />
    </Article>
  );
}

const Article = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
`;

const H1 = styled.h1`
  margin: 0;
  font-size: 20px;
  line-height: 1.35;
`;

const Date = styled.time`
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Content = styled.div`
  font-size: 15px;
  line-height: 1.6;
  overflow-wrap: anywhere;
  img,
  video {
    max-width: 100%;
    height: auto;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  a {
    color: ${({ theme }) => theme.color.primary};
  }
  h2,
  h3 {
    margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
    line-height: 1.3;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
  blockquote {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    padding-inline-start: ${({ theme }) => theme.space(3)};
    border-inline-start: 3px solid ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.textMuted};
  }
  table {
    width: 100%;
    border-collapse: collapse;
    display: block;
    overflow-x: auto;
    font-size: 14px;
  }
  th,
  td {
    padding: 6px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    text-align: start;
  }
  pre {
    overflow-x: auto;
  }
`;
