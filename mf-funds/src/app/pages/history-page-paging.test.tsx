import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import HistoryPage from './history-page';
import { logIn, mockServer, ok, renderPage, resetApp } from '../../testing/test-utils';

beforeEach(() => {
  resetApp();
  logIn();
});

const figures = ok({
  balance: '500.00',
  lock_balance: '0.00',
  equity: '500.00',
  used_margin: '0.00',
  free_margin: '500.00',
  margin_level: '0',
  floating_profit: '0',
});
const row = (Id: number, over: Record<string, unknown> = {}) => ({
  Id,
  Value: '-1.00',
  BalanceAfter: '500.00',
  Type: 5,
  Memo: '',
  MemoTran: `Fee ${Id}`,
  CreatedAtTran: '2026-11-26 11:46:00',
  ...over,
});
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => row(from + i));

describe('/mine/history, paging', () => {
  it('loads 10 a page, page 2 on "Load more", then says there is no more', async () => {
    const s = mockServer({
      'GET /v1/api/main/account/forexDetail': figures,
      'GET /v1/api/main/accountLog/forexChange': (req) =>
        req.query.get('page') === '1'
          ? ok({ list: page(1, 10), total: 13 })
          : ok({ list: page(11, 3), total: 13 }),
    });
    renderPage(<HistoryPage />);
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(10));
    expect(screen.queryByText('No more')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(13));
    expect(screen.getAllByTestId('history-row')[12]).toHaveTextContent('Fee 13');
    const calls = s
      .find('/v1/api/main/accountLog/forexChange')
      .map((c) => [c.query.get('page'), c.query.get('limit')]);
    expect(calls).toEqual([
      ['1', '10'],
      ['2', '10'],
    ]);
    expect(screen.getByText('No more')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a row of type "other" reads its own memo; the others their translated label', async () => {
    mockServer({
      'GET /v1/api/main/account/forexDetail': figures,
      'GET /v1/api/main/accountLog/forexChange': ok({
        list: [row(1, { Type: 10, Memo: 'Goodwill credit', MemoTran: 'Other', Value: '25.00' }), row(2)],
        total: 2,
      }),
    });
    renderPage(<HistoryPage />);
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(2));
    const [other, fee] = screen.getAllByTestId('history-row');
    expect(other).toHaveTextContent('Goodwill credit');
    expect(other).not.toHaveTextContent('Other');
    expect(other).toHaveTextContent('+25.00');
    expect(fee).toHaveTextContent('Fee 2');
    expect(fee).toHaveTextContent('-1.00');
  });

  it('an empty ledger says "No data"', async () => {
    mockServer({
      'GET /v1/api/main/account/forexDetail': figures,
      'GET /v1/api/main/accountLog/forexChange': ok({ list: [], total: 0 }),
    });
    renderPage(<HistoryPage />);
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.queryByTestId('history-row')).toBeNull();
  });

  it('a first page that fails offers a retry that loads it', async () => {
    let fail = true;
    mockServer({
      'GET /v1/api/main/account/forexDetail': figures,
      'GET /v1/api/main/accountLog/forexChange': () =>
        fail ? { status: 500, body: { code: 0, msg: 'down', data: null } } : ok({ list: [row(1)], total: 1 }),
    });
    renderPage(<HistoryPage />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('history-row')).toHaveTextContent('Fee 1');
  });

  it('without the account figures the summary is left out, the ledger still shows', async () => {
    const s = mockServer({
      'GET /v1/api/main/account/forexDetail': { status: 500, body: { code: 0, msg: 'down', data: null } },
      'GET /v1/api/main/accountLog/forexChange': ok({ list: [row(1)], total: 1 }),
    });
    renderPage(<HistoryPage />);
    expect(await screen.findByTestId('history-row')).toBeInTheDocument();
    await waitFor(() => expect(s.find('/v1/api/main/account/forexDetail')).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByTestId('history-summary')).toBeNull();
  });
});
