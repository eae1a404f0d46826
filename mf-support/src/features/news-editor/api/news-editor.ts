/** The news editor's calls (role content/admin), with the ops token. */
import { opsApi } from '@meridian/shared/ops';
import type { OpsAnnouncement, OpsNewsDetail, OpsNewsRow, OpsPage } from '@meridian/shared/pure';

export const fetchNewsRows = (page: number) =>
  opsApi.get<OpsPage<OpsNewsRow>>('/api/ops/news', { page, limit: 20 });
export const fetchNewsDetail = (id: number) => opsApi.get<OpsNewsDetail>('/api/ops/news/detail', { id });
export const saveNews = (fields: {
  id: number | undefined;
  title: string;
  desc: string;
  logo: string | undefined;
  content: string;
}) => opsApi.post<OpsNewsDetail>('/api/ops/news/save', fields);
export const previewNews = (content: string) =>
  opsApi.post<{ content: string }>('/api/ops/news/preview', { content });
export const publishNews = (id: number, published: boolean) =>
  opsApi.post<OpsNewsDetail>('/api/ops/news/publish', { id, published: published ? 1 : 0 });
export const fetchAnnouncement = () => opsApi.get<OpsAnnouncement>('/api/ops/announcement');
export const saveAnnouncement = (title: string, content: string, published: boolean) =>
  opsApi.post<OpsAnnouncement>('/api/ops/announcement/save', {
    title,
    content,
    published: published ? 1 : 0,
  });
