import { screen } from '@testing-library/react';
import { NewsArticleView } from './news-article';
import { NewsList } from './news-list';
import { mockServer, ok, renderPage, resetApp } from '../../../testing/test-utils';

beforeEach(() => resetApp());

const article = {
  id: 4,
  category_id: 1,
  title: 'Gold steadies ahead of the Fed.',
  desc: 'Traders wait for the minutes.',
  logo: '/icons/news.png',
  created_at: '2026-11-26 11:46:00',
  content: '<p>Gold held near its high.</p>',
};

describe('/news', () => {
  it('title and summary take their own direction; the date is written the reader’s way, not as sent', async () => {
    mockServer({ 'GET /api/news/list': ok({ data: [article], total: 1 }) });
    renderPage(<NewsList />);
    expect(await screen.findByTestId('news-title')).toHaveAttribute('dir', 'auto');
    expect(screen.getByTestId('news-desc')).toHaveAttribute('dir', 'auto');
    const date = screen.getByTestId('news-date');
    expect(date).toHaveAttribute('datetime', '2026-11-26T11:46:00.000Z');
    expect(date).not.toHaveTextContent('2026-11-26');
    expect(date).toHaveTextContent('2026');
  });

  it('an article: title and body take their own direction; date and time in the reader’s language', async () => {
    mockServer({ 'GET /api/news/info': ok(article) });
    renderPage(<NewsArticleView id={4} />);
    expect(await screen.findByTestId('news-title')).toHaveAttribute('dir', 'auto');
    expect(screen.getByTestId('news-content')).toHaveAttribute('dir', 'auto');
    expect(screen.getByTestId('news-date')).not.toHaveTextContent('2026-11-26 11:46');
  });
});
