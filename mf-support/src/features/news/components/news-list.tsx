/**
 * `/news`: the articles of category 1, newest first, page by page with pull-to-refresh (the shared paged list and
 * its rules). A row shows the logo, title, description and date, and opens the article. Title and description take
 * their own direction (an English article on an Arabic page stays left to right); the date is the reader's.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AppLink } from '@meridian/shared';
import { PagedList } from '@meridian/shared/lists';
import { hrefs } from '@meridian/shared/pure';
import { NS } from '../../../lib/ns';
import { formatServerTime, isoOf } from '../../../lib/time';
import { fetchNewsPage } from '../api/news';
import type { NewsItem } from '../api/news';

export function NewsList() {
  const { t, i18n } = useTranslation(NS);
  return (
    <PagedList<NewsItem>
      fetchPage={fetchNewsPage}
      keyOf={(n) => n.id}
      emptyText={t('news.empty')}
      renderItem={(n) => (
        <Row to={hrefs.newsDetail(n.id)} data-testid="news-row">
          <NewsLogo src={n.logo} title={n.title} />
          <Body>
            <Title dir="auto" data-testid="news-title">
              {n.title}
            </Title>
            <Desc dir="auto" data-testid="news-desc">
              {n.desc}
            </Desc>
            <Date dateTime={isoOf(n.created_at)} data-testid="news-date">
              {formatServerTime(n.created_at, i18n.language)}
            </Date>
          </Body>
        </Row>
      )}
    />
  );
}

/** The article's picture, or its first letter when there is none or it does not load (a missing file, the CSP). */
function NewsLogo({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <LogoBlank aria-hidden="true">{title.slice(0, 1)}</LogoBlank>;
  return <Logo src={src} alt="" loading="lazy" onError={() => setFailed(true)} />;
}

const Row = styled(AppLink)`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  color: inherit;
  text-decoration: none;
  -webkit-tap-highlight-color: transparent;
`;

const Logo = styled.img`
  flex: none;
  width: 64px;
  height: 64px;
  border-radius: ${({ theme }) => theme.radius.sm};
  object-fit: cover;
  background: ${({ theme }) => theme.color.surfaceRaised};
`;

const LogoBlank = styled.span`
  flex: none;
  width: 64px;
  height: 64px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.primary};
  font-size: 24px;
  font-weight: 700;
`;

const Body = styled.span`
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

const Title = styled.span`
  font-size: 15px;
  font-weight: 600;
  line-height: 1.35;
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Desc = styled.span`
  font-size: 13px;
  line-height: 1.4;
  color: ${({ theme }) => theme.color.textMuted};
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Date = styled.time`
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`;
