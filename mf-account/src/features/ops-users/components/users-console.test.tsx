import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import OpsUsersPage from '../../../app/pages/ops-users-page';
import { mockServer, ok, opsSignIn, renderPage, resetApp, toastTexts } from '../../../testing/ops-test-utils';

const row = {
  id: 5,
  uid: '12345678',
  email: 'alice@example.com',
  invite_code: 'ABCD2345',
  is_demo: 0,
  is_bot: 0,
  frozen: false,
  created_at: Date.UTC(2026, 0, 2),
};
const detail = (frozen = false) =>
  ok({
    user: {
      ...row,
      frozen,
      balance: '1234.50',
      lock_balance: '100.00',
      credit_score: 100,
      frozen_reason: frozen ? 'Chargeback' : null,
      frozen_at: frozen ? Date.UTC(2026, 5, 1) : null,
      kyc_status: 2,
    },
    open_orders: [
      {
        id: 9,
        code: 'EURUSD',
        side: 1,
        status: 1,
        lots: '0.10',
        open_price: '1.08500',
        target_price: null,
        created_at: Date.UTC(2026, 5, 1),
      },
    ],
    ledger: [
      {
        id: 3,
        amount: '-12.00',
        balance_after: '1234.50',
        account: 'balance',
        kind: 'trade_fee',
        label: 'Trading fee for order 9',
        memo: null,
        created_at: Date.UTC(2026, 5, 1),
      },
    ],
    sessions: [{ id: 1, created_at: Date.UTC(2026, 5, 1), expires_at: Date.UTC(2026, 6, 1), ip: '10.0.0.1' }],
  });

beforeEach(() => {
  resetApp();
});

describe('/ops/users', () => {
  it('searches and lists matches; a row opens the user', async () => {
    opsSignIn(['support']);
    const s = mockServer({ 'GET /api/ops/users/search': ok([row]) });
    const { nav } = renderPage(<OpsUsersPage />, { path: '/ops/users', query: 'q=alice' });
    const results = await screen.findByTestId('users-results');
    expect(s.find('/api/ops/users/search')[0]?.query.get('q')).toBe('alice');
    fireEvent.click(within(results).getByText('alice@example.com'));
    expect(nav.navigate).toHaveBeenCalledWith('/ops/users?uid=12345678');
  });

  it('the user page shows the figures, orders, sessions and ledger; support may sign out everywhere but not freeze', async () => {
    opsSignIn(['support']);
    const s = mockServer({
      'GET /api/ops/users/detail': detail(),
      'POST /api/ops/users/sign_out_all': ok({ revoked: 1 }, 'Signed out of 1 session(s).'),
    });
    renderPage(<OpsUsersPage />, { path: '/ops/users', query: 'uid=12345678' });
    expect(await screen.findByTestId('user-balance')).toHaveTextContent('1,234.50 USD');
    expect(screen.getByText('EURUSD')).toBeInTheDocument();
    // The movement in the reader's language, as the server names it (the kind stays at hand as the cell's title).
    expect(screen.getByTestId('user-ledger')).toHaveTextContent('Trading fee for order 9');
    expect(screen.getByTitle('trade_fee')).toBeInTheDocument();
    expect(screen.getByTestId('user-sessions')).toHaveTextContent('10.0.0.1');
    expect(screen.queryByTestId('user-freeze')).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-sign-out-all'));
    });
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('dialog', {}, { timeout: 4000 })).getByRole('button', {
          name: 'Sign out everywhere',
        }),
      );
    });
    await waitFor(() => expect(s.find('/api/ops/users/sign_out_all')[0]?.body).toEqual({ uid: '12345678' }));
    expect(toastTexts()).toContain('Signed out of 1 session(s).');
  });

  it('compliance freezes with a reason the trader will see, and unfreezes', async () => {
    opsSignIn(['compliance']);
    let frozen = false;
    const s = mockServer({
      'GET /api/ops/users/detail': () => detail(frozen),
      'POST /api/ops/users/freeze': () => {
        frozen = true;
        return ok({ uid: row.uid, frozen: true }, 'The account is frozen.');
      },
      'POST /api/ops/users/unfreeze': () => {
        frozen = false;
        return ok({ uid: row.uid, frozen: false }, 'The account is unfrozen.');
      },
    });
    renderPage(<OpsUsersPage />, { path: '/ops/users', query: 'uid=12345678' });
    fireEvent.click(await screen.findByTestId('user-freeze'));
    fireEvent.click(await screen.findByTestId('user-freeze-confirm'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please give the reason.');
    fireEvent.change(screen.getByTestId('user-freeze-reason'), { target: { value: 'Chargeback' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-freeze-confirm'));
    });
    await waitFor(() =>
      expect(s.find('/api/ops/users/freeze')[0]?.body).toEqual({ uid: '12345678', reason: 'Chargeback' }),
    );
    expect(await screen.findByTestId('user-frozen')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-unfreeze'));
    });
    await act(async () => {
      fireEvent.click(
        within(await screen.findByRole('dialog', {}, { timeout: 4000 })).getByRole('button', {
          name: 'Unfreeze',
        }),
      );
    });
    await waitFor(() => expect(s.find('/api/ops/users/unfreeze')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('user-frozen')).not.toBeInTheDocument());
  });
});
