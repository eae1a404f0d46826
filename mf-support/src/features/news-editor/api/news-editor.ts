/** The news editor's calls (role content/admin), with the ops token. */
import { opsApi } from '@meridian/shared/ops';

export const fetchNewsRows = (page: number) => opsApi.get('/api/ops/news', { page, limit: 20 });
export const fetchNewsDetail = (id: number) => opsApi.get('/api/ops/news/detail', { id });
export const saveNews = (fields: {
  id: number | undefined;
  title: string;
  desc: string;
  logo: string | undefined;
  content: string;
}) => opsApi.post('/api/ops/news/save', fields);
export const previewNews = (content: string) => opsApi.post('/api/ops/news/preview', { content });
export const publishNews = (id: number, published: boolean) =>
  opsApi.post('/api/ops/news/publish', { id, published: published ? 1 : 0 });
export const fetchAnnouncement = () => opsApi.get('/api/ops/announcement');
export const saveAnnouncement = (title: string, content: string, published: boolean) =>
  opsApi.post('/api/ops/announcement/save', {
    title,
    content,
    published: published ? 1 : 0,
  });
