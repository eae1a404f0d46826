import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NewsList } from './news-list';
import NewsDetailPage from '../../../app/pages/news-detail-page';
import { mockServer, ok, renderPage, resetApp } from '../../../testing/test-utils';

beforeEach(() => resetApp());

const item = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  category_id: 1,
  title: `Story ${id}`,
  desc: `Summary ${id}`,
  logo: `/icons/news-${id}.png`,
  created_at: '2026-11-26 11:46:00',
  ...over,
});
const down = { status: 500, body: { code: 0, msg: 'down', data: null } };

describe('/news, the list', () => {
  it('with no article says "No news yet."', async () => {
    mockServer({ 'GET /api/news/list': ok({ data: [], total: 0 }) });
    renderPage(<NewsList />);
    expect(await screen.findByText('No news yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('news-row')).toBeNull();
  });

  it('a null page (the server has none) is an empty list, not an error', async () => {
    mockServer({ 'GET /api/news/list': ok(null) });
    renderPage(<NewsList />);
    expect(await screen.findByText('No news yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a failed first page offers a retry that loads the articles', async () => {
    let fail = true;
    mockServer({ 'GET /api/news/list': () => (fail ? down : ok({ data: [item(1)], total: 1 })) });
    renderPage(<NewsList />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('news-title')).toHaveTextContent('Story 1');
  });

  it('asks for category 1, 10 at a time, and page 2 on "Load more"', async () => {
    const s = mockServer({
      'GET /api/news/list': (req) =>
        req.query.get('page') === '1'
          ? ok({ data: Array.from({ length: 10 }, (_, i) => item(i + 1)), total: 11 })
          : ok({ data: [item(11)], total: 11 }),
    });
    renderPage(<NewsList />);
    await waitFor(() => expect(screen.getAllByTestId('news-row')).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('news-row')).toHaveLength(11));
    const q = s
      .find('/api/news/list')
      .map((c) => [c.query.get('category_id'), c.query.get('page'), c.query.get('limit')]);
    expect(q).toEqual([
      ['1', '1', '10'],
      ['1', '2', '10'],
    ]);
  });

  it('a row opens its article', async () => {
    mockServer({ 'GET /api/news/list': ok({ data: [item(4)], total: 1 }) });
    const { nav } = renderPage(<NewsList />);
    const row = await screen.findByTestId('news-row');
    expect(row).toHaveAttribute('href', '/news/detail?id=4');
    fireEvent.click(row);
    expect(nav.navigate).toHaveBeenCalledWith('/news/detail?id=4', undefined);
  });

  it('shows the picture; one that does not load, or none, becomes the title initial', async () => {
    mockServer({
      'GET /api/news/list': ok({
        data: [item(1, { title: 'Gold rises' }), item(2, { title: 'Oil slips', logo: '' })],
        total: 2,
      }),
    });
    renderPage(<NewsList />);
    await waitFor(() => expect(screen.getAllByTestId('news-row')).toHaveLength(2));
    const [gold, oil] = screen.getAllByTestId('news-row');
    const img = gold!.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/icons/news-1.png');
    expect(oil!.querySelector('img')).toBeNull();
    expect(within(oil!).getByText('O')).toHaveAttribute('aria-hidden', 'true');
    act(() => {
      fireEvent.error(img);
    });
    expect(gold!.querySelector('img')).toBeNull();
    expect(within(gold!).getByText('G')).toBeInTheDocument();
  });
});

describe('/news/detail', () => {
  it.each(['', 'abc', '0', '-3', '1.5'])(
    'an id of "%s" says the article does not exist and asks nothing',
    async (id) => {
      const s = mockServer({});
      renderPage(<NewsDetailPage />, { path: '/news/detail', query: id ? `id=${id}` : '' });
      expect(await screen.findByText('This article does not exist.')).toBeInTheDocument();
      expect(s.find('/api/news/info')).toHaveLength(0);
    },
  );

  it('loads the article of the id, shown busy until it comes', async () => {
    let release: () => void = () => undefined;
    const s = mockServer({
      'GET /api/news/info': () =>
        new Promise((r) => {
          release = () => r(ok({ ...item(4), content: '<p>Gold held near its high.</p>' }));
        }),
    });
    const { container } = renderPage(<NewsDetailPage />, { path: '/news/detail', query: 'id=4' });
    await waitFor(() => expect(s.find('/api/news/info')).toHaveLength(1));
    expect(s.find('/api/news/info')[0]!.query.get('id')).toBe('4');
    expect(container.querySelector('article[aria-busy="true"]')).not.toBeNull();
    await act(async () => release());
    expect(await screen.findByTestId('news-title')).toHaveTextContent('Story 4');
    expect(screen.getByTestId('news-content')).toHaveTextContent('Gold held near its high.');
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('a failed article offers a retry that loads it', async () => {
    let fail = true;
    const s = mockServer({
      'GET /api/news/info': () => (fail ? down : ok({ ...item(4), content: '<p>Body</p>' })),
    });
    renderPage(<NewsDetailPage />, { path: '/news/detail', query: 'id=4' });
    const error = await screen.findByTestId('load-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('news-content')).toHaveTextContent('Body');
    expect(s.find('/api/news/info')).toHaveLength(2);
  });

  it('a link in the article opens outside the app', async () => {
    mockServer({
      'GET /api/news/info': ok({
        ...item(4),
        content: '<p>See <a href="https://example.com/r">the report</a></p>',
      }),
    });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { nav } = renderPage(<NewsDetailPage />, { path: '/news/detail', query: 'id=4' });
    fireEvent.click(await screen.findByRole('link', { name: 'the report' }));
    expect(open).toHaveBeenCalledWith('https://example.com/r', '_blank', 'noopener,noreferrer');
    expect(nav.navigate).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
