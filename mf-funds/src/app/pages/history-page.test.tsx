import { screen } from '@testing-library/react';
import HistoryPage from './history-page';
import { logIn, mockServer, ok, renderPage, resetApp } from '../../testing/test-utils';

beforeEach(() => {
  resetApp();
  logIn();
});

describe('/mine/history', () => {
  it('writes amounts as every other screen does: thousands grouped, 2 decimals, signed rows', async () => {
    mockServer({
      'GET /v1/api/main/account/forexDetail': ok({
        balance: '99884.59',
        lock_balance: '115.48',
        equity: '100012.345678',
        used_margin: '115.480000',
        free_margin: '99896.865678',
        margin_level: '86605.43',
        floating_profit: '12.275678',
      }),
      'GET /v1/api/main/accountLog/forexChange': ok({
        list: [
          {
            Id: 2,
            Value: '-115.48',
            BalanceAfter: '99884.59',
            Type: 4,
            Memo: '',
            MemoTran: 'Margin',
            CreatedAtTran: '2026-11-26 11:46:00',
          },
          {
            Id: 1,
            Value: '100000.00',
            BalanceAfter: '100000.00',
            Type: 10,
            Memo: 'Grant',
            MemoTran: '',
            CreatedAtTran: '2026-11-26 11:40:00',
          },
        ],
        total: 2,
      }),
    });
    renderPage(<HistoryPage />);
    expect(await screen.findByTestId('history-balance')).toHaveTextContent(/^99,884\.59 USD$/);
    expect(screen.getByTestId('history-equity')).toHaveTextContent(/^100,012\.35 USD$/);
    expect(screen.getByTestId('history-free')).toHaveTextContent(/^99,896\.87 USD$/);
    const amounts = (await screen.findAllByTestId('history-amount')).map((a) => a.textContent);
    expect(amounts).toEqual(['-115.48', '+100,000.00']);
  });
});
