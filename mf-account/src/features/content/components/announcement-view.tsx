/**
 * `/mine/announcement`: the server's announcement as plain text. On the demo site (document title DEMO, docs/routes.md)
 * a test marker is appended so nobody mistakes it for the live notice.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DEMO_SITE_TITLE, Empty, Skeleton, useLoad, LoadError } from '@meridian/shared';
import { NS } from '../../../lib/ns';
import { fetchAnnouncement } from '../api/content-api';

export function AnnouncementView() {
  const { t } = useTranslation(NS);
  const state = useLoad(fetchAnnouncement);
  if (state.status === 'loading') {
    return (
      <Article aria-busy="true" data-testid="announcement-loading">
        <Skeleton height={22} width="60%" />
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="80%" />
      </Article>
    );
  }
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  const { title, content } = state.data;
  if (!title && !content) return <Empty />;
  const isDemoSite = typeof document !== 'undefined' && document.title === DEMO_SITE_TITLE;
  return (
    <Article data-testid="announcement">
      {/* The notice's own direction, whatever the page's (an English notice on an Arabic page). */}
      {title && (
        <Title dir="auto" data-testid="announcement-title">
          {title}
        </Title>
      )}
      <Content dir="auto" data-testid="announcement-content">
        {content}
      </Content>
      {isDemoSite && <Marker data-testid="announcement-test-marker">{t('announcement.testMarker')}</Marker>}
    </Article>
  );
}

const Article = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
`;

const Title = styled.h2`
  margin: 0;
  font-size: 18px;
`;

const Content = styled.p`
  margin: 0;
  white-space: pre-wrap;
  line-height: 1.6;
  color: ${({ theme }) => theme.color.text};
`;

const Marker = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.warning};
  font-weight: 600;
`;
